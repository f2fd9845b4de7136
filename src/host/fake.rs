//! An in-memory host for native unit tests: header maps, buffers, shared data with Envoy's
//! compare-and-set semantics, HTTP callouts (recorded; the test answers them), counters, a
//! clock the test moves, and every log line. Each kind of write can be refused, and a test can
//! slip another worker's write in just before one of the filter's shared-data writes
//! ([`FakeHost::before_set`]), which is how a CAS race or a resync between two calls is staged.
//! Clones share one state (one Envoy), so several roots and requests can run against it.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use super::{Buffer, Host, Level, Map, SetOutcome, Stream};
use std::cell::RefCell;
use std::collections::HashMap;
use std::fmt;
use std::rc::Rc;
use std::time::Duration;

/// A callout the filter dispatched.
#[derive(Debug, Clone)]
pub struct Call {
    pub token: u32,
    pub cluster: String,
    pub headers: Vec<(String, String)>,
    pub body: Option<Vec<u8>>,
}

impl Call {
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }
}

/// A local reply the filter sent.
#[derive(Debug, Clone)]
pub struct LocalReply {
    pub status: u32,
    pub headers: Vec<(String, String)>,
    pub body: Vec<u8>,
}

/// Which writes the host refuses.
#[derive(Debug, Clone, Default)]
pub struct Refuse {
    pub header_writes: bool,
    pub body_writes: bool,
    pub reset: bool,
    pub local_reply: bool,
    pub shared_writes: bool,
    pub callouts: bool,
}

type Hook = Box<dyn FnOnce(&FakeHost)>;

#[derive(Default)]
pub struct State {
    pub maps: HashMap<Map, Vec<(String, Vec<u8>)>>,
    pub buffers: HashMap<Buffer, Vec<u8>>,
    /// key -> (value, CAS token).
    pub shared: HashMap<String, (Vec<u8>, u32)>,
    next_cas: u32,
    pub refuse: Refuse,
    pub replies: Vec<LocalReply>,
    pub resets: Vec<Stream>,
    pub calls: Vec<Call>,
    next_token: u32,
    /// Counter names by id (id = index), and their values.
    pub counters: Vec<(String, i64)>,
    pub now_ms: u64,
    pub tick: Option<Duration>,
    pub logs: Vec<(Level, String)>,
    /// Run (once) just before the next shared-data write of the key.
    hooks: Vec<(String, Hook)>,
}

/// The fake host; cheap to clone, clones share one state.
#[derive(Clone, Default)]
pub struct FakeHost(Rc<RefCell<State>>);

impl FakeHost {
    pub fn new() -> FakeHost {
        let h = FakeHost::default();
        h.0.borrow_mut().now_ms = 1_700_000_000_000;
        h
    }

    pub fn state(&self) -> std::cell::RefMut<'_, State> {
        self.0.borrow_mut()
    }

    pub fn advance(&self, ms: u64) {
        self.state().now_ms += ms;
    }

    /// Another worker writes just before the filter's next write of `key`.
    pub fn before_set(&self, key: &str, hook: impl FnOnce(&FakeHost) + 'static) {
        self.state().hooks.push((key.to_string(), Box::new(hook)));
    }

    /// A write of another worker (unconditional), bumping the CAS token.
    pub fn put(&self, key: &str, value: &[u8]) {
        let mut s = self.state();
        s.next_cas += 1;
        let cas = s.next_cas;
        s.shared.insert(key.to_string(), (value.to_vec(), cas));
    }

    pub fn get(&self, key: &str) -> Option<String> {
        let s = self.state();
        s.shared
            .get(key)
            .map(|(v, _)| String::from_utf8_lossy(v).into_owned())
    }

    pub fn set_headers(&self, map: Map, pairs: &[(&str, &str)]) {
        let v = pairs
            .iter()
            .map(|(k, v)| (k.to_string(), v.as_bytes().to_vec()))
            .collect();
        self.state().maps.insert(map, v);
    }

    pub fn headers(&self, map: Map) -> Vec<(String, String)> {
        self.state()
            .maps
            .get(&map)
            .map(|m| {
                m.iter()
                    .map(|(k, v)| (k.clone(), String::from_utf8_lossy(v).into_owned()))
                    .collect()
            })
            .unwrap_or_default()
    }

    pub fn set_body(&self, buffer: Buffer, bytes: &[u8]) {
        self.state().buffers.insert(buffer, bytes.to_vec());
    }

    pub fn body(&self, buffer: Buffer) -> Vec<u8> {
        self.state()
            .buffers
            .get(&buffer)
            .cloned()
            .unwrap_or_default()
    }

    /// A counter's value by its full name (0 when never incremented or undefined).
    pub fn counter(&self, name: &str) -> i64 {
        self.state()
            .counters
            .iter()
            .find(|(n, _)| n == name)
            .map_or(0, |(_, v)| *v)
    }

    pub fn logs(&self) -> Vec<(Level, String)> {
        self.state().logs.clone()
    }

    pub fn take_calls(&self) -> Vec<Call> {
        std::mem::take(&mut self.state().calls)
    }
}

impl Host for FakeHost {
    fn header_pairs(&self, map: Map) -> Vec<(String, Vec<u8>)> {
        self.state().maps.get(&map).cloned().unwrap_or_default()
    }

    fn header(&self, map: Map, name: &str) -> Option<String> {
        let s = self.state();
        let (_, v) = s
            .maps
            .get(&map)?
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(name))?;
        Some(String::from_utf8_lossy(v).into_owned())
    }

    fn set_header(&self, map: Map, name: &str, value: Option<&str>) -> bool {
        let mut s = self.state();
        if s.refuse.header_writes {
            return false;
        }
        let m = s.maps.entry(map).or_default();
        m.retain(|(k, _)| !k.eq_ignore_ascii_case(name));
        if let Some(v) = value {
            m.push((name.to_string(), v.as_bytes().to_vec()));
        }
        true
    }

    fn buffer(&self, buffer: Buffer, start: usize, max: usize) -> Vec<u8> {
        let s = self.state();
        let b = s.buffers.get(&buffer).map_or(&[][..], |b| b.as_slice());
        let start = start.min(b.len());
        let end = start.saturating_add(max).min(b.len());
        b[start..end].to_vec()
    }

    fn set_buffer(&self, buffer: Buffer, start: usize, size: usize, value: &[u8]) -> bool {
        let mut s = self.state();
        if s.refuse.body_writes {
            return false;
        }
        let b = s.buffers.entry(buffer).or_default();
        let start = start.min(b.len());
        let end = start.saturating_add(size).min(b.len());
        b.splice(start..end, value.iter().copied());
        true
    }

    fn send_response(&self, status: u32, headers: &[(&str, &str)], body: &[u8]) -> bool {
        let mut s = self.state();
        if s.refuse.local_reply {
            return false;
        }
        s.replies.push(LocalReply {
            status,
            headers: headers
                .iter()
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect(),
            body: body.to_vec(),
        });
        true
    }

    fn reset_stream(&self, stream: Stream) -> bool {
        let mut s = self.state();
        if s.refuse.reset {
            return false;
        }
        s.resets.push(stream);
        true
    }

    fn shared_get(&self, key: &str) -> (Option<Vec<u8>>, Option<u32>) {
        match self.state().shared.get(key) {
            Some((v, cas)) => (Some(v.clone()), Some(*cas)),
            None => (None, None),
        }
    }

    fn shared_set(&self, key: &str, value: &[u8], cas: Option<u32>) -> SetOutcome {
        let hook = {
            let mut s = self.state();
            let at = s.hooks.iter().position(|(k, _)| k == key);
            at.map(|i| s.hooks.remove(i).1)
        };
        if let Some(hook) = hook {
            hook(self);
        }
        let mut s = self.state();
        if s.refuse.shared_writes {
            return SetOutcome::Failed(2);
        }
        // Envoy: a token of 0 writes unconditionally; any other must match the stored one.
        if let Some(cas) = cas.filter(|c| *c != 0) {
            if s.shared.get(key).map(|(_, c)| *c) != Some(cas) {
                return SetOutcome::CasMismatch;
            }
        }
        s.next_cas += 1;
        let next = s.next_cas;
        s.shared.insert(key.to_string(), (value.to_vec(), next));
        SetOutcome::Written
    }

    fn http_call(
        &self,
        cluster: &str,
        headers: &[(&str, &str)],
        body: Option<&[u8]>,
        _timeout: Duration,
    ) -> Result<u32, u32> {
        let mut s = self.state();
        if s.refuse.callouts {
            return Err(10);
        }
        s.next_token += 1;
        let token = s.next_token;
        s.calls.push(Call {
            token,
            cluster: cluster.to_string(),
            headers: headers
                .iter()
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect(),
            body: body.map(<[u8]>::to_vec),
        });
        Ok(token)
    }

    fn define_counter(&self, name: &str) -> Option<u32> {
        let mut s = self.state();
        s.counters.push((name.to_string(), 0));
        u32::try_from(s.counters.len() - 1).ok()
    }

    fn increment(&self, id: u32, by: i64) {
        if let Some(c) = self.state().counters.get_mut(id as usize) {
            c.1 += by;
        }
    }

    fn set_tick_period(&self, period: Duration) -> bool {
        self.state().tick = Some(period);
        true
    }

    fn now_ms(&self) -> u64 {
        self.state().now_ms
    }

    fn log(&self, level: Level, message: fmt::Arguments<'_>) {
        let line = message.to_string();
        self.state().logs.push((level, line));
    }
}
