//! The floor filter of `make bench-stack`: what any proxy-wasm HTTP filter that reads whole
//! bodies costs in Envoy before it decides anything. It buffers the request and response bodies
//! (as the learning filter does on the guarded surfaces), copies each whole body into the VM
//! once, folds its bytes into a checksum so the copy is not optimised away, and lets the
//! unchanged body through. No headers, shared data, metrics or logs.
//!
//! The learning filter's figures in Envoy are read against this one: the gap between plain
//! Envoy and the floor is the price of a Wasm filter in V8 (a context per stream, the host
//! calls, the buffered body), which no work on the guard can remove; the gap between the floor
//! and the learning filter is the guard's own.
#![deny(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use proxy_wasm::traits::{Context, HttpContext, RootContext};
use proxy_wasm::types::{Action, ContextType};

proxy_wasm::main! {{
    proxy_wasm::set_root_context(|_| -> Box<dyn RootContext> { Box::new(FloorRoot) });
}}

/// The root context (also loaded as the bootstrap singleton, where it does nothing).
struct FloorRoot;

impl Context for FloorRoot {}

impl RootContext for FloorRoot {
    fn get_type(&self) -> Option<ContextType> {
        Some(ContextType::HttpContext)
    }

    fn create_http_context(&self, _context_id: u32) -> Option<Box<dyn HttpContext>> {
        Some(Box::new(Floor { checksum: 0 }))
    }
}

/// One stream: the checksum of the bytes it read.
struct Floor {
    checksum: u64,
}

impl Floor {
    fn fold(&mut self, body: Option<Vec<u8>>) {
        for b in body.unwrap_or_default() {
            self.checksum = self.checksum.wrapping_mul(31).wrapping_add(u64::from(b));
        }
    }
}

impl Context for Floor {}

impl HttpContext for Floor {
    fn on_http_request_body(&mut self, body_size: usize, end_of_stream: bool) -> Action {
        if !end_of_stream {
            return Action::Pause;
        }
        let body = self.get_http_request_body(0, body_size);
        self.fold(body);
        Action::Continue
    }

    fn on_http_response_body(&mut self, body_size: usize, end_of_stream: bool) -> Action {
        if !end_of_stream {
            return Action::Pause;
        }
        let body = self.get_http_response_body(0, body_size);
        self.fold(body);
        Action::Continue
    }
}
