//! The real host: proxy-wasm 0.2.1's ABI, called without traps. The SDK's `hostcalls` wrappers
//! `panic!` on any status outside the few each one expects (and on a header value that is not
//! UTF-8), and a panic aborts the VM; here the ABI is declared with plain integers, so that an
//! unexpected status code is never turned into an invalid enum value, and every status is data
//! (callouts excepted: see [`Abi::http_call`]). Memory the host returns was allocated through
//! the SDK's `proxy_on_memory_allocate` export (the global allocator), so it is taken back with
//! `Vec::from_raw_parts`, as the SDK does.
#![allow(unsafe_code)]

use super::{Buffer, Host, Level, Map, SetOutcome, Stream};
use std::fmt;
use std::ptr::null_mut;
use std::time::Duration;

/// proxy-wasm status codes used here.
const OK: u32 = 0;
const CAS_MISMATCH: u32 = 8;
const METRIC_COUNTER: u32 = 0;

#[allow(clashing_extern_declarations)]
extern "C" {
    fn proxy_log(level: u32, message: *const u8, size: usize) -> u32;
    fn proxy_get_header_map_pairs(map: u32, data: *mut *mut u8, size: *mut usize) -> u32;
    fn proxy_get_header_map_value(
        map: u32,
        key: *const u8,
        key_size: usize,
        data: *mut *mut u8,
        size: *mut usize,
    ) -> u32;
    fn proxy_replace_header_map_value(
        map: u32,
        key: *const u8,
        key_size: usize,
        value: *const u8,
        value_size: usize,
    ) -> u32;
    fn proxy_remove_header_map_value(map: u32, key: *const u8, key_size: usize) -> u32;
    fn proxy_get_buffer_bytes(
        buffer: u32,
        start: usize,
        max_size: usize,
        data: *mut *mut u8,
        size: *mut usize,
    ) -> u32;
    fn proxy_set_buffer_bytes(
        buffer: u32,
        start: usize,
        size: usize,
        data: *const u8,
        data_size: usize,
    ) -> u32;
    fn proxy_send_local_response(
        status_code: u32,
        details: *const u8,
        details_size: usize,
        body: *const u8,
        body_size: usize,
        headers: *const u8,
        headers_size: usize,
        grpc_status: i32,
    ) -> u32;
    fn proxy_get_shared_data(
        key: *const u8,
        key_size: usize,
        data: *mut *mut u8,
        size: *mut usize,
        cas: *mut u32,
    ) -> u32;
    fn proxy_set_shared_data(
        key: *const u8,
        key_size: usize,
        value: *const u8,
        value_size: usize,
        cas: u32,
    ) -> u32;
    fn proxy_define_metric(kind: u32, name: *const u8, name_size: usize, id: *mut u32) -> u32;
    fn proxy_increment_metric(id: u32, offset: i64) -> u32;
    fn proxy_set_tick_period_milliseconds(period: u32) -> u32;
    fn proxy_get_current_time_nanoseconds(time: *mut u64) -> u32;
    fn proxy_close_stream(stream_type: u32) -> u32;
}

/// The proxy-wasm host of this VM. A unit value: holding one costs nothing.
#[derive(Debug, Clone, Copy, Default)]
pub struct Abi;

/// Take ownership of host-allocated bytes.
fn owned(data: *mut u8, size: usize) -> Vec<u8> {
    if data.is_null() {
        return Vec::new();
    }
    // SAFETY: the host allocated `size` bytes through the module's allocator export and hands
    // them over; nobody else holds the pointer.
    unsafe { Vec::from_raw_parts(data, size, size) }
}

/// The proxy-wasm map encoding: count, (key len, value len)*, then NUL-terminated keys/values.
fn decode_map(b: &[u8]) -> Option<Vec<(String, Vec<u8>)>> {
    let word = |at: usize| -> Option<usize> {
        let w: [u8; 4] = b.get(at..at + 4)?.try_into().ok()?;
        Some(u32::from_le_bytes(w) as usize)
    };
    if b.is_empty() {
        return Some(Vec::new());
    }
    let n = word(0)?;
    let mut out = Vec::with_capacity(n.min(1024));
    let mut data = 4usize.checked_add(n.checked_mul(8)?)?;
    for i in 0..n {
        let k = word(4 + i * 8)?;
        let v = word(8 + i * 8)?;
        let key = b.get(data..data.checked_add(k)?)?;
        data = data.checked_add(k + 1)?;
        let value = b.get(data..data.checked_add(v)?)?;
        data = data.checked_add(v + 1)?;
        out.push((String::from_utf8_lossy(key).into_owned(), value.to_vec()));
    }
    Some(out)
}

fn encode_map(map: &[(&str, &str)]) -> Vec<u8> {
    let mut b = Vec::new();
    b.extend_from_slice(&(map.len() as u32).to_le_bytes());
    for (k, v) in map {
        b.extend_from_slice(&(k.len() as u32).to_le_bytes());
        b.extend_from_slice(&(v.len() as u32).to_le_bytes());
    }
    for (k, v) in map {
        b.extend_from_slice(k.as_bytes());
        b.push(0);
        b.extend_from_slice(v.as_bytes());
        b.push(0);
    }
    b
}

impl Host for Abi {
    fn header_pairs(&self, map: Map) -> Vec<(String, Vec<u8>)> {
        let mut data = null_mut();
        let mut size = 0;
        // SAFETY: out-pointers to locals.
        let st = unsafe { proxy_get_header_map_pairs(map.raw(), &mut data, &mut size) };
        if st != OK {
            return Vec::new();
        }
        decode_map(&owned(data, size)).unwrap_or_default()
    }

    fn header(&self, map: Map, name: &str) -> Option<String> {
        let mut data = null_mut();
        let mut size = 0;
        // SAFETY: `name` outlives the call; out-pointers to locals.
        let st = unsafe {
            proxy_get_header_map_value(map.raw(), name.as_ptr(), name.len(), &mut data, &mut size)
        };
        if st != OK {
            return None;
        }
        Some(String::from_utf8_lossy(&owned(data, size)).into_owned())
    }

    fn set_header(&self, map: Map, name: &str, value: Option<&str>) -> bool {
        // SAFETY: the slices outlive the calls.
        let st = unsafe {
            match value {
                Some(v) => proxy_replace_header_map_value(
                    map.raw(),
                    name.as_ptr(),
                    name.len(),
                    v.as_ptr(),
                    v.len(),
                ),
                None => proxy_remove_header_map_value(map.raw(), name.as_ptr(), name.len()),
            }
        };
        st == OK
    }

    fn buffer(&self, buffer: Buffer, start: usize, max: usize) -> Vec<u8> {
        let mut data = null_mut();
        let mut size = 0;
        // SAFETY: out-pointers to locals.
        let st = unsafe { proxy_get_buffer_bytes(buffer.raw(), start, max, &mut data, &mut size) };
        if st != OK {
            return Vec::new();
        }
        owned(data, size)
    }

    fn set_buffer(&self, buffer: Buffer, start: usize, size: usize, value: &[u8]) -> bool {
        // SAFETY: `value` outlives the call.
        unsafe {
            proxy_set_buffer_bytes(buffer.raw(), start, size, value.as_ptr(), value.len()) == OK
        }
    }

    fn send_response(&self, status: u32, headers: &[(&str, &str)], body: &[u8]) -> bool {
        let h = encode_map(headers);
        // SAFETY: the slices outlive the call.
        unsafe {
            proxy_send_local_response(
                status,
                null_mut(),
                0,
                body.as_ptr(),
                body.len(),
                h.as_ptr(),
                h.len(),
                -1,
            ) == OK
        }
    }

    fn reset_stream(&self, stream: Stream) -> bool {
        let kind = match stream {
            Stream::Request => 0,
            Stream::Response => 1,
        };
        // SAFETY: plain value.
        unsafe { proxy_close_stream(kind) == OK }
    }

    fn shared_get(&self, key: &str) -> (Option<Vec<u8>>, Option<u32>) {
        let mut data = null_mut();
        let mut size = 0;
        let mut cas = 0u32;
        // SAFETY: `key` outlives the call; out-pointers to locals.
        let st = unsafe {
            proxy_get_shared_data(key.as_ptr(), key.len(), &mut data, &mut size, &mut cas)
        };
        match st {
            OK => (Some(owned(data, size)), (cas != 0).then_some(cas)),
            _ => (None, None),
        }
    }

    fn shared_set(&self, key: &str, value: &[u8], cas: Option<u32>) -> SetOutcome {
        // SAFETY: the slices outlive the call.
        let st = unsafe {
            proxy_set_shared_data(
                key.as_ptr(),
                key.len(),
                value.as_ptr(),
                value.len(),
                cas.unwrap_or(0),
            )
        };
        match st {
            OK => SetOutcome::Written,
            CAS_MISMATCH => SetOutcome::CasMismatch,
            other => SetOutcome::Failed(other),
        }
    }

    /// This one goes through the SDK, whose dispatcher must learn the token to route the answer
    /// back; its wrapper handles every status Envoy documents for the call (`Ok`, `BadArgument`,
    /// `InternalFailure`).
    fn http_call(
        &self,
        cluster: &str,
        headers: &[(&str, &str)],
        body: Option<&[u8]>,
        timeout: Duration,
    ) -> Result<u32, u32> {
        proxy_wasm::hostcalls::dispatch_http_call(cluster, headers.to_vec(), body, vec![], timeout)
            .map_err(|st| st as u32)
    }

    fn define_counter(&self, name: &str) -> Option<u32> {
        let mut id = 0u32;
        // SAFETY: `name` outlives the call; out-pointer to a local.
        let st = unsafe { proxy_define_metric(METRIC_COUNTER, name.as_ptr(), name.len(), &mut id) };
        (st == OK).then_some(id)
    }

    fn increment(&self, id: u32, by: i64) {
        // SAFETY: plain values.
        let _ = unsafe { proxy_increment_metric(id, by) };
    }

    fn set_tick_period(&self, period: Duration) -> bool {
        let ms = u32::try_from(period.as_millis()).unwrap_or(u32::MAX);
        // SAFETY: plain value.
        unsafe { proxy_set_tick_period_milliseconds(ms) == OK }
    }

    fn now_ms(&self) -> u64 {
        let mut ns = 0u64;
        // SAFETY: out-pointer to a local.
        let st = unsafe { proxy_get_current_time_nanoseconds(&mut ns) };
        if st == OK {
            ns / 1_000_000
        } else {
            0
        }
    }

    fn log(&self, level: Level, message: fmt::Arguments<'_>) {
        // A fixed line needs no formatting.
        let owned;
        let text = match message.as_str() {
            Some(s) => s,
            None => {
                owned = message.to_string();
                owned.as_str()
            }
        };
        // SAFETY: `text` outlives the call. A refused log line is dropped.
        let _ = unsafe { proxy_log(level as u32, text.as_ptr(), text.len()) };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn map_round_trip_and_garbage() {
        let enc = encode_map(&[(":status", "200"), ("content-type", "application/json")]);
        let dec = decode_map(&enc).unwrap_or_default();
        assert_eq!(dec.len(), 2);
        assert_eq!(dec[0], (":status".to_string(), b"200".to_vec()));
        assert_eq!(dec[1].0, "content-type");
        assert_eq!(decode_map(&[]), Some(vec![]));
        // Truncated at every length: never a panic, never a wrong pair.
        for cut in 1..enc.len() {
            if let Some(d) = decode_map(&enc[..cut]) {
                assert!(d.len() <= 2);
            }
        }
        assert_eq!(decode_map(&[255, 255, 255, 255]), None);
    }
}
