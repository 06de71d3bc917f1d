//! A PGN or PDN game file through the streaming game-file scanner: tags in any order, comments
//! across lines, bare lines, an unclosed `{` reported by `finish` where it opened.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    fenkit::fuzzing::check_pgn_file(data);
});
