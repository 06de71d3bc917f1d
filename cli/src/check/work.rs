//! The threads that check one input: the reader thread cuts it into blocks, workers check
//! them, and this thread writes them in order (see the module docs of [`super`]).

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;

use fenkit::records::{ReadOptions, RecordReader};
use indicatif::ProgressBar;

use super::order::{Again, Joiner, write_in_order, write_job};
use super::plan::Plan;
use super::read::{Input, Job, Lines, Pool, Step, read_blocks};
use super::records::{check_block, check_job, finish};
use super::render::{Output, Style};
use super::write::{Halt, Writer};
use crate::input::LineReader;

/// Checks one input through the reader → workers → writer pipeline; on this thread alone when
/// no thread can be started. Ends with the input's notes.
pub(super) fn check_input(mut input: Input, plan: &Plan, writer: &mut Writer) -> Result<(), Halt> {
    let lines = input.lines;
    let name = input.source.name.clone();
    let mut joiner = (lines == Lines::GamesInParts).then(|| Joiner {
        reader: Some(input.reader(plan)),
        max_record_bytes: plan.reading.max_record_bytes,
    });
    let mut first = input.first.take();
    let flags = Flags {
        stop: AtomicBool::new(false),
        idle: AtomicUsize::new(0),
        started: AtomicUsize::new(0),
    };
    let piped = std::thread::scope(|scope| {
        let pipe = Pipe {
            source: &mut input.source,
            first: &mut first,
            flags: &flags,
            lines,
        };
        pipe.run(
            scope,
            plan,
            writer,
            input.progress.as_ref(),
            joiner.as_mut(),
        )
    });
    let readers = match piped {
        Some(Ok(readers)) => readers,
        Some(Err(halt)) => return Err(halt),
        None => check_in_turn(&mut input, first, plan, writer)?,
    };
    if let Some(bar) = &input.progress {
        bar.finish_and_clear();
    }
    let mut games = None;
    let joined = joiner.and_then(|joiner| joiner.reader);
    for mut reader in readers.into_iter().chain(joined) {
        let mut output = Output::new(&plan.style);
        finish(&mut reader, &name, &mut output);
        writer.write(&output)?;
        games = games.or(reader.summary());
    }
    writer.end_of_input(&name, games)
}

/// What the threads of one input share: the writer asks the reader to stop, and the workers
/// say how many of them wait for a block and how many started.
struct Flags {
    stop: AtomicBool,
    idle: AtomicUsize,
    started: AtomicUsize,
}

/// What the reader thread takes.
struct Pipe<'a, 's> {
    source: &'a mut LineReader,
    first: &'a mut Option<Job<'s>>,
    flags: &'a Flags,
    lines: Lines,
}

impl<'a, 's: 'a> Pipe<'a, 's> {
    /// Runs the reader thread and the workers in `scope`, and writes the blocks here: the
    /// readers that kept a game file's state, to finish it; `None` when no reader thread could
    /// be started (the input is then checked on this thread).
    fn run(
        self,
        scope: &'a std::thread::Scope<'a, '_>,
        plan: &'s Plan,
        writer: &mut Writer,
        progress: Option<&ProgressBar>,
        joiner: Option<&mut Joiner>,
    ) -> Option<Result<Vec<RecordReader>, Halt>> {
        // Every worker takes blocks from the one queue (crossbeam's channel has many
        // receivers; a `Mutex` around std's receiver made each idle worker wait on the lock
        // behind the one waiting in `recv`).
        let (work_sender, work_receiver) = crossbeam_channel::unbounded::<Job>();
        let (done_sender, done_receiver) = mpsc::channel::<Job>();
        let (free_sender, free_receiver) = mpsc::channel::<Job>();
        let Pipe {
            source,
            first,
            flags,
            lines,
        } = self;
        let mut crew = Crew {
            scope,
            allowed: if lines == Lines::GamesInOrder {
                1
            } else {
                plan.workers.max(1)
            },
            idle: &flags.idle,
            started: &flags.started,
            work: work_sender.clone(),
            work_receiver,
            done: done_sender,
            reading: plan.reading,
            lines,
            workers: Vec::new(),
            reader: None,
        };
        let mut pool = Pool {
            free: free_receiver,
            style: &plan.style,
            made: 1,
            most: crew.allowed + 2,
        };
        let reader = std::thread::Builder::new()
            .name(String::from("fenkit-reader"))
            .spawn_scoped(scope, move || {
                let hand_out = |job| crew.hand_out(job);
                let blocks = read_blocks(source, first.take(), &mut pool, &flags.stop, hand_out);
                crew.end(blocks, &plan.style);
                crew.finish()
            })
            .ok()?;
        let again = Again {
            work: work_sender,
            workers_started: &flags.started,
        };
        let joiner = joiner.map(|joiner| (joiner, again));
        let written = write_in_order(done_receiver, free_sender, writer, progress, joiner);
        if let Err(halt) = written {
            flags.stop.store(true, Ordering::Relaxed);
            return Some(Err(halt));
        }
        let Ok((workers, own_reader)) = reader.join() else {
            return Some(Ok(Vec::new()));
        };
        let readers = workers
            .into_iter()
            .filter_map(|handle| handle.join().ok().flatten())
            .chain(own_reader);
        Some(Ok(readers.collect()))
    }
}

/// The worker threads that check one input's blocks, started as the blocks need them: a block
/// handed out while no worker waits for one starts another, up to `allowed` (so three lines
/// under `-j 64` start one). A thread that cannot be started is no error: the workers already
/// running do the work, or with none, the reader thread checks each block itself.
struct Crew<'scope, 'env, 's> {
    scope: &'scope std::thread::Scope<'scope, 'env>,
    allowed: usize,
    /// Workers waiting for a block.
    idle: &'scope AtomicUsize,
    /// Workers started.
    started: &'scope AtomicUsize,
    work: crossbeam_channel::Sender<Job<'s>>,
    work_receiver: crossbeam_channel::Receiver<Job<'s>>,
    done: mpsc::Sender<Job<'s>>,
    reading: ReadOptions,
    lines: Lines,
    workers: Vec<std::thread::ScopedJoinHandle<'scope, Option<RecordReader>>>,
    /// The reader of a game file read in order, for when no worker runs.
    reader: Option<RecordReader>,
}

/// What a crew leaves when its input is read: its workers to join (each gives back the reader
/// of a game file read in order) and the reader it used itself.
type CrewEnd<'scope> = (
    Vec<std::thread::ScopedJoinHandle<'scope, Option<RecordReader>>>,
    Option<RecordReader>,
);

impl<'scope, 's: 'scope> Crew<'scope, '_, 's> {
    /// Passes a filled block on to be checked; `false` once no one takes blocks any more.
    fn hand_out(&mut self, mut job: Job<'s>) -> bool {
        self.start_worker_if_needed();
        if !self.workers.is_empty() {
            return self.work.send(job).is_ok();
        }
        let (reading, lines) = (self.reading, self.lines);
        let reader = (lines == Lines::GamesInOrder).then(|| {
            self.reader
                .get_or_insert_with(|| RecordReader::new(reading, true))
        });
        check_job(&mut job, reading, lines, reader);
        self.done.send(job).is_ok()
    }

    fn start_worker_if_needed(&mut self) {
        let waiting = self.idle.load(Ordering::Relaxed);
        if self.workers.len() >= self.allowed || waiting > self.work.len() {
            return;
        }
        let work = self.work_receiver.clone();
        let done = self.done.clone();
        let (idle, reading, lines) = (self.idle, self.reading, self.lines);
        let started = std::thread::Builder::new()
            .name(String::from("fenkit-worker"))
            .spawn_scoped(self.scope, move || {
                work_on_blocks(&work, &done, idle, reading, lines)
            });
        match started {
            Ok(handle) => {
                self.workers.push(handle);
                self.started.fetch_add(1, Ordering::Relaxed);
            }
            // No more threads for now: those running do the work.
            Err(_) => self.allowed = self.workers.len(),
        }
    }

    /// Tells the writer that the input ended after `blocks` blocks.
    fn end(&self, blocks: u64, style: &'s Style) {
        let mut end = Job::new(style);
        end.sequence = blocks;
        end.step = Step::End;
        let _ = self.done.send(end);
    }

    fn finish(self) -> CrewEnd<'scope> {
        (self.workers, self.reader)
    }
}

/// A worker: checks blocks until the reader is done; gives back the reader of a game file
/// read in order at the end, for the end of the file.
fn work_on_blocks<'s>(
    work: &crossbeam_channel::Receiver<Job<'s>>,
    done: &mpsc::Sender<Job<'s>>,
    idle: &AtomicUsize,
    reading: ReadOptions,
    lines: Lines,
) -> Option<RecordReader> {
    let mut reader = (lines == Lines::GamesInOrder).then(|| RecordReader::new(reading, true));
    loop {
        idle.fetch_add(1, Ordering::Relaxed);
        let job = work.recv();
        idle.fetch_sub(1, Ordering::Relaxed);
        let Ok(mut job) = job else {
            return reader;
        };
        check_job(&mut job, reading, lines, reader.as_mut());
        if done.send(job).is_err() {
            return reader;
        }
    }
}

/// The whole pipeline on this thread, block after block, for when no thread can be started.
fn check_in_turn(
    input: &mut Input,
    first: Option<Job>,
    plan: &Plan,
    writer: &mut Writer,
) -> Result<Vec<RecordReader>, Halt> {
    let mut reader = input.reader(plan);
    let Some(mut job) = first else {
        return Ok(Vec::new());
    };
    loop {
        check_block(&mut job, &mut reader);
        write_job(&job, writer, input.progress.as_ref())?;
        if job.block.error.is_some() {
            break;
        }
        job.output.clear();
        if !input.source.fill(&mut job.block) {
            break;
        }
    }
    Ok(vec![reader])
}
