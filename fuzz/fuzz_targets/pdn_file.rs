//! A PDN file of many lines through the game scanner (the properties of `pgn_file`, on PDN
//! seeds): comments across lines, the scope of `GameType`, an unclosed `{` reported by
//! `finish` where it opened.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    fenkit::fuzzing::check_pgn_file(data);
});
