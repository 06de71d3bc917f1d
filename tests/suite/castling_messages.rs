//! Each castling-legality message names the real reason a right cannot be used:
//! a king on its back rank but in a corner is not "off its home rank".
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

use fenkit::{Castling, Fen, ParseOptions};

/// `(code, message, labels)` of every diagnostic of `record`, validated by the Chess960 rules,
/// whose messages these are (standard chess adds `castling_not_standard`).
fn messages(record: &str) -> Vec<(&'static str, String, Vec<String>)> {
    let options = ParseOptions::lenient()
        .validated()
        .with_castling(Castling::Chess960);
    Fen::parse(record.as_bytes(), &options)
        .diagnostics
        .iter()
        .map(|d| {
            (
                d.code(),
                d.message().to_string(),
                d.labels().iter().map(|l| l.text.clone()).collect(),
            )
        })
        .collect()
}

fn message(record: &str) -> String {
    let found = messages(record);
    let castling: Vec<_> = found
        .iter()
        .filter(|(code, ..)| code.contains("castling"))
        .collect();
    assert_eq!(castling.len(), 1, "{record}: {found:?}");
    castling[0].1.clone()
}

#[test]
fn a_king_in_a_corner_is_on_its_back_rank() {
    assert_eq!(
        message("k7/8/8/8/8/8/8/K6R w K - 0 1"),
        "castling right `K` but the white king is on a1, in a corner: no rook can stand beyond it"
    );
    assert_eq!(
        message("r2r3k/p7/3p4/8/8/P6P/8/R3K2R b KQq -"),
        "castling right `q` but the black king is on h8, in a corner: no rook can stand beyond it"
    );
}

#[test]
fn each_reason_a_king_cannot_castle_is_named() {
    assert_eq!(
        message("4k3/8/8/8/8/8/4K3/R6R w K - 0 1"),
        "castling right `K` but the white king is on e2, not on its back rank (rank 1)"
    );
    assert_eq!(
        message("8/8/8/8/8/8/8/R3K2R w Kk - 0 1"),
        "castling right `k` but black has no king"
    );
    assert_eq!(
        message("kk6/8/8/8/8/8/8/R3K2R w Kk - 0 1"),
        "castling right `k` but black has 2 kings"
    );
}

#[test]
fn each_reason_a_rook_is_missing_is_named() {
    assert_eq!(
        message("4k3/8/8/8/8/8/8/R3K3 w KQ - 0 1"),
        "castling right `K` but no white rook stands on the kingside (f1-h1)"
    );
    assert_eq!(
        message("4k3/8/8/8/8/8/8/1K5R w KQ - 0 1"),
        "castling right `Q` but no white rook stands on the queenside (a1)"
    );
    assert_eq!(
        message("4k3/8/8/8/8/8/8/R3K2R w KC - 0 1"),
        "castling right `C` but no white rook stands on c1"
    );
    assert_eq!(
        message("4k3/8/8/8/8/8/8/R3K2R w KE - 0 1"),
        "castling right `E` but it names the file of the white king"
    );
    let found = messages("4k3/8/8/8/8/8/8/R3K2R w KE - 0 1");
    assert_eq!(found[0].2, ["castling right", "the king, not a rook"]);
}

#[test]
fn a_second_right_on_one_side_is_named() {
    assert_eq!(
        message("4k3/8/8/8/8/8/8/R3KR1R w KF - 0 1"),
        "castling right `F` has no rook of its own: another right already castles the white king on the kingside"
    );
}
