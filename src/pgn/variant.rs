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
        // The longest name known is 18 bytes: a longer one is no known name.
        let mut name = [0; 24];
        let mut len = 0;
        for &b in value
            .iter()
            .filter(|b| !matches!(b, b' ' | b'\t' | b'-' | b'_'))
        {
            let Some(slot) = name.get_mut(len) else {
                return VariantRules::Unsupported;
            };
            *slot = b.to_ascii_lowercase();
            len += 1;
        }
        match name.get(..len).unwrap_or_default() {
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
