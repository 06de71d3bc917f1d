//! The library's plain values as a Rust user expects them: chess squares, pieces, roles and
//! colours through `FromStr`/`Display`, and diagnostic codes as public constants; `Debug` that
//! names squares and pieces, `len`/`is_empty` on collections, every value
//! `Send + Sync + 'static`, and diagnostics that leave the function that parsed them as owned
//! `miette::Report`s.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

use fenkit::chess::{Color, ParseValueError, Piece, Role, Square};
use fenkit::{Epd, Fen, ParseOptions, PositionFields, Variant};

#[test]
fn square_constants_name_their_squares() {
    assert_eq!(Square::A1.index(), 0);
    assert_eq!(Square::H1.index(), 7);
    assert_eq!(Square::E4, Square::new(4, 3).unwrap());
    assert_eq!(Square::H8.index(), 63);
    let fen: Fen = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2".parse().unwrap();
    assert_eq!(fen.en_passant, Some(Square::D6));
    assert_eq!(
        fen.board.get(Square::E1).map(|p| p.to_string()),
        Some("K".into())
    );
}

#[test]
fn every_square_reads_back_its_name() {
    let mut names = Vec::new();
    for rank in '1'..='8' {
        for file in 'a'..='h' {
            let name = format!("{file}{rank}");
            let square: Square = name.parse().unwrap();
            assert_eq!(square.to_string(), name);
            names.push(square.index());
        }
    }
    assert_eq!(names, (0..64).collect::<Vec<_>>());
}

#[test]
fn squares_outside_the_board_are_refused_with_the_text() {
    for text in ["i9", "e9", "i1", "a0", "E4", "e", "e4e", " e4", ""] {
        let error = text.parse::<Square>().unwrap_err();
        assert_eq!(error.text, text);
        assert_eq!(
            error.to_string(),
            format!("{text:?} is not a square (a1 to h8)")
        );
    }
}

#[test]
fn pieces_roles_and_colours_are_their_fen_letters() {
    let letters: String = (0..12)
        .map(|code| Piece::from_code(code).unwrap().to_string())
        .collect();
    assert_eq!(letters, "PNBRQKpnbrqk");
    for letter in letters.chars() {
        let piece: Piece = letter.to_string().parse().unwrap();
        assert_eq!(char::from(piece.letter()), letter);
    }
    let roles: String = Role::ALL.iter().map(Role::to_string).collect();
    assert_eq!(roles, "pnbrqk");
    assert_eq!("Q".parse::<Role>().unwrap(), Role::Queen);
    assert_eq!("w".parse::<Color>().unwrap(), Color::White);
    assert_eq!(Color::Black.to_string(), "b");
    let refused: Vec<ParseValueError> = vec![
        "x".parse::<Piece>().unwrap_err(),
        "Kk".parse::<Piece>().unwrap_err(),
        "".parse::<Role>().unwrap_err(),
        "white".parse::<Color>().unwrap_err(),
        "B".parse::<Color>().unwrap_err(),
    ];
    let expected: Vec<&str> = refused.iter().map(|e| e.expected).collect();
    assert_eq!(
        expected,
        [
            "a FEN piece letter (PNBRQK or pnbrqk)",
            "a FEN piece letter (PNBRQK or pnbrqk)",
            "a role letter (p, n, b, r, q or k)",
            "a side to move (w or b)",
            "a side to move (w or b)",
        ]
    );
}

#[test]
fn diagnostics_match_the_public_code_constants() {
    use fenkit::chess::codes::{INVALID_SIDE, RANK_TOO_LONG};
    let parsed = Fen::parse(
        b"ppppppppp/8/8/8/8/8/8/8 x - - 0 1",
        &ParseOptions::strict(),
    );
    let codes: Vec<&str> = parsed.diagnostics.iter().map(|d| d.code()).collect();
    assert_eq!(codes, [RANK_TOO_LONG, INVALID_SIDE]);
    assert_eq!(RANK_TOO_LONG, "fenkit::fen::rank_too_long");
    let epd = Epd::parse(
        b"8/8/8/8/8/8/8/8 w - - id \"a\"; id \"b\";",
        &ParseOptions::strict(),
    );
    let codes: Vec<&str> = epd.diagnostics.iter().map(|d| d.code()).collect();
    assert_eq!(codes, [fenkit::epd::codes::DUPLICATE_OPCODE]);
}

/// What a value must be to cross threads and outlive its input: a `Report`, a channel, a
/// static cache.
fn assert_traits<T: Send + Sync + 'static>() {}

#[test]
fn every_public_value_and_error_is_send_sync_and_static() {
    use fenkit::*;
    assert_traits::<Fen>();
    assert_traits::<Epd>();
    assert_traits::<DraughtsFen>();
    assert_traits::<Feen>();
    assert_traits::<Position>();
    assert_traits::<Notation>();
    assert_traits::<Parsed<Fen>>();
    assert_traits::<Parsed<Position>>();
    assert_traits::<Diagnostic>();
    assert_traits::<Label>();
    assert_traits::<Severity>();
    assert_traits::<Span>();
    assert_traits::<Omitted>();
    assert_traits::<ParseError>();
    assert_traits::<SourcedDiagnostic<'static>>();
    assert_traits::<RecordSource<'static>>();
    assert_traits::<Fix>();
    assert_traits::<Edit>();
    assert_traits::<Applicability>();
    assert_traits::<ParseOptions>();
    assert_traits::<Mode>();
    assert_traits::<Castling>();
    assert_traits::<SpanColumns>();
    assert_traits::<autofix::Fixed>();
    assert_traits::<codes::CodeInfo>();
    assert_traits::<codes::CodeKind>();
    assert_traits::<codes::Explanation>();
    assert_traits::<codes::Example>();
    assert_traits::<codes::Reading>();
    assert_traits::<diagram::Glyphs>();
    // chess
    assert_traits::<chess::Board>();
    assert_traits::<chess::CastlingRights>();
    assert_traits::<chess::SideRights>();
    assert_traits::<chess::CastlingLetter>();
    assert_traits::<chess::Color>();
    assert_traits::<chess::Piece>();
    assert_traits::<chess::Role>();
    assert_traits::<chess::Square>();
    assert_traits::<chess::ParseValueError>();
    // EPD
    assert_traits::<epd::Operation>();
    assert_traits::<epd::Operand>();
    assert_traits::<epd::Value<'static>>();
    // FEEN
    assert_traits::<feen::Placement>();
    assert_traits::<feen::Cell>();
    assert_traits::<feen::Hands>();
    assert_traits::<feen::HandEntry>();
    assert_traits::<feen::Piece>();
    assert_traits::<feen::State>();
    assert_traits::<feen::Side>();
    assert_traits::<feen::Style>();
    assert_traits::<feen::StyleTurn>();
    assert_traits::<feen::InvalidToken>();
    // draughts
    assert_traits::<draughts::Board>();
    assert_traits::<draughts::SquareNotation>();
    assert_traits::<draughts::Color>();
    assert_traits::<draughts::Turn>();
    assert_traits::<draughts::Square>();
    assert_traits::<draughts::SquareSet>();
    assert_traits::<draughts::Pieces>();
    assert_traits::<fenkit::pgn::TagPair<'static>>();
    assert_traits::<fenkit::pgn::TagFailure<'static>>();
    // variants
    assert_traits::<variant::Crazyhouse>();
    assert_traits::<variant::ThreeCheck>();
    assert_traits::<variant::Pockets>();
    assert_traits::<variant::RemainingChecks>();
    assert_traits::<Parsed<variant::Crazyhouse>>();
    // grammar
    assert_traits::<grammar::Error>();
    assert_traits::<grammar::Rejection>();
    assert_traits::<grammar::Record<Fen>>();
    assert_traits::<grammar::Placement>();
    assert_traits::<grammar::Gap>();
    assert_traits::<grammar::LeadingZeros>();
    // PGN
    assert_traits::<pgn::GameRecord>();
    assert_traits::<pgn::GameHeading>();
    assert_traits::<pgn::GameScanner>();
    assert_traits::<pgn::FileSummary>();
    assert_traits::<pgn::RecordKind>();
    assert_traits::<pgn::RulesFrom>();
    // behind features
    #[cfg(feature = "serde")]
    assert_traits::<LocatedDiagnostic<'static>>();
    #[cfg(any(feature = "shakmaty", feature = "cozy-chess"))]
    assert_traits::<interop::ConversionError>();
}

#[test]
fn debug_names_chess_squares_and_castling_letters() {
    // Before: `Square(44)`, `Some(Square(44))`.
    assert_eq!(format!("{:?}", Square::E6), "e6");
    let fen: Fen = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2".parse().unwrap();
    assert_eq!(format!("{:?}", fen.en_passant), "Some(d6)");
    // Before: two `SideRights { king_side: true, queen_side: true, files: 0 }`.
    let fen: Fen = "r3k2r/8/8/8/8/8/8/R3K2R w Kq - 0 1".parse().unwrap();
    assert_eq!(format!("{:?}", fen.castling), "CastlingRights(Kq)");
    assert!(format!("{fen:?}").contains("castling: CastlingRights(Kq), en_passant: None"));
}

#[test]
fn castling_rights_display_as_the_fen_writer_writes_them() {
    use fenkit::chess::CastlingRights;
    assert_eq!(CastlingRights::NONE.to_string(), "-");
    for (record, field) in [
        ("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "KQkq"),
        ("r3k2r/8/8/8/8/8/8/R3K2R w k - 0 1", "k"),
        ("r3k2r/8/8/8/8/8/8/R3K2R w - - 0 1", "-"),
        // Shredder-FEN and X-FEN letters stay as the writer writes them.
        ("r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1", "HAha"),
        ("1r2k1r1/8/8/8/8/8/8/1R2K1R1 w GBgb - 0 1", "GBgb"),
    ] {
        let fen: Fen = record.parse().unwrap();
        assert_eq!(fen.castling.to_string(), field, "{record}");
        assert_eq!(fen.to_string().split(' ').nth(2), Some(field), "{record}");
    }
    // Padding works as for any text field.
    assert_eq!(format!("[{:>6}]", CastlingRights::NONE), "[     -]");
}

#[test]
fn debug_lists_draughts_squares_by_their_names() {
    use fenkit::DraughtsFen;
    use fenkit::draughts::{Board, Color, Square, SquareSet};
    // Before: `Number(31)`, `Alpha { file: 0, rank: 0 }`, `SquareSet(7)`.
    assert_eq!(format!("{:?}", Square::Number(31)), "31");
    assert_eq!(format!("{:?}", Square::Alpha { file: 0, rank: 0 }), "a1");
    assert_eq!(format!("{:?}", SquareSet::range(0, 2)), "{1, 2, 3}");
    assert_eq!(format!("{:?}", SquareSet::EMPTY), "{}");

    let fen: DraughtsFen = "B:W18,24,K10:B12,K22".parse().unwrap();
    let white = fen.pieces(Color::White);
    assert_eq!(
        format!("{white:?}"),
        "Pieces { men: {18, 24}, kings: {10} }"
    );
    assert!(format!("{fen:?}").contains("white: Pieces { men: {18, 24}, kings: {10} }"));
    // A position names its squares as its board does.
    let options = ParseOptions::strict().with_draughts_board(Board::Russian);
    let russian = DraughtsFen::parse(b"W:Wa1,c1:Bh8", &options).value.unwrap();
    assert!(
        format!("{russian:?}").contains("white: Pieces { men: {a1, c1}, kings: {} }"),
        "{russian:?}"
    );
}

#[test]
fn debug_writes_pockets_as_their_letters() {
    use fenkit::variant::{Crazyhouse, Pockets};
    // Before: `Pockets { counts: [[0, 0, 0, 0, 1, 0], [0, 1, 0, 0, 0, 0]] }`.
    let crazyhouse: Crazyhouse = "4k3/8/8/8/8/8/8/4K3[QNn] w - - 0 1".parse().unwrap();
    assert_eq!(format!("{:?}", crazyhouse.pockets), "[NQn]");
    assert_eq!(format!("{:?}", Pockets::default()), "[]");
    // Before: `promoted: 64`.
    let promoted: Crazyhouse = "4k3/8/8/8/8/8/8/4K1N~1[] w - - 0 1".parse().unwrap();
    assert!(
        format!("{promoted:?}").ends_with("pockets: [], promoted: {g1} }"),
        "{promoted:?}"
    );
}

#[test]
fn debug_writes_feen_pieces_boards_and_hands_as_their_text() {
    use fenkit::Feen;
    use fenkit::feen::{Cell, Piece};
    // Before: `Piece { letter: 112, state: Enhanced, derived: true }`.
    let piece: Piece = "+p'".parse().unwrap();
    assert_eq!(format!("{piece:?}"), "Piece(+p')");
    assert_eq!(format!("{:?}", Cell::Piece(piece)), "Piece(Piece(+p'))");
    // Before: nested ranks of cells, and two lists of entries.
    let feen: Feen = "+rn/3 2P/b FOO/bar".parse().unwrap();
    assert_eq!(format!("{:?}", feen.placement), r#"Placement("+rn/3")"#);
    assert_eq!(format!("{:?}", feen.hands), r#"Hands("2P/b")"#);
    assert!(
        format!("{feen:?}")
            .starts_with(r#"Feen { placement: Placement("+rn/3"), hands: Hands("2P/b"), "#),
        "{feen:?}"
    );
}

#[test]
fn collections_with_a_size_have_len_and_is_empty() {
    use fenkit::DraughtsFen;
    use fenkit::draughts::Color;
    use fenkit::variant::Pockets;
    let fen: Fen = "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1".parse().unwrap();
    assert_eq!(fen.board.len(), 3);
    assert!(!fen.board.is_empty());
    assert!(fenkit::chess::Board::empty().is_empty());
    let draughts: DraughtsFen = "W:W31,32,K40:B1-20".parse().unwrap();
    assert_eq!(draughts.pieces(Color::White).len(), 3);
    assert_eq!(draughts.pieces(Color::Black).len(), 20);
    assert!(!draughts.pieces(Color::White).is_empty());
    assert!(fenkit::draughts::Pieces::default().is_empty());
    assert!(Pockets::default().is_empty());
}

#[test]
fn diagrams_take_the_parsed_values_without_a_clone() {
    use fenkit::diagram::{self, Glyphs};
    use fenkit::{DraughtsFen, Feen, Position};
    let fen: Fen = "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1".parse().unwrap();
    assert_eq!(
        diagram::text(&fen, Glyphs::Letters),
        diagram::text(&Position::Fen(fen.clone()), Glyphs::Letters)
    );
    assert_eq!(
        diagram::svg(&fen),
        diagram::svg(&Position::Fen(fen.clone()))
    );
    let epd = Epd::from_fen(&fen);
    assert_eq!(
        diagram::svg(&epd),
        diagram::svg(&Position::Epd(epd.clone()))
    );
    let draughts: DraughtsFen = "W:W31-50:B1-20".parse().unwrap();
    assert_eq!(
        diagram::text(&draughts, Glyphs::Letters),
        diagram::draughts_text(&draughts)
    );
    let feen: Feen = "K / FOO/bar".parse().unwrap();
    assert_eq!(
        diagram::text(&feen, Glyphs::Letters),
        diagram::feen_text(&feen)
    );
    // A reference to a reference, as an iterator gives them, is drawn too.
    let positions = [Position::Fen(fen)];
    for position in positions.iter() {
        assert!(diagram::svg(&position).starts_with("<svg"));
    }
}

/// The graphical rendering, without colours, as a user's terminal would show it.
fn render(report: &miette::Report) -> String {
    let mut out = String::new();
    miette::GraphicalReportHandler::new_themed(miette::GraphicalTheme::unicode_nocolor())
        .with_width(200)
        .with_urls(false)
        .render_report(&mut out, report.as_ref())
        .unwrap();
    out
}

/// A function that returns its diagnostic past the record's text: what `with_source` (which
/// borrows) cannot do.
fn check(line: usize, text: String) -> miette::Result<Fen> {
    let parsed = Fen::parse(text.as_bytes(), &ParseOptions::strict());
    match parsed.diagnostics.first() {
        Some(diagnostic) => Err(diagnostic.to_report("uci", line, text.as_str())),
        None => Ok(parsed.value.unwrap()),
    }
}

#[test]
fn a_diagnostic_becomes_an_owned_report_with_its_header() {
    let report = check(7, "8/8/8/8/8/8/8/k1K5 x - - 0 1".to_string()).unwrap_err();
    let shown = render(&report);
    assert!(shown.contains("[uci:7:20]"), "{shown}");
    assert!(
        shown.contains("fenkit::fen::invalid_side_to_move"),
        "{shown}"
    );
    // It crosses threads, as `miette::Result` needs.
    let shown_elsewhere = std::thread::spawn(move || render(&report)).join().unwrap();
    assert_eq!(shown_elsewhere, shown);
}

#[test]
fn an_owned_report_of_a_long_record_shows_the_window_and_its_column() {
    // The primary span 10 000 bytes along the line: a window, headed by the record's column.
    assert!(check(1, "8/8/8/8/8/8/8/k1K5 w - - 0 1".to_string()).is_ok());
    let long = format!("{}x w - - 0 1", "8/".repeat(5_000));
    let report = check(3, long.clone()).unwrap_err();
    let owned = render(&report);
    let parsed = Fen::parse(long.as_bytes(), &ParseOptions::strict());
    let diagnostic = &parsed.diagnostics[0];
    let column = diagnostic.span().unwrap().offset + 1;
    assert!(owned.contains(&format!("[uci:3:{column}]")), "{owned}");
    assert!(owned.contains('…'), "{owned}");
    assert!(
        owned.lines().all(|line| line.chars().count() < 400),
        "{owned}"
    );
    // The same rendering as the borrowed `with_source`, which it shares its code with.
    let borrowed = render(&miette::Report::new(
        diagnostic.with_source("uci", 3, &long).into_owned(),
    ));
    assert_eq!(owned, borrowed);
}

#[test]
fn a_parsed_record_becomes_a_result_with_every_diagnostic() {
    fn read(text: &str) -> miette::Result<Fen> {
        let fen =
            Fen::parse(text.as_bytes(), &ParseOptions::strict()).into_report("input", 2, text)?;
        Ok(fen)
    }
    assert!(read("8/8/8/8/8/8/8/k1K5 w - - 0 1").is_ok());
    let report = read("8/8/8/8/8/8/8/k1K5 x - e4 0 1").unwrap_err();
    assert_eq!(
        report.code().map(|code| code.to_string()).as_deref(),
        Some("fenkit::fen::invalid_side_to_move")
    );
    let related: Vec<String> = report
        .related()
        .into_iter()
        .flatten()
        .filter_map(|d| d.code().map(|code| code.to_string()))
        .collect();
    assert_eq!(related, ["fenkit::fen::en_passant_rank"]);
    let shown = render(&report);
    assert!(
        shown.contains("[input:2:20]") && shown.contains("[input:2:25]"),
        "{shown}"
    );

    // Warnings too, one report each.
    let lenient = Fen::parse(b"8/8/8/8/8/8/8/k1K5 W - - 0 1", &ParseOptions::lenient());
    let reports = lenient.reports("input", 1, "8/8/8/8/8/8/8/k1K5 W - - 0 1");
    assert_eq!(reports.len(), lenient.diagnostics.len());
    assert_eq!(reports[0].severity(), Some(miette::Severity::Warning));
}

#[cfg(feature = "nom8")]
#[test]
fn every_diagnostic_of_a_grammar_parse_is_one_owned_report() {
    use fenkit::Diagnostic;
    use nom::bytes::complete::tag;
    use nom::sequence::preceded;

    fn position(command: String) -> miette::Result<fenkit::grammar::Record<Fen>> {
        let options = ParseOptions::strict();
        let fen = preceded(tag("position fen "), fenkit::grammar::fen(&options));
        fenkit::grammar::parse_whole(command.as_str(), fen)
            .map_err(|diagnostics| Diagnostic::report_all(&diagnostics, "uci", 3, &command))
    }
    let report = position("position fen 8/8/8/9/8/8/8/k1K5 x - e4 0 1".to_string()).unwrap_err();
    assert_eq!(report.related().map(Iterator::count), Some(2));
    insta::assert_snapshot!(render(&report));

    let empty = Diagnostic::report_all(&[], "uci", 1, "");
    assert_eq!(empty.to_string(), "no diagnostics");
}

// A position's fields, as the Python and npm packages build their values from them.

fn fields_of(record: &str, options: &ParseOptions) -> Option<PositionFields> {
    let (_, parsed) = fenkit::parse_any(record.as_bytes(), None, options);
    parsed.value.map(|value| value.fields())
}

#[test]
fn a_crazyhouse_record_has_its_pockets_and_clocks() {
    let options = ParseOptions::lenient().with_variant(Variant::Crazyhouse);
    let Some(PositionFields::Chess(fields)) =
        fields_of("8/8/8/8/8/8/8/k1K5[Qq] b - - 3 9", &options)
    else {
        panic!("a chess position")
    };
    assert_eq!(fields.placement, "8/8/8/8/8/8/8/k1K5[Qq]");
    assert_eq!(fields.pockets.as_deref(), Some("Qq"));
    assert_eq!(
        (fields.halfmove_clock, fields.fullmove_number),
        (Some(3), Some(9))
    );
    assert_eq!(fields.side_to_move, "b");
    assert_eq!(
        fields.pieces,
        [("a1".into(), "k".into()), ("c1".into(), "K".into())]
    );
}

#[test]
fn a_draughts_position_names_its_squares() {
    let Some(PositionFields::Draughts(fields)) =
        fields_of("B:W31,K46:B1,2", &ParseOptions::strict())
    else {
        panic!("a draughts position")
    };
    assert_eq!((fields.board, fields.turn), ("international", "B"));
    assert_eq!(fields.white_men, ["31"]);
    assert_eq!(fields.black_men, ["1", "2"]);
}

#[cfg(feature = "serde")]
#[test]
fn serialises_as_one_object_tagged_by_kind() {
    let fields = fields_of("8/8/8/8/8/8/8/k1K5 w - - 0 1", &ParseOptions::strict());
    let json = serde_json::to_string(&fields).unwrap_or_default();
    assert!(
        json.starts_with(r#"{"kind":"chess","placement":"8/8/8/8/8/8/8/k1K5""#),
        "{json}"
    );
    assert!(json.contains(r#""pieces":{"a1":"k","c1":"K"}"#), "{json}");
    assert!(!json.contains("pockets"), "{json}");
}
