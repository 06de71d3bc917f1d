//! A position as named fields of plain values (strings, numbers, lists): what a front end shows
//! of a value (Python's position classes, the npm package's `value`), built here once so that
//! each front end only turns it into its own objects. With the `serde` feature it serialises
//! as one object tagged by `kind` (`"chess"`, `"draughts"`, `"feen"`).

use crate::chess::{Board, CastlingRights, Color, Square};
use crate::draughts::{Color as DraughtsColor, DraughtsFen, SquareSet};
use crate::epd::Epd;
use crate::feen::Feen;

use super::Position;

/// The fields of a position, by its kind.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(tag = "kind", rename_all = "lowercase"))]
#[non_exhaustive]
pub enum PositionFields {
    /// A chess position: FEN, EPD, a crazyhouse or three-check record.
    Chess(ChessFields),
    /// A draughts position.
    Draughts(DraughtsFields),
    /// A FEEN position.
    Feen(FeenFields),
}

/// The fields of a chess position.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[non_exhaustive]
pub struct ChessFields {
    /// The placement field as written canonically (a crazyhouse record's with its pockets).
    pub placement: String,
    /// `"w"` or `"b"`.
    pub side_to_move: &'static str,
    /// The castling field as written canonically, e.g. `"KQkq"`, `"-"`.
    pub castling: String,
    /// The en passant square, e.g. `"e3"`.
    pub en_passant: Option<String>,
    /// The halfmove clock (`None` for EPD).
    pub halfmove_clock: Option<u32>,
    /// The fullmove number (`None` for EPD).
    pub fullmove_number: Option<u32>,
    /// The pieces by square name, `("e1", "K")`, from a1 to h8 (an object in serde's form).
    #[cfg_attr(feature = "serde", serde(serialize_with = "pairs_as_map"))]
    pub pieces: Vec<(String, String)>,
    /// EPD operations in order, `("bm", ["Qd1+"])`; empty for a FEN.
    pub operations: Vec<(String, Vec<String>)>,
    /// The crazyhouse pockets as written canonically; `None` for any other record.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub pockets: Option<String>,
    /// The checks White and Black still have to give in three-check; `None` otherwise.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub remaining_checks: Option<(u8, u8)>,
}

/// The fields of a draughts position.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[non_exhaustive]
pub struct DraughtsFields {
    /// The board's name, e.g. `"international"`.
    pub board: &'static str,
    /// Its PDN GameType number, e.g. 20.
    pub game_type: u8,
    /// `"W"`, `"B"` or `"?"`.
    pub turn: &'static str,
    /// Squares as the board writes them (`"31"`, or `"a1"` on alphanumeric boards).
    pub white_men: Vec<String>,
    /// White's kings.
    pub white_kings: Vec<String>,
    /// Black's men.
    pub black_men: Vec<String>,
    /// Black's kings.
    pub black_kings: Vec<String>,
    /// Lidraughts' `:H` halfmove clock (lenient mode only).
    pub halfmove_clock: Option<u32>,
    /// Lidraughts' `:F` fullmove number (lenient mode only).
    pub fullmove_number: Option<u32>,
}

/// The fields of a FEEN position.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[non_exhaustive]
pub struct FeenFields {
    /// The placement field as written canonically.
    pub placement: String,
    /// The hands field, e.g. `"/"` or `"2P/p"`.
    pub hands: String,
    /// The style-turn field, e.g. `"CHESS/chess"`.
    pub style_turn: String,
    /// `"first"` or `"second"`.
    pub side_to_move: String,
    /// The style of the side to move.
    pub active_style: String,
    /// The style of the other side.
    pub inactive_style: String,
}

impl Position {
    /// This position's fields as plain values, for a front end to show.
    ///
    /// ```
    /// use fenkit::{ParseOptions, PositionFields, parse_any};
    ///
    /// let (_, parsed) = parse_any(b"W:W31,K46:B1", None, &ParseOptions::strict());
    /// let Some(PositionFields::Draughts(fields)) = parsed.value.map(|value| value.fields()) else {
    ///     panic!("a draughts position")
    /// };
    /// assert_eq!((fields.turn, fields.white_kings.as_slice()), ("W", ["46".to_string()].as_slice()));
    /// ```
    pub fn fields(&self) -> PositionFields {
        let placement = || first_field(&self.to_string());
        match self {
            Position::Fen(fen) => PositionFields::Chess(ChessFields {
                halfmove_clock: Some(fen.halfmove_clock),
                fullmove_number: Some(fen.fullmove_number),
                ..chess(
                    placement(),
                    &fen.board,
                    fen.side_to_move,
                    &fen.castling,
                    fen.en_passant,
                )
            }),
            Position::Epd(epd) => PositionFields::Chess(of_epd(epd, placement())),
            Position::Feen(feen) => PositionFields::Feen(of_feen(feen)),
            Position::Pdn(fen) => PositionFields::Draughts(of_draughts(fen)),
            Position::Crazyhouse(zh) => PositionFields::Chess(ChessFields {
                pockets: Some(zh.pockets.to_string()),
                halfmove_clock: Some(zh.fen.halfmove_clock),
                fullmove_number: Some(zh.fen.fullmove_number),
                ..chess(
                    placement(),
                    &zh.fen.board,
                    zh.fen.side_to_move,
                    &zh.fen.castling,
                    zh.fen.en_passant,
                )
            }),
            Position::ThreeCheck(three) => PositionFields::Chess(ChessFields {
                remaining_checks: Some((
                    three.remaining_checks.white,
                    three.remaining_checks.black,
                )),
                halfmove_clock: Some(three.fen.halfmove_clock),
                fullmove_number: Some(three.fen.fullmove_number),
                ..chess(
                    placement(),
                    &three.fen.board,
                    three.fen.side_to_move,
                    &three.fen.castling,
                    three.fen.en_passant,
                )
            }),
        }
    }
}

/// The first field of a canonical record.
fn first_field(canonical: &str) -> String {
    canonical.split(' ').next().unwrap_or_default().to_owned()
}

/// The fields every chess position has, the others empty.
fn chess(
    placement: String,
    board: &Board,
    side: Color,
    castling: &CastlingRights,
    en_passant: Option<Square>,
) -> ChessFields {
    let mut placed: Vec<_> = board.pieces().collect();
    crate::primitives::sort::sort_by_key(&mut placed, |(square, _)| (square.index() as u64, 0));
    ChessFields {
        placement,
        side_to_move: match side {
            Color::White => "w",
            Color::Black => "b",
        },
        castling: castling.to_string(),
        en_passant: en_passant.map(|square| square.to_string()),
        halfmove_clock: None,
        fullmove_number: None,
        pieces: placed
            .into_iter()
            .map(|(square, piece)| (square.to_string(), piece.to_string()))
            .collect(),
        operations: Vec::new(),
        pockets: None,
        remaining_checks: None,
    }
}

/// An EPD's fields, its operands' texts (a string's content unescaped).
fn of_epd(epd: &Epd, placement: String) -> ChessFields {
    let operations = epd
        .operations
        .iter()
        .map(|operation| {
            let operands = operation.operands.iter().map(|o| o.as_str().to_owned());
            (operation.opcode.clone(), operands.collect())
        })
        .collect();
    ChessFields {
        operations,
        ..chess(
            placement,
            &epd.board,
            epd.side_to_move,
            &epd.castling,
            epd.en_passant,
        )
    }
}

fn of_draughts(fen: &DraughtsFen) -> DraughtsFields {
    let names = |set: SquareSet| -> Vec<String> {
        set.iter()
            .map(|index| fen.board.square(index).to_string())
            .collect()
    };
    let white = fen.pieces(DraughtsColor::White);
    let black = fen.pieces(DraughtsColor::Black);
    DraughtsFields {
        board: fen.board.name(),
        game_type: fen.board.game_type(),
        turn: match fen.turn.letter() {
            'W' => "W",
            'B' => "B",
            _ => "?",
        },
        white_men: names(white.men),
        white_kings: names(white.kings),
        black_men: names(black.men),
        black_kings: names(black.kings),
        halfmove_clock: fen.halfmove_clock,
        fullmove_number: fen.fullmove_number,
    }
}

fn of_feen(feen: &Feen) -> FeenFields {
    FeenFields {
        placement: feen.placement.to_string(),
        hands: feen.hands.to_string(),
        style_turn: feen.style_turn.to_string(),
        side_to_move: feen.side_to_move().to_string(),
        active_style: feen.style_turn.active().to_string(),
        inactive_style: feen.style_turn.inactive().to_string(),
    }
}

/// `("e1", "K")` pairs as one object `{"e1": "K"}`.
#[cfg(feature = "serde")]
fn pairs_as_map<S: serde::Serializer>(
    pairs: &[(String, String)],
    serializer: S,
) -> Result<S::Ok, S::Error> {
    serializer.collect_map(pairs.iter().map(|(key, value)| (key, value)))
}
