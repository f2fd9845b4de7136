//! The guard in the browser: a thin wasm-bindgen layer over `orrery-learning-guard` for the
//! author playground (`control/assets/author.html`). It owns the three questions an author asks
//! of a manifest before a lab opens, each answered as one JSON string so the page needs no
//! generated types:
//!
//! * [`validate`]: the manifest contract's verdict, locations and kinds only (as
//!   `orrery-learning validate` prints it, never a value);
//! * [`check`]: for each sample reply, withheld or not, which targets (by id), the span the
//!   guard reads as a target, and the nudge a learner would see at levels 0, 1 and 2;
//! * [`catches`]: per target, sample written forms the matcher recognises
//!   ([`orrery_learning_guard::matcher::forms`]).
//!
//! Everything runs in the author's browser; nothing here does I/O. The guard itself stays free
//! of wasm-bindgen: this crate is the only one that depends on it, and it is a workspace
//! member that is not a default member (built by `make pages`, tested by `make test-bindings`).
#![forbid(unsafe_code)]

use orrery_learning_guard::guard::{Guard, GuardSet};
use orrery_learning_guard::manifest::{parse_manifest, Manifest, ManifestError, TargetValue};
use orrery_learning_guard::matcher::forms::forms;
use orrery_learning_guard::matcher::{GuardedValue, Matcher, Rules};
use serde_json::{json, Value};
use wasm_bindgen::prelude::wasm_bindgen;

/// Samples longer than this (in chars) are highlighted whole rather than narrowed.
const MAX_SPAN_CHARS: usize = 20_000;
/// At most this many samples per call (a pasted transcript can be long).
const MAX_SAMPLES: usize = 500;

fn errors_json(errors: &[ManifestError]) -> Value {
    Value::Array(
        errors
            .iter()
            .map(|e| json!({"location": e.location, "kind": e.kind}))
            .collect(),
    )
}

fn parsed(manifest: &str) -> Result<Manifest, Value> {
    parse_manifest(manifest.as_bytes()).map_err(|e| errors_json(&e))
}

/// `{"ok": true, "scenario_id", "default_disclosure", "targets": [{"id", "kind", "unit"}]}` or
/// `{"ok": false, "errors": [{"location", "kind"}]}`. Never a value or a descriptor.
#[wasm_bindgen]
pub fn validate(manifest: &str) -> String {
    let v = match parsed(manifest) {
        Ok(m) => json!({
            "ok": true,
            "scenario_id": m.scenario_id,
            "default_disclosure": m.default_disclosure,
            "targets": m.targets.iter().map(|t| json!({
                "id": t.id,
                "kind": match t.value { TargetValue::Number(_) => "number", TargetValue::Text(_) => "text" },
                "unit": t.unit,
            })).collect::<Vec<_>>(),
        }),
        Err(errors) => json!({"ok": false, "errors": errors}),
    };
    v.to_string()
}

/// The sample replies in `input`: a transcript JSON (an object or array) gives its assistant
/// texts (or, without roles, every string it holds); anything else is one sample per line.
pub fn samples(input: &str) -> Vec<String> {
    let trimmed = input.trim();
    if trimmed.starts_with('{') || trimmed.starts_with('[') {
        if let Ok(doc) = serde_json::from_str::<Value>(trimmed) {
            let mut assistant = Vec::new();
            let mut all = Vec::new();
            collect(&doc, false, &mut assistant, &mut all);
            let out = if assistant.is_empty() { all } else { assistant };
            return out.into_iter().take(MAX_SAMPLES).collect();
        }
    }
    input
        .lines()
        .map(str::trim_end)
        .filter(|l| !l.trim().is_empty())
        .take(MAX_SAMPLES)
        .map(String::from)
        .collect()
}

/// Walk a transcript: strings under an object whose `role` is `assistant` (or `model`) go to
/// `assistant`, every string to `all`.
fn collect(v: &Value, in_assistant: bool, assistant: &mut Vec<String>, all: &mut Vec<String>) {
    match v {
        Value::String(s) if !s.trim().is_empty() => {
            if in_assistant {
                assistant.push(s.clone());
            }
            all.push(s.clone());
        }
        Value::Array(a) => a
            .iter()
            .for_each(|x| collect(x, in_assistant, assistant, all)),
        Value::Object(o) => {
            let role = o.get("role").and_then(Value::as_str);
            let here = in_assistant || matches!(role, Some("assistant" | "model"));
            for (k, x) in o {
                // Roles, ids and timestamps are not reply text.
                if matches!(
                    k.as_str(),
                    "role" | "id" | "timestamp" | "created_at" | "ts"
                ) {
                    continue;
                }
                collect(x, here, assistant, all);
            }
        }
        _ => {}
    }
}

/// The char range of `text` that a matcher for one value still reads as stated: narrowed from
/// the left, then from the right, in halving steps (each step keeps a match, so the result is
/// always a stretch the guard withholds, if not always the shortest).
fn span(m: &Matcher, text: &str) -> (usize, usize) {
    let chars: Vec<(usize, char)> = text.char_indices().collect();
    let n = chars.len();
    if n > MAX_SPAN_CHARS {
        return (0, n);
    }
    let slice = |s: usize, e: usize| -> &str {
        let a = chars.get(s).map_or(text.len(), |c| c.0);
        let b = chars.get(e).map_or(text.len(), |c| c.0);
        text.get(a..b).unwrap_or("")
    };
    let (mut s, mut e) = (0, n);
    let mut step = n.div_ceil(2);
    while step > 0 {
        if s + step < e && m.is_match(slice(s + step, e)) {
            s += step;
        } else {
            step /= 2;
        }
    }
    let mut step = (e - s).div_ceil(2);
    while step > 0 {
        if e > s + step && m.is_match(slice(s, e - step)) {
            e -= step;
        } else {
            step /= 2;
        }
    }
    (s, e)
}

/// Char offsets to UTF-16 offsets (what JavaScript strings index).
fn utf16(text: &str, chars: usize) -> usize {
    text.chars().take(chars).map(char::len_utf16).sum()
}

/// For each sample in `input` (see [`samples`]): `{"text", "withheld", "targets": [ids],
/// "span": [start, end] (UTF-16 offsets into text) or null, "nudges": [level 0, 1, 2] or []}`.
/// An invalid manifest answers `{"ok": false, "errors"}` as [`validate`] does.
#[wasm_bindgen]
pub fn check(manifest: &str, input: &str) -> String {
    let m = match parsed(manifest) {
        Ok(m) => m,
        Err(errors) => return json!({"ok": false, "errors": errors}).to_string(),
    };
    let guard = Guard::compile(GuardSet::from_manifest(&m, Vec::new()));
    let out: Vec<Value> = samples(input)
        .into_iter()
        .map(|text| {
            let verdicts: Vec<_> = (0..3u8).map(|l| guard.guard_reply(&text, l)).collect();
            let targets = verdicts[0].targets.clone();
            let first = targets
                .first()
                .and_then(|id| m.targets.iter().find(|t| &t.id == id));
            let span = first.map(|t| {
                let one = Matcher::compile(&[GuardedValue {
                    target_id: t.id.clone(),
                    value: t.value.clone(),
                    unit: t.unit.clone(),
                }]);
                let (s, e) = span(&one, &text);
                [utf16(&text, s), utf16(&text, e)]
            });
            let nudges: Vec<String> = verdicts.into_iter().filter_map(|v| v.replacement).collect();
            json!({
                "text": text,
                "withheld": !targets.is_empty(),
                "targets": targets,
                "span": span,
                "nudges": nudges,
            })
        })
        .collect();
    json!({"ok": true, "samples": out}).to_string()
}

/// `{"ok": true, "targets": [{"id", "forms": [{"rule", "text"}]}]}`: what the guard catches,
/// per target, with default rules. An invalid manifest answers as [`validate`] does.
#[wasm_bindgen]
pub fn catches(manifest: &str) -> String {
    let m = match parsed(manifest) {
        Ok(m) => m,
        Err(errors) => return json!({"ok": false, "errors": errors}).to_string(),
    };
    let targets: Vec<Value> = m
        .targets
        .iter()
        .map(|t| {
            let v = GuardedValue {
                target_id: t.id.clone(),
                value: t.value.clone(),
                unit: t.unit.clone(),
            };
            let f: Vec<Value> = forms(&v, Rules::DEFAULT)
                .into_iter()
                .map(|f| json!({"rule": f.rule, "text": f.text}))
                .collect();
            json!({"id": t.id, "forms": f})
        })
        .collect();
    json!({"ok": true, "targets": targets}).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    const MANIFEST: &str = include_str!("../../examples/kafka-lag/manifest.json");

    #[test]
    fn a_catch_has_its_target_span_and_three_nudges() {
        let v: Value = serde_json::from_str(&check(
            MANIFEST,
            "The total lag is 5,100 messages.\nall good",
        ))
        .unwrap();
        let s = &v["samples"];
        assert_eq!(s[0]["withheld"], true);
        assert_eq!(s[0]["targets"], json!(["total_lag"]));
        assert_eq!(s[0]["span"], json!([17, 22]));
        assert_eq!(s[0]["nudges"].as_array().unwrap().len(), 3);
        assert_eq!(s[1]["withheld"], false);
        assert_eq!(s[1]["span"], Value::Null);
    }

    #[test]
    fn a_transcript_gives_its_assistant_texts() {
        let t = r#"{"messages":[{"role":"user","content":"what is the lag? 5100?"},
                    {"role":"assistant","content":"It is 5100."}]}"#;
        assert_eq!(samples(t), vec!["It is 5100.".to_string()]);
    }

    #[test]
    fn an_invalid_manifest_answers_locations_and_kinds_only() {
        let bad = MANIFEST.replace("\"unit\": \"messages\"", "\"unit\": \"5100 messages\"");
        let out = validate(&bad);
        assert!(out.contains("\"ok\":false"), "{out}");
        assert!(!out.contains("5100"), "{out}");
        assert!(!check(&bad, "5100").contains("5100"));
        assert!(!catches(&bad).contains("5100"));
    }

    #[test]
    fn catches_lists_forms_per_target() {
        let v: Value = serde_json::from_str(&catches(MANIFEST)).unwrap();
        let t = v["targets"].as_array().unwrap();
        assert_eq!(t.len(), 3);
        assert!(t.iter().all(|t| t["forms"].as_array().unwrap().len() >= 6));
    }
}
