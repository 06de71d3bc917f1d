//! The typed value of a record as JSON, with the Python package's field names: a chess
//! position (FEN, EPD, a crazyhouse or three-check record), a draughts position or a FEEN one.
//! `kind` says which (`"chess"`, `"draughts"`, `"feen"`).

use fenkit::chess::{Board, CastlingRights, Color, Square};
use fenkit::draughts::{Color as DraughtsColor, DraughtsFen, SquareSet};
use fenkit::{Epd, Feen, Fen, Position};
use serde::ser::{Serialize, SerializeMap, Serializer};

/// A chess position.
#[derive(serde::Serialize)]
struct Chess {
    kind: &'static str,
    placement: String,
    side_to_move: &'static str,
    castling: String,
    en_passant: Option<String>,
    halfmove_clock: Option<u32>,
    fullmove_number: Option<u32>,
    pieces: Pieces,
    operations: Vec<(String, Vec<String>)>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pockets: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    remaining_checks: Option<[u8; 2]>,
}

/// The pieces by square name, from a1 to h8, as one JSON object.
struct Pieces(Vec<(String, String)>);

impl Serialize for Pieces {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(self.0.len()))?;
        for (square, piece) in &self.0 {
            map.serialize_entry(square, piece)?;
        }
        map.end()
    }
}

/// A draughts position.
#[derive(serde::Serialize)]
struct Draughts {
    kind: &'static str,
    board: &'static str,
    game_type: u8,
    turn: &'static str,
    white_men: Vec<String>,
    white_kings: Vec<String>,
    black_men: Vec<String>,
    black_kings: Vec<String>,
    halfmove_clock: Option<u32>,
    fullmove_number: Option<u32>,
}

/// A FEEN position.
#[derive(serde::Serialize)]
struct FeenValue {
    kind: &'static str,
    placement: String,
    hands: String,
    style_turn: String,
    side_to_move: String,
    active_style: String,
    inactive_style: String,
}

/// `"w"` or `"b"`.
fn color_letter(color: Color) -> &'static str {
    match color {
        Color::White => "w",
        Color::Black => "b",
    }
}

/// The fields every chess position has.
fn chess(
    board: &Board,
    side: Color,
    castling: &CastlingRights,
    en_passant: Option<Square>,
    canonical: &str,
) -> Chess {
    let mut placed: Vec<_> = board.pieces().collect();
    placed.sort_by_key(|(square, _)| square.index());
    Chess {
        kind: "chess",
        placement: canonical.split(' ').next().unwrap_or_default().to_owned(),
        side_to_move: color_letter(side),
        castling: castling.to_string(),
        en_passant: en_passant.map(|square| square.to_string()),
        halfmove_clock: None,
        fullmove_number: None,
        pieces: Pieces(
            placed
                .into_iter()
                .map(|(square, piece)| (square.to_string(), piece.to_string()))
                .collect(),
        ),
        operations: Vec::new(),
        pockets: None,
        remaining_checks: None,
    }
}

/// A FEN's fields, clocks included.
fn of_fen(fen: &Fen) -> Chess {
    let canonical = fen.to_string();
    let mut value = chess(
        &fen.board,
        fen.side_to_move,
        &fen.castling,
        fen.en_passant,
        &canonical,
    );
    value.halfmove_clock = Some(fen.halfmove_clock);
    value.fullmove_number = Some(fen.fullmove_number);
    value
}

/// An EPD's fields, its operations as `[opcode, [operand...]]` pairs.
fn of_epd(epd: &Epd) -> Chess {
    let canonical = epd.to_string();
    let mut value = chess(
        &epd.board,
        epd.side_to_move,
        &epd.castling,
        epd.en_passant,
        &canonical,
    );
    value.operations = epd
        .operations
        .iter()
        .map(|operation| {
            let operands = operation
                .operands
                .iter()
                .map(|operand| operand.as_str().to_owned())
                .collect();
            (operation.opcode.clone(), operands)
        })
        .collect();
    value
}

/// A draughts position.
fn of_draughts(fen: &DraughtsFen) -> Draughts {
    let names = |set: SquareSet| -> Vec<String> {
        set.iter()
            .map(|index| fen.board.square(index).to_string())
            .collect()
    };
    let white = fen.pieces(DraughtsColor::White);
    let black = fen.pieces(DraughtsColor::Black);
    Draughts {
        kind: "draughts",
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

/// A FEEN position.
fn of_feen(feen: &Feen) -> FeenValue {
    FeenValue {
        kind: "feen",
        placement: feen.placement.to_string(),
        hands: feen.hands.to_string(),
        style_turn: feen.style_turn.to_string(),
        side_to_move: feen.side_to_move().to_string(),
        active_style: feen.style_turn.active().to_string(),
        inactive_style: feen.style_turn.inactive().to_string(),
    }
}

/// The JSON of a position (`null` for a kind this module does not know).
pub fn to_json(position: &Position) -> String {
    let json = match position {
        Position::Fen(fen) => serde_json::to_string(&of_fen(fen)),
        Position::Epd(epd) => serde_json::to_string(&of_epd(epd)),
        Position::Feen(feen) => serde_json::to_string(&of_feen(feen)),
        Position::Pdn(fen) => serde_json::to_string(&of_draughts(fen)),
        Position::Crazyhouse(position) => {
            let mut value = of_fen(&position.fen);
            value.pockets = Some(position.pockets.to_string());
            serde_json::to_string(&value)
        }
        Position::ThreeCheck(position) => {
            let mut value = of_fen(&position.fen);
            let checks = position.remaining_checks;
            value.remaining_checks = Some([checks.white, checks.black]);
            serde_json::to_string(&value)
        }
        _ => Ok(String::from("null")),
    };
    json.unwrap_or_else(|_| String::from("null"))
}
