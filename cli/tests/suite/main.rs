//! The `fenkit` command's integration tests, one module per area, linked into one test binary
//! (each binary links the library, the CLI's dependencies and assert_cmd once). Every test runs
//! the built `fenkit` as a child process, so they share no state in this one.
//!
//! Snapshots live in `snapshots/`, named `suite__<module>__<name>.snap` by insta from the module
//! path.

mod common;
mod lsp_client;

mod cli;
mod cli_castling;
#[cfg(unix)]
mod cli_escaping;
mod cli_jobs;
mod cli_variant;
mod defaults;
mod diagnostic_cap;
mod editor_output;
mod explain_cli;
mod fix;
mod fix_safety;
mod front_ends;
mod inputs;
mod json_line_bytes;
mod lsp;
mod lsp_limits;
mod lsp_safety;
mod module_graph;
mod output_status;
mod show;
