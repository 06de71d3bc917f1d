//! The fast path over move text: an automaton that skips whitespace, common moves and the
//! `{` comments that close on their line, eight bytes a step, and hands any other token to the
//! scanner's token-by-token loop where it stands.

use super::lines::{bytes_of, word, zeros};
use super::movetext::skip_common_moves_by_token;

/// The states of [`skip_common_moves`]' automaton over bytes. Each is the shift of its field
/// in a row of [`STEPS`], where its next state is kept.
mod state {
    /// Between tokens (the start).
    pub(super) const BETWEEN: u32 = 0;
    /// In the digits of a move number.
    pub(super) const NUMBER: u32 = 6;
    /// In the dots after a move number.
    pub(super) const DOTS: u32 = 12;
    /// After the piece letter that starts a move.
    pub(super) const PIECE: u32 = 18;
    /// In the body of a move, its last byte no digit.
    pub(super) const BODY: u32 = 24;
    /// In the body of a move, its last byte a digit.
    pub(super) const RANK: u32 = 30;
    /// In the suffixes after a move.
    pub(super) const SUFFIXES: u32 = 36;
    /// The token is no common move, or ends in a byte that is no whitespace: a trap.
    pub(super) const OTHER: u32 = 42;
    /// A `{` where a token may end: a comment starts (a trap).
    pub(super) const COMMENT: u32 = 48;
}

/// For each byte, the next state of the automaton from each state, in the 6-bit field at the
/// state's shift: a step is one load that does not wait for the state, then a shift, so the
/// chain from byte to byte is short (the shift-based automaton).
static STEPS: [u64; 256] = steps();

#[allow(clippy::indexing_slicing)] // evaluated at compile time: an out-of-range index fails the build
const fn steps() -> [u64; 256] {
    use state::*;
    let mut table = [0; 256];
    let mut b = 0;
    while b < 256 {
        let byte = b as u8;
        // (from, to) for this byte; every other state goes to OTHER.
        let moves: &[(u32, u32)] = match byte {
            b' ' | b'\t' | b'\x0c' | b'\r' => &[
                (BETWEEN, BETWEEN),
                (DOTS, BETWEEN),
                (RANK, BETWEEN),
                (SUFFIXES, BETWEEN),
            ],
            b'0'..=b'9' => &[
                (BETWEEN, NUMBER),
                (NUMBER, NUMBER),
                (PIECE, RANK),
                (BODY, RANK),
                (RANK, RANK),
            ],
            b'.' => &[(NUMBER, DOTS), (DOTS, DOTS)],
            b'a'..=b'z' => &[(BETWEEN, BODY), (PIECE, BODY), (BODY, BODY), (RANK, BODY)],
            b'K' | b'Q' | b'R' | b'B' | b'N' | b'P' => &[(BETWEEN, PIECE)],
            b'-' | b'=' => &[(BODY, BODY), (RANK, BODY)],
            b'@' | b':' => &[(PIECE, BODY), (BODY, BODY), (RANK, BODY)],
            b'!' | b'?' | b'+' | b'#' => &[(RANK, SUFFIXES), (SUFFIXES, SUFFIXES)],
            b'{' => &[
                (BETWEEN, COMMENT),
                (DOTS, COMMENT),
                (RANK, COMMENT),
                (SUFFIXES, COMMENT),
            ],
            _ => &[],
        };
        let mut row = (COMMENT as u64) << COMMENT;
        let mut from = BETWEEN;
        while from <= OTHER {
            row |= (OTHER as u64) << from;
            from += 6;
        }
        let mut i = 0;
        while i < moves.len() {
            let (from, to) = moves[i];
            row = row & !(63 << from) | (to as u64) << from;
            i += 1;
        }
        table[b] = row;
        b += 1;
    }
    table
}

/// The first byte from `at` of move text that is neither whitespace, a common move
/// ([`common_move_len`](super::movetext::common_move_len)) nor a `{` comment that closes on
/// the line: where the scanner's token-by-token loop goes on, as if it had read all that
/// comes before (comments included) itself.
#[inline]
pub(crate) fn skip_move_text(line: &[u8], mut at: usize) -> usize {
    loop {
        let stop = skip_common_moves(line, at);
        if line.get(stop) != Some(&b'{') {
            return stop;
        }
        match comment_end(line.get(stop + 1..).unwrap_or_default()) {
            Some(close) => at = stop + close + 2,
            None => return stop,
        }
    }
}

/// The first `}` of `text`: in its first 32 bytes eight at a time in a word (most comments
/// are short, `{ [%clk 0:05:00] }`, and a vector search pays for its setup on each), then by
/// `memchr`.
#[inline(always)]
fn comment_end(text: &[u8]) -> Option<usize> {
    let mut at = 0;
    for bytes in text.chunks_exact(8).take(4) {
        let marks = zeros(word(bytes) ^ bytes_of(b'}'));
        if marks != 0 {
            return Some(at + marks.trailing_zeros() as usize / 8);
        }
        at += 8;
    }
    memchr::memchr(b'}', text.get(at..)?).map(|close| at + close)
}

/// The first byte from `at` of move text that is neither whitespace nor part of a common move.
/// The automaton reads the bytes eight at a time with no branch: each step is a table load
/// that does not wait for the state and one shift, the state kept in the low bits of a word
/// (the shift takes its count modulo 64, so nothing masks it). Its [`state::OTHER`] and
/// [`state::COMMENT`] are traps, so one test after eight bytes says whether it stopped: at a
/// comment's `{` (the first `{` of those bytes), or at a byte it does not know (a result, a
/// variation, any rarer token), where [`stop_of`] reads the eight bytes again one at a time.
#[inline]
pub(crate) fn skip_common_moves(line: &[u8], at: usize) -> usize {
    let rest = line.get(at..).unwrap_or_default();
    let mut now = u64::from(state::BETWEEN);
    let mut blocks = rest.chunks_exact(8);
    let mut read = at;
    for block in &mut blocks {
        let next = block.iter().fold(now, |now, &b| step(now, b));
        if next & 63 >= u64::from(state::OTHER) {
            if next & 63 == u64::from(state::COMMENT) {
                // The first `{` trapped it, after a token that ends there.
                return read + block.iter().position(|&b| b == b'{').unwrap_or_default();
            }
            return stop_of(line, at, read, now);
        }
        now = next;
        read += 8;
    }
    let last = blocks.remainder().iter().fold(now, |now, &b| step(now, b));
    if ends_between(last) {
        line.len()
    } else {
        stop_of(line, at, read, now)
    }
}

/// Whether the automaton in state `now` at the end of a line stands between tokens or after
/// a common move (the line's end ends it).
#[inline(always)]
fn ends_between(now: u64) -> bool {
    matches!(
        (now & 63) as u32,
        state::BETWEEN | state::DOTS | state::RANK | state::SUFFIXES
    )
}

/// [`skip_common_moves`] from `at` of `line`, the automaton in state `now` at `read`: the
/// token where it stops is read again by [`skip_common_moves_by_token`] (a move that a `(`,
/// `{` or other byte that ends a token follows is still skipped), or the end of the line
/// when it ends between tokens or after a common move.
#[cold]
fn stop_of(line: &[u8], at: usize, read: usize, mut now: u64) -> usize {
    let mut token = if now & 63 == u64::from(state::BETWEEN) {
        read
    } else {
        token_start(line, at, read)
    };
    for (i, &b) in line.get(read..).unwrap_or_default().iter().enumerate() {
        let between = now & 63 == u64::from(state::BETWEEN);
        now = step(now, b);
        if now & 63 >= u64::from(state::OTHER) {
            // A byte that starts no common move (a `{`, a result) stops it where it stands.
            return if between {
                read + i
            } else {
                skip_common_moves_by_token(line, token)
            };
        }
        if between {
            token = read + i;
        }
    }
    if ends_between(now) {
        line.len()
    } else {
        skip_common_moves_by_token(line, token)
    }
}

/// One step of [`skip_common_moves`]' automaton: the state in the low six bits of `now`.
#[inline(always)]
fn step(now: u64, b: u8) -> u64 {
    let row = STEPS.get(usize::from(b)).copied().unwrap_or_default();
    row.wrapping_shr(now as u32)
}

/// The start of the token of `line` that holds the byte before `at`; never before `from`.
fn token_start(line: &[u8], from: usize, mut at: usize) -> usize {
    while at > from
        && line
            .get(at - 1)
            .is_some_and(|b| !matches!(b, b' ' | b'\t' | b'\x0c' | b'\r'))
    {
        at -= 1;
    }
    at
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn the_automaton_agrees_with_the_token_reader_on_every_short_token() {
        let alphabet = b"aehzKNPOZx0189=@:+#!?/.$*- (";
        let mut token = Vec::new();
        for length in 1..=4u32 {
            for mut n in 0..alphabet.len().pow(length) {
                token.clear();
                for _ in 0..length {
                    token.extend(alphabet.get(n % alphabet.len()));
                    n /= alphabet.len();
                }
                let by_token = skip_common_moves_by_token(&token, 0);
                assert_eq!(skip_common_moves(&token, 0), by_token, "{token:?}");
            }
        }
    }

    /// [`skip_move_text`] as the scanner read move text before it: a token at a time, a
    /// comment closed by the first `}` after its `{`.
    fn skip_by_token(line: &[u8], mut at: usize) -> usize {
        loop {
            let stop = skip_common_moves_by_token(line, at);
            if line.get(stop) != Some(&b'{') {
                return stop;
            }
            match line.iter().skip(stop + 1).position(|&b| b == b'}') {
                Some(close) => at = stop + close + 2,
                None => return stop,
            }
        }
    }

    proptest! {
        /// The automaton skips what the token-by-token loop skips, from anywhere in a line.
        #[test]
        fn automaton_agrees(line in "[a-hKQRBNPOZx0-9=@:+#!?/.$*{}();\\[ \t\r\u{c}\u{e9}-]{0,80}", at in 0usize..80) {
            let line = line.as_bytes();
            let at = at.min(line.len());
            prop_assert_eq!(skip_common_moves(line, at), skip_common_moves_by_token(line, at));
            prop_assert_eq!(skip_move_text(line, at), skip_by_token(line, at));
        }

        /// Lines of common moves and comments, as most move text is.
        #[test]
        fn move_text_agrees(line in "((1[0-9]?\\.{1,3}|[a-h][1-8]|[NBRQK][a-h]?x?[a-h][1-8][+#]?|O-O|\\{[ a-z%\\[\\]0-9:{]{0,12}\\}?|1-0|\\(|\\)|;)[ \t]{0,2}){0,30}", at in 0usize..40) {
            let line = line.as_bytes();
            let at = at.min(line.len());
            prop_assert_eq!(skip_common_moves(line, at), skip_common_moves_by_token(line, at));
            prop_assert_eq!(skip_move_text(line, at), skip_by_token(line, at));
        }
    }

    proptest! {
        #[test]
        fn comment_ends_are_found(text in "[a-z }]{0,50}") {
            let text = text.as_bytes();
            prop_assert_eq!(comment_end(text), text.iter().position(|&b| b == b'}'));
        }
    }

    #[test]
    fn skips_comments_that_close() {
        let line = b"1. e4 { [%clk 0:05:00] } 1... e5{x}Nf3 { open";
        assert_eq!(skip_move_text(line, 0), 39);
        assert_eq!(skip_common_moves(line, 0), 6);
        assert_eq!(skip_move_text(b"12.e4 {a} 1-0", 0), 0);
        assert_eq!(skip_move_text(b"e4 {a} 1-0", 0), 7);
        assert_eq!(skip_move_text(b"e4 {a}", 0), 6);
    }
}
