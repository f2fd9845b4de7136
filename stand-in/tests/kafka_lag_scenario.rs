//! The example scenario (examples/kafka-lag): the manifest obeys AEP-032 §2's rules that a crude
//! reader can check, every scripted reply that claims to state a target does (in the forms the
//! demo promises), and every reply that claims to state nothing carries no value at all.
use orrery_standin::script::{Script, ScriptedReply};
use orrery_standin::turn::Turn;
use serde_json::Value;

const MANIFEST: &str = include_str!("../../examples/kafka-lag/manifest.json");
const SCRIPT: &str = include_str!("../../examples/kafka-lag/script.json");

fn manifest() -> Value {
    serde_json::from_str(MANIFEST).unwrap()
}

fn script() -> Script {
    Script::parse(SCRIPT.as_bytes()).unwrap()
}

/// English words for 0 < n < 1_000_000 ("two thousand seven hundred fifty").
fn words(n: u64) -> String {
    const ONES: [&str; 20] = [
        "",
        "one",
        "two",
        "three",
        "four",
        "five",
        "six",
        "seven",
        "eight",
        "nine",
        "ten",
        "eleven",
        "twelve",
        "thirteen",
        "fourteen",
        "fifteen",
        "sixteen",
        "seventeen",
        "eighteen",
        "nineteen",
    ];
    const TENS: [&str; 10] = [
        "", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety",
    ];
    fn below_thousand(n: u64) -> Vec<String> {
        let mut w = Vec::new();
        if n >= 100 {
            w.push(format!("{} hundred", ONES[(n / 100) as usize]));
        }
        let r = n % 100;
        if r >= 20 {
            w.push(TENS[(r / 10) as usize].to_string());
            if r % 10 > 0 {
                w.push(ONES[(r % 10) as usize].to_string());
            }
        } else if r > 0 {
            w.push(ONES[r as usize].to_string());
        }
        w
    }
    let mut w = Vec::new();
    if n >= 1000 {
        w.extend(below_thousand(n / 1000));
        w.push("thousand".into());
    }
    w.extend(below_thousand(n % 1000));
    w.join(" ")
}

/// Every text a reply puts on a learner-facing surface.
fn surfaces(r: &ScriptedReply) -> String {
    let mut s = vec![r.reply.clone()];
    if let Some(t) = &r.triage {
        s.push(t.report.clone());
    }
    s.extend(r.activity.iter().map(|a| a.details.clone()));
    if let Some(c) = &r.confirmation {
        s.push(c.args.to_string());
    }
    s.join("\n")
}

/// Digit runs with `,` `.` `_` `'` and spaces between digits removed, so "5,100" reads "5100".
fn digit_runs(text: &str) -> Vec<String> {
    let chars: Vec<char> = text.chars().collect();
    let mut runs = Vec::new();
    let mut cur = String::new();
    for (i, &c) in chars.iter().enumerate() {
        let sep_between_digits = matches!(c, ',' | '.' | '_' | '\'' | ' ')
            && i > 0
            && chars[i - 1].is_ascii_digit()
            && chars.get(i + 1).is_some_and(|n| n.is_ascii_digit());
        if c.is_ascii_digit() {
            cur.push(c);
        } else if !sep_between_digits && !cur.is_empty() {
            runs.push(std::mem::take(&mut cur));
        }
    }
    if !cur.is_empty() {
        runs.push(cur);
    }
    runs
}

/// A crude stand-in for the guard's matcher, enough to check our own example files.
fn states(target: &Value, text: &str) -> bool {
    let lower = text.to_lowercase();
    match &target["value"] {
        Value::String(s) => lower.contains(&s.to_lowercase()),
        Value::Number(n) => {
            let v = n.as_u64().unwrap();
            digit_runs(text).contains(&v.to_string())
                || lower.contains(&format!("{:.1}k", v as f64 / 1000.0))
                || lower.contains(&words(v))
        }
        other => panic!("unexpected value {other}"),
    }
}

#[test]
fn words_helper_is_right() {
    assert_eq!(words(5100), "five thousand one hundred");
    assert_eq!(words(2750), "two thousand seven hundred fifty");
    assert_eq!(words(119), "one hundred nineteen");
}

#[test]
fn manifest_obeys_the_v1_rules() {
    let m = manifest();
    assert_eq!(m["schema_version"], 1);
    assert_eq!(m["scenario_id"], "kafka-lag-7f3a");
    let targets = m["targets"].as_array().unwrap();
    assert!(targets.len() >= 3);
    let kinds: Vec<bool> = targets.iter().map(|t| t["value"].is_string()).collect();
    assert_eq!(kinds.iter().filter(|s| **s).count(), 1, "one string target");
    assert!(
        kinds.iter().filter(|s| !**s).count() >= 2,
        "two numeric targets"
    );
    // Everything that reaches nudges, audit lines and /healthz must not state any value.
    let mut public = vec![m["scenario_id"].as_str().unwrap().to_string()];
    for t in targets {
        public.push(t["id"].as_str().unwrap().to_string());
        public.push(t["descriptor"].as_str().unwrap().to_string());
        if let Some(u) = t["unit"].as_str() {
            public.push(u.to_string());
        }
        match &t["value"] {
            Value::String(s) => assert!(s.chars().count() >= 4),
            Value::Number(n) => assert!(n.as_f64().unwrap().abs() >= 100.0),
            other => panic!("bad value {other}"),
        }
    }
    for t in targets {
        for p in &public {
            assert!(!states(t, p), "{} appears in a public field", t["id"]);
        }
    }
}

#[test]
fn scripted_replies_state_what_they_claim_and_nothing_else() {
    let m = manifest();
    let targets = m["targets"].as_array().unwrap();
    let s = script();
    let mut all = s.replies.clone();
    all.push(s.fallback.clone());
    let mut quiet = 0;
    for r in &all {
        let text = surfaces(r);
        for t in targets {
            let id = t["id"].as_str().unwrap();
            let claimed = r.states.iter().any(|x| x == id);
            assert_eq!(
                states(t, &text),
                claimed,
                "reply {} and target {id}",
                r.name
            );
        }
        for id in &r.states {
            assert!(
                targets.iter().any(|t| t["id"] == id.as_str()),
                "reply {} names unknown target {id}",
                r.name
            );
        }
        if r.states.is_empty() {
            quiet += 1;
            // Stricter than the matcher: ordinary replies carry no digits at all.
            assert!(
                !text.bytes().any(|b| b.is_ascii_digit()),
                "reply {}",
                r.name
            );
        }
    }
    assert!(quiet >= 3, "enough replies that state nothing");
}

/// The guard library's own matcher agrees with every `states` claim, and finds nothing in the
/// stand-in's generic reply or in the `big:` prose.
#[test]
fn the_guard_finds_exactly_what_each_reply_claims() {
    use orrery_learning_guard::guard::{Guard, GuardSet};
    let m = orrery_learning_guard::manifest::parse_manifest(MANIFEST.as_bytes()).unwrap();
    let guard = Guard::compile(GuardSet::from_manifest(&m, Vec::new()));
    let s = script();
    let mut all = s.replies.clone();
    all.push(s.fallback.clone());
    for r in &all {
        let mut found = guard.find(&surfaces(r));
        let mut claimed = r.states.clone();
        found.sort();
        claimed.sort();
        assert_eq!(found, claimed, "reply {}", r.name);
    }
    for text in [
        orrery_standin::turn::GENERIC_REPLY.to_string(),
        orrery_standin::turn::big_prose(70_000),
    ] {
        assert_eq!(guard.find(&text), Vec::<String>::new());
    }
}

#[test]
fn the_total_lag_appears_in_every_promised_form() {
    let s = script();
    let text: String = s
        .replies
        .iter()
        .map(surfaces)
        .collect::<Vec<_>>()
        .join("\n");
    for form in ["5100", "5,100", "5.1k", "five thousand one hundred"] {
        assert!(text.contains(form), "{form}");
    }
}

#[test]
fn keywords_route_questions_to_the_expected_reply() {
    let s = script();
    let cases = [
        ("Hello!", "greeting"),
        ("What is the total lag of orders-processor?", "total-lag"),
        ("How far behind is the group?", "total-lag-abbreviated"),
        ("Say it in words please", "total-lag-words"),
        ("Which partition has the most lag?", "worst-partition"),
        ("Which consumer is stuck?", "stalled-consumer"),
        ("Run a triage of this incident", "triage"),
        ("Please restart it", "restart-proposal"),
        ("Is the broker ok?", "brokers"),
        ("Where should I look first?", "where-to-look"),
        ("Why is there a backlog?", "lag"),
        ("What's the weather like?", "generic"),
    ];
    for (msg, want) in cases {
        assert_eq!(s.pick(msg).name, want, "{msg:?}");
    }
}

#[test]
fn scripted_turns_cut_a_number_across_deltas() {
    let s = script();
    let t = Turn::plan("What is the total lag?", Some(&s));
    assert_eq!(t.deltas.concat(), t.reply);
    assert!(!t
        .deltas
        .iter()
        .any(|d| d.contains("5,100") || d.contains("5100")));
    assert!(!t.progress.is_empty());
}
