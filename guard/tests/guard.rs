//! The compiled guard: one nudge per reply, retired values, level 3, the checked fallbacks and
//! `GuardSet::validate` for sets that arrive over the wire.
use orrery_learning_guard::guard::{Guard, GuardSet, RetiredValue, Verdict, WITHHELD_MARK};
use orrery_learning_guard::manifest::{kind, parse_manifest, Target, TargetValue};
use orrery_learning_guard::nudge::{nudge_for, FALLBACKS, GENERIC_NUDGE};

fn target(id: &str, descriptor: &str, value: TargetValue) -> Target {
    Target {
        id: id.into(),
        descriptor: descriptor.into(),
        value,
        unit: None,
    }
}

fn num(n: f64) -> TargetValue {
    TargetValue::Number(n)
}

fn text(s: &str) -> TargetValue {
    TargetValue::Text(s.into())
}

fn retired(id: &str, value: TargetValue) -> RetiredValue {
    RetiredValue {
        id: id.into(),
        value,
        expires_at_unix: 1_796_000_000,
    }
}

fn set(targets: Vec<Target>, retired: Vec<RetiredValue>) -> GuardSet {
    GuardSet {
        scenario_id: "kafka-lag-7f3a".into(),
        default_disclosure: 0,
        targets,
        retired,
    }
}

fn lab() -> Vec<Target> {
    vec![
        target(
            "total_lag",
            "total lag of group orders-processor",
            num(5100.0),
        ),
        target(
            "slow_partition",
            "the partition of orders that lags most",
            text("orders-3"),
        ),
    ]
}

#[test]
fn one_nudge_per_reply_from_the_first_matching_target() {
    let g = Guard::compile(set(lab(), vec![]));
    let both = "The lag is 5100, mostly on orders-3.";
    let only_second = "Look at ORDERS-3 first.";
    for level in 0..3 {
        let v = g.guard_reply(both, level);
        assert_eq!(v.targets, vec!["total_lag", "slow_partition"]);
        assert_eq!(v.replacement, Some(nudge_for(&lab()[0], level)));
        // The second target comes first in the text: the order is the guard set's, not the text's.
        let v = g.guard_reply("orders-3 holds most of the 5100", level);
        assert_eq!(v.replacement, Some(nudge_for(&lab()[0], level)));
        let v = g.guard_reply(only_second, level);
        assert_eq!(v.targets, vec!["slow_partition"]);
        assert_eq!(v.replacement, Some(nudge_for(&lab()[1], level)));
    }
}

#[test]
fn each_level_gets_its_own_nudge_and_level_three_passes() {
    let g = Guard::compile(set(lab(), vec![]));
    let reply = "Total lag: 5100 messages.";
    let nudges: Vec<String> = (0..3)
        .map(|l| g.guard_reply(reply, l).replacement.unwrap())
        .collect();
    assert_ne!(nudges[0], nudges[1]);
    assert_ne!(nudges[1], nudges[2]);
    for n in &nudges {
        assert!(g.find(n).is_empty(), "nudge states a value: {n}");
    }
    for level in [3, 4, u8::MAX] {
        assert_eq!(g.guard_reply(reply, level), Verdict::default());
        assert_eq!(g.scrub(reply, level), Verdict::default());
    }
}

#[test]
fn a_reply_without_values_is_kept() {
    let g = Guard::compile(set(lab(), vec![]));
    for reply in [
        "",
        "The group has 3 partitions; check step 1.",
        "orders-processor is slow",
    ] {
        let v = g.guard_reply(reply, 0);
        assert!(!v.withheld(), "{reply}");
        assert!(v.targets.is_empty(), "{reply}");
        assert!(!g.scrub(reply, 0).withheld(), "{reply}");
    }
}

#[test]
fn retired_values_stay_guarded_with_their_namesakes_nudge() {
    let g = Guard::compile(set(
        lab(),
        vec![
            retired("total_lag", num(4800.0)),
            retired("gone", text("broker-west")),
        ],
    ));
    for level in 0..3 {
        let v = g.guard_reply("Earlier it was 4800.", level);
        assert_eq!(v.targets, vec!["total_lag"]);
        assert_eq!(v.replacement, Some(nudge_for(&lab()[0], level)));

        let v = g.guard_reply("It was broker-west.", level);
        assert_eq!(v.targets, vec!["gone"]);
        assert_eq!(v.replacement.as_deref(), Some(GENERIC_NUDGE));
    }
    // A current target wins over a retired one, whatever the text order.
    let v = g.guard_reply("broker-west, then orders-3", 1);
    assert_eq!(v.targets, vec!["slow_partition", "gone"]);
    assert_eq!(v.replacement, Some(nudge_for(&lab()[1], 1)));
    // Scrubbing covers retired values too.
    assert_eq!(
        g.scrub("4800", 0).replacement.as_deref(),
        Some(WITHHELD_MARK)
    );
    assert_eq!(g.find("4800 and 5100"), vec!["total_lag"]);
}

#[test]
fn a_nudge_that_states_a_guarded_value_falls_back() {
    // A new descriptor may name what the previous manifest guarded.
    let targets = vec![target(
        "total_lag",
        "total lag, which was 4800 before the reseed",
        num(5100.0),
    )];
    let g = Guard::compile(set(targets, vec![retired("total_lag", num(4800.0))]));
    for level in 0..3 {
        for reply in ["It is 5100.", "It was 4800."] {
            let v = g.guard_reply(reply, level);
            assert_eq!(v.replacement.as_deref(), Some(GENERIC_NUDGE), "{reply}");
        }
    }
}

#[test]
fn the_fallbacks_cascade_until_one_is_clean() {
    // "evidence" is in the generic line; "give that value" in the short one too.
    let cases: &[(&str, &str)] = &[
        ("evidence", FALLBACKS[1]),
        ("give that value", FALLBACKS[2]),
    ];
    for &(value, want) in cases {
        let targets = vec![target("t1", "the old thing", num(5100.0))];
        let g = Guard::compile(set(targets, vec![retired("gone", text(value))]));
        let v = g.guard_reply("you need more evidence for give that value", 0);
        assert_eq!(v.replacement.as_deref(), Some(want), "{value}");
        assert!(g.find(want).is_empty());
    }
    // The scrub mark is checked the same way.
    let targets = vec![target("t1", "the tool", text("sandbox"))];
    let g = Guard::compile(set(targets, vec![]));
    let v = g.scrub("the sandbox", 0);
    assert!(v.withheld());
    assert_ne!(v.replacement.as_deref(), Some(WITHHELD_MARK));
    assert!(g.find(v.replacement.as_deref().unwrap()).is_empty());
}

#[test]
fn accessors_report_the_set() {
    let s = set(lab(), vec![]);
    let g = Guard::compile(s.clone());
    assert_eq!(g.set(), &s);
    assert_eq!(g.scenario_id(), "kafka-lag-7f3a");
    assert_eq!(g.default_disclosure(), 0);
}

#[test]
fn validate_refuses_what_a_manifest_would_refuse() {
    let ok = set(lab(), vec![retired("total_lag", num(4800.0))]);
    assert_eq!(ok.validate(), Ok(()));
    // A retired value may appear in a current descriptor: its nudge falls back instead.
    let mut with_old = set(
        vec![target("total_lag", "was 4800", num(5100.0))],
        vec![retired("total_lag", num(4800.0))],
    );
    assert_eq!(with_old.validate(), Ok(()));

    let mut cases: Vec<(GuardSet, Vec<(&str, &str)>)> = Vec::new();
    cases.push((set(vec![], vec![]), vec![("targets", kind::EMPTY)]));
    let mut s = set(lab(), vec![]);
    s.default_disclosure = 3;
    cases.push((s, vec![("default_disclosure", kind::OUT_OF_RANGE)]));
    let mut s = set(lab(), vec![]);
    s.scenario_id = "bad id".into();
    cases.push((s, vec![("scenario_id", kind::INVALID_CHARS)]));
    let mut s = set(lab(), vec![]);
    s.targets[1].id = "total_lag".into();
    cases.push((s, vec![("targets[1].id", kind::DUPLICATE_ID)]));
    let mut s = set(lab(), vec![]);
    s.targets[0].value = num(3.0);
    cases.push((s, vec![("targets[0].value", kind::TOO_SMALL)]));
    let mut s = set(lab(), vec![]);
    s.targets[0].value = num(f64::NAN);
    cases.push((s, vec![("targets[0].value", kind::OUT_OF_RANGE)]));
    let mut s = set(lab(), vec![]);
    s.targets[0].descriptor = "lag 5100".into();
    cases.push((s, vec![("targets[0].descriptor", kind::CONTAINS_VALUE)]));
    let mut s = set(lab(), vec![]);
    s.targets[0].unit = Some(String::new());
    cases.push((s, vec![("targets[0].unit", kind::EMPTY)]));
    cases.push((
        set(
            lab(),
            vec![retired("", num(4800.0)), retired("x", text("ab"))],
        ),
        vec![
            ("retired[0].id", kind::EMPTY),
            ("retired[1].value", kind::TOO_SHORT),
        ],
    ));
    for (s, want) in cases {
        let got = s.validate().unwrap_err();
        let got: Vec<(&str, &str)> = got.iter().map(|e| (e.location.as_str(), e.kind)).collect();
        assert_eq!(got, want, "{s:?}");
    }
    with_old.targets.clear();
    assert!(with_old.validate().is_err());
}

#[test]
fn the_wire_form_round_trips_and_writes_integers() {
    let wire = r#"{
      "scenario_id": "kafka-lag-7f3a",
      "default_disclosure": 0,
      "targets": [{"id": "total_lag", "descriptor": "total lag of group orders-processor",
                   "value": 5100, "unit": "messages"}],
      "retired": [{"id": "total_lag", "value": 4800, "expires_at_unix": 1796000000}]
    }"#;
    let s: GuardSet = serde_json::from_str(wire).unwrap();
    assert_eq!(s.validate(), Ok(()));
    let out = serde_json::to_string(&s).unwrap();
    assert!(out.contains(r#""value":5100,"#), "{out}");
    assert!(out.contains(r#""value":4800,"#), "{out}");
    let back: GuardSet = serde_json::from_str(&out).unwrap();
    assert_eq!(back, s);
    // Unknown fields and non-number/non-string values are refused on the wire too.
    assert!(
        serde_json::from_str::<GuardSet>(&wire.replace("\"unit\"", "\"extra\": 1, \"unit\""))
            .is_err()
    );
    assert!(serde_json::from_str::<GuardSet>(&wire.replace("5100", "true")).is_err());
}

#[test]
fn from_manifest_keeps_the_manifest() {
    let m = parse_manifest(include_bytes!(
        "../../examples/manifests/valid/kafka-lag.json"
    ))
    .unwrap();
    let s = GuardSet::from_manifest(&m, vec![]);
    assert_eq!(s.validate(), Ok(()));
    assert_eq!(s.targets, m.targets);
    let g = Guard::compile(s);
    assert!(g.guard_reply("5100", 0).withheld());
}

#[cfg(not(target_arch = "wasm32"))]
mod properties {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        /// Whatever the values and level, a withheld reply's replacement states no guarded value,
        /// and the verdict names the matching target.
        #[test]
        fn replacements_never_state_a_value(
            a in 100u32..10_000_000, b in 100u32..10_000_000, level in 0u8..3,
            word in "[a-z]{4,8}",
        ) {
            let targets = vec![
                target("first", "total lag of group orders-processor", num(f64::from(a))),
                target("second", "which pod restarts", text(&word)),
            ];
            let g = Guard::compile(set(targets, vec![retired("old", num(f64::from(b)))]));
            let reply = format!("The answer is {a}.");
            let v = g.guard_reply(&reply, level);
            prop_assert!(v.withheld());
            prop_assert_eq!(v.targets.first().map(String::as_str), Some("first"));
            let shown = v.replacement.unwrap();
            prop_assert!(g.find(&shown).is_empty(), "{}", shown);
        }
    }
}

/// The hit cache gives a text read again the verdict it got the first time, at every level,
/// and is bounded: far more distinct texts than it holds still get their own verdicts.
#[test]
fn texts_read_again_get_the_same_verdict() {
    let g = Guard::compile(set(
        vec![target("total_lag", "the total lag", num(5100.0))],
        Vec::new(),
    ));
    let pad = "the consumer group has been rebalancing since the deploy; ".repeat(2);
    let leak = format!("{pad} total lag 5,100 messages");
    let clean = format!("{pad} total lag is rising");
    for _ in 0..3 {
        for level in 0..3 {
            assert!(g.guard_reply(&leak, level).withheld());
            assert!(g.scrub(&leak, level).withheld());
            assert!(!g.guard_reply(&clean, level).withheld());
        }
        assert!(!g.guard_reply(&leak, 3).withheld());
    }
    // 100,000 distinct texts of ~130 bytes each (~13 MB) go through a cache of 4 MiB.
    for k in (0..100_000u32).filter(|k| !(4_000..7_000).contains(k)) {
        let t = format!("{pad} partition {k} is fine");
        assert!(!g.scrub(&t, 0).withheld(), "{k}");
    }
    assert!(g.guard_reply(&leak, 0).withheld());
    // A clone starts with an empty cache and the same verdicts.
    assert!(g.clone().guard_reply(&leak, 0).withheld());
}

/// Short texts (header values, JSON keys, ids) are remembered too, with the same verdicts, and
/// a flood of distinct short texts keeps the cache inside its bound (each counts its entry's
/// overhead, not only its bytes).
#[test]
fn short_texts_are_remembered_within_the_bound() {
    let g = Guard::compile(set(
        vec![target("total_lag", "the total lag", num(5100.0))],
        Vec::new(),
    ));
    for _ in 0..3 {
        for (text, withheld) in [("5100", true), ("5.1k", true), ("ok", false), ("", false)] {
            assert_eq!(g.scrub(text, 0).withheld(), withheld, "{text:?}");
        }
    }
    for k in 0..200_000u32 {
        let t = format!("p{k}");
        let _ = g.scrub(&t, 0);
    }
    let shown = format!("{g:?}");
    let bytes: usize = shown
        .split("texts, ")
        .nth(1)
        .and_then(|r| r.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or(usize::MAX);
    assert!(bytes <= 4 << 20, "{bytes}");
    assert!(g.scrub("5100", 0).withheld());
}
