//! `fenkit check` and `fenkit fmt`: read records from `-p`, files or stdin, report every
//! diagnostic (miette reports or JSON Lines) and exit 0 (all valid), 1 (some invalid) or 2
//! (usage or I/O error).
//!
//! One way through, each stage a module that imports only the stages below it in this list
//! and the leaves (`render`: how a record looks; `crate::report`, `crate::input`):
//!
//! - [`work`]: each input through its threads: a reader thread cuts it into blocks of whole
//!   lines, worker threads check a block and format its output into the block's own buffers,
//!   and this thread writes the blocks in input order. Blocks come from a bounded pool, so
//!   memory stays bounded whatever the size of the input, and nothing is allocated per valid
//!   record. Workers start as blocks wait for them, up to `-j` (at most four per core); a
//!   thread that cannot be started leaves its work to the threads running, or to this thread
//!   alone.
//! - [`order`]: the blocks in input order; a game file read in parts joined into the file read
//!   in order.
//! - [`records`]: the records of a block, checked, through `fenkit::records`.
//! - [`read`]: an input opened, how its lines make records decided, cut into blocks.
//! - [`plan`]: what was asked, read once from the arguments.
//! - [`write`]: where the output goes: blocks, notes, the summary, the exit status.
//! - [`render`]: what a record prints.
//!
//! A game file's records depend on the lines before them (the game's tags, an open comment).
//! With one worker, or on a terminal, its blocks are read in order by one reader; with more, a
//! file or a pipe is read in parts that start where a game likely starts, each part by a reader of its own on any
//! worker, and the writer joins them in order, handing a part back to a worker to be read
//! again from the joined state where the guess was wrong, so the output is the same byte for
//! byte.

mod order;
mod plan;
mod read;
mod records;
mod render;
mod work;
mod write;

use std::process::ExitCode;

use crate::args::InputArgs;
use crate::input;
use plan::Plan;
use read::Input;
use render::Output;
use write::{Halt, Verdict, Writer};

/// Runs `check` (or `fmt` when `fmt`) over every input, and says how it went.
pub fn run(fmt: bool, args: &InputArgs) -> ExitCode {
    let plan = Plan::new(fmt, args);
    let mut writer = Writer::new(plan.style.format, fmt, plan.style.quiet);
    let verdict = match check_inputs(&plan, &mut writer) {
        Ok(()) | Err(Halt::BrokenPipe) => writer.verdict(),
        Err(Halt::WriteFailed) => Verdict::Failed,
    };
    match verdict {
        Verdict::AllValid => ExitCode::SUCCESS,
        Verdict::SomeInvalid => ExitCode::from(1),
        Verdict::Failed => ExitCode::from(2),
    }
}

/// Checks the `-p` records, then each input, writing as it goes.
fn check_inputs(plan: &Plan, writer: &mut Writer) -> Result<(), Halt> {
    let mut output = Output::new(&plan.style);
    input::read_positions(&plan.positions, plan.reading, |record| {
        output.record("-p", record);
    });
    writer.write(&output)?;
    writer.end_of_input("-p", None)?;
    if plan.from_stdin_alone {
        input::say_when_a_terminal_is_read();
    }
    for path in &plan.paths {
        match Input::open(path, plan) {
            Ok(input) => work::check_input(input, plan, writer)?,
            Err(error) => writer.input_failed(&path.display().to_string(), &error)?,
        }
    }
    writer.finish()
}
