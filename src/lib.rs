//! The learning-sandbox Envoy filter: thin proxy-wasm glue over `orrery-learning-guard`.
//!
//! One `.wasm` with two root ids: the HTTP filter that guards every learner-facing surface, and
//! the sync service that long-polls the control service and fills Envoy shared data.
#![deny(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use proxy_wasm::traits::{Context, RootContext};
use proxy_wasm::types::LogLevel;

proxy_wasm::main! {{
    proxy_wasm::set_log_level(LogLevel::Info);
    proxy_wasm::set_root_context(|_| -> Box<dyn RootContext> { Box::new(Placeholder) });
}}

struct Placeholder;
impl Context for Placeholder {}
impl RootContext for Placeholder {}
