//! Eight bytes judged at once in a `u64` (SIMD within a register): the high bit of each byte
//! that is, or is below, a given byte. Short texts (a tag's value, a JSON key, a FEN's
//! placement) find their first special byte sooner this way than by a vector search, which
//! pays for its setup on each. A borrow only ever marks bytes above a marked one, so the lowest
//! mark of each test is exact: `trailing_zeros() / 8` is the first byte found.

/// The high bit of each byte of a word.
pub(crate) const HIGH: u64 = bytes_of(0x80);

/// `b` in each byte of a word.
pub(crate) const fn bytes_of(b: u8) -> u64 {
    u64::from_ne_bytes([b; 8])
}

/// Eight bytes as a little-endian word (the first byte lowest); 0 for any other count.
#[inline(always)]
pub(crate) fn word(bytes: &[u8]) -> u64 {
    bytes.try_into().map_or(0, u64::from_le_bytes)
}

/// Up to eight bytes as a little-endian word, zeros after them.
#[inline(always)]
pub(crate) fn short_word(bytes: &[u8]) -> u64 {
    bytes
        .iter()
        .rev()
        .fold(0, |word, &b| word << 8 | u64::from(b))
}

/// The high bit of each zero byte of `word`, and none below the first one.
#[inline(always)]
pub(crate) fn zeros(word: u64) -> u64 {
    word.wrapping_sub(bytes_of(1)) & !word & HIGH
}

/// The high bit of each byte of `word` that is `b`, and none below the first one.
#[inline(always)]
pub(crate) fn equal_to(word: u64, b: u8) -> u64 {
    zeros(word ^ bytes_of(b))
}

/// The high bit of each byte of `word` below `limit` (at most 128), and none below the first
/// one.
#[inline(always)]
pub(crate) fn below(word: u64, limit: u8) -> u64 {
    word.wrapping_sub(bytes_of(limit)) & !word & HIGH
}

/// The first byte of `text` that `found` marks in its word, eight bytes a step; the last bytes
/// go in a word of their own, whose padding is never found.
#[inline(always)]
pub(crate) fn first_of(text: &[u8], found: impl Fn(u64) -> u64) -> Option<usize> {
    let mut words = text.chunks_exact(8);
    let mut at = 0;
    for bytes in &mut words {
        let marks = found(word(bytes));
        if marks != 0 {
            return Some(at + marks.trailing_zeros() as usize / 8);
        }
        at += 8;
    }
    let rest = words.remainder();
    let marks = found(short_word(rest)) & !(u64::MAX << (8 * rest.len()));
    (marks != 0).then(|| at + marks.trailing_zeros() as usize / 8)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn the_first_mark_is_the_first_byte(bytes in proptest::array::uniform8(any::<u8>()), b in any::<u8>(), limit in 0u8..=128) {
            let w = word(&bytes);
            let first = |marks: u64| (marks != 0).then(|| marks.trailing_zeros() as usize / 8);
            prop_assert_eq!(first(equal_to(w, b)), bytes.iter().position(|&x| x == b));
            prop_assert_eq!(first(below(w, limit)), bytes.iter().position(|&x| x < limit));
            prop_assert_eq!(short_word(&bytes), w);
        }

        #[test]
        fn first_of_finds_the_first(text in proptest::collection::vec(any::<u8>(), 0..40)) {
            let found = first_of(&text, |w| below(w, 0x20) | equal_to(w, b'"'));
            prop_assert_eq!(found, text.iter().position(|&b| b < 0x20 || b == b'"'));
        }
    }
}
