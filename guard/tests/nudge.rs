//! The nudge ladder: each level says more, none states the value, the same input gives the
//! same words.
use orrery_learning_guard::manifest::{Target, TargetValue};
use orrery_learning_guard::matcher::{GuardedValue, Matcher};
use orrery_learning_guard::nudge::{nudge, nudge_for, FALLBACKS, GENERIC_NUDGE, NUDGE_PREFIX};

fn target(id: &str, descriptor: &str, value: TargetValue, unit: Option<&str>) -> Target {
    Target {
        id: id.into(),
        descriptor: descriptor.into(),
        value,
        unit: unit.map(Into::into),
    }
}

fn targets() -> Vec<Target> {
    vec![
        target(
            "total_lag",
            "total lag of group orders-processor",
            TargetValue::Number(5100.0),
            Some("messages"),
        ),
        target(
            "slow_partition",
            "the partition of orders that lags most",
            TargetValue::Text("orders-3".into()),
            None,
        ),
        target(
            "p99",
            "highest p99 latency of the checkout service",
            TargetValue::Number(1250.5),
            Some("ms"),
        ),
        target(
            "restarts",
            "number of container restarts in namespace shop",
            TargetValue::Number(340.0),
            None,
        ),
        target(
            "firing",
            "which alert fires first",
            TargetValue::Text("DiskAlmostFull".into()),
            None,
        ),
        target(
            "mystery",
            "seeded quantity",
            TargetValue::Number(-4200.0),
            None,
        ),
    ]
}

#[test]
fn every_level_differs_and_starts_with_the_fixed_words() {
    for t in targets() {
        let ladder: Vec<String> = (0..3).map(|l| nudge_for(&t, l)).collect();
        for n in &ladder {
            assert!(n.starts_with(NUDGE_PREFIX), "{n}");
            assert!(n.contains(t.descriptor.trim_start_matches("the ")), "{n}");
            assert!(n.len() > NUDGE_PREFIX.len() + t.descriptor.len(), "{n}");
        }
        assert_ne!(ladder[0], ladder[1], "{}", t.id);
        assert_ne!(ladder[1], ladder[2], "{}", t.id);
        assert_ne!(ladder[0], ladder[2], "{}", t.id);
    }
}

#[test]
fn no_nudge_states_its_value() {
    let ts = targets();
    let values: Vec<GuardedValue> = ts
        .iter()
        .map(|t| GuardedValue {
            target_id: t.id.clone(),
            value: t.value.clone(),
            unit: None,
        })
        .collect();
    let matcher = Matcher::compile(&values);
    for t in &ts {
        for level in 0..3 {
            let n = nudge_for(t, level);
            assert!(matcher.find(&n).is_empty(), "{} level {level}: {n}", t.id);
        }
    }
    for f in FALLBACKS {
        assert!(matcher.find(f).is_empty(), "{f}");
    }
}

#[test]
fn the_ladder_points_more_precisely_at_each_level() {
    let lag = &targets()[0];
    // Level 0: where to look. Level 1: what to gather. Level 2: how to combine it.
    assert!(nudge_for(lag, 0).contains("Kafka"));
    assert!(!nudge_for(lag, 0).contains("offset"));
    assert!(nudge_for(lag, 1).contains("committed offset"));
    assert!(nudge_for(lag, 1).contains("messages"));
    let l2 = nudge_for(lag, 2);
    assert!(
        l2.contains("subtract the committed offset from the log-end offset"),
        "{l2}"
    );
    assert!(l2.contains("add the figures together"), "{l2}");

    let table: &[(usize, u8, &str)] = &[
        (1, 2, "rule out the candidates"),
        (2, 0, "metrics"),
        (2, 2, "keep the largest"),
        (2, 2, "in ms"),
        (3, 0, "Kubernetes"),
        (3, 2, "count the items"),
        (4, 0, "alerts that are firing"),
        (4, 1, "labels"),
        (5, 0, "which tool reports on that part"),
        (5, 2, "combine the figures the way the description says"),
    ];
    let ts = targets();
    for &(i, level, want) in table {
        let n = nudge_for(&ts[i], level);
        assert!(n.contains(want), "{} level {level}: {n}", ts[i].id);
    }
}

#[test]
fn nudges_are_deterministic_and_clamped_above_level_two() {
    for t in targets() {
        for level in 0..3 {
            assert_eq!(nudge_for(&t, level), nudge_for(&t, level));
        }
        assert_eq!(nudge_for(&t, 3), nudge_for(&t, 2));
        assert_eq!(nudge_for(&t, u8::MAX), nudge_for(&t, 2));
    }
    assert_eq!(
        nudge("total lag of group orders-processor", 0),
        "I can't give that value yet. Here's what to look at next: to find the total lag of \
group orders-processor yourself, start on the Kafka side, with the consumer group and the topics \
it reads."
    );
}

#[test]
fn the_article_is_not_doubled() {
    let n = nudge("The partition that lags most", 0);
    assert!(
        n.contains("to find The partition that lags most yourself"),
        "{n}"
    );
    assert!(!n.to_lowercase().contains("the the"), "{n}");
}

#[test]
fn the_fallbacks_are_fixed_and_the_last_cannot_match_any_value() {
    assert!(GENERIC_NUDGE.starts_with(NUDGE_PREFIX));
    assert_eq!(FALLBACKS[0], GENERIC_NUDGE);
    let last = FALLBACKS[FALLBACKS.len() - 1];
    assert!(!last.is_empty());
    assert!(!last.chars().any(char::is_alphanumeric));
    assert!(last.chars().count() < 4);
}
