//! `fenkit show`: draws each valid position in the terminal (the library's text diagrams) and,
//! with `--svg FILE`, as SVG pictures. Records that are not valid are reported in the short
//! format on stderr and not drawn; the exit status is that of `check`.

use std::io::{self, Write};
use std::os::fd::AsFd;
use std::os::unix::fs::MetadataExt;
use std::path::{Path, PathBuf};

use fenkit::diagram::{self, Glyphs};
use fenkit::pgn::GameHeading;
use fenkit::records::{Field, FieldReader, Line, ReadOptions, Record, RecordReader, TableFormat};

use crate::args::{InputArgs, ShowArgs};
use crate::input::{
    Block, LineReader, paths_or_stdin, read_positions, say_when_a_terminal_is_read,
};
use crate::messages;
use crate::report::{Checked, short_record, with_checked};
use crate::terminal::{shown, shown_path};

/// What `show` found: whether a record was invalid or an input failed.
#[derive(Default)]
pub struct ShowOutcome {
    pub some_invalid: bool,
    pub input_failed: bool,
}

/// Draws every record of the inputs, in order. An `--svg` output that is one of the inputs, or
/// that exists without `--force`, is refused before anything is read.
pub fn run(args: &ShowArgs) -> io::Result<ShowOutcome> {
    let svg = match &args.svg {
        Some(path) => {
            let svg = SvgOutput {
                path: path.clone(),
                force: args.force,
                inputs: input_files(&args.input),
            };
            svg.refuse(path)?;
            Some(svg)
        }
        None => None,
    };
    let mut show = Show {
        glyphs: if args.unicode {
            Glyphs::Figurines
        } else {
            Glyphs::Letters
        },
        svg,
        drawn: 0,
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
        let reading = input.reading().headings(true);
        let mut failed = None;
        read_positions(&input.positions, reading, |found| {
            draw_found(self, &mut failed, "-p", found);
        });
        if let Some(error) = failed {
            return Err(error);
        }
        if input.paths.is_empty() && input.positions.is_empty() {
            say_when_a_terminal_is_read();
        }
        for path in paths_or_stdin(&input.paths, !input.positions.is_empty()) {
            let read = LineReader::open(&path, input.records.max_record_bytes).and_then(|source| {
                self.source(source, &path, &reading, input.records.field.as_deref())
            });
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
    svg: Option<SvgOutput>,
    drawn: usize,
    outcome: ShowOutcome,
    stdout: io::StdoutLock<'static>,
}

impl Show {
    /// Draws the records of one input, read as `check` reads it (a game file's FEN tags,
    /// each headed by its game).
    fn source(
        &mut self,
        mut source: LineReader,
        path: &Path,
        reading: &ReadOptions,
        field: Option<&str>,
    ) -> io::Result<()> {
        let mut block = Block::default();
        let mut more = source.fill(&mut block);
        // The first failed write, which ends the input.
        let mut failed = None;
        if let Some(kind) = crate::fields::binary(&block) {
            let found = crate::fields::binary_record(kind, &block);
            draw_found(self, &mut failed, &block.source, found);
            return failed.map_or(Ok(()), Err);
        }
        let path = crate::fields::plain_path(path, &source);
        let games = field.is_none() && reading.is_game_file(Some(&path), &block.start());
        let mut reader = RecordReader::new(*reading, games);
        let mut fields = field.map(|field| {
            let format = TableFormat::of(Some(&path), &block.start());
            FieldReader::new(Field::new(field, format), *reading)
        });
        while more {
            for line in block.lines() {
                let line = Line {
                    number: line.number,
                    text: block.text(line),
                    too_long: line.too_long,
                };
                let each = &mut |found: Record<'_>| {
                    draw_found(self, &mut failed, &block.source, found);
                };
                match fields.as_mut() {
                    Some(fields) => fields.read_line(line, each),
                    None => reader.read_line(line, each),
                }
            }
            if let Some(error) = failed.take() {
                return Err(error);
            }
            if let Some(error) = block.error.take() {
                return Err(error);
            }
            more = source.fill(&mut block);
        }
        // The last game's FEN tags, and a `{` comment still open, as `check` reports it.
        let each = &mut |found: Record<'_>| {
            draw_found(self, &mut failed, &source.name, found);
        };
        match fields.as_mut() {
            Some(fields) => fields.finish(each),
            None => reader.finish(each),
        }
        failed.map_or(Ok(()), Err)
    }

    /// Prints the diagram of a valid record (and writes its SVG), headed by its game when it
    /// is a game's; reports an invalid one.
    fn draw(&mut self, checked: &Checked, game: Option<&GameHeading>) -> io::Result<()> {
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
            "{}:{} ({}){}",
            shown(checked.record.source),
            checked.record.line,
            checked.notation,
            game.map(heading).unwrap_or_default()
        )?;
        self.stdout
            .write_all(diagram::text(position, self.glyphs).as_bytes())?;
        if let Some(svg) = &self.svg {
            svg.write(self.drawn, diagram::svg(position).as_bytes())?;
        }
        Ok(())
    }
}

/// Draws a record found in `source`, unless an earlier write `failed`.
fn draw_found(show: &mut Show, failed: &mut Option<io::Error>, source: &str, found: Record<'_>) {
    if failed.is_some() {
        return;
    }
    let heading = found.heading.clone();
    *failed = with_checked(source, found, |checked| {
        show.draw(&checked, heading.as_ref()).err()
    });
}

/// ` White - Black, Event`: what a game's tags say of it, for the heading of its position.
fn heading(game: &GameHeading) -> String {
    let players = match (&game.white, &game.black) {
        (None, None) => None,
        (white, black) => Some(format!(
            "{} - {}",
            white.as_deref().unwrap_or("?"),
            black.as_deref().unwrap_or("?")
        )),
    };
    let parts: Vec<String> = players.into_iter().chain(game.event.clone()).collect();
    match parts.is_empty() {
        true => String::new(),
        false => format!(" {}", shown(&parts.join(", "))),
    }
}

/// Where `--svg` writes, and what it must not write over.
struct SvgOutput {
    path: PathBuf,
    force: bool,
    /// The device and inode of each input file (standard input too when it is read from a
    /// file).
    inputs: Vec<(u64, u64)>,
}

impl SvgOutput {
    /// An error when `path` must not be written: it is an input, or it exists and `--force`
    /// was not given.
    fn refuse(&self, path: &Path) -> io::Result<()> {
        match std::fs::metadata(path) {
            Ok(existing) => self.refuse_existing(path, &existing),
            Err(_) => Ok(()),
        }
    }

    fn refuse_existing(&self, path: &Path, existing: &std::fs::Metadata) -> io::Result<()> {
        self.refuse_input(path, existing)?;
        if !self.force {
            let name = shown_path(path);
            return Err(io::Error::new(
                io::ErrorKind::AlreadyExists,
                messages::svg_exists(name),
            ));
        }
        Ok(())
    }

    fn refuse_input(&self, path: &Path, existing: &std::fs::Metadata) -> io::Result<()> {
        if self.inputs.contains(&(existing.dev(), existing.ino())) {
            let name = shown_path(path);
            return Err(io::Error::other(messages::svg_is_an_input(name)));
        }
        Ok(())
    }

    /// Writes the picture of the `count`-th drawn position. Without `--force` the file is
    /// created new (one made meanwhile is not replaced); with it, the file opened is looked at
    /// before it is emptied, so an input put in its place meanwhile is not replaced either.
    fn write(&self, count: usize, svg: &[u8]) -> io::Result<()> {
        let path = numbered(&self.path, count);
        let named = |error: io::Error| {
            io::Error::new(error.kind(), format!("{}: {error}", shown_path(&path)))
        };
        let mut options = std::fs::OpenOptions::new();
        options.write(true);
        if self.force {
            options.create(true);
        } else {
            options.create_new(true);
        }
        let mut file = match options.open(&path) {
            Ok(file) => file,
            Err(error) if error.kind() == io::ErrorKind::AlreadyExists => {
                return Err(io::Error::new(
                    error.kind(),
                    messages::svg_exists(shown_path(&path)),
                ));
            }
            Err(error) => return Err(named(error)),
        };
        self.refuse_input(&path, &file.metadata().map_err(named)?)?;
        file.set_len(0).map_err(named)?;
        file.write_all(svg).map_err(named)
    }
}

/// The device and inode of every input file `show` reads: the paths, and standard input when
/// it is read and is a file.
fn input_files(input: &InputArgs) -> Vec<(u64, u64)> {
    let mut files = Vec::new();
    for path in paths_or_stdin(&input.paths, !input.positions.is_empty()) {
        let metadata = if path == Path::new("-") {
            io::stdin()
                .as_fd()
                .try_clone_to_owned()
                .and_then(|stdin| std::fs::File::from(stdin).metadata())
        } else {
            std::fs::metadata(&path)
        };
        if let Ok(metadata) = metadata {
            files.push((metadata.dev(), metadata.ino()));
        }
    }
    files
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
