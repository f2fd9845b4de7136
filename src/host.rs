//! The host as the filter sees it: every proxy-wasm call the filter makes, behind the [`Host`]
//! trait, so that the filter's logic (`http`, `poller`, `store`, `trailers`, `metrics`) runs
//! against the real ABI in Envoy ([`Abi`]) and against an in-memory host in native unit tests
//! (`fake::FakeHost`), which can also refuse any write, race a compare-and-set or move the
//! clock: paths an end-to-end test under a real Envoy cannot reach.
//!
//! Every status is data: a read that fails is `None`/empty, a write that fails is `false` or a
//! [`SetOutcome`], and every write result is `#[must_use]`. Log lines go through the host too
//! (the `log_debug!`… macros), so a test can read every line the filter wrote and check that
//! no target value is in it. Maps, buffers and streams are typed ([`Map`], [`Buffer`],
//! [`Stream`]), never bare integers.
use std::fmt;
use std::time::Duration;

mod abi;
#[cfg(test)]
pub mod fake;

pub use abi::Abi;

/// A proxy-wasm header map.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Map(u32);

impl Map {
    pub const REQUEST_HEADERS: Map = Map(0);
    pub const RESPONSE_HEADERS: Map = Map(2);
    pub const RESPONSE_TRAILERS: Map = Map(3);
    pub const CALL_RESPONSE_HEADERS: Map = Map(6);

    /// The ABI's number for this map.
    pub fn raw(self) -> u32 {
        self.0
    }
}

/// A proxy-wasm buffer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Buffer(u32);

impl Buffer {
    pub const RESPONSE_BODY: Buffer = Buffer(1);
    pub const CALL_RESPONSE_BODY: Buffer = Buffer(4);
    pub const PLUGIN_CONFIGURATION: Buffer = Buffer(7);

    /// The ABI's number for this buffer.
    pub fn raw(self) -> u32 {
        self.0
    }
}

/// An HTTP stream direction, for [`Host::reset_stream`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stream {
    Request,
    Response,
}

/// Outcome of a shared-data write.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[must_use]
pub enum SetOutcome {
    Written,
    /// The CAS token no longer matches: someone wrote the key since it was read.
    CasMismatch,
    Failed(u32),
}

/// Log levels, as proxy-wasm numbers them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Level {
    Debug = 1,
    Info = 2,
    Warn = 3,
    Error = 4,
    Critical = 5,
}

/// The calls the filter makes on its host. Reads never fail loudly; writes say whether the host
/// took them.
pub trait Host {
    /// Every header of a map (names as text, values as bytes); empty on any failure.
    fn header_pairs(&self, map: Map) -> Vec<(String, Vec<u8>)>;
    /// One header value (lossily decoded), `None` when absent or unreadable. Values are read as
    /// bytes: a client controls them, and they need not be UTF-8.
    fn header(&self, map: Map, name: &str) -> Option<String>;
    /// Set (or with `None` remove) a header; `false` when the host refused.
    #[must_use]
    fn set_header(&self, map: Map, name: &str, value: Option<&str>) -> bool;
    /// Bytes of a buffer (empty when absent or unreadable).
    fn buffer(&self, buffer: Buffer, start: usize, max: usize) -> Vec<u8>;
    /// Replace `size` bytes at `start` of a buffer with `value`; `false` when refused.
    #[must_use]
    fn set_buffer(&self, buffer: Buffer, start: usize, size: usize, value: &[u8]) -> bool;
    /// Answer the request locally; `false` when refused.
    #[must_use]
    fn send_response(&self, status: u32, headers: &[(&str, &str)], body: &[u8]) -> bool;
    /// Reset an HTTP stream: the downstream sees it end without the rest of the response.
    #[must_use]
    fn reset_stream(&self, stream: Stream) -> bool;
    /// A shared-data value and its CAS token (`(None, None)` when absent or unreadable).
    fn shared_get(&self, key: &str) -> (Option<Vec<u8>>, Option<u32>);
    /// Write a shared-data value, compared against `cas` when given.
    fn shared_set(&self, key: &str, value: &[u8], cas: Option<u32>) -> SetOutcome;
    /// Dispatch an HTTP callout: the token, or the host's status code.
    fn http_call(
        &self,
        cluster: &str,
        headers: &[(&str, &str)],
        body: Option<&[u8]>,
        timeout: Duration,
    ) -> Result<u32, u32>;
    /// Define a counter; its id, `None` when refused.
    fn define_counter(&self, name: &str) -> Option<u32>;
    fn increment(&self, id: u32, by: i64);
    #[must_use]
    fn set_tick_period(&self, period: Duration) -> bool;
    /// Milliseconds since the Unix epoch from the host clock (0 if the host refuses).
    fn now_ms(&self) -> u64;
    /// Write a log line. Callers pass fixed words and counts only, never a value.
    fn log(&self, level: Level, message: fmt::Arguments<'_>);
}

/// `log_at!(host, Level, "…", args)`: a log line through [`Host::log`] (any host expression:
/// a value or a reference).
macro_rules! log_at {
    ($host:expr, $level:ident, $($arg:tt)+) => {{
        #[allow(unused_imports)]
        use $crate::host::Host as _;
        $host.log($crate::host::Level::$level, format_args!($($arg)+))
    }};
}

/// `log_debug!(host, "…", args)`.
macro_rules! log_debug {
    ($host:expr, $($arg:tt)+) => { $crate::host::log_at!($host, Debug, $($arg)+) };
}

/// `log_info!(host, "…", args)`.
macro_rules! log_info {
    ($host:expr, $($arg:tt)+) => { $crate::host::log_at!($host, Info, $($arg)+) };
}

/// `log_warn!(host, "…", args)`.
macro_rules! log_warn {
    ($host:expr, $($arg:tt)+) => { $crate::host::log_at!($host, Warn, $($arg)+) };
}

/// `log_error!(host, "…", args)`.
macro_rules! log_error {
    ($host:expr, $($arg:tt)+) => { $crate::host::log_at!($host, Error, $($arg)+) };
}

pub(crate) use {log_at, log_debug, log_error, log_info, log_warn};
