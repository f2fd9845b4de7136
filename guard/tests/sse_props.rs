//! Property tests for the streaming hold (native only: proptest does not run in wasm; the
//! hand-rolled random chunkings in `sse.rs` cover wasm).
#![cfg(not(target_arch = "wasm32"))]
mod surfaces_fixtures;

use orrery_learning_guard::sse::{SseGuard, StreamOut, StreamPolicy};
use proptest::prelude::*;
use surfaces_fixtures::guard;

#[derive(Debug, Clone)]
struct GenFrame {
    event: Option<&'static str>,
    data: Vec<String>,
    id: Option<String>,
    comment: Option<&'static str>,
}

fn text() -> impl Strategy<Value = String> {
    prop_oneof![
        4 => "[a-z é☕{}\":,]{0,12}",
        1 => Just("lag 5100".to_string()),
        1 => Just("{\"response\":\"5100\"}".to_string()),
        1 => Just("{\"tool\":\"payments-eu-west\"}".to_string()),
        1 => Just("5".to_string()),
    ]
}

fn frame() -> impl Strategy<Value = GenFrame> {
    (
        prop::option::of(prop::sample::select(vec![
            "delta", "progress", "message", "end", "error", "custom", "",
        ])),
        prop::collection::vec(text(), 0..3),
        prop::option::of(prop_oneof![Just("7".to_string()), Just("5100".to_string())]),
        prop::option::of(prop::sample::select(vec!["", " keep", " 5100"])),
    )
        .prop_map(|(event, data, id, comment)| GenFrame {
            event,
            data,
            id,
            comment,
        })
}

/// Serialise generated frames with a line end chosen per line; delta data carries a marker.
fn serialise(frames: &[GenFrame], eols: &[u8], bom: bool) -> Vec<u8> {
    let mut lines: Vec<String> = Vec::new();
    for f in frames {
        if let Some(c) = f.comment {
            lines.push(format!(":{c}"));
        }
        if let Some(e) = f.event {
            lines.push(format!("event: {e}"));
        }
        for d in &f.data {
            if f.event == Some("delta") {
                lines.push(format!("data: DELTA{d}"));
            } else {
                lines.push(format!("data: {d}"));
            }
        }
        if let Some(id) = &f.id {
            lines.push(format!("id: {id}"));
        }
        lines.push(String::new());
    }
    let mut out = if bom {
        "\u{feff}".as_bytes().to_vec()
    } else {
        Vec::new()
    };
    for (i, l) in lines.iter().enumerate() {
        out.extend_from_slice(l.as_bytes());
        let next_empty = lines.get(i + 1).is_some_and(|n| n.is_empty());
        let eol: &[u8] = match eols[i % eols.len()] % 3 {
            0 => b"\n",
            1 => b"\r\n",
            // A CR before an empty line would merge with its LF into one CRLF.
            _ if next_empty => b"\r\n",
            _ => b"\r",
        };
        out.extend_from_slice(eol);
    }
    out
}

fn run(input: &[u8], cuts: &[usize], level: u8) -> StreamOut {
    let g = guard();
    let mut hold = SseGuard::new(StreamPolicy::default());
    let mut all = StreamOut::default();
    let mut at = 0;
    let mut points: Vec<usize> = cuts.iter().map(|c| c % (input.len() + 1)).collect();
    points.sort_unstable();
    points.push(input.len());
    for p in points {
        let o = hold.push(&input[at..p], &g, level);
        all.bytes.extend(o.bytes);
        all.withheld.extend(o.withheld);
        all.failed |= o.failed;
        at = p;
    }
    let o = hold.finish(&g, level);
    all.bytes.extend(o.bytes);
    all.withheld.extend(o.withheld);
    all.failed |= o.failed;
    all.withheld.dedup();
    all
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn chunking_never_changes_the_output(
        frames in prop::collection::vec(frame(), 0..8),
        eols in prop::collection::vec(any::<u8>(), 1..8),
        bom in any::<bool>(),
        cuts in prop::collection::vec(any::<usize>(), 0..12),
        level in 0u8..4,
    ) {
        let input = serialise(&frames, &eols, bom);
        let whole = run(&input, &[], level);
        let chunked = run(&input, &cuts, level);
        prop_assert_eq!(&chunked.bytes, &whole.bytes);
        prop_assert_eq!(chunked.failed, whole.failed);
        prop_assert!(!whole.failed);
    }

    #[test]
    fn no_delta_text_and_no_target_below_level_three(
        frames in prop::collection::vec(frame(), 0..8),
        eols in prop::collection::vec(any::<u8>(), 1..8),
        cuts in prop::collection::vec(any::<usize>(), 0..6),
        level in 0u8..3,
    ) {
        let input = serialise(&frames, &eols, false);
        let out = run(&input, &cuts, level);
        let text = String::from_utf8(out.bytes).unwrap();
        prop_assert!(!text.contains("DELTA"), "{}", text);
        let g = guard();
        for frame in text.split("\n\n") {
            prop_assert!(g.find(frame).is_empty(), "{}", frame);
        }
    }

    #[test]
    fn arbitrary_bytes_never_panic_and_stay_chunk_independent(
        input in prop::collection::vec(prop_oneof![
            Just(b'\n'), Just(b'\r'), Just(b':'), Just(b' '), Just(b'd'), any::<u8>()
        ], 0..200),
        cuts in prop::collection::vec(any::<usize>(), 0..6),
    ) {
        let whole = run(&input, &[], 0);
        let chunked = run(&input, &cuts, 0);
        prop_assert_eq!(chunked.bytes, whole.bytes);
        prop_assert_eq!(chunked.failed, whole.failed);
    }
}
