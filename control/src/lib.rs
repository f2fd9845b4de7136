//! The control service and the lab author's CLI, as a library so tests drive them in-process.
//!
//! `serve` is [`config`] (flags and environment parsed by clap, startup preconditions) →
//! [`server`] (the router and one handler per endpoint) over [`state`] (the shared state),
//! [`manifest_store`] (last-good manifest, grace), [`grace_file`] (grace kept across restarts),
//! [`levels`] (levels, rate limit, change log), [`watch`] (the long-poll and its shared
//! full-resync answer), [`auth`] (the `ProxyCaller` and `LabPlatform` extractors: proxy secret,
//! identity hand-off, report token), [`error`] (`ApiError`, every endpoint's error answer),
//! [`secret`] (the secrets in force, constant-time comparison, rotation), [`report`] (the help
//! report: rebuilt from the audit file, paginated), [`audit`], [`metrics`], [`clock`] (also the
//! one RFC 3339 formatter) and [`console`] (the overlay script and the learner page, public
//! assets). `validate` and `scan` are [`cli`]; `lint` (the Envoy config lint) is [`lint`].
//! docs/api.md is the contract with the Envoy filter.
//!
//! Imports run one way: `server` → `auth`/`watch` → `state` → the stores, `secret` and `config`;
//! no two modules import each other.
pub mod audit;
pub mod auth;
pub mod cli;
pub mod clock;
pub mod config;
pub mod console;
pub mod error;
pub mod grace_file;
pub mod levels;
pub mod lint;
pub mod manifest_file;
pub mod manifest_store;
pub mod metrics;
pub mod pages;
pub mod report;
pub mod secret;
pub mod server;
pub mod state;
pub mod watch;
