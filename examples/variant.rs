//! Reads a crazyhouse and a three-check FEN with `fenkit::variant` (built from fenkit's public
//! chess field combinators) and prints each position in shakmaty's canonical form, or its
//! diagnostics rendered by miette.
//!
//! Run it with `cargo run --example variant` (the built-in records), or with records of your
//! own: `cargo run --example variant -- zh '<FEN>' 3check '<FEN>'` (`--lenient` first accepts
//! dialects with warnings, `--validate` checks legality). `cargo test --example variant` runs
//! its tests.

use fenkit::variant::{Crazyhouse, ThreeCheck};
use fenkit::{Diagnostic, ParseOptions, Parsed, record_text};

/// Renders `diagnostics` of `record` as the command line does, without colour.
fn render(name: &str, record: &str, diagnostics: &[Diagnostic]) -> String {
    let handler =
        miette::GraphicalReportHandler::new_themed(miette::GraphicalTheme::unicode_nocolor())
            .with_width(80)
            .with_links(false)
            .with_urls(false);
    let text = record_text(record.as_bytes());
    let mut out = String::new();
    for diagnostic in diagnostics {
        let sourced = diagnostic.with_source(name, 1, &text);
        if handler.render_report(&mut out, &sourced).is_err() {
            out.push_str(diagnostic.message());
        }
    }
    out
}

/// The canonical text of a record, or its rendered diagnostics; whether it was valid.
fn report<T: std::fmt::Display>(name: &str, record: &str, parsed: Parsed<T>) -> (bool, String) {
    let rendered = render(name, record, &parsed.diagnostics);
    match parsed.value {
        Some(value) if parsed.is_valid() => (true, format!("{name}: {value}\n{rendered}")),
        _ => (false, rendered),
    }
}

/// Reads `record` as the variant `kind` names (`zh` or `3check`).
fn read(kind: &str, record: &str, options: &ParseOptions) -> (bool, String) {
    match kind {
        "zh" | "crazyhouse" => report(
            "crazyhouse",
            record,
            Crazyhouse::parse(record.as_bytes(), options),
        ),
        _ => report(
            "three-check",
            record,
            ThreeCheck::parse(record.as_bytes(), options),
        ),
    }
}

fn main() {
    let mut options = ParseOptions::strict();
    let mut arguments: Vec<String> = Vec::new();
    for argument in std::env::args().skip(1) {
        match argument.as_str() {
            "--lenient" => options = ParseOptions::lenient(),
            "--validate" => options = options.validated(),
            _ => arguments.push(argument),
        }
    }
    if arguments.is_empty() {
        arguments = [
            "zh",
            "r4rk1/p2bppbp/6p1/2qpP3/5P2/2NBPQPp/PPP4P/R1B3K1/NNNrp b - - 39 20",
            "3check",
            "r1b2rk1/ppp2p1p/4p1p1/4Bn2/1b2N3/3B4/PPP3PP/R2Q1R1K b - - 0 15 +1+0",
            "zh",
            "4k3/8/8/8/8/8/8/4K3[Qx w - - 0 1",
        ]
        .map(String::from)
        .to_vec();
    }
    let mut status = 0;
    for pair in arguments.chunks(2) {
        let [kind, record] = pair else {
            eprintln!("usage: variant [--lenient] [--validate] (zh|3check FEN)...");
            std::process::exit(2);
        };
        let (valid, text) = read(kind, record, &options);
        print!("{text}");
        if !valid {
            status = 1;
        }
    }
    // The built-in records include a bad one on purpose: only records of your own set the status.
    if std::env::args().len() > 1 {
        std::process::exit(status);
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

    use super::*;

    #[test]
    fn a_ninth_rank_pocket_is_written_in_brackets() {
        let (valid, text) = read(
            "zh",
            "r4rk1/p2bppbp/6p1/2qpP3/5P2/2NBPQPp/PPP4P/R1B3K1/NNNrp b - - 39 20",
            &ParseOptions::strict(),
        );
        assert!(valid);
        assert_eq!(
            text,
            "crazyhouse: r4rk1/p2bppbp/6p1/2qpP3/5P2/2NBPQPp/PPP4P/R1B3K1[NNNpr] b - - 39 20\n"
        );
    }

    #[test]
    fn checks_given_are_written_as_checks_remaining() {
        let (valid, text) = read(
            "3check",
            "r1b2rk1/ppp2p1p/4p1p1/4Bn2/1b2N3/3B4/PPP3PP/R2Q1R1K b - - 0 15 +1+0",
            &ParseOptions::strict(),
        );
        assert!(valid);
        assert_eq!(
            text,
            "three-check: r1b2rk1/ppp2p1p/4p1p1/4Bn2/1b2N3/3B4/PPP3PP/R2Q1R1K b - - 2+3 0 15\n"
        );
    }

    #[test]
    fn a_bad_pocket_is_rendered_by_miette() {
        let (valid, text) = read(
            "zh",
            "4k3/8/8/8/8/8/8/4K3[Qx w - - 0 1",
            &ParseOptions::strict(),
        );
        assert!(!valid);
        assert!(text.contains("fenkit::variant::unclosed_pocket"), "{text}");
        assert!(
            text.contains("fenkit::variant::invalid_pocket_piece"),
            "{text}"
        );
        assert!(text.contains("╰── not a piece"), "{text}");
    }

    #[test]
    fn legality_with_validate() {
        let options = ParseOptions::strict().validated();
        let (valid, text) = read("3check", "4k3/8/8/8/8/8/8/4K3 w - - 0+0 0 1", &options);
        assert!(!valid);
        assert!(text.contains("fenkit::variant::no_checks_left"), "{text}");
    }
}
