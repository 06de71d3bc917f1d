//! `fenkit show`: draws each valid position in the terminal (the library's text diagrams) and,
//! with `--svg FILE`, as SVG pictures. Records that are not valid are reported in the short
//! format on stderr and not drawn; the exit status is that of `check`.

use std::io::{self, Write};
use std::path::{Path, PathBuf};

use fenkit::diagram::{self, Glyphs};
use fenkit::draughts::PdnScanner;
use fenkit::{Notation, ParseOptions, Position, parse_any};

use crate::args::{InputArgs, ShowArgs};
use crate::input::{
    Block, LineReader, Record, is_comment, paths_or_stdin, reads_as_pdn, record_too_long,
    say_when_a_terminal_is_read,
};
use crate::report::{Checked, short_record};
use crate::terminal::{shown, shown_path};

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
        max_record_bytes: args.input.max_record_bytes,
        outcome: ShowOutcome::default(),
        stdout: io::stdout().lock(),
    };
    match show.all(&args.input) {
        // The reader went away (`fenkit show big.fen | head`): the verdict of what was read.
        Err(error) if error.kind() == io::ErrorKind::BrokenPipe => {}
        other => other?,
    }
    Ok(show.outcome)
}

impl Show {
    /// Draws the `-p` records, then every input; stops at the first output error.
    fn all(&mut self, input: &InputArgs) -> io::Result<()> {
        let (notation, options) = input.reading();
        for (index, position) in input.positions.iter().enumerate() {
            let record = Record {
                source: "-p",
                line: index + 1,
                text: position.as_bytes(),
            };
            let (found, parsed) = parse_any(record.text, notation, &options);
            self.draw(&Checked {
                record,
                notation: found,
                detected: notation.is_none(),
                parsed,
            })?;
        }
        if input.paths.is_empty() && input.positions.is_empty() {
            say_when_a_terminal_is_read();
        }
        for path in paths_or_stdin(&input.paths, !input.positions.is_empty()) {
            let read = LineReader::open(&path, input.max_record_bytes)
                .and_then(|source| self.source(source, &path, notation, &options));
            if let Err(error) = read {
                if error.kind() == io::ErrorKind::BrokenPipe {
                    return Err(error);
                }
                let (path, error) = (shown_path(&path), shown(&error.to_string()).into_owned());
                let _ = writeln!(std::io::stderr(), "fenkit: {path}: {error}");
                self.outcome.input_failed = true;
            }
        }
        self.stdout.flush()
    }
}

struct Show {
    glyphs: Glyphs,
    svg: Option<PathBuf>,
    drawn: usize,
    /// Lines longer than this are reported, not read (`--max-record-bytes`).
    max_record_bytes: usize,
    outcome: ShowOutcome,
    stdout: io::StdoutLock<'static>,
}

impl Show {
    /// Draws the records of one input: its PDN games' FEN tags when it reads as PDN (as
    /// `check` decides), else one record a line.
    fn source(
        &mut self,
        mut source: LineReader,
        path: &Path,
        notation: Option<Notation>,
        options: &ParseOptions,
    ) -> io::Result<()> {
        let mut block = Block::default();
        let mut more = source.fill(&mut block);
        let mut games = reads_as_pdn(path, &block, notation).then(|| PdnScanner::new(*options));
        while more {
            for line in &block.lines {
                let text = block.text(line);
                let record = Record {
                    source: &block.source,
                    line: line.number,
                    text,
                };
                if let Some(scanner) = games.as_mut() {
                    for parsed in scanner.scan_line(text) {
                        self.draw(&Checked {
                            record,
                            notation: Notation::Pdn,
                            detected: false,
                            parsed: parsed.map(Position::Draughts),
                        })?;
                    }
                    continue;
                }
                if is_comment(text) {
                    continue;
                }
                let (found, parsed) = match line.too_long {
                    Some(length) => (
                        notation.unwrap_or(Notation::Fen),
                        fenkit::Parsed::new(
                            None,
                            vec![record_too_long(length, self.max_record_bytes)],
                        ),
                    ),
                    None => parse_any(text, notation, options),
                };
                self.draw(&Checked {
                    record,
                    notation: found,
                    detected: notation.is_none(),
                    parsed,
                })?;
            }
            if let Some(error) = block.error.take() {
                return Err(error);
            }
            more = source.fill(&mut block);
        }
        // A `{` comment still open at the end is reported, as `check` reports it.
        if let Some(end) = games.as_mut().and_then(PdnScanner::finish) {
            self.draw(&Checked {
                record: Record {
                    source: &source.name,
                    line: end.line,
                    text: &end.text,
                },
                notation: Notation::Pdn,
                detected: false,
                parsed: end.parsed.map(Position::Draughts),
            })?;
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
            shown(checked.record.source),
            checked.record.line,
            checked.notation
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
