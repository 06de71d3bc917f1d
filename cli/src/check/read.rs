//! Reading an input: opened, its first block decides how its lines make records, then cut into
//! blocks of whole lines that the reader thread hands out in order.

use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;

use fenkit::records::{RecordReader, TableFormat};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use super::plan::Plan;
use super::render::{Output, Style};
use crate::fields;
use crate::input::{Block, LineReader};
use crate::terminal::shown;

/// Files larger than this get a progress bar when stderr is a terminal.
const PROGRESS_BYTES: u64 = 8 << 20;

/// How the lines of an input make its records.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Lines {
    /// Each line is a record: blocks are checked in any order.
    Records,
    /// A game file read in order: one worker keeps its reader, from block to block.
    GamesInOrder,
    /// A game file read in parts: each block from its first line on by a reader of its own, on
    /// any worker; the writer joins the parts in order (see [`super::order`]).
    GamesInParts,
}

/// A block of lines and the output its records print, passed from reader to worker to writer.
pub(super) struct Job<'s> {
    pub(super) sequence: u64,
    pub(super) block: Block,
    pub(super) output: Output<'s>,
    /// A game file read in parts: the reader that read the block as a part of its own, or, with
    /// [`Step::Again`], the writer's reader of the file in order that must read it again.
    pub(super) part: Option<RecordReader>,
    pub(super) step: Step,
}

/// What a job asks of the thread that gets it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Step {
    /// Check the block.
    Check,
    /// Read the block again with the reader in [`Job::part`] (a part that could not join the
    /// file read in order).
    Again,
    /// No block: the input's end, after `sequence` blocks.
    End,
}

impl<'s> Job<'s> {
    pub(super) fn new(style: &'s Style) -> Self {
        Job {
            sequence: 0,
            block: Block::default(),
            output: Output::new(style),
            part: None,
            step: Step::Check,
        }
    }
}

/// An open input, its first block read.
pub(super) struct Input<'s> {
    pub(super) source: LineReader,
    /// The first block, `None` for an empty input.
    pub(super) first: Option<Job<'s>>,
    pub(super) lines: Lines,
    pub(super) progress: Option<ProgressBar>,
}

impl<'s> Input<'s> {
    /// Opens `path`, reads its first block and decides from it how the input is read.
    pub(super) fn open(path: &Path, plan: &'s Plan) -> std::io::Result<Input<'s>> {
        let mut source = LineReader::open(path, plan.reading.max_record_bytes)?;
        if plan.style.quiet {
            source = source.without_reports();
        }
        let plain_path = fields::plain_path(path, &source);
        let csv = plan.field.as_deref().map(|field| {
            let format = fields::format_of(&plain_path, &mut source);
            (field, format)
        });
        if let Some((field, format)) = csv
            && format != TableFormat::JsonLines
        {
            source.keeping_rows_whole(fields::row_ends(field, format, plan.reading));
        }
        let mut first = Job::new(&plan.style);
        let more = source.fill(&mut first.block);
        if let Some(kind) = fields::binary(&first.block) {
            first
                .output
                .record(&source.name, fields::binary_record(kind, &first.block));
            // Nothing of it is read as records.
            let name = first.block.source.clone();
            first.block = Block::default();
            first.block.source = name;
            source.end();
            return Ok(Input {
                source,
                first: Some(first),
                lines: Lines::Records,
                progress: None,
            });
        }
        if let Some((field, format)) = csv {
            let reader = fields::field_reader(field, format, plan.reading, &first.block);
            first.block.fields = Some(reader.part());
            source.fields = Some(reader);
        }
        let games = csv.is_none()
            && plan
                .reading
                .is_game_file(Some(&plain_path), &first.block.start());
        let lines = match games {
            false => Lines::Records,
            true if plan.workers > 1 && !source.is_typed() => Lines::GamesInParts,
            true => Lines::GamesInOrder,
        };
        // A game file (a file or a pipe) is read in large parts, its lines found as its reader
        // reads them; a terminal in blocks of lines, each line checked as it is typed.
        if games && !source.is_typed() {
            source.reading_parts();
        } else {
            source.reading_directly();
        }
        let progress = progress_bar(&source, plan.progress);
        Ok(Input {
            source,
            first: more.then_some(first),
            lines,
            progress,
        })
    }

    /// A reader of the input's records from its start.
    pub(super) fn reader(&self, plan: &Plan) -> RecordReader {
        RecordReader::new(plan.reading, self.lines != Lines::Records)
    }
}

/// The reader's side of the pipeline: fills blocks and hands each to `hand_out` in order,
/// until the end of the input, a read error, `hand_out` refusing one, or `stop`. Returns how
/// many blocks it handed out.
pub(super) fn read_blocks<'s>(
    source: &mut LineReader,
    first: Option<Job<'s>>,
    pool: &mut Pool<'s>,
    stop: &AtomicBool,
    mut hand_out: impl FnMut(Job<'s>) -> bool,
) -> u64 {
    let Some(first) = first else {
        return 0;
    };
    let failed = first.block.error.is_some();
    if !hand_out(first) || failed {
        return 1;
    }
    let mut sequence = 1;
    while let Some(mut job) = pool.next() {
        if stop.load(Ordering::Relaxed) || !source.fill(&mut job.block) {
            break;
        }
        job.sequence = sequence;
        sequence += 1;
        job.output.clear();
        job.part = None;
        job.step = Step::Check;
        let failed = job.block.error.is_some();
        if !hand_out(job) || failed {
            break;
        }
    }
    sequence
}

/// The blocks in flight: made as the reader needs them, up to `most` (so memory stays bounded
/// and a small input makes one), and given back by the writer once written.
pub(super) struct Pool<'s> {
    pub(super) free: mpsc::Receiver<Job<'s>>,
    pub(super) style: &'s Style,
    pub(super) made: usize,
    pub(super) most: usize,
}

impl<'s> Pool<'s> {
    /// A free block, waiting for one when all are in flight; `None` once the writer stopped.
    pub(super) fn next(&mut self) -> Option<Job<'s>> {
        match self.free.try_recv() {
            Ok(job) => Some(job),
            Err(mpsc::TryRecvError::Empty) if self.made < self.most => {
                self.made += 1;
                Some(Job::new(self.style))
            }
            Err(mpsc::TryRecvError::Empty) => self.free.recv().ok(),
            Err(mpsc::TryRecvError::Disconnected) => None,
        }
    }
}

fn progress_bar(source: &LineReader, allowed: bool) -> Option<ProgressBar> {
    let size = source.size.filter(|&size| size >= PROGRESS_BYTES)?;
    if !allowed {
        return None;
    }
    let bar = ProgressBar::with_draw_target(Some(size), ProgressDrawTarget::stderr());
    if let Ok(style) = ProgressStyle::with_template(
        "{msg} {wide_bar} {bytes}/{total_bytes} ({bytes_per_sec}, {eta})",
    ) {
        bar.set_style(style);
    }
    bar.set_message(shown(&source.name).into_owned());
    Some(bar)
}
