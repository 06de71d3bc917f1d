//! Chess's option values: the castling rules and the variant (each reads the other's names:
//! `chess960` is a castling rule that lichess writes as a variant).

/// Which castling rules the chess validation step applies (FEN and EPD).
///
/// The default is standard chess, as python-chess, chess.js and lichess read a FEN: `K`/`Q`
/// (and the Shredder letters `H`/`A`, which name the same corners) need the king on e1/e8 and the
/// rook in its corner, else `fenkit::fen::castling_not_standard`, whose help says how to read the
/// record as Chess960. `Chess960` reads every right as Chess960 (X-FEN and Shredder-FEN): `K` is
/// the outermost rook on the king's side, wherever king and rook stand on the back rank.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Castling {
    /// Standard chess: each right needs the king and its rook on their starting squares.
    #[default]
    Standard,
    /// Chess960 rights (X-FEN, Shredder-FEN): a right needs a king on its back rank and a rook
    /// on the side the letter names.
    Chess960,
}

impl Castling {
    /// The castling rule `name` means, as `--castling` and the options of the language
    /// server, Python and JavaScript take it: `standard` or `chess960` (also `960`,
    /// `fischerandom`, `frc`: the names [`Variant::from_name`] reads for Chess960). Case,
    /// spaces, `-` and `_` do not count.
    ///
    /// ```
    /// use fenkit::Castling;
    ///
    /// assert_eq!(Castling::from_name("Chess960"), Some(Castling::Chess960));
    /// assert_eq!(Castling::from_name("standard"), Some(Castling::Standard));
    /// assert_eq!(Castling::from_name("crazyhouse"), None);
    /// ```
    pub fn from_name(name: &str) -> Option<Castling> {
        match Variant::from_name(name)? {
            (Variant::Chess, Some(castling)) => Some(castling),
            _ => None,
        }
    }

    /// The name [`from_name`](Self::from_name) reads: `standard` or `chess960`.
    pub const fn name(self) -> &'static str {
        match self {
            Castling::Standard => "standard",
            Castling::Chess960 => "chess960",
        }
    }
}

/// The chess variant whose rules the validation step applies; the syntax of a variant's
/// additions (crazyhouse pockets, three-check counters) is read by [`crate::variant`].
///
/// Chess960 is not a variant here but a castling rule ([`Castling`]): any variant is played
/// with either.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
#[non_exhaustive]
pub enum Variant {
    /// Chess.
    #[default]
    Chess,
    /// Crazyhouse: captured pieces go to the captor's pocket.
    Crazyhouse,
    /// Three-check: three checks win.
    ThreeCheck,
    /// King of the hill: a king on the centre wins.
    KingOfTheHill,
    /// Atomic: a capture explodes the pieces around it.
    Atomic,
    /// Antichess: captures are compulsory, the king is an ordinary piece.
    Antichess,
    /// Horde: White has pawns and no king.
    Horde,
    /// Racing kings: no checks, the first king on the eighth rank wins.
    RacingKings,
}

impl Variant {
    /// Every variant, chess first.
    pub const ALL: [Variant; 8] = [
        Variant::Chess,
        Variant::Crazyhouse,
        Variant::ThreeCheck,
        Variant::KingOfTheHill,
        Variant::Atomic,
        Variant::Antichess,
        Variant::Horde,
        Variant::RacingKings,
    ];

    /// The canonical names [`from_name`](Self::from_name) reads, for the list of an error
    /// message: each variant's [`name`](Self::name), and `chess960` (chess with
    /// [`Castling::Chess960`]).
    pub const NAMES: [&'static str; 9] = [
        "chess",
        "chess960",
        "crazyhouse",
        "three-check",
        "king-of-the-hill",
        "atomic",
        "antichess",
        "horde",
        "racing-kings",
    ];

    /// The canonical name: the one serde writes, and `--variant` shows (`three-check`).
    pub const fn name(self) -> &'static str {
        match self {
            Variant::Chess => "chess",
            Variant::Crazyhouse => "crazyhouse",
            Variant::ThreeCheck => "three-check",
            Variant::KingOfTheHill => "king-of-the-hill",
            Variant::Atomic => "atomic",
            Variant::Antichess => "antichess",
            Variant::Horde => "horde",
            Variant::RacingKings => "racing-kings",
        }
    }

    /// The variant a name means, as the command line, the language server and a PGN
    /// `[Variant]` tag write it, with the castling rule the name chooses, if any.
    ///
    /// Names are compared without case, spaces, `-` and `_`, so the canonical names
    /// ([`NAMES`](Self::NAMES)), lichess's (`threeCheck`, `kingOfTheHill`, `racingKings`,
    /// `fromPosition`) and every alias of python-chess's `chess.variant` (`3check`, `KOTH`,
    /// `Racing Kings`, `ZH`, `Giveaway`, `Suicide`...) are read. Chess960 is a castling rule,
    /// not a variant: `chess960` (`Chess960`, `fischerandom`, `FRC`...) is chess with
    /// `Some(Castling::Chess960)`; the names of standard chess (`standard`, `From Position`)
    /// give `Some(Castling::Standard)`; a variant's name gives `None`, leaving the castling
    /// rule to the caller. Giveaway and suicide chess end differently from antichess but
    /// their positions are the same, so they read as antichess. python-chess's `Illegal`
    /// alias of chess is not read.
    ///
    /// ```
    /// use fenkit::{Castling, Variant};
    ///
    /// assert_eq!(Variant::from_name("3check"), Some((Variant::ThreeCheck, None)));
    /// assert_eq!(Variant::from_name("Racing Kings"), Some((Variant::RacingKings, None)));
    /// assert_eq!(Variant::from_name("fischerandom"), Some((Variant::Chess, Some(Castling::Chess960))));
    /// assert_eq!(Variant::from_name("xiangqi"), None);
    /// assert_eq!(Variant::from_name(Variant::Horde.name()), Some((Variant::Horde, None)));
    /// ```
    pub fn from_name(name: &str) -> Option<(Variant, Option<Castling>)> {
        // The longest name read is 19 bytes: a longer one is none of them.
        let mut folded = [0u8; 24];
        let mut len = 0;
        for byte in name
            .bytes()
            .filter(|b| !matches!(b, b' ' | b'\t' | b'-' | b'_'))
        {
            let slot = folded.get_mut(len)?;
            *slot = byte.to_ascii_lowercase();
            len += 1;
        }
        let variant = match folded.get(..len)? {
            b"" | b"chess" | b"standard" | b"normal" | b"classical" | b"fromposition" => {
                return Some((Variant::Chess, Some(Castling::Standard)));
            }
            b"chess960"
            | b"960"
            | b"fischerandom"
            | b"fischerrandom"
            | b"fischerrandomchess"
            | b"frc" => return Some((Variant::Chess, Some(Castling::Chess960))),
            b"crazyhouse" | b"house" | b"zh" => Variant::Crazyhouse,
            b"threecheck" | b"3check" | b"threecheckchess" => Variant::ThreeCheck,
            b"kingofthehill" | b"koth" => Variant::KingOfTheHill,
            b"atomic" | b"atom" | b"atomicchess" => Variant::Atomic,
            b"antichess" | b"anti" | b"giveaway" | b"giveawaychess" | b"suicide"
            | b"suicidechess" => Variant::Antichess,
            b"horde" | b"hordechess" => Variant::Horde,
            b"racingkings" | b"racing" | b"race" => Variant::RacingKings,
            _ => return None,
        };
        Some((variant, None))
    }
}

/// The canonical name ([`Variant::name`]).
impl std::fmt::Display for Variant {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_canonical_name_reads_back() {
        for variant in Variant::ALL {
            assert_eq!(
                Variant::from_name(variant.name()).map(|(v, _)| v),
                Some(variant)
            );
            assert!(Variant::NAMES.contains(&variant.name()));
        }
        for name in Variant::NAMES {
            assert!(Variant::from_name(name).is_some(), "{name}");
        }
    }

    #[test]
    fn lichess_and_python_chess_spellings_read() {
        for (names, variant) in [
            (
                &["crazyhouse", "Crazyhouse", "Crazy House", "House", "ZH"][..],
                Variant::Crazyhouse,
            ),
            (
                &[
                    "threeCheck",
                    "Three-check",
                    "Three check",
                    "Threecheck",
                    "Three check chess",
                    "3-check",
                    "3 check",
                    "3check",
                ],
                Variant::ThreeCheck,
            ),
            (
                &["kingOfTheHill", "King of the Hill", "KOTH"],
                Variant::KingOfTheHill,
            ),
            (&["atomic", "Atom", "Atomic chess"], Variant::Atomic),
            (
                &[
                    "antichess",
                    "Anti chess",
                    "Anti",
                    "Giveaway",
                    "Give away chess",
                    "Suicide",
                    "Suicide chess",
                ],
                Variant::Antichess,
            ),
            (&["horde", "Horde chess"], Variant::Horde),
            (
                &[
                    "racingKings",
                    "Racing Kings",
                    "Racing",
                    "Race",
                    "racingkings",
                ],
                Variant::RacingKings,
            ),
        ] {
            for name in names {
                assert_eq!(Variant::from_name(name), Some((variant, None)), "{name}");
            }
        }
        for name in [
            "standard",
            "Chess",
            "Classical",
            "Normal",
            "From Position",
            "fromPosition",
        ] {
            assert_eq!(
                Variant::from_name(name),
                Some((Variant::Chess, Some(Castling::Standard))),
                "{name}"
            );
        }
        for name in [
            "chess960",
            "Chess 960",
            "fischerandom",
            "Fischer Random",
            "FRC",
        ] {
            assert_eq!(
                Variant::from_name(name),
                Some((Variant::Chess, Some(Castling::Chess960))),
                "{name}"
            );
        }
        for name in [
            "xiangqi",
            "shogi",
            "Illegal",
            "a name much longer than any variant",
        ] {
            assert_eq!(Variant::from_name(name), None, "{name}");
        }
    }
}
