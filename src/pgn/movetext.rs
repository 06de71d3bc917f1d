//! What counts as move text: the tokens of PGN and PDN games outside tags and comments. A line
//! with any other token is read as a record of its own (a FEN standing alone, stray words), so
//! the classes here are the line between "game text" and "not skipped".
//!
//! Move text is: move numbers (`1.`, `1...`, `12.e4`), chess moves in SAN (`Nf3`, `exd6`,
//! `e8=Q+`, `O-O-O`, `0-0`), UCI (`e2e4`, `e7e8q`) and drops (`N@f3`), draughts moves
//! (`32-28`, `28x19x10`, `a3-b4`), the null move (`--`, `Z0`), NAGs (`$1`), suffixes and
//! evaluation signs (`!?`, `+-`, `=`), `...`, and the results `1-0`, `0-1`, `1/2-1/2`, `*`,
//! `2-0`, `0-2`, `1-1`, `0-0`.

/// What a move-text token is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Token {
    /// A move, move number, NAG or annotation.
    Move,
    /// A game result: it ends the game's move text (outside variations).
    Result,
}

/// The bytes that end a token: whitespace and the bytes that start or end other game text.
const fn ends_token(b: u8) -> bool {
    matches!(
        b,
        b' ' | b'\t' | b'\r' | b'\x0c' | b'{' | b'}' | b'(' | b')' | b';' | b'['
    )
}

/// [`ends_token`]'s bytes, in [`CLASSES`].
const END: u8 = 1;
/// Lowercase letters, digits, `-`, `@`, `=` and `:`: the bytes of a move after its first.
const BODY: u8 = 2;
/// The suffixes `!`, `?`, `+` and `#`.
const SUFFIX: u8 = 4;
/// The piece letters `K`, `Q`, `R`, `B`, `N` and `P`.
const PIECE: u8 = 8;
/// Lowercase letters.
const LOWER: u8 = 16;
/// Digits.
const DIGIT: u8 = 32;
/// What may follow a piece letter: lowercase letters, digits, `@` and `:`.
const AFTER_PIECE: u8 = 64;
/// What the fast path over move text needs to know of each byte.
static CLASSES: [u8; 256] = classes();

#[allow(clippy::indexing_slicing)] // evaluated at compile time: an out-of-range index fails the build
const fn classes() -> [u8; 256] {
    let mut table = [0; 256];
    let mut b = 0;
    while b < 256 {
        let byte = b as u8;
        let mut class = 0;
        if ends_token(byte) {
            class |= END;
        }
        if byte.is_ascii_lowercase()
            || byte.is_ascii_digit()
            || matches!(byte, b'-' | b'@' | b'=' | b':')
        {
            class |= BODY;
        }
        if matches!(byte, b'!' | b'?' | b'+' | b'#') {
            class |= SUFFIX;
        }
        if matches!(byte, b'K' | b'Q' | b'R' | b'B' | b'N' | b'P') {
            class |= PIECE;
        }
        if byte.is_ascii_lowercase() {
            class |= LOWER;
        }
        if byte.is_ascii_digit() {
            class |= DIGIT;
        }
        if byte.is_ascii_lowercase() || byte.is_ascii_digit() || matches!(byte, b'@' | b':') {
            class |= AFTER_PIECE;
        }
        table[b] = class;
        b += 1;
    }
    table
}

fn class(b: u8) -> u8 {
    CLASSES.get(usize::from(b)).copied().unwrap_or_default()
}

/// The length of the token at the start of `rest`: up to the first byte that
/// [`ends_token`], at least 1.
#[inline]
pub(crate) fn token_len(rest: &[u8]) -> usize {
    rest.iter()
        .position(|&b| class(b) & END != 0)
        .unwrap_or(rest.len())
        .max(1)
}

/// The length of the token at the start of `rest` when it is one of the common moves that
/// [`is_common_move`] knows (so [`classify`] reads it as [`Token::Move`]), found in one pass
/// over its bytes; `None` for any other token (or a byte that is no token).
#[inline]
pub(crate) fn common_move_len(rest: &[u8]) -> Option<usize> {
    let first = class(*rest.first()?);
    let has = |at: usize, wanted: u8| rest.get(at).is_some_and(|&b| class(b) & wanted != 0);
    let ends_at = |at: usize| rest.get(at).is_none_or(|&b| class(b) & END != 0);
    if first & DIGIT != 0 {
        // A move number: digits, then dots.
        let mut at = 1;
        while has(at, DIGIT) {
            at += 1;
        }
        let digits = at;
        while rest.get(at) == Some(&b'.') {
            at += 1;
        }
        return (at > digits && ends_at(at)).then_some(at);
    }
    if first & LOWER == 0 && (first & PIECE == 0 || !has(1, AFTER_PIECE)) {
        return None;
    }
    let mut at = 1;
    while has(at, BODY) {
        at += 1;
    }
    if !has(at - 1, DIGIT) {
        return None;
    }
    while has(at, SUFFIX) {
        at += 1;
    }
    ends_at(at).then_some(at)
}

/// Where the token at `at` of `line` ends when it is a common move ([`common_move_len`]).
#[inline]
pub(crate) fn common_move_end(line: &[u8], at: usize) -> Option<usize> {
    common_move_len(line.get(at..)?).map(|len| at + len)
}

/// The first byte from `at` that is no whitespace.
#[inline]
pub(crate) fn skip_whitespace(line: &[u8], mut at: usize) -> usize {
    while line
        .get(at)
        .is_some_and(|b| matches!(b, b' ' | b'\t' | b'\x0c' | b'\r'))
    {
        at += 1;
    }
    at
}

/// [`skip_common_moves`] one token at a time.
pub(crate) fn skip_common_moves_by_token(line: &[u8], mut at: usize) -> usize {
    while let Some(&b) = line.get(at) {
        if matches!(b, b' ' | b'\t' | b'\x0c' | b'\r') {
            at += 1;
            continue;
        }
        match common_move_end(line, at) {
            Some(end) => at = end,
            None => break,
        }
    }
    at
}

/// [`classify`], quick for the common tokens (move numbers `12.` and `12...`, moves like
/// `e4`, `Nf3`, `exd5+`, `e2e4`): those it knows are moves in one look at their bytes, the
/// others it hands to [`classify`].
#[inline]
pub(crate) fn classify_quickly(token: &[u8]) -> Option<Token> {
    if is_common_move(token) {
        Some(Token::Move)
    } else {
        classify(token)
    }
}

/// A token that [`classify`] reads as [`Token::Move`], in the shapes that are most of the move
/// text: a move number (digits, then only dots), or a move ending in a rank digit (before its
/// suffixes) that starts with a lowercase file or a piece letter, followed by lowercase
/// letters, digits, `-`, `@`, `=` and `:` (with a piece, the second byte is no `-` or `=`).
/// `false` says nothing: [`classify`] decides.
fn is_common_move(token: &[u8]) -> bool {
    let Some((&first, rest)) = token.split_first() else {
        return false;
    };
    if first.is_ascii_digit() {
        let digits = rest.iter().take_while(|b| b.is_ascii_digit()).count();
        let dots = rest.get(digits..).unwrap_or_default();
        return !dots.is_empty() && dots.iter().all(|&b| b == b'.');
    }
    let kept = token
        .iter()
        .rposition(|&b| class(b) & SUFFIX == 0)
        .map_or(0, |last| last + 1);
    let (Some(core), Some(body)) = (token.get(..kept), token.get(1..kept)) else {
        return false;
    };
    if !core.last().is_some_and(u8::is_ascii_digit) || !body.iter().all(|&b| class(b) & BODY != 0) {
        return false;
    }
    if first.is_ascii_lowercase() {
        return true;
    }
    class(first) & PIECE != 0
        && body.first().is_some_and(|b| {
            b.is_ascii_lowercase() || b.is_ascii_digit() || matches!(b, b'@' | b':')
        })
}

/// The token's class, or `None` when it is not move text.
pub(crate) fn classify(token: &[u8]) -> Option<Token> {
    // `0-0` is also castling: it does not end a chess game.
    if matches!(
        token,
        b"1-0" | b"0-1" | b"1/2-1/2" | b"*" | b"2-0" | b"0-2" | b"1-1"
    ) {
        return Some(Token::Result);
    }
    if let Some(nag) = token.strip_prefix(b"$") {
        return (!nag.is_empty() && nag.iter().all(u8::is_ascii_digit)).then_some(Token::Move);
    }
    if token.iter().all(|b| {
        matches!(
            b,
            b'+' | b'-' | b'=' | b'/' | b'!' | b'?' | b'#' | b'~' | b'.'
        )
    }) {
        return Some(Token::Move);
    }
    let rest = without_move_number(token)?;
    let rest = strip_suffix(rest);
    (rest.is_empty() || is_move(rest)).then_some(Token::Move)
}

/// The token after a move number (`12.`, `12...`); `None` for digits with no `.` that are not
/// a draughts move (`0`, `1`: FEN clocks, not move text).
fn without_move_number(token: &[u8]) -> Option<&[u8]> {
    let digits = token.iter().take_while(|b| b.is_ascii_digit()).count();
    let rest = token.get(digits..).unwrap_or_default();
    if digits == 0 {
        return Some(token);
    }
    let dots = rest.iter().take_while(|&&b| b == b'.').count();
    if dots > 0 {
        return rest.get(dots..);
    }
    // A draughts move starts with a square number.
    is_move(token).then_some(token)
}

/// The move without its `!`, `?`, `+` and `#` suffixes.
fn strip_suffix(token: &[u8]) -> &[u8] {
    let kept = token
        .iter()
        .rposition(|b| !matches!(b, b'!' | b'?' | b'+' | b'#'))
        .map_or(0, |last| last + 1);
    token.get(..kept).unwrap_or_default()
}

/// A move without number and suffixes: castling, the null move, a draughts move of numbered
/// squares, or a chess (or alphanumeric draughts) move of squares, pieces and `x`, `-`, `=`,
/// `@`.
fn is_move(token: &[u8]) -> bool {
    if matches!(
        token,
        b"O-O" | b"O-O-O" | b"0-0" | b"0-0-0" | b"--" | b"Z0" | b"null"
    ) {
        return true;
    }
    match token.first() {
        None => false,
        Some(b) if b.is_ascii_digit() => {
            // `32-28`, `28x19x10`: numbers joined by `-` or `x`.
            token.last().is_some_and(u8::is_ascii_digit)
                && token.iter().any(|b| matches!(b, b'-' | b'x'))
                && token
                    .iter()
                    .all(|b| b.is_ascii_digit() || matches!(b, b'-' | b'x'))
                && !token.windows(2).any(|w| !w.iter().any(u8::is_ascii_digit))
        }
        Some(_) => is_piece_move(token),
    }
}

/// A chess move (`Nbd7`, `exd6`, `e8=Q`, `e7e8q`, `N@f3`) or an alphanumeric draughts move
/// (`a3-b4`, `c3xe5`): an optional piece letter, then lowercase files, digits and `x`, `-`,
/// `@`, `=`, ending in a rank digit or a promotion piece.
fn is_piece_move(token: &[u8]) -> bool {
    let piece = token
        .first()
        .is_some_and(|b| matches!(b, b'K' | b'Q' | b'R' | b'B' | b'N' | b'P'));
    let body = token
        .strip_prefix(b"K")
        .or_else(|| token.strip_prefix(b"Q"))
        .or_else(|| token.strip_prefix(b"R"))
        .or_else(|| token.strip_prefix(b"B"))
        .or_else(|| token.strip_prefix(b"N"))
        .or_else(|| token.strip_prefix(b"P"))
        .unwrap_or(token);
    // A promotion at the end: `=Q`, `Q` after the rank, or UCI's lowercase `q`.
    let body = match body {
        [
            head @ ..,
            b'=',
            b'Q' | b'R' | b'B' | b'N' | b'K' | b'q' | b'r' | b'b' | b'n' | b'k',
        ] => head,
        [
            head @ ..,
            digit,
            b'Q' | b'R' | b'B' | b'N' | b'K' | b'q' | b'r' | b'b' | b'n' | b'k',
        ] if digit.is_ascii_digit() => body.get(..head.len() + 1).unwrap_or_default(),
        _ => body,
    };
    body.last().is_some_and(u8::is_ascii_digit)
        // After a piece letter a rank may come first (`R1d2`).
        && body
            .first()
            .is_some_and(|b| b.is_ascii_lowercase() || *b == b'@' || (piece && (b.is_ascii_digit() || *b == b':')))
        && body
            .iter()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || matches!(b, b'-' | b'@' | b'=' | b':'))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        /// The quick look agrees with the whole classification, on tokens of move-text bytes.
        #[test]
        fn quick_classification_agrees(token in "[a-hKQRBNPOZx0-9=@:+#!?/.$*-]{1,9}") {
            prop_assert_eq!(classify_quickly(token.as_bytes()), classify(token.as_bytes()));
        }

        /// A common move is a token of move text: the whole token, read as a move.
        #[test]
        fn common_moves_are_moves(rest in "[a-hKQRBNPOZx0-9=@:+#!?/.$*{}() -]{1,9}") {
            let rest = rest.as_bytes();
            if let Some(len) = common_move_len(rest) {
                prop_assert_eq!(token_len(rest), len);
                prop_assert_eq!(classify(rest.get(..len).unwrap_or_default()), Some(Token::Move));
            }
        }

        #[test]
        fn token_length_agrees(rest in proptest::collection::vec(any::<u8>(), 0..12)) {
            let len = rest.iter().position(|&b| ends_token(b)).unwrap_or(rest.len()).max(1);
            prop_assert_eq!(token_len(&rest), len);
        }
    }

    #[test]
    fn quick_classification_agrees_on_every_short_token() {
        let alphabet = b"aehzKNPOZx0189=@:+#!?/.$*- (";
        let mut token = Vec::new();
        for length in 1..=4u32 {
            for mut n in 0..alphabet.len().pow(length) {
                token.clear();
                for _ in 0..length {
                    token.extend(alphabet.get(n % alphabet.len()));
                    n /= alphabet.len();
                }
                assert_eq!(classify_quickly(&token), classify(&token), "{token:?}");
                let slow = common_move_len(&token);
                if let Some(len) = slow {
                    assert_eq!(token_len(&token), len, "{token:?}");
                    let token = token.get(..len).unwrap_or_default();
                    assert_eq!(classify(token), Some(Token::Move), "{token:?}");
                }
            }
        }
    }

    #[test]
    fn game_text_is_move_text() {
        for token in [
            "1.", "12...", "1.e4", "e4", "Nf3", "Nbd7", "exd6", "e8=Q+", "e8Q", "O-O-O", "0-0",
            "Qxf7#", "e2e4", "e7e8q", "N@f3", "32-28", "28x19x10", "a3-b4", "c3xe5", "$1", "!?",
            "+-", "--", "...", "Rd1!!", "R1a3", "B:e5", "N1d3", "R8c6",
        ] {
            assert_eq!(classify(token.as_bytes()), Some(Token::Move), "{token}");
        }
        for token in ["1-0", "0-1", "1/2-1/2", "*", "2-0", "0-2", "1-1"] {
            assert_eq!(classify(token.as_bytes()), Some(Token::Result), "{token}");
        }
    }

    #[test]
    fn positions_and_words_are_not() {
        for token in [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR",
            "w",
            "KQkq",
            "0",
            "1",
            "b:w31,k6:b20",
            "X:W31-50:B1-20",
            "W:W31-50:B1-20",
            "hello",
            "$",
            "$x",
            "32--28",
        ] {
            assert_eq!(classify(token.as_bytes()), None, "{token}");
        }
    }
}
