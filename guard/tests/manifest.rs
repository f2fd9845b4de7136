//! Manifest contract v1: one case per rule (invalid document → exact (location, kind) list), the
//! valid examples, and the promise that no error ever carries input text.
use orrery_learning_guard::manifest::{kind, parse_manifest, ManifestError, TargetValue};

macro_rules! example {
    ($dir:literal, $name:literal) => {
        (
            $name,
            include_bytes!(concat!(
                "../../examples/manifests/",
                $dir,
                "/",
                $name,
                ".json"
            ))
            .as_slice(),
        )
    };
}

fn pairs(errors: &[ManifestError]) -> Vec<(&str, &str)> {
    errors
        .iter()
        .map(|e| (e.location.as_str(), e.kind))
        .collect()
}

/// An example file: its name, its bytes and the exact (location, kind) errors it must produce.
type Example = (
    &'static str,
    &'static [u8],
    Vec<(&'static str, &'static str)>,
);

/// Every file in examples/manifests/invalid, with the exact errors it must produce.
fn invalid_examples() -> Vec<Example> {
    let table = vec![
        (
            example!("invalid", "unknown-field-top"),
            vec![("$", kind::UNKNOWN_FIELD)],
        ),
        (
            example!("invalid", "unknown-field-target"),
            vec![("targets[0]", kind::UNKNOWN_FIELD)],
        ),
        (
            example!("invalid", "schema-version-2"),
            vec![("schema_version", kind::UNSUPPORTED_VERSION)],
        ),
        (
            example!("invalid", "schema-version-string"),
            vec![("schema_version", kind::WRONG_TYPE)],
        ),
        (
            example!("invalid", "duplicate-key"),
            vec![("targets[0].value", kind::DUPLICATE_KEY)],
        ),
        (
            example!("invalid", "missing-scenario-id"),
            vec![("scenario_id", kind::MISSING)],
        ),
        (
            example!("invalid", "scenario-id-invalid-chars"),
            vec![("scenario_id", kind::INVALID_CHARS)],
        ),
        (
            example!("invalid", "seeded-at-no-timezone"),
            vec![("seeded_at", kind::MISSING_TIMEZONE)],
        ),
        (
            example!("invalid", "seeded-at-not-a-date"),
            vec![("seeded_at", kind::INVALID_DATETIME)],
        ),
        (
            example!("invalid", "disclosure-3"),
            vec![("default_disclosure", kind::OUT_OF_RANGE)],
        ),
        (
            example!("invalid", "disclosure-true"),
            vec![("default_disclosure", kind::WRONG_TYPE)],
        ),
        (
            example!("invalid", "disclosure-string"),
            vec![("default_disclosure", kind::WRONG_TYPE)],
        ),
        (
            example!("invalid", "disclosure-float"),
            vec![("default_disclosure", kind::WRONG_TYPE)],
        ),
        (
            example!("invalid", "targets-empty"),
            vec![("targets", kind::EMPTY)],
        ),
        (
            example!("invalid", "target-not-object"),
            vec![("targets[2]", kind::WRONG_TYPE)],
        ),
        (
            example!("invalid", "duplicate-target-id"),
            vec![("targets[1].id", kind::DUPLICATE_ID)],
        ),
        (
            example!("invalid", "target-id-empty"),
            vec![("targets[0].id", kind::EMPTY)],
        ),
        (
            example!("invalid", "descriptor-missing"),
            vec![("targets[0].descriptor", kind::MISSING)],
        ),
        (
            example!("invalid", "value-too-small"),
            vec![("targets[0].value", kind::TOO_SMALL)],
        ),
        (
            example!("invalid", "value-negative-too-small"),
            vec![("targets[0].value", kind::TOO_SMALL)],
        ),
        (
            example!("invalid", "value-too-short"),
            vec![("targets[1].value", kind::TOO_SHORT)],
        ),
        (
            example!("invalid", "value-bool"),
            vec![("targets[0].value", kind::WRONG_TYPE)],
        ),
        (
            example!("invalid", "value-too-large"),
            vec![("targets[0].value", kind::OUT_OF_RANGE)],
        ),
        (
            example!("invalid", "value-in-descriptor"),
            vec![("targets[0].descriptor", kind::CONTAINS_VALUE)],
        ),
        (
            example!("invalid", "value-in-unit"),
            vec![("targets[1].unit", kind::CONTAINS_VALUE)],
        ),
        (
            example!("invalid", "value-in-target-id"),
            vec![("targets[1].id", kind::CONTAINS_VALUE)],
        ),
        (
            example!("invalid", "value-in-scenario-id"),
            vec![("scenario_id", kind::CONTAINS_VALUE)],
        ),
        (example!("invalid", "nan"), vec![("$", kind::INVALID_JSON)]),
        (
            example!("invalid", "infinity"),
            vec![("$", kind::INVALID_JSON)],
        ),
        (
            example!("invalid", "trailing-data"),
            vec![("$", kind::INVALID_JSON)],
        ),
        (
            example!("invalid", "not-an-object"),
            vec![("$", kind::WRONG_TYPE)],
        ),
    ];
    table
        .into_iter()
        .map(|((name, bytes), want)| (name, bytes, want))
        .collect()
}

#[test]
fn every_invalid_example_gives_exactly_its_errors() {
    for (name, bytes, want) in invalid_examples() {
        let got = parse_manifest(bytes).expect_err(name);
        assert_eq!(pairs(&got), want, "{name}");
    }
}

#[test]
fn valid_examples_parse() {
    for (name, bytes) in [
        example!("valid", "kafka-lag"),
        example!("valid", "minimal"),
        example!("valid", "many-kinds"),
    ] {
        let m = parse_manifest(bytes).unwrap_or_else(|e| panic!("{name}: {e:?}"));
        assert!(!m.targets.is_empty(), "{name}");
    }
    let (_, bytes) = example!("valid", "kafka-lag");
    let m = parse_manifest(bytes).unwrap();
    assert_eq!(m.scenario_id, "kafka-lag-7f3a");
    assert_eq!(m.seeded_at, "2026-10-30T10:00:00Z");
    assert_eq!(m.default_disclosure, 0);
    assert_eq!(m.targets[0].id, "total_lag");
    assert_eq!(m.targets[0].value, TargetValue::Number(5100.0));
    assert_eq!(m.targets[0].unit.as_deref(), Some("messages"));
    assert_eq!(m.targets[1].value, TargetValue::Text("orders-3".into()));
    assert_eq!(m.targets[1].unit, None);
}

/// A valid document with `targets[0]` replaced by `target` (JSON text).
fn with_target(target: &str) -> String {
    format!(
        r#"{{"schema_version":1,"scenario_id":"lab-1","seeded_at":"2026-10-30T10:00:00Z",
            "default_disclosure":0,"targets":[{target}]}}"#
    )
}

/// A valid document with one top-level field replaced (JSON text for the value).
fn with_top(field: &str, value: &str) -> String {
    let mut fields = vec![
        ("schema_version", "1".to_string()),
        ("scenario_id", r#""lab-1""#.to_string()),
        ("seeded_at", r#""2026-10-30T10:00:00Z""#.to_string()),
        ("default_disclosure", "0".to_string()),
        (
            "targets",
            r#"[{"id":"t1","descriptor":"total lag","value":5100}]"#.to_string(),
        ),
    ];
    for f in &mut fields {
        if f.0 == field {
            f.1 = value.to_string();
        }
    }
    let body: Vec<String> = fields.iter().map(|(k, v)| format!("\"{k}\":{v}")).collect();
    format!("{{{}}}", body.join(","))
}

#[test]
fn rule_table() {
    let t0 = "targets[0]";
    let cases: Vec<(String, Vec<(String, &str)>)> = vec![
        // exact types
        (
            with_top("schema_version", "1.0"),
            vec![("schema_version".into(), kind::WRONG_TYPE)],
        ),
        (
            with_top("schema_version", "true"),
            vec![("schema_version".into(), kind::WRONG_TYPE)],
        ),
        (
            with_top("schema_version", "0"),
            vec![("schema_version".into(), kind::UNSUPPORTED_VERSION)],
        ),
        (
            with_top("default_disclosure", "-1"),
            vec![("default_disclosure".into(), kind::OUT_OF_RANGE)],
        ),
        (
            with_top("default_disclosure", "300"),
            vec![("default_disclosure".into(), kind::OUT_OF_RANGE)],
        ),
        (
            with_top("default_disclosure", "null"),
            vec![("default_disclosure".into(), kind::WRONG_TYPE)],
        ),
        (with_top("default_disclosure", "2"), vec![]),
        (
            with_top("scenario_id", "7"),
            vec![("scenario_id".into(), kind::WRONG_TYPE)],
        ),
        (
            with_top("scenario_id", r#""""#),
            vec![("scenario_id".into(), kind::EMPTY)],
        ),
        (
            with_top("scenario_id", r#""-lab""#),
            vec![("scenario_id".into(), kind::INVALID_CHARS)],
        ),
        (
            with_top("scenario_id", r#""lab\nx""#),
            vec![("scenario_id".into(), kind::INVALID_CHARS)],
        ),
        (
            with_top("scenario_id", &format!("\"{}\"", "a".repeat(129))),
            vec![("scenario_id".into(), kind::TOO_LONG)],
        ),
        (
            with_top("scenario_id", r#""kafka-lag-01-2026-10-31T10:00""#),
            vec![],
        ),
        (
            with_top("seeded_at", "1730282400"),
            vec![("seeded_at".into(), kind::WRONG_TYPE)],
        ),
        (
            with_top("seeded_at", r#""2026-10-30T10:00:00+01:00""#),
            vec![],
        ),
        (
            with_top("targets", "{}"),
            vec![("targets".into(), kind::WRONG_TYPE)],
        ),
        (
            with_top("targets", "null"),
            vec![("targets".into(), kind::WRONG_TYPE)],
        ),
        // targets
        (
            with_target(r#"{"id":"t1","descriptor":"total lag","value":100}"#),
            vec![],
        ),
        (
            with_target(r#"{"id":"t1","descriptor":"total lag","value":-100}"#),
            vec![],
        ),
        (
            with_target(r#"{"id":"t1","descriptor":"total lag","value":99.99}"#),
            vec![(format!("{t0}.value"), kind::TOO_SMALL)],
        ),
        (
            with_target(r#"{"id":"t1","descriptor":"total lag","value":9007199254740991}"#),
            vec![],
        ),
        (
            with_target(r#"{"id":"t1","descriptor":"total lag","value":-9007199254740992}"#),
            vec![(format!("{t0}.value"), kind::OUT_OF_RANGE)],
        ),
        (
            with_target(r#"{"id":"t1","descriptor":"total lag","value":1e300}"#),
            vec![(format!("{t0}.value"), kind::OUT_OF_RANGE)],
        ),
        (
            with_target(r#"{"id":"t1","descriptor":"total lag","value":18446744073709551616}"#),
            vec![(format!("{t0}.value"), kind::OUT_OF_RANGE)],
        ),
        (
            with_target(r#"{"id":"t1","descriptor":"total lag","value":1e400}"#),
            vec![("$".into(), kind::INVALID_JSON)],
        ),
        (
            with_target(r#"{"id":"t1","descriptor":"total lag","value":"5100"}"#),
            vec![],
        ),
        (
            with_target(r#"{"id":"t1","descriptor":"total lag","value":"  ab  "}"#),
            vec![(format!("{t0}.value"), kind::TOO_SHORT)],
        ),
        (
            with_target(r#"{"id":"t1","descriptor":"total lag","value":"ab\u200b\u200bc"}"#),
            vec![(format!("{t0}.value"), kind::TOO_SHORT)],
        ),
        (
            with_target(r#"{"id":"t1","descriptor":"total lag","value":"**ab**"}"#),
            vec![(format!("{t0}.value"), kind::TOO_SHORT)],
        ),
        (
            with_target(r#"{"id":"t1","descriptor":"total lag","value":"ＡＢＣＤ"}"#),
            vec![],
        ),
        (
            with_target(r#"{"id":"t1","descriptor":"total lag","value":"ab\u0000cd"}"#),
            vec![(format!("{t0}.value"), kind::INVALID_CHARS)],
        ),
        (
            with_target(r#"{"id":"t1","descriptor":"total lag","value":null}"#),
            vec![(format!("{t0}.value"), kind::WRONG_TYPE)],
        ),
        (
            with_target(r#"{"id":"t1","descriptor":"total lag","value":[5100]}"#),
            vec![(format!("{t0}.value"), kind::WRONG_TYPE)],
        ),
        (
            with_target(r#"{"id":"t1","descriptor":"total lag","value":{"n":5100}}"#),
            vec![(format!("{t0}.value"), kind::WRONG_TYPE)],
        ),
        (
            with_target(r#"{"id":"t1","descriptor":"total lag","value":5100,"unit":null}"#),
            vec![],
        ),
        (
            with_target(r#"{"id":"t1","descriptor":"total lag","value":5100,"unit":5}"#),
            vec![(format!("{t0}.unit"), kind::WRONG_TYPE)],
        ),
        (
            with_target(r#"{"id":"t1","descriptor":"total lag","value":5100,"unit":" "}"#),
            vec![(format!("{t0}.unit"), kind::EMPTY)],
        ),
        (
            with_target(r#"{"id":"t1","descriptor":"","value":5100}"#),
            vec![(format!("{t0}.descriptor"), kind::EMPTY)],
        ),
        (
            with_target(r#"{"id":"t1","descriptor":"lag\tof","value":5100}"#),
            vec![(format!("{t0}.descriptor"), kind::INVALID_CHARS)],
        ),
        (
            with_target(&format!(
                r#"{{"id":"t1","descriptor":"{}","value":5100}}"#,
                "d".repeat(257)
            )),
            vec![(format!("{t0}.descriptor"), kind::TOO_LONG)],
        ),
        (
            with_target(r#"{"id":"t 1","descriptor":"total lag","value":5100}"#),
            vec![(format!("{t0}.id"), kind::INVALID_CHARS)],
        ),
        (
            with_target(r#"{"id":1,"descriptor":"total lag","value":5100}"#),
            vec![(format!("{t0}.id"), kind::WRONG_TYPE)],
        ),
        (
            with_target(r#"{"id":"t1","value":5100}"#),
            vec![(format!("{t0}.descriptor"), kind::MISSING)],
        ),
        (
            with_target(r#"{"id":"t1","descriptor":"lag","value":5100,"id":"t2"}"#),
            vec![(format!("{t0}.id"), kind::DUPLICATE_KEY)],
        ),
        (
            with_target(r#"{"id":"t1","descriptor":"lag","value":5100,"x":1,"y":2}"#),
            vec![
                (t0.into(), kind::UNKNOWN_FIELD),
                (t0.into(), kind::UNKNOWN_FIELD),
            ],
        ),
        // values inside what learners and audit lines see
        (
            with_target(r#"{"id":"t1","descriptor":"about 5,100 messages","value":5100}"#),
            vec![(format!("{t0}.descriptor"), kind::CONTAINS_VALUE)],
        ),
        (
            with_target(
                r#"{"id":"t1","descriptor":"the broker","value":"Broker-East","unit":"broker-east node"}"#,
            ),
            vec![(format!("{t0}.unit"), kind::CONTAINS_VALUE)],
        ),
        (
            with_target(r#"{"id":"t1","descriptor":"the BROKER-EAST one","value":"broker-east"}"#),
            vec![(format!("{t0}.descriptor"), kind::CONTAINS_VALUE)],
        ),
        (
            with_target(
                r#"{"id":"t1","descriptor":"total lag","value":5100},{"id":"t2","descriptor":"lag 5100 seen","value":7300}"#,
            ),
            vec![("targets[1].descriptor".into(), kind::CONTAINS_VALUE)],
        ),
        // boundary-free: a value glued to letters or underscores is still inside the field
        (
            with_target(r#"{"id":"lag_7340","descriptor":"total lag","value":7340}"#),
            vec![(format!("{t0}.id"), kind::CONTAINS_VALUE)],
        ),
        (
            with_target(r#"{"id":"lag7340","descriptor":"total lag","value":7340}"#),
            vec![(format!("{t0}.id"), kind::CONTAINS_VALUE)],
        ),
        (
            with_target(r#"{"id":"t1","descriptor":"lag7340ms","value":7340}"#),
            vec![(format!("{t0}.descriptor"), kind::CONTAINS_VALUE)],
        ),
        (
            with_target(
                r#"{"id":"t1","descriptor":"lagSevenThousandThreeHundredForty","value":7340}"#,
            ),
            vec![(format!("{t0}.descriptor"), kind::CONTAINS_VALUE)],
        ),
        (
            with_target(
                r#"{"id":"t1","descriptor":"the hot one","value":"orders-7","unit":"p_orders_7"}"#,
            ),
            vec![(format!("{t0}.unit"), kind::CONTAINS_VALUE)],
        ),
        (
            with_top("scenario_id", r#""kafka-lag_7340""#).replace("5100", "7340"),
            vec![("scenario_id".into(), kind::CONTAINS_VALUE)],
        ),
        // near-misses: other digits glued to letters stay allowed
        (
            with_target(r#"{"id":"lag_73401","descriptor":"total lag v2","value":7340}"#),
            vec![],
        ),
        // documents
        ("".into(), vec![("$".into(), kind::INVALID_JSON)]),
        ("null".into(), vec![("$".into(), kind::WRONG_TYPE)]),
        ("{".into(), vec![("$".into(), kind::INVALID_JSON)]),
        (
            "{}".into(),
            vec![
                ("schema_version".into(), kind::MISSING),
                ("scenario_id".into(), kind::MISSING),
                ("seeded_at".into(), kind::MISSING),
                ("default_disclosure".into(), kind::MISSING),
                ("targets".into(), kind::MISSING),
            ],
        ),
        (
            format!("{}{}", with_top("default_disclosure", "0"), "\n\n  "),
            vec![],
        ),
        (
            format!("\u{feff}{}", with_top("default_disclosure", "0")),
            vec![("$".into(), kind::INVALID_JSON)],
        ),
    ];
    for (doc, want) in cases {
        let got = match parse_manifest(doc.as_bytes()) {
            Ok(_) => vec![],
            Err(e) => e.into_iter().map(|e| (e.location, e.kind)).collect(),
        };
        let want: Vec<(String, &str)> = want;
        assert_eq!(got, want, "document: {doc}");
    }
}

#[test]
fn all_errors_are_collected_in_one_pass() {
    let doc = r#"{"schema_version":2,"scenario_id":"","seeded_at":"2026-10-30T10:00:00",
        "default_disclosure":3,"extra":true,
        "targets":[{"id":"a","descriptor":"x","value":5},{"id":"a","descriptor":"y","value":"ab"}]}"#;
    let got = parse_manifest(doc.as_bytes()).unwrap_err();
    assert_eq!(
        pairs(&got),
        vec![
            ("$", kind::UNKNOWN_FIELD),
            ("schema_version", kind::UNSUPPORTED_VERSION),
            ("scenario_id", kind::EMPTY),
            ("seeded_at", kind::MISSING_TIMEZONE),
            ("default_disclosure", kind::OUT_OF_RANGE),
            ("targets[0].value", kind::TOO_SMALL),
            ("targets[1].value", kind::TOO_SHORT),
            ("targets[1].id", kind::DUPLICATE_ID),
        ]
    );
}

#[test]
fn too_many_targets_and_oversized_documents_are_refused() {
    let targets: Vec<String> = (0..257)
        .map(|i| {
            format!(
                r#"{{"id":"t{i}","descriptor":"lag","value":{}}}"#,
                100_000 + i * 1000
            )
        })
        .collect();
    let doc = with_top("targets", &format!("[{}]", targets.join(",")));
    let got = parse_manifest(doc.as_bytes()).unwrap_err();
    assert_eq!(pairs(&got), vec![("targets", kind::TOO_MANY)]);

    let big = vec![b' '; (1 << 20) + 1];
    assert_eq!(
        pairs(&parse_manifest(&big).unwrap_err()),
        vec![("$", kind::TOO_LARGE)]
    );
}

/// Locations come from a fixed grammar: field names we define and indices. Whatever the input,
/// no error can carry a fragment of it.
pub fn location_is_fixed_vocabulary(location: &str) -> bool {
    const TOP: [&str; 7] = [
        "$",
        "$file",
        "schema_version",
        "scenario_id",
        "seeded_at",
        "default_disclosure",
        "targets",
    ];
    if TOP.contains(&location) {
        return true;
    }
    for (array, fields) in [
        ("targets[", &["id", "descriptor", "value", "unit"][..]),
        ("retired[", &["id", "value"][..]),
    ] {
        let Some(rest) = location.strip_prefix(array) else {
            continue;
        };
        let Some((index, tail)) = rest.split_once(']') else {
            return false;
        };
        if index.is_empty() || !index.bytes().all(|b| b.is_ascii_digit()) {
            return false;
        }
        return tail.is_empty() || tail.strip_prefix('.').is_some_and(|f| fields.contains(&f));
    }
    false
}

const KINDS: [&str; 18] = [
    kind::TOO_LARGE,
    kind::INVALID_JSON,
    kind::WRONG_TYPE,
    kind::MISSING,
    kind::UNKNOWN_FIELD,
    kind::DUPLICATE_KEY,
    kind::UNSUPPORTED_VERSION,
    kind::EMPTY,
    kind::TOO_LONG,
    kind::TOO_MANY,
    kind::INVALID_CHARS,
    kind::INVALID_DATETIME,
    kind::MISSING_TIMEZONE,
    kind::OUT_OF_RANGE,
    kind::TOO_SMALL,
    kind::TOO_SHORT,
    kind::DUPLICATE_ID,
    kind::CONTAINS_VALUE,
];

/// Every string and number literal in a JSON document (4+ characters), to look for in output.
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
    let mut out = Vec::new();
    if let Ok(v) = serde_json::from_slice::<serde_json::Value>(doc) {
        walk(&v, &mut out);
    }
    out.retain(|s| s.chars().count() >= 4);
    out
}

#[test]
fn errors_never_carry_input() {
    for (name, bytes, _) in invalid_examples() {
        let errors = parse_manifest(bytes).unwrap_err();
        let shown: String = errors.iter().map(|e| format!("{e}\n{e:?}\n")).collect();
        for e in &errors {
            assert!(location_is_fixed_vocabulary(&e.location), "{name}: {e}");
            assert!(KINDS.contains(&e.kind), "{name}: {e}");
        }
        // Field names are ours; values, descriptors, ids and unknown keys must not show.
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
        for lit in literals(bytes)
            .into_iter()
            .filter(|l| !ours.contains(&l.as_str()))
        {
            assert!(!shown.contains(&lit), "{name}: error output shows {lit:?}");
        }
    }
}

#[cfg(not(target_arch = "wasm32"))]
mod properties {
    use super::*;
    use proptest::prelude::*;

    fn json_scalar() -> impl Strategy<Value = String> {
        prop_oneof![
            Just("null".to_string()),
            Just("true".to_string()),
            any::<i64>().prop_map(|n| n.to_string()),
            any::<f64>()
                .prop_filter("finite", |f| f.is_finite())
                .prop_map(|f| format!("{f:e}")),
            ".{0,40}".prop_map(|s| serde_json::to_string(&s).unwrap()),
            "[a-z0-9 ._:-]{0,12}".prop_map(|s| format!("\"{s}\"")),
        ]
    }

    proptest! {
        /// Any field of a target replaced by any scalar (or an extra key added): the parser
        /// accepts or refuses, and a refusal names only fixed locations and kinds.
        #[test]
        fn arbitrary_target_fields_give_only_fixed_errors(
            id in json_scalar(), descriptor in json_scalar(), value in json_scalar(),
            unit in json_scalar(), key in "[a-z_0-9]{1,10}", extra in json_scalar(),
        ) {
            let target = format!(
                r#"{{"id":{id},"descriptor":{descriptor},"value":{value},"unit":{unit},"{key}":{extra}}}"#
            );
            let doc = with_target(&target);
            if let Err(errors) = parse_manifest(doc.as_bytes()) {
                prop_assert!(!errors.is_empty());
                for e in &errors {
                    prop_assert!(location_is_fixed_vocabulary(&e.location), "{}", e);
                    prop_assert!(KINDS.contains(&e.kind), "{}", e);
                }
            }
        }

        /// Arbitrary bytes never panic and never yield an error outside the fixed vocabulary.
        #[test]
        fn arbitrary_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..512)) {
            if let Err(errors) = parse_manifest(&bytes) {
                for e in &errors {
                    prop_assert!(location_is_fixed_vocabulary(&e.location));
                }
            }
        }

        /// Any valid number at or above 100 in absolute value, below 2**53, is accepted.
        #[test]
        fn numbers_in_range_are_accepted(n in 100i64..9_007_199_254_740_991, neg in any::<bool>()) {
            let v = if neg { -n } else { n };
            let doc = with_target(&format!(r#"{{"id":"t1","descriptor":"total lag","value":{v}}}"#));
            let m = parse_manifest(doc.as_bytes());
            prop_assert!(m.is_ok(), "{:?}", m);
        }
    }
}
