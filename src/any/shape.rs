//! The shape of a record that detection reads (docs/notations.md).

/// What detection needs to know of a record, found in one pass over its fields (none for a
/// PDN record, which its first bytes show).
pub(super) struct Shape {
    /// The record starts like a PDN record ([`is_pdn`]).
    pub(super) is_pdn: bool,
    /// How many fields, counted up to 7 (more than 6 is all that matters).
    fields: usize,
    /// The third field is FEEN's style-turn (`NAME/name`).
    pub(super) third_is_style_turn: bool,
    /// The fifth field starts with a letter: an EPD opcode, not a FEN clock.
    fifth_is_opcode: bool,
    /// A `;` anywhere: only EPD operations end with one.
    has_semicolon: bool,
}

impl Shape {
    /// EPD's shape: a `;`, four fields, more than six, or an opcode as the fifth.
    pub(super) fn is_epd(&self) -> bool {
        self.has_semicolon || self.fields == 4 || self.fields > 6 || self.fifth_is_opcode
    }

    pub(super) fn of(record: &[u8]) -> Shape {
        use crate::primitives::fields::is_separator;
        if is_pdn(record) {
            return Shape {
                is_pdn: true,
                fields: 0,
                third_is_style_turn: false,
                fifth_is_opcode: false,
                has_semicolon: false,
            };
        }
        let body = crate::primitives::fields::body(record);
        let mut shape = Shape {
            is_pdn: false,
            fields: 0,
            third_is_style_turn: false,
            fifth_is_opcode: false,
            // A `;` is never trailing whitespace, so the body holds one exactly when the record
            // does (a vectorised search, not a split into fields).
            has_semicolon: memchr::memchr(b';', body).is_some(),
        };
        // Fields as `fields::tokens` splits them (runs of bytes other than space and tab).
        let mut at = 0;
        while shape.fields < 7 {
            let rest = body.get(at..).unwrap_or_default();
            let Some(gap) = rest.iter().position(|&b| !is_separator(b)) else {
                break;
            };
            let field = rest.get(gap..).unwrap_or_default();
            let len = field_len(field);
            let field = field.get(..len).unwrap_or_default();
            match shape.fields {
                2 => shape.third_is_style_turn = crate::feen::is_style_turn_shaped(field),
                4 => shape.fifth_is_opcode = field.first().is_some_and(u8::is_ascii_alphabetic),
                _ => {}
            }
            shape.fields += 1;
            at += gap + len;
        }
        shape
    }
}

/// The length of the field at the start of `bytes`: up to the first space or tab, or the end.
fn field_len(bytes: &[u8]) -> usize {
    crate::primitives::fields::separator_at(bytes, true)
}

/// `[` starts a PDN tag pair, `/FEN "` a setup command, `W`, `B` or `?` followed by `:` a
/// draughts FEN (docs/notations.md).
pub(super) fn is_pdn(record: &[u8]) -> bool {
    record.starts_with(b"[")
        || record.starts_with(b"/FEN \"")
        || matches!(record, [b'W' | b'B' | b'?', b':', ..])
}
