//! Property tests for the JSON surface rewrites (native only; the tables in `surfaces.rs` run
//! in wasm too).
#![cfg(not(target_arch = "wasm32"))]
mod surfaces_fixtures;

use orrery_learning_guard::surfaces::{rewrite_json, Surface, SurfacePolicy};
use proptest::prelude::*;
use serde_json::Value;
use surfaces_fixtures::guard;

const ALL: [Surface; 7] = [
    Surface::Chat,
    Surface::Transcript,
    Surface::Sessions,
    Surface::Triage,
    Surface::Activity,
    Surface::Confirmations,
    Surface::Other,
];

/// JSON values shaped like Orrery's (known keys are likely), with strings from `leaf`.
fn value(leaf: BoxedStrategy<String>, numbers: BoxedStrategy<i64>) -> impl Strategy<Value = Value> {
    let key = prop::sample::select(vec![
        "session_id",
        "response",
        "title",
        "messages",
        "role",
        "text",
        "entries",
        "operation",
        "details",
        "severity",
        "report",
        "args",
        "pending",
        "x",
    ])
    .prop_map(str::to_string);
    let role = prop::sample::select(vec!["user", "assistant", "tool"]).prop_map(Value::from);
    let base = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::from),
        numbers.prop_map(Value::from),
        leaf.prop_map(Value::from),
        role,
    ];
    base.prop_recursive(4, 48, 6, move |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..5).prop_map(Value::Array),
            prop::collection::vec((key.clone(), inner), 0..6)
                .prop_map(|kv| Value::Object(kv.into_iter().collect())),
        ]
    })
}

fn clean() -> impl Strategy<Value = Value> {
    value("[a-z é\"\\\\]{0,10}".boxed(), (-1000i64..1000).boxed())
}

fn dirty() -> impl Strategy<Value = Value> {
    value(
        prop_oneof![
            3 => "[a-z ]{0,10}",
            1 => "[a-z ]{0,5}".prop_map(|s| format!("{s} 5100 {s}")),
            1 => Just("payments-eu-west".to_string()),
        ]
        .boxed(),
        prop_oneof![3 => -1000i64..1000, 1 => Just(5100i64)].boxed(),
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    #[test]
    fn bodies_without_targets_are_byte_identical(v in clean(), pretty in any::<bool>()) {
        let body = if pretty { serde_json::to_vec_pretty(&v) } else { serde_json::to_vec(&v) }.unwrap();
        for s in [Surface::Chat, Surface::Transcript, Surface::Sessions, Surface::Confirmations, Surface::Other] {
            let out = rewrite_json(s, &body, &guard(), 0, &SurfacePolicy::default());
            prop_assert!(!out.changed);
            prop_assert_eq!(&out.body, &body);
        }
    }

    #[test]
    fn output_is_json_states_no_target_and_is_a_fixed_point(v in dirty(), level in 0u8..3) {
        let g = guard();
        let body = serde_json::to_vec(&v).unwrap();
        for s in ALL {
            let out = rewrite_json(s, &body, &g, level, &SurfacePolicy::default());
            let parsed: Value = serde_json::from_slice(&out.body).unwrap();
            if s != Surface::Transcript {
                // (The transcript keeps the learner's own words.)
                prop_assert!(g.find(&String::from_utf8(out.body.clone()).unwrap()).is_empty());
            }
            prop_assert_eq!(out.changed, out.body != body);
            if !out.changed {
                prop_assert!(out.withheld.is_empty());
            }
            let again = rewrite_json(s, &out.body, &g, level, &SurfacePolicy::default());
            prop_assert!(!again.changed, "{:?} not a fixed point: {}", s, parsed);
        }
    }

    #[test]
    fn arbitrary_bytes_never_panic(body in prop::collection::vec(prop_oneof![
        Just(b'{'), Just(b'}'), Just(b'['), Just(b']'), Just(b'"'), Just(b'\\'),
        Just(b':'), Just(b','), Just(b'5'), any::<u8>()
    ], 0..120)) {
        for s in ALL {
            let out = rewrite_json(s, &body, &guard(), 0, &SurfacePolicy::default());
            prop_assert_eq!(out.changed, out.body != body);
        }
    }
}
