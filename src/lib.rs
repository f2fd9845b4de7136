//! The learning-sandbox Envoy filter: thin proxy-wasm glue over `orrery-learning-guard`.
//!
//! One `.wasm`, two roles chosen by the plugin configuration's `role`: the HTTP filter that
//! guards every learner-facing surface ([`http`]), and the sync service that long-polls the
//! control service and fills Envoy shared data ([`poller`]). In `sync: "lease"` mode (hosts without
//! a bootstrap singleton, such as Istio's `WasmPlugin`) each worker's filter root also runs the
//! sync service, and a shared-data lease lets one of them poll. Every host call goes through [`host::Host`]:
//! [`host::Abi`] in Envoy, an in-memory fake in the native unit tests. Every decision lives in the guard
//! library (`policy`, `surfaces`, `sse`, `guard`); this crate only moves bytes between the host
//! and those functions, reads and writes shared data ([`store`]) and counts ([`metrics`]).
#![deny(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

pub mod host;
pub mod http;
pub mod metrics;
pub mod poller;
pub mod root;
pub mod store;
pub mod trailers;

#[cfg(test)]
mod testing;

use host::{Abi, Host, Level};
use proxy_wasm::traits::RootContext;

proxy_wasm::main! {{
    // A panic aborts the VM; say where, at critical, and nothing else (a message could carry
    // data from a body).
    std::panic::set_hook(Box::new(|info| {
        let at = info
            .location()
            .map(|l| format!("{}:{}", l.file(), l.line()))
            .unwrap_or_else(|| "unknown location".into());
        Abi.log(Level::Critical, format_args!("orrery-learning: panic at {at}"));
    }));
    proxy_wasm::set_root_context(|context_id| -> Box<dyn RootContext> {
        Box::new(root::Root::new(context_id, Abi))
    });
}}
