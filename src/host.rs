//! The host calls the filter makes, without traps. The SDK's `hostcalls` wrappers `panic!` on any
//! status outside the few each one expects (and on a header value that is not UTF-8), and a
//! panic aborts the VM; here every status is data: a read that fails is `None`/empty, a write
//! that fails is `false`/`Err(code)` (callouts excepted: see [`http_call`]). The ABI is proxy-wasm 0.2.1's, declared with plain
//! integers so that an unexpected status code is never turned into an invalid enum value.
//! Memory the host returns was allocated through the SDK's `proxy_on_memory_allocate` export
//! (the global allocator), so it is taken back with `Vec::from_raw_parts`, as the SDK does.
#![allow(unsafe_code)]

use std::ptr::null_mut;
use std::time::Duration;

/// proxy-wasm status codes used here.
const OK: u32 = 0;
const NOT_FOUND: u32 = 1;

pub const MAP_REQUEST_HEADERS: u32 = 0;
pub const MAP_RESPONSE_HEADERS: u32 = 2;
pub const MAP_CALL_RESPONSE_HEADERS: u32 = 6;
pub const BUFFER_RESPONSE_BODY: u32 = 1;
pub const BUFFER_CALL_RESPONSE_BODY: u32 = 4;
pub const BUFFER_PLUGIN_CONFIGURATION: u32 = 7;
const METRIC_COUNTER: u32 = 0;

#[allow(clashing_extern_declarations)]
extern "C" {
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

/// Take ownership of host-allocated bytes.
fn owned(data: *mut u8, size: usize) -> Vec<u8> {
    if data.is_null() {
        return Vec::new();
    }
    // SAFETY: the host allocated `size` bytes through the module's allocator export and hands
    // them over; nobody else holds the pointer.
    unsafe { Vec::from_raw_parts(data, size, size) }
}

/// Every header of a map (names as text, values as bytes); empty on any failure.
pub fn header_pairs(map: u32) -> Vec<(String, Vec<u8>)> {
    let mut data = null_mut();
    let mut size = 0;
    // SAFETY: out-pointers to locals.
    let st = unsafe { proxy_get_header_map_pairs(map, &mut data, &mut size) };
    if st != OK {
        return Vec::new();
    }
    decode_map(&owned(data, size)).unwrap_or_default()
}

/// The proxy-wasm map encoding: count, (key len, value len)*, then NUL-terminated keys/values.
pub fn decode_map(b: &[u8]) -> Option<Vec<(String, Vec<u8>)>> {
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

pub fn encode_map(map: &[(&str, &str)]) -> Vec<u8> {
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

/// One header value (lossily decoded), `None` when absent or unreadable.
pub fn header(map: u32, name: &str) -> Option<String> {
    let mut data = null_mut();
    let mut size = 0;
    // SAFETY: `name` outlives the call; out-pointers to locals.
    let st =
        unsafe { proxy_get_header_map_value(map, name.as_ptr(), name.len(), &mut data, &mut size) };
    if st != OK {
        return None;
    }
    Some(String::from_utf8_lossy(&owned(data, size)).into_owned())
}

/// Set (or with `None` remove) a header; `false` when the host refused.
pub fn set_header(map: u32, name: &str, value: Option<&str>) -> bool {
    // SAFETY: the slices outlive the calls.
    let st = unsafe {
        match value {
            Some(v) => {
                proxy_replace_header_map_value(map, name.as_ptr(), name.len(), v.as_ptr(), v.len())
            }
            None => proxy_remove_header_map_value(map, name.as_ptr(), name.len()),
        }
    };
    st == OK
}

/// Bytes of a buffer (empty when absent or unreadable).
pub fn buffer(kind: u32, start: usize, max: usize) -> Vec<u8> {
    let mut data = null_mut();
    let mut size = 0;
    // SAFETY: out-pointers to locals.
    let st = unsafe { proxy_get_buffer_bytes(kind, start, max, &mut data, &mut size) };
    if st != OK {
        return Vec::new();
    }
    owned(data, size)
}

/// Replace `size` bytes at `start` of a buffer with `value`.
pub fn set_buffer(kind: u32, start: usize, size: usize, value: &[u8]) -> bool {
    // SAFETY: `value` outlives the call.
    unsafe { proxy_set_buffer_bytes(kind, start, size, value.as_ptr(), value.len()) == OK }
}

/// Answer the request locally.
pub fn send_response(status: u32, headers: &[(&str, &str)], body: &[u8]) -> bool {
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

/// proxy-wasm stream types for [`reset_stream`].
pub const STREAM_REQUEST: u32 = 0;
pub const STREAM_RESPONSE: u32 = 1;

/// Reset an HTTP stream (Envoy: the filter callbacks' `resetStream`): the downstream sees the
/// connection or HTTP/2 stream end without the rest of the response. `false` when refused.
pub fn reset_stream(stream: u32) -> bool {
    // SAFETY: plain value.
    unsafe { proxy_close_stream(stream) == OK }
}

/// A shared-data value and its CAS token (`(None, None)` when absent or unreadable).
pub fn shared_get(key: &str) -> (Option<Vec<u8>>, Option<u32>) {
    let mut data = null_mut();
    let mut size = 0;
    let mut cas = 0u32;
    // SAFETY: `key` outlives the call; out-pointers to locals.
    let st =
        unsafe { proxy_get_shared_data(key.as_ptr(), key.len(), &mut data, &mut size, &mut cas) };
    match st {
        OK => (Some(owned(data, size)), (cas != 0).then_some(cas)),
        _ => (None, None),
    }
}

/// Outcome of a shared-data write.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SetOutcome {
    Written,
    CasMismatch,
    Failed(u32),
}

pub fn shared_set(key: &str, value: &[u8], cas: Option<u32>) -> SetOutcome {
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
        8 => SetOutcome::CasMismatch,
        other => SetOutcome::Failed(other),
    }
}

/// Dispatch an HTTP callout; the token, or the host's status code. This one goes through the
/// SDK, whose dispatcher must learn the token to route the answer back; its wrapper handles
/// every status Envoy documents for the call (`Ok`, `BadArgument`, `InternalFailure`).
pub fn http_call(
    cluster: &str,
    headers: &[(&str, &str)],
    body: Option<&[u8]>,
    timeout: Duration,
) -> Result<u32, u32> {
    proxy_wasm::hostcalls::dispatch_http_call(cluster, headers.to_vec(), body, vec![], timeout)
        .map_err(|st| st as u32)
}

pub fn define_counter(name: &str) -> Option<u32> {
    let mut id = 0u32;
    // SAFETY: `name` outlives the call; out-pointer to a local.
    let st = unsafe { proxy_define_metric(METRIC_COUNTER, name.as_ptr(), name.len(), &mut id) };
    (st == OK).then_some(id)
}

pub fn increment(id: u32, by: i64) {
    // SAFETY: plain values.
    let _ = unsafe { proxy_increment_metric(id, by) };
}

pub fn set_tick_period(period: Duration) -> bool {
    let ms = u32::try_from(period.as_millis()).unwrap_or(u32::MAX);
    // SAFETY: plain value.
    unsafe { proxy_set_tick_period_milliseconds(ms) == OK }
}

/// Milliseconds since the Unix epoch from the host clock (0 if the host refuses).
pub fn now_ms() -> u64 {
    let mut ns = 0u64;
    // SAFETY: out-pointer to a local.
    let st = unsafe { proxy_get_current_time_nanoseconds(&mut ns) };
    if st == OK {
        ns / 1_000_000
    } else {
        0
    }
}

/// A status code that means "absent" rather than an error.
pub fn is_not_found(code: u32) -> bool {
    code == NOT_FOUND
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
