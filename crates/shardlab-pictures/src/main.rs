//! `shardlab-pictures --out DIR [--fonts DIR]`: draws every widget's and view's picture into
//! `DIR/w/<folder>/picture.svg` and `picture.png`, and lists them in `DIR/pictures.json`.
//! `cargo xtask dist` runs it on the release folder.

use std::path::PathBuf;
use std::process::ExitCode;

use shardlab_pictures::{draw, pictures_json, png, Subject};

fn main() -> ExitCode {
    match run() {
        Ok(count) => {
            println!("pictures: {count} drawn");
            ExitCode::SUCCESS
        }
        Err(message) => {
            eprintln!("shardlab-pictures: {message}");
            ExitCode::FAILURE
        }
    }
}

fn run() -> Result<usize, String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let value = |name: &str| {
        args.iter()
            .position(|a| a == name)
            .and_then(|i| args.get(i + 1))
            .cloned()
    };
    let out =
        PathBuf::from(value("--out").ok_or("usage: shardlab-pictures --out DIR [--fonts DIR]")?);
    let fonts = PathBuf::from(value("--fonts").unwrap_or_else(|| png::FONT_DIR.to_owned()));
    let options = png::options(&fonts)?;
    let pictures: Vec<_> = Subject::all().into_iter().map(draw).collect();
    for picture in &pictures {
        let folder = out.join("w").join(picture.subject.folder());
        std::fs::create_dir_all(&folder).map_err(|e| format!("{}: {e}", folder.display()))?;
        let svg_path = folder.join("picture.svg");
        std::fs::write(&svg_path, &picture.svg)
            .map_err(|e| format!("{}: {e}", svg_path.display()))?;
        let png_path = folder.join("picture.png");
        let bytes = png::rasterize(&picture.svg, &options)
            .map_err(|e| format!("{}: {e}", picture.subject.name()))?;
        std::fs::write(&png_path, bytes).map_err(|e| format!("{}: {e}", png_path.display()))?;
    }
    let list = out.join("pictures.json");
    std::fs::write(&list, pictures_json(&pictures))
        .map_err(|e| format!("{}: {e}", list.display()))?;
    Ok(pictures.len())
}
