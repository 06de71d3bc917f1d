//! Building blocks of FEEN below a whole record: a PNN piece, the placement, the pieces-in-hand
//! field and the style-turn field, each read by the same rule a FEEN record reads it with.

use super::accept::{accept, read};
use super::combinator::{Combinator, Read, combinator};
use super::error::{Kind, Rejection};
use super::extent::field_len;
use super::messages;
use super::record::Record;
use crate::feen::{Hands, Piece, Placement, StyleTurn};
use crate::feen::{NOTATION, codes};
use crate::mode::Mode;
use crate::options::ParseOptions;
use crate::primitives::ascii::{char_span, is_foreign};
use crate::rules::ascii::non_ascii;
use crate::rules::context::{Cx, Step};
use crate::rules::report::{Report, Stop};
use crate::rules::run::{Rule, run};

/// A PNN piece as FEEN writes it, `[-+]?[A-Za-z]'?`: a letter (its case is its side), an
/// optional state prefix (`+` enhanced, `-` diminished) and an optional derivation marker
/// `'`. It reads the piece and nothing after it, so `+K'p` is two pieces.
///
/// ```
/// use fenkit::feen::{Side, State};
/// use fenkit::grammar;
/// use nom::multi::many1;
/// use nom::Parser;
///
/// let (rest, pieces) = many1(grammar::pnn_piece()).parse(&b"+K'-pQ 3"[..])?;
/// assert_eq!(rest, b" 3");
/// assert_eq!(pieces.iter().map(|p| p.to_string()).collect::<Vec<_>>(), ["+K'", "-p", "Q"]);
/// assert_eq!((pieces[1].side(), pieces[1].state()), (Side::Second, State::Diminished));
/// assert!(grammar::pnn_piece().parse(&b"+3"[..]).is_err());
/// # Ok::<_, nom::Err<fenkit::grammar::Error>>(())
/// ```
pub fn pnn_piece() -> Combinator<impl Fn(&[u8]) -> Read<Piece> + Copy + use<>> {
    combinator(|input: &[u8]| {
        if input.is_empty() {
            return Err(Rejection::not_here(
                Kind::Eof,
                messages::no_pnn_piece(input),
            ));
        }
        let parsed = run(&mut PieceRule, input, Mode::Strict);
        let len = parsed.value.map_or(0, |(_, len)| len);
        let (len, piece) = accept(input, len, parsed.map(|(piece, _)| piece), NOTATION)?;
        Ok((len, piece.value))
    })
}

/// FEEN's placement field: ranks of cells (PNN pieces and counts of empty cells) separated by
/// runs of `/` (one `/` between ranks, `//` between the layers of a 3D board...), with FEEN's
/// diagnostics. The field ends at whitespace, a line end, `"` or the end of the input.
///
/// ```
/// use fenkit::grammar;
/// use nom::Parser;
///
/// let (rest, board) = grammar::feen_placement().parse(&b"+rnbq/2K'2//8/8 / A/b"[..])?;
/// assert_eq!(rest, b" / A/b");
/// assert_eq!(board.ranks().len(), 4);
/// assert_eq!(board.to_string(), "+rnbq/2K'2//8/8");
/// assert!(grammar::feen_placement().parse(&b"8//"[..]).is_err());
/// # Ok::<_, nom::Err<fenkit::grammar::Error>>(())
/// ```
pub fn feen_placement() -> Combinator<impl Fn(&[u8]) -> Read<Placement> + Copy + use<>> {
    combinator(|input: &[u8]| {
        let len = field_len(input);
        if len == 0 {
            return Err(Rejection::not_here(Kind::Eof, messages::no_field(input)));
        }
        let (len, placement) = read(input, len, &mut PlacementField, Mode::Strict, NOTATION)?;
        Ok((len, placement.value))
    })
}

/// FEEN's pieces-in-hand field, `FIRST/second` (`/` alone when no piece is in hand), with
/// FEEN's diagnostics: in lenient mode a non-canonical hand (a count `1`, a piece listed twice,
/// entries out of order) is read in canonical form with a warning. The field ends at
/// whitespace, a line end, `"` or the end of the input.
///
/// ```
/// use fenkit::{ParseOptions, grammar};
/// use nom::Parser;
///
/// let (rest, hands) = grammar::feen_hands(&ParseOptions::lenient()).parse(&b"P2B/p shogi/SHOGI"[..])?;
/// assert_eq!(rest, b" shogi/SHOGI");
/// assert_eq!(hands.value.to_string(), "2BP/p");
/// assert_eq!(hands.warnings[0].code(), "fenkit::feen::hand_order");
/// assert!(grammar::feen_hands(&ParseOptions::strict()).parse(&b"P2B/p"[..]).is_err());
/// # Ok::<_, nom::Err<fenkit::grammar::Error>>(())
/// ```
pub fn feen_hands(
    options: &ParseOptions,
) -> Combinator<impl Fn(&[u8]) -> Read<Record<Hands>> + Copy + use<>> {
    let mode = options.mode;
    // FEEN's own rule, run as `Feen::parse` runs it: fast first, explained only if it stops.
    combinator(move |input: &[u8]| read(input, field_len(input), &mut HandsField, mode, NOTATION))
}

/// FEEN's style-turn field, `ACTIVE/inactive`: two SNN style names of different cases, the
/// player to move first. The field ends at whitespace, a line end, `"` or the end of the input.
///
/// ```
/// use fenkit::feen::Side;
/// use fenkit::grammar;
/// use nom::Parser;
///
/// let (rest, turn) = grammar::feen_style_turn().parse(&b"shogi/SHOGI\"]"[..])?;
/// assert_eq!(rest, b"\"]");
/// assert_eq!((turn.side_to_move(), turn.active().as_str()), (Side::Second, "shogi"));
/// assert!(grammar::feen_style_turn().parse(&b"CHESS/SHOGI"[..]).is_err());
/// # Ok::<_, nom::Err<fenkit::grammar::Error>>(())
/// ```
pub fn feen_style_turn() -> Combinator<impl Fn(&[u8]) -> Read<StyleTurn> + Copy + use<>> {
    combinator(|input: &[u8]| {
        let len = field_len(input);
        let (len, turn) = read(input, len, &mut StyleTurnField, Mode::Strict, NOTATION)?;
        Ok((len, turn.value))
    })
}

/// One piece at the start of the input, and how many bytes it took (the rule reads the whole
/// input, as [`run`] wants). A non-ASCII character where the piece starts is reported as in a
/// record.
struct PieceRule;

impl<'r> Rule<'r> for PieceRule {
    type Output = (Piece, usize);

    fn apply<R: Report>(
        &mut self,
        cx: &mut Cx<'r, R>,
        input: &'r [u8],
    ) -> Step<'r, (Piece, usize)> {
        let end = input.get(input.len()..).unwrap_or_default();
        if cx.collects() && input.first().is_some_and(|&b| is_foreign(b)) {
            let character = input.get(..char_span(input, 0).len).unwrap_or_default();
            non_ascii(cx, character, codes::NON_ASCII)?;
            return Err(Stop);
        }
        match crate::feen::pnn::piece(cx, input)? {
            (rest, Some(piece)) => Ok((end, (piece, input.len() - rest.len()))),
            // Reported.
            (_, None) => Err(Stop),
        }
    }
}

/// Names a FEEN field rule as a rule of its own over the whole field, its non-ASCII characters
/// reported as in a whole FEEN.
macro_rules! field_rule {
    ($name:ident: $output:ty = $rule:path) => {
        struct $name;

        impl<'r> Rule<'r> for $name {
            type Output = $output;

            fn apply<R: Report>(
                &mut self,
                cx: &mut Cx<'r, R>,
                field: &'r [u8],
            ) -> Step<'r, $output> {
                if cx.collects() {
                    non_ascii(cx, field, codes::NON_ASCII)?;
                }
                $rule(cx, field)
            }
        }
    };
}

field_rule!(PlacementField: Placement = crate::feen::placement::placement);
field_rule!(HandsField: Hands = crate::feen::hands::hands);
field_rule!(StyleTurnField: StyleTurn = crate::feen::style_turn::style_turn);
