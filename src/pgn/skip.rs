//! The fast path over move text: an automaton that skips whitespace, common moves and `{`
//! comments, two bytes a step and sixteen between two tests, and hands any other token to the
//! scanner's token-by-token loop where it stands. Over a line handed in whole
//! ([`skip_move_text`]) a `\r` is whitespace; over the text of many lines
//! ([`skip_move_text_to_line_end`]) it stops at the line's end, so one pass both finds the line
//! and judges its move text.

use super::movetext::skip_common_moves_by_token;
use crate::primitives::word::{equal_to, short_word};

/// The states of the automaton over bytes. Each is the shift of its field in a row of the
/// tables ([`LINE_STEPS`], [`TEXT_STEPS`]), where its next state is kept.
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
    /// Inside a `{` comment, which a `}` closes.
    pub(super) const COMMENT: u32 = 42;
    /// The token is no common move, or ends in a byte that is no whitespace: a trap.
    pub(super) const OTHER: u32 = 48;
    /// A line end where a token may end (over text only): a trap.
    pub(super) const END: u32 = 54;
}

/// The classes of bytes the automaton tells apart: the bytes of a class step every state
/// alike. Sixteen at most, so that two classes make the index of [`LINE_PAIR_STEPS`].
mod class {
    /// A space, a tab or a form feed.
    pub(super) const SPACE: u8 = 0;
    pub(super) const CR: u8 = 1;
    pub(super) const LF: u8 = 2;
    pub(super) const DIGIT: u8 = 3;
    pub(super) const DOT: u8 = 4;
    pub(super) const LOWER: u8 = 5;
    /// `K`, `Q`, `R`, `B`, `N`, `P`.
    pub(super) const PIECE: u8 = 6;
    /// `-`, `=`.
    pub(super) const JOIN: u8 = 7;
    /// `@`, `:`.
    pub(super) const DROP: u8 = 8;
    /// `!`, `?`, `+`, `#`.
    pub(super) const SUFFIX: u8 = 9;
    pub(super) const OPEN: u8 = 10;
    pub(super) const CLOSE: u8 = 11;
    /// Every other byte.
    pub(super) const OTHER: u8 = 12;
}

/// The [`class`] of a byte.
const fn class_of(b: u8) -> u8 {
    match b {
        b' ' | b'\t' | b'\x0c' => class::SPACE,
        b'\r' => class::CR,
        b'\n' => class::LF,
        b'0'..=b'9' => class::DIGIT,
        b'.' => class::DOT,
        b'a'..=b'z' => class::LOWER,
        b'K' | b'Q' | b'R' | b'B' | b'N' | b'P' => class::PIECE,
        b'-' | b'=' => class::JOIN,
        b'@' | b':' => class::DROP,
        b'!' | b'?' | b'+' | b'#' => class::SUFFIX,
        b'{' => class::OPEN,
        b'}' => class::CLOSE,
        _ => class::OTHER,
    }
}

/// For each byte, the next state of the automaton over one line from each state, in the 6-bit
/// field at the state's shift: a step is one load that does not wait for the state, then a
/// shift, so the chain from byte to byte is short (the shift-based automaton).
static LINE_STEPS: [u64; 256] = steps(false);
/// The automaton over text: as [`LINE_STEPS`], but `\n` and `\r` end the line.
static TEXT_STEPS: [u64; 256] = steps(true);
/// Two steps of [`LINE_STEPS`] in one, for each pair of classes (the first byte's in the low
/// four bits, see [`pair_classes`]): half the shifts on the chain, and half the loads.
static LINE_PAIR_STEPS: [u64; 256] = pair_steps(false);
/// Two steps of [`TEXT_STEPS`] in one.
static TEXT_PAIR_STEPS: [u64; 256] = pair_steps(true);

/// The row of a class: the next state from each state, in the field at its shift.
#[allow(clippy::indexing_slicing)] // evaluated at compile time: an out-of-range index fails the build
const fn row(class: u8, line_ends: bool) -> u64 {
    use state::*;
    // (from, to) for this class; every other state goes to OTHER, but a comment goes on and
    // the traps stay.
    let moves: &[(u32, u32)] = match class {
        class::CR | class::LF if line_ends => &[
            (BETWEEN, END),
            (DOTS, END),
            (RANK, END),
            (SUFFIXES, END),
            (COMMENT, OTHER),
        ],
        class::SPACE | class::CR => &[
            (BETWEEN, BETWEEN),
            (DOTS, BETWEEN),
            (RANK, BETWEEN),
            (SUFFIXES, BETWEEN),
        ],
        class::DIGIT => &[
            (BETWEEN, NUMBER),
            (NUMBER, NUMBER),
            (PIECE, RANK),
            (BODY, RANK),
            (RANK, RANK),
        ],
        class::DOT => &[(NUMBER, DOTS), (DOTS, DOTS)],
        class::LOWER => &[(BETWEEN, BODY), (PIECE, BODY), (BODY, BODY), (RANK, BODY)],
        class::PIECE => &[(BETWEEN, PIECE)],
        class::JOIN => &[(BODY, BODY), (RANK, BODY)],
        class::DROP => &[(PIECE, BODY), (BODY, BODY), (RANK, BODY)],
        class::SUFFIX => &[(RANK, SUFFIXES), (SUFFIXES, SUFFIXES)],
        class::OPEN => &[
            (BETWEEN, COMMENT),
            (DOTS, COMMENT),
            (RANK, COMMENT),
            (SUFFIXES, COMMENT),
        ],
        class::CLOSE => &[(COMMENT, BETWEEN)],
        _ => &[],
    };
    let mut row = (COMMENT as u64) << COMMENT | (OTHER as u64) << OTHER | (END as u64) << END;
    let mut from = BETWEEN;
    while from <= SUFFIXES {
        row |= (OTHER as u64) << from;
        from += 6;
    }
    let mut i = 0;
    while i < moves.len() {
        let (from, to) = moves[i];
        row = row & !(63 << from) | (to as u64) << from;
        i += 1;
    }
    row
}

#[allow(clippy::indexing_slicing)] // evaluated at compile time: an out-of-range index fails the build
const fn steps(line_ends: bool) -> [u64; 256] {
    let mut table = [0; 256];
    let mut b = 0;
    while b < 256 {
        table[b] = row(class_of(b as u8), line_ends);
        b += 1;
    }
    table
}

#[allow(clippy::indexing_slicing)] // evaluated at compile time: an out-of-range index fails the build
const fn pair_steps(line_ends: bool) -> [u64; 256] {
    let mut table = [0; 256];
    let mut pair = 0;
    while pair < 256 {
        let (first, second) = (
            row(pair as u8 & 15, line_ends),
            row(pair as u8 >> 4, line_ends),
        );
        // Each state's next after the first byte, then after the second.
        let mut state = state::BETWEEN;
        while state <= state::END {
            let after_first = (first >> state) & 63;
            table[pair] |= ((second >> after_first) & 63) << state;
            state += 6;
        }
        pair += 1;
    }
    table
}

/// For each two bytes read as a little-endian `u16`, their classes: the first byte's in the
/// low four bits. 64 KiB, made at the first use rather than kept in the program (whose
/// WebAssembly build has a size to keep).
fn pair_classes() -> &'static [u8; 1 << 16] {
    static PAIRS: std::sync::OnceLock<Box<[u8; 1 << 16]>> = std::sync::OnceLock::new();
    PAIRS.get_or_init(|| {
        let mut pairs = Box::new([0; 1 << 16]);
        for (two, class) in pairs.iter_mut().enumerate() {
            let [first, second] = (two as u16).to_le_bytes();
            *class = class_of(first) | class_of(second) << 4;
        }
        pairs
    })
}

/// The first byte from `at` of `line` (a whole line, without its line end) that is neither
/// whitespace, a common move ([`common_move_len`](super::movetext::common_move_len)) nor part
/// of a `{` comment that closes on the line: where the scanner's token-by-token loop goes on,
/// as if it had read all that comes before (comments included) itself. A comment left open
/// stops it at its `{`.
#[inline]
pub(crate) fn skip_move_text(line: &[u8], at: usize) -> usize {
    skip::<false>(line, at)
}

/// [`skip_move_text`] over `text` that may hold many lines: it stops at the first line end
/// (`\n` or `\r`) at the latest, where the line's move text has all been skipped, or earlier
/// where [`skip_move_text`] stops on that line (a comment left open at the line's end stops
/// it at its `{`).
#[inline]
pub(crate) fn skip_move_text_to_line_end(text: &[u8], at: usize) -> usize {
    skip::<true>(text, at)
}

/// The bytes [`skip`] reads between two tests of its state.
const BLOCK: usize = 16;

/// The automaton from `at` of `text`, over text of many lines when `LINE_ENDS`. It reads the
/// bytes sixteen at a time with no branch, two a step: each step is the two bytes' classes
/// ([`pair_classes`]) and their row, loads that do not wait for the state, and one shift, the
/// state kept in the low bits of a word (the shift takes its count modulo 64, so nothing masks
/// it). Its [`state::OTHER`] and [`state::END`] are traps, so one test after sixteen bytes says
/// whether it stopped; [`stop_of`] then reads them again one at a time.
#[inline]
fn skip<const LINE_ENDS: bool>(text: &[u8], at: usize) -> usize {
    let steps = if LINE_ENDS { &TEXT_STEPS } else { &LINE_STEPS };
    let pair_steps = if LINE_ENDS {
        &TEXT_PAIR_STEPS
    } else {
        &LINE_PAIR_STEPS
    };
    let pairs = pair_classes();
    let rest = text.get(at..).unwrap_or_default();
    let mut now = u64::from(state::BETWEEN);
    let mut blocks = rest.chunks_exact(BLOCK);
    let mut read = at;
    for block in &mut blocks {
        let next = block.chunks_exact(2).fold(now, |now, two| {
            let two = two.try_into().map_or(0, u16::from_le_bytes);
            let class = pairs.get(usize::from(two)).copied().unwrap_or_default();
            let row = pair_steps
                .get(usize::from(class))
                .copied()
                .unwrap_or_default();
            row.wrapping_shr(now as u32)
        });
        if next & 63 >= u64::from(state::OTHER) {
            return stopped(steps, text, at, read, now, next);
        }
        now = next;
        read += BLOCK;
    }
    let rest = blocks.remainder();
    let last = rest.iter().fold(now, |now, &b| step(steps, now, b));
    if ends_between(last) {
        text.len()
    } else {
        stopped(steps, text, at, read, now, last)
    }
}

/// Where [`skip`] stops in the bytes from `read` of `text`, which the automaton read from the
/// state `now` into `next`, a trap or a state that cannot end the text: at the line end that
/// trapped it (most lines end so), or as [`stop_of`] finds. Kept out
/// of the loop, so that the loop keeps no byte it read.
#[cold]
#[inline(never)]
fn stopped(steps: &[u64; 256], text: &[u8], at: usize, read: usize, now: u64, next: u64) -> usize {
    let bytes = text.get(read..).unwrap_or_default();
    match line_end_in(next, bytes.get(..BLOCK).unwrap_or(bytes)) {
        Some(end) => read + end,
        None => stop_of(steps, text, at, read, now),
    }
}

/// Where the line ends in `bytes`, which the automaton read into the state `now`, when that
/// is [`state::END`]: the first line end of the bytes is the one it stopped at (one before it
/// would have stopped it), found a word at a time. Most lines end so, with no other stop.
#[inline(always)]
fn line_end_in(now: u64, bytes: &[u8]) -> Option<usize> {
    if now & 63 != u64::from(state::END) {
        return None;
    }
    let mut at = 0;
    for bytes in bytes.chunks(8) {
        let word = short_word(bytes);
        let marks = equal_to(word, b'\n') | equal_to(word, b'\r');
        if marks != 0 {
            return Some(at + marks.trailing_zeros() as usize / 8);
        }
        at += 8;
    }
    Some(at)
}

/// Whether the automaton in state `now` at the end of the text stands between tokens or after
/// a common move (the end ends it).
#[inline(always)]
fn ends_between(now: u64) -> bool {
    matches!(
        (now & 63) as u32,
        state::BETWEEN | state::DOTS | state::RANK | state::SUFFIXES
    )
}

/// [`skip`] from `at` of `text`, the automaton in state `now` at `read`, read again a byte at a
/// time: a line end where a token may end stops it there; a comment left open at a line end
/// or at the end of the text stops it at its `{`; the token where it stops otherwise is read
/// again by [`skip_common_moves_by_token`] (a move that a `(` or other byte that ends a token
/// follows is still skipped).
fn stop_of(steps: &[u64; 256], text: &[u8], at: usize, read: usize, mut now: u64) -> usize {
    let mut token = match (now & 63) as u32 {
        state::BETWEEN | state::COMMENT => read,
        _ => token_start(text, at, read),
    };
    for (i, &b) in text.get(read..).unwrap_or_default().iter().enumerate() {
        let before = (now & 63) as u32;
        now = step(steps, now, b);
        let after = (now & 63) as u32;
        if after >= state::OTHER {
            return match before {
                state::COMMENT => open_comment(text, at, read + i),
                // A byte that starts no token (a line end, a stray `}`) stops it where it
                // stands, as does a line end after a move.
                state::BETWEEN => read + i,
                _ if after == state::END => read + i,
                _ => skip_common_moves_by_token(text, token),
            };
        }
        if before == state::BETWEEN {
            token = read + i;
        }
    }
    match (now & 63) as u32 {
        state::COMMENT => open_comment(text, at, text.len()),
        _ if ends_between(now) => text.len(),
        _ => skip_common_moves_by_token(text, token),
    }
}

/// The `{` of the comment still open at `end`, which the automaton read from `at` with no
/// trap: every `}` it met closed a comment, so it is the first `{` after the last `}`.
fn open_comment(text: &[u8], at: usize, end: usize) -> usize {
    let read = text.get(at..end).unwrap_or_default();
    let after_close = read
        .iter()
        .rposition(|&b| b == b'}')
        .map_or(0, |close| close + 1);
    let open = read
        .get(after_close..)
        .unwrap_or_default()
        .iter()
        .position(|&b| b == b'{');
    at + after_close + open.unwrap_or_default()
}

/// One step of the automaton: the state in the low six bits of `now`.
#[inline(always)]
fn step(steps: &[u64; 256], now: u64, b: u8) -> u64 {
    let row = steps.get(usize::from(b)).copied().unwrap_or_default();
    row.wrapping_shr(now as u32)
}

/// The start of the token of `text` that holds the byte before `at`: after the whitespace or
/// the `}` of a comment before it, never before `from`.
fn token_start(text: &[u8], from: usize, mut at: usize) -> usize {
    while at > from
        && text
            .get(at - 1)
            .is_some_and(|b| !matches!(b, b' ' | b'\t' | b'\x0c' | b'\r' | b'}'))
    {
        at -= 1;
    }
    at
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// [`skip_move_text`] as the scanner read move text before the automaton: a token at a
    /// time, a comment closed by the first `}` after its `{`.
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

    /// [`skip_move_text_to_line_end`] by [`skip_by_token`] over the line that holds `at`.
    fn skip_to_line_end_by_token(text: &[u8], at: usize) -> usize {
        let end = text
            .iter()
            .skip(at)
            .position(|&b| matches!(b, b'\n' | b'\r'))
            .map_or(text.len(), |end| at + end);
        skip_by_token(text.get(..end).unwrap_or_default(), at)
    }

    #[test]
    fn the_automaton_agrees_with_the_token_reader_on_every_short_text() {
        let alphabet = b"aehzKNPOZx0189=@:+#!?/.$*- ({}\n\r";
        let mut text = Vec::new();
        for length in 1..=4u32 {
            for mut n in 0..alphabet.len().pow(length) {
                text.clear();
                for _ in 0..length {
                    text.extend(alphabet.get(n % alphabet.len()));
                    n /= alphabet.len();
                }
                assert_eq!(
                    skip_move_text(&text, 0),
                    skip_by_token(&text, 0),
                    "{text:?}"
                );
                assert_eq!(
                    skip_move_text_to_line_end(&text, 0),
                    skip_to_line_end_by_token(&text, 0),
                    "{text:?}"
                );
            }
        }
    }

    proptest! {
        /// The automaton skips what the token-by-token loop skips, from anywhere in a line.
        #[test]
        fn automaton_agrees(line in "[a-hKQRBNPOZx0-9=@:+#!?/.$*{}();\\[ \t\r\n\u{c}\u{e9}-]{0,80}", at in 0usize..80) {
            let line = line.as_bytes();
            let at = at.min(line.len());
            prop_assert_eq!(skip_move_text(line, at), skip_by_token(line, at));
            prop_assert_eq!(skip_move_text_to_line_end(line, at), skip_to_line_end_by_token(line, at));
        }

        /// Lines of common moves and comments, as most move text is, one after the other.
        #[test]
        fn move_text_agrees(line in "((1[0-9]?\\.{1,3}|[a-h][1-8]|[NBRQK][a-h]?x?[a-h][1-8][+#]?|O-O|\\{[ a-z%\\[\\]0-9:{]{0,12}\\}?|1-0|\\(|\\)|;|\n|\r\n)[ \t]{0,2}){0,30}", at in 0usize..40) {
            let line = line.as_bytes();
            let at = at.min(line.len());
            prop_assert_eq!(skip_move_text(line, at), skip_by_token(line, at));
            prop_assert_eq!(skip_move_text_to_line_end(line, at), skip_to_line_end_by_token(line, at));
        }
    }

    #[test]
    fn a_pair_step_is_two_steps() {
        for (pair_steps, steps) in [
            (&LINE_PAIR_STEPS, &LINE_STEPS),
            (&TEXT_PAIR_STEPS, &TEXT_STEPS),
        ] {
            for two in 0..=u16::MAX {
                let [first, second] = two.to_le_bytes();
                let class = pair_classes()
                    .get(usize::from(two))
                    .copied()
                    .unwrap_or_default();
                for state in (state::BETWEEN..=state::END).step_by(6) {
                    let now = u64::from(state);
                    let row = pair_steps
                        .get(usize::from(class))
                        .copied()
                        .unwrap_or_default();
                    let by_pair = row.wrapping_shr(state) & 63;
                    let by_bytes = step(steps, step(steps, now, first), second) & 63;
                    assert_eq!(by_pair, by_bytes, "{first} {second} from {state}");
                }
            }
        }
    }

    #[test]
    fn skips_comments_that_close() {
        let line = b"1. e4 { [%clk 0:05:00] } 1... e5{x}Nf3 { open";
        assert_eq!(skip_move_text(line, 0), 39);
        assert_eq!(skip_move_text(b"12.e4 {a} 1-0", 0), 0);
        assert_eq!(skip_move_text(b"e4 {a} 1-0", 0), 7);
        assert_eq!(skip_move_text(b"e4 {a}", 0), 6);
        assert_eq!(skip_move_text(b"e4 {a\r\nb} Nf3\r", 0), 14);
        // A token right after a comment starts at its `}`, in a block of its own or not.
        for line in [
            &b"{[( ((((((.((((([[([[[[}0"[..],
            b"{ a b c d e }12",
            b"e4 {}Z",
        ] {
            assert_eq!(skip_move_text(line, 0), skip_by_token(line, 0), "{line:?}");
            assert_eq!(skip_move_text_to_line_end(line, 0), skip_by_token(line, 0));
        }
    }

    #[test]
    fn stops_at_the_line_end() {
        let text = b"1. e4 { [%clk 0:05:00] } 1... e5\n[Event \"x\"]";
        assert_eq!(skip_move_text_to_line_end(text, 0), 32);
        assert_eq!(skip_move_text_to_line_end(b"e4 e5\r\nNf3", 0), 5);
        assert_eq!(skip_move_text_to_line_end(b"e4 { open\n} e5", 0), 3);
        assert_eq!(skip_move_text_to_line_end(b"e4 {a} { open\r", 0), 7);
        assert_eq!(skip_move_text_to_line_end(b"e4 O-O\n", 0), 3);
        assert_eq!(skip_move_text_to_line_end(b"Nf\ne4", 0), 0);
    }
}
