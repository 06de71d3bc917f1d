//! Three-check counters: how many checks each side still has to give to win.

use std::fmt;

/// The checks each side still has to give to win a three-check game, 0 to 3 each.
///
/// Two forms are read, as shakmaty reads them: `3+3` (after the en passant field: the checks
/// *remaining*, White's first) and `+0+0` (after the clocks, as lichess and Scid write it:
/// the checks *given*, so `+1+0` is `2+3`). It is written in the first form, as shakmaty
/// writes it.
///
/// ```
/// use fenkit::variant::RemainingChecks;
///
/// let checks = RemainingChecks { white: 2, black: 3 };
/// assert_eq!(checks.to_string(), "2+3");
/// assert_eq!(RemainingChecks::default(), RemainingChecks { white: 3, black: 3 });
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RemainingChecks {
    /// The checks White still has to give.
    pub white: u8,
    /// The checks Black still has to give.
    pub black: u8,
}

impl RemainingChecks {
    /// The most checks a side has to give: three.
    pub const MAX: u8 = 3;
}

/// Three checks each: the start of a game.
impl Default for RemainingChecks {
    fn default() -> Self {
        RemainingChecks {
            white: Self::MAX,
            black: Self::MAX,
        }
    }
}

impl fmt::Display for RemainingChecks {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}+{}", self.white, self.black)
    }
}
