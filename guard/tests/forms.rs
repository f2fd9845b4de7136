//! The author playground's "what the guard catches" list ([`forms`]): every form it lists is
//! withheld by the guard with default rules, and each rule class the README promises for the
//! example scenario shows up. Runs natively and compiled to wasm32-wasip1.
use orrery_learning_guard::manifest::parse_manifest;
use orrery_learning_guard::matcher::forms::forms;
use orrery_learning_guard::matcher::{GuardedValue, Matcher, Rules};

const MANIFEST: &str = include_str!("../../examples/kafka-lag/manifest.json");

fn values() -> Vec<GuardedValue> {
    let m = parse_manifest(MANIFEST.as_bytes()).unwrap();
    m.targets
        .iter()
        .map(|t| GuardedValue {
            target_id: t.id.clone(),
            value: t.value.clone(),
            unit: t.unit.clone(),
        })
        .collect()
}

#[test]
fn every_listed_form_is_withheld_by_the_full_guard() {
    let values = values();
    let all = Matcher::compile(&values);
    for v in &values {
        let f = forms(v, Rules::DEFAULT);
        assert!(f.len() >= 6, "{}: only {} forms", v.target_id, f.len());
        for form in &f {
            assert!(
                all.is_match(&form.text),
                "{}: {} not caught",
                v.target_id,
                form.rule
            );
        }
    }
}

#[test]
fn the_rule_classes_follow_the_rules() {
    let values = values();
    let lag = &values[0];
    let rules: Vec<&str> = forms(lag, Rules::DEFAULT).iter().map(|f| f.rule).collect();
    for want in [
        "digits",
        "words",
        "abbreviations",
        "spelled_digits",
        "hex",
        "arithmetic",
        "ciphered_words",
    ] {
        assert!(rules.contains(&want), "{want} missing from {rules:?}");
    }
    // AEP-032 alone: no stretch rule is listed.
    let base: Vec<&str> = forms(lag, Rules::AEP_032).iter().map(|f| f.rule).collect();
    assert!(
        base.iter()
            .all(|r| ["digits", "words", "abbreviations"].contains(r)),
        "{base:?}"
    );
    let name = &values[2];
    let rules: Vec<&str> = forms(name, Rules::DEFAULT).iter().map(|f| f.rule).collect();
    for want in ["string", "loose_strings", "reversed", "encodings"] {
        assert!(rules.contains(&want), "{want} missing from {rules:?}");
    }
}

#[test]
fn a_unit_target_lists_other_units_of_its_family() {
    let v = GuardedValue {
        target_id: "rate".into(),
        value: orrery_learning_guard::manifest::TargetValue::Number(2_400_000.0),
        unit: Some("bytes/s".into()),
    };
    let f = forms(&v, Rules::DEFAULT);
    assert!(
        f.iter()
            .any(|f| f.rule == "units" && f.text.ends_with("MB/s")),
        "{f:?}"
    );
}
