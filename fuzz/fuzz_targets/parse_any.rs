//! Any record: detection and `parse_any` do not panic in either mode; diagnostics keep every
//! parser's properties (spans on character boundaries, no control characters, rendering);
//! canonical text is detected as its own notation.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    fenkit::fuzzing::check_parse_any(data);
});
