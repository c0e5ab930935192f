//! One plotters back end that is either the page's canvas or the SVG export.
//!
//! Why: plotters' drawing code is generic over the back end, and plotters' chart code (axes, labels,
//! series, text layout) is compiled again for each back end it is drawn on. Drawing every chart
//! through this one type compiles that code once per chart type instead of twice; only the few
//! forwarding calls below exist for both back ends. On the board page this saves several kB.

use std::error::Error;
use std::fmt;

use plotters::prelude::{DrawingBackend, SVGBackend};
use plotters_backend::{
    BackendColor, BackendCoord, BackendStyle, BackendTextStyle, DrawingErrorKind,
};
use plotters_canvas::CanvasBackend;

/// A canvas on the page, or an SVG document being written into a string.
pub enum ChartBackend<'a> {
    /// The on-screen canvas (and the PNG export's canvas).
    Canvas(CanvasBackend),
    /// The SVG export.
    Svg(SVGBackend<'a>),
}

/// A back end's failure, reduced to which back end failed: formatting the back ends' own errors
/// would pull `std::io::Error`'s messages into the page for a case the reader cannot act on.
#[derive(Debug)]
pub struct BackendFailure(&'static str);

impl fmt::Display for BackendFailure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.0)
    }
}

impl Error for BackendFailure {}

/// Turns a plotters error into the message shown under a chart. Its `Display`, not `Debug`:
/// the errors come through [`ChartBackend`], whose own error is one fixed sentence, and derived
/// `Debug` output would cost the page size for nothing a reader can use.
pub fn fail<E: fmt::Display>(error: E) -> String {
    error.to_string()
}

/// Relabels a back end's error as a [`BackendFailure`]; a font error passes through.
fn relabel<E: Error + Send + Sync>(
    what: &'static str,
) -> impl Fn(DrawingErrorKind<E>) -> DrawingErrorKind<BackendFailure> {
    move |error| match error {
        DrawingErrorKind::DrawingError(_) => DrawingErrorKind::DrawingError(BackendFailure(what)),
        DrawingErrorKind::FontError(font) => DrawingErrorKind::FontError(font),
    }
}

const CANVAS: &str = "the canvas refused to draw";
const SVG: &str = "the SVG could not be written";

/// Calls the same method on whichever back end this is.
macro_rules! forward {
    ($self:ident, $b:ident => $call:expr) => {
        match $self {
            ChartBackend::Canvas($b) => $call.map_err(relabel(CANVAS)),
            ChartBackend::Svg($b) => $call.map_err(relabel(SVG)),
        }
    };
}

impl DrawingBackend for ChartBackend<'_> {
    type ErrorType = BackendFailure;

    fn get_size(&self) -> (u32, u32) {
        match self {
            ChartBackend::Canvas(b) => b.get_size(),
            ChartBackend::Svg(b) => b.get_size(),
        }
    }

    fn ensure_prepared(&mut self) -> Result<(), DrawingErrorKind<BackendFailure>> {
        forward!(self, b => b.ensure_prepared())
    }

    fn present(&mut self) -> Result<(), DrawingErrorKind<BackendFailure>> {
        forward!(self, b => b.present())
    }

    fn draw_pixel(
        &mut self,
        point: BackendCoord,
        color: BackendColor,
    ) -> Result<(), DrawingErrorKind<BackendFailure>> {
        forward!(self, b => b.draw_pixel(point, color))
    }

    fn draw_line<S: BackendStyle>(
        &mut self,
        from: BackendCoord,
        to: BackendCoord,
        style: &S,
    ) -> Result<(), DrawingErrorKind<BackendFailure>> {
        forward!(self, b => b.draw_line(from, to, style))
    }

    fn draw_rect<S: BackendStyle>(
        &mut self,
        upper_left: BackendCoord,
        bottom_right: BackendCoord,
        style: &S,
        fill: bool,
    ) -> Result<(), DrawingErrorKind<BackendFailure>> {
        forward!(self, b => b.draw_rect(upper_left, bottom_right, style, fill))
    }

    fn draw_path<S: BackendStyle, I: IntoIterator<Item = BackendCoord>>(
        &mut self,
        path: I,
        style: &S,
    ) -> Result<(), DrawingErrorKind<BackendFailure>> {
        forward!(self, b => b.draw_path(path, style))
    }

    fn draw_circle<S: BackendStyle>(
        &mut self,
        center: BackendCoord,
        radius: u32,
        style: &S,
        fill: bool,
    ) -> Result<(), DrawingErrorKind<BackendFailure>> {
        forward!(self, b => b.draw_circle(center, radius, style, fill))
    }

    fn fill_polygon<S: BackendStyle, I: IntoIterator<Item = BackendCoord>>(
        &mut self,
        vert: I,
        style: &S,
    ) -> Result<(), DrawingErrorKind<BackendFailure>> {
        forward!(self, b => b.fill_polygon(vert, style))
    }

    fn draw_text<TStyle: BackendTextStyle>(
        &mut self,
        text: &str,
        style: &TStyle,
        pos: BackendCoord,
    ) -> Result<(), DrawingErrorKind<BackendFailure>> {
        forward!(self, b => b.draw_text(text, style, pos))
    }

    fn estimate_text_size<TStyle: BackendTextStyle>(
        &self,
        text: &str,
        style: &TStyle,
    ) -> Result<(u32, u32), DrawingErrorKind<BackendFailure>> {
        forward!(self, b => b.estimate_text_size(text, style))
    }
}
