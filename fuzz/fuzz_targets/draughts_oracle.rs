//! Draughts FEN: the one-grammar parser agrees with the old parser
//! (`fenkit::draughts::oracle`) on every input: value and every diagnostic, on three boards,
//! strict and lenient, with and without validation.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    fenkit::fuzzing::check_draughts_oracle(data);
});
