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
pub(crate) fn ends_token(b: u8) -> bool {
    matches!(
        b,
        b' ' | b'\t' | b'\r' | b'\x0c' | b'{' | b'}' | b'(' | b')' | b';' | b'['
    )
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
