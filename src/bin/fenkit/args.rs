//! Command-line arguments (DESIGN.md, "CLI contract").

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand, ValueEnum};

/// Parse, validate and write FEN-family position notations.
#[derive(Debug, Parser)]
#[command(name = "fenkit", version, about)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Check every record and report each problem with its location.
    Check(InputArgs),
    /// Print each valid record in canonical form (problems go to stderr).
    Fmt(InputArgs),
}

/// Which notation to read.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum NotationArg {
    /// Detect per record.
    Auto,
    /// Chess FEN.
    Fen,
    /// EPD (and four-field "modified FEN").
    Epd,
    /// Draughts FEN, bare or in PDN tags (`[FEN "..."]`) and setup commands.
    Pdn,
    /// Sashite FEEN 1.0.0.
    Feen,
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
}

#[derive(Debug, Args)]
pub struct InputArgs {
    /// The notation of the records (default: detected per record).
    #[arg(long, value_enum, default_value_t = NotationArg::Auto)]
    pub notation: NotationArg,
    /// Also accept the real-world dialects, each reported as a warning.
    #[arg(long)]
    pub lenient: bool,
    /// Check the notation only, not whether the position can exist.
    #[arg(long)]
    pub syntax_only: bool,
    /// The draughts board, by name (international, english, russian...) or GameType number
    /// (20, 21, 25...); a `[GameType]` tag in a PDN file overrides it for its game.
    #[arg(long, value_name = "NAME|GAMETYPE", value_parser = parse_board)]
    pub board: Option<fenkit::draughts::Board>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Human)]
    pub format: Format,
    /// When to colour the human output.
    #[arg(long, value_enum, value_name = "WHEN", default_value_t = ColorChoice::Auto)]
    pub color: ColorChoice,
    /// Print only the summary.
    #[arg(short, long)]
    pub quiet: bool,
    /// A longer line is reported as `fenkit::input::record_too_long` and skipped unread.
    #[arg(long, value_name = "N", default_value_t = crate::input::DEFAULT_MAX_RECORD_BYTES)]
    pub max_record_bytes: usize,
    /// How many threads check records (default: one per core).
    #[arg(short, long, value_name = "N")]
    pub jobs: Option<std::num::NonZeroUsize>,
    /// A record to read (repeatable).
    #[arg(short = 'p', long = "position", value_name = "RECORD")]
    pub positions: Vec<String>,
    /// Files to read record by record (`-` is standard input; with no PATH and no -p, stdin).
    #[arg(value_name = "PATH")]
    pub paths: Vec<PathBuf>,
}

fn parse_board(text: &str) -> Result<fenkit::draughts::Board, String> {
    fenkit::draughts::Board::from_name_or_game_type(text).ok_or_else(|| {
        format!("unknown board `{text}`: use a name such as international, english, russian, or a GameType number such as 20, 21, 25")
    })
}
