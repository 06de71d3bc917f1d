//! Writing the checked blocks in input order, a game file read in parts joined into the file
//! read in order first.

use std::collections::BTreeMap;
use std::sync::mpsc;

use fenkit::records::RecordReader;
use indicatif::ProgressBar;

use super::read::{Job, Step};
use super::records::check_block;
use super::write::{Halt, Writer};

/// The writer's side of a game file read in parts: the reader as it stands after the blocks
/// written, from where the next block must be read (away on a worker while it reads a block
/// again).
pub(super) struct Joiner {
    pub(super) reader: Option<RecordReader>,
    pub(super) max_record_bytes: usize,
}

impl Joiner {
    /// Makes `job`'s records those of the file read in order where its part goes on from the
    /// blocks before (it starts where the file can be split); else gives the job the reader to
    /// read the block again with (a blank line and a `[` inside a comment or a tag section, or
    /// a part that does not start with a tag pair, which no worker read): `false`.
    fn join(&mut self, job: &mut Job) -> bool {
        let Some(reader) = self.reader.as_mut() else {
            return true;
        };
        let first = job.block.first_text(self.max_record_bytes);
        match job.part.take() {
            Some(part) if reader.can_split_before(first) => {
                reader.join(part);
                true
            }
            _ => {
                job.part = self.reader.take();
                job.step = Step::Again;
                false
            }
        }
    }
}

/// Where a block that must be read again goes: back to the workers, or, when no worker thread
/// could be started, read here.
pub(super) struct Again<'a, 's> {
    pub(super) work: crossbeam_channel::Sender<Job<'s>>,
    pub(super) workers_started: &'a std::sync::atomic::AtomicUsize,
}

impl<'s> Again<'_, 's> {
    /// Sends `job` to be read again; reads it here when no worker takes it.
    fn send(&self, mut job: Job<'s>) -> Option<Job<'s>> {
        use std::sync::atomic::Ordering;
        if self.workers_started.load(Ordering::Relaxed) > 0 {
            match self.work.send(job) {
                Ok(()) => return None,
                Err(crossbeam_channel::SendError(back)) => job = back,
            }
        }
        if let Some(mut reader) = job.part.take() {
            job.output.clear();
            check_block(&mut job, &mut reader);
            job.part = Some(reader);
        }
        Some(job)
    }
}

/// The writer's side of the pipeline: each block's output in input order (a game file read in
/// parts joined by `joiner` first), then the block back to the reader; until the reader says
/// how many blocks there are ([`Step::End`]) and all are written, or `done` closes.
pub(super) fn write_in_order<'s>(
    done: mpsc::Receiver<Job<'s>>,
    free: mpsc::Sender<Job<'s>>,
    writer: &mut Writer,
    progress: Option<&ProgressBar>,
    mut joiner: Option<(&mut Joiner, Again<'_, 's>)>,
) -> Result<(), Halt> {
    let mut waiting = BTreeMap::new();
    let mut next = 0;
    let mut total = None;
    let mut put = |mut job: Job<'s>, next: &mut u64| {
        job.step = Step::Check;
        write_job(&job, writer, progress)?;
        *next += 1;
        let _ = free.send(job);
        Ok(())
    };
    while total != Some(next) {
        let Ok(mut job) = done.recv() else {
            break;
        };
        match job.step {
            Step::End => total = Some(job.sequence),
            Step::Check => drop(waiting.insert(job.sequence, job)),
            Step::Again => {
                // Read again from the file read in order: its reader comes back with it.
                if let Some((joiner, _)) = joiner.as_mut() {
                    joiner.reader = job.part.take();
                }
                put(job, &mut next)?;
            }
        }
        while let Some(mut job) = waiting.remove(&next) {
            if let Some((joiner, again)) = joiner.as_mut()
                && !joiner.join(&mut job)
            {
                // Written when it comes back, unless no worker takes it.
                let Some(mut job) = again.send(job) else {
                    break;
                };
                joiner.reader = job.part.take();
                put(job, &mut next)?;
                continue;
            }
            put(job, &mut next)?;
        }
    }
    Ok(())
}

/// Writes a checked block, and the read error that ended its input.
pub(super) fn write_job(
    job: &Job,
    writer: &mut Writer,
    progress: Option<&ProgressBar>,
) -> Result<(), Halt> {
    writer.write(&job.output)?;
    if let Some(bar) = progress {
        bar.inc(job.block.consumed);
    }
    if let Some(error) = &job.block.error {
        writer.input_failed(&job.block.source, error)?;
    }
    Ok(())
}
