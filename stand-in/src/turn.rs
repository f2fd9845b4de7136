//! One chat turn, planned before anything is sent: the reply, how `/chat` encodes it, the SSE
//! frames of `/chat/stream`, and what the turn leaves on the other surfaces (triage, activity,
//! pending confirmation). The test-tool prefixes (`echo:` and friends, see the crate doc) are
//! decided here, so `/chat` and `/chat/stream` cannot drift apart.
use crate::script::Script;
use crate::sse::{Frame, LineEnd};
use crate::store::{Activity, Confirmation, Triage, TurnParts};
use serde_json::json;
use std::time::Duration;

/// Gap between frames of an ordinary stream: long enough that each frame is its own chunk.
pub const FRAME_GAP: Duration = Duration::from_millis(20);
/// Gap between frames for `slow echo:`.
pub const SLOW_FRAME_GAP: Duration = Duration::from_millis(300);
/// Longest `big:` reply served (64 MiB), so a typo cannot exhaust memory.
pub const BIG_MAX: usize = 64 << 20;
/// The reply when there is no script and no prefix.
pub const GENERIC_REPLY: &str = "I am the Orrery stand-in. Ask about the orders-processor \
    consumer group, or start a message with `echo: ` to get the rest of it back verbatim.";

/// The tool named in progress frames of prefixed (test-tool) turns.
const ECHO_TOOL: &str = "standin.echo";

/// How `POST /chat` writes its body.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ChatBody {
    /// `{"session_id", "response"}` as JSON.
    Json,
    /// The same JSON, gzip-compressed, with `content-encoding: gzip`.
    Gzip,
    /// `content-type: application/json` but the body is the reply text itself.
    Raw,
}

/// Everything one turn produces.
#[derive(Debug, Clone, PartialEq)]
pub struct Turn {
    pub reply: String,
    /// The reply in pieces, as `delta` frames; their concatenation is `reply`.
    pub deltas: Vec<String>,
    /// Tool names shown as `progress` frames, interleaved before the deltas.
    pub progress: Vec<String>,
    pub frame_gap: Duration,
    pub line_end: LineEnd,
    /// Send every frame in several chunks, cut inside the frame (`sse-split:`).
    pub split_frames: bool,
    /// Text also carried by a progress frame's `detail` and an unknown `thought` frame (`sse-extra:`).
    pub extra: Option<String>,
    pub chat_body: ChatBody,
    pub triage: Option<Triage>,
    pub activity: Vec<Activity>,
    pub confirmation: Option<Confirmation>,
}

impl Turn {
    /// The parts of this turn its session keeps ([`crate::store::Sessions::record_turn`]).
    pub fn parts(&self) -> TurnParts<'_> {
        TurnParts {
            reply: &self.reply,
            triage: self.triage.as_ref(),
            activity: &self.activity,
            confirmation: self.confirmation.as_ref(),
        }
    }

    /// Plans the turn for `message`: a test-tool prefix first, then the script, then the generic reply.
    pub fn plan(message: &str, script: Option<&Script>) -> Turn {
        if let Some(turn) = Turn::prefixed(message) {
            return turn;
        }
        match script {
            Some(s) => {
                let r = s.pick(message);
                Turn {
                    deltas: split_deltas(&r.reply, 24),
                    reply: r.reply.clone(),
                    progress: r.progress.clone(),
                    frame_gap: FRAME_GAP,
                    line_end: LineEnd::Lf,
                    split_frames: false,
                    extra: None,
                    chat_body: ChatBody::Json,
                    triage: r.triage.as_ref().map(|t| Triage {
                        severity: t.severity.clone(),
                        report: t.report.clone(),
                    }),
                    activity: r
                        .activity
                        .iter()
                        .map(|a| Activity {
                            operation: a.operation.clone(),
                            agent: a.agent.clone(),
                            status: a.status.clone(),
                            details: a.details.clone(),
                        })
                        .collect(),
                    confirmation: r.confirmation.as_ref().map(|c| Confirmation {
                        tool_name: c.tool_name.clone(),
                        level: c.level.clone(),
                        args: c.args.clone(),
                    }),
                }
            }
            None => Turn::plain(GENERIC_REPLY.to_string()),
        }
    }

    fn prefixed(message: &str) -> Option<Turn> {
        if let Some(text) = message.strip_prefix("slow echo: ") {
            let mut t = Turn::echo(text);
            t.frame_gap = SLOW_FRAME_GAP;
            t.progress = vec![ECHO_TOOL.to_string(), ECHO_TOOL.to_string()];
            return Some(t);
        }
        if let Some(text) = message.strip_prefix("echo: ") {
            return Some(Turn::echo(text));
        }
        if let Some(text) = message.strip_prefix("gzip: ") {
            let mut t = Turn::echo(text);
            t.chat_body = ChatBody::Gzip;
            return Some(t);
        }
        if let Some(text) = message.strip_prefix("raw: ") {
            let mut t = Turn::echo(text);
            t.chat_body = ChatBody::Raw;
            return Some(t);
        }
        if let Some(text) = message.strip_prefix("sse-crlf: ") {
            let mut t = Turn::echo(text);
            t.line_end = LineEnd::CrLf;
            return Some(t);
        }
        if let Some(text) = message.strip_prefix("sse-extra: ") {
            let mut t = Turn::echo(text);
            t.extra = Some(text.to_string());
            return Some(t);
        }
        if let Some(text) = message.strip_prefix("sse-split-crlf: ") {
            let mut t = Turn::echo(text);
            t.split_frames = true;
            t.line_end = LineEnd::CrLf;
            return Some(t);
        }
        if let Some(text) = message.strip_prefix("sse-split: ") {
            let mut t = Turn::echo(text);
            t.split_frames = true;
            return Some(t);
        }
        if let Some(n) = message.strip_prefix("big: ") {
            // `big: 4096 fresh`: a reply no turn had before (a word made of a counter's
            // letters leads it), so a guard's cache of texts it has read cannot answer.
            let (n, fresh) = match n.trim().strip_suffix(" fresh") {
                Some(n) => (n, true),
                None => (n, false),
            };
            let n = n.trim().parse::<usize>().ok()?.min(BIG_MAX);
            let mut reply = big_prose(n);
            if fresh {
                let word = fresh_word();
                let keep = n.saturating_sub(word.len());
                reply.truncate(keep);
                reply.insert_str(0, &word);
                reply.truncate(n);
            }
            let mut t = Turn::plain(reply);
            t.deltas = split_deltas(&t.reply, 1024);
            return Some(t);
        }
        None
    }

    /// The echo contract: the text is the reply, the triage report, every activity entry's
    /// details and the pending confirmation's `args.text`.
    fn echo(text: &str) -> Turn {
        let mut t = Turn::plain(text.to_string());
        t.triage = Some(Triage {
            severity: "low".into(),
            report: text.to_string(),
        });
        t.activity = vec![
            Activity {
                operation: "tool_call".into(),
                agent: "echo_specialist".into(),
                status: "ok".into(),
                details: text.to_string(),
            },
            Activity {
                operation: "record_triage_verdict".into(),
                agent: "triage_summarizer".into(),
                status: "ok".into(),
                details: text.to_string(),
            },
        ];
        t.confirmation = Some(Confirmation {
            tool_name: "ops_journal.save_note".into(),
            level: "write".into(),
            args: json!({ "text": text }),
        });
        t
    }

    fn plain(reply: String) -> Turn {
        Turn {
            deltas: split_deltas(&reply, 24),
            reply,
            progress: Vec::new(),
            frame_gap: FRAME_GAP,
            line_end: LineEnd::Lf,
            split_frames: false,
            extra: None,
            chat_body: ChatBody::Json,
            triage: None,
            activity: Vec::new(),
            confirmation: None,
        }
    }

    /// The `/chat/stream` frames: progress and delta interleaved (a progress frame before each
    /// delta while any remain), then the message frame with the full reply, then `end`.
    pub fn frames(&self, session_id: &str) -> Vec<Frame> {
        let mut frames = Vec::new();
        let n = self.progress.len().max(self.deltas.len());
        for i in 0..n {
            if let Some(tool) = self.progress.get(i) {
                frames.push(Frame {
                    event: "progress",
                    data: json!({"tool": tool, "status": "ok"}),
                });
            }
            if let Some(piece) = self.deltas.get(i) {
                frames.push(Frame {
                    event: "delta",
                    data: json!({ "text": piece }),
                });
            }
        }
        if let Some(text) = &self.extra {
            frames.push(Frame {
                event: "progress",
                data: json!({"tool": ECHO_TOOL, "status": "ok", "detail": text}),
            });
            frames.push(Frame {
                event: "thought",
                data: json!({ "text": text }),
            });
        }
        frames.push(Frame {
            event: "message",
            data: json!({"session_id": session_id, "response": self.reply}),
        });
        frames.push(Frame {
            event: "end",
            data: json!({ "session_id": session_id }),
        });
        frames
    }
}

/// Splits `text` into pieces of at most `max_chars` characters (at least three pieces when it
/// has three characters), with an extra cut inside every run of two or more digits, so that a
/// number arrives across two `delta` frames as it would from a model writing token by token.
pub fn split_deltas(text: &str, max_chars: usize) -> Vec<String> {
    let chars: Vec<(usize, char)> = text.char_indices().collect();
    let n = chars.len();
    if n == 0 {
        return vec![String::new()];
    }
    let mut cuts: Vec<usize> = Vec::new(); // char positions
    let pieces = n.div_ceil(max_chars.max(1)).max(3).min(n);
    for i in 1..pieces {
        cuts.push(i * n / pieces);
    }
    let mut i = 0;
    while i < n {
        if chars[i].1.is_ascii_digit() {
            let start = i;
            while i < n && chars[i].1.is_ascii_digit() {
                i += 1;
            }
            if i - start >= 2 {
                cuts.push(start + (i - start) / 2);
            }
        } else {
            i += 1;
        }
    }
    cuts.sort_unstable();
    cuts.dedup();
    let mut out = Vec::with_capacity(cuts.len() + 1);
    let mut from = 0;
    for c in cuts.into_iter().filter(|&c| c > 0 && c < n) {
        out.push(text[chars[from].0..chars[c].0].to_string());
        from = c;
    }
    out.push(text[chars[from].0..].to_string());
    out
}

/// Exactly `n` bytes of plausible ops prose with no digits and no number words.
/// A word no earlier call returned (letters only: the reply stays free of digits).
fn fresh_word() -> String {
    static NEXT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    let mut k = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let mut w = String::from("Turn");
    loop {
        w.push(char::from(b'a' + (k % 26) as u8));
        k /= 26;
        if k == 0 {
            break;
        }
    }
    w.push_str(". ");
    w
}

pub fn big_prose(n: usize) -> String {
    const PROSE: &str = "The consumer group looks steady and the brokers report normal request \
        latency. Check partition balance and the commit rate before changing anything, and \
        compare the producer rate with the consume rate over the last window. ";
    let mut s = String::with_capacity(n);
    while s.len() < n {
        let take = (n - s.len()).min(PROSE.len());
        s.push_str(&PROSE[..take]);
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deltas_reassemble_and_cut_numbers() {
        let cases = [
            "The total lag is 5100 messages.",
            "lag: 5,100 (5.1k)",
            "ab",
            "x",
            "héllo wörld ünïcode 12",
            "no digits here at all, just words that go on for a while to force cuts",
        ];
        for text in cases {
            let d = split_deltas(text, 24);
            assert_eq!(d.concat(), text);
            if text.chars().count() >= 3 {
                assert!(d.len() >= 3, "{text:?} → {d:?}");
            }
            // No whole digit run of length >= 2 survives inside one piece.
            for run in text
                .split(|c: char| !c.is_ascii_digit())
                .filter(|r| r.len() >= 2)
            {
                assert!(!d.iter().any(|p| p.contains(run)), "{run} whole in {d:?}");
            }
        }
        assert_eq!(split_deltas("", 24), vec![String::new()]);
    }

    #[test]
    fn echo_prefixes_keep_the_text_exact() {
        let text = "  spaced: 5100 and \"quotes\"\nnewline ";
        let cases = [
            ("echo: ", FRAME_GAP, LineEnd::Lf, ChatBody::Json),
            ("slow echo: ", SLOW_FRAME_GAP, LineEnd::Lf, ChatBody::Json),
            ("gzip: ", FRAME_GAP, LineEnd::Lf, ChatBody::Gzip),
            ("raw: ", FRAME_GAP, LineEnd::Lf, ChatBody::Raw),
            ("sse-crlf: ", FRAME_GAP, LineEnd::CrLf, ChatBody::Json),
            ("sse-extra: ", FRAME_GAP, LineEnd::Lf, ChatBody::Json),
            ("sse-split: ", FRAME_GAP, LineEnd::Lf, ChatBody::Json),
            ("sse-split-crlf: ", FRAME_GAP, LineEnd::CrLf, ChatBody::Json),
        ];
        for (prefix, gap, line_end, body) in cases {
            let t = Turn::plan(&format!("{prefix}{text}"), None);
            assert_eq!(t.reply, text, "{prefix}");
            assert_eq!(t.deltas.concat(), text);
            assert_eq!(
                (t.frame_gap, t.line_end, t.chat_body),
                (gap, line_end, body)
            );
            assert_eq!(t.triage.as_ref().unwrap().report, text);
            assert!(!t.activity.is_empty());
            assert!(t.activity.iter().all(|a| a.details == text));
            assert_eq!(t.confirmation.as_ref().unwrap().args["text"], text);
        }
    }

    #[test]
    fn slow_echo_streams_progress_first() {
        let t = Turn::plan("slow echo: abcdef", None);
        let f = t.frames("s");
        assert_eq!(f[0].event, "progress");
        assert_eq!(f[f.len() - 2].event, "message");
        assert_eq!(f[f.len() - 1].event, "end");
    }

    #[test]
    fn sse_extra_puts_the_text_in_progress_and_an_unknown_event() {
        let t = Turn::plan("sse-extra: abc", None);
        let f = t.frames("s");
        let events: Vec<&str> = f.iter().map(|f| f.event).collect();
        assert_eq!(
            events,
            ["delta", "delta", "delta", "progress", "thought", "message", "end"]
        );
        assert_eq!(f[3].data["detail"], "abc");
        assert_eq!(f[4].data["text"], "abc");
        assert!(Turn::plan("sse-split: abc", None).split_frames);
        assert!(!Turn::plan("echo: abc", None).split_frames);
    }

    #[test]
    fn prefixes_are_exact() {
        // Not a prefix: no space, wrong case, not at the start.
        for m in ["echo:x", "Echo: x", " echo: x", "say echo: x", "big: lots"] {
            assert_eq!(Turn::plan(m, None).reply, GENERIC_REPLY, "{m:?}");
        }
    }

    #[test]
    fn big_is_exact_length_without_digits() {
        for n in [0usize, 1, 200, 4096, 65_536, 1 << 20] {
            let t = Turn::plan(&format!("big: {n}"), None);
            assert_eq!(t.reply.len(), n);
            assert!(!t.reply.bytes().any(|b| b.is_ascii_digit()));
            assert_eq!(t.deltas.concat(), t.reply);
            assert!(t.deltas.iter().all(|d| d.len() <= 1024));
            let a = Turn::plan(&format!("big: {n} fresh"), None);
            let b = Turn::plan(&format!("big: {n} fresh"), None);
            assert_eq!(a.reply.len(), n);
            assert!(!a.reply.bytes().any(|b| b.is_ascii_digit()));
            assert!(n < 16 || a.reply != b.reply, "fresh replies differ");
        }
    }

    #[test]
    fn frames_interleave_progress_before_deltas() {
        let mut t = Turn::plan("echo: abcdef", None);
        t.progress = vec!["a.b".into(), "c.d".into()];
        let events: Vec<&str> = t.frames("s").iter().map(|f| f.event).collect();
        assert_eq!(
            events,
            ["progress", "delta", "progress", "delta", "delta", "message", "end"]
        );
    }
}
