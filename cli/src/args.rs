//! Command-line arguments (docs/command-line.md).

use std::borrow::Cow;
use std::io::Write;
use std::path::PathBuf;

use clap::builder::Styles;
use clap::{Args, CommandFactory, FromArgMatches, Parser, Subcommand, ValueEnum};

use crate::terminal::shown;

/// Parse, validate and write FEN-family position notations.
#[derive(Debug, Parser)]
#[command(name = "fenkit", version, about)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

impl Cli {
    /// The command line, as `Cli::parse` reads it, but a usage error that quotes an argument
    /// holding a control or bidirectional character shows it escaped: clap writes it raw, and on
    /// a terminal a mistyped `ESC ]0;…` argument would retitle it.
    pub fn from_command_line() -> Cli {
        let unsafe_argument = std::env::args_os()
            .any(|argument| matches!(shown(&argument.to_string_lossy()), Cow::Owned(_)));
        if !unsafe_argument {
            return Cli::parse();
        }
        // Plain styles: the message holds no escape sequence of clap's own to keep.
        let parsed = Cli::command()
            .styles(Styles::plain())
            .try_get_matches()
            .and_then(|mut matches| Cli::from_arg_matches_mut(&mut matches));
        match parsed {
            Ok(cli) => cli,
            Err(error) if error.use_stderr() => {
                let message = error.render().ansi().to_string();
                let lines: Vec<Cow<str>> = message.split('\n').map(shown).collect();
                let _ = write!(std::io::stderr(), "{}", lines.join("\n"));
                std::process::exit(error.exit_code())
            }
            // `--help` and `--version` quote no argument.
            Err(error) => error.exit(),
        }
    }
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Check every record and report each problem with its location.
    Check(InputArgs),
    /// Print each valid record in canonical form (problems go to stderr).
    Fmt(FmtArgs),
    /// Explain a diagnostic code: what the standard says, a wrong record and the right one.
    Explain(crate::explain::ExplainArgs),
    /// Rewrite files in place: safe fixes and canonical form (comments and line endings kept).
    Fix(FixArgs),
    /// Draw each valid position: a text diagram, and an SVG picture with --svg.
    Show(ShowArgs),
    /// Serve the Language Server Protocol on stdin/stdout (diagnostics, formatting, hover).
    Lsp(LspArgs),
}

#[derive(Debug, Args)]
pub struct FmtArgs {
    #[command(flatten)]
    pub input: InputArgs,
    /// Print nothing but what `fenkit fix` would change in the files, and exit 1 if anything.
    #[arg(long)]
    pub check: bool,
}

#[derive(Debug, Args)]
pub struct FixArgs {
    #[command(flatten)]
    pub records: RecordArgs,
    /// Change nothing: list what would change (`PATH:LINE:`, `-old`, `+new`) and exit 1 if
    /// anything would.
    #[arg(long)]
    pub check: bool,
    /// Files to fix in place (`-` or none: standard input to standard output).
    #[arg(value_name = "PATH")]
    pub paths: Vec<PathBuf>,
}

/// How records are read, the same for every command that reads them.
#[derive(Clone, Debug, Args)]
pub struct RecordArgs {
    /// The notation of the records (default: detected per record).
    #[arg(long, value_enum, default_value_t = NotationArg::Auto)]
    pub notation: NotationArg,
    /// Check the notation only, not whether the position can exist.
    #[arg(long)]
    pub syntax_only: bool,
    /// The draughts board, by name (international, english, russian...) or GameType number
    /// (20, 21, 25...); a `[GameType]` tag in a PDN file overrides it for its game.
    #[arg(long, value_name = "NAME|GAMETYPE", value_parser = parse_board)]
    pub board: Option<fenkit::draughts::Board>,
    /// The castling rules chess records are validated by: standard (the default, unless
    /// `--variant chess960`) needs the king on e1/e8 and the rook in its corner, as
    /// python-chess, chess.js and lichess read a FEN; chess960 reads each right as
    /// X-FEN/Shredder-FEN does.
    #[arg(long, value_enum, value_name = "RULES")]
    pub castling: Option<CastlingArg>,
    /// The chess variant whose rules chess records are read by: chess (the default), chess960,
    /// crazyhouse, three-check, king-of-the-hill, atomic, antichess, horde, racing-kings (also
    /// lichess's and python-chess's names, as `3check` or `racingKings`); a `[Variant]` tag in
    /// a PGN file overrides it for its game.
    #[arg(long, value_name = "NAME", value_parser = parse_variant)]
    pub variant: Option<(fenkit::Variant, Option<fenkit::Castling>)>,
    /// A longer line is an invalid record (`fenkit::input::record_too_long`), not read
    /// further (`fix` copies it as it is).
    #[arg(long, value_name = "N", default_value_t = fenkit::records::DEFAULT_MAX_RECORD_BYTES)]
    pub max_record_bytes: usize,
    /// Report only these codes (comma-separated): full codes, short names such as
    /// `trailing_dot`, or prefixes such as `fenkit::pdn`.
    #[arg(long, value_name = "CODES", value_parser = parse_codes)]
    pub select: Vec<String>,
    /// Never report these codes (comma-separated, as `--select`); a record whose only errors
    /// are ignored is valid, and the summary counts what was ignored.
    #[arg(long, value_name = "CODES", value_parser = parse_codes)]
    pub ignore: Vec<String>,
    /// Read the records from a field of each row: a column of a CSV or TSV file (by the
    /// header's name or its number from 1), or a key or dotted path (`eval.fen`) of each line
    /// of a JSON Lines file. The format is the file's extension (`.csv`, `.tsv`, `.jsonl`,
    /// `.ndjson`), else its content (`{`: JSON Lines; a tab in the first line: TSV; else CSV).
    #[arg(long, value_name = "NAME|N")]
    pub field: Option<String>,
}

#[derive(Debug, Args)]
pub struct LspArgs {
    /// Talk over standard input and output (the only transport; accepted because clients pass it).
    #[arg(long)]
    pub stdio: bool,
    /// A longer line is one `fenkit::input::record_too_long` diagnostic, never read (in every
    /// request: diagnostics, hover, code actions, formatting).
    #[arg(long, value_name = "N", default_value_t = fenkit::records::DEFAULT_MAX_RECORD_BYTES)]
    pub max_record_bytes: usize,
}

#[derive(Debug, Args)]
pub struct ShowArgs {
    #[command(flatten)]
    pub input: InputArgs,
    /// Draw chess pieces as Unicode figurines instead of FEN letters.
    #[arg(long)]
    pub unicode: bool,
    /// Also write an SVG picture of each position: FILE for the first, FILE-2, FILE-3... after.
    #[arg(long, value_name = "FILE")]
    pub svg: Option<PathBuf>,
    /// Let `--svg` write over files that exist (never over one of the inputs).
    #[arg(long, requires = "svg")]
    pub force: bool,
}

/// Which notation to read: `auto`, each of [`fenkit::notations`] by its name (clap's help
/// lists them with these doc comments; a test holds the two together), and `pgn`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum NotationArg {
    /// Detect per record.
    Auto,
    /// Chess FEN.
    Fen,
    /// EPD (and four-field "modified FEN").
    Epd,
    /// Draughts FEN, bare or in PDN game files (`[FEN "..."]` tags and setup commands).
    Pdn,
    /// Sashite FEEN 1.0.0.
    Feen,
    /// PGN (or PDN) game files: each game's `[FEN]` tag, by the rules its tags choose.
    Pgn,
}

/// Which castling rules chess records are validated by (`--castling`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum CastlingArg {
    /// Standard chess (the default): `fenkit::fen::castling_not_standard` for a right whose
    /// king or rook is not on its starting square.
    Standard,
    /// Chess960 rights (X-FEN, Shredder-FEN), standard chess included.
    Chess960,
}

impl CastlingArg {
    /// The library's setting.
    pub fn castling(self) -> fenkit::Castling {
        match self {
            CastlingArg::Chess960 => fenkit::Castling::Chess960,
            CastlingArg::Standard => fenkit::Castling::Standard,
        }
    }
}

/// When to colour the human output (decided for stdout and stderr separately).
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ColorChoice {
    /// Colour a stream that is a terminal, unless `NO_COLOR` is set (and not empty).
    Auto,
    /// Always colour, even on a pipe and whatever `NO_COLOR` says.
    Always,
    /// Never colour.
    Never,
}

/// Output format.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// miette reports and a summary line.
    Human,
    /// JSON Lines: one object per record, then a summary object.
    Json,
    /// One `PATH:LINE:COLUMN: error[CODE]: message` line per diagnostic; the summary on stderr.
    Short,
}

#[derive(Debug, Args)]
pub struct InputArgs {
    #[command(flatten)]
    pub records: RecordArgs,
    /// Also accept the real-world dialects, each reported as a warning.
    #[arg(long)]
    pub lenient: bool,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Human)]
    pub format: Format,
    /// When to colour the human output.
    #[arg(long, value_enum, value_name = "WHEN", default_value_t = ColorChoice::Auto)]
    pub color: ColorChoice,
    /// Print only the summary.
    #[arg(short, long)]
    pub quiet: bool,
    /// How many threads check records (default: one per core; at most four per core, a larger
    /// N is cut to that). Threads start as the input needs them: a short file uses one.
    #[arg(short, long, value_name = "N")]
    pub jobs: Option<std::num::NonZeroUsize>,
    /// A record to read (repeatable).
    #[arg(short = 'p', long = "position", value_name = "RECORD")]
    pub positions: Vec<String>,
    /// Files to read record by record (`-` is standard input; with no PATH and no -p, stdin).
    #[arg(value_name = "PATH")]
    pub paths: Vec<PathBuf>,
}

impl FmtArgs {
    /// `fmt --check` checks what `fix --check` checks (`-p` records are not files: left out).
    pub fn as_fix(&self) -> FixArgs {
        FixArgs {
            records: self.input.records.clone(),
            check: true,
            paths: self.input.paths.clone(),
        }
    }
}

impl InputArgs {
    /// How `check`, `fmt` and `show` read their inputs.
    pub fn reading(&self) -> fenkit::records::ReadOptions {
        let mode = if self.lenient {
            fenkit::Mode::Lenient
        } else {
            fenkit::Mode::Strict
        };
        self.records.reading(mode)
    }
}

impl RecordArgs {
    /// How records are read in `mode`: the notation (`None`: detected per record), the
    /// options, which inputs are game files and the maximum record length.
    pub fn reading(&self, mode: fenkit::Mode) -> fenkit::records::ReadOptions {
        let (variant, named_castling) = self.variant.unwrap_or_default();
        let castling = match self.castling {
            Some(castling) => castling.castling(),
            None => named_castling.unwrap_or_default(),
        };
        let mut options = fenkit::ParseOptions::strict()
            .with_mode(mode)
            .with_castling(castling)
            .with_variant(variant);
        if !self.syntax_only {
            options = options.validated();
        }
        if let Some(board) = self.board {
            options = options.with_draughts_board(board);
        }
        fenkit::records::ReadOptions::new(options)
            .notation(self.notation.notation())
            .game_files(self.notation.game_files())
            .max_record_bytes(self.max_record_bytes)
            .raise_with("`--max-record-bytes`")
    }

    /// The codes `--select` and `--ignore` keep (each name was checked when it was read).
    pub fn filter(&self) -> fenkit::codes::CodeFilter {
        fenkit::codes::CodeFilter::new(&self.select, &self.ignore).unwrap_or_default()
    }
}

impl NotationArg {
    /// Which inputs are game files: detected, every one (`pgn`, `pdn`), or only those named
    /// `.pgn` or `.pdn` (a notation of records was given).
    pub fn game_files(self) -> fenkit::records::GameFiles {
        use fenkit::records::GameFiles;
        match self {
            NotationArg::Auto => GameFiles::Detected,
            NotationArg::Pgn | NotationArg::Pdn => GameFiles::Always,
            NotationArg::Fen | NotationArg::Epd | NotationArg::Feen => GameFiles::Named,
        }
    }

    /// The notation to read, or `None` to detect it per record (`auto`) or read game files
    /// (`pgn`): the table's notation of the value's name.
    pub fn notation(self) -> Option<fenkit::Notation> {
        let value = self.to_possible_value()?;
        fenkit::Notation::from_name(value.get_name())
    }
}

fn parse_board(text: &str) -> Result<fenkit::draughts::Board, String> {
    fenkit::draughts::Board::from_name_or_game_type(text).ok_or_else(|| {
        format!("unknown board `{text}`: use a name such as international, english, russian, or a GameType number such as 20, 21, 25")
    })
}

/// A list of codes for `--select`/`--ignore`, each name checked to stand for a code.
fn parse_codes(text: &str) -> Result<String, String> {
    fenkit::codes::CodeFilter::new(&[text], &[])
        .map(|_| text.to_owned())
        .map_err(|error| format!("{error}: `fenkit explain --list` lists every code"))
}

fn parse_variant(text: &str) -> Result<(fenkit::Variant, Option<fenkit::Castling>), String> {
    fenkit::Variant::from_name(text).ok_or_else(|| {
        format!(
            "unknown variant `{text}`: use one of {}",
            fenkit::Variant::NAMES.join(", ")
        )
    })
}

#[cfg(test)]
mod tests {
    use clap::ValueEnum;

    use super::NotationArg;

    /// `--notation` takes `auto`, every notation of the table by its name, and `pgn`: no
    /// more, no fewer, so a row added to the table is a value here too.
    #[test]
    fn notation_values_are_the_table() {
        let values: Vec<NotationArg> = NotationArg::value_variants().to_vec();
        let named: Vec<_> = values.iter().filter_map(|value| value.notation()).collect();
        let mut table: Vec<_> = fenkit::notations()
            .iter()
            .map(|info| info.notation)
            .collect();
        let mut sorted = named.clone();
        sorted.sort_by_key(|notation| notation.name());
        table.sort_by_key(|notation| notation.name());
        assert_eq!(sorted, table);
        assert_eq!(
            values.len(),
            table.len() + 2,
            "auto and pgn besides the table"
        );
        for info in fenkit::notations() {
            let parsed = NotationArg::from_str(info.name, false);
            assert_eq!(parsed.map(NotationArg::notation), Ok(Some(info.notation)));
        }
    }
}
