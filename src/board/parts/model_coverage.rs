//! What the simulator models and what it leaves out, from the core's [`coverage`]: the list a
//! reader needs before trusting a figure, folded away under the plots until asked for.

use shardlab_core::sim::coverage::coverage;
use yew::prelude::*;

/// The coverage, as two lists and the price table's source.
pub fn model_coverage() -> Html {
    let covered = coverage();
    let item = |topic: &str, text: &str| {
        html! { <li><strong>{ topic.to_owned() }</strong>{ format!(": {text}.") }</li> }
    };
    html! {
        <section class="panel board-coverage" aria-labelledby="board-coverage-title">
            <details>
                <summary><h2 id="board-coverage-title">{ "What the model covers, and what it leaves out" }</h2></summary>
                <h3>{ "Modelled" }</h3>
                <ul>{ for covered.modelled.iter().map(|m| item(m.topic, m.how)) }</ul>
                <h3>{ "Left out" }</h3>
                <ul>{ for covered.left_out.iter().map(|l| item(l.topic, l.effect)) }</ul>
                <p class="muted">{ format!("Prices: {}, as of {}.", covered.prices_source, covered.prices_as_of) }</p>
            </details>
        </section>
    }
}
