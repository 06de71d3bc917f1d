//! The kinds of binary input fenkit names, by their first bytes.

/// What a binary input looks like, by its first bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum BinaryKind {
    /// Zstandard-compressed data (`28 B5 2F FD`).
    Zstd,
    /// gzip-compressed data (`1F 8B`).
    Gzip,
    /// A zip archive (`PK 03 04`, or `PK 05 06` when empty).
    Zip,
    /// xz-compressed data (`FD 37 7A 58 5A 00`).
    Xz,
    /// bzip2-compressed data (`BZh` and the block size digit).
    Bzip2,
    /// A 7z archive (`37 7A BC AF 27 1C`).
    SevenZip,
    /// LZ4-compressed data (`04 22 4D 18`).
    Lz4,
    /// A tar archive (`ustar` at byte 257).
    Tar,
    /// UTF-16 text (a byte order mark `FF FE` or `FE FF`), not UTF-8.
    Utf16,
    /// Any other file with a NUL byte in its first block: no text file has one.
    NulBytes,
}
