//! The typed value of a record as JSON, with the Python package's field names: a chess
//! position (FEN, EPD, a crazyhouse or three-check record), a draughts position or a FEEN one.

use fenkit::chess::{Board, CastlingRights, Color, Square};
use fenkit::draughts::{Color as DraughtsColor, DraughtsFen, SquareSet};
use fenkit::{Epd, Feen, Fen, Position};
use serde_json::{Map, Value, json};

/// `"w"` or `"b"`.
fn color_letter(color: Color) -> &'static str {
    match color {
        Color::White => "w",
        Color::Black => "b",
    }
}

/// The pieces of a board, keyed by square name from a1 to h8.
fn pieces(board: &Board) -> Value {
    let mut placed: Vec<_> = board.pieces().collect();
    placed.sort_by_key(|(square, _)| square.index());
    let map: Map<String, Value> = placed
        .into_iter()
        .map(|(square, piece)| (square.to_string(), piece.to_string().into()))
        .collect();
    Value::Object(map)
}

/// The fields every chess position has.
fn chess(
    board: &Board,
    side: Color,
    castling: &CastlingRights,
    en_passant: Option<Square>,
    canonical: &str,
) -> Map<String, Value> {
    let mut map = Map::new();
    map.insert("kind".into(), "chess".into());
    let placement = canonical.split(' ').next().unwrap_or_default();
    map.insert("placement".into(), placement.into());
    map.insert("side_to_move".into(), color_letter(side).into());
    map.insert("castling".into(), castling.to_string().into());
    map.insert(
        "en_passant".into(),
        en_passant.map(|square| square.to_string()).into(),
    );
    map.insert("halfmove_clock".into(), Value::Null);
    map.insert("fullmove_number".into(), Value::Null);
    map.insert("pieces".into(), pieces(board));
    map.insert("operations".into(), Value::Array(Vec::new()));
    map
}

/// A FEN's fields, clocks included.
fn of_fen(fen: &Fen) -> Map<String, Value> {
    let canonical = fen.to_string();
    let mut map = chess(
        &fen.board,
        fen.side_to_move,
        &fen.castling,
        fen.en_passant,
        &canonical,
    );
    map.insert("halfmove_clock".into(), fen.halfmove_clock.into());
    map.insert("fullmove_number".into(), fen.fullmove_number.into());
    map
}

/// An EPD's fields, its operations as `[opcode, [operand...]]` pairs.
fn of_epd(epd: &Epd) -> Map<String, Value> {
    let canonical = epd.to_string();
    let mut map = chess(
        &epd.board,
        epd.side_to_move,
        &epd.castling,
        epd.en_passant,
        &canonical,
    );
    let operations: Vec<Value> = epd
        .operations
        .iter()
        .map(|operation| {
            let operands: Vec<&str> = operation.operands.iter().map(|o| o.as_str()).collect();
            json!([operation.opcode, operands])
        })
        .collect();
    map.insert("operations".into(), operations.into());
    map
}

/// A draughts position.
fn of_draughts(fen: &DraughtsFen) -> Value {
    let names = |set: SquareSet| -> Vec<String> {
        set.iter()
            .map(|index| fen.board.square(index).to_string())
            .collect()
    };
    let white = fen.pieces(DraughtsColor::White);
    let black = fen.pieces(DraughtsColor::Black);
    let turn = match fen.turn.letter() {
        'W' => "W",
        'B' => "B",
        _ => "?",
    };
    json!({
        "kind": "draughts",
        "board": fen.board.name(),
        "game_type": fen.board.game_type(),
        "turn": turn,
        "white_men": names(white.men),
        "white_kings": names(white.kings),
        "black_men": names(black.men),
        "black_kings": names(black.kings),
        "halfmove_clock": fen.halfmove_clock,
        "fullmove_number": fen.fullmove_number,
    })
}

/// A FEEN position.
fn of_feen(feen: &Feen) -> Value {
    json!({
        "kind": "feen",
        "placement": feen.placement.to_string(),
        "hands": feen.hands.to_string(),
        "style_turn": feen.style_turn.to_string(),
        "side_to_move": feen.side_to_move().to_string(),
        "active_style": feen.style_turn.active().to_string(),
        "inactive_style": feen.style_turn.inactive().to_string(),
    })
}

/// The JSON of a position; `kind` says which fields it has (`"chess"`, `"draughts"`,
/// `"feen"`).
pub fn to_json(position: &Position) -> Value {
    match position {
        Position::Fen(fen) => Value::Object(of_fen(fen)),
        Position::Epd(epd) => Value::Object(of_epd(epd)),
        Position::Feen(feen) => of_feen(feen),
        Position::Pdn(fen) => of_draughts(fen),
        Position::Crazyhouse(position) => {
            let mut map = of_fen(&position.fen);
            map.insert("pockets".into(), position.pockets.to_string().into());
            Value::Object(map)
        }
        Position::ThreeCheck(position) => {
            let mut map = of_fen(&position.fen);
            let checks = position.remaining_checks;
            map.insert(
                "remaining_checks".into(),
                json!([checks.white, checks.black]),
            );
            Value::Object(map)
        }
        _ => Value::Null,
    }
}
