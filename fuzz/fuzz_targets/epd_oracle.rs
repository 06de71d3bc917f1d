//! EPD: the one-grammar parser agrees with the old parser (`fenkit::epd::oracle`) on every
//! input: value, codes, severities and primary spans, strict and lenient, with legality.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    fenkit::fuzzing::check_epd_oracle(data);
});
