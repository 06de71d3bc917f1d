//! Where a part of a game file may end, and counting the lines of a piece of it.

use super::block::Block;

/// A part of a game file (see [`LineReader::reading_parts`]) that finds no likely start of a
/// game in this many times a block's bytes, or twice its lines, ends at a line end.
const PART_SLACK: usize = 4;

/// When a part of a game file is full: at `bytes` bytes, or at `lines` lines where blocks hold
/// reports (whose memory grows with the lines).
#[derive(Clone, Copy, Debug)]
pub(super) struct PartLimits {
    pub(super) bytes: usize,
    pub(super) lines: Option<usize>,
}

impl PartLimits {
    /// How many bytes of `buffer` the part in `block`, of `lines` lines so far, takes, and
    /// whether it ends after them: before the first likely start of a game once the part is
    /// full, else at a line end once it holds [`PART_SLACK`] times the bytes or twice the lines
    /// of a full one. `after_cr`: the part ends with a `\r`.
    pub(super) fn part_end(
        self,
        block: &Block,
        lines: usize,
        buffer: &[u8],
        after_cr: bool,
    ) -> (usize, bool) {
        let held = block.bytes.len();
        let line_limit = |limit: usize| {
            let more = limit.checked_sub(lines)?;
            after_line_ends(buffer, more, after_cr)
        };
        let full = self.bytes.saturating_sub(held);
        let full = self
            .lines
            .and_then(line_limit)
            .map_or(full, |at| at.min(full));
        let over_lines = self
            .lines
            .and_then(|limit| line_limit(limit.saturating_mul(2)));
        let end = over_lines.unwrap_or(buffer.len());
        let after = buffer.get(full..end).unwrap_or_default();
        for candidate in memchr::memchr_iter(b'[', after) {
            let at = full + candidate;
            if held + at > 0 && starts_game(block.part_text(), buffer, at) {
                return (at, true);
            }
        }
        if let Some(at) = over_lines {
            return (at, true);
        }
        if held + buffer.len() >= self.bytes.saturating_mul(PART_SLACK)
            && let Some(last) = memchr::memrchr2(b'\n', b'\r', buffer)
        {
            return (last + 1, true);
        }
        (buffer.len(), false)
    }
}

/// Where the `count`-th line of `buffer` ends, its line end included, when `buffer` ends that
/// many (0: at its start); `after_cr`: the byte before `buffer` was a `\r`.
fn after_line_ends(buffer: &[u8], count: usize, after_cr: bool) -> Option<usize> {
    let mut ended = 0;
    let mut at = usize::from(after_cr && buffer.first() == Some(&b'\n'));
    while ended < count {
        let end = at + memchr::memchr2(b'\n', b'\r', buffer.get(at..)?)?;
        at = end
            + if buffer.get(end..end + 2) == Some(b"\r\n") {
                2
            } else {
                1
            };
        ended += 1;
    }
    Some(at)
}

/// Whether the `[` at `at` of `buffer`, read after `before`, likely starts a game: it starts a
/// line after a blank one (empty, or spaces and tabs).
fn starts_game(before: &[u8], buffer: &[u8], at: usize) -> bool {
    // The byte `back` bytes before the `[`.
    let byte = |back: usize| match at.checked_sub(back) {
        Some(i) => buffer.get(i).copied(),
        None => before
            .len()
            .checked_sub(back - at)
            .and_then(|i| before.get(i).copied()),
    };
    let mut back = 1;
    match byte(back) {
        Some(b'\n') if byte(back + 1) == Some(b'\r') => back += 2,
        Some(b'\n' | b'\r') => back += 1,
        _ => return false,
    }
    while matches!(byte(back), Some(b' ' | b'\t')) {
        back += 1;
    }
    matches!(byte(back), Some(b'\n' | b'\r'))
}

/// How many lines `bytes` ends, where `\n`, `\r\n` and a lone `\r` each end a line;
/// `after_cr`: the byte before them was a `\r` (a `\n` first then ends no line of its own).
pub(super) fn count_line_ends(bytes: &[u8], after_cr: bool) -> usize {
    let count = |wanted: u8| count_byte(bytes, wanted);
    let newlines = count(b'\n');
    let joined = usize::from(after_cr && bytes.first() == Some(&b'\n'));
    if memchr::memchr(b'\r', bytes).is_none() {
        return newlines - joined;
    }
    let pairs = bytes.windows(2).filter(|pair| pair == b"\r\n").count();
    newlines + count(b'\r') - pairs - joined
}

/// How many bytes of `bytes` are `wanted`: counted in byte-wide lanes over pieces of at most
/// 255 bytes, which the compiler turns into vector compares and adds.
fn count_byte(bytes: &[u8], wanted: u8) -> usize {
    bytes
        .chunks(255)
        .map(|piece| {
            let hits = piece
                .iter()
                .fold(0u8, |hits, &b| hits.wrapping_add(u8::from(b == wanted)));
            usize::from(hits)
        })
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_line_ends_as_lines_are_cut() {
        for (bytes, after_cr, count) in [
            (&b"a\nb\n"[..], false, 2),
            (b"a\r\nb\r", false, 2),
            (b"\nb\r", true, 1),
            (b"\r\r\n\n", false, 3),
            (b"", true, 0),
        ] {
            assert_eq!(count_line_ends(bytes, after_cr), count, "{bytes:?}");
        }
        let many = b"ab\n".repeat(1000);
        assert_eq!(count_byte(&many, b'\n'), 1000);
    }
}
