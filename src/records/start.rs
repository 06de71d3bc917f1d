//! The start of a text that decides how it is read: whether it is a game file is told by its
//! first [`GAME_FILE_START_LINES`] lines, the same in every front end whatever the pieces its
//! bytes come in.

use std::io::{self, Read};

/// How many first lines of a text decide whether it is a game file: its first significant
/// token must stand in them.
pub const GAME_FILE_START_LINES: usize = 64;

/// The bytes of `text` that decide whether it is a game file: its first
/// [`GAME_FILE_START_LINES`] lines with their line ends; `None` when `text` holds fewer whole
/// lines and more of it may come (`ended` false): read more. A text that ended is its own
/// start when it is shorter.
///
/// ```
/// use fenkit::records::game_file_start;
///
/// let text = "%\n".repeat(70);
/// assert_eq!(game_file_start(text.as_bytes(), false).map(<[u8]>::len), Some(128));
/// assert_eq!(game_file_start(b"% one line\n[Ev", false), None);
/// assert_eq!(game_file_start(b"% one line\n[Ev", true), Some(&b"% one line\n[Ev"[..]));
/// ```
pub fn game_file_start(text: &[u8], ended: bool) -> Option<&[u8]> {
    let mut lines = 0;
    let mut at = 0;
    while lines < GAME_FILE_START_LINES {
        let rest = text.get(at..).unwrap_or_default();
        let Some(end) = memchr::memchr2(b'\n', b'\r', rest) else {
            return ended.then_some(text);
        };
        let crlf = rest.get(end..end + 2) == Some(b"\r\n");
        if rest.get(end) == Some(&b'\r') && end + 1 == rest.len() && !ended {
            // A CR the next bytes may make a CRLF.
            return None;
        }
        at += end + if crlf { 2 } else { 1 };
        lines += 1;
    }
    text.get(..at)
}

/// Whether `text`, a text's start so far, begins a game file by its first significant token
/// ([`is_game_file_start`](crate::pgn::is_game_file_start)): `Some` once its first token, or its
/// first [`GAME_FILE_START_LINES`] lines, or its end (`ended`) decide; `None` while more of it
/// may (a reader that reads in pieces reads on). Only whole lines count until the text ends.
///
/// ```
/// use fenkit::records::starts_game_file;
///
/// assert_eq!(starts_game_file(b"% exported\n\n", false), None);
/// assert_eq!(starts_game_file(b"% exported\n\n", true), Some(false));
/// assert_eq!(starts_game_file(b"% exported\n[Event \"x\"]\n", false), Some(true));
/// assert_eq!(starts_game_file(b"8/8/8/8/8/8/8/4K2k w - - 0 1\n", false), Some(false));
/// ```
pub fn starts_game_file(text: &[u8], ended: bool) -> Option<bool> {
    let start = game_file_start(text, ended);
    let lines = start.unwrap_or_else(|| {
        let end = memchr::memrchr2(b'\n', b'\r', text).map_or(0, |end| end + 1);
        text.get(..end).unwrap_or_default()
    });
    match crate::pgn::first_token_is_tag(lines) {
        Some(verdict) => Some(verdict),
        None => start.map(|_| false),
    }
}

/// Reads the first bytes of `source` that decide whether it is a game file
/// ([`starts_game_file`]), whatever pieces its reads return: for a reader that must decide
/// before it reads on (the rest follows these bytes).
pub fn read_game_file_start(source: &mut impl Read) -> io::Result<Vec<u8>> {
    let mut start = Vec::new();
    let mut piece = [0; 8 * 1024];
    loop {
        if starts_game_file(&start, false).is_some() {
            return Ok(start);
        }
        match source.read(&mut piece) {
            Ok(0) => return Ok(start),
            Ok(count) => start.extend_from_slice(piece.get(..count).unwrap_or_default()),
            Err(error) if error.kind() == io::ErrorKind::Interrupted => {}
            Err(error) => return Err(error),
        }
    }
}
