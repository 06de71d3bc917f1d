//! `serde` for the parts of a FEN that are values of their own: a [`Board`] is its placement
//! field (`"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"`), [`CastlingRights`] its castling
//! field (`"KQkq"`, `"-"`). Both are read back through the strict FEN parser, so a value that
//! deserializes is one the parser accepts (legality is not checked, as for a parsed [`Fen`]).

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::serde_text::{as_text, field_through_parser};

use super::board::Board;
use super::castling::CastlingRights;
use super::fen::Fen;

as_text!(Fen, super::Square);
use super::write::{castling_text, write_placement};

impl Serialize for Board {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut text = String::with_capacity(71);
        write_placement(self, &mut text);
        serializer.serialize_str(&text)
    }
}

impl<'de> Deserialize<'de> for Board {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        field_through_parser::<_, Fen>(deserializer, "FEN placement", |text| {
            format!("{text} w - - 0 1")
        })
        .map(|fen| fen.board)
    }
}

impl Serialize for CastlingRights {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&castling_text(self))
    }
}

impl<'de> Deserialize<'de> for CastlingRights {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        field_through_parser::<_, Fen>(deserializer, "FEN castling field", |text| {
            format!("8/8/8/8/8/8/8/8 w {text} - 0 1")
        })
        .map(|fen| fen.castling)
    }
}
