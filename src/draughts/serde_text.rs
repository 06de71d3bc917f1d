//! `serde` for draughts values, read back only as the parser would read them.
//!
//! - A [`Square`] is its text (`"31"`, `"a1"`), and deserializes only when some board of the
//!   PDN GameType table has it (numbers from 1 to 72, files `a` to `j`, ranks 1 to 8).
//! - A [`DraughtsFen`] is `{"board": "english", "fen": "B:B1-12:W21-32"}`: the FEN text alone
//!   does not say which board it is on, and the board decides how its squares are read. The
//!   Lidraughts counters, which the FEN text never writes, follow as `halfmove_clock` and
//!   `fullmove_number` when present. It deserializes through the strict parser on that board.

use std::borrow::Cow;

use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::fen::{DraughtsFen, NOTATION};
use crate::options::ParseOptions;
use crate::primitives::number::{LeadingZeros, check_number};
use crate::settings::Board;
use crate::settings::Square;

/// A number from 1 to 255 without a leading zero (`1`, `31`; not `01` or `0`).
fn number(digits: &[u8]) -> Option<u8> {
    let value = check_number(digits, u64::from(u8::MAX), LeadingZeros::Rejected).ok()?;
    u8::try_from(value).ok().filter(|&n| n != 0)
}

/// The square `text` names, if some board has it.
fn square(text: &str) -> Option<Square> {
    let square = match text.as_bytes() {
        [file @ b'a'..=b'z', rank @ ..] => Square::Alpha {
            file: file - b'a',
            rank: number(rank)?.checked_sub(1)?,
        },
        digits => Square::Number(number(digits)?),
    };
    Board::ALL
        .iter()
        .any(|board| board.index(square).is_some())
        .then_some(square)
}

impl Serialize for Square {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Square {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = <Cow<'de, str>>::deserialize(deserializer)?;
        square(&text).ok_or_else(|| {
            D::Error::custom(format!(
                "{text:?} is not a draughts square (1 to 72, or a1 to j8)"
            ))
        })
    }
}

/// The serde form of a [`DraughtsFen`].
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct FenOnBoard<'a> {
    board: Board,
    #[serde(borrow)]
    fen: Cow<'a, str>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    halfmove_clock: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    fullmove_number: Option<u32>,
}

impl Serialize for DraughtsFen {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        FenOnBoard {
            board: self.board,
            fen: Cow::Owned(self.to_string()),
            halfmove_clock: self.halfmove_clock,
            fullmove_number: self.fullmove_number,
        }
        .serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for DraughtsFen {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let form = FenOnBoard::deserialize(deserializer)?;
        let record = form.fen.as_bytes();
        let options = ParseOptions::strict().with_draughts_board(form.board);
        let mut fen = DraughtsFen::parse(record, &options)
            .into_result(NOTATION, record)
            .map_err(D::Error::custom)?;
        fen.halfmove_clock = form.halfmove_clock;
        fen.fullmove_number = form.fullmove_number;
        Ok(fen)
    }
}

#[cfg(test)]
mod tests {
    use super::number;

    #[test]
    fn a_square_number_has_no_leading_zero_and_fits_a_byte() {
        assert_eq!(number(b"31"), Some(31));
        assert_eq!(number(b"255"), Some(255));
        for wrong in [&b""[..], b"0", b"01", b"256", b"3a", b"+3"] {
            assert_eq!(number(wrong), None, "{wrong:?}");
        }
    }
}
