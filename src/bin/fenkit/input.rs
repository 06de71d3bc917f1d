//! Where records come from: `-p` arguments, files and standard input, read line by line so
//! memory does not grow with the size of a file.

use std::fs::File;
use std::io::{self, BufRead, BufReader, Read};
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// One record and where it was found.
#[derive(Clone, Debug)]
pub struct Record {
    /// `PATH`, `-` for standard input, `-p` for a command-line record.
    pub source: Arc<str>,
    /// 1-based line in the source (for `-p`, the position of the argument).
    pub line: usize,
    /// The record without its line ending.
    pub text: Vec<u8>,
}

/// Strips `\n`, `\r\n` or a lone `\r` from the end of a line.
pub fn strip_line_end(line: &mut Vec<u8>) {
    if line.last() == Some(&b'\n') {
        line.pop();
    }
    if line.last() == Some(&b'\r') {
        line.pop();
    }
}

/// Blank lines and lines starting with `#` or `%` are comments in record files.
pub fn is_comment(line: &[u8]) -> bool {
    line.iter().all(u8::is_ascii_whitespace) || matches!(line.first(), Some(b'#' | b'%'))
}

/// A PDN tag pair (`[FEN "..."]`) or setup command (`/FEN "..."/`): a record that is more than
/// its FEN value, so rewriting it in canonical form (the bare value) would lose the wrapping.
pub fn is_tag_or_setup(record: &[u8]) -> bool {
    let record = record.trim_ascii_start();
    record.starts_with(b"[") || record.starts_with(b"/FEN")
}

/// An open input: a file or standard input, read line by line.
pub struct LineSource {
    pub name: Arc<str>,
    reader: Box<dyn BufRead + Send>,
    line: usize,
    /// The total size in bytes when known (for the progress bar).
    pub size: Option<u64>,
}

impl LineSource {
    pub fn open(path: &Path) -> io::Result<LineSource> {
        if path == Path::new("-") {
            return Ok(LineSource::stdin());
        }
        let file = File::open(path)?;
        let size = file.metadata().ok().map(|m| m.len());
        Ok(LineSource {
            name: Arc::from(path.display().to_string()),
            reader: Box::new(BufReader::with_capacity(1 << 16, file)),
            line: 0,
            size,
        })
    }

    pub fn stdin() -> LineSource {
        let stdin: Box<dyn Read + Send> = Box::new(io::stdin());
        LineSource {
            name: Arc::from("-"),
            reader: Box::new(BufReader::with_capacity(1 << 16, stdin)),
            line: 0,
            size: None,
        }
    }

    /// The next line (without its ending) and its number, or `None` at the end; also returns
    /// how many bytes were consumed.
    pub fn next_line(&mut self, buffer: &mut Vec<u8>) -> io::Result<Option<(usize, usize)>> {
        buffer.clear();
        let read = self.reader.read_until(b'\n', buffer)?;
        if read == 0 {
            return Ok(None);
        }
        self.line += 1;
        strip_line_end(buffer);
        Ok(Some((self.line, read)))
    }
}

/// The inputs named on the command line, in order: `-p` records first, then paths.
pub fn paths_or_stdin(paths: &[PathBuf], has_positions: bool) -> Vec<PathBuf> {
    if paths.is_empty() && !has_positions {
        vec![PathBuf::from("-")]
    } else {
        paths.to_vec()
    }
}
