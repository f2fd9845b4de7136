//! The shared matcher table (`guard/tests/data/matcher_table.json`, also read natively and under
//! WASI by `guard/tests/matcher_table.rs`) through the browser bindings, compiled to
//! wasm32-unknown-unknown: `make test-bindings` runs it under Node and again in headless
//! Chromium (`WASM_BINDGEN_USE_BROWSER=1`, Debian's chromedriver), so three targets agree on
//! every case. Also the playground's promises: an invalid manifest yields no value.
//! (wasm32 only: natively the same table runs in the guard's own test.)
#![cfg(target_arch = "wasm32")]
use serde_json::{json, Value};
use wasm_bindgen_test::wasm_bindgen_test;

const TABLE: &str = include_str!("../../guard/tests/data/matcher_table.json");
const EXAMPLE: &str = include_str!("../../examples/kafka-lag/manifest.json");

/// The table's targets as a manifest (descriptors that name no value).
fn manifest(table: &Value) -> String {
    let targets: Vec<Value> = table["targets"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| {
            let mut o = json!({"id": t["id"], "descriptor": "a target of the shared table", "value": t["value"]});
            if let Some(u) = t.get("unit") {
                o["unit"] = u.clone();
            }
            o
        })
        .collect();
    json!({"schema_version": 1, "scenario_id": "shared-table", "seeded_at": "2026-11-30T10:00:00Z",
           "default_disclosure": 0, "targets": targets})
    .to_string()
}

#[wasm_bindgen_test]
fn the_shared_table_holds_in_wasm_bindgen() {
    let table: Value = serde_json::from_str(TABLE).unwrap();
    let m = manifest(&table);
    let cases = table["cases"].as_array().unwrap();
    // One sample per line: the table's texts hold no line breaks.
    let input: Vec<&str> = cases.iter().map(|c| c[0].as_str().unwrap()).collect();
    assert!(input.iter().all(|t| !t.contains('\n')));
    let out: Value =
        serde_json::from_str(&orrery_learning_bindings::check(&m, &input.join("\n"))).unwrap();
    assert_eq!(out["ok"], true, "{out}");
    let samples = out["samples"].as_array().unwrap();
    assert_eq!(samples.len(), cases.len());
    let mut wrong = Vec::new();
    for (case, s) in cases.iter().zip(samples) {
        if s["targets"] != case[1] {
            wrong.push(format!(
                "{}: expected {}, found {}",
                case[0], case[1], s["targets"]
            ));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[wasm_bindgen_test]
fn the_example_scenario_catches_and_nudges() {
    let out: Value = serde_json::from_str(&orrery_learning_bindings::check(
        EXAMPLE,
        "The consumer orders-worker-kestrel stopped; total lag 5,100.",
    ))
    .unwrap();
    let s = &out["samples"][0];
    assert_eq!(s["withheld"], true);
    assert_eq!(s["targets"], json!(["total_lag", "stalled_consumer"]));
    assert_eq!(s["nudges"].as_array().unwrap().len(), 3);
    let catches: Value = serde_json::from_str(&orrery_learning_bindings::catches(EXAMPLE)).unwrap();
    assert_eq!(catches["targets"].as_array().unwrap().len(), 3);
}

#[wasm_bindgen_test]
fn an_invalid_manifest_names_locations_and_kinds_never_values() {
    let bad = EXAMPLE.replace("\"unit\": \"messages\"", "\"unit\": \"5100 messages\"");
    for out in [
        orrery_learning_bindings::validate(&bad),
        orrery_learning_bindings::check(&bad, "5100"),
        orrery_learning_bindings::catches(&bad),
    ] {
        assert!(out.contains("\"kind\""), "{out}");
        assert!(!out.contains("5100") && !out.contains("kestrel"), "{out}");
    }
}
