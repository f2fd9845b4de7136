//! The end-to-end harness: a real stack per test — the control service (`orrery-learning serve`),
//! the Orrery stand-in (`orrery-standin serve`) and Envoy with the learning filter, rendered from
//! `envoy/demo.yaml.tmpl` by `orrery-standin render-envoy` — on free loopback ports, with a temp
//! manifest. Three parts, re-exported here so a test says `use common::*;`:
//!
//! - [`stack`]: the processes, ports, config rendering, restarts, and the stack's own reads;
//! - [`client`]: the hand-written HTTP/1.1 client, the SSE stream reader, [`Resp`];
//! - [`leaks`]: the log-leak and credential scan every test ends with, and the value needles.
//!
//! Every log (Envoy's own at info with `wasm:debug`, Envoy's access log, the control service at
//! debug, the stand-in) and the audit stream go to `target/e2e/<test>/`. Envoy's other
//! components stay at info because at debug Envoy itself dumps every request header,
//! `authorization` included. Tokens are minted by `orrery-standin token` (the demo key, which
//! Envoy's jwt_authn verifies). Envoy gets the proxy secret through its environment
//! (`ORRERY_LEARNING_PROXY_SECRET`, passed into the VM by `vm_config`), never in the rendered
//! config.
#![allow(dead_code)]

pub mod client;
pub mod leaks;
pub mod stack;

// Each test binary compiles this module and uses only some of each part.
#[allow(unused_imports)]
pub use client::*;
#[allow(unused_imports)]
pub use leaks::*;
#[allow(unused_imports)]
pub use stack::*;
