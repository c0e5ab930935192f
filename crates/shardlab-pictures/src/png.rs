//! The PNG of a picture, for link cards (`og:image`): the SVG rasterized natively by `resvg` at
//! twice its size.
//!
//! SVG text needs a font the rasterizer can read. The pictures name DejaVu Sans, which Debian's
//! `fonts-dejavu-core` installs in [`FONT_DIR`]; it is loaded from there by file, with no system
//! font search, so the PNG is the same on every machine that has that package (`cargo xtask dist`
//! installs it when it is missing).

use std::path::Path;
use std::sync::Arc;

use resvg::tiny_skia::{Pixmap, Transform};
use resvg::usvg::{Options, Tree};

/// Where `fonts-dejavu-core` puts its fonts.
pub const FONT_DIR: &str = "/usr/share/fonts/truetype/dejavu";
/// The font files loaded: the regular and the bold face.
pub const FONT_FILES: [&str; 2] = ["DejaVuSans.ttf", "DejaVuSans-Bold.ttf"];
/// The family the pictures name.
const FAMILY: &str = "DejaVu Sans";
/// Pixels per CSS pixel in the PNG: sharp on a card at twice the density.
pub const SCALE: f32 = 2.0;

/// The rasterizer's options with the pictures' font loaded from `font_dir`.
pub fn options(font_dir: &Path) -> Result<Options<'static>, String> {
    let mut options = Options {
        font_family: FAMILY.to_owned(),
        ..Options::default()
    };
    let fonts = Arc::make_mut(&mut options.fontdb);
    for file in FONT_FILES {
        let path = font_dir.join(file);
        let bytes = std::fs::read(&path).map_err(|e| {
            format!(
                "{}: {e} (the pictures' font; Debian's fonts-dejavu-core installs it)",
                path.display()
            )
        })?;
        fonts.load_font_data(bytes);
    }
    fonts.set_sans_serif_family(FAMILY);
    Ok(options)
}

/// `svg` as PNG bytes at [`SCALE`].
pub fn rasterize(svg: &str, options: &Options<'_>) -> Result<Vec<u8>, String> {
    let tree = Tree::from_str(svg, options).map_err(|e| format!("the SVG does not parse: {e}"))?;
    let size = tree
        .size()
        .to_int_size()
        .scale_by(SCALE)
        .ok_or("the picture has no size")?;
    let mut pixmap =
        Pixmap::new(size.width(), size.height()).ok_or("the picture is too large to draw")?;
    resvg::render(
        &tree,
        Transform::from_scale(SCALE, SCALE),
        &mut pixmap.as_mut(),
    );
    pixmap.encode_png().map_err(|e| e.to_string())
}
