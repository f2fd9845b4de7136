//! The JSON surface rewrites: one table per surface (input body → expected body), plus the
//! promises that cut across them (untouched bodies byte-identical, level 3 off, text fallback).
mod surfaces_fixtures;

use orrery_learning_guard::guard::WITHHELD_MARK;
use orrery_learning_guard::surfaces::{
    add_learning_block, healthz_body, rewrite_json, LearningBlock, Rewrite, Surface, SurfacePolicy,
    WITHHELD_BODY,
};
use surfaces_fixtures::{expand, guard, js, nudge};

fn run(surface: Surface, body: &str, level: u8) -> Rewrite {
    rewrite_json(
        surface,
        body.as_bytes(),
        &guard(),
        level,
        &SurfacePolicy::default(),
    )
}

/// Each row: input, expected output (`{MARK}`/`{NUDGE}` expanded), expected withheld ids.
fn check_table(surface: Surface, rows: &[(&str, &str, &[&str])]) {
    for (i, (input, expected, ids)) in rows.iter().enumerate() {
        let out = run(surface, input, 0);
        let got = String::from_utf8(out.body.clone()).unwrap();
        assert_eq!(got, expand(expected), "{surface:?} row {i}: {input}");
        assert_eq!(out.withheld, *ids, "{surface:?} row {i} withheld");
        assert_eq!(
            out.changed,
            got != *input,
            "{surface:?} row {i} changed flag"
        );
        // Whatever the surface, the output is JSON and states no target (the transcript
        // keeps the learner's own words, which may).
        serde_json::from_str::<serde_json::Value>(&got).expect("output is JSON");
        if surface != Surface::Transcript {
            assert!(
                guard().find(&got).is_empty(),
                "{surface:?} row {i} leaks: {got}"
            );
        }
    }
}

#[test]
fn chat() {
    check_table(
        Surface::Chat,
        &[
            (
                r#"{"session_id":"s1","response":"Look at the consumer group."}"#,
                r#"{"session_id":"s1","response":"Look at the consumer group."}"#,
                &[],
            ),
            (
                r#"{"session_id":"s1","response":"The total lag is 5100 messages."}"#,
                r#"{"session_id":"s1","response":{NUDGE}}"#,
                &["total_lag"],
            ),
            // A leak outside the reply field is scrubbed, not nudged.
            (
                r#"{"session_id":"s1","response":"ok","debug":{"lag":5100,"note":"5100 msgs"}}"#,
                r#"{"session_id":"s1","response":"ok","debug":{"lag":{MARK},"note":{MARK}}}"#,
                &["total_lag"],
            ),
            // Key order and whitespace of untouched members are kept.
            (
                "{ \"response\" : \"lag 5100\",\n  \"session_id\": \"s1\" }",
                r#"{"response":{NUDGE},"session_id":"s1"}"#,
                &["total_lag"],
            ),
            // A key stating a target drops the member.
            (
                r#"{"session_id":"s1","response":"ok","by_lag":{"5100":"x"}}"#,
                r#"{"session_id":"s1","response":"ok","by_lag":{}}"#,
                &["total_lag"],
            ),
            // Duplicate keys: each one is checked (a client may read either).
            (
                r#"{"response":"The lag is 5100","response":"fine"}"#,
                r#"{"response":{NUDGE},"response":"fine"}"#,
                &["total_lag"],
            ),
            // A reply that is not a string is scrubbed.
            (
                r#"{"response":["5100","ok"]}"#,
                r#"{"response":[{MARK},"ok"]}"#,
                &["total_lag"],
            ),
            // Not an object: scrubbed throughout.
            (r#"["5100"]"#, r#"[{MARK}]"#, &["total_lag"]),
        ],
    );
    // A string target written with an escape in the source; its nudge is the guard's own, whatever its wording.
    let out = run(
        Surface::Chat,
        r#"{"response":"topic \u0070ayments-eu-west lags"}"#,
        0,
    );
    let topic_nudge = guard()
        .guard_reply("payments-eu-west", 0)
        .replacement
        .unwrap();
    assert_eq!(
        String::from_utf8(out.body).unwrap(),
        format!(r#"{{"response":{}}}"#, js(&topic_nudge))
    );
    assert_eq!(out.withheld, ["lagging_topic"]);
}

#[test]
fn transcript() {
    check_table(
        Surface::Transcript,
        &[
            (
                r#"{"session_id":"s1","title":"Lag","messages":[{"role":"user","text":"what is the lag?","at":"t1"},{"role":"assistant","text":"Check the group.","at":"t2"}],"last_update_time":"t2"}"#,
                r#"{"session_id":"s1","title":"Lag","messages":[{"role":"user","text":"what is the lag?","at":"t1"},{"role":"assistant","text":"Check the group.","at":"t2"}],"last_update_time":"t2"}"#,
                &[],
            ),
            // Assistant text gets one nudge per message; the learner's own text is kept.
            (
                r#"{"session_id":"s1","title":"Lag","messages":[{"role":"user","text":"is it 5100?","at":"t1"},{"role":"assistant","text":"Yes, 5100.","at":"t2"}]}"#,
                r#"{"session_id":"s1","title":"Lag","messages":[{"role":"user","text":"is it 5100?","at":"t1"},{"role":"assistant","text":{NUDGE},"at":"t2"}]}"#,
                &["total_lag"],
            ),
            // The title is scrubbed (the model may have written it).
            (
                r#"{"session_id":"s1","title":"Lag of 5100","messages":[]}"#,
                r#"{"session_id":"s1","title":{MARK},"messages":[]}"#,
                &["total_lag"],
            ),
            // Role after text; a model role; an unknown role is scrubbed, not nudged.
            (
                r#"{"messages":[{"text":"5100","role":"model"},{"role":"tool","text":"5100"},{"text":"5100"}]}"#,
                r#"{"messages":[{"text":{NUDGE},"role":"model"},{"role":"tool","text":{MARK}},{"text":{MARK}}]}"#,
                &["total_lag"],
            ),
            // Two different roles: not trusted as the learner's.
            (
                r#"{"messages":[{"role":"user","role":"assistant","text":"5100"}]}"#,
                r#"{"messages":[{"role":"user","role":"assistant","text":{MARK}}]}"#,
                &["total_lag"],
            ),
            // A user message's other fields are still scrubbed; a non-string text too.
            (
                r#"{"messages":[{"role":"user","text":"5100","at":"5100"},{"role":"user","text":["5100"]}]}"#,
                r#"{"messages":[{"role":"user","text":"5100","at":{MARK}},{"role":"user","text":[{MARK}]}]}"#,
                &["total_lag"],
            ),
            // Items that are not objects, and a messages field that is not a list.
            (
                r#"{"messages":["5100",1],"extra":{"messages":"5100"}}"#,
                r#"{"messages":[{MARK},1],"extra":{"messages":{MARK}}}"#,
                &["total_lag"],
            ),
        ],
    );
    // A message stating two targets gets one nudge (the guard's), not two.
    let out = run(
        Surface::Transcript,
        r#"{"messages":[{"role":"assistant","text":"Total: 5100 on payments-eu-west"}]}"#,
        0,
    );
    let one = guard()
        .guard_reply("Total: 5100 on payments-eu-west", 0)
        .replacement
        .unwrap();
    assert_eq!(
        String::from_utf8(out.body).unwrap(),
        format!(
            r#"{{"messages":[{{"role":"assistant","text":{}}}]}}"#,
            js(&one)
        )
    );
    assert_eq!(out.withheld, ["total_lag", "lagging_topic"]);
}

#[test]
fn sessions_other_and_confirmations_scrub_everything() {
    for surface in [Surface::Sessions, Surface::Other, Surface::Confirmations] {
        check_table(
            surface,
            &[
                (
                    r#"{"sessions":[{"session_id":"s1","title":"Lag","last_update_time":"t"}]}"#,
                    r#"{"sessions":[{"session_id":"s1","title":"Lag","last_update_time":"t"}]}"#,
                    &[],
                ),
                (
                    r#"{"sessions":[{"session_id":"s1","title":"Lag is 5100"},{"session_id":"s2","title":"payments-eu-west"}]}"#,
                    r#"{"sessions":[{"session_id":"s1","title":{MARK}},{"session_id":"s2","title":{MARK}}]}"#,
                    &["total_lag", "lagging_topic"],
                ),
                (
                    r#"{"pending":{"tool_name":"save_note","level":2,"args":{"text":"lag 5100","count":5100,"nested":[5100.0,"5,100"]},"created_at":"t"}}"#,
                    r#"{"pending":{"tool_name":"save_note","level":2,"args":{"text":{MARK},"count":{MARK},"nested":[{MARK},{MARK}]},"created_at":"t"}}"#,
                    &["total_lag"],
                ),
                (r#"{"pending":null}"#, r#"{"pending":null}"#, &[]),
                (r#"5100"#, r#"{MARK}"#, &["total_lag"]),
                (r#""5100""#, r#"{MARK}"#, &["total_lag"]),
                (
                    r#"[true,null,-5100,510]"#,
                    r#"[true,null,{MARK},510]"#,
                    &["total_lag"],
                ),
            ],
        );
    }
}

/// Forms only the real matcher knows (separators, abbreviations, words) reach it through
/// every surface: the rewrite hands it whole strings.
#[test]
fn separated_and_spelled_forms_are_scrubbed() {
    let out = run(
        Surface::Other,
        r#"{"a":"5,100","b":"5.1k","c":"five thousand one hundred","d":"ok 51000"}"#,
        0,
    );
    assert_eq!(
        String::from_utf8(out.body).unwrap(),
        expand(r#"{"a":{MARK},"b":{MARK},"c":{MARK},"d":"ok 51000"}"#)
    );
    let out = run(
        Surface::Chat,
        r#"{"response":"The lag is 5 100 messages."}"#,
        0,
    );
    assert_eq!(
        String::from_utf8(out.body).unwrap(),
        expand(r#"{"response":{NUDGE}}"#)
    );
}

#[test]
fn numbers_are_checked_in_their_written_and_integral_forms() {
    for n in [
        "5100",
        "-5100",
        "5100.0",
        "5.1e3",
        "5.1E+3",
        "51e2",
        "510000e-2",
    ] {
        let body = format!(r#"{{"n":{n}}}"#);
        let out = run(Surface::Other, &body, 0);
        assert_eq!(
            String::from_utf8(out.body).unwrap(),
            expand(r#"{"n":{MARK}}"#),
            "{n}"
        );
    }
    for n in ["510", "51000", "5101", "5100.5", "1e400", "0.0051"] {
        let body = format!(r#"{{"n":{n}}}"#);
        let out = run(Surface::Other, &body, 0);
        assert!(!out.changed, "{n}");
    }
}

#[test]
fn triage_keeps_only_the_severity() {
    check_table(
        Surface::Triage,
        &[
            (
                r#"{"session_id":"s1","severity":"high","report":"Total lag 5100 on orders"}"#,
                r#"{"session_id":"s1","severity":"high"}"#,
                &[],
            ),
            (
                r#"{"session_id":"s1","incident_severity":"SEV2","triage_report":"anything"}"#,
                r#"{"session_id":"s1","incident_severity":"SEV2"}"#,
                &[],
            ),
            (
                r#"{"session_id":"s1","severity":"high"}"#,
                r#"{"session_id":"s1","severity":"high"}"#,
                &[],
            ),
            // Kept fields are scrubbed too.
            (
                r#"{"session_id":"s1","severity":"5100 behind"}"#,
                r#"{"session_id":"s1","severity":{MARK}}"#,
                &["total_lag"],
            ),
            // A newer field is dropped until someone lists it.
            (
                r#"{"session_id":"s1","severity":"low","summary":"ok","tags":["a"]}"#,
                r#"{"session_id":"s1","severity":"low"}"#,
                &[],
            ),
            // Not an object: nothing is on the allow-list.
            (r#"["report"]"#, r#"{}"#, &[]),
            (r#""report""#, r#"{}"#, &[]),
        ],
    );
}

#[test]
fn activity_keeps_only_the_listed_entry_fields() {
    check_table(
        Surface::Activity,
        &[
            (
                r#"{"session_id":"s1","entries":[{"operation":"get_consumer_lag","details":"group=orders lag=5100","timestamp":"t1"}]}"#,
                r#"{"session_id":"s1","entries":[{"operation":"get_consumer_lag","timestamp":"t1"}]}"#,
                &[],
            ),
            (
                r#"{"session_id":"s1","entries":[{"operation":"save_note","agent":"ops","status":"ok","args_summary":"text=5100","timestamp":"t1"}]}"#,
                r#"{"session_id":"s1","entries":[{"operation":"save_note","agent":"ops","status":"ok","timestamp":"t1"}]}"#,
                &[],
            ),
            (
                r#"{"session_id":"s1","entries":[{"operation":"op","agent":"ops","status":"ok","timestamp":"t1"}]}"#,
                r#"{"session_id":"s1","entries":[{"operation":"op","agent":"ops","status":"ok","timestamp":"t1"}]}"#,
                &[],
            ),
            // Kept fields scrubbed; unknown top-level members dropped; odd entries emptied.
            (
                r#"{"session_id":"s1","summary":"x","entries":[{"operation":"5100","status":5100},"5100",[1]]}"#,
                r#"{"session_id":"s1","entries":[{"operation":{MARK},"status":{MARK}},{},{}]}"#,
                &["total_lag"],
            ),
            (
                r#"{"session_id":"s1","entries":{"operation":"op"}}"#,
                r#"{"session_id":"s1","entries":[]}"#,
                &[],
            ),
            (r#"[{"operation":"op"}]"#, r#"{}"#, &[]),
        ],
    );
}

#[test]
fn unchanged_bodies_stay_byte_identical() {
    let bodies = [
        "{\"session_id\" : \"s1\",\n\t\"response\":\"fine\" }\n",
        "\u{feff}{\"response\":\"fine\"}",
        r#"{"z":1,"a":2,"m":{"y":[1.50,2e3,"\u00e9\/"]}}"#,
        r#"{"sessions":[]}"#,
        "  [ ]  ",
    ];
    for surface in [
        Surface::Chat,
        Surface::Transcript,
        Surface::Sessions,
        Surface::Confirmations,
        Surface::Other,
    ] {
        for body in bodies {
            let out = run(surface, body, 0);
            assert!(!out.changed, "{surface:?} {body}");
            assert_eq!(out.body, body.as_bytes(), "{surface:?} {body}");
            assert!(out.withheld.is_empty());
        }
    }
}

#[test]
fn level_three_passes_every_surface_unchanged_except_me() {
    let body = r#"{"session_id":"s1","response":"5100","report":"5100","entries":[]}"#;
    for surface in [
        Surface::Chat,
        Surface::Transcript,
        Surface::Sessions,
        Surface::Triage,
        Surface::Activity,
        Surface::Confirmations,
        Surface::Other,
    ] {
        for level in [3, 4, 255] {
            let out = run(surface, body, level);
            assert_eq!(out.body, body.as_bytes(), "{surface:?}");
            assert!(!out.changed && out.withheld.is_empty());
        }
    }
    // Levels below 3 all guard.
    for level in 0..3 {
        assert!(run(Surface::Chat, body, level).changed, "level {level}");
    }
}

#[test]
fn level_changes_the_nudge_not_the_decision() {
    for level in 0..3 {
        let out = run(Surface::Chat, r#"{"response":"5100"}"#, level);
        assert_eq!(
            String::from_utf8(out.body).unwrap(),
            format!(r#"{{"response":{}}}"#, js(&nudge(level)))
        );
    }
}

#[test]
fn unparseable_bodies_are_checked_as_text() {
    for surface in [
        Surface::Chat,
        Surface::Triage,
        Surface::Activity,
        Surface::Other,
    ] {
        // Stating a target: the fixed error body.
        for body in [
            &b"{\"response\":\"lag 5100\""[..],
            b"lag: 5100",
            b"{\"response\":\"\\u0035100\"",
            b"\xff\xfe lag 5100",
            b"{\"a\":\"5100\",}",
        ] {
            let out = rewrite_json(surface, body, &guard(), 0, &SurfacePolicy::default());
            assert_eq!(out.body, WITHHELD_BODY, "{surface:?} {body:?}");
            assert_eq!(out.withheld, ["total_lag"]);
            assert!(out.changed);
        }
        // Stating none: unchanged.
        for body in [
            &b""[..],
            b"not json",
            b"\xff\xfe",
            b"{\"a\":1,}",
            b"<html>502</html>",
        ] {
            let out = rewrite_json(surface, body, &guard(), 0, &SurfacePolicy::default());
            assert_eq!(out.body, body, "{surface:?} {body:?}");
            assert!(!out.changed && out.withheld.is_empty());
        }
    }
    // Nesting deeper than the parser takes is treated as text too.
    let deep = "[".repeat(200) + "\"5100\"" + &"]".repeat(200);
    let out = run(Surface::Other, &deep, 0);
    assert_eq!(out.body, WITHHELD_BODY);
    let deep_clean = "[".repeat(200) + &"]".repeat(200);
    assert!(!run(Surface::Other, &deep_clean, 0).changed);
}

#[test]
fn policy_field_names_are_configurable() {
    let policy: SurfacePolicy = serde_json::from_str(
        r#"{"chat_reply_field":"answer","triage_keep":["id","level"],
            "activity_entry_keep":["op"],"transcript_user_roles":["human"]}"#,
    )
    .unwrap();
    let g = guard();
    let out = rewrite_json(
        Surface::Chat,
        br#"{"answer":"5100","response":"5100"}"#,
        &g,
        0,
        &policy,
    );
    assert_eq!(
        String::from_utf8(out.body).unwrap(),
        expand(r#"{"answer":{NUDGE},"response":{MARK}}"#)
    );
    let out = rewrite_json(
        Surface::Triage,
        br#"{"id":"s","level":"high","severity":"x"}"#,
        &g,
        0,
        &policy,
    );
    assert_eq!(out.body, br#"{"id":"s","level":"high"}"#);
    let out = rewrite_json(
        Surface::Activity,
        br#"{"session_id":"s","entries":[{"op":"a","operation":"b"}]}"#,
        &g,
        0,
        &policy,
    );
    assert_eq!(out.body, br#"{"session_id":"s","entries":[{"op":"a"}]}"#);
    let out = rewrite_json(
        Surface::Transcript,
        br#"{"messages":[{"role":"human","text":"5100"},{"role":"user","text":"5100"}]}"#,
        &g,
        0,
        &policy,
    );
    assert_eq!(
        String::from_utf8(out.body).unwrap(),
        expand(r#"{"messages":[{"role":"human","text":"5100"},{"role":"user","text":{MARK}}]}"#)
    );
    // Unknown policy fields are refused; an empty policy is the default.
    assert!(serde_json::from_str::<SurfacePolicy>(r#"{"chat_reply":"x"}"#).is_err());
    assert_eq!(
        serde_json::from_str::<SurfacePolicy>("{}").unwrap(),
        SurfacePolicy::default()
    );
}

fn block(level: u8) -> LearningBlock {
    LearningBlock {
        scenario_id: "kafka-lag-7f3a".into(),
        level,
        max_level: 3,
        can_take_hint: level < 3,
    }
}

#[test]
fn me_gets_the_learning_block_at_every_level() {
    let body = br#"{"subject":"alice","role":"viewer","autonomy_level":2,"model_name":"m","learning":{"level":3}}"#;
    let out = add_learning_block(body, &block(1), &guard(), 1);
    assert_eq!(
        String::from_utf8(out.body).unwrap(),
        r#"{"subject":"alice","role":"viewer","autonomy_level":2,"model_name":"m","learning":{"scenario_id":"kafka-lag-7f3a","level":1,"max_level":3,"can_take_hint":true}}"#
    );
    assert!(out.changed && out.withheld.is_empty());
    // Scrubbed below level 3, not at 3; the block is there either way.
    let body = br#"{"subject":"5100","x":[5100]}"#;
    let out = add_learning_block(body, &block(0), &guard(), 0);
    assert_eq!(
        String::from_utf8(out.body).unwrap(),
        expand(
            r#"{"subject":{MARK},"x":[{MARK}],"learning":{"scenario_id":"kafka-lag-7f3a","level":0,"max_level":3,"can_take_hint":true}}"#
        )
    );
    assert_eq!(out.withheld, ["total_lag"]);
    let out = add_learning_block(body, &block(3), &guard(), 3);
    assert_eq!(
        String::from_utf8(out.body).unwrap(),
        r#"{"subject":"5100","x":[5100],"learning":{"scenario_id":"kafka-lag-7f3a","level":3,"max_level":3,"can_take_hint":false}}"#
    );
    // An empty object; a body that is not an object gets no block.
    let out = add_learning_block(b"{}", &block(0), &guard(), 0);
    assert_eq!(
        out.body,
        br#"{"learning":{"scenario_id":"kafka-lag-7f3a","level":0,"max_level":3,"can_take_hint":true}}"#
    );
    let out = add_learning_block(br#"["5100"]"#, &block(0), &guard(), 0);
    assert_eq!(String::from_utf8(out.body).unwrap(), expand("[{MARK}]"));
    let out = add_learning_block(b"oops 5100", &block(0), &guard(), 0);
    assert_eq!(out.body, WITHHELD_BODY);
    // A scenario id that needs escaping stays valid JSON.
    let mut b = block(0);
    b.scenario_id = "a\"b\\c".into();
    let out = add_learning_block(b"{}", &b, &guard(), 0);
    let v: serde_json::Value = serde_json::from_slice(&out.body).unwrap();
    assert_eq!(v["learning"]["scenario_id"], "a\"b\\c");
}

#[test]
fn healthz() {
    type Case<'a> = (Option<&'a [u8]>, Option<&'a str>, &'a str);
    let cases: &[Case] = &[
        (
            None,
            Some("kafka-lag-7f3a"),
            r#"{"status":"ok","mode":"learning","scenario_id":"kafka-lag-7f3a"}"#,
        ),
        (
            Some(br#"{"status":"ok"}"#),
            Some("s2"),
            r#"{"status":"ok","mode":"learning","scenario_id":"s2"}"#,
        ),
        (
            Some(br#"{"status":"degraded","version":"1.2","mode":"x","scenario_id":"old"}"#),
            Some("s2"),
            r#"{"status":"degraded","version":"1.2","mode":"learning","scenario_id":"s2"}"#,
        ),
        (
            Some(br#"{"status":"ok","version":"1.2"}"#),
            None,
            r#"{"version":"1.2","status":"not_ready","mode":"learning","scenario_id":null}"#,
        ),
        (
            None,
            None,
            r#"{"status":"not_ready","mode":"learning","scenario_id":null}"#,
        ),
        (
            Some(b"not json"),
            Some("s"),
            r#"{"status":"ok","mode":"learning","scenario_id":"s"}"#,
        ),
    ];
    for (upstream, id, expected) in cases {
        let got = healthz_body(*upstream, *id);
        assert_eq!(String::from_utf8(got).unwrap(), *expected);
    }
}

#[test]
fn surface_names() {
    let names: Vec<&str> = [
        Surface::Chat,
        Surface::Transcript,
        Surface::Sessions,
        Surface::Triage,
        Surface::Activity,
        Surface::Confirmations,
        Surface::Me,
        Surface::Other,
    ]
    .iter()
    .map(Surface::name)
    .collect();
    assert_eq!(
        names,
        [
            "chat",
            "transcript",
            "sessions",
            "triage",
            "activity",
            "confirmations",
            "me",
            "other"
        ]
    );
}

#[test]
fn the_withheld_mark_is_what_scrubbing_writes() {
    let out = run(Surface::Other, r#"{"a":"5100"}"#, 0);
    let v: serde_json::Value = serde_json::from_slice(&out.body).unwrap();
    assert_eq!(v["a"], WITHHELD_MARK);
}
