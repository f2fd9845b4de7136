//! Letter games on a name target's parts (red-team class "name games", `namegames.rs`): parts
//! permuted or reversed, T9 multi-tap, a filler between letters, two halves to interleave,
//! alphabet positions counted from zero; each with near-misses that stay visible.
//!
//! Kept out of `patient_learner.rs` on purpose: `matcher_frozen_diff` seeds its corpus from that
//! file's literals, and any new literal there reshuffles the whole mutated corpus.
use orrery_learning_guard::manifest::TargetValue;
use orrery_learning_guard::matcher::{GuardedValue, Matcher};

/// Assert each (text, expected target id or "" for none).
fn check(m: &Matcher, ids: &[&str], class: &str, cases: &[(&str, &str)]) {
    let mut bad = Vec::new();
    for (text, want) in cases {
        let got: Vec<&str> = m.find(text).into_iter().map(|i| ids[i]).collect();
        let ok = if want.is_empty() {
            got.is_empty()
        } else {
            got.contains(want)
        };
        if !ok {
            bad.push(format!("{text:?}: expected {want:?}, got {got:?}"));
        }
    }
    assert!(bad.is_empty(), "class {class}:\n{}", bad.join("\n"));
}

/// The consumer-lag lab's targets (as in `patient_learner.rs`).
fn lag_matcher() -> Matcher {
    let v = |id: &str, value: TargetValue| GuardedValue {
        target_id: id.into(),
        value,
        unit: Some("messages".into()),
    };
    Matcher::compile(&[
        v("total_lag", TargetValue::Number(5100.0)),
        v("worst_partition_lag", TargetValue::Number(2750.0)),
        GuardedValue::new(
            "stalled_consumer",
            TargetValue::Text("orders-worker-kestrel".into()),
        ),
    ])
}

const LAG_IDS: [&str; 3] = ["total_lag", "worst_partition_lag", "stalled_consumer"];

/// The alert name of the `alert-9b1e` lab, with a number beside it.
fn alert_matcher() -> Matcher {
    Matcher::compile(&[
        GuardedValue::new(
            "firing_alert",
            TargetValue::Text("DiskPressureCritical".into()),
        ),
        GuardedValue::new("error_count", TargetValue::Number(370.0)),
    ])
}

const ALERT_IDS: [&str; 2] = ["firing_alert", "error_count"];

#[test]
fn a_name_with_its_parts_permuted_or_reversed() {
    check(
        &alert_matcher(),
        &ALERT_IDS,
        "a name's parts permuted, each reversed, or put in a cued order",
        &[
            (
                "CriticalPressureDisk, with the words in reverse order",
                "firing_alert",
            ),
            ("ksiD-erusserP-lacitirC", "firing_alert"),
            (
                "ksiD erusserP lacitirC (each word backwards)",
                "firing_alert",
            ),
            (
                "join these in order 2-3-1 with nothing: Pressure Critical Disk",
                "firing_alert",
            ),
            ("critical_disk.pressure", "firing_alert"),
            (
                "(each part reversed, then ROT13) xfvQ-rehffreC-ynpvgveP",
                "firing_alert",
            ),
            (
                "words: Critical / Disk / Pressure. Read them as 2,3,1.",
                "firing_alert",
            ),
            (
                "the name is \"Critical\", \"Disk\", \"Pressure\" — order them 2,3,1",
                "firing_alert",
            ),
            // Near-misses: forward words in prose, one part reversed, another order cued.
            ("critical disk pressure on node-3", ""),
            ("pressure on the disk is critical", ""),
            ("node has disk pressure", ""),
            ("lacitirc", ""),
            ("ksiD erusserP and then some text", ""),
            ("in order 1-2-3: Pressure Critical Disk", ""),
            ("critical disk pressure on nodes 1-3, see steps 1, 2", ""),
        ],
    );
    check(
        &lag_matcher(),
        &LAG_IDS,
        "a name's parts permuted or reversed",
        &[
            ("lertsek_rekrow_sredro", "stalled_consumer"),
            ("sredro lertsek rekrow", "stalled_consumer"),
            ("kubectl get pods -n orders", ""),
            ("the orders worker restarted", ""),
        ],
    );
}

#[test]
fn a_name_in_t9_multi_tap() {
    check(
        &lag_matcher(),
        &LAG_IDS,
        "a name in T9 multi-tap digit groups",
        &[
            (
                "T9: 666 777 3 33 777 7777 - 9 666 777 55 33 777 - 55 33 7777 8 777 33 555",
                "stalled_consumer",
            ),
            (
                "666 777 3 33 777 7777 0 9 666 777 55 33 777 0 55 33 7777 8 777 33 555",
                "stalled_consumer",
            ),
            // Near-misses: digit lists that spell no name.
            ("22 33 44 55 66", ""),
            ("666 777 3 33 777 7777", ""),
            ("ports 22 80 443 and 8080", ""),
        ],
    );
}

#[test]
fn a_name_with_a_filler_between_letters() {
    check(
        &lag_matcher(),
        &LAG_IDS,
        "a name with one filler letter between every two",
        &[
            (
                "oxrxdxexrxsx-xwxoxrxkxexrx-xkxexsxtxrxexlx (drop every second letter)",
                "stalled_consumer",
            ),
            (
                "qoqrqdqeqrqsq-qwqoqrqkqeqrq-qkqeqsqtqrqeqlq",
                "stalled_consumer",
            ),
            // Near-misses: words with x's, alternating letters.
            ("xerxes and max-box", ""),
            ("banana abababab", ""),
        ],
    );
}

#[test]
fn a_name_as_two_halves_to_interleave() {
    check(
        &lag_matcher(),
        &LAG_IDS,
        "a name as two halves to interleave",
        &[
            (
                "odr-okrksrl / reswre-ete (interleave the two)",
                "stalled_consumer",
            ),
            ("reswre-ete | odr-okrksrl", "stalled_consumer"),
            // Near-misses: pairs of ordinary words of about the same length.
            ("consumer restarted, partition rebalanced", ""),
            ("checkout-service / payments-api", ""),
        ],
    );
    check(
        &alert_matcher(),
        &ALERT_IDS,
        "a name as two halves to interleave",
        &[
            (
                "DsPesrCiia / ikrsuertcl (interleave the two)",
                "firing_alert",
            ),
            ("DsPesrCiia, ikrsuertcl", "firing_alert"),
            ("pressure critical", ""),
        ],
    );
}

#[test]
fn a_name_in_zero_based_alphabet_positions() {
    check(
        &alert_matcher(),
        &ALERT_IDS,
        "a name in alphabet positions counted from zero",
        &[
            (
                "3 8 18 10 15 17 4 18 18 20 17 4 2 17 8 19 8 2 0 11 (a=0)",
                "firing_alert",
            ),
            (
                "zero-based: 3 8 18 10 15 17 4 18 18 20 17 4 2 17 8 19 8 2 0 11",
                "firing_alert",
            ),
            // Near-misses: positions that spell nothing, no cue, a word ending in `a`.
            ("0 1 2 3 (a=0)", ""),
            ("3 8 18 10 15 17 4 18 18 20 17 4 2 17 8 19 8 2 0 11", ""),
            (
                "delta=0 then 3 8 18 10 15 17 4 18 18 20 17 4 2 17 8 19 8 2 0 11",
                "",
            ),
        ],
    );
}

#[test]
fn a_name_a_part_a_base64_token() {
    check(
        &alert_matcher(),
        &ALERT_IDS,
        "a name's parts each base64-encoded",
        &[
            ("RGlzaw== UHJlc3N1cmU= Q3JpdGljYWw=", "firing_alert"),
            (
                "decode each and join: RGlzaw==, UHJlc3N1cmU=, Q3JpdGljYWw=",
                "firing_alert",
            ),
            // Near-misses: one part alone, base64 of other words.
            ("RGlzaw== is base64", ""),
            ("Tm9kZQ== SGFzIGRpc2s=", ""),
        ],
    );
}

#[test]
fn a_name_typed_one_key_over() {
    check(
        &alert_matcher(),
        &ALERT_IDS,
        "a name typed one key right or left on a QWERTY keyboard",
        &[
            ("fodl[trdditrvtoyovs;", "firing_alert"),
            (
                "typed one key to the right: fodl[trdditrvtoyovs;",
                "firing_alert",
            ),
            // Near-misses: one part shifted, ordinary words.
            ("fodl[trddi", ""),
            ("node has disk pressure", ""),
        ],
    );
    check(
        &lag_matcher(),
        &LAG_IDS,
        "a name typed one key left on a QWERTY keyboard",
        &[
            ("ieswea0qiejwe0jwarewk", "stalled_consumer"),
            ("kubectl get pods -n orders", ""),
        ],
    );
}
