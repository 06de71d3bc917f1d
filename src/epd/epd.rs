//! The EPD value: a position (four fields) and its operations, with the canonical writer and
//! the conversions to and from [`Fen`].

use std::fmt::{self, Write};
use std::str::FromStr;

use crate::chess::{Board, CastlingRights, Color, Fen, Square};
use crate::diagnostic::{Diagnostic, ParseError};

/// The notation name used in diagnostics and the CLI.
pub(crate) const NOTATION: &str = "epd";

/// One operand of an EPD operation.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Operand {
    /// A run of non-space printing characters other than `;`, as written (`Nf3`, `-12`, `acs`).
    Word(String),
    /// A string operand: its content with the escapes `\"` and `\\` resolved.
    Text(String),
}

impl Operand {
    /// The word or the string's content.
    pub fn as_str(&self) -> &str {
        match self {
            Operand::Word(text) | Operand::Text(text) => text,
        }
    }
}

/// One operation: an opcode and its operands, written `opcode operand...;`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Operation {
    /// `bm`, `id`, `hmvc`, or any other (private) opcode.
    pub opcode: String,
    /// The operands in order.
    pub operands: Vec<Operand>,
}

impl Operation {
    /// An operation with its operands.
    pub fn new(opcode: impl Into<String>, operands: Vec<Operand>) -> Self {
        Operation {
            opcode: opcode.into(),
            operands,
        }
    }
}

/// An Extended Position Description: the first four FEN fields and zero or more operations
/// (PGN standard §16.2). Four fields alone are the "modified FEN" of opening books.
///
/// ```
/// use fenkit::Epd;
///
/// let epd: Epd = r#"1k1r4/pp1b1R2/3q2pp/4p3/2B5/4Q3/PPP2B2/2K5 b - - bm Qd1+; id "BK.01";"#.parse()?;
/// assert_eq!(epd.id(), Some("BK.01"));
/// assert_eq!(epd.best_moves(), Some(vec!["Qd1+"]));
/// let fen = epd.to_fen(); // clocks from hmvc/fmvn, else 0 and 1
/// assert_eq!(fen.to_string(), "1k1r4/pp1b1R2/3q2pp/4p3/2B5/4Q3/PPP2B2/2K5 b - - 0 1");
/// # Ok::<_, fenkit::ParseError>(())
/// ```

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Epd {
    /// The pieces on the board.
    pub board: Board,
    /// Whose move it is.
    pub side_to_move: Color,
    /// Who may still castle.
    pub castling: CastlingRights,
    /// The en passant square, as written.
    pub en_passant: Option<Square>,
    /// The operations in the order they were written.
    pub operations: Vec<Operation>,
}

impl Epd {
    /// The operation with `opcode`, if present.
    pub fn operation(&self, opcode: &str) -> Option<&Operation> {
        self.operations
            .iter()
            .find(|operation| operation.opcode == opcode)
    }

    /// The first operand of the operation with `opcode`, as written; for its value read by type
    /// see [`Epd::integer`], [`Epd::text`], [`Epd::moves`] and [`Operation::value`].
    pub fn operand(&self, opcode: &str) -> Option<&Operand> {
        self.operation(opcode)?.operands.first()
    }

    fn clock(&self, opcode: &str) -> Option<u32> {
        u32::try_from(self.integer(opcode)?).ok()
    }

    /// The FEN of this position: the halfmove clock from `hmvc` and the fullmove number from
    /// `fmvn`, else 0 and 1.
    pub fn to_fen(&self) -> Fen {
        Fen {
            board: self.board,
            side_to_move: self.side_to_move,
            castling: self.castling,
            en_passant: self.en_passant,
            halfmove_clock: self.clock("hmvc").unwrap_or(0),
            fullmove_number: self.clock("fmvn").filter(|&n| n > 0).unwrap_or(1),
        }
    }

    /// The EPD of a FEN: the four fields, and the clocks as `hmvc` and `fmvn` operations.
    pub fn from_fen(fen: &Fen) -> Epd {
        Epd {
            board: fen.board,
            side_to_move: fen.side_to_move,
            castling: fen.castling,
            en_passant: fen.en_passant,
            operations: vec![
                Operation::new("hmvc", vec![Operand::integer(fen.halfmove_clock.into())]),
                Operation::new("fmvn", vec![Operand::integer(fen.fullmove_number.into())]),
            ],
        }
    }

    /// Checks that the position can exist; spans point into this value's canonical text.
    pub fn validate(&self) -> Vec<Diagnostic> {
        self.to_fen().validate_in(self.to_string().as_bytes())
    }
}

impl From<&Fen> for Epd {
    fn from(fen: &Fen) -> Epd {
        Epd::from_fen(fen)
    }
}

impl From<&Epd> for Fen {
    fn from(epd: &Epd) -> Fen {
        epd.to_fen()
    }
}

impl FromStr for Epd {
    type Err = ParseError;

    fn from_str(text: &str) -> Result<Epd, ParseError> {
        Epd::from_ascii(text.as_bytes())
    }
}

/// Writes a string operand with its quotes, escaping `"` and `\`.
pub(crate) fn write_text(text: &str, out: &mut impl Write) -> fmt::Result {
    out.write_char('"')?;
    for c in text.chars() {
        if c == '"' || c == '\\' {
            out.write_char('\\')?;
        }
        out.write_char(c)?;
    }
    out.write_char('"')
}

/// An operation as written: `opcode operand...;`, operands separated by single spaces.
impl fmt::Display for Operation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.opcode)?;
        for operand in &self.operands {
            f.write_char(' ')?;
            match operand {
                Operand::Word(word) => f.write_str(word)?,
                Operand::Text(text) => write_text(text, f)?,
            }
        }
        f.write_char(';')
    }
}

/// The canonical writer: the four fields, then each operation after one space.
impl fmt::Display for Epd {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let fen = self.to_fen().to_string();
        let position = fen.rsplitn(3, ' ').nth(2).unwrap_or(&fen);
        f.write_str(position)?;
        for operation in &self.operations {
            write!(f, " {operation}")?;
        }
        Ok(())
    }
}
