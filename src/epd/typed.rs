//! Operands read by type: what PGN §16.2.5 says each standard opcode takes (integers, SAN
//! moves, strings), so a user reads `ce 35;` as `35`, not as text to parse again.
//!
//! The operands stay stored as written ([`Operand`]), which keeps the canonical writer exact;
//! the typed view is computed on demand and returns `None` where an operand does not have the
//! type asked for (a private opcode's word, or an operand a lenient parse reported).

use super::epd::{Epd, Operand, Operation};
use super::opcodes::{Takes, takes};
use super::san::is_san;

/// An operation's operands as its opcode's type reads them (see [`Operation::value`]).
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Value<'a> {
    /// The one integer of `acd`, `acn`, `acs`, `ce`, `dm`, `fmvn`, `hmvc`, `rc`, `tcgs`.
    Integer(i64),
    /// The SAN moves of `am`, `bm`, `pm`, `pv`, `sm`, in the order written.
    Moves(Vec<&'a str>),
    /// The strings (escapes resolved) of `id`, `eco`, `nic`, `c0`-`c9`, `v0`-`v9`, `tcri`,
    /// `tcsi`; empty when an optional string is left out.
    Strings(Vec<&'a str>),
    /// `draw_accept`, `draw_claim`, `draw_offer`, `draw_reject`, `resign`: no operand.
    Nothing,
    /// A private opcode, `noop`, or operands that do not fit the opcode's type: as written.
    Unchecked(&'a [Operand]),
}

impl Operand {
    /// An integer operand (`35`, `-12`, `+3`): a word that reads as an `i64`; a string never.
    pub fn as_integer(&self) -> Option<i64> {
        match self {
            Operand::Word(word) => word.parse().ok(),
            Operand::Text(_) => None,
        }
    }

    /// A string operand's content, escapes resolved; `None` for a word.
    pub fn as_text(&self) -> Option<&str> {
        match self {
            Operand::Text(text) => Some(text),
            Operand::Word(_) => None,
        }
    }

    /// A move operand in SAN (`Nf3`, `exd5`, `O-O`, `e8=Q+`); `None` for anything else.
    pub fn as_san(&self) -> Option<&str> {
        match self {
            Operand::Word(word) if is_san(word.as_bytes()) => Some(word),
            _ => None,
        }
    }

    /// An integer operand, written as EPD writes it.
    pub fn integer(value: i64) -> Operand {
        Operand::Word(value.to_string())
    }

    /// A string operand holding `text` (the writer adds the quotes and escapes).
    pub fn text(text: impl Into<String>) -> Operand {
        Operand::Text(text.into())
    }
}

impl Operation {
    /// The operands read by the type of a standard opcode; private opcodes, `noop` and
    /// operands of the wrong type come back [`Value::Unchecked`].
    pub fn value(&self) -> Value<'_> {
        let operands = self.operands.as_slice();
        let typed = match takes(&self.opcode) {
            Some(Takes::Integer { .. }) => match operands {
                [single] => single.as_integer().map(Value::Integer),
                _ => None,
            },
            Some(Takes::Moves | Takes::Line | Takes::OneMove) => {
                all(operands, Operand::as_san).map(Value::Moves)
            }
            Some(Takes::OptionalString | Takes::OneString | Takes::TwoStrings) => {
                all(operands, Operand::as_text).map(Value::Strings)
            }
            Some(Takes::Nothing) => operands.is_empty().then_some(Value::Nothing),
            Some(Takes::Anything) | None => None,
        };
        typed.unwrap_or(Value::Unchecked(operands))
    }
}

/// Every operand through `read`, or `None` if one does not read.
fn all<'a>(
    operands: &'a [Operand],
    read: impl Fn(&'a Operand) -> Option<&'a str>,
) -> Option<Vec<&'a str>> {
    operands.iter().map(read).collect()
}

/// Typed accessors. The general ones (`integer`, `text`, `moves`) read any opcode, private ones
/// included; the named ones are the standard opcodes users ask for most.
impl Epd {
    /// The integer operand of `opcode` (`ce`, `acd`, `dm`, or a private opcode like `dtz`).
    pub fn integer(&self, opcode: &str) -> Option<i64> {
        match self.operation(opcode)?.operands.as_slice() {
            [single] => single.as_integer(),
            _ => None,
        }
    }

    /// The first string operand of `opcode`, unescaped (`id`, `c0`, `eco`...).
    pub fn text(&self, opcode: &str) -> Option<&str> {
        self.operand(opcode)?.as_text()
    }

    /// The SAN moves of `opcode` in the order written (`bm`, `am`, `pv`...); `None` if the
    /// opcode is absent or an operand is not a SAN move; empty for `bm;`.
    pub fn moves(&self, opcode: &str) -> Option<Vec<&str>> {
        all(&self.operation(opcode)?.operands, Operand::as_san)
    }

    /// `id`: the record's identifier.
    pub fn id(&self) -> Option<&str> {
        self.text("id")
    }

    /// `ce`: the centipawn evaluation, from the side to move's view.
    pub fn centipawns(&self) -> Option<i64> {
        self.integer("ce")
    }

    /// `dm`: the number of moves to a direct mate.
    pub fn direct_mate(&self) -> Option<i64> {
        self.integer("dm")
    }

    /// `bm`: the best moves.
    pub fn best_moves(&self) -> Option<Vec<&str>> {
        self.moves("bm")
    }

    /// `am`: the moves to avoid.
    pub fn avoid_moves(&self) -> Option<Vec<&str>> {
        self.moves("am")
    }

    /// `pv`: the predicted variation, in play order.
    pub fn principal_variation(&self) -> Option<Vec<&str>> {
        self.moves("pv")
    }
}
