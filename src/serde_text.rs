//! `serde` support for the position values: each is written as its canonical text and read back
//! with its strict `FromStr`, so a serialised position is the notation itself, and serde never
//! accepts a value the parser would refuse. Each notation applies [`as_text`] to its types, and
//! reads the parts of a position that have no `FromStr` of their own through its parser
//! ([`field_through_parser`]), in `chess/serde_text.rs`, `feen/serde_text.rs`,
//! `draughts/serde_text.rs` and `epd/mod.rs`.

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

pub(crate) use as_text;

/// Reads one field of a notation through the whole record's strict parser: `template` puts the
/// text in place among fixed, valid fields. Text that is empty or holds whitespace is refused
/// first, so it cannot spill into the other fields.
pub(crate) fn field_through_parser<'de, D, T>(
    deserializer: D,
    what: &str,
    template: impl Fn(&str) -> String,
) -> Result<T, D::Error>
where
    D: serde::Deserializer<'de>,
    T: std::str::FromStr,
    T::Err: std::fmt::Display,
{
    use serde::de::Error as _;
    let text = <std::borrow::Cow<'de, str> as serde::Deserialize>::deserialize(deserializer)?;
    if text.is_empty() || text.bytes().any(|byte| byte.is_ascii_whitespace()) {
        return Err(D::Error::custom(format!(
            "{text:?} is not a {what}: it is empty or holds whitespace"
        )));
    }
    template(&text)
        .parse()
        .map_err(|error| D::Error::custom(format!("{text:?} is not a {what}: {error}")))
}
