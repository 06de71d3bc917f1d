//! The `fenkit` command: reads its arguments and hands each command to its module (`check`
//! and `fmt` to [`check`], `fix`, `show`, `explain`, `lsp` to theirs), then turns the outcome
//! into the exit status: 0 all valid, 1 some invalid, 2 a usage or I/O error.
#![forbid(unsafe_code)]

mod args;
mod check;
mod cleanup;
mod explain;
mod fields;
mod fix;
mod input;
mod lsp;
mod messages;
mod report;
mod rewrite;
mod show;
mod terminal;

use std::io::{self, Write};
use std::process::ExitCode;

use args::{Cli, Command};
use terminal::shown;

fn main() -> ExitCode {
    let cli = Cli::from_command_line();
    let (fmt, args) = match cli.command {
        Command::Check(args) => (false, args),
        Command::Explain(args) => return explain::run(&args),
        Command::Fmt(args) if args.check => return fix_exit(fix::run(&args.as_fix(), true), true),
        Command::Fmt(args) => (true, args.input),
        Command::Fix(args) => return fix_exit(fix::run(&args, args.check), args.check),
        Command::Show(args) => return show_exit(show::run(&args)),
        Command::Lsp(args) => return lsp::run(args.max_record_bytes),
    };
    check::run(fmt, &args)
}

/// `show` exits as `check` does: 0 all drawn, 1 some record invalid, 2 an input failed.
fn show_exit(outcome: io::Result<show::ShowOutcome>) -> ExitCode {
    match outcome {
        Ok(outcome) if outcome.input_failed => ExitCode::from(2),
        Ok(outcome) if outcome.some_invalid => ExitCode::from(1),
        Ok(_) => ExitCode::SUCCESS,
        Err(error) if error.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(error) => {
            let _ = writeln!(io::stderr(), "fenkit: {}", shown(&error.to_string()));
            ExitCode::from(2)
        }
    }
}

/// `fix` exits 0 when every record is valid, 1 when one stays invalid, 2 when a file failed;
/// with `--check`, 1 also when a line would change (so a record `fix` cannot read fails
/// `fmt --check`, as a syntax error fails `ruff format --check`).
/// A write to standard output that failed ends the run with exit status 2 and one message (a
/// reader that went away, `fenkit fix --check big.fen | head`, is no failure: the verdict of
/// what was read, 1 when a line would change).
fn fix_exit(outcome: io::Result<fix::FixOutcome>, check: bool) -> ExitCode {
    match outcome {
        Ok(outcome) if outcome.input_failed => ExitCode::from(2),
        Ok(outcome) if check && outcome.changed > 0 => ExitCode::from(1),
        Ok(outcome) if outcome.invalid > 0 => ExitCode::from(1),
        Ok(_) => ExitCode::SUCCESS,
        Err(error) if error.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(error) => {
            let _ = writeln!(
                io::stderr(),
                "fenkit: cannot write to standard output: {}",
                shown(&error.to_string())
            );
            ExitCode::from(2)
        }
    }
}
