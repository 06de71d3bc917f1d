//! `fenkit show`: draws each valid position in the terminal (the library's text diagrams) and,
//! with `--svg FILE`, as SVG pictures. Records that are not valid are reported in the short
//! format on stderr and not drawn; the exit status is that of `check`.

use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use fenkit::diagram::{self, Glyphs};
use fenkit::draughts::PdnScanner;
use fenkit::{Mode, Notation, ParseOptions, Position, parse_any};

use crate::args::{InputArgs, NotationArg, ShowArgs};
use crate::input::{LineSource, Record, is_comment, paths_or_stdin};
use crate::report::{Checked, short_record};

/// What `show` found: whether a record was invalid or an input failed.
#[derive(Default)]
pub struct ShowOutcome {
    pub some_invalid: bool,
    pub input_failed: bool,
}

/// Draws every record of the inputs, in order.
pub fn run(args: &ShowArgs) -> io::Result<ShowOutcome> {
    let mut show = Show {
        glyphs: if args.unicode {
            Glyphs::Figurines
        } else {
            Glyphs::Letters
        },
        svg: args.svg.clone(),
        drawn: 0,
        outcome: ShowOutcome::default(),
        stdout: io::stdout().lock(),
    };
    let input = &args.input;
    let (notation, options) = reading(input);
    let from_arguments: Arc<str> = Arc::from("-p");
    for (index, position) in input.positions.iter().enumerate() {
        let record = Record {
            source: from_arguments.clone(),
            line: index + 1,
            text: position.as_bytes().to_vec(),
        };
        let (notation, parsed) = parse_any(&record.text, notation, &options);
        show.draw(&Checked {
            record,
            notation,
            parsed,
        })?;
    }
    for path in paths_or_stdin(&input.paths, !input.positions.is_empty()) {
        let read = LineSource::open(&path).and_then(|source| {
            if is_pdn_file(&path) {
                show.pdn_source(source, options)
            } else {
                show.source(source, notation, &options)
            }
        });
        if let Err(error) = read {
            if error.kind() == io::ErrorKind::BrokenPipe {
                return Err(error);
            }
            eprintln!("fenkit: {}: {error}", path.display());
            show.outcome.input_failed = true;
        }
    }
    show.stdout.flush()?;
    Ok(show.outcome)
}

/// The notation and options the input arguments ask for, as `check` reads them.
fn reading(args: &InputArgs) -> (Option<Notation>, ParseOptions) {
    let mode = if args.lenient {
        Mode::Lenient
    } else {
        Mode::Strict
    };
    let mut options = ParseOptions::strict().with_mode(mode);
    if !args.syntax_only {
        options = options.validated();
    }
    if let Some(board) = args.board {
        options = options.with_draughts_board(board);
    }
    let notation = match args.notation {
        NotationArg::Auto => None,
        NotationArg::Fen => Some(Notation::Fen),
        NotationArg::Epd => Some(Notation::Epd),
        NotationArg::Pdn => Some(Notation::Pdn),
        NotationArg::Feen => Some(Notation::Feen),
    };
    (notation, options)
}

fn is_pdn_file(path: &Path) -> bool {
    path.extension()
        .is_some_and(|extension| extension.eq_ignore_ascii_case("pdn"))
}

struct Show {
    glyphs: Glyphs,
    svg: Option<PathBuf>,
    drawn: usize,
    outcome: ShowOutcome,
    stdout: io::StdoutLock<'static>,
}

impl Show {
    fn source(
        &mut self,
        mut source: LineSource,
        notation: Option<Notation>,
        options: &ParseOptions,
    ) -> io::Result<()> {
        let mut line = Vec::new();
        while let Some((number, _)) = source.next_line(&mut line)? {
            if is_comment(&line) {
                continue;
            }
            let (notation, parsed) = parse_any(&line, notation, options);
            let record = Record {
                source: source.name.clone(),
                line: number,
                text: std::mem::take(&mut line),
            };
            self.draw(&Checked {
                record,
                notation,
                parsed,
            })?;
        }
        Ok(())
    }

    fn pdn_source(&mut self, mut source: LineSource, options: ParseOptions) -> io::Result<()> {
        let mut scanner = PdnScanner::new(options);
        let mut line = Vec::new();
        while let Some((number, _)) = source.next_line(&mut line)? {
            for parsed in scanner.scan_line(&line) {
                self.draw(&Checked {
                    record: Record {
                        source: source.name.clone(),
                        line: number,
                        text: line.clone(),
                    },
                    notation: Notation::Pdn,
                    parsed: parsed.map(Position::Draughts),
                })?;
            }
        }
        Ok(())
    }

    /// Prints the diagram of a valid record (and writes its SVG); reports an invalid one.
    fn draw(&mut self, checked: &Checked) -> io::Result<()> {
        let position = checked
            .parsed
            .value
            .as_ref()
            .filter(|_| checked.parsed.is_valid());
        let Some(position) = position else {
            self.outcome.some_invalid = true;
            self.stdout.flush()?;
            return short_record(&mut io::stderr().lock(), checked);
        };
        if self.drawn > 0 {
            writeln!(self.stdout)?;
        }
        self.drawn += 1;
        writeln!(
            self.stdout,
            "{}:{} ({})",
            checked.record.source, checked.record.line, checked.notation
        )?;
        self.stdout
            .write_all(diagram::text(position, self.glyphs).as_bytes())?;
        if let Some(path) = &self.svg {
            let path = numbered(path, self.drawn);
            std::fs::write(&path, diagram::svg(position)).map_err(|error| {
                io::Error::new(error.kind(), format!("{}: {error}", path.display()))
            })?;
        }
        Ok(())
    }
}

/// `board.svg` for the first position, `board-2.svg`, `board-3.svg`... for the next ones.
fn numbered(path: &Path, count: usize) -> PathBuf {
    if count <= 1 {
        return path.to_path_buf();
    }
    let stem = path
        .file_stem()
        .map_or_else(String::new, |stem| stem.to_string_lossy().into_owned());
    let name = match path.extension() {
        Some(extension) => format!("{stem}-{count}.{}", extension.to_string_lossy()),
        None => format!("{stem}-{count}"),
    };
    path.with_file_name(name)
}
