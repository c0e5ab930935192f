//! Where Learn's "Try it" sheet may sit on a phone. There the tasks are a sheet stuck to the
//! bottom of the screen over the widget's frame (`stage`), and the widget's main control (the
//! element its view marks `data-main-control`, such as the Ring's "Add a server") must never be
//! under it: while the control is on screen and the open sheet would cover any of it, the sheet
//! ducks to its one-line head. Never while the reader types in the sheet: hiding the field would
//! drop a phone's keyboard. Pure, in CSS pixels of the chapter's viewport, tested natively.

/// The attribute a view puts on its main control.
pub const MAIN_CONTROL: &str = "data-main-control";

/// A vertical span on screen, top and bottom in CSS pixels from the viewport's top.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Span {
    /// Its top.
    pub top: f64,
    /// Its bottom.
    pub bottom: f64,
}

/// Where the open sheet's top is: stuck to the screen's bottom (`viewport_h - open_height`), or
/// higher when it rests in its place under the widget (`in_flow_top`), as a sticky box does.
pub fn open_sheet_top(in_flow_top: f64, open_height: f64, viewport_h: f64) -> f64 {
    in_flow_top.min(viewport_h - open_height)
}

/// Whether the sheet ducks to its head: the main control is on screen and the open sheet, whose
/// top is `sheet_top`, would cover some of it, and the reader is not `typing` in the sheet. No
/// control, or nonsense numbers, never duck.
pub fn sheet_ducks(control: Option<Span>, sheet_top: f64, viewport_h: f64, typing: bool) -> bool {
    let Some(control) = control.filter(|_| !typing) else {
        return false;
    };
    let numbers = [control.top, control.bottom, sheet_top, viewport_h];
    if numbers.iter().any(|n| !n.is_finite()) {
        return false;
    }
    let on_screen = control.bottom > 0.0 && control.top < viewport_h;
    on_screen && control.bottom > sheet_top
}

#[cfg(test)]
mod tests {
    use super::*;

    const PHONE_H: f64 = 844.0;

    fn ducks(control: Option<Span>, sheet_top: f64, viewport_h: f64) -> bool {
        sheet_ducks(control, sheet_top, viewport_h, false)
    }

    fn button(top: f64) -> Option<Span> {
        Some(Span {
            top,
            bottom: top + 42.0,
        })
    }

    #[test]
    fn the_sheet_ducks_while_it_would_cover_the_main_control() {
        // A 310 px sheet stuck to the bottom of an 844 px screen: its top at 534.
        let top = open_sheet_top(2_000.0, 310.0, PHONE_H);
        assert_eq!(top, 534.0);
        // The button above it: stays open; under it, or cut by its top edge: ducks.
        assert!(!ducks(button(400.0), top, PHONE_H));
        assert!(!ducks(button(492.0), top, PHONE_H));
        assert!(ducks(button(493.0), top, PHONE_H));
        assert!(ducks(button(620.0), top, PHONE_H));
        assert!(ducks(button(830.0), top, PHONE_H));
        // Off screen, above or below: the sheet stays open for the tasks.
        assert!(!ducks(button(-60.0), top, PHONE_H));
        assert!(!ducks(button(PHONE_H), top, PHONE_H));
        // No main control, or numbers that mean nothing: open.
        assert!(!ducks(None, top, PHONE_H));
        assert!(!ducks(button(f64::NAN), top, PHONE_H));
        assert!(!ducks(button(600.0), f64::NAN, PHONE_H));
        // The reader typing in the sheet keeps it open, whatever it covers.
        assert!(!sheet_ducks(button(620.0), top, PHONE_H, true));
    }

    #[test]
    fn a_sheet_resting_under_its_widget_is_below_the_control() {
        // The widget's end is on screen: the sheet sits in its place, under the frame, and a
        // button above that place is clear even though the stuck sheet would cover it.
        let top = open_sheet_top(700.0, 310.0, PHONE_H);
        assert_eq!(top, 534.0);
        let resting = open_sheet_top(300.0, 310.0, PHONE_H);
        assert_eq!(resting, 300.0);
        assert!(!ducks(button(200.0), resting, PHONE_H));
        assert!(ducks(button(280.0), resting, PHONE_H));
    }
}
