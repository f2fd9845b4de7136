//! `validate` and `scan`, the lab author's contract, driven in-process with buffers and then
//! through the `orrery-learning` binary.
use orrery_learning_control::cli::{scan, validate, MAX_LINE_BYTES};
use std::path::{Path, PathBuf};

fn examples() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../examples/manifests")
}

fn valid() -> PathBuf {
    examples().join("valid/kafka-lag.json")
}

/// A fresh directory per test (tests run in parallel).
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("cli-test-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn run_validate(path: &Path) -> (i32, String, String) {
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let code = validate(path, &mut out, &mut err);
    (
        code,
        String::from_utf8(out).unwrap(),
        String::from_utf8(err).unwrap(),
    )
}

fn run_scan(manifest: &Path, level: Option<u8>, input: &[u8]) -> (i32, String, String) {
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let mut input = input;
    let code = scan(manifest, level, &mut input, &mut out, &mut err);
    (
        code,
        String::from_utf8(out).unwrap(),
        String::from_utf8(err).unwrap(),
    )
}

fn json_lines(out: &str) -> Vec<serde_json::Value> {
    out.lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

/// Every string and number literal (4+ characters) in a JSON document, keys included, less the
/// field names the contract defines.
fn literals(doc: &[u8]) -> Vec<String> {
    fn walk(v: &serde_json::Value, out: &mut Vec<String>) {
        match v {
            serde_json::Value::String(s) => out.push(s.clone()),
            serde_json::Value::Number(n) => out.push(n.to_string()),
            serde_json::Value::Array(a) => a.iter().for_each(|x| walk(x, out)),
            serde_json::Value::Object(o) => o.iter().for_each(|(k, x)| {
                out.push(k.clone());
                walk(x, out)
            }),
            _ => {}
        }
    }
    let ours = [
        "schema_version",
        "scenario_id",
        "seeded_at",
        "default_disclosure",
        "targets",
        "descriptor",
        "value",
        "unit",
    ];
    let mut out = Vec::new();
    if let Ok(v) = serde_json::from_slice::<serde_json::Value>(doc) {
        walk(&v, &mut out);
    }
    out.retain(|s| s.chars().count() >= 4 && !ours.contains(&s.as_str()));
    out
}

#[test]
fn validate_prints_one_summary_line_without_values() {
    let (code, out, err) = run_validate(&valid());
    assert_eq!(code, 0);
    assert_eq!(
        out,
        "valid scenario_id=kafka-lag-7f3a targets=total_lag,slow_partition\n"
    );
    assert_eq!(err, "");
    for lit in ["5100", "orders-3", "orders-processor", "messages"] {
        assert!(!out.contains(lit), "{lit}");
    }
}

#[test]
fn validate_accepts_every_valid_example() {
    for entry in std::fs::read_dir(examples().join("valid")).unwrap() {
        let path = entry.unwrap().path();
        let (code, out, err) = run_validate(&path);
        assert_eq!(code, 0, "{}: {err}", path.display());
        assert_eq!(out.lines().count(), 1);
        assert!(out.starts_with("valid scenario_id="));
    }
}

#[test]
fn validate_reports_each_error_as_location_and_kind_and_never_input() {
    let mut seen = 0;
    for entry in std::fs::read_dir(examples().join("invalid")).unwrap() {
        let path = entry.unwrap().path();
        let (code, out, err) = run_validate(&path);
        let name = path.display().to_string();
        assert_eq!(code, 1, "{name}");
        assert_eq!(out, "", "{name}");
        assert!(!err.is_empty(), "{name}");
        for line in err.lines() {
            let (location, kind) = line.split_once(": ").expect(&name);
            assert!(!location.is_empty() && !kind.is_empty(), "{name}: {line}");
            assert!(
                kind.bytes().all(|b| b.is_ascii_lowercase() || b == b'_'),
                "{name}: {line}"
            );
        }
        let bytes = std::fs::read(&path).unwrap();
        for lit in literals(&bytes) {
            assert!(!err.contains(&lit), "{name}: stderr shows {lit:?}");
        }
        seen += 1;
    }
    assert!(seen >= 25, "only {seen} invalid examples");
}

#[test]
fn validate_reports_one_line_per_error() {
    let dir = scratch("many");
    let file = dir.join("m.json");
    std::fs::write(
        &file,
        r#"{"schema_version":2,"scenario_id":"lab-1","seeded_at":"2026-10-30T10:00:00",
            "default_disclosure":3,"targets":[{"id":"t1","descriptor":"lag","value":"secret-answer-x","zz":1}]}"#,
    )
    .unwrap();
    let (code, out, err) = run_validate(&file);
    assert_eq!(code, 1);
    assert_eq!(out, "");
    assert_eq!(
        err,
        "schema_version: unsupported_version\nseeded_at: missing_timezone\n\
default_disclosure: out_of_range\ntargets[0]: unknown_field\n"
    );
    assert!(!err.contains("secret-answer-x") && !err.contains("zz"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn validate_refuses_what_is_not_a_regular_file() {
    let dir = scratch("files");
    let cases = [
        (dir.clone(), "$file: not_a_regular_file\n"),
        (dir.join("missing.json"), "$file: not_found\n"),
    ];
    for (path, want) in cases {
        let (code, out, err) = run_validate(&path);
        assert_eq!((code, out.as_str(), err.as_str()), (1, "", want));
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn scan_writes_one_verdict_per_line_in_order() {
    let input = br#"{"text": "The total lag is 5,100 messages."}
{"text": "Check the consumer group first; step 1 is listing partitions."}
{"text": "Partition orders-3 lags most.", "id": 7}
{"text": ""}
"#;
    let (code, out, err) = run_scan(&valid(), None, input);
    assert_eq!((code, err.as_str()), (0, ""));
    let lines = json_lines(&out);
    assert_eq!(lines.len(), 4);
    // The manifest's default_disclosure (0) applies.
    let nudge0 = orrery_learning_guard::nudge::nudge_for(
        &orrery_learning_guard::manifest::parse_manifest(&std::fs::read(valid()).unwrap())
            .unwrap()
            .targets[0],
        0,
    );
    assert_eq!(
        lines[0],
        serde_json::json!({"withheld": true, "targets": ["total_lag"], "text": nudge0})
    );
    assert_eq!(
        lines[1],
        serde_json::json!({"withheld": false, "targets": [],
            "text": "Check the consumer group first; step 1 is listing partitions."})
    );
    assert_eq!(lines[2]["withheld"], true);
    assert_eq!(lines[2]["targets"], serde_json::json!(["slow_partition"]));
    assert_eq!(
        lines[3],
        serde_json::json!({"withheld": false, "targets": [], "text": ""})
    );
    // The field order of the contract: withheld, targets, text.
    assert!(out.lines().all(|l| l.starts_with(r#"{"withheld":"#)));
    assert!(!out.contains("5100") && !out.contains("5,100") && !out.contains("orders-3"));
}

#[test]
fn scan_levels_follow_the_ladder_and_level_three_withholds_nothing() {
    let input = b"{\"text\": \"lag: 5100\"}\n";
    let mut texts = Vec::new();
    for level in 0..3 {
        let (code, out, _) = run_scan(&valid(), Some(level), input);
        assert_eq!(code, 0);
        let line = &json_lines(&out)[0];
        assert_eq!(line["withheld"], true);
        texts.push(line["text"].as_str().unwrap().to_string());
    }
    assert_ne!(texts[0], texts[1]);
    assert_ne!(texts[1], texts[2]);
    let (code, out, _) = run_scan(&valid(), Some(3), input);
    assert_eq!(code, 0);
    assert_eq!(
        json_lines(&out)[0],
        serde_json::json!({"withheld": false, "targets": [], "text": "lag: 5100"})
    );
}

#[test]
fn scan_fails_closed_on_a_bad_line_and_goes_on() {
    let mut input = Vec::new();
    input.extend_from_slice(b"{\"text\": \"fine\"}\n");
    input.extend_from_slice(b"the lag is 5100\n"); // not JSON
    input.extend_from_slice(b"{\"text\": 5100}\n"); // text not a string
    input.extend_from_slice(b"{\"message\": \"5100\"}\n"); // no text
    input.extend_from_slice(b"[\"5100\"]\n"); // not an object
    input.extend_from_slice(b"{\"text\": \"\xff5100\"}\n"); // not UTF-8
    input.extend_from_slice(b"   \n"); // blank: skipped
    input.extend_from_slice(b"{\"text\": \"lag 5100\"}\r\n");
    input.extend_from_slice(b"{\"text\": \"last, no newline\"}");
    let (code, out, err) = run_scan(&valid(), None, &input);
    assert_eq!(code, 1);
    let lines = json_lines(&out);
    let kinds: Vec<Option<&str>> = lines.iter().map(|l| l["error"].as_str()).collect();
    assert_eq!(
        kinds,
        vec![
            None,
            Some("invalid_json"),
            Some("text_not_a_string"),
            Some("missing_text"),
            Some("not_an_object"),
            Some("invalid_utf8"),
            None,
            None
        ]
    );
    for bad in &lines[1..6] {
        assert_eq!(bad["withheld"], true);
        assert_eq!(bad["text"], "");
        assert_eq!(bad["targets"], serde_json::json!([]));
    }
    assert_eq!(lines[6]["withheld"], true);
    assert_eq!(lines[7]["text"], "last, no newline");
    assert_eq!(
        err,
        "line 2: invalid_json\nline 3: text_not_a_string\nline 4: missing_text\n\
line 5: not_an_object\nline 6: invalid_utf8\n"
    );
    assert!(!out.contains("5100") && !err.contains("5100"));
}

#[test]
fn scan_refuses_an_overlong_line_without_keeping_it() {
    let mut input = b"{\"text\": \"".to_vec();
    input.resize(MAX_LINE_BYTES + 10, b'a');
    input.extend_from_slice(b"\"}\n{\"text\": \"after\"}\n");
    let (code, out, err) = run_scan(&valid(), Some(0), &input);
    assert_eq!(code, 1);
    let lines = json_lines(&out);
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[0]["error"], "too_large");
    assert_eq!(lines[1]["text"], "after");
    assert_eq!(err, "line 1: too_large\n");
}

#[test]
fn scan_usage_and_manifest_errors() {
    let (code, out, err) = run_scan(&valid(), Some(4), b"{\"text\": \"x\"}\n");
    assert_eq!((code, out.as_str()), (2, ""));
    assert!(err.contains("--level"));

    let bad = examples().join("invalid/value-too-short.json");
    let (code, out, err) = run_scan(&bad, None, b"{\"text\": \"x\"}\n");
    assert_eq!(
        (code, out.as_str(), err.as_str()),
        (1, "", "targets[1].value: too_short\n")
    );

    let (code, out, err) = run_scan(&examples().join("nope.json"), Some(0), b"");
    assert_eq!(
        (code, out.as_str(), err.as_str()),
        (1, "", "$file: not_found\n")
    );

    let (code, out, err) = run_scan(&valid(), None, b"");
    assert_eq!((code, out.as_str(), err.as_str()), (0, "", ""));
}

/// The same contract through the real binary, as a lab author runs it.
mod binary {
    use super::*;
    use std::io::Write;
    use std::process::{Command, Stdio};

    fn bin() -> Command {
        Command::new(env!("CARGO_BIN_EXE_orrery-learning"))
    }

    #[test]
    fn validate_through_the_binary() {
        let out = bin().arg("validate").arg(valid()).output().unwrap();
        assert_eq!(out.status.code(), Some(0));
        assert_eq!(
            String::from_utf8(out.stdout).unwrap(),
            "valid scenario_id=kafka-lag-7f3a targets=total_lag,slow_partition\n"
        );
        let bad = examples().join("invalid/value-in-descriptor.json");
        let out = bin().arg("validate").arg(&bad).output().unwrap();
        assert_eq!(out.status.code(), Some(1));
        assert_eq!(out.stdout, b"");
        assert_eq!(
            String::from_utf8(out.stderr).unwrap(),
            "targets[0].descriptor: contains_value\n"
        );
    }

    #[test]
    fn scan_through_the_binary() {
        let run = |args: &[&str], input: &[u8]| {
            let mut child = bin()
                .arg("scan")
                .arg("--manifest")
                .arg(valid())
                .args(args)
                .stdin(Stdio::piped())
                .stdout(Stdio::piped())
                .stderr(Stdio::piped())
                .spawn()
                .unwrap();
            // A refused invocation (bad --level) exits before reading stdin: a broken pipe
            // here is expected, and the exit code below is what the test asserts.
            let _ = child.stdin.take().unwrap().write_all(input);
            child.wait_with_output().unwrap()
        };
        let input = b"{\"text\": \"lag 5100\"}\n{\"text\": \"nothing here\"}\n";
        let out = run(&[], input);
        assert_eq!(out.status.code(), Some(0));
        let lines = json_lines(&String::from_utf8(out.stdout).unwrap());
        assert_eq!(lines.len(), 2);
        assert_eq!(lines[0]["withheld"], true);
        assert_eq!(lines[1]["withheld"], false);

        let out = run(&["--level", "3"], input);
        assert_eq!(out.status.code(), Some(0));
        let lines = json_lines(&String::from_utf8(out.stdout).unwrap());
        assert_eq!(lines[0]["text"], "lag 5100");

        let out = run(&["--level", "7"], input);
        assert_eq!(out.status.code(), Some(2));
        assert_eq!(out.stdout, b"");
    }
}
