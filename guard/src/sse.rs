//! The streaming hold for `POST /chat/stream` (AEP-032 §4 "Streaming hold"): an SSE stream in,
//! a guarded SSE stream out, frame by frame.
//!
//! [`SseGuard`] is a pure transformer: `push(chunk) -> bytes` returns every frame the chunk
//! completes (a partial frame is kept for the next push), `finish() -> bytes` ends the stream.
//! Frames are parsed by [`codec`] and re-serialised canonically (LF line ends). Per event type:
//!
//! | frame | out |
//! |---|---|
//! | `delta` | dropped, at every level: text already sent cannot be taken back, and the message frame carries the whole reply |
//! | `message` (also a frame with no `event` line) | data JSON: the reply field (`response`) through [`Guard::guard_reply`], every other string scrubbed; data that is not JSON: the whole text through `guard_reply` |
//! | `progress`, end (`end`, `done`), `error`, unknown | data scrubbed (as JSON when it parses, else as text); forwarded by the push that completes them |
//! | comment | dropped (it could carry text); a bare `:` keep-alive frame is kept as `:` |
//! | no field left to write (only an empty `event`, or its `id` / `retry` withheld) | as a frame with no field: kept as `:` when it held a bare keep-alive, else dropped |
//!
//! `id` and `retry` values, and the name of an unknown event, are checked too: a matching `id`
//! or `retry` line is left out; an unknown event whose name states a target is dropped. At
//! level 3 and above only the delta dropping applies; other frames pass as parsed.
//!
//! Fail closed: a frame larger than [`StreamPolicy::max_frame_bytes`], or a stream that ends
//! inside a frame, ends the output with [`error_frame`], sets [`StreamOut::failed`], and every
//! later byte is ignored.
//!
//! Invariants: the concatenated output does not depend on how the input was split into chunks
//! (tests split a realistic stream at every byte); the output is a fixed point (fed back at
//! level 3 it comes out unchanged: no output frame is a lone blank line); each input byte is
//! examined once by the line parser; memory is bounded by one frame (`max_frame_bytes`).
//!
//! ```
//! use orrery_learning_guard::guard::{Guard, GuardSet};
//! use orrery_learning_guard::manifest::{Target, TargetValue};
//! use orrery_learning_guard::sse::{SseGuard, StreamPolicy};
//! let guard = Guard::compile(GuardSet {
//!     scenario_id: "kafka-lag-7f3a".into(),
//!     default_disclosure: 0,
//!     targets: vec![Target {
//!         id: "total_lag".into(),
//!         descriptor: "total lag of group orders-processor".into(),
//!         value: TargetValue::Number(5100.0),
//!         unit: None,
//!     }],
//!     retired: vec![],
//! });
//! let mut hold = SseGuard::new(StreamPolicy::default());
//! let mut out = hold.push(b"event: delta\ndata: 51\n\nevent: delta\ndata: 00\n\n", &guard, 0).bytes;
//! let msg = hold.push(b"event: message\ndata: {\"response\":\"lag 5100\"}\n\n", &guard, 0);
//! assert_eq!(msg.withheld, vec!["total_lag".to_string()]);
//! out.extend(msg.bytes);
//! out.extend(hold.finish(&guard, 0).bytes);
//! assert!(!String::from_utf8(out).unwrap().contains("51"));
//! ```
use crate::guard::Guard;
use crate::surfaces::{note_withheld, reply_json_text, scrub_json_text, scrub_text};
use serde::Deserialize;

pub mod codec;

use codec::{Frame, FrameParser};

/// The data of the frame that ends a failed stream.
pub const STREAM_ERROR_DATA: &str = "{\"error\":\"stream interrupted by the learning sandbox\"}";

/// Event names and limits. Defaults follow AEP-032's description of Orrery's stream.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct StreamPolicy {
    /// Dropped at every level. Default `["delta"]`.
    pub delta_events: Vec<String>,
    /// Tool progress: scrubbed and forwarded at once. Default `["progress"]`.
    pub progress_events: Vec<String>,
    /// The full reply: guarded with a nudge. Default `["message"]` (also the SSE default type).
    pub message_events: Vec<String>,
    /// End of stream: scrubbed and forwarded. Default `["end", "done"]`.
    pub end_events: Vec<String>,
    /// Upstream errors: scrubbed and forwarded. The first name is also the event of the frame
    /// sent when the hold fails closed. Default `["error"]`.
    pub error_events: Vec<String>,
    /// The reply field in a message frame's JSON data. Default `response`.
    pub message_reply_field: String,
    /// Unknown events are dropped instead of scrubbed (below level 3). Default false.
    pub drop_unknown_events: bool,
    /// A frame larger than this fails the stream closed. Default 1 MiB.
    pub max_frame_bytes: usize,
}

impl Default for StreamPolicy {
    fn default() -> Self {
        let v = |xs: &[&str]| xs.iter().map(|s| s.to_string()).collect();
        StreamPolicy {
            delta_events: v(&["delta"]),
            progress_events: v(&["progress"]),
            message_events: v(&["message"]),
            end_events: v(&["end", "done"]),
            error_events: v(&["error"]),
            message_reply_field: "response".into(),
            drop_unknown_events: false,
            max_frame_bytes: 1 << 20,
        }
    }
}

/// What one push (or the finish) produced.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct StreamOut {
    /// Bytes to send to the learner now.
    pub bytes: Vec<u8>,
    /// Target ids withheld by the frames in `bytes`, first appearance order, no duplicates.
    pub withheld: Vec<String>,
    /// The stream failed closed (in this call or earlier): the error frame has been sent and
    /// the rest of the stream is ignored.
    pub failed: bool,
}

/// The fixed frame that ends a failed stream.
pub fn error_frame(policy: &StreamPolicy) -> Vec<u8> {
    let event = policy.error_events.first().map_or("error", String::as_str);
    let mut out = Vec::with_capacity(80);
    // Never empty: the data is always written.
    codec::write_frame(&mut out, Some(event), Some(STREAM_ERROR_DATA), None, None);
    out
}

/// The streaming hold for one response.
#[derive(Debug)]
pub struct SseGuard {
    policy: StreamPolicy,
    parser: FrameParser,
    failed: bool,
    finished: bool,
}

impl SseGuard {
    pub fn new(policy: StreamPolicy) -> SseGuard {
        SseGuard {
            policy,
            parser: FrameParser::new(),
            failed: false,
            finished: false,
        }
    }

    /// Whether the stream has failed closed.
    pub fn failed(&self) -> bool {
        self.failed
    }

    /// Feed one chunk; returns the frames it completes, guarded.
    pub fn push(&mut self, chunk: &[u8], guard: &Guard, level: u8) -> StreamOut {
        let mut out = StreamOut {
            failed: self.failed,
            ..StreamOut::default()
        };
        if self.failed || self.finished {
            return out;
        }
        let policy = &self.policy;
        let fed = self.parser.feed(chunk, policy.max_frame_bytes, |frame| {
            guard_frame(frame, policy, guard, level, &mut out)
        });
        if fed.is_err() {
            self.fail(&mut out);
        }
        out
    }

    /// The upstream stream ended: fails closed when it ended inside a frame.
    pub fn finish(&mut self, _guard: &Guard, _level: u8) -> StreamOut {
        let mut out = StreamOut {
            failed: self.failed,
            ..StreamOut::default()
        };
        if self.failed || self.finished {
            return out;
        }
        self.finished = true;
        if self.parser.ends_mid_frame() {
            self.fail(&mut out);
        }
        out
    }

    fn fail(&mut self, out: &mut StreamOut) {
        self.failed = true;
        out.failed = true;
        out.bytes.extend_from_slice(&error_frame(&self.policy));
    }
}

fn listed(list: &[String], name: &[u8]) -> bool {
    list.iter().any(|n| n.as_bytes() == name)
}

/// Guard one complete frame and append what the learner may see.
fn guard_frame(
    frame: &Frame,
    policy: &StreamPolicy,
    guard: &Guard,
    level: u8,
    out: &mut StreamOut,
) {
    if frame.is_empty() {
        write_keepalive(out, frame);
        return;
    }
    // Classified on bytes: a dropped delta frame is never decoded.
    let event = frame.event_type_bytes();
    if listed(&policy.delta_events, event) {
        return;
    }
    let (id, retry, data) = (frame.id(), frame.retry(), frame.data());
    if level >= crate::MAX_LEVEL {
        write(out, frame, data.as_deref(), id.as_deref(), retry.as_deref());
        return;
    }
    let known = [
        &policy.progress_events,
        &policy.message_events,
        &policy.end_events,
        &policy.error_events,
    ]
    .iter()
    .any(|l| listed(l, event));
    if !known {
        let ids = guard.scrub(&frame.event_type(), level).targets;
        if policy.drop_unknown_events || !ids.is_empty() {
            note_withheld(&mut out.withheld, ids);
            return;
        }
    }
    let id = id.filter(|v| passes(v, guard, level, out));
    let retry = retry.filter(|v| passes(v, guard, level, out));
    let new_data = match data.as_deref() {
        None => None,
        Some(d) if listed(&policy.message_events, event) => {
            guard_message(d, &policy.message_reply_field, guard, level, out)
        }
        Some(d) => scrub_data(d, guard, level, out),
    };
    let data = new_data.as_deref().or(data.as_deref());
    write(out, frame, data, id.as_deref(), retry.as_deref());
}

/// Write the frame's surviving fields. A frame left with none (its only `id` / `retry`
/// withheld, or only an empty `event`) is treated like an empty frame: it would otherwise be a
/// lone blank line, which reparses as an empty frame and is dropped, so the output would not
/// be a fixed point.
fn write(
    out: &mut StreamOut,
    frame: &Frame,
    data: Option<&str>,
    id: Option<&str>,
    r: Option<&str>,
) {
    if !codec::write_frame(&mut out.bytes, frame.event().as_deref(), data, id, r) {
        write_keepalive(out, frame);
    }
}

/// A frame with no field to send: kept as `:` when it held a bare keep-alive, else dropped.
fn write_keepalive(out: &mut StreamOut, frame: &Frame) {
    if frame.keepalive() {
        out.bytes.extend_from_slice(b":\n\n");
    }
}

/// Whether an `id` / `retry` value may pass (it states no target).
fn passes(value: &str, guard: &Guard, level: u8, out: &mut StreamOut) -> bool {
    let ids = guard.scrub(value, level).targets;
    let ok = ids.is_empty();
    note_withheld(&mut out.withheld, ids);
    ok
}

/// The message frame's data; `None` when unchanged.
fn guard_message(
    data: &str,
    reply_field: &str,
    guard: &Guard,
    level: u8,
    out: &mut StreamOut,
) -> Option<String> {
    if let Ok(new) = reply_json_text(data, reply_field, guard, level, &mut out.withheld) {
        return new;
    }
    // Not JSON: the whole text is the reply (also as decoded, should it hide in escapes).
    let mut v = guard.guard_reply(data, level);
    if v.replacement.is_none() && data.contains('\\') {
        v = guard.guard_reply(&crate::surfaces::json::unescape_lenient(data), level);
    }
    note_withheld(&mut out.withheld, v.targets);
    v.replacement
}

/// Any other frame's data; `None` when unchanged.
fn scrub_data(data: &str, guard: &Guard, level: u8, out: &mut StreamOut) -> Option<String> {
    if let Ok(new) = scrub_json_text(data, guard, level, &mut out.withheld) {
        return new;
    }
    let v = scrub_text(data, guard, level);
    note_withheld(&mut out.withheld, v.targets);
    v.replacement
}
