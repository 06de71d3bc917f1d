//! The rules a game's `[Variant]` tag chooses for its FEN. Writers spell the same variant in
//! many ways (`Chess960`, `fischerandom`, `Racing Kings`, `3check`), so names are read by
//! [`Variant::from_name`]: without case, spaces, `-` and `_`, in lichess's and python-chess's
//! spellings.

use crate::options::{Castling, Variant};

/// The chess rules of a `[Variant]` value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum VariantRules {
    /// The rules of `variant`, with the castling rule the name chooses: standard castling for
    /// the names of standard chess (`Standard`, empty, `From Position`), Chess960 castling for
    /// `Chess960`, `fischerandom`…, and none (the reader's option) for another variant.
    Chess {
        variant: Variant,
        castling: Option<Castling>,
    },
    /// A variant fenkit has no rules for (shogi, xiangqi, an unknown name).
    Unsupported,
}

impl VariantRules {
    /// The rules `value` names.
    pub(crate) fn of(value: &[u8]) -> VariantRules {
        let name = std::str::from_utf8(value).ok();
        match name.and_then(Variant::from_name) {
            Some((variant, castling)) => VariantRules::Chess { variant, castling },
            None => VariantRules::Unsupported,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chess(variant: Variant, castling: Option<Castling>) -> VariantRules {
        VariantRules::Chess { variant, castling }
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
                chess(Variant::Chess, Some(Castling::Chess960)),
                "{name}"
            );
        }
        for name in ["", "Standard", "From Position"] {
            assert_eq!(
                VariantRules::of(name.as_bytes()),
                chess(Variant::Chess, Some(Castling::Standard)),
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
                chess(variant, None),
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
