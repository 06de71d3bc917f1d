//! The rules a game's `[Variant]` tag chooses for its FEN. Writers spell the same variant in
//! many ways (`Chess960`, `fischerandom`, `Chess 960`), so names are compared without case,
//! spaces, `-` and `_`.

/// The chess rules of a `[Variant]` value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum VariantRules {
    /// Standard chess (also `From Position`, lichess's name for a standard game from a FEN).
    Standard,
    /// Chess960: X-FEN and Shredder-FEN castling.
    Chess960,
    /// A variant fenkit has no game-file rules for (crazyhouse, antichess, ...).
    Unsupported,
}

impl VariantRules {
    /// The rules `value` names.
    pub(crate) fn of(value: &[u8]) -> VariantRules {
        let name: Vec<u8> = value
            .iter()
            .filter(|b| !matches!(b, b' ' | b'\t' | b'-' | b'_'))
            .map(u8::to_ascii_lowercase)
            .collect();
        match name.as_slice() {
            b"" | b"standard" | b"chess" | b"normal" | b"fromposition" => VariantRules::Standard,
            b"chess960"
            | b"960"
            | b"fischerandom"
            | b"fischerrandom"
            | b"fischerrandomchess"
            | b"frc" => VariantRules::Chess960,
            _ => VariantRules::Unsupported,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spellings_of_one_variant_agree() {
        for name in [
            "Chess960",
            "chess 960",
            "Fischerandom",
            "fischerandom",
            "Chess-960",
        ] {
            assert_eq!(
                VariantRules::of(name.as_bytes()),
                VariantRules::Chess960,
                "{name}"
            );
        }
        for name in ["", "Standard", "From Position"] {
            assert_eq!(
                VariantRules::of(name.as_bytes()),
                VariantRules::Standard,
                "{name}"
            );
        }
        for name in [
            "Crazyhouse",
            "Antichess",
            "Atomic",
            "Horde",
            "Racing Kings",
            "Three-check",
            "King of the Hill",
            "xyzzy",
        ] {
            assert_eq!(
                VariantRules::of(name.as_bytes()),
                VariantRules::Unsupported,
                "{name}"
            );
        }
    }
}
