//! FEEN: no panic on any bytes, in either mode; whatever parses writes a canonical text that
//! parses back to the same value and is written identically; the fast path and the diagnostic
//! path agree.
#![no_main]

use fenkit::ParseOptions;
use fenkit::feen::Feen;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    fenkit::fuzzing::check_feen(data);
    let _ = Feen::parse(data, &ParseOptions::lenient().validated());
});
