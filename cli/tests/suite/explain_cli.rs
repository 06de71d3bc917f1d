//! `fenkit explain`: the long explanation of a code, its short forms, `--list`, and the exit
//! status 2 with a did-you-mean for a code that does not exist.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

use assert_cmd::Command;

fn fenkit() -> Command {
    let mut command = Command::cargo_bin("fenkit").unwrap();
    command.env("NO_COLOR", "1").env("COLUMNS", "100");
    command
}

/// Runs `fenkit explain ARGS...`: (exit status, stdout, stderr).
fn explain(args: &[&str]) -> (i32, String, String) {
    let output = fenkit().arg("explain").args(args).output().unwrap();
    (
        output.status.code().unwrap(),
        String::from_utf8(output.stdout).unwrap(),
        String::from_utf8(output.stderr).unwrap(),
    )
}

#[test]
fn a_code_is_explained_with_its_records_and_the_report() {
    let (status, stdout, stderr) = explain(&["fenkit::fen::rank_too_long"]);
    assert_eq!(status, 0, "{stderr}");
    assert_eq!(stderr, "");
    let stdout = stdout.replace(fenkit::codes::DOCS_URL, "[DOCS_URL]");
    insta::assert_snapshot!(stdout);
}

#[test]
fn short_forms_name_the_same_code() {
    let (_, full, _) = explain(&["fenkit::fen::rank_too_long"]);
    for short in [
        "fen::rank_too_long",
        "rank_too_long",
        "  FEN::Rank_Too_Long ",
    ] {
        let (status, stdout, stderr) = explain(&[short]);
        assert_eq!(status, 0, "{short}: {stderr}");
        assert_eq!(stdout, full, "{short}");
    }
}

#[test]
fn a_name_of_several_notations_lists_them_and_exits_2() {
    let (status, stdout, stderr) = explain(&["non_ascii"]);
    assert_eq!(status, 2);
    assert_eq!(stdout, "");
    for code in [
        "fenkit::fen::non_ascii",
        "fenkit::epd::non_ascii",
        "fenkit::feen::non_ascii",
        "fenkit::pdn::non_ascii",
    ] {
        assert!(stderr.contains(&format!("`{code}`")), "{stderr}");
    }
}

#[test]
fn an_unknown_code_exits_2_with_a_did_you_mean() {
    let (status, stdout, stderr) = explain(&["rank_to_long"]);
    assert_eq!(status, 2);
    assert_eq!(stdout, "");
    assert_eq!(
        stderr,
        "fenkit: unknown code `rank_to_long`\n\
         did you mean `fenkit::fen::rank_too_long`?\n\
         `fenkit explain --list` lists every code\n"
    );
    let (status, _, stderr) = explain(&["fenkit::fen::no_such_thing_at_all"]);
    assert_eq!(status, 2);
    assert!(!stderr.contains("did you mean"), "{stderr}");
    assert!(stderr.contains("unknown code"), "{stderr}");
}

#[test]
fn without_a_code_it_is_a_usage_error() {
    let (status, stdout, _) = explain(&[]);
    assert_eq!(status, 2);
    assert_eq!(stdout, "");
    let (status, _, _) = explain(&["--list", "rank_too_long"]);
    assert_eq!(status, 2);
}

#[test]
fn list_gives_every_code_once_with_its_summary() {
    let (status, stdout, _) = explain(&["--list"]);
    assert_eq!(status, 0);
    let lines: Vec<&str> = stdout.lines().collect();
    let codes: Vec<_> = fenkit::codes::all().collect();
    assert_eq!(lines.len(), codes.len());
    for (line, info) in lines.iter().zip(codes) {
        let (code, summary) = line.split_once(' ').unwrap();
        assert_eq!(code, info.code);
        assert_eq!(summary.trim_start(), info.summary);
    }
}

#[test]
fn every_code_is_explained_by_the_cli() {
    for info in fenkit::codes::all() {
        let (status, stdout, stderr) = explain(&[info.code]);
        assert_eq!(status, 0, "{}: {stderr}", info.code);
        assert!(
            stdout.starts_with(&format!("{}: {}\n", info.code, info.summary)),
            "{stdout}"
        );
        // A code without a text is reported by the library's tests/suite/explain.rs, which lists them all.
        let Some(explanation) = fenkit::codes::explain(info.code) else {
            continue;
        };
        assert!(stdout.contains(&explanation.url()), "{}", info.code);
        for line in explanation.right.record.lines() {
            assert!(stdout.contains(&format!("    {line}\n")), "{}", info.code);
        }
        if let Some(wrong) = &explanation.wrong {
            assert!(stdout.contains(wrong.record.lines().next().unwrap()));
        }
    }
}
