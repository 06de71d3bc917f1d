//! A UCI `position` command parser built from fenkit's public combinators:
//!
//! ```text
//! position [startpos | fen <FEN>] [moves <move>...]
//! ```
//!
//! With nom 7 (fenkit's `nom7` feature; `uci.rs` is the same grammar in nom 8, the default).
//! The FEN is read by `fenkit::grammar::fen` inside this grammar; its diagnostics, this
//! grammar's own errors and its `context` labels all come out as fenkit diagnostics whose spans
//! are offsets into the whole command, rendered by miette.
//!
//! Run it with `cargo run --example uci_nom7 --features nom7 -- 'position fen 8/8/8/8/8/8/8/k1K5 w - - 0 1 moves c1b2'`
//! (`--lenient` first accepts FEN dialects, with warnings); `cargo test --example uci` runs its
//! tests.

use fenkit::chess::{Role, Square};
use fenkit::grammar::{self, Error, Record};
use fenkit::{Diagnostic, Fen, ParseOptions, record_text};
use nom7::IResult;
use nom7::branch::alt;
use nom7::bytes::complete::tag;
use nom7::character::complete::space1;
use nom7::combinator::{cut, map, opt, value};
use nom7::error::context;
use nom7::multi::many1;
use nom7::sequence::{preceded, tuple};

/// A move in UCI's long algebraic notation: `e2e4`, `e7e8q`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct UciMove {
    from: Square,
    to: Square,
    promotion: Option<Role>,
}

/// A parsed `position` command.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Position {
    /// The FEN after `position fen` (with its warnings), or `None` for `startpos`.
    fen: Option<Record<Fen>>,
    /// The moves to play from the start position.
    moves: Vec<UciMove>,
}

impl Position {
    /// The position the moves start from.
    fn start(&self) -> Fen {
        self.fen
            .as_ref()
            .map_or_else(Fen::starting_position, |record| record.value.clone())
    }
}

/// `q`, `r`, `b` or `n` after a move's squares.
fn promotion(input: &[u8]) -> IResult<&[u8], Role, Error> {
    alt((
        value(Role::Queen, tag("q")),
        value(Role::Rook, tag("r")),
        value(Role::Bishop, tag("b")),
        value(Role::Knight, tag("n")),
    ))(input)
}

/// `e2e4`: two squares (fenkit's square combinator) and an optional promotion.
fn uci_move(input: &[u8]) -> IResult<&[u8], UciMove, Error> {
    let squares = tuple((grammar::square(), grammar::square(), opt(promotion)));
    map(squares, |(from, to, promotion)| UciMove {
        from,
        to,
        promotion,
    })(input)
}

/// The whole command.
fn position_command<'a>(
    options: &ParseOptions,
) -> impl FnMut(&'a [u8]) -> IResult<&'a [u8], Position, Error> {
    let start = alt((
        value(None, tag("startpos")),
        // After `fen `, a FEN must follow: `cut` stops `alt` from trying anything else.
        preceded(
            tuple((tag("fen"), space1)),
            cut(map(grammar::fen(options), Some)),
        ),
    ));
    let moves = preceded(
        tuple((space1, tag("moves"))),
        many1(preceded(space1, cut(context("a UCI move", uci_move)))),
    );
    map(
        preceded(
            tuple((tag("position"), space1)),
            tuple((context("the start position", start), opt(moves))),
        ),
        |(fen, moves)| Position {
            fen,
            moves: moves.unwrap_or_default(),
        },
    )
}

/// Parses one command: the position, or every diagnostic with spans into `command`. The
/// warnings of a lenient FEN come back with the position, their spans moved into `command`.
fn parse(
    command: &str,
    options: &ParseOptions,
) -> Result<(Position, Vec<Diagnostic>), Vec<Diagnostic>> {
    let whole = command.as_bytes();
    let position = grammar::nom7::parse_whole(whole, position_command(options))?;
    let warnings = position
        .fen
        .as_ref()
        .map(|record| record.warnings_in(whole))
        .unwrap_or_default();
    Ok((position, warnings))
}

/// Renders diagnostics into the command as the fenkit CLI does, without colour.
fn render(command: &str, diagnostics: &[Diagnostic]) -> String {
    let handler =
        miette::GraphicalReportHandler::new_themed(miette::GraphicalTheme::unicode_nocolor())
            .with_width(80)
            .with_links(false)
            .with_urls(false);
    let text = record_text(command.as_bytes());
    let mut out = String::new();
    for diagnostic in diagnostics {
        let sourced = diagnostic.with_source("uci", 1, &text);
        if handler.render_report(&mut out, &sourced).is_err() {
            out.push_str(diagnostic.message());
        }
    }
    out
}

fn main() {
    let mut options = ParseOptions::strict();
    let mut status = 0;
    for argument in std::env::args().skip(1) {
        if argument == "--lenient" {
            options = ParseOptions::lenient();
            continue;
        }
        match parse(&argument, &options) {
            Ok((position, warnings)) => {
                eprint!("{}", render(&argument, &warnings));
                println!("{} then {} moves", position.start(), position.moves.len());
            }
            Err(diagnostics) => {
                eprint!("{}", render(&argument, &diagnostics));
                status = 1;
            }
        }
    }
    std::process::exit(status);
}

#[cfg(test)]
#[path = "shared/uci_tests.rs"]
mod tests;
