//! Joining the parts of a game file read by many workers into the file read in order.

use fenkit::pgn::GameScanner;

use super::blocks::check_block;
use super::pipeline::Job;
use crate::records::Reading;

/// The writer's side of a game file read in parts: the scanner as it stands after the blocks
/// written, from where the next block must be read.
pub(super) struct Joiner {
    pub(super) scanner: GameScanner,
    pub(super) reading: Reading,
    pub(super) max_record_bytes: usize,
}

impl Joiner {
    /// Makes `job`'s records those of the file read in order: its part goes on from the blocks
    /// before when it starts where the file can be split there, else its block is read (again)
    /// from the scanner's state (a blank line and a `[` inside a comment or a tag section, or a
    /// part that does not start with a tag pair, which no worker read).
    pub(super) fn join(&mut self, job: &mut Job) {
        let first = job.block.first_text(self.max_record_bytes);
        if let Some(part) = job.part.take()
            && self.scanner.can_split_before(first)
        {
            self.scanner.join(part);
        } else {
            job.output.clear();
            check_block(
                job,
                self.reading,
                Some(&mut self.scanner),
                self.max_record_bytes,
            );
        }
    }
}
