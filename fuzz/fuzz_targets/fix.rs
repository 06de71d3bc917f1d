//! `fenkit fix` on any record and any PDN file: every fix applies and re-reads without a
//! panic, a fixed record is valid, and fixing twice changes nothing.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    fenkit::fuzzing::check_fixes(data);
});
