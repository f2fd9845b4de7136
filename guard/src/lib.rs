//! The AEP-032 guard: everything the learning sandbox decides, as pure functions.
//!
//! This crate owns the scenario manifest contract v1 ([`manifest`]), the answer matcher
//! ([`matcher`]), the nudge ladder ([`nudge`]), the compiled guard set that the control service
//! ships to Envoy ([`guard`]), the SSE frame codec ([`sse`]), the JSON surface rewrites
//! ([`surfaces`]), the contract between the filter and the control service ([`policy`]: the
//! filter's configuration, route classification, identity hand-off and wire formats) and the
//! console overlay's script injection ([`console`]). It has no proxy-wasm, HTTP-server or file-system types, so the same code is
//! tested natively and compiled to `wasm32-wasip1` for the Envoy filter. Both the filter and the
//! control service depend on it; it depends on neither.
#![forbid(unsafe_code)]

pub mod console;
pub mod guard;
pub mod manifest;
pub mod matcher;
pub mod nudge;
pub mod policy;
pub mod sse;
pub mod surfaces;

/// The highest disclosure level. At this level nothing is withheld (AEP-032 §3).
pub const MAX_LEVEL: u8 = 3;
