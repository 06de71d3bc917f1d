//! Whether a file is a game file: its first significant token is a tag pair.

/// Whether `first_bytes` (the start of a file) begin a PGN or PDN game file: after a UTF-8
/// byte order mark, blank lines, `{...}` comments, `;` comments and `%` escape lines, the first
/// token is a tag pair `[Name "`.
///
/// A single `[FEN "..."]` record also starts this way; the caller decides whether one tag
/// line is a file of records or a game file.
///
/// ```
/// use fenkit::pgn::is_game_file_start;
///
/// assert!(is_game_file_start(b"\xEF\xBB\xBF% exported\n{ a comment }\n[Event \"x\"]\n"));
/// assert!(!is_game_file_start(b"8/8/8/8/8/8/8/8 w - - 0 1\n"));
/// assert!(!is_game_file_start(b"[not a tag]"));
/// ```
pub fn is_game_file_start(first_bytes: &[u8]) -> bool {
    first_token_is_tag(first_bytes).unwrap_or(false)
}

/// Whether the first significant token of `first_bytes` is a tag pair (see
/// [`is_game_file_start`]); `None` when the bytes end before a token decides.
pub(crate) fn first_token_is_tag(first_bytes: &[u8]) -> Option<bool> {
    let mut bytes = first_bytes
        .strip_prefix(b"\xEF\xBB\xBF")
        .unwrap_or(first_bytes);
    let mut line_start = true;
    loop {
        match bytes.first() {
            Some(b'\n') => {
                line_start = true;
                bytes = bytes.get(1..).unwrap_or_default();
                continue;
            }
            Some(b' ' | b'\t' | b'\r' | b'\x0c') => {}
            Some(b'{') => {
                let close = memchr::memchr(b'}', bytes)?;
                bytes = bytes.get(close + 1..).unwrap_or_default();
                line_start = false;
                continue;
            }
            Some(b'%') if !line_start => return Some(false),
            Some(b';' | b'%') => {
                let end = memchr::memchr(b'\n', bytes).unwrap_or(bytes.len());
                bytes = bytes.get(end..).unwrap_or_default();
                continue;
            }
            Some(b'[') => return Some(is_tag_start(bytes.get(1..).unwrap_or_default())),
            None => return None,
            _ => return Some(false),
        }
        line_start = false;
        bytes = bytes.get(1..).unwrap_or_default();
    }
}

/// `Name "` (spaces allowed around the name), after a `[`.
fn is_tag_start(bytes: &[u8]) -> bool {
    let blank = |b: &u8| matches!(b, b' ' | b'\t');
    let skip = bytes.iter().take_while(|b| blank(b)).count();
    let rest = bytes.get(skip..).unwrap_or_default();
    let name = rest
        .iter()
        .enumerate()
        .take_while(|&(i, b)| {
            b.is_ascii_alphabetic() || (i > 0 && (b.is_ascii_digit() || *b == b'_'))
        })
        .count();
    let rest = rest.get(name..).unwrap_or_default();
    let skip = rest.iter().take_while(|b| blank(b)).count();
    name > 0 && rest.get(skip) == Some(&b'"')
}
