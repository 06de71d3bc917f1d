//! Every diagnostic code has a long explanation (`fenkit explain CODE`), and its examples are
//! real: the wrong record is reported with the code, the right record with no diagnostic.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

use fenkit::codes::{CodeKind, Explanation};

/// The grammar fallbacks, which no record is known to reach, the codes reserved when their
/// rule moved to another code, and the command line's reading codes, which no parser reports
/// (cli/tests/suite/cli.rs triggers them): no wrong example.
fn is_fallback(code: &str) -> bool {
    code.ends_with("::syntax")
        || code == "fenkit::variant::field_separator"
        || code.starts_with("fenkit::input::")
        || code.starts_with("fenkit::grammar::")
}

#[test]
fn every_code_has_an_explanation() {
    let missing: Vec<&str> = fenkit::codes::all()
        .map(|info| info.code)
        .filter(|code| fenkit::codes::explain(code).is_none())
        .collect();
    assert!(
        missing.is_empty(),
        "{} codes have no explanation in src/explain/*.md (a `## <a id=\"CODE\"></a>`CODE`` \
         section with a `text wrong` and a `text right` block); add one for each of:\n{}",
        missing.len(),
        missing.join("\n")
    );
}

#[test]
fn every_section_of_the_files_is_read() {
    let codes: Vec<&str> = fenkit::codes::all().map(|info| info.code).collect();
    let explained: Vec<&Explanation> = codes
        .iter()
        .filter_map(|code| fenkit::codes::explain(code))
        .collect();
    // A section that does not follow the format, or names no code, would be silently lost.
    let sections: usize = [
        "input", "grammar", "fen", "epd", "feen", "pdn", "pgn", "variant",
    ]
    .iter()
    .map(|name| {
        let path = format!("{}/src/explain/{name}.md", env!("CARGO_MANIFEST_DIR"));
        std::fs::read_to_string(path)
            .unwrap()
            .matches("\n## ")
            .count()
    })
    .sum();
    assert_eq!(
        sections,
        explained.len(),
        "a section of src/explain/*.md is malformed or explains a code that does not exist"
    );
}

#[test]
fn every_wrong_example_is_reported_with_its_code() {
    let mut failures = Vec::new();
    for info in fenkit::codes::all() {
        let Some(explanation) = fenkit::codes::explain(info.code) else {
            continue;
        };
        match &explanation.wrong {
            Some(wrong) => {
                let found: Vec<&str> = wrong.diagnostics().iter().map(|d| d.code()).collect();
                if !found.contains(&info.code) {
                    failures.push(format!(
                        "{}: wrong {:?} gives {found:?}",
                        info.code, wrong.record
                    ));
                }
            }
            None if is_fallback(info.code) => {}
            None => failures.push(format!("{}: no wrong example", info.code)),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn every_right_example_is_clean() {
    let mut failures = Vec::new();
    for info in fenkit::codes::all() {
        let Some(explanation) = fenkit::codes::explain(info.code) else {
            continue;
        };
        let right = &explanation.right;
        let found: Vec<String> = right
            .diagnostics()
            .iter()
            .map(|d| format!("{} ({})", d.code(), d.message()))
            .collect();
        if !found.is_empty() {
            failures.push(format!(
                "{}: right {:?} gives {found:?}",
                info.code, right.record
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn examples_are_read_with_the_options_their_kind_needs() {
    for info in fenkit::codes::all() {
        let Some(explanation) = fenkit::codes::explain(info.code) else {
            continue;
        };
        // Legality codes come from the validation step; the right record is read the same way.
        if info.kind == CodeKind::Legality {
            let wrong = explanation.wrong.as_ref().unwrap();
            assert!(
                wrong.options.validate,
                "{}: wrong example not validated",
                info.code
            );
        }
        if let Some(wrong) = &explanation.wrong {
            assert_eq!(wrong.options, explanation.right.options, "{}", info.code);
        }
    }
}

/// The words that show where an explanation's rule comes from: a section of a standard, a
/// named specification, or the validation step (the rules of the game).
const SOURCES: [&str; 9] = [
    "§",
    "FEEN",
    "PNN",
    "SNN",
    "PDN",
    "FIDE",
    "Validation",
    "grammar",
    "shakmaty",
];

#[test]
fn explanations_cite_their_source_and_link_to_their_anchor() {
    let files: String = [
        "input", "grammar", "fen", "epd", "feen", "pdn", "pgn", "variant",
    ]
    .iter()
    .map(|name| {
        let path = format!("{}/src/explain/{name}.md", env!("CARGO_MANIFEST_DIR"));
        std::fs::read_to_string(path).unwrap()
    })
    .collect();
    for info in fenkit::codes::all() {
        let Some(explanation) = fenkit::codes::explain(info.code) else {
            continue;
        };
        let prose = explanation.text.split("```").next().unwrap();
        assert!(
            SOURCES.iter().any(|source| prose.contains(source)),
            "{}: the explanation cites no standard",
            info.code
        );
        // The anchor the URL points at is the code itself.
        let heading = format!("\n## <a id=\"{0}\"></a>`{0}`\n", info.code);
        assert!(
            files.contains(&heading),
            "{}: heading is not {heading:?}",
            info.code
        );
        assert_eq!(
            explanation.url(),
            format!("{}#{}", fenkit::codes::DOCS_URL, info.code)
        );
    }
}

#[test]
fn every_diagnostic_links_to_its_explanation() {
    let parsed = fenkit::Fen::parse(
        b"rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        &fenkit::ParseOptions::strict(),
    );
    let diagnostic = &parsed.diagnostics[0];
    let url = miette::Diagnostic::url(diagnostic).unwrap().to_string();
    assert_eq!(url, fenkit::codes::url("fenkit::fen::rank_too_long"));
    assert!(url.starts_with("https://docs.rs/fenkit/"));
}
