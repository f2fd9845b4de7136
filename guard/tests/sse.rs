//! The streaming hold: exact output for realistic streams, the same output however the input
//! is chunked, no delta text ever out, progress out at once, and the fail-closed cases.
mod surfaces_fixtures;

use orrery_learning_guard::guard::{Guard, WITHHELD_MARK};
use orrery_learning_guard::sse::{error_frame, SseGuard, StreamOut, StreamPolicy};
use surfaces_fixtures::{guard, js, nudge, Rng};

/// A turn as Orrery streams it: the value split across deltas, whole in the message frame.
const STREAM: &str = concat!(
    ": stream open\n",
    "\n",
    "event: progress\n",
    "data: {\"tool\":\"kafka.get_consumer_lag\",\"outcome\":\"ok\"}\n",
    "\n",
    "event: delta\n",
    "data: {\"text\":\"The total lag is 51\"}\n",
    "\n",
    "event: delta\n",
    "data: {\"text\":\"00 messages — café ☕.\"}\n",
    "\n",
    ":\n",
    "\n",
    "event: progress\n",
    "data: {\"tool\":\"observability.query\",\"outcome\":\"error\",\"note\":\"saw 5100\"}\n",
    "\n",
    "event: message\n",
    "id: 42\n",
    "data: {\"session_id\":\"s1\",\n",
    "data: \"response\":\"The total lag is 5100 messages — café ☕.\"}\n",
    "\n",
    "event: end\n",
    "data: {\"session_id\":\"s1\"}\n",
    "\n",
);

/// What the learner gets for [`STREAM`] at level 0.
fn expected_level0() -> String {
    format!(
        concat!(
            "event: progress\n",
            "data: {{\"tool\":\"kafka.get_consumer_lag\",\"outcome\":\"ok\"}}\n",
            "\n",
            ":\n",
            "\n",
            "event: progress\n",
            "data: {{\"tool\":\"observability.query\",\"outcome\":\"error\",\"note\":{}}}\n",
            "\n",
            "event: message\n",
            "data: {{\"session_id\":\"s1\",\"response\":{}}}\n",
            "id: 42\n",
            "\n",
            "event: end\n",
            "data: {{\"session_id\":\"s1\"}}\n",
            "\n",
        ),
        js(WITHHELD_MARK),
        js(&nudge(0)),
    )
}

/// Run a stream given as chunks; returns every output byte, the withheld ids (union, in
/// order) and whether the stream failed.
fn run_chunks(g: &Guard, policy: &StreamPolicy, chunks: &[&[u8]], level: u8) -> StreamOut {
    let mut hold = SseGuard::new(policy.clone());
    let mut all = StreamOut::default();
    let mut add = |o: StreamOut| {
        all.bytes.extend(o.bytes);
        for id in o.withheld {
            if !all.withheld.contains(&id) {
                all.withheld.push(id);
            }
        }
        all.failed |= o.failed;
    };
    for c in chunks {
        add(hold.push(c, g, level));
    }
    add(hold.finish(g, level));
    all
}

fn run(input: &[u8], level: u8) -> StreamOut {
    run_chunks(&guard(), &StreamPolicy::default(), &[input], level)
}

fn text(out: &StreamOut) -> String {
    String::from_utf8(out.bytes.clone()).unwrap()
}

/// The stream with every LF replaced by `eol`.
fn with_eol(s: &str, eol: &str) -> String {
    s.replace('\n', eol)
}

#[test]
fn realistic_stream_single_chunk() {
    let out = run(STREAM.as_bytes(), 0);
    assert_eq!(text(&out), expected_level0());
    assert_eq!(out.withheld, ["total_lag"]);
    assert!(!out.failed);
}

#[test]
fn line_end_variants_and_bom_give_the_same_output() {
    for eol in ["\n", "\r\n", "\r"] {
        for bom in ["", "\u{feff}"] {
            let input = format!("{bom}{}", with_eol(STREAM, eol));
            let out = run(input.as_bytes(), 0);
            assert_eq!(text(&out), expected_level0(), "eol {eol:?} bom {bom:?}");
        }
    }
    // Mixed line ends in one stream.
    // (A CR is never followed by an empty LF-ended line here: that would be one CRLF.)
    let lines: Vec<&str> = STREAM.lines().collect();
    let mixed = lines
        .iter()
        .enumerate()
        .map(|(i, l)| {
            let next_empty = lines.get(i + 1).is_some_and(|n| n.is_empty());
            let eol = match i % 3 {
                0 => "\n",
                1 => "\r\n",
                _ if next_empty => "\r\n",
                _ => "\r",
            };
            format!("{l}{eol}")
        })
        .collect::<String>();
    assert!(mixed.contains("\r") && mixed.contains("\r\n"));
    assert_eq!(text(&run(mixed.as_bytes(), 0)), expected_level0());
}

#[test]
fn split_at_every_byte_position_matches_single_chunk() {
    let g = guard();
    let policy = StreamPolicy::default();
    for eol in ["\n", "\r\n", "\r"] {
        let input = format!("\u{feff}{}", with_eol(STREAM, eol));
        let bytes = input.as_bytes();
        let whole = run_chunks(&g, &policy, &[bytes], 0);
        for cut in 0..=bytes.len() {
            let out = run_chunks(&g, &policy, &[&bytes[..cut], &bytes[cut..]], 0);
            assert_eq!(out, whole, "eol {eol:?} cut at {cut}");
        }
        let singles: Vec<&[u8]> = bytes.chunks(1).collect();
        assert_eq!(
            run_chunks(&g, &policy, &singles, 0),
            whole,
            "eol {eol:?} 1-byte"
        );
    }
}

#[test]
fn random_chunkings_match_single_chunk() {
    let g = guard();
    let policy = StreamPolicy::default();
    let mut rng = Rng(0x5EED_CAFE_F00D_0001);
    for eol in ["\n", "\r\n", "\r"] {
        let input = with_eol(STREAM, eol);
        let bytes = input.as_bytes();
        let whole = run_chunks(&g, &policy, &[bytes], 0);
        for round in 0..150 {
            let mut chunks: Vec<&[u8]> = Vec::new();
            let mut at = 0;
            while at < bytes.len() {
                let n = 1 + rng.below(if round % 2 == 0 { 8 } else { 80 });
                let end = (at + n).min(bytes.len());
                chunks.push(&bytes[at..end]);
                if rng.below(5) == 0 {
                    chunks.push(b""); // empty chunks are harmless
                }
                at = end;
            }
            assert_eq!(run_chunks(&g, &policy, &chunks, 0), whole, "round {round}");
        }
    }
}

#[test]
fn no_delta_text_ever_reaches_the_output() {
    let input = concat!(
        "event: delta\ndata: DELTA-ONE\n\n",
        "data: DELTA-TWO\nevent: delta\n\n",
        "event: delta\nid: DELTA-ID\nretry: 100\n\n",
        "event: delta\n\n",
        "event: message\ndata: {\"response\":\"fine\"}\n\n",
    );
    for level in [0, 1, 2, 3] {
        let out = run(input.as_bytes(), level);
        let t = text(&out);
        assert!(!t.contains("DELTA"), "level {level}: {t}");
        assert_eq!(t, "event: message\ndata: {\"response\":\"fine\"}\n\n");
    }
}

#[test]
fn progress_comes_out_from_the_push_that_completes_it() {
    let g = guard();
    let mut hold = SseGuard::new(StreamPolicy::default());
    let first = hold.push(b"event: progress\ndata: {\"tool\":\"a\"}\n", &g, 0);
    assert!(
        first.bytes.is_empty(),
        "not complete without its blank line"
    );
    let second = hold.push(b"\nevent: message\ndata: {\"resp", &g, 0);
    assert_eq!(second.bytes, b"event: progress\ndata: {\"tool\":\"a\"}\n\n");
    // The blank line arriving as a CR completes the frame at once; its LF comes later.
    let mut hold = SseGuard::new(StreamPolicy::default());
    let out = hold.push(b"event: progress\r\ndata: x\r\n\r", &g, 0);
    assert_eq!(out.bytes, b"event: progress\ndata: x\n\n");
    assert!(hold.push(b"\n", &g, 0).bytes.is_empty());
    assert!(!hold.finish(&g, 0).failed);
}

#[test]
fn the_value_split_across_deltas_is_withheld_from_the_message() {
    let out = run(STREAM.as_bytes(), 0);
    let t = text(&out);
    assert!(guard().find(&t).is_empty(), "{t}");
    assert!(!t.contains("51"), "{t}");
    assert!(t.contains(&nudge(0)));
}

#[test]
fn frame_table() {
    let n0 = js(&nudge(0));
    let mark = js(WITHHELD_MARK);
    let rows: Vec<(&str, String, &[&str])> = vec![
        // A frame with no event line is a message.
        (
            "data: {\"response\":\"lag 5100\"}\n\n",
            format!("data: {{\"response\":{n0}}}\n\n"),
            &["total_lag"],
        ),
        // Message data that is not JSON: the whole text is the reply.
        (
            "event: message\ndata: the lag is\ndata: 5100\n\n",
            format!("event: message\ndata: {}\n\n", nudge(0)),
            &["total_lag"],
        ),
        (
            "event: message\ndata: all good\n\n",
            "event: message\ndata: all good\n\n".into(),
            &[],
        ),
        // Other strings in a message frame are scrubbed, not nudged.
        (
            "event: message\ndata: {\"response\":\"ok\",\"meta\":{\"n\":5100}}\n\n",
            format!("event: message\ndata: {{\"response\":\"ok\",\"meta\":{{\"n\":{mark}}}}}\n\n"),
            &["total_lag"],
        ),
        // Progress / end / error / unknown data scrubbed, as JSON or as text.
        (
            "event: progress\ndata: saw 5100\n\n",
            format!("event: progress\ndata: {WITHHELD_MARK}\n\n"),
            &["total_lag"],
        ),
        (
            "event: error\ndata: {\"error\":\"lag 5100 too high\"}\n\n",
            format!("event: error\ndata: {{\"error\":{mark}}}\n\n"),
            &["total_lag"],
        ),
        (
            "event: done\ndata: payments-eu-west\n\n",
            format!("event: done\ndata: {WITHHELD_MARK}\n\n"),
            &["lagging_topic"],
        ),
        (
            "event: custom\ndata: [\"payments-eu-west\", 1]\n\n",
            format!("event: custom\ndata: [{mark},1]\n\n"),
            &["lagging_topic"],
        ),
        (
            "event: custom\ndata: fine\n\n",
            "event: custom\ndata: fine\n\n".into(),
            &[],
        ),
        // An unknown event whose name states a target is dropped whole.
        (
            "event: lag-5100\ndata: x\n\n",
            String::new(),
            &["total_lag"],
        ),
        // id and retry lines that state a target are left out.
        (
            "event: progress\nid: 5100\nretry: 5100\ndata: x\n\n",
            "event: progress\ndata: x\n\n".into(),
            &["total_lag"],
        ),
        (
            "event: progress\nid: 7\nretry: 3000\ndata: x\n\n",
            "event: progress\ndata: x\nid: 7\nretry: 3000\n\n".into(),
            &[],
        ),
        // Comments are dropped; a bare keep-alive frame is kept; unknown fields dropped.
        (": the lag is 5100\n\n", String::new(), &[]),
        (":\n\n", ":\n\n".into(), &[]),
        (": \n\n", ":\n\n".into(), &[]),
        (
            ":\nevent: progress\ndata: x\n\n",
            "event: progress\ndata: x\n\n".into(),
            &[],
        ),
        ("foo: 5100\n\n", String::new(), &[]),
        ("\n\n\n", String::new(), &[]),
        // Canonical form: one space after the colon, data split on lines, empty data kept.
        (
            "event:progress\ndata:a\ndata:\n\n",
            "event: progress\ndata: a\ndata:\n\n".into(),
            &[],
        ),
        ("data:  indented\n\n", "data:  indented\n\n".into(), &[]),
        ("data\n\n", "data:\n\n".into(), &[]),
        ("event:\ndata: x\n\n", "data: x\n\n".into(), &[]),
        ("id: 3\n\n", "id: 3\n\n".into(), &[]),
    ];
    for (i, (input, expected, ids)) in rows.iter().enumerate() {
        let out = run(input.as_bytes(), 0);
        assert_eq!(text(&out), *expected, "row {i}: {input:?}");
        assert_eq!(out.withheld, *ids, "row {i} withheld");
        assert!(!out.failed, "row {i}");
    }
}

#[test]
fn level_three_drops_deltas_and_passes_the_rest() {
    let out = run(STREAM.as_bytes(), 3);
    let expected = concat!(
        "event: progress\n",
        "data: {\"tool\":\"kafka.get_consumer_lag\",\"outcome\":\"ok\"}\n",
        "\n",
        ":\n",
        "\n",
        "event: progress\n",
        "data: {\"tool\":\"observability.query\",\"outcome\":\"error\",\"note\":\"saw 5100\"}\n",
        "\n",
        "event: message\n",
        "data: {\"session_id\":\"s1\",\n",
        "data: \"response\":\"The total lag is 5100 messages — café ☕.\"}\n",
        "id: 42\n",
        "\n",
        "event: end\n",
        "data: {\"session_id\":\"s1\"}\n",
        "\n",
    );
    assert_eq!(text(&out), expected);
    assert!(out.withheld.is_empty());
    // Levels below 3 all guard.
    for level in 0..3 {
        assert!(!text(&run(STREAM.as_bytes(), level)).contains("5100"));
    }
}

#[test]
fn the_nudge_follows_the_level() {
    for level in 0..3 {
        let out = run(b"data: {\"response\":\"5100\"}\n\n", level);
        assert_eq!(
            text(&out),
            format!("data: {{\"response\":{}}}\n\n", js(&nudge(level)))
        );
    }
}

#[test]
fn oversize_frame_fails_closed() {
    let g = guard();
    let policy = StreamPolicy {
        max_frame_bytes: 64,
        ..StreamPolicy::default()
    };
    let big = format!("event: progress\ndata: {}\n\n", "x".repeat(100));
    let input = format!("event: progress\ndata: small\n\n{big}event: progress\ndata: after\n\n");
    let bytes = input.as_bytes();
    let expected = [
        &b"event: progress\ndata: small\n\n"[..],
        &error_frame(&policy),
    ]
    .concat();
    let whole = run_chunks(&g, &policy, &[bytes], 0);
    assert_eq!(whole.bytes, expected);
    assert!(whole.failed);
    for cut in 0..=bytes.len() {
        let out = run_chunks(&g, &policy, &[&bytes[..cut], &bytes[cut..]], 0);
        assert_eq!(out, whole, "cut at {cut}");
    }
    // Once failed, later pushes give nothing and still say failed.
    let mut hold = SseGuard::new(policy.clone());
    assert!(hold.push(big.as_bytes(), &g, 0).failed);
    let later = hold.push(b"event: progress\ndata: x\n\n", &g, 0);
    assert!(later.failed && later.bytes.is_empty());
    assert!(hold.finish(&g, 0).bytes.is_empty());
    assert!(hold.failed());
    // A partial line that outgrows the limit fails at once, without waiting for its end.
    let mut hold = SseGuard::new(policy.clone());
    let out = hold.push(&[b'x'; 65], &g, 0);
    assert!(out.failed);
    assert_eq!(out.bytes, error_frame(&policy));
    // Exactly at the limit is fine (the dispatching blank line does not count).
    let at_limit = format!("data: {}\n\n", "y".repeat(64 - 7));
    let out = run_chunks(&g, &policy, &[at_limit.as_bytes()], 0);
    assert!(!out.failed, "{}", text(&out));
    let over = format!("data: {}\n\n", "y".repeat(64 - 6));
    assert!(run_chunks(&g, &policy, &[over.as_bytes()], 0).failed);
}

#[test]
fn delta_frames_count_toward_the_limit() {
    let policy = StreamPolicy {
        max_frame_bytes: 32,
        ..StreamPolicy::default()
    };
    let input = format!("event: delta\ndata: {}\n\n", "z".repeat(40));
    let out = run_chunks(&guard(), &policy, &[input.as_bytes()], 0);
    assert!(out.failed);
    assert_eq!(out.bytes, error_frame(&policy));
}

#[test]
fn truncated_stream_fails_closed() {
    let g = guard();
    let policy = StreamPolicy::default();
    for tail in [
        "event: message\ndata: {\"response\":\"lag 51",
        "event: message\ndata: {\"response\":\"ok\"}\n",
        "event: message",
        "data: x\r",
        "retry: 10\n",
        "id: 3\n",
    ] {
        let input = format!("event: progress\ndata: a\n\n{tail}");
        let out = run_chunks(&g, &policy, &[input.as_bytes()], 0);
        let expected = [&b"event: progress\ndata: a\n\n"[..], &error_frame(&policy)].concat();
        assert_eq!(out.bytes, expected, "{tail:?}");
        assert!(out.failed, "{tail:?}");
    }
    // A BOM after the start is not skipped: here it makes an unknown field (ignored).
    let out = run_chunks(&g, &policy, &[b"data: a\n\n\xEF\xBB\xBFdata: b\n\n"], 0);
    assert_eq!(out.bytes, b"data: a\n\n");
    // A partial BOM alone is a partial line too.
    let out = run_chunks(&g, &policy, &[b"\xEF\xBB"], 0);
    assert!(out.failed);
    // Ending after a complete frame, or after comments only, is a clean end.
    for input in [
        &b"data: x\n\n"[..],
        b"data: x\r\n\r\n",
        b"data: x\n\n: bye\n",
        b"",
        b"\xEF\xBB\xBF",
    ] {
        let out = run_chunks(&g, &policy, &[input], 0);
        assert!(!out.failed, "{input:?}");
    }
}

#[test]
fn finish_is_idempotent_and_ends_the_stream() {
    let g = guard();
    let mut hold = SseGuard::new(StreamPolicy::default());
    assert!(!hold.push(b"data: x\n\n", &g, 0).bytes.is_empty());
    assert_eq!(hold.finish(&g, 0), StreamOut::default());
    assert_eq!(hold.push(b"data: late\n\n", &g, 0), StreamOut::default());
    assert_eq!(hold.finish(&g, 0), StreamOut::default());
}

#[test]
fn invalid_utf8_is_decoded_lossily_and_still_checked() {
    let out = run(b"event: progress\ndata: \xff5100\xfe\n\n", 0);
    assert_eq!(
        text(&out),
        format!("event: progress\ndata: {WITHHELD_MARK}\n\n")
    );
    let out = run(b"event: progress\ndata: ok \xff\n\n", 0);
    assert_eq!(text(&out), "event: progress\ndata: ok \u{fffd}\n\n");
}

#[test]
fn policy_names_are_configurable() {
    let policy: StreamPolicy = serde_json::from_str(
        r#"{"delta_events":["token"],"message_events":["final"],"message_reply_field":"text",
            "drop_unknown_events":true,"error_events":["failure"],"max_frame_bytes":4096}"#,
    )
    .unwrap();
    let input = concat!(
        "event: token\ndata: 51\n\n",
        "event: delta\ndata: kept as unknown? no: dropped\n\n",
        "event: final\ndata: {\"text\":\"5100\",\"response\":\"5100\"}\n\n",
        "event: progress\ndata: p\n\n",
    );
    let out = run_chunks(&guard(), &policy, &[input.as_bytes()], 0);
    assert_eq!(
        text(&out),
        format!(
            "event: final\ndata: {{\"text\":{},\"response\":{}}}\n\nevent: progress\ndata: p\n\n",
            js(&nudge(0)),
            js(WITHHELD_MARK)
        )
    );
    assert_eq!(
        error_frame(&policy),
        b"event: failure\ndata: {\"error\":\"stream interrupted by the learning sandbox\"}\n\n"
    );
    assert!(serde_json::from_str::<StreamPolicy>(r#"{"max_frame":1}"#).is_err());
    assert_eq!(
        serde_json::from_str::<StreamPolicy>("{}").unwrap(),
        StreamPolicy::default()
    );
}

#[test]
fn output_reparses_to_the_same_output() {
    // The canonical form is a fixed point: feeding the output back at level 3 changes nothing.
    let first = run(STREAM.as_bytes(), 0);
    let again = run(&first.bytes, 3);
    assert_eq!(again.bytes, first.bytes);
}

/// Feed `out` back at level 3 (open policy) and require the same bytes.
fn assert_fixed_point(out: &StreamOut, what: &str) {
    let again = run(&out.bytes, 3);
    assert_eq!(text(&again), text(out), "not a fixed point: {what}");
}

#[test]
fn a_frame_left_with_no_field_is_not_written_as_a_blank_line() {
    // Root cause of fuzz/regressions/sse/fuzz-sse-crash-c97e8ccc: a frame whose only field was
    // withheld (or only an empty `event`) was written as a lone blank line; fed back, that line
    // is an empty frame and is dropped, so the output was not a fixed point ("\n" vs "").
    let rows: [(&str, u8, &str, &[&str]); 8] = [
        ("id: 5100\n\n", 0, "", &["total_lag"]),
        ("retry: 5100\n\n", 0, "", &["total_lag"]),
        ("id: 5100\nretry: 5100\n\n", 2, "", &["total_lag"]),
        ("event:\n\n", 0, "", &[]),
        ("event:\n\n", 3, "", &[]),
        // With a bare keep-alive it is kept as `:`, like a frame with no field.
        (":\nid: 5100\n\n", 0, ":\n\n", &["total_lag"]),
        // The next frame is unaffected.
        ("id: 5100\n\ndata: x\n\n", 0, "data: x\n\n", &["total_lag"]),
        // A frame with a field left is written as before.
        ("id: 7\nretry: 5100\n\n", 0, "id: 7\n\n", &["total_lag"]),
    ];
    for (input, level, expected, ids) in rows {
        let out = run(input.as_bytes(), level);
        assert_eq!(text(&out), expected, "{input:?} at level {level}");
        assert_eq!(out.withheld, ids, "{input:?} withheld");
        assert!(!out.failed);
        assert_fixed_point(&out, input);
    }
}

#[test]
fn fuzz_finding_c97e8ccc_is_a_fixed_point() {
    // The `sse` fuzz target's input fuzz/regressions/sse/fuzz-sse-crash-c97e8ccc, decoded
    // (`cargo fuzz fmt`): level 0, no cuts, the default frame limit. Its third frame holds
    // only an `id`, which the guard withheld when the input was found.
    let input: &[u8] = b"\r\r\r:\r\r?\rid:?)id:\xff\xff\xff\xff?d\xff\xff?\r:\r\r?\rid:?)id:\xff\xff\xff\xff?\xff05'111:id:\xff\xff\xff\xff?\xff~5'111:\x07))))\x01-\r\r\r";
    let whole = run(input, 0);
    assert!(!whole.failed);
    assert!(!text(&whole).ends_with("\n\n\n"), "{:?}", text(&whole));
    assert_fixed_point(&whole, "fuzz finding c97e8ccc");
    let g = guard();
    let singles: Vec<&[u8]> = input.chunks(1).collect();
    assert_eq!(run_chunks(&g, &StreamPolicy::default(), &singles, 0), whole);
    // Its `cargo fuzz tmin` form, fuzz/regressions/sse/fuzz-sse-crash-c97e8ccc-min.
    let min = run(b"id:~5111\r\r", 0);
    assert!(!min.failed);
    assert_fixed_point(&min, "fuzz finding c97e8ccc, minimised");
}
