//! `fenkit explain CODE`: the long explanation of a diagnostic code, as `rustc --explain` prints
//! one, with the wrong record rendered as `fenkit check` reports it. `fenkit explain --list`
//! lists every code with its summary.

use std::io::{self, IsTerminal, Write};
use std::process::ExitCode;

use clap::Args;
use fenkit::Castling;
use fenkit::codes::{CodeInfo, Example, Explanation, Reading};
use miette::{GraphicalReportHandler, GraphicalTheme};

use crate::terminal::shown;

#[derive(Debug, Args)]
pub struct ExplainArgs {
    /// The code: `fenkit::fen::rank_too_long`, `fen::rank_too_long` or `rank_too_long` (when
    /// only one notation has it).
    #[arg(required_unless_present = "list")]
    pub code: Option<String>,
    /// List every code with its summary.
    #[arg(long, conflicts_with = "code")]
    pub list: bool,
}

pub fn run(args: &ExplainArgs) -> ExitCode {
    let mut out = io::stdout().lock();
    let written = match &args.code {
        Some(name) => match find(name) {
            Ok(info) => explain(&mut out, info),
            Err(message) => {
                let _ = writeln!(std::io::stderr(), "fenkit: {message}");
                return ExitCode::from(2);
            }
        },
        None => list(&mut out),
    };
    match written.and_then(|()| out.flush()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) if error.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(error) => {
            let _ = writeln!(std::io::stderr(), "fenkit: {}", shown(&error.to_string()));
            ExitCode::from(2)
        }
    }
}

/// The code `name` stands for: the full code, or its end after `fenkit::` or after the last
/// `::` when that is unique; otherwise a message with the candidates or the nearest codes.
fn find(name: &str) -> Result<&'static CodeInfo, String> {
    // The messages quote the argument as it was typed, escaped as every text for the
    // terminal; it is looked up without case.
    let typed = shown(name.trim());
    let name = typed.to_ascii_lowercase();
    let short = name.strip_prefix("fenkit::").unwrap_or(&name);
    let matches: Vec<&'static CodeInfo> = fenkit::codes::named(short).collect();
    match matches.as_slice() {
        [info] => Ok(info),
        [] => {
            let nearest = nearest(short);
            let hint = if nearest.is_empty() {
                String::new()
            } else {
                format!("\ndid you mean `{}`?", nearest.join("`, `"))
            };
            Err(format!(
                "unknown code `{typed}`{hint}\n`fenkit explain --list` lists every code"
            ))
        }
        several => Err(format!(
            "`{typed}` is a code of several notations: {}",
            several
                .iter()
                .map(|info| format!("`{}`", info.code))
                .collect::<Vec<_>>()
                .join(", ")
        )),
    }
}

/// The codes closest to `name` (by edit distance, on the whole code or its last part), at
/// most three.
fn nearest(name: &str) -> Vec<&'static str> {
    let limit = (name.len() / 3).max(2);
    let mut scored: Vec<(usize, &'static str)> = fenkit::codes::all()
        .filter_map(|info| {
            let code = info.code.trim_start_matches("fenkit::");
            let last = code.rsplit("::").next().unwrap_or(code);
            let distance = edit_distance(name, code).min(edit_distance(name, last));
            (distance <= limit).then_some((distance, info.code))
        })
        .collect();
    scored.sort();
    scored.into_iter().take(3).map(|(_, code)| code).collect()
}

/// Levenshtein distance over bytes (codes are ASCII).
fn edit_distance(a: &str, b: &str) -> usize {
    let mut previous: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.bytes().enumerate() {
        let mut current = vec![i + 1];
        for (j, cb) in b.bytes().enumerate() {
            let substitute = previous
                .get(j)
                .map_or(usize::MAX, |d| d + usize::from(ca != cb));
            let delete = previous.get(j + 1).map_or(usize::MAX, |d| d + 1);
            let insert = current.last().map_or(usize::MAX, |d| d + 1);
            current.push(substitute.min(delete).min(insert));
        }
        previous = current;
    }
    previous.last().copied().unwrap_or_default()
}

fn list(out: &mut impl Write) -> io::Result<()> {
    let width = fenkit::codes::all()
        .map(|info| info.code.len())
        .max()
        .unwrap_or_default();
    for info in fenkit::codes::all() {
        writeln!(out, "{:width$}  {}", info.code, info.summary)?;
    }
    Ok(())
}

fn explain(out: &mut impl Write, info: &CodeInfo) -> io::Result<()> {
    writeln!(out, "{}: {}", info.code, info.summary)?;
    writeln!(out, "reported as: {}", info.kind.describe())?;
    writeln!(out)?;
    let Some(explanation) = fenkit::codes::explain(info.code) else {
        return writeln!(out, "(no long explanation yet)");
    };
    write_text(out, explanation)?;
    if let Some(wrong) = &explanation.wrong {
        write_report(out, info.code, wrong)?;
    }
    writeln!(out)?;
    writeln!(out, "Documentation: {}", explanation.url())
}

/// The Markdown text for a terminal: each example block as an indented record, the wrong one
/// followed by the options that read it.
fn write_text(out: &mut impl Write, explanation: &Explanation) -> io::Result<()> {
    let mut in_block = false;
    let mut block_example: Option<&Example> = None;
    for line in explanation.text.lines() {
        if let Some(info) = line.strip_prefix("```") {
            in_block = !in_block;
            if in_block {
                // The right record is read as the wrong one (a test checks it): say it once.
                block_example = match info.split_whitespace().nth(1) {
                    Some("wrong") => explanation.wrong.as_ref(),
                    _ => None,
                };
            } else if let Some(example) = block_example.take() {
                writeln!(out, "    (read with {})", how_to_read(example))?;
            }
            continue;
        }
        if in_block {
            writeln!(out, "    {line}")?;
        } else {
            writeln!(out, "{line}")?;
        }
    }
    Ok(())
}

/// How to read an example as the tests do, as a `fenkit check` command where there is one.
fn how_to_read(example: &Example) -> String {
    let mut flags = Vec::new();
    if example.reading == Reading::Record {
        flags.push(format!("--notation {}", example.notation));
    }
    if example.options.is_lenient() {
        flags.push(String::from("--lenient"));
    }
    if !example.options.validate {
        flags.push(String::from("--syntax-only"));
    }
    if let Some(board) = example.options.draughts_board {
        flags.push(format!("--board {}", board.game_type()));
    }
    if example.options.castling == Castling::Chess960 {
        flags.push(String::from("--castling chess960"));
    }
    let flags = flags.join(" ");
    match example.reading {
        Reading::PdnFile => format!("`fenkit check {flags} FILE.pdn`, as the lines of a file"),
        Reading::FenToFeen => String::from("`fenkit::Feen::from_fen`, converting the FEN"),
        _ => format!("`fenkit check {flags}`"),
    }
}

/// The wrong record's diagnostics of this code, rendered as `fenkit check` renders them.
fn write_report(out: &mut impl Write, code: &str, wrong: &Example) -> io::Result<()> {
    if wrong.reading != Reading::Record {
        return Ok(());
    }
    let color = io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none();
    let theme = if color {
        GraphicalTheme::unicode()
    } else {
        GraphicalTheme::unicode_nocolor()
    };
    let handler = GraphicalReportHandler::new_themed(theme)
        .with_width(100)
        .with_urls(false);
    let mut rendered = String::new();
    for diagnostic in wrong.diagnostics().iter().filter(|d| d.code() == code) {
        let sourced = diagnostic.with_source("wrong", 1, wrong.record);
        if handler.render_report(&mut rendered, &sourced).is_err() {
            rendered.push_str(diagnostic.message());
        }
    }
    writeln!(out)?;
    writeln!(out, "fenkit reports the wrong record as:")?;
    writeln!(out)?;
    write!(out, "{rendered}")
}
