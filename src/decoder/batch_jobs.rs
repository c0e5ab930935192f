//! The pile of IDs widget's two sliced jobs, through the app's one runner
//! ([`use_stepped_job`]): the core's [`BatchRun`] over the text (whenever a new run starts, or the
//! layout changes under a done one) and the [`CsvExport`] of its rows. Each reports back to the
//! widget's reducer by its run number, which the reducer checks, and each stops when a newer run
//! replaces it or the widget goes.

use shardlab_core::id_batch::{BatchLayout, BatchRows, BatchRun};
use shardlab_core::layout::BitLayout;
use yew::prelude::*;

use super::batch_csv::CsvExport;
use super::state::batch::{BatchAction, BatchState};
use crate::files::download::download_text;
use crate::jobs::hook::use_stepped_job;
use crate::jobs::slicer;

/// How long a new text waits before it is read, in milliseconds: typing in the box restarts the
/// wait rather than a run at every key.
const TYPING_WAIT_MS: u32 = 150;

/// The file name of the export.
const EXPORT_NAME: &str = "shardlab-ids.csv";

/// Runs the batch and its export for `state` under `layout`.
#[hook]
pub fn use_batch_jobs(state: &UseReducerHandle<BatchState>, layout: &BitLayout) {
    let dispatch = state.dispatcher();
    let (text, source, run) = (state.text.clone(), state.source(), state.run);
    let wants = state.wants_run();
    let batch = BatchLayout::Bits(layout.clone());
    let rows_layout = batch.clone();
    use_stepped_job(
        (run, layout.clone(), wants),
        TYPING_WAIT_MS,
        move |ticket| {
            if !wants {
                return;
            }
            match BatchRun::new(&text, &batch, &source) {
                Err(error) => dispatch.dispatch(BatchAction::Failed {
                    run,
                    message: error.to_string(),
                }),
                Ok(job) => {
                    let done = dispatch.clone();
                    slicer::run(
                        job,
                        ticket,
                        move |_: &BatchRun, progress| {
                            dispatch.dispatch(BatchAction::Progressed { run, progress })
                        },
                        move |report| {
                            done.dispatch(BatchAction::Finished {
                                run,
                                report: report.into(),
                            })
                        },
                    );
                }
            }
        },
    );
    let dispatch = state.dispatcher();
    let (text, source, run) = (state.text.clone(), state.source(), state.export_run);
    let writing = state.exporting();
    use_stepped_job((run, writing), 0, move |ticket| {
        if !writing {
            return;
        }
        // The same text and choice the report was made from, so this cannot be refused; if it
        // were, the export simply ends.
        let Ok(rows) = BatchRows::new(&text, &rows_layout, &source) else {
            dispatch.dispatch(BatchAction::Exported { run });
            return;
        };
        let done = dispatch.clone();
        slicer::run(
            CsvExport::new(rows),
            ticket,
            move |_: &CsvExport, progress| {
                dispatch.dispatch(BatchAction::ExportProgressed { run, progress })
            },
            move |csv| {
                download_text(EXPORT_NAME, "text/csv", &csv);
                done.dispatch(BatchAction::Exported { run });
            },
        );
    });
}
