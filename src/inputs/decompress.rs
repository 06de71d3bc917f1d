//! Compressed inputs (the `compressed` feature): a Zstandard (`.zst`) or gzip (`.gz`) file, or
//! the same bytes on standard input, is found by its magic number and read as the text it
//! holds. The decoder runs on a thread of its own and hands the text on in chunks through a
//! bounded channel, so reading costs about what decompressing alone does, and memory holds a
//! few chunks whatever the size of the input.

use std::io::{self, Read};
use std::sync::mpsc::{Receiver, SyncSender, sync_channel};
use std::thread;

/// How many bytes of text a chunk holds.
const CHUNK_BYTES: usize = 256 * 1024;

/// How many chunks wait in the channel at most: the decoder stays this far ahead.
const CHUNKS_AHEAD: usize = 4;

/// How much of the start of an input is looked at for a magic number.
const MAGIC_BYTES: usize = 4;

/// The compressed formats read directly.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Compression {
    /// Zstandard (RFC 8878), every frame of the input.
    Zstd,
    /// gzip (RFC 1952), every member of the input, as `gzip -dc` reads them.
    Gzip,
}

impl Compression {
    /// The format whose magic number `first` starts with.
    pub fn sniff(first: &[u8]) -> Option<Compression> {
        if first.starts_with(&[0x28, 0xB5, 0x2F, 0xFD]) {
            Some(Compression::Zstd)
        } else if first.starts_with(&[0x1F, 0x8B]) {
            Some(Compression::Gzip)
        } else {
            None
        }
    }
}

/// `reader` as text: its own bytes, or the text it holds when it starts with the magic number
/// of a compressed format (which is returned too). The first bytes are read to look for the
/// magic number, so a terminal waits for them.
///
/// ```
/// use std::io::Read;
/// use fenkit::inputs::decompress::{Compression, plain};
///
/// let (mut text, format) = plain(Box::new(&b"8/8/8/8/8/8/8/8 w - - 0 1\n"[..]))?;
/// assert_eq!(format, None);
/// let mut read = String::new();
/// text.read_to_string(&mut read)?;
/// assert_eq!(read, "8/8/8/8/8/8/8/8 w - - 0 1\n");
/// # Ok::<(), std::io::Error>(())
/// ```
pub fn plain(
    mut reader: Box<dyn Read + Send>,
) -> io::Result<(Box<dyn Read + Send>, Option<Compression>)> {
    let mut first = vec![0; CHUNK_BYTES];
    let mut read = 0;
    // As many bytes as one read gives (at least the magic number's, unless the input ends
    // before): the text's first read stays a whole buffer, as the file's would be.
    while read < MAGIC_BYTES {
        match reader.read(first.get_mut(read..).unwrap_or_default()) {
            Ok(0) => break,
            Ok(count) => read += count,
            Err(error) if error.kind() == io::ErrorKind::Interrupted => {}
            Err(error) => return Err(error),
        }
    }
    first.truncate(read);
    let compression = Compression::sniff(&first);
    let whole: Box<dyn Read + Send> = Box::new(io::Cursor::new(first).chain(reader));
    Ok(match compression {
        Some(format) => (Box::new(Decoded::start(format, whole)?), Some(format)),
        None => (whole, None),
    })
}

/// The text of a compressed input, decoded on its own thread.
#[derive(Debug)]
pub struct Decoded {
    chunks: Receiver<io::Result<Vec<u8>>>,
    /// Emptied chunks go back to the decoder to be filled again.
    spent: SyncSender<Vec<u8>>,
    current: Vec<u8>,
    at: usize,
}

impl Decoded {
    fn start(format: Compression, compressed: Box<dyn Read + Send>) -> io::Result<Decoded> {
        let decoder: Box<dyn Read + Send> = match format {
            Compression::Zstd => Box::new(zstd::stream::read::Decoder::new(compressed)?),
            // Concatenated gzip members are one text, as `gzip -dc` reads them.
            Compression::Gzip => Box::new(flate2::read::MultiGzDecoder::new(
                io::BufReader::with_capacity(CHUNK_BYTES, compressed),
            )),
        };
        let (chunk_sender, chunks) = sync_channel(CHUNKS_AHEAD);
        let (spent, spent_chunks) = sync_channel(CHUNKS_AHEAD + 2);
        thread::Builder::new()
            .name(String::from("decompress"))
            .spawn(move || decode(decoder, &chunk_sender, &spent_chunks))?;
        Ok(Decoded {
            chunks,
            spent,
            current: Vec::new(),
            at: 0,
        })
    }
}

/// Fills chunks with the decoder's text and sends them, until the end, an error, or the reader
/// is gone.
fn decode(
    mut decoder: Box<dyn Read + Send>,
    chunks: &SyncSender<io::Result<Vec<u8>>>,
    spent: &Receiver<Vec<u8>>,
) {
    loop {
        let mut chunk = spent.try_recv().unwrap_or_default();
        chunk.clear();
        chunk.resize(CHUNK_BYTES, 0);
        let mut filled = 0;
        let result = loop {
            match decoder.read(chunk.get_mut(filled..).unwrap_or_default()) {
                Ok(0) => break Ok(()),
                Ok(read) => {
                    filled += read;
                    if filled == chunk.len() {
                        break Ok(());
                    }
                }
                Err(error) if error.kind() == io::ErrorKind::Interrupted => {}
                Err(error) => break Err(error),
            }
        };
        chunk.truncate(filled);
        let ended = filled < CHUNK_BYTES;
        if filled > 0 && chunks.send(Ok(chunk)).is_err() {
            return;
        }
        if let Err(error) = result {
            let _ = chunks.send(Err(error));
            return;
        }
        if ended {
            return;
        }
    }
}

impl Read for Decoded {
    fn read(&mut self, buffer: &mut [u8]) -> io::Result<usize> {
        while self.at == self.current.len() {
            let Ok(next) = self.chunks.recv() else {
                return Ok(0);
            };
            let spent = std::mem::replace(&mut self.current, next?);
            let _ = self.spent.try_send(spent);
            self.at = 0;
        }
        let mut rest = self.current.get(self.at..).unwrap_or_default();
        let count = rest.read(buffer)?;
        self.at += count;
        Ok(count)
    }
}

#[cfg(test)]
mod tests {
    use std::io::Write;

    use super::*;

    fn text(size: usize) -> Vec<u8> {
        (0..size)
            .map(|i| format!("8/8/8/8/8/8/8/{} w - - 0 {i}\n", i % 9))
            .collect::<String>()
            .into_bytes()
    }

    fn read_all(bytes: Vec<u8>) -> (Vec<u8>, Option<Compression>) {
        let (mut reader, format) =
            plain(Box::new(io::Cursor::new(bytes))).unwrap_or_else(|e| panic!("{e}"));
        let mut out = Vec::new();
        reader
            .read_to_end(&mut out)
            .unwrap_or_else(|e| panic!("{e}"));
        (out, format)
    }

    #[test]
    fn reads_zstd_and_gzip_by_their_magic_number() {
        let text = text(40_000);
        let zstd = zstd::encode_all(text.as_slice(), 3).unwrap_or_default();
        assert_eq!(read_all(zstd), (text.clone(), Some(Compression::Zstd)));
        // Two gzip members are one text.
        let mut gzip = Vec::new();
        let (first, second) = text.split_at(1000);
        for half in [first, second] {
            let mut encoder =
                flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
            encoder.write_all(half).unwrap_or_default();
            gzip.extend(encoder.finish().unwrap_or_default());
        }
        assert_eq!(read_all(gzip), (text.clone(), Some(Compression::Gzip)));
        assert_eq!(read_all(text.clone()), (text, None));
        assert_eq!(read_all(b"ab".to_vec()), (b"ab".to_vec(), None));
    }

    #[test]
    fn a_broken_stream_is_an_error_after_its_text() {
        let text = text(1000);
        let mut zstd = zstd::encode_all(text.as_slice(), 3).unwrap_or_default();
        zstd.truncate(zstd.len() - 10);
        let (mut reader, _) =
            plain(Box::new(io::Cursor::new(zstd))).unwrap_or_else(|e| panic!("{e}"));
        let mut out = Vec::new();
        assert!(reader.read_to_end(&mut out).is_err());
    }
}
