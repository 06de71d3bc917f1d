//! `fenkit fix` (and `fenkit fmt --check`): rewrites files in place with the safe fixes of
//! their diagnostics and each valid record in canonical form, or, with `--check`, lists what
//! would change and exits 1.
//!
//! A line changes only when the fixes make it valid: a record that stays invalid, a comment, a
//! blank line and each line ending (LF, CRLF) stay byte for byte. In a PDN game file the FEN tag
//! pairs and setup commands get their safe fixes (on the board of their game) but keep their
//! wrapping, as the rest of the line does (and so do tag pairs in other files). Files are streamed
//! line by line into a temporary file next to the original, which replaces it only when something
//! changed.

use std::fs::{self, File};
use std::io::{self, BufRead, BufReader, BufWriter, Write};
use std::path::{Path, PathBuf};

use fenkit::draughts::PdnScanner;
use fenkit::{Diagnostic, Fix, Notation, ParseOptions, Parsed, parse_any};

use crate::args::FixArgs;
use crate::input::{is_comment, is_tag_or_setup};

/// A record is fixed at most this many times (each fix removes a diagnostic, and a record has
/// at most `MAX_DIAGNOSTICS`).
const MAX_ROUNDS: usize = fenkit::MAX_DIAGNOSTICS;

/// What happened to the files.
#[derive(Debug, Default)]
pub struct FixOutcome {
    /// Lines changed (or, with `--check`, that would change).
    pub changed: u64,
    /// Records still invalid, left as they are.
    pub invalid: u64,
    /// Whether a file could not be read or written.
    pub input_failed: bool,
}

/// How the records of every file are read (also the language server's formatting).
pub struct Fixer {
    pub notation: Option<Notation>,
    pub options: ParseOptions,
}

/// Runs `fenkit fix` (or `fmt --check` when `check`).
pub fn run(args: &FixArgs, check: bool) -> io::Result<FixOutcome> {
    let mut options = ParseOptions::strict();
    if !args.syntax_only {
        options = options.validated();
    }
    if let Some(board) = args.board {
        options = options.with_draughts_board(board);
    }
    options = options.with_castling(args.castling.castling());
    let fixer = Fixer {
        notation: args.notation.notation(),
        options,
    };
    let mut outcome = FixOutcome::default();
    let stdout = &mut io::stdout().lock();
    let paths = if args.paths.is_empty() {
        crate::input::say_when_a_terminal_is_read();
        vec![PathBuf::from("-")]
    } else {
        args.paths.clone()
    };
    for path in &paths {
        let result = if path == Path::new("-") {
            let mut input = io::stdin().lock();
            fixer.reads_as_pdn("-", &mut input).and_then(|pdn| {
                // Empty: reading again would wait for a second Ctrl-D on a terminal.
                let Some(pdn) = pdn else { return Ok(()) };
                if check {
                    let listing = Some(&mut *stdout as &mut dyn Write);
                    fixer.fix(input, io::sink(), "-", pdn, listing, &mut outcome)
                } else {
                    fixer.fix(input, &mut *stdout, "-", pdn, None, &mut outcome)
                }
            })
        } else {
            fixer.fix_file(path, check, stdout, &mut outcome)
        };
        if let Err(error) = result {
            if error.kind() == io::ErrorKind::BrokenPipe {
                // The reader went away (`fenkit fmt --check big.fen | head`): the verdict so far.
                return Ok(outcome);
            }
            let _ = writeln!(std::io::stderr(), "fenkit: {}: {error}", path.display());
            outcome.input_failed = true;
        }
    }
    match stdout.flush() {
        Err(error) if error.kind() == io::ErrorKind::BrokenPipe => return Ok(outcome),
        other => other?,
    }
    let verb = if check { "would change" } else { "changed" };
    let _ = writeln!(
        io::stderr(),
        "{} {verb}, {} invalid record{} left as {}",
        plural_lines(outcome.changed),
        outcome.invalid,
        if outcome.invalid == 1 { "" } else { "s" },
        if outcome.invalid == 1 {
            "it is"
        } else {
            "they are"
        },
    );
    Ok(outcome)
}

fn plural_lines(count: u64) -> String {
    format!("{count} line{}", if count == 1 { "" } else { "s" })
}

impl Fixer {
    /// Fixes `path` in place, or lists its changes to `listing` when `check`.
    fn fix_file(
        &self,
        path: &Path,
        check: bool,
        listing: &mut impl Write,
        outcome: &mut FixOutcome,
    ) -> io::Result<()> {
        let mut input = BufReader::new(File::open(path)?);
        let name = path.display().to_string();
        let Some(pdn) = self.reads_as_pdn(&name, &mut input)? else {
            return Ok(()); // an empty file: nothing to fix
        };
        if check {
            return self.fix(input, io::sink(), &name, pdn, Some(listing), outcome);
        }
        let temporary = temporary_path(path);
        let before = outcome.changed;
        let written = (|| {
            let mut output = BufWriter::new(File::create(&temporary)?);
            self.fix(input, &mut output, &name, pdn, None, outcome)?;
            output
                .into_inner()
                .map_err(io::IntoInnerError::into_error)?
                .sync_all()
        })();
        let replaced = written.and_then(|()| {
            if outcome.changed == before {
                return fs::remove_file(&temporary);
            }
            fs::set_permissions(&temporary, fs::metadata(path)?.permissions())?;
            fs::rename(&temporary, path)
        });
        if replaced.is_err() {
            let _ = fs::remove_file(&temporary);
        }
        replaced
    }

    /// Whether the input `name` holds PDN games, as `fenkit check` decides: a `.pdn` file,
    /// `--notation pdn`, or, with the notation detected, a first record that is a tag pair
    /// (looked for in what `input` has buffered, without consuming it). `None`: the input is
    /// empty.
    fn reads_as_pdn(&self, name: &str, input: &mut impl BufRead) -> io::Result<Option<bool>> {
        let buffered = input.fill_buf()?;
        if buffered.is_empty() {
            return Ok(None);
        }
        if is_pdn_name(name) || self.notation == Some(Notation::Pdn) {
            return Ok(Some(true));
        }
        if self.notation.is_some() {
            return Ok(Some(false));
        }
        let first = buffered
            .split(|&byte| byte == b'\n' || byte == b'\r')
            .find(|line| !is_comment(line));
        Ok(Some(first.is_some_and(|line| {
            line.trim_ascii_start().starts_with(b"[")
        })))
    }

    /// Copies `input` (the file `name`; PDN games when `pdn`) to `output` with each line
    /// fixed; lists each change to `listing` (`NAME:LINE:`, `-old`, `+new`) when given.
    pub fn fix(
        &self,
        mut input: impl BufRead,
        mut output: impl Write,
        name: &str,
        pdn: bool,
        mut listing: Option<&mut dyn Write>,
        outcome: &mut FixOutcome,
    ) -> io::Result<()> {
        let mut scanner = pdn.then(|| PdnScanner::new(self.options));
        let mut line = Vec::new();
        let mut number = 0;
        loop {
            line.clear();
            if input.read_until(b'\n', &mut line)? == 0 {
                break;
            }
            number += 1;
            let content_len = line.len() - line_ending_len(&line);
            let (content, ending) = line.split_at(content_len);
            let fixed = match scanner.as_mut() {
                Some(scanner) => self.fix_pdn_line(content, scanner, outcome),
                None => self.fix_record(content, outcome),
            };
            match fixed {
                Some(fixed) if fixed != content => {
                    outcome.changed += 1;
                    if let Some(listing) = listing.as_mut() {
                        writeln!(listing, "{name}:{number}:")?;
                        writeln!(listing, "-{}", String::from_utf8_lossy(content))?;
                        writeln!(listing, "+{}", String::from_utf8_lossy(&fixed))?;
                    }
                    output.write_all(&fixed)?;
                }
                _ => output.write_all(content)?,
            }
            output.write_all(ending)?;
        }
        output.flush()
    }

    /// A record line fixed and in canonical form, or `None` to keep it (a comment, or a
    /// record the safe fixes do not make valid).
    fn fix_record(&self, content: &[u8], outcome: &mut FixOutcome) -> Option<Vec<u8>> {
        if is_comment(content) {
            return None;
        }
        let parse = |text: &[u8]| parse_any(text, self.notation, &self.options).1;
        let fixed = apply_safe_fixes(content.to_vec(), |text| vec![parse(text)]);
        let parsed = parse(&fixed);
        match parsed.value.as_ref().filter(|_| parsed.is_valid()) {
            // A tag pair keeps its wrapping: its fixes only.
            Some(_) if is_tag_or_setup(content) => Some(fixed),
            Some(value) => Some(value.to_string().into_bytes()),
            None => {
                outcome.invalid += 1;
                None
            }
        }
    }

    /// A PDN line with the safe fixes of its FEN tags (warnings' too) applied when they leave
    /// every FEN on it valid; the scanner moves on past the line either way.
    fn fix_pdn_line(
        &self,
        content: &[u8],
        scanner: &mut PdnScanner,
        outcome: &mut FixOutcome,
    ) -> Option<Vec<u8>> {
        let before = scanner.clone();
        let found = scanner.scan_line(content);
        let has_safe_fix = found
            .iter()
            .flat_map(|parsed| parsed.diagnostics.iter())
            .any(|diagnostic| diagnostic.fix().is_some_and(Fix::is_safe));
        if !has_safe_fix {
            outcome.invalid += found.iter().filter(|parsed| !parsed.is_valid()).count() as u64;
            return None;
        }
        let rescan = |text: &[u8]| before.clone().scan_line(text);
        let fixed = apply_safe_fixes(content.to_vec(), rescan);
        let after = rescan(&fixed);
        if after.iter().all(Parsed::is_valid) {
            Some(fixed)
        } else {
            outcome.invalid += after.iter().filter(|parsed| !parsed.is_valid()).count() as u64;
            None
        }
    }
}

/// `text` with safe fixes applied one at a time (each on a fresh parse by `parse`) until none
/// is left.
fn apply_safe_fixes<T>(mut text: Vec<u8>, parse: impl Fn(&[u8]) -> Vec<Parsed<T>>) -> Vec<u8> {
    for _ in 0..MAX_ROUNDS {
        let found = parse(&text);
        let fix = found
            .iter()
            .flat_map(|parsed| parsed.diagnostics.iter())
            .filter_map(Diagnostic::fix)
            .find(|fix| fix.is_safe());
        match fix {
            Some(fix) => text = fix.apply(&text),
            None => break,
        }
    }
    text
}

/// How many bytes of `line` are its ending (`\n`, `\r\n`, or none on a last line).
fn line_ending_len(line: &[u8]) -> usize {
    match line {
        [.., b'\r', b'\n'] => 2,
        [.., b'\n'] => 1,
        _ => 0,
    }
}

fn is_pdn_name(name: &str) -> bool {
    Path::new(name)
        .extension()
        .is_some_and(|extension| extension.eq_ignore_ascii_case("pdn"))
}

/// `.NAME.fenkit-fix` next to `path`, so the rename stays on one file system.
fn temporary_path(path: &Path) -> PathBuf {
    let name = path
        .file_name()
        .map(|name| name.to_string_lossy().into_owned())
        .unwrap_or_default();
    path.with_file_name(format!(".{name}.fenkit-fix"))
}
