//! Response headers and trailers (an HTTP/2 upstream's HEADERS after the body, gRPC-style).
//! They are no Orrery surface, but a learner receives them, so each one is checked like any
//! other string the learner sees: a header or trailer whose name or value states a target at
//! the learner's level is removed (never rewritten: it has no place for a nudge), and the
//! withheld target ids go to the caller's report. Those that state nothing pass as they are.
//! Pseudo-headers (`:status`) and the transport headers Envoy and the filter manage
//! (`content-length`, `date`) are not read: they carry no reply text, and removing one would
//! break the response.
use crate::host::{log_error, Host, Map};
use orrery_learning_guard::guard::Guard;

/// Headers that carry no reply text and that the response needs.
fn transport(name: &str) -> bool {
    name.starts_with(':')
        || name.eq_ignore_ascii_case("content-length")
        || name.eq_ignore_ascii_case("date")
}

/// The trailers could not be read or a withheld one could not be removed: the caller holds
/// the stream (fail closed) and counts it.
#[derive(Debug)]
pub struct Unguarded;

/// Check the response trailers (`count` of them, as the host announced) at `level`; removes
/// each one that states a target. Returns the withheld target ids (no duplicates).
pub fn guard_trailers(
    host: &impl Host,
    count: usize,
    guard: &Guard,
    level: u8,
) -> Result<Vec<String>, Unguarded> {
    guard_map(host, Map::RESPONSE_TRAILERS, count, guard, level)
}

/// The same for the response headers (before they leave).
pub fn guard_headers(
    host: &impl Host,
    count: usize,
    guard: &Guard,
    level: u8,
) -> Result<Vec<String>, Unguarded> {
    guard_map(host, Map::RESPONSE_HEADERS, count, guard, level)
}

fn guard_map(
    host: &impl Host,
    map: Map,
    count: usize,
    guard: &Guard,
    level: u8,
) -> Result<Vec<String>, Unguarded> {
    let pairs = host.header_pairs(map);
    // An empty read of a non-empty map is a failed read: nothing was checked.
    if pairs.is_empty() && count > 0 {
        log_error!(
            host,
            "orrery-learning: the response headers or trailers could not be read"
        );
        return Err(Unguarded);
    }
    let mut withheld: Vec<String> = Vec::new();
    for (name, value) in pairs {
        if transport(&name) {
            continue;
        }
        let text = format!("{name}: {}", String::from_utf8_lossy(&value));
        let verdict = guard.scrub(&text, level);
        if !verdict.withheld() {
            continue;
        }
        for id in verdict.targets {
            if !withheld.contains(&id) {
                withheld.push(id);
            }
        }
        if !host.set_header(map, &name, None) {
            log_error!(
                host,
                "orrery-learning: a response header or trailer could not be removed"
            );
            return Err(Unguarded);
        }
    }
    Ok(withheld)
}
