//! Shared fixtures for the surface and SSE tests: a guard over the AEP-032 example manifest
//! plus one string target, and helpers that spell expected bodies with the guard's own texts.
#![allow(dead_code)]
use orrery_learning_guard::guard::{Guard, GuardSet, WITHHELD_MARK};
use orrery_learning_guard::manifest::{Target, TargetValue};

pub fn guard() -> Guard {
    Guard::compile(GuardSet {
        scenario_id: "kafka-lag-7f3a".into(),
        default_disclosure: 0,
        targets: vec![
            Target {
                id: "total_lag".into(),
                descriptor: "total lag of group orders-processor".into(),
                value: TargetValue::Number(5100.0),
                unit: Some("messages".into()),
            },
            Target {
                id: "lagging_topic".into(),
                descriptor: "the topic whose partitions lag".into(),
                value: TargetValue::Text("payments-eu-west".into()),
                unit: None,
            },
        ],
        retired: vec![],
    })
}

/// The nudge the guard gives at `level` for a reply stating `total_lag`.
pub fn nudge(level: u8) -> String {
    guard()
        .guard_reply("the lag is 5100", level)
        .replacement
        .expect("5100 is a target")
}

/// `s` as a JSON string literal.
pub fn js(s: &str) -> String {
    serde_json::to_string(s).unwrap()
}

/// Replace `{MARK}` and `{NUDGE}` (level 0) in an expected body with their JSON literals.
pub fn expand(expected: &str) -> String {
    expected
        .replace("{MARK}", &js(WITHHELD_MARK))
        .replace("{NUDGE}", &js(&nudge(0)))
}

/// A small deterministic generator (xorshift64*), so random chunkings run in wasm too.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}
