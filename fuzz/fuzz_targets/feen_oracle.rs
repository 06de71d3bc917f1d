//! FEEN: the one-grammar parser agrees with the old parser (`fenkit::feen::oracle`) on every
//! input: value, codes, severities and primary spans, strict and lenient.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    fenkit::fuzzing::check_feen_oracle(data);
});
