//! Network addresses and dotted names said another way (part of `Rules::loose_strings`). A
//! target that is an IPv4 address (`10.42.7.19`) or network (`192.168.40.0/22`) is the same
//! 32 bits however they are written, and a reader (or `ping`, or `ipcalc`) takes any of these
//! as the address:
//! - the whole as one integer, in decimal or hex (`170526483`, `0x0A2A0713`);
//! - each octet in hex, octal or binary (`0a.2a.07.13`, `012.052.07.023`);
//! - the octets in reverse, as a PTR name writes them (`19.7.42.10.in-addr.arpa`);
//! - inside IPv6 (`::ffff:a2a:713`, 6to4 `2002:a2a:713::`);
//! - the four octets as four numbers in a row with words between them (`10, then 42, then 7,
//!   then 19`; `first octet 10, second 42, …`; in words, through the second readings);
//! - a network as its address with its netmask or wildcard mask (`192.168.40.0 255.255.252.0`,
//!   `0.0.3.255`), or as its first and last address (`192.168.40.0 - 192.168.43.255`).
//!
//! A dotted name with three labels or more (`kafka-2.prod.internal`) is also stated with its
//! labels in reverse order (`internal.prod.kafka-2`, as reverse-DNS and Java packages write
//! them).
//!
//! The spellings go into the loose string automaton ([`variants`]), which keeps its digit
//! boundaries (`170526483` is not in `1705264830`); the octets in a row and the masks are read
//! by [`Ipv4Targets::scan`] on every view. Near-misses left alone: another address
//! (`10.42.7.190`), three of the four octets, the octets out of order, numbers with a letter
//! glued on (`10m 42s`), octets farther apart than a short phrase, a mask without its network.
use std::net::Ipv4Addr;

use super::forms;
use super::targets::Hits;

/// Most bytes between two octets said as separate numbers (`, and the third octet is `).
const MAX_GAP: usize = 40;

/// An IPv4 target: its address, and its prefix length when it is a network (`/22`).
fn parse(t: &str) -> Option<(Ipv4Addr, Option<u8>)> {
    let t = t.trim();
    let (addr, prefix) = match t.split_once('/') {
        Some((a, p)) => (a, Some(p.parse::<u8>().ok().filter(|p| *p <= 32)?)),
        None => (t, None),
    };
    Some((addr.parse().ok()?, prefix))
}

/// Is `t` an IPv4 address or network?
pub(crate) fn is_ipv4(t: &str) -> bool {
    parse(t).is_some()
}

/// The extra spellings of `t`: an IPv4 address's other notations, a dotted name's labels in
/// reverse. None for other targets.
pub(crate) fn variants(t: &str) -> Vec<String> {
    let Some((ip, prefix)) = parse(t) else {
        return reversed_labels(t).into_iter().collect();
    };
    let o = ip.octets();
    let n = u32::from(ip);
    let suffix = prefix.map(|p| format!("/{p}")).unwrap_or_default();
    let dotted = |f: &dyn Fn(u8) -> String| -> String {
        o.iter().map(|b| f(*b)).collect::<Vec<_>>().join(".")
    };
    let (hi, lo) = (n >> 16, n & 0xffff);
    let mut out = vec![
        // The whole as one integer: decimal (grouped too), hex, octal.
        format!("{n}{suffix}"),
        forms::grouped(&n.to_string(), ",") + &suffix,
        format!("0x{n:08x}{suffix}"),
        format!("0x{n:x}{suffix}"),
        format!("{n:08x}{suffix}"),
        format!("0{n:o}{suffix}"),
        // Each octet in another base.
        dotted(&|b| format!("{b:02x}")) + &suffix,
        dotted(&|b| format!("{b:x}")) + &suffix,
        dotted(&|b| format!("0x{b:x}")) + &suffix,
        dotted(&|b| format!("0x{b:02x}")) + &suffix,
        dotted(&|b| format!("0{b:o}")) + &suffix,
        dotted(&|b| format!("{b:08b}")) + &suffix,
        dotted(&|b| format!("0b{b:b}")) + &suffix,
        // inet_aton's shorter forms: the last part holds the rest of the bits.
        format!("{}.{}.{}{suffix}", o[0], o[1], n & 0xffff),
        format!("{}.{}{suffix}", o[0], n & 0xff_ffff),
        // The PTR name's order.
        format!("{}.{}.{}.{}{suffix}", o[3], o[2], o[1], o[0]),
        // Inside IPv6: mapped, NAT64, 6to4.
        format!("ffff:{hi:x}:{lo:x}"),
        format!("ffff:{hi:04x}:{lo:04x}"),
        format!("ff9b::{hi:x}:{lo:x}"),
        format!("2002:{hi:x}:{lo:x}"),
    ];
    // Only spellings with a digit and some substance (an address of zeros has few).
    out.retain(|v| {
        v.chars().any(|c| c.is_ascii_digit())
            && v.chars().filter(|c| c.is_alphanumeric()).count() >= 4
    });
    out.dedup();
    out
}

/// `a.b.c` → `c.b.a`, for a name of three labels or more, two of them with letters (not a
/// version, `v2.7.1`).
fn reversed_labels(t: &str) -> Option<String> {
    let labels: Vec<&str> = t.split('.').collect();
    let worded = labels
        .iter()
        .filter(|l| l.chars().any(char::is_alphabetic))
        .count();
    if labels.len() < 3 || labels.iter().any(|l| l.is_empty()) || worded < 2 {
        return None;
    }
    Some(labels.into_iter().rev().collect::<Vec<_>>().join("."))
}

/// The IPv4 targets of a manifest, read as octets said one number at a time.
#[derive(Debug, Clone, Default)]
pub(crate) struct Ipv4Targets {
    targets: Vec<Ipv4Target>,
}

#[derive(Debug, Clone)]
struct Ipv4Target {
    octets: [u8; 4],
    /// For a network: its netmask, wildcard mask and last address, each stated beside the
    /// network address.
    network: Option<[[u8; 4]; 3]>,
    idx: usize,
}

impl Ipv4Targets {
    /// Add `t` (compiled-value index `idx`) when it is an IPv4 address or network.
    pub(crate) fn push(&mut self, t: &str, idx: usize) {
        let Some((ip, prefix)) = parse(t) else {
            return;
        };
        let network = prefix.map(|p| {
            let mask = u32::MAX.checked_shl(32 - u32::from(p)).unwrap_or(0);
            let last = u32::from(ip) | !mask;
            [
                mask.to_be_bytes(),
                (!mask).to_be_bytes(),
                last.to_be_bytes(),
            ]
        });
        self.targets.push(Ipv4Target {
            octets: ip.octets(),
            network,
            idx,
        });
    }

    /// Record every IPv4 target whose octets `s` says as four numbers in a row (a network:
    /// together with its mask, wildcard or last address in a row too), or as a network and
    /// the host's octets in it (`10.42.7.0/24, host .19`); and the same where `s` works an
    /// octet out in brackets (`10.(40+2).7.19`).
    pub(crate) fn scan(&self, s: &str, hits: &mut Hits) {
        if self.targets.is_empty() || !s.bytes().any(|b| b.is_ascii_digit()) {
            return;
        }
        self.scan_runs(s, hits);
        if let Some(v) = bracketed_octets(s) {
            self.scan_runs(&v, hits);
        }
        if let Some(v) = lookalike_digits(s) {
            self.scan_runs(&v, hits);
        }
    }

    fn scan_runs(&self, s: &str, hits: &mut Hits) {
        let runs = octet_runs(s);
        if runs.len() < 4 {
            return;
        }
        for t in &self.targets {
            let stated = match &t.network {
                None => has_row(&runs, &t.octets) || host_in_network(s, &runs, t.octets),
                Some(others) => {
                    has_row(&runs, &t.octets) && others.iter().any(|o| has_row(&runs, o))
                }
            };
            if stated {
                hits.set(t.idx);
            }
        }
    }
}

/// Where in `runs` the numbers `o` stand in a row, each within [`MAX_GAP`] bytes of the last.
fn rows<'a>(runs: &'a [Run], o: &'a [u8]) -> impl Iterator<Item = usize> + 'a {
    runs.windows(o.len().max(1))
        .enumerate()
        .filter(move |(_, w)| {
            w.iter().zip(o).all(|(r, b)| r.value == Some(*b))
                && w.windows(2).all(|p| p[1].start - p[0].end <= MAX_GAP)
        })
        .map(|(i, _)| i)
}

fn has_row(runs: &[Run], o: &[u8]) -> bool {
    rows(runs, o).next().is_some()
}

/// An address told as its network (`10.42.7.0`, `10.42.0.0/16`: the address's leading octets,
/// then zeros) and, within a line's reach of it, the rest of its octets as the host (`.19`,
/// `.7.19`, `host 19`, `host part 19`).
fn host_in_network(s: &str, runs: &[Run], o: [u8; 4]) -> bool {
    let b = s.as_bytes();
    (1..4).any(|p| {
        let (net_part, host) = o.split_at(p);
        if host.iter().all(|h| *h == 0) {
            return false;
        }
        let mut net = [0u8; 4];
        net.get_mut(..p)
            .map(|n| n.copy_from_slice(net_part))
            .is_some()
            && rows(runs, &net).any(|n| {
                let Some(net_run) = runs.get(n) else {
                    return false;
                };
                rows(runs, host).any(|h| {
                    let Some(first) = runs.get(h) else {
                        return false;
                    };
                    let apart = first.start.abs_diff(net_run.start) <= 3 * MAX_GAP;
                    let outside = h + host.len() <= n || h >= n + 4;
                    let dotted = first.start > 0 && b.get(first.start - 1) == Some(&b'.');
                    let before = s
                        .get(first.start.saturating_sub(16)..first.start)
                        .unwrap_or("");
                    let named = before.to_ascii_lowercase().contains("host");
                    apart && outside && (dotted || named)
                })
            })
    })
}

/// `s` with each bracketed sum or difference of two small numbers worked out (`(40+2)` →
/// `42`, `(20-1)` → `19`), when it has one: octets a reader computes in their place.
fn bracketed_octets(s: &str) -> Option<String> {
    let b = s.as_bytes();
    let mut out = String::new();
    let mut from = 0;
    let mut changed = false;
    for open in memchr::memchr_iter(b'(', b) {
        if open < from {
            continue;
        }
        let Some(close) = b
            .get(open..)
            .and_then(|r| r.iter().take(12).position(|c| *c == b')'))
        else {
            continue;
        };
        let inner = s.get(open + 1..open + close).unwrap_or("");
        let Some(v) = small_sum(inner) else {
            continue;
        };
        out.push_str(s.get(from..open).unwrap_or(""));
        out.push_str(&v.to_string());
        from = open + close + 1;
        changed = true;
    }
    if !changed {
        return None;
    }
    out.push_str(s.get(from..).unwrap_or(""));
    Some(out)
}

/// `s` with the letters that pass for digits (`l`, `I` for 1, `O`, `o` for 0) read as digits
/// inside a dotted run of digits (`1O.42.7.l9`), when it has one.
fn lookalike_digits(s: &str) -> Option<String> {
    let b = s.as_bytes();
    let digitish = |c: u8| c.is_ascii_digit() || matches!(c, b'l' | b'I' | b'O' | b'o');
    let mut out = b.to_vec();
    let mut changed = false;
    let mut i = 0;
    while i < b.len() {
        if !b.get(i).is_some_and(|c| digitish(*c) || *c == b'.') {
            i += 1;
            continue;
        }
        let start = i;
        while b.get(i).is_some_and(|c| digitish(*c) || *c == b'.') {
            i += 1;
        }
        let run = b.get(start..i).unwrap_or(&[]);
        let boundary = |c: Option<&u8>| !c.is_some_and(|c| c.is_ascii_alphanumeric());
        let dots = run.iter().filter(|c| **c == b'.').count();
        if dots >= 2
            && run.iter().any(u8::is_ascii_digit)
            && boundary(start.checked_sub(1).and_then(|p| b.get(p)))
            && boundary(b.get(i))
        {
            for (o, c) in out.iter_mut().skip(start).zip(run) {
                *o = match c {
                    b'l' | b'I' => b'1',
                    b'O' | b'o' => b'0',
                    c => *c,
                };
            }
            changed |= run.iter().any(|c| !c.is_ascii_digit() && *c != b'.');
        }
    }
    if changed {
        String::from_utf8(out).ok()
    } else {
        None
    }
}

/// `40+2`, `20 - 1`, `2*21`: an octet from two numbers of up to three digits.
fn small_sum(e: &str) -> Option<u16> {
    let i = e.find(['+', '-', '*', 'x'])?;
    let (a, rest) = e.split_at(i);
    let op = rest.chars().next()?;
    let a: u16 = a.trim().parse().ok().filter(|a| *a < 1000)?;
    let b: u16 = rest.get(1..)?.trim().parse().ok().filter(|b| *b < 1000)?;
    let v = match op {
        '+' => a.checked_add(b)?,
        '-' => a.checked_sub(b)?,
        _ => a.checked_mul(b)?,
    };
    (v <= 255).then_some(v)
}

/// A digit run standing on its own (no letter or `_` glued to it): its byte span and its
/// value when it is an octet.
#[derive(Debug, Clone, Copy)]
struct Run {
    start: usize,
    end: usize,
    value: Option<u8>,
}

fn octet_runs(s: &str) -> Vec<Run> {
    let b = s.as_bytes();
    let word = |c: u8| c.is_ascii_alphabetic() || c == b'_';
    let mut runs = Vec::new();
    let mut i = 0;
    while let Some(off) = b
        .get(i..)
        .and_then(|r| r.iter().position(u8::is_ascii_digit))
    {
        let start = i + off;
        let end = b
            .get(start..)
            .and_then(|r| r.iter().position(|c| !c.is_ascii_digit()))
            .map_or(b.len(), |e| start + e);
        i = end;
        let glued = start > 0 && b.get(start - 1).is_some_and(|c| word(*c))
            || b.get(end).is_some_and(|c| word(*c));
        if glued {
            continue;
        }
        let digits = s.get(start..end).unwrap_or("");
        // An octet as written in a dotted quad: no leading zero but `0` itself.
        let value = (digits.len() <= 3 && (digits == "0" || !digits.starts_with('0')))
            .then(|| digits.parse::<u8>().ok())
            .flatten();
        runs.push(Run { start, end, value });
    }
    runs
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(targets: &[&str], s: &str) -> bool {
        let mut t = Ipv4Targets::default();
        for (i, v) in targets.iter().enumerate() {
            t.push(v, i);
        }
        let mut hits = Hits::new(targets.len(), 0);
        t.scan(s, &mut hits);
        hits.any()
    }

    #[test]
    fn spellings_of_an_address() {
        let v = variants("10.42.7.19");
        for want in [
            "170526483",
            "0x0a2a0713",
            "0a.2a.07.13",
            "012.052.07.023",
            "19.7.42.10",
            "ffff:a2a:713",
            "00001010.00101010.00000111.00010011",
        ] {
            assert!(v.iter().any(|x| x == want), "{want} in {v:?}");
        }
        assert!(variants("192.168.40.0/22")
            .iter()
            .any(|x| x == "3232245760/22"));
        assert_eq!(
            variants("kafka-2.prod.internal"),
            vec!["internal.prod.kafka-2".to_string()]
        );
        assert!(variants("orders-worker-kestrel").is_empty());
        assert!(variants("v2.7.1").is_empty());
        assert!(variants("10.42.7.19/33").is_empty());
    }

    #[test]
    fn octets_one_number_at_a_time() {
        let ip = ["10.42.7.19"];
        for s in [
            "10, then 42, then 7, then 19",
            "first octet 10, second 42, third 7, last 19",
            "10\n42\n7\n19",
            "10 | 42 | 7 | 19",
        ] {
            assert!(read(&ip, s), "{s}");
        }
        for s in [
            "10, then 42, then 7",
            "19, 7, 42, 10",
            "10 42 7 190",
            "10m 42s 7h 19d",
            "10 pods; a long way further on in this sentence, the count was 42, 7 and 19",
            "10 42 8 7 19",
        ] {
            assert!(!read(&ip, s), "{s}");
        }
    }

    #[test]
    fn a_network_with_its_mask() {
        let net = ["192.168.40.0/22"];
        for s in [
            "192.168.40.0 255.255.252.0",
            "network 192.168.40.0 with netmask 255.255.252.0",
            "192.168.40.0 wildcard 0.0.3.255",
            "192.168.40.0 - 192.168.43.255",
        ] {
            assert!(read(&net, s), "{s}");
        }
        for s in [
            "192.168.40.0",
            "192.168.40.0 255.255.255.0",
            "255.255.252.0 on some other network",
        ] {
            assert!(!read(&net, s), "{s}");
        }
    }

    #[test]
    fn a_host_in_its_network_and_octets_worked_out() {
        let ip = ["10.42.7.19"];
        for s in [
            "10.42.7.0/24 host .19",
            "host 19 in 10.42.7.0/24",
            "network 10.42.7.0/24, host part 19",
            "subnet 10.42.0.0/16; the node is .7.19 in it",
            "10.(40+2).7.19",
            "10.42.7.(20-1)",
            "(5+5).42.7.19",
            "1O.42.7.l9",
            "lO.42.7.I9",
        ] {
            assert!(read(&ip, s), "{s}");
        }
        for s in [
            "10.42.7.0/24 host .20",
            "10.42.7.0/24 has 19 pods",
            "10.42.8.0/24 host .19",
            "10.(40+3).7.19",
            "f(20-1) = 19",
            "lo.42.7.l8",
            "hello.world.io 10 42 7",
        ] {
            assert!(!read(&ip, s), "{s}");
        }
    }
}
