//! Draughts FEN and PDN lines: no panic on any bytes, in either mode, on several boards, with
//! validation; whatever parses writes a canonical text that parses back to the same value; the
//! fast path and the diagnostic path agree.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    fenkit::fuzzing::check_draughts(data);
});
