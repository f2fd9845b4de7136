//! The shared matcher table (`data/matcher_table.json`): the same cases, read natively here, by
//! this file compiled to wasm32-wasip1 under Node's WASI (`make test-guard-wasm`), and by the
//! browser bindings' wasm-bindgen tests (`bindings/tests/table.rs`, Node and headless
//! Chromium), so the three targets agree on every case.
use orrery_learning_guard::guard::{Guard, GuardSet};
use orrery_learning_guard::manifest::{Target, TargetValue};

const TABLE: &str = include_str!("data/matcher_table.json");

#[test]
fn the_shared_table_holds() {
    let t: serde_json::Value = serde_json::from_str(TABLE).unwrap();
    let targets: Vec<Target> = t["targets"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| Target {
            id: v["id"].as_str().unwrap().into(),
            descriptor: "a target of the shared table".into(),
            value: serde_json::from_value::<TargetValue>(v["value"].clone()).unwrap(),
            unit: v["unit"].as_str().map(String::from),
        })
        .collect();
    let guard = Guard::compile(GuardSet {
        scenario_id: "table".into(),
        default_disclosure: 0,
        targets,
        retired: vec![],
    });
    let mut wrong = Vec::new();
    let cases = t["cases"].as_array().unwrap();
    assert!(cases.len() >= 50);
    for case in cases {
        let text = case[0].as_str().unwrap();
        let want: Vec<String> = serde_json::from_value(case[1].clone()).unwrap();
        let got = guard.find(text);
        if got != want {
            wrong.push(format!("{text:?}: expected {want:?}, found {got:?}"));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}
