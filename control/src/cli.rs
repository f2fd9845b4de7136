//! The lab author's commands `validate` and `scan` (issue 2, a public contract: keep it stable).
//! `main.rs` parses the flags and calls these functions with the process's streams; tests call
//! them in-process with buffers. Neither ever prints a target value or a descriptor.
//!
//! `orrery-learning validate FILE`
//!
//! * valid: exit 0, one line on stdout:
//!   `valid scenario_id=kafka-lag-7f3a targets=total_lag,slow_partition`
//!   (ids only; their charset is restricted by the manifest rules, so no quoting is needed);
//! * invalid or unreadable: exit 1, one line per error on stderr, `location: kind`
//!   (`targets[0].value: too_small`, `$file: not_found`).
//!
//! `orrery-learning scan --manifest FILE [--level N]`
//!
//! * reads JSON lines `{"text": "..."}` on stdin (other fields are ignored; lines holding only
//!   whitespace are skipped) and writes, in order, one JSON line per input line:
//!   `{"withheld": true|false, "targets": ["id", ...], "text": "what the learner would see"}`,
//!   guarding each text as a reply (a nudge replaces it, as the filter does);
//! * the level defaults to the manifest's `default_disclosure`; at level 3 nothing is withheld
//!   (and `targets` is empty, as the filter reports nothing at level 3);
//! * a line that is not a JSON object with a string `text` (or is not UTF-8, or is longer than
//!   [`MAX_LINE_BYTES`]) still gets its one output line, failing closed and echoing nothing:
//!   `{"withheld": true, "targets": [], "text": "", "error": "<kind>"}`; stderr gets
//!   `line N: <kind>`, the other lines are still processed, and the exit code is 1;
//! * exit codes: 0 every line processed; 1 the manifest is invalid or unreadable (errors as for
//!   `validate`, nothing read from stdin), an input line was bad, or a stream failed;
//!   2 a usage error (`--level` above 3).
use crate::manifest_file::read_manifest;
use orrery_learning_guard::guard::{Guard, GuardSet};
use orrery_learning_guard::manifest::ManifestError;
use serde::{Deserialize, Serialize};
use std::io::{BufRead, ErrorKind, Write};
use std::path::Path;

/// A `scan` input line longer than this is refused (and skipped to its end) without being kept.
pub const MAX_LINE_BYTES: usize = 8 << 20;

/// `orrery-learning validate FILE`. Returns the exit code.
pub fn validate(path: &Path, out: &mut dyn Write, err: &mut dyn Write) -> i32 {
    match read_manifest(path) {
        Ok((m, _)) => {
            let ids: Vec<&str> = m.targets.iter().map(|t| t.id.as_str()).collect();
            let line = format!(
                "valid scenario_id={} targets={}",
                m.scenario_id,
                ids.join(",")
            );
            match writeln!(out, "{line}").and_then(|()| out.flush()) {
                Ok(()) => 0,
                Err(_) => 1,
            }
        }
        Err(errors) => {
            report(&errors, err);
            1
        }
    }
}

/// `orrery-learning scan --manifest FILE [--level N]`. Returns the exit code.
pub fn scan(
    manifest: &Path,
    level: Option<u8>,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> i32 {
    if level.is_some_and(|l| l > orrery_learning_guard::MAX_LEVEL) {
        let _ = writeln!(err, "error: --level must be 0, 1, 2 or 3");
        return 2;
    }
    let m = match read_manifest(manifest) {
        Ok((m, _)) => m,
        Err(errors) => {
            report(&errors, err);
            return 1;
        }
    };
    let level = level.unwrap_or(m.default_disclosure);
    let guard = Guard::compile(GuardSet::from_manifest(&m, Vec::new()));
    let mut code = 0;
    let mut buf = Vec::new();
    let mut line_no = 0u64;
    loop {
        let line = match read_line_bounded(input, &mut buf) {
            Ok(Some(line)) => line,
            Ok(None) => break,
            Err(_) => {
                let _ = writeln!(err, "error: cannot read input");
                return 1;
            }
        };
        line_no += 1;
        let result = match line {
            Line::TooLong => Err("too_large"),
            Line::Bytes => parse_input(&buf),
        };
        let written = match result {
            Ok(None) => continue,
            Ok(Some(text)) => {
                let verdict = guard.guard_reply(&text, level);
                let shown = verdict.replacement.as_deref().unwrap_or(&text);
                write_line(out, verdict.withheld(), &verdict.targets, shown, None)
            }
            Err(kind) => {
                code = 1;
                let _ = writeln!(err, "line {line_no}: {kind}");
                write_line(out, true, &[], "", Some(kind))
            }
        };
        if written.is_err() {
            let _ = writeln!(err, "error: cannot write output");
            return 1;
        }
    }
    code
}

fn report(errors: &[ManifestError], err: &mut dyn Write) {
    for e in errors {
        let _ = writeln!(err, "{}: {}", e.location, e.kind);
    }
    let _ = err.flush();
}

#[derive(Serialize)]
struct OutputLine<'a> {
    withheld: bool,
    targets: &'a [String],
    text: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<&'static str>,
}

fn write_line(
    out: &mut dyn Write,
    withheld: bool,
    targets: &[String],
    text: &str,
    error: Option<&'static str>,
) -> std::io::Result<()> {
    let line = OutputLine {
        withheld,
        targets,
        text,
        error,
    };
    serde_json::to_writer(&mut *out, &line)?;
    out.write_all(b"\n")?;
    // One line at a time, so a pipeline sees each verdict as soon as it is made.
    out.flush()
}

/// The text of one input line; `Ok(None)` for a blank line, `Err(kind)` for a bad one. The
/// error kinds are fixed words: the line itself is never quoted.
fn parse_input(bytes: &[u8]) -> Result<Option<String>, &'static str> {
    #[derive(Deserialize)]
    struct Input {
        text: serde_json::Value,
    }
    let Ok(line) = std::str::from_utf8(bytes) else {
        return Err("invalid_utf8");
    };
    if line.trim().is_empty() {
        return Ok(None);
    }
    let value: serde_json::Value = serde_json::from_str(line).map_err(|_| "invalid_json")?;
    if !value.is_object() {
        return Err("not_an_object");
    }
    match serde_json::from_value::<Input>(value) {
        Ok(Input {
            text: serde_json::Value::String(text),
        }) => Ok(Some(text)),
        Ok(_) => Err("text_not_a_string"),
        Err(_) => Err("missing_text"),
    }
}

enum Line {
    /// The line's bytes are in the buffer (without the newline).
    Bytes,
    /// The line was longer than [`MAX_LINE_BYTES`]; it was consumed, not kept.
    TooLong,
}

/// Reads one line into `buf` (cleared first), keeping at most [`MAX_LINE_BYTES`];
/// `None` at the end of input.
fn read_line_bounded(input: &mut dyn BufRead, buf: &mut Vec<u8>) -> std::io::Result<Option<Line>> {
    buf.clear();
    let mut read_any = false;
    let mut too_long = false;
    loop {
        let available = match input.fill_buf() {
            Ok(a) => a,
            Err(e) if e.kind() == ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if available.is_empty() {
            if !read_any {
                return Ok(None);
            }
            break;
        }
        read_any = true;
        let (chunk, used, done) = match available.iter().position(|&b| b == b'\n') {
            Some(i) => (&available[..i], i + 1, true),
            None => (available, available.len(), false),
        };
        if !too_long && buf.len() + chunk.len() <= MAX_LINE_BYTES {
            buf.extend_from_slice(chunk);
        } else {
            too_long = true;
            buf.clear();
        }
        input.consume(used);
        if done {
            break;
        }
    }
    if too_long {
        return Ok(Some(Line::TooLong));
    }
    if buf.last() == Some(&b'\r') {
        buf.pop();
    }
    Ok(Some(Line::Bytes))
}
