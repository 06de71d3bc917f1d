//! Board pictures: the text diagrams of each notation (insta snapshots) and the SVG pictures
//! (well formed, one `<rect class="square …">` per square, pieces where the record puts them).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

use fenkit::diagram::{self, Glyphs};
use fenkit::draughts::Board;
use fenkit::{DraughtsFen, Epd, Feen, Fen, ParseOptions, Position};

fn fen(text: &str) -> Fen {
    text.parse().unwrap()
}

fn draughts(text: &str, board: Board) -> DraughtsFen {
    let options = ParseOptions::strict().with_draughts_board(board);
    DraughtsFen::parse(text.as_bytes(), &options).value.unwrap()
}

#[test]
fn chess_with_letters() {
    let position = fen("r3k2r/pp3ppp/8/3pP3/8/8/PP3PPP/R3K2R w KQkq d6 0 17");
    insta::assert_snapshot!(diagram::fen_text(&position, Glyphs::Letters));
}

#[test]
fn chess_with_figurines() {
    let position = fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
    insta::assert_snapshot!(diagram::fen_text(&position, Glyphs::Figurines));
}

#[test]
fn chess960_castling_is_written_as_the_fen_writes_it() {
    let position = fen("1r2k1r1/8/8/8/8/8/8/1R2K1R1 w GBgb - 0 1");
    let text = diagram::fen_text(&position, Glyphs::Letters);
    assert!(
        text.contains("White to move, castling GBgb, en passant -\n"),
        "{text}"
    );
}

#[test]
fn epd_draws_its_position() {
    let epd: Epd =
        "2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - bm Qg6; id \"WAC.001\";"
            .parse()
            .unwrap();
    insta::assert_snapshot!(diagram::epd_text(&epd, Glyphs::Letters));
}

#[test]
fn international_draughts_with_men_and_kings() {
    let position = draughts("B:WK4,31-35,47:B1-3,K20,21", Board::International);
    insta::assert_snapshot!(diagram::draughts_text(&position));
}

#[test]
fn english_draughts_on_its_eight_by_eight_board() {
    let position = draughts("W:W21-32:B1-12", Board::English);
    insta::assert_snapshot!(diagram::draughts_text(&position));
}

#[test]
fn russian_draughts_names_files_and_ranks() {
    let position = draughts("W:Wa1,c3,Kh2:Bh8,Kb8", Board::Russian);
    insta::assert_snapshot!(diagram::draughts_text(&position));
}

#[test]
fn feen_shogi_with_hands() {
    let feen: Feen =
        "lnsgk2nl/1r4gs1/p1pppp1pp/1p4p2/7P1/2P6/PP1PPPP1P/1SG4R1/LN2KGSNL 2B/ SHOGI/shogi"
            .parse()
            .unwrap();
    insta::assert_snapshot!(diagram::feen_text(&feen));
}

#[test]
fn feen_three_dimensional_board_layer_by_layer() {
    let feen: Feen = "+r'n/pp//RN/P1 P/p FOO/bar".parse().unwrap();
    insta::assert_snapshot!(diagram::feen_text(&feen));
}

#[test]
fn feen_wide_rank_is_cut_and_counted() {
    let feen: Feen = "K1000k / A/b".parse().unwrap();
    let text = diagram::feen_text(&feen);
    let first = text.lines().next().unwrap();
    assert_eq!(
        first.split(' ').filter(|cell| !cell.is_empty()).count(),
        64 + 4,
        "{first}"
    );
    assert!(first.ends_with("… 938 more cells"), "{first}");
}

/// Every tag of `svg` is closed in order (an XML well-formedness check of what the writer uses:
/// elements, attributes in quotes, no comments or CDATA).
fn assert_balanced(svg: &str) {
    let mut open: Vec<String> = Vec::new();
    let mut rest = svg;
    while let Some(start) = rest.find('<') {
        let end = rest[start..].find('>').unwrap() + start;
        let tag = &rest[start + 1..end];
        assert_eq!(
            tag.matches('"').count() % 2,
            0,
            "unbalanced quotes in <{tag}>"
        );
        assert!(!tag.contains('<'), "`<` inside <{tag}>");
        if let Some(name) = tag.strip_prefix('/') {
            assert_eq!(
                open.pop().as_deref(),
                Some(name),
                "</{name}> closes nothing open"
            );
        } else if !tag.ends_with('/') {
            open.push(tag.split_whitespace().next().unwrap().to_string());
        }
        let text = &rest[..start];
        assert!(
            !text.contains('>') || open.is_empty(),
            "stray `>` in text: {text}"
        );
        rest = &rest[end + 1..];
    }
    assert!(open.is_empty(), "unclosed: {open:?}");
    assert!(rest.trim().is_empty());
    // Text and attribute values have `&` only as the start of an entity.
    for (index, _) in svg.match_indices('&') {
        let entity = &svg[index..svg[index..].find(';').unwrap() + index + 1];
        assert!(
            ["&amp;", "&lt;", "&gt;", "&quot;", "&apos;"].contains(&entity),
            "{entity}"
        );
    }
}

#[test]
fn chess_svg_is_well_formed_with_64_squares_and_32_pieces() {
    let start = Fen::starting_position();
    let svg = diagram::svg(&Position::Fen(start));
    assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
    assert_balanced(&svg);
    assert_eq!(svg.matches("<rect class=\"square").count(), 64);
    assert_eq!(svg.matches("class=\"square dark\"").count(), 32);
    assert_eq!(svg.matches("<text class=\"piece").count(), 32);
    assert_eq!(svg.matches("class=\"piece white king\"").count(), 1);
    // a1 is dark and holds White's rook; the title is the FEN.
    assert!(
        svg.contains("<rect class=\"square dark\" x=\"20\" y=\"315\""),
        "{svg}"
    );
    assert!(
        svg.contains("<text class=\"piece white rook\" x=\"42\" y=\"350\""),
        "{svg}"
    );
    assert!(
        svg.contains("<title>rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1</title>")
    );
}

#[test]
fn draughts_svg_has_the_board_of_its_variant() {
    let position = draughts("B:WK4,31:B1-3,K20", Board::International);
    let svg = diagram::svg(&Position::Pdn(position));
    assert_balanced(&svg);
    assert_eq!(svg.matches("<rect class=\"square").count(), 100);
    assert_eq!(svg.matches("class=\"piece white man\"").count(), 1);
    assert_eq!(svg.matches("class=\"piece white king\"").count(), 1);
    assert_eq!(svg.matches("class=\"piece black man\"").count(), 3);
    assert_eq!(svg.matches("class=\"piece black king\"").count(), 1);
    let english = draughts("W:W21-32:B1-12", Board::English);
    let svg = diagram::svg(&Position::Pdn(english));
    assert_balanced(&svg);
    assert_eq!(svg.matches("<rect class=\"square").count(), 64);
    assert_eq!(svg.matches("<circle class=\"piece").count(), 24);
}

#[test]
fn feen_svg_escapes_piece_names_and_lists_the_hands() {
    let feen: Feen = "+K'2/3 2P/p A/b".parse().unwrap();
    let svg = diagram::svg(&Position::Feen(feen));
    assert_balanced(&svg);
    assert_eq!(svg.matches("<rect class=\"square").count(), 6);
    assert!(svg.contains(">+K&apos;</text>"), "{svg}");
    assert!(svg.contains(">first in hand: 2P</text>"), "{svg}");
    assert!(svg.contains("<title>+K&apos;2/3 2P/p A/b</title>"), "{svg}");
}
