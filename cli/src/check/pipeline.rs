//! The reader → workers → writer pipeline of one input (see the module docs of [`super`]).

use std::collections::BTreeMap;
use std::path::Path;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;

use fenkit::pgn::GameScanner;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use super::Settings;
use super::blocks::{check_block, check_job};
use super::joiner::Joiner;
use super::output::{Halt, Output, Style, Writer};
use crate::input::{Block, LineReader};
use crate::records::Reading;
use crate::report::Checked;
use crate::terminal::shown;

/// Files larger than this get a progress bar when stderr is a terminal.
const PROGRESS_BYTES: u64 = 8 << 20;

/// How the lines of an input make its records.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Lines {
    /// Each line is a record: blocks are checked in any order.
    Records,
    /// A game file read in order: one worker keeps its scanner, from block to block.
    GamesInOrder,
    /// A game file read in parts: each block from its first line on by a scanner of its own, on
    /// any worker; the writer joins the parts in order and reads a block again where its part
    /// did not start between games (see [`Joiner`]).
    GamesInParts,
}

/// A block of lines and the output its records print, passed from reader to worker to writer.
pub(super) struct Job<'s> {
    pub(super) sequence: u64,
    pub(super) block: Block,
    pub(super) output: Output<'s>,
    /// A game file read in parts: the scanner that read the block as a part of its own.
    pub(super) part: Option<GameScanner>,
}

impl<'s> Job<'s> {
    pub(super) fn new(style: &'s Style) -> Self {
        Job {
            sequence: 0,
            block: Block::default(),
            output: Output::new(style),
            part: None,
        }
    }
}

/// Checks one input through the reader → workers → writer pipeline (see the module docs); on
/// this thread alone when no thread can be started.
pub(super) fn check_source(
    mut source: LineReader,
    path: &Path,
    settings: &Settings,
    writer: &mut Writer,
) -> Result<(), Halt> {
    let mut first = Job::new(&settings.style);
    let more = source.fill(&mut first.block);
    let games = settings.reading.reads_as_games(path, &first.block);
    let lines = match games {
        false => Lines::Records,
        true if settings.workers > 1 && source.size.is_some() => Lines::GamesInParts,
        true => Lines::GamesInOrder,
    };
    // A game file is read in large parts, its lines found as the scanner reads them; a pipe
    // or a terminal in blocks of lines, each line checked as it comes.
    if games && source.size.is_some() {
        source.reading_parts();
    }
    let mut joiner = (lines == Lines::GamesInParts).then(|| Joiner {
        scanner: settings.reading.games_to_check(),
        reading: settings.reading,
        max_record_bytes: settings.max_record_bytes,
    });
    let progress = progress_bar(&source, settings.progress);
    let source_name = source.name.clone();
    let mut first = more.then_some(first);

    // Every worker takes blocks from the one queue (crossbeam's channel has many receivers; a
    // `Mutex` around std's receiver made each idle worker wait on the lock behind the one
    // waiting in `recv`).
    let (work_sender, work_receiver) = crossbeam_channel::unbounded::<Job>();
    let (done_sender, done_receiver) = mpsc::channel::<Job>();
    let (free_sender, free_receiver) = mpsc::channel::<Job>();
    let stop = AtomicBool::new(false);
    let idle = AtomicUsize::new(0);

    let piped = std::thread::scope(|scope| {
        let crew = Crew {
            scope,
            allowed: if lines == Lines::GamesInOrder {
                1
            } else {
                settings.workers.max(1)
            },
            idle: &idle,
            work: work_sender,
            work_receiver,
            done: done_sender,
            reading: settings.reading,
            lines,
            max_record_bytes: settings.max_record_bytes,
            workers: Vec::new(),
            scanner: None,
        };
        let pool = Pool {
            free: free_receiver,
            style: &settings.style,
            made: 1,
            most: crew.allowed + 2,
        };
        let reader = std::thread::Builder::new()
            .name(String::from("fenkit-reader"))
            .spawn_scoped(scope, || {
                read_blocks(&mut source, &mut first, crew, pool, &stop)
            });
        let Ok(reader) = reader else {
            return None;
        };
        let written = write_in_order(
            done_receiver,
            free_sender,
            writer,
            progress.as_ref(),
            joiner.as_mut(),
        );
        if written.is_err() {
            stop.store(true, Ordering::Relaxed);
            return Some(written);
        }
        let Ok((workers, own_scanner)) = reader.join() else {
            return Some(Ok(()));
        };
        let scanners = workers
            .into_iter()
            .filter_map(|handle| handle.join().ok().flatten())
            .chain(own_scanner)
            .chain(joiner.take().map(|joiner| joiner.scanner));
        for mut scanner in scanners {
            if let Err(halt) = finish_games(&mut scanner, &source_name, settings, writer) {
                return Some(Err(halt));
            }
        }
        Some(Ok(()))
    });
    let written = match piped {
        Some(written) => written,
        None => {
            let games = lines != Lines::Records;
            check_in_turn(
                &mut source,
                first,
                games,
                settings,
                writer,
                progress.as_ref(),
            )
        }
    };
    if let Some(bar) = progress {
        bar.finish_and_clear();
    }
    written
}

/// The reader's side of the pipeline: fills blocks and hands them out in order, until the end
/// of the input, a read error, or the writer stopping; then gives back the crew's threads.
pub(super) fn read_blocks<'scope, 's: 'scope>(
    source: &mut LineReader,
    first: &mut Option<Job<'s>>,
    mut crew: Crew<'scope, '_, 's>,
    mut pool: Pool<'s>,
    stop: &AtomicBool,
) -> CrewEnd<'scope> {
    let Some(first) = first.take() else {
        return crew.finish();
    };
    let failed = first.block.error.is_some();
    if !crew.hand_out(first) || failed {
        return crew.finish();
    }
    let mut sequence = 1;
    while let Some(mut job) = pool.next() {
        if stop.load(Ordering::Relaxed) || !source.fill(&mut job.block) {
            break;
        }
        job.sequence = sequence;
        sequence += 1;
        job.output.clear();
        let failed = job.block.error.is_some();
        if !crew.hand_out(job) || failed {
            break;
        }
    }
    crew.finish()
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

/// The worker threads that check one input's blocks, started as the blocks need them: a block
/// handed out while no worker waits for one starts another, up to `allowed` (so three lines
/// under `-j 64` start one). A thread that cannot be started is no error: the workers already
/// running do the work, or with none, the reader checks each block itself.
pub(super) struct Crew<'scope, 'env, 's> {
    pub(super) scope: &'scope std::thread::Scope<'scope, 'env>,
    pub(super) allowed: usize,
    /// Workers waiting for a block.
    pub(super) idle: &'scope AtomicUsize,
    pub(super) work: crossbeam_channel::Sender<Job<'s>>,
    pub(super) work_receiver: crossbeam_channel::Receiver<Job<'s>>,
    pub(super) done: mpsc::Sender<Job<'s>>,
    pub(super) reading: Reading,
    pub(super) lines: Lines,
    pub(super) max_record_bytes: usize,
    pub(super) workers: Vec<std::thread::ScopedJoinHandle<'scope, Option<GameScanner>>>,
    /// The reader's PDN scanner, for when it checks the blocks itself.
    pub(super) scanner: Option<GameScanner>,
}

/// What a crew leaves when its input is read: its workers to join (each gives back its PDN
/// scanner) and the reader's own scanner.
pub(super) type CrewEnd<'scope> = (
    Vec<std::thread::ScopedJoinHandle<'scope, Option<GameScanner>>>,
    Option<GameScanner>,
);

impl<'scope, 's: 'scope> Crew<'scope, '_, 's> {
    /// Passes a filled block on to be checked; `false` once no one takes blocks any more.
    pub(super) fn hand_out(&mut self, mut job: Job<'s>) -> bool {
        self.start_worker_if_needed();
        if !self.workers.is_empty() {
            return self.work.send(job).is_ok();
        }
        let reading = self.reading;
        let scanner = (self.lines == Lines::GamesInOrder)
            .then(|| self.scanner.get_or_insert_with(|| reading.games_to_check()));
        check_job(
            &mut job,
            reading,
            self.lines,
            scanner,
            self.max_record_bytes,
        );
        self.done.send(job).is_ok()
    }

    pub(super) fn start_worker_if_needed(&mut self) {
        let waiting = self.idle.load(Ordering::Relaxed);
        if self.workers.len() >= self.allowed || waiting > self.work.len() {
            return;
        }
        let work = self.work_receiver.clone();
        let done = self.done.clone();
        let (idle, reading, lines) = (self.idle, self.reading, self.lines);
        let max_record_bytes = self.max_record_bytes;
        let started = std::thread::Builder::new()
            .name(String::from("fenkit-worker"))
            .spawn_scoped(self.scope, move || {
                work_on_blocks(&work, &done, idle, reading, lines, max_record_bytes)
            });
        match started {
            Ok(handle) => self.workers.push(handle),
            // No more threads for now: those running do the work.
            Err(_) => self.allowed = self.workers.len(),
        }
    }

    pub(super) fn finish(self) -> CrewEnd<'scope> {
        (self.workers, self.scanner)
    }
}

/// A worker: checks blocks until the reader is done; gives back the scanner of a game file read
/// in order at the end, for the end of the file.
pub(super) fn work_on_blocks<'s>(
    work: &crossbeam_channel::Receiver<Job<'s>>,
    done: &mpsc::Sender<Job<'s>>,
    idle: &AtomicUsize,
    reading: Reading,
    lines: Lines,
    max_record_bytes: usize,
) -> Option<GameScanner> {
    let mut scanner = (lines == Lines::GamesInOrder).then(|| reading.games_to_check());
    loop {
        idle.fetch_add(1, Ordering::Relaxed);
        let job = work.recv();
        idle.fetch_sub(1, Ordering::Relaxed);
        let Ok(mut job) = job else {
            return scanner;
        };
        check_job(&mut job, reading, lines, scanner.as_mut(), max_record_bytes);
        if done.send(job).is_err() {
            return scanner;
        }
    }
}

/// The whole pipeline on this thread, block after block, for when no thread can be started.
pub(super) fn check_in_turn(
    source: &mut LineReader,
    first: Option<Job>,
    games: bool,
    settings: &Settings,
    writer: &mut Writer,
    progress: Option<&ProgressBar>,
) -> Result<(), Halt> {
    let mut scanner = games.then(|| settings.reading.games_to_check());
    let Some(mut job) = first else {
        return Ok(());
    };
    loop {
        let reading = settings.reading;
        check_block(
            &mut job,
            reading,
            scanner.as_mut(),
            settings.max_record_bytes,
        );
        writer.write(&job.output)?;
        if let Some(bar) = progress {
            bar.inc(job.block.consumed);
        }
        if let Some(error) = &job.block.error {
            writer.input_failed(&job.block.source, error)?;
            break;
        }
        job.output.clear();
        if !source.fill(&mut job.block) {
            break;
        }
    }
    match &mut scanner {
        Some(scanner) => finish_games(scanner, &source.name, settings, writer),
        None => Ok(()),
    }
}

/// The end of a game file: the last game's FEN tags, and a `{` comment still open (an error,
/// not a silent skip of the rest); then the note that says how the file was read.
pub(super) fn finish_games(
    scanner: &mut GameScanner,
    source: &str,
    settings: &Settings,
    writer: &mut Writer,
) -> Result<(), Halt> {
    let mut output = Output::new(&settings.style);
    settings.reading.each_final_record(scanner, |found| {
        let _ = output.emit(Checked::found(source, found));
    });
    output.note(source, &scanner.summary().to_string());
    writer.write(&output)
}

/// The writer's side of the pipeline: each block's output in input order (a game file read in
/// parts joined by `joiner` first), then the block back to the reader.
pub(super) fn write_in_order<'s>(
    done: mpsc::Receiver<Job<'s>>,
    free: mpsc::Sender<Job<'s>>,
    writer: &mut Writer,
    progress: Option<&ProgressBar>,
    mut joiner: Option<&mut Joiner>,
) -> Result<(), Halt> {
    let mut waiting = BTreeMap::new();
    let mut next = 0;
    for job in done {
        waiting.insert(job.sequence, job);
        while let Some(mut job) = waiting.remove(&next) {
            next += 1;
            if let Some(joiner) = joiner.as_deref_mut() {
                joiner.join(&mut job);
            }
            writer.write(&job.output)?;
            if let Some(bar) = progress {
                bar.inc(job.block.consumed);
            }
            if let Some(error) = &job.block.error {
                writer.input_failed(&job.block.source, error)?;
            }
            let _ = free.send(job);
        }
    }
    Ok(())
}

pub(super) fn progress_bar(source: &LineReader, allowed: bool) -> Option<ProgressBar> {
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
