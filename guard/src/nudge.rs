//! nudge (to be written)
#[cfg(test)]
mod tests { #[test] fn smoke() { assert_eq!(usize::BITS, if cfg!(target_arch="wasm32") {32} else {64}); } }
