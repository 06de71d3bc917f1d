//! EPD: no panic on any bytes, in either mode, with validation; and whatever parses writes a
//! canonical text that parses back to the same value and is written identically.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    fenkit::fuzzing::check_epd(data);
});
