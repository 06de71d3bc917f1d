//! `serde` support for the position values: each is written as its canonical text and read back
//! with its strict `FromStr`, so a serialised position is the notation itself.

/// Implements `Serialize` (canonical text) and `Deserialize` (strict parse) for a position type.
macro_rules! as_text {
    ($($kind:ty),*) => {$(
        impl serde::Serialize for $kind {
            fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.collect_str(self)
            }
        }

        impl<'de> serde::Deserialize<'de> for $kind {
            fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                let text = <std::borrow::Cow<'de, str> as serde::Deserialize>::deserialize(deserializer)?;
                text.parse().map_err(serde::de::Error::custom)
            }
        }
    )*};
}

as_text!(crate::Fen, crate::Epd);
