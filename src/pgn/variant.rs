//! The rules a game's `[Variant]` tag chooses for its FEN. Writers spell the same variant in
//! many ways (`Chess960`, `fischerandom`, `Racing Kings`, `3check`), so names are read by
//! [`Variant::from_name`]: without case, spaces, `-` and `_`, in lichess's and python-chess's
//! spellings.

use crate::options::{Castling, Variant};

/// The chess rules of a `[Variant]` value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum VariantRules {
    /// The rules of `variant` (chess for `Standard`, empty, `From Position`), with Chess960
    /// castling when the name says so (`Chess960`, `fischerandom`).
    Chess { variant: Variant, chess960: bool },
    /// A variant fenkit has no rules for (shogi, xiangqi, an unknown name).
    Unsupported,
}

impl VariantRules {
    /// The rules `value` names.
    pub(crate) fn of(value: &[u8]) -> VariantRules {
        let name = std::str::from_utf8(value).ok();
        match name.and_then(Variant::from_name) {
            Some((variant, castling)) => VariantRules::Chess {
                variant,
                chess960: castling == Some(Castling::Chess960),
            },
            None => VariantRules::Unsupported,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chess(variant: Variant, chess960: bool) -> VariantRules {
        VariantRules::Chess { variant, chess960 }
    }

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
                chess(Variant::Chess, true),
                "{name}"
            );
        }
        for name in ["", "Standard", "From Position"] {
            assert_eq!(
                VariantRules::of(name.as_bytes()),
                chess(Variant::Chess, false),
                "{name}"
            );
        }
        for (name, variant) in [
            ("Crazyhouse", Variant::Crazyhouse),
            ("Antichess", Variant::Antichess),
            ("Atomic", Variant::Atomic),
            ("Horde", Variant::Horde),
            ("Racing Kings", Variant::RacingKings),
            ("Three-check", Variant::ThreeCheck),
            ("King of the Hill", Variant::KingOfTheHill),
        ] {
            assert_eq!(
                VariantRules::of(name.as_bytes()),
                chess(variant, false),
                "{name}"
            );
        }
        for name in ["xyzzy", "Shogi", "Xiangqi", "Chess\u{e9}"] {
            assert_eq!(
                VariantRules::of(name.as_bytes()),
                VariantRules::Unsupported,
                "{name}"
            );
        }
    }
}
