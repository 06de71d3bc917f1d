//! Where records come from: `-p` arguments, files and standard input.
//!
//! Files and standard input are read in blocks of whole lines, so memory does not grow with the
//! size of a file. LF, CRLF and a lone CR each end a line (universal newlines). A line longer
//! than the maximum record length is not kept: its first bytes and its length are, and it becomes
//! one `fenkit::input::record_too_long` diagnostic.

//!
//! [`block`] holds the lines read, [`reader`] reads them, [`parts`] says where a part of a
//! game file may end.

mod block;
mod parts;
mod reader;
mod rows;

use std::io::{self, IsTerminal, Write};
use std::path::PathBuf;

pub use block::{Block, Layout, Line, Part};
pub use reader::LineReader;

/// One record and where it was found.
#[derive(Clone, Copy, Debug)]
pub struct Record<'a> {
    /// `PATH`, `-` for standard input, `-p` for a command-line record.
    pub source: &'a str,
    /// 1-based line in the source (for `-p`, the position of the argument).
    pub line: usize,
    /// The record without its line ending.
    pub text: &'a [u8],
}

/// With no input named and a terminal as stdin, says on stderr that records are read from it,
/// rather than waiting in silence.
pub fn say_when_a_terminal_is_read() {
    if io::stdin().is_terminal() {
        let _ = writeln!(
            io::stderr(),
            "fenkit: reading records from standard input, one per line (end with Ctrl-D; \
             `fenkit help` shows the usage)"
        );
    }
}

/// Reads the `-p` records, each as given (numbered by its place among them), and hands each
/// to `each`: the one place `check`, `fmt` and `show` read them.
pub fn read_positions(
    positions: &[String],
    options: fenkit::records::ReadOptions,
    mut each: impl FnMut(fenkit::records::Record<'_>),
) {
    for (index, position) in positions.iter().enumerate() {
        each(fenkit::records::read_one(
            index + 1,
            position.as_bytes(),
            &options,
        ));
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
