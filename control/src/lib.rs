//! The control service and the lab author's CLI, as a library so tests drive them in-process.
pub mod cli;
pub mod manifest_file;
