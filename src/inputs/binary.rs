//! Input that is not text: a byte check of a file's first block, so that an archive or a
//! compressed file is one diagnostic naming what it looks like, not a report per "line" of
//! binary noise.

use crate::diagnostic::Diagnostic;
use crate::span::Span;

use super::binary_kind::BinaryKind;
use super::messages;

/// How many first bytes [`sniff_binary`] looks at for a NUL byte.
pub const SNIFF_BYTES: usize = 8 * 1024;

/// The magic numbers, each with the kind it marks, at the start of the input.
const MAGIC: &[(&[u8], BinaryKind)] = &[
    (&[0x28, 0xB5, 0x2F, 0xFD], BinaryKind::Zstd),
    (&[0x1F, 0x8B], BinaryKind::Gzip),
    (b"PK\x03\x04", BinaryKind::Zip),
    (b"PK\x05\x06", BinaryKind::Zip),
    (&[0xFD, b'7', b'z', b'X', b'Z', 0x00], BinaryKind::Xz),
    (&[b'7', b'z', 0xBC, 0xAF, 0x27, 0x1C], BinaryKind::SevenZip),
    (&[0x04, 0x22, 0x4D, 0x18], BinaryKind::Lz4),
    (&[0xFF, 0xFE], BinaryKind::Utf16),
    (&[0xFE, 0xFF], BinaryKind::Utf16),
];

/// What the input whose first bytes are `first` looks like when it is not text, or `None` for
/// text. Give it at least [`SNIFF_BYTES`] bytes when the input has them (fewer only at its end):
/// a NUL byte is looked for among them, and a tar header is 512 bytes.
///
/// ```
/// use fenkit::inputs::{BinaryKind, sniff_binary};
///
/// assert_eq!(sniff_binary(b"PK\x03\x04\x14\x00"), Some(BinaryKind::Zip));
/// assert_eq!(sniff_binary(b"8/8/8/8/8/8/8/8 w - - 0 1\n"), None);
/// ```
pub fn sniff_binary(first: &[u8]) -> Option<BinaryKind> {
    if let Some((_, kind)) = MAGIC.iter().find(|(magic, _)| first.starts_with(magic)) {
        return Some(*kind);
    }
    if first.starts_with(b"BZh") && first.get(3).is_some_and(|d| (b'1'..=b'9').contains(d)) {
        return Some(BinaryKind::Bzip2);
    }
    if first.get(257..262) == Some(b"ustar") {
        return Some(BinaryKind::Tar);
    }
    let block = first.get(..SNIFF_BYTES).unwrap_or(first);
    block.contains(&0).then_some(BinaryKind::NulBytes)
}

impl BinaryKind {
    /// How many first bytes mark it (the span of its diagnostic).
    fn marker_len(self, first: &[u8]) -> usize {
        match self {
            BinaryKind::Tar | BinaryKind::NulBytes => 0,
            BinaryKind::Bzip2 => 4,
            _ => MAGIC
                .iter()
                .find(|(magic, kind)| *kind == self && first.starts_with(magic))
                .map_or(0, |(magic, _)| magic.len()),
        }
    }

    /// The one diagnostic of the input whose first bytes are `first` (`fenkit::input::binary_input`),
    /// at the bytes that mark it: a NUL byte at the first one, a tar header at the file's start.
    pub fn diagnostic(self, first: &[u8]) -> Diagnostic {
        let span = match self {
            BinaryKind::NulBytes => Span::new(first.iter().position(|&b| b == 0).unwrap_or(0), 1),
            _ => Span::new(0, self.marker_len(first)),
        };
        messages::binary_input(self, span)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_each_kind_by_its_first_bytes() {
        let cases: &[(&[u8], BinaryKind)] = &[
            (&[0x28, 0xB5, 0x2F, 0xFD, 0x24], BinaryKind::Zstd),
            (&[0x1F, 0x8B, 0x08], BinaryKind::Gzip),
            (b"PK\x03\x04rest", BinaryKind::Zip),
            (b"PK\x05\x06", BinaryKind::Zip),
            (b"\xFD7zXZ\x00\x00", BinaryKind::Xz),
            (b"BZh91AY&SY", BinaryKind::Bzip2),
            (b"7z\xBC\xAF\x27\x1C\x00", BinaryKind::SevenZip),
            (b"\x04\x22\x4D\x18", BinaryKind::Lz4),
            (b"\xFF\xFE8\x00/\x00", BinaryKind::Utf16),
            (b"8/8/8/8\x00/8/8/8/8 w - - 0 1", BinaryKind::NulBytes),
        ];
        for (first, kind) in cases {
            assert_eq!(sniff_binary(first), Some(*kind), "{first:?}");
        }
        let mut tar = vec![b'a'; 600];
        tar.splice(257..262, *b"ustar");
        assert_eq!(sniff_binary(&tar), Some(BinaryKind::Tar));
    }

    #[test]
    fn text_is_not_binary() {
        for text in [
            &b""[..],
            b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n",
            b"BZh is not bzip2 without its digit",
            b"PK is a tag\n",
            "\u{feff}8/8 w - -".as_bytes(),
        ] {
            assert_eq!(sniff_binary(text), None, "{text:?}");
        }
        // A NUL byte past the first block is not looked for.
        let mut late = vec![b'a'; SNIFF_BYTES];
        late.push(0);
        assert_eq!(sniff_binary(&late), None);
    }

    #[test]
    fn its_diagnostic_points_at_the_marker() {
        let zip = b"PK\x03\x04rest";
        let diagnostic = BinaryKind::Zip.diagnostic(zip);
        assert_eq!(diagnostic.code(), "fenkit::input::binary_input");
        assert_eq!(diagnostic.span(), Some(Span::new(0, 4)));
        assert!(
            diagnostic.message().contains("a zip archive"),
            "{}",
            diagnostic.message()
        );
        let nul = b"8/8\x00";
        assert_eq!(
            BinaryKind::NulBytes.diagnostic(nul).span(),
            Some(Span::new(3, 1))
        );
        assert_eq!(
            BinaryKind::Bzip2.diagnostic(b"BZh9").span(),
            Some(Span::new(0, 4))
        );
    }
}
