//! "A pile of IDs": the batch widget's state machine, pure and tested natively. The widget
//! ([`parts::batch`](crate::decoder::parts::batch)) holds it locally and runs the core's jobs
//! ([`batch_jobs`](crate::decoder::batch_jobs)), which report back here by run number.
//!
//! A run goes idle → running (its progress) → done, refused or cancelled. Every new text (typed,
//! pasted, read from a file, or read again by Decode), new column choice or Cancel starts a new
//! run number, so whatever an older run still sends
//! is dropped: the one cancel rule, the same as the jobs' ticket. The CSV export is a run of its
//! own beside it.
//!
//! A pile too long for the text box ([`BatchSize::fits_box`]) is [`Held`]: the page keeps its text
//! and reads it from there, and the box stays empty, since a browser takes seconds to lay out
//! 100,000 lines in a box. Typing or pasting in the box, or Clear, lets it go.
//!
//! A paste or a drop too long for the box is first copied into the page in slices
//! ([`Phase::Copying`], a run of its own), so the reader sees it taken at once (copying 2 MB in
//! one task was 280 ms at 4× CPU slow-down). The copy's outcome counts only while the widget
//! still waits for that copy.

use std::rc::Rc;

use shardlab_core::id_batch::{BatchReport, BatchSize, IdSource};
use shardlab_core::stepped::Progress;
use yew::Reducible;

/// Where on each line the ID is, as the reader chose it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Mode {
    /// One ID per line.
    #[default]
    Lines,
    /// A CSV column, by name or number.
    Column,
}

/// Where a run stands.
#[derive(Clone, Debug, PartialEq, Default)]
pub enum Phase {
    /// Nothing asked for yet.
    #[default]
    Idle,
    /// A long paste or drop is being copied into the page.
    Copying {
        /// Its length in UTF-16 units (about its characters).
        units: u32,
        /// Which copy: only its outcome counts.
        copy: u64,
    },
    /// Reading; how far, once the first slice has run.
    Running(Option<Progress>),
    /// Read to the end.
    Done(Rc<BatchReport>),
    /// No batch at all: over a limit, no IDs, no such column. The message names which.
    Refused(String),
    /// Stopped by the reader; how far it had got.
    Cancelled(Option<Progress>),
}

/// Where the CSV export stands.
#[derive(Clone, Copy, Debug, PartialEq, Default)]
pub enum Export {
    /// Not writing.
    #[default]
    Idle,
    /// Writing the rows; how far, once the first slice has run.
    Writing(Option<Progress>),
}

/// A pile the page holds instead of the box.
#[derive(Clone, Debug, PartialEq)]
pub struct Held {
    /// Its text.
    pub text: Rc<str>,
    /// Its size, as the core counts it.
    pub size: BatchSize,
    /// The file it was read from; `None` for a paste or a drop.
    pub file: Option<String>,
}

/// The widget's state.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct BatchState {
    /// The text of the last run (what the box held when it was last read within the limits).
    pub text: Rc<str>,
    /// One ID per line or a CSV column.
    pub mode: Mode,
    /// The column as typed: a name, or a number from 1.
    pub column: String,
    /// Whether a text read by column number has a header line.
    pub header: bool,
    /// Where the run stands.
    pub phase: Phase,
    /// The run's number: what the job reporting back must name.
    pub run: u64,
    /// Where the export stands.
    pub export: Export,
    /// The export's number.
    pub export_run: u64,
    /// The pile held instead of the box, if one is.
    pub held: Option<Held>,
    /// How many piles have been held: the widget empties the box when it changes.
    pub held_serial: u64,
}

/// What the reader and the jobs can do.
#[derive(Clone, Debug, PartialEq)]
pub enum BatchAction {
    /// New text in the box (typed, pasted or read from a file): read it.
    Paste(Rc<str>),
    /// A text or file refused before it was read (over the byte limit): the message.
    Refuse(String),
    /// A pile too long for the box: hold it and read it.
    Hold(Held),
    /// A paste or drop too long for the box is being copied in.
    Receive {
        /// Its length in UTF-16 units.
        units: u32,
        /// Which copy.
        copy: u64,
    },
    /// The copy's outcome: the pile to hold, or why it is refused.
    Received {
        /// Which copy it is.
        copy: u64,
        /// The pile, or the refusal's message.
        pile: Result<Held, String>,
    },
    /// Read the held pile again (Decode while one is held).
    ReadHeld,
    /// Let go of the held pile: nothing is read.
    Clear,
    /// One ID per line, or a column.
    PickMode(Mode),
    /// The column typed.
    SetColumn(String),
    /// The header box ticked or not.
    SetHeader(bool),
    /// Stop the run.
    Cancel,
    /// A run's progress.
    Progressed {
        /// The run it is from.
        run: u64,
        /// How far it has got.
        progress: Progress,
    },
    /// A run's report.
    Finished {
        /// The run it is from.
        run: u64,
        /// The report.
        report: Rc<BatchReport>,
    },
    /// A run refused the text: the core's message.
    Failed {
        /// The run it is from.
        run: u64,
        /// Why.
        message: String,
    },
    /// Write the decoded rows as CSV.
    Export,
    /// The export's progress.
    ExportProgressed {
        /// The export it is from.
        run: u64,
        /// How far it has got.
        progress: Progress,
    },
    /// The export is written (and offered as a download).
    Exported {
        /// The export it is from.
        run: u64,
    },
}

impl BatchState {
    /// Where the reader says the IDs are.
    pub fn source(&self) -> IdSource {
        match self.mode {
            Mode::Lines => IdSource::Lines,
            Mode::Column => IdSource::column(&self.column, self.header),
        }
    }

    /// Whether the text should be read now: while a run is going, and once done (a new layout
    /// reads the same text again).
    pub fn wants_run(&self) -> bool {
        match self.phase {
            Phase::Running(_) | Phase::Done(_) => true,
            Phase::Idle | Phase::Copying { .. } | Phase::Refused(_) | Phase::Cancelled(_) => false,
        }
    }

    /// Whether the export is being written.
    pub fn exporting(&self) -> bool {
        match self.export {
            Export::Writing(_) => true,
            Export::Idle => false,
        }
    }

    /// Starts a new run of the text (stopping any run and export in flight).
    fn start(&mut self) {
        self.run = self.run.wrapping_add(1);
        self.phase = Phase::Running(None);
        self.stop_export();
    }

    /// Holds `held` instead of the box and reads it.
    fn hold(&mut self, held: Held) {
        self.text = Rc::clone(&held.text);
        self.held = Some(held);
        self.held_serial = self.held_serial.wrapping_add(1);
        self.start();
    }

    /// Refuses a text before it is read: the message says why.
    fn refuse(&mut self, message: String) {
        self.text = Rc::from("");
        self.run = self.run.wrapping_add(1);
        self.phase = Phase::Refused(message);
        self.stop_export();
    }

    fn stop_export(&mut self) {
        if self.exporting() {
            self.export_run = self.export_run.wrapping_add(1);
            self.export = Export::Idle;
        }
    }

    /// Reads the text again with a new choice of column, if it had been read; a pile still being
    /// copied in is read with the new choice once it is in.
    fn restart(&mut self) {
        if !self.text.trim().is_empty() && !matches!(self.phase, Phase::Copying { .. }) {
            self.start();
        }
    }

    fn apply(&mut self, action: BatchAction) {
        match action {
            BatchAction::Paste(text) => {
                self.held = None;
                self.text = text;
                self.start();
            }
            BatchAction::Hold(held) => self.hold(held),
            BatchAction::Receive { units, copy } => {
                self.run = self.run.wrapping_add(1);
                self.phase = Phase::Copying { units, copy };
                self.stop_export();
            }
            BatchAction::Received { copy, pile } => {
                if matches!(self.phase, Phase::Copying { copy: waited, .. } if waited == copy) {
                    match pile {
                        Ok(held) => self.hold(held),
                        Err(message) => self.refuse(message),
                    }
                }
            }
            BatchAction::ReadHeld => {
                if let Some(held) = &self.held {
                    self.text = Rc::clone(&held.text);
                    self.start();
                }
            }
            BatchAction::Clear => {
                self.held = None;
                self.text = Rc::from("");
                self.run = self.run.wrapping_add(1);
                self.phase = Phase::Idle;
                self.stop_export();
            }
            BatchAction::Refuse(message) => self.refuse(message),
            BatchAction::PickMode(mode) => {
                if mode != self.mode {
                    self.mode = mode;
                    self.restart();
                }
            }
            BatchAction::SetColumn(column) => {
                self.column = column;
                if self.mode == Mode::Column {
                    self.restart();
                }
            }
            BatchAction::SetHeader(header) => {
                self.header = header;
                if self.mode == Mode::Column {
                    self.restart();
                }
            }
            BatchAction::Cancel => {
                if let Phase::Running(progress) = self.phase {
                    self.phase = Phase::Cancelled(progress);
                    self.run = self.run.wrapping_add(1);
                }
            }
            BatchAction::Progressed { run, progress } => {
                if run == self.run && self.wants_run() {
                    self.phase = Phase::Running(Some(progress));
                }
            }
            BatchAction::Finished { run, report } => {
                if run == self.run && self.wants_run() {
                    self.phase = Phase::Done(report);
                }
            }
            BatchAction::Failed { run, message } => {
                if run == self.run && self.wants_run() {
                    self.phase = Phase::Refused(message);
                }
            }
            BatchAction::Export => {
                if matches!(self.phase, Phase::Done(_)) && !self.exporting() {
                    self.export_run = self.export_run.wrapping_add(1);
                    self.export = Export::Writing(None);
                }
            }
            BatchAction::ExportProgressed { run, progress } => {
                if run == self.export_run && self.exporting() {
                    self.export = Export::Writing(Some(progress));
                }
            }
            BatchAction::Exported { run } => {
                if run == self.export_run {
                    self.export = Export::Idle;
                }
            }
        }
    }
}

impl Reducible for BatchState {
    type Action = BatchAction;

    fn reduce(self: Rc<Self>, action: BatchAction) -> Rc<Self> {
        crate::reducer::changed(self, |next| next.apply(action))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use shardlab_core::id_batch::{analyse, BatchLayout};
    use shardlab_core::layout::BitLayout;

    fn reduce(state: BatchState, action: BatchAction) -> BatchState {
        (*Rc::new(state).reduce(action)).clone()
    }

    fn report() -> Rc<BatchReport> {
        let layout = BatchLayout::Bits(BitLayout::preset("snowflake").unwrap());
        Rc::new(analyse("1541815603606036480\n", &layout, &IdSource::Lines).unwrap())
    }

    fn at(done: u64) -> Progress {
        Progress { done, total: 10 }
    }

    #[test]
    fn a_paste_runs_to_done_through_its_progress() {
        let state = reduce(BatchState::default(), BatchAction::Paste(Rc::from("1\n2")));
        assert_eq!(state.phase, Phase::Running(None));
        let run = state.run;
        assert!(state.wants_run());
        let state = reduce(
            state,
            BatchAction::Progressed {
                run,
                progress: at(4),
            },
        );
        assert_eq!(state.phase, Phase::Running(Some(at(4))));
        let state = reduce(
            state,
            BatchAction::Finished {
                run,
                report: report(),
            },
        );
        assert_eq!(state.phase, Phase::Done(report()));
    }

    #[test]
    fn a_new_paste_drops_what_the_old_run_still_sends() {
        let first = reduce(BatchState::default(), BatchAction::Paste(Rc::from("1")));
        let old = first.run;
        let second = reduce(first, BatchAction::Paste(Rc::from("2")));
        assert_ne!(second.run, old);
        let late = reduce(
            second.clone(),
            BatchAction::Finished {
                run: old,
                report: report(),
            },
        );
        assert_eq!(late, second);
        let late = reduce(
            second.clone(),
            BatchAction::Progressed {
                run: old,
                progress: at(9),
            },
        );
        assert_eq!(late.phase, Phase::Running(None));
    }

    #[test]
    fn cancel_stops_a_run_where_it_was_and_decode_starts_again() {
        let state = reduce(BatchState::default(), BatchAction::Paste(Rc::from("1")));
        let run = state.run;
        let state = reduce(
            state,
            BatchAction::Progressed {
                run,
                progress: at(3),
            },
        );
        let state = reduce(state, BatchAction::Cancel);
        assert_eq!(state.phase, Phase::Cancelled(Some(at(3))));
        assert!(!state.wants_run());
        // The cancelled run's report, arriving late, is dropped.
        let late = reduce(
            state.clone(),
            BatchAction::Finished {
                run,
                report: report(),
            },
        );
        assert_eq!(late.phase, Phase::Cancelled(Some(at(3))));
        // Cancel does nothing once nothing runs.
        assert_eq!(reduce(late.clone(), BatchAction::Cancel), late);
        // Decode reads the box again.
        let again = reduce(late, BatchAction::Paste(Rc::from("1")));
        assert_eq!(again.phase, Phase::Running(None));
        assert_eq!(&*again.text, "1");
    }

    #[test]
    fn a_refusal_names_its_limit_and_nothing_is_read_again() {
        let state = reduce(BatchState::default(), BatchAction::Paste(Rc::from("1")));
        let run = state.run;
        let state = reduce(
            state,
            BatchAction::Refuse("a batch is at most 8 MiB".into()),
        );
        assert_eq!(
            state.phase,
            Phase::Refused("a batch is at most 8 MiB".into())
        );
        assert!(state.text.is_empty());
        assert!(!state.wants_run());
        assert_ne!(state.run, run);
        // A run's own refusal (no IDs, no such column).
        let state = reduce(state, BatchAction::Paste(Rc::from("")));
        let run = state.run;
        let state = reduce(
            state,
            BatchAction::Failed {
                run,
                message: "there are no IDs".into(),
            },
        );
        assert_eq!(state.phase, Phase::Refused("there are no IDs".into()));
    }

    #[test]
    fn the_column_choice_reads_the_text_again_and_names_the_source() {
        let state = reduce(BatchState::default(), BatchAction::SetColumn("2".into()));
        // Nothing to read yet, and lines mode ignores the column.
        assert_eq!(state.phase, Phase::Idle);
        assert_eq!(state.source(), IdSource::Lines);
        let state = reduce(state, BatchAction::Paste(Rc::from("a,1")));
        let run = state.run;
        let state = reduce(state, BatchAction::PickMode(Mode::Column));
        assert_ne!(state.run, run);
        assert_eq!(
            state.source(),
            IdSource::ColumnAt {
                position: 2,
                header: false
            }
        );
        let state = reduce(state, BatchAction::SetHeader(true));
        assert_eq!(
            state.source(),
            IdSource::ColumnAt {
                position: 2,
                header: true
            }
        );
        let state = reduce(state, BatchAction::SetColumn("user id".into()));
        assert_eq!(state.source(), IdSource::ColumnNamed("user id".into()));
        assert_eq!(state.phase, Phase::Running(None));
    }

    #[test]
    fn an_export_runs_only_from_a_done_report_and_a_new_paste_stops_it() {
        let state = reduce(BatchState::default(), BatchAction::Export);
        assert_eq!(state.export, Export::Idle);
        let state = reduce(state, BatchAction::Paste(Rc::from("1")));
        let run = state.run;
        let state = reduce(
            state,
            BatchAction::Finished {
                run,
                report: report(),
            },
        );
        let state = reduce(state, BatchAction::Export);
        assert_eq!(state.export, Export::Writing(None));
        let export = state.export_run;
        let state = reduce(
            state,
            BatchAction::ExportProgressed {
                run: export,
                progress: at(5),
            },
        );
        assert_eq!(state.export, Export::Writing(Some(at(5))));
        let done = reduce(state.clone(), BatchAction::Exported { run: export });
        assert_eq!(done.export, Export::Idle);
        let stopped = reduce(state, BatchAction::Paste(Rc::from("2")));
        assert_eq!(stopped.export, Export::Idle);
        assert_ne!(stopped.export_run, export);
    }

    fn held(text: &str) -> Held {
        Held {
            text: Rc::from(text),
            size: shardlab_core::id_batch::batch_size(text, &IdSource::Lines).unwrap(),
            file: None,
        }
    }

    #[test]
    fn a_pile_copied_in_is_held_or_refused_by_its_own_run_only() {
        let receive = BatchAction::Receive { units: 2_000_000, copy: 7 };
        let copying = reduce(BatchState::default(), receive);
        let waiting = Phase::Copying { units: 2_000_000, copy: 7 };
        assert_eq!(copying.phase, waiting);
        assert!(!copying.wants_run());
        let run = copying.run;
        // A column choice while it copies waits for the pile instead of dropping it.
        let copying = reduce(copying, BatchAction::PickMode(Mode::Column));
        assert_eq!((copying.run, copying.phase.clone()), (run, waiting));
        let copying = reduce(copying, BatchAction::PickMode(Mode::Lines));
        let held_pile = held("1\n2");
        let state = reduce(
            copying.clone(),
            BatchAction::Received { copy: 7, pile: Ok(held_pile.clone()) },
        );
        assert_eq!(state.held.as_ref(), Some(&held_pile));
        assert_eq!(state.held_serial, copying.held_serial + 1);
        assert_eq!(state.phase, Phase::Running(None));
        let refused = reduce(
            copying.clone(),
            BatchAction::Received { copy: 7, pile: Err("too many lines".into()) },
        );
        assert_eq!(refused.phase, Phase::Refused("too many lines".into()));
        assert_eq!(refused.held, None);
        // Another copy's outcome, or one that comes after the reader typed over it, is dropped.
        let other = BatchAction::Received { copy: 6, pile: Ok(held_pile.clone()) };
        assert_eq!(reduce(copying.clone(), other), copying);
        let typed = reduce(copying, BatchAction::Paste(Rc::from("7")));
        let late = BatchAction::Received { copy: 7, pile: Ok(held_pile) };
        assert_eq!(reduce(typed.clone(), late), typed);
    }

    #[test]
    fn a_held_pile_is_read_again_by_decode_and_let_go_by_the_box_or_clear() {
        let state = reduce(BatchState::default(), BatchAction::Hold(held("1\n2")));
        assert_eq!(state.phase, Phase::Running(None));
        assert_eq!(&*state.text, "1\n2");
        let run = state.run;
        // A refused paste keeps the held pile, and Decode reads it again.
        let state = reduce(state, BatchAction::Refuse("over".into()));
        assert!(state.held.is_some());
        let state = reduce(state, BatchAction::ReadHeld);
        assert_eq!(state.phase, Phase::Running(None));
        assert_eq!(&*state.text, "1\n2");
        assert_ne!(state.run, run);
        // Clear lets it go and stops the run; Decode then has nothing held to read.
        let cleared = reduce(state.clone(), BatchAction::Clear);
        assert_eq!((cleared.held.clone(), cleared.phase.clone()), (None, Phase::Idle));
        assert!(cleared.text.is_empty());
        assert_ne!(cleared.run, state.run);
        assert_eq!(reduce(cleared.clone(), BatchAction::ReadHeld), cleared);
        // What the box says replaces it.
        let typed = reduce(state, BatchAction::Paste(Rc::from("3")));
        assert_eq!(typed.held, None);
        assert_eq!(&*typed.text, "3");
    }
}
