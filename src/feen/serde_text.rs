//! `serde` for the FEEN fields that have no `FromStr` of their own: a [`Placement`] is its
//! placement field (`"rn/pp//RN/PP"`), [`Hands`] its hands field (`"3P/+b"`, `"/"`). Both are
//! read back through the strict FEEN parser, so what deserializes is what the parser accepts.

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::serde_text::{as_text, field_through_parser};

use super::board::Placement;
use super::feen::Feen;
use super::types::Hands;

as_text!(super::Feen, super::Piece, super::Style, super::StyleTurn);

impl Serialize for Placement {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Placement {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        field_through_parser::<_, Feen>(deserializer, "FEEN placement", |text| {
            format!("{text} / C/c")
        })
        .map(|feen| feen.placement)
    }
}

impl Serialize for Hands {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Hands {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        field_through_parser::<_, Feen>(deserializer, "FEEN hands field", |text| {
            format!("1 {text} C/c")
        })
        .map(|feen| feen.hands)
    }
}
