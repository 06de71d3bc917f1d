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

/// Reads the first bytes of `source` that decide whether it is a game file
/// ([`game_file_start`]), whatever pieces its reads return: for a reader that must decide
/// before it reads on (the rest follows these bytes).
pub fn read_game_file_start(source: &mut impl Read) -> io::Result<Vec<u8>> {
    let mut start = Vec::new();
    let mut piece = [0; 8 * 1024];
    loop {
        if game_file_start(&start, false).is_some() {
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
