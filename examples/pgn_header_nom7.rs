//! A PGN tag-pair reader built from fenkit's public combinators: it reads the header of a chess
//! game, takes the start position from `[SetUp "1"]` and `[FEN "…"]`, and leaves the movetext.
//!
//! The FEN tag's value is read by `fenkit::grammar::fen`, which ends the record at the closing
//! quote; every diagnostic (fenkit's, this grammar's nom errors, and its own errors raised
//! through `map_res`) comes out with spans into the whole game text, rendered by miette with
//! the line and column in the file.
//!
//! Run it with `cargo run --example pgn_header_nom7 --features nom7 -- GAME.pgn` (`--lenient` first accepts FEN
//! dialects, with warnings); `cargo test --example pgn_header` runs its tests.
//!
//! Kept short for the example: tag values are read up to the next `"` (no `\"` escapes), and
//! only the first game of the input is read.

use std::fmt;

use fenkit::grammar::{self, Error, Record};
use fenkit::{Diagnostic, Fen, ParseOptions, record_text};
use nom7::IResult;
use nom7::branch::alt;
use nom7::bytes::complete::{tag, take_while1};
use nom7::character::complete::{char, digit1, line_ending, space1};
use nom7::combinator::{cut, map, map_res};
use nom7::multi::many0;
use nom7::sequence::{delimited, preceded, terminated, tuple};

/// One tag pair of the header.
#[derive(Clone, Debug, PartialEq, Eq)]
enum TagPair<'a> {
    /// `[SetUp "0"]` or `[SetUp "1"]`.
    SetUp(bool),
    /// `[FEN "…"]`, read by fenkit.
    Fen(Record<Fen>),
    /// Any other tag: name and value (its `\"` and `\\` escapes resolved by fenkit).
    Other(&'a [u8], Record<String>),
}

/// The header of a game.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Header<'a> {
    /// `[SetUp "1"]`: the game starts from the FEN tag's position.
    set_up: bool,
    /// The FEN tag, with its warnings.
    fen: Option<Record<Fen>>,
    /// The other tags, in order.
    others: Vec<(&'a [u8], Record<String>)>,
}

impl Header<'_> {
    /// The position the game starts from.
    fn start(&self) -> Fen {
        match (&self.fen, self.set_up) {
            (Some(record), true) => record.value.clone(),
            _ => Fen::starting_position(),
        }
    }
}

/// This grammar's own errors, raised through `map_res`: fenkit's error type keeps the message
/// and where it happened.
#[derive(Debug)]
enum HeaderError {
    /// A SetUp value other than `0` or `1`.
    SetUpValue(String),
    /// `[SetUp "1"]` without a FEN tag, or a FEN tag without `[SetUp "1"]`.
    SetUpWithoutFen,
    FenWithoutSetUp,
}

impl fmt::Display for HeaderError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HeaderError::SetUpValue(found) => {
                write!(f, "the SetUp tag is `0` or `1`, not `{found}`")
            }
            HeaderError::SetUpWithoutFen => {
                f.write_str("the header has [SetUp \"1\"] but no FEN tag")
            }
            HeaderError::FenWithoutSetUp => {
                f.write_str("the header has a FEN tag but no [SetUp \"1\"]")
            }
        }
    }
}

impl std::error::Error for HeaderError {}

fn set_up_flag(digits: &[u8]) -> Result<bool, HeaderError> {
    match digits {
        b"0" => Ok(false),
        b"1" => Ok(true),
        _ => Err(HeaderError::SetUpValue(
            String::from_utf8_lossy(digits).into_owned(),
        )),
    }
}

/// `[Name "value"]`; the FEN and SetUp values are read by their own parsers.
fn tag_pair<'a>(
    options: &ParseOptions,
) -> impl FnMut(&'a [u8]) -> IResult<&'a [u8], TagPair<'a>, Error> {
    let value_of = |name: &'static str| tuple((tag(name), space1, char('"')));
    let fen = preceded(
        value_of("FEN"),
        cut(terminated(
            map(grammar::fen(options), TagPair::Fen),
            char('"'),
        )),
    );
    let set_up = preceded(
        value_of("SetUp"),
        cut(terminated(
            map(map_res(digit1, set_up_flag), TagPair::SetUp),
            char('"'),
        )),
    );
    let name = take_while1(|b: u8| b.is_ascii_alphanumeric() || b == b'_');
    let other = map(
        tuple((name, space1, cut(grammar::quoted_string(options)))),
        |(name, _, value)| TagPair::Other(name, value),
    );
    delimited(char('['), alt((fen, set_up, other)), cut(char(']')))
}

/// The tag pairs, one a line, then the blank line before the movetext.
fn header<'a>(
    options: &ParseOptions,
) -> impl FnMut(&'a [u8]) -> IResult<&'a [u8], Header<'a>, Error> {
    let tags = terminated(
        many0(terminated(tag_pair(options), line_ending)),
        line_ending,
    );
    map_res(tags, |tags| {
        let mut header = Header {
            set_up: false,
            fen: None,
            others: Vec::new(),
        };
        for pair in tags {
            match pair {
                TagPair::SetUp(set_up) => header.set_up = set_up,
                TagPair::Fen(record) => header.fen = Some(record),
                TagPair::Other(name, value) => header.others.push((name, value)),
            }
        }
        match (header.set_up, header.fen.is_some()) {
            (true, false) => Err(HeaderError::SetUpWithoutFen),
            (false, true) => Err(HeaderError::FenWithoutSetUp),
            _ => Ok(header),
        }
    })
}

/// Reads the header of `game`: the header, the warnings of its FEN and tag values (spans into
/// `game`) and the movetext; or every diagnostic, spans into `game`.
fn read<'a>(
    game: &'a str,
    options: &ParseOptions,
) -> Result<(Header<'a>, Vec<Diagnostic>, String), Vec<Diagnostic>> {
    let whole = game.as_bytes();
    let (movetext, header) = grammar::nom7::parse_partial(whole, header(options))?;
    let mut warnings: Vec<Diagnostic> = header
        .others
        .iter()
        .flat_map(|(_, value)| value.warnings_in(whole))
        .collect();
    warnings.extend(header.fen.iter().flat_map(|fen| fen.warnings_in(whole)));
    warnings.sort_by_key(|warning| warning.span().map(|span| span.offset));
    Ok((
        header,
        warnings,
        String::from_utf8_lossy(movetext).into_owned(),
    ))
}

/// Renders diagnostics into the game text as the fenkit CLI does, without colour.
fn render(name: &str, game: &str, diagnostics: &[Diagnostic]) -> String {
    let handler =
        miette::GraphicalReportHandler::new_themed(miette::GraphicalTheme::unicode_nocolor())
            .with_width(80)
            .with_links(false)
            .with_urls(false);
    let text = record_text(game.as_bytes());
    let mut out = String::new();
    for diagnostic in diagnostics {
        if handler
            .render_report(&mut out, &diagnostic.with_source(name, 1, &text))
            .is_err()
        {
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
        let game = match std::fs::read_to_string(&argument) {
            Ok(game) => game,
            Err(error) => {
                eprintln!("{argument}: {error}");
                std::process::exit(2);
            }
        };
        match read(&game, &options) {
            Ok((header, warnings, _)) => {
                eprint!("{}", render(&argument, &game, &warnings));
                println!("{argument}: starts from {}", header.start());
            }
            Err(diagnostics) => {
                eprint!("{}", render(&argument, &game, &diagnostics));
                status = 1;
            }
        }
    }
    std::process::exit(status);
}

#[cfg(test)]
#[path = "shared/pgn_header_tests.rs"]
mod tests;
