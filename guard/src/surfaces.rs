//! JSON surface rewrites: what each learner-facing Orrery route may show below level 3
//! (DESIGN.md "Orrery API shapes"; AEP-032 §4 "Other learner-facing surfaces").
//!
//! [`rewrite_json`] is a pure transformer, `rewrite(body, policy, guard, level) -> body`, for one
//! buffered response body. Per [`Surface`]:
//!
//! | surface | rule (below level 3) |
//! |---|---|
//! | `Chat` | the reply field (`response`) through [`Guard::guard_reply`] (one nudge); everything else scrubbed |
//! | `Transcript` | each message's text: assistant roles → nudge, user roles → kept as written, other roles → scrubbed; everything else (the title too) scrubbed |
//! | `Sessions`, `Confirmations`, `Other` | every string, number and key scrubbed (`args` included) |
//! | `Triage` | only the allow-listed members (`session_id`, the severity) kept, and scrubbed |
//! | `Activity` | top level keeps `session_id` and `entries`; each entry keeps only `operation`, `agent`, `status`, `timestamp`, scrubbed |
//! | `Me` | scrubbed; [`add_learning_block`] also sets the `learning` block, at every level |
//!
//! "Scrubbed" means: a string that states a target becomes the guard's mark
//! ([`WITHHELD_MARK`](crate::guard::WITHHELD_MARK)); a number that
//! states one (its text as written, and its integral value when written as `5.1e3` or `5100.0`)
//! becomes the mark, as a string; an object key that states one has its whole member
//! dropped (renaming it could collide with another key, and a key is never the learner's text).
//!
//! Invariants:
//! - A body that needs no change comes back byte for byte (`changed == false`), key order,
//!   duplicates and whitespace included. A changed body keeps key order and copies untouched
//!   subtrees byte for byte; only changed containers are re-emitted compactly.
//! - A body that is not JSON (or not UTF-8, or nested deeper than 128) is checked as text
//!   (lossily decoded, and again with JSON escapes decoded); if it states a target it becomes
//!   [`WITHHELD_BODY`], otherwise it passes unchanged.
//! - At level 3 and above every surface passes unchanged, except `Me`, which still gets its block.
//!
//! Cost: one parse (O(n), borrowed strings unless escaped), one guard call per string, number and
//! key, and one write for a changed body.
//!
//! ```
//! use orrery_learning_guard::guard::{Guard, GuardSet};
//! use orrery_learning_guard::manifest::{Target, TargetValue};
//! use orrery_learning_guard::surfaces::{rewrite_json, Surface, SurfacePolicy};
//! let guard = Guard::compile(GuardSet {
//!     scenario_id: "kafka-lag-7f3a".into(),
//!     default_disclosure: 0,
//!     targets: vec![Target {
//!         id: "total_lag".into(),
//!         descriptor: "total lag of group orders-processor".into(),
//!         value: TargetValue::Number(5100.0),
//!         unit: None,
//!     }],
//!     retired: vec![],
//! });
//! let body = br#"{"session_id":"s1","response":"The lag is 5100."}"#;
//! let out = rewrite_json(Surface::Chat, body, &guard, 0, &SurfacePolicy::default());
//! assert_eq!(out.withheld, vec!["total_lag".to_string()]);
//! assert!(!String::from_utf8(out.body).unwrap().contains("5100"));
//! ```
use crate::guard::{Guard, Verdict};
use serde::{Deserialize, Serialize};

pub(crate) mod json;

use json::{Kind, Member, Node};

/// The fixed body sent instead of a non-JSON body that states a target.
pub const WITHHELD_BODY: &[u8] = b"{\"error\":\"response withheld by the learning sandbox\"}";

/// A learner-facing route, as the filter classifies it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Surface {
    Chat,
    Transcript,
    Sessions,
    Triage,
    Activity,
    Confirmations,
    Me,
    Other,
}

impl Surface {
    /// The name used in audit entries (`surface`) and stats.
    pub fn name(&self) -> &'static str {
        match self {
            Surface::Chat => "chat",
            Surface::Transcript => "transcript",
            Surface::Sessions => "sessions",
            Surface::Triage => "triage",
            Surface::Activity => "activity",
            Surface::Confirmations => "confirmations",
            Surface::Me => "me",
            Surface::Other => "other",
        }
    }
}

/// Field names per surface. Defaults follow DESIGN.md's Orrery shapes; each is configurable so
/// a renamed field in a newer Orrery is one config change. Allow-lists (`*_keep`) narrow: a
/// field not listed is dropped, so a field added upstream stays hidden until someone lists it.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct SurfacePolicy {
    /// `POST /chat`: the reply field guarded with a nudge. Default `response`.
    pub chat_reply_field: String,
    /// `GET /session/{id}`: the message list. Default `messages`.
    pub transcript_messages_field: String,
    /// The role field of a message. Default `role`.
    pub transcript_role_field: String,
    /// The text field of a message. Default `text`.
    pub transcript_text_field: String,
    /// Roles whose text is the learner's own and is kept as written. Default `["user"]`.
    pub transcript_user_roles: Vec<String>,
    /// Roles whose text the model wrote: guarded with a nudge. Default `["assistant", "model"]`.
    /// Text of any other role is scrubbed.
    pub transcript_assistant_roles: Vec<String>,
    /// `/session/{id}/triage`: the members kept. Default `["session_id", "incident_severity", "severity"]`.
    pub triage_keep: Vec<String>,
    /// `/session/{id}/activity`: the top-level members kept. Default `["session_id", "entries"]`.
    pub activity_keep: Vec<String>,
    /// The entry list. Default `entries`.
    pub activity_entries_field: String,
    /// The members an entry keeps. Default `["operation", "agent", "status", "timestamp"]`.
    pub activity_entry_keep: Vec<String>,
    /// `GET /me`: the member that carries the learning block. Default `learning`.
    pub me_learning_field: String,
}

impl Default for SurfacePolicy {
    fn default() -> Self {
        let v = |xs: &[&str]| xs.iter().map(|s| s.to_string()).collect();
        SurfacePolicy {
            chat_reply_field: "response".into(),
            transcript_messages_field: "messages".into(),
            transcript_role_field: "role".into(),
            transcript_text_field: "text".into(),
            transcript_user_roles: v(&["user"]),
            transcript_assistant_roles: v(&["assistant", "model"]),
            triage_keep: v(&["session_id", "incident_severity", "severity"]),
            activity_keep: v(&["session_id", "entries"]),
            activity_entries_field: "entries".into(),
            activity_entry_keep: v(&["operation", "agent", "status", "timestamp"]),
            me_learning_field: "learning".into(),
        }
    }
}

/// The result of a rewrite.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rewrite {
    /// The body the learner gets (the input bytes when `changed` is false).
    pub body: Vec<u8>,
    /// Target ids withheld from this body, in order of first appearance, no duplicates.
    pub withheld: Vec<String>,
    /// Whether `body` differs from the input; when false the filter can leave the body alone.
    pub changed: bool,
}

impl Rewrite {
    fn unchanged(body: &[u8]) -> Rewrite {
        Rewrite {
            body: body.to_vec(),
            withheld: Vec::new(),
            changed: false,
        }
    }
}

/// The learner's block on `GET /me` (AEP-032 §3), and the hint endpoint's `200` body
/// ([`HintResponse`](crate::policy::HintResponse)): the control service answers a hint with it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct LearningBlock {
    pub scenario_id: String,
    pub level: u8,
    pub max_level: u8,
    pub can_take_hint: bool,
}

impl LearningBlock {
    fn write(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(b"{\"scenario_id\":");
        json::write_str(out, &self.scenario_id);
        out.extend_from_slice(
            format!(
                ",\"level\":{},\"max_level\":{},\"can_take_hint\":{}}}",
                self.level, self.max_level, self.can_take_hint
            )
            .as_bytes(),
        );
    }
}

/// Rewrite one response body for a surface. See the module docs for the rules.
pub fn rewrite_json(
    surface: Surface,
    body: &[u8],
    guard: &Guard,
    level: u8,
    policy: &SurfacePolicy,
) -> Rewrite {
    if surface == Surface::Me {
        return me_rewrite(body, None, guard, level, policy);
    }
    if level >= crate::MAX_LEVEL {
        return Rewrite::unchanged(body);
    }
    let mut ctx = Ctx::new(guard, level);
    let Some(mut root) = std::str::from_utf8(body)
        .ok()
        .and_then(|s| json::parse(s).ok())
    else {
        return text_fallback(body, &mut ctx);
    };
    match surface {
        Surface::Chat => chat_rules(&mut root, &policy.chat_reply_field, &mut ctx),
        Surface::Transcript => transcript_rules(&mut root, policy, &mut ctx),
        Surface::Triage => {
            if !keep_only(&mut root, &policy.triage_keep, &mut ctx) {
                return narrowed_to_empty(ctx);
            }
        }
        Surface::Activity => {
            if !activity_rules(&mut root, policy, &mut ctx) {
                return narrowed_to_empty(ctx);
            }
        }
        Surface::Sessions | Surface::Confirmations | Surface::Other | Surface::Me => {
            ctx.scrub(&mut root);
        }
    }
    finish(body, &root, ctx)
}

/// `GET /me`: the body scrubbed (below level 3) with the learning block set, replacing any
/// upstream member of the same name. A body that is not a JSON object cannot carry the block:
/// it is treated as [`rewrite_json`] treats any other body.
pub fn add_learning_block(body: &[u8], block: &LearningBlock, guard: &Guard, level: u8) -> Rewrite {
    me_rewrite(body, Some(block), guard, level, &SurfacePolicy::default())
}

/// `GET /me` with a configured field name (the filter uses this when its policy renames it).
pub fn add_learning_block_with(
    body: &[u8],
    block: &LearningBlock,
    guard: &Guard,
    level: u8,
    policy: &SurfacePolicy,
) -> Rewrite {
    me_rewrite(body, Some(block), guard, level, policy)
}

fn me_rewrite(
    body: &[u8],
    block: Option<&LearningBlock>,
    guard: &Guard,
    level: u8,
    policy: &SurfacePolicy,
) -> Rewrite {
    let guarded = level < crate::MAX_LEVEL;
    let mut ctx = Ctx::new(guard, level);
    let Some(mut root) = std::str::from_utf8(body)
        .ok()
        .and_then(|s| json::parse(s).ok())
    else {
        return if guarded {
            text_fallback(body, &mut ctx)
        } else {
            Rewrite::unchanged(body)
        };
    };
    let (Some(block), Kind::Object(members)) = (block, &mut root.kind) else {
        if guarded {
            ctx.scrub(&mut root);
        }
        return finish(body, &root, ctx);
    };
    let mut out = Vec::with_capacity(body.len() + 96);
    out.push(b'{');
    for m in members.iter_mut() {
        if m.key == policy.me_learning_field.as_str() {
            continue;
        }
        if guarded && !ctx.member(m, Rule::Scrub) {
            continue;
        }
        out.extend_from_slice(m.key_raw.as_bytes());
        out.push(b':');
        json::write(&mut out, &m.value);
        out.push(b',');
    }
    json::write_str(&mut out, &policy.me_learning_field);
    out.push(b':');
    block.write(&mut out);
    out.push(b'}');
    Rewrite {
        body: out,
        withheld: ctx.withheld,
        changed: true,
    }
}

/// `GET /healthz` / `/readyz` in learning mode: the upstream object (when it is one) with
/// `"mode": "learning"` and `scenario_id` set. `scenario_id` is `None` while this Envoy has no
/// guard: `status` then reads `"not_ready"` (the filter answers 503) and `scenario_id` is null.
/// The upstream body carries no model text (a probe), so it is not scrubbed.
pub fn healthz_body(upstream: Option<&[u8]>, scenario_id: Option<&str>) -> Vec<u8> {
    let mut out = Vec::with_capacity(96);
    out.push(b'{');
    let root = upstream
        .and_then(|b| std::str::from_utf8(b).ok())
        .and_then(|s| json::parse(s).ok());
    let mut has_status = false;
    if let Some(Node {
        kind: Kind::Object(members),
        ..
    }) = &root
    {
        for m in members {
            match m.key.as_ref() {
                "mode" | "scenario_id" => continue,
                "status" if scenario_id.is_none() => continue,
                "status" => has_status = true,
                _ => {}
            }
            out.extend_from_slice(m.key_raw.as_bytes());
            out.push(b':');
            json::write(&mut out, &m.value);
            out.push(b',');
        }
    }
    match scenario_id {
        Some(id) => {
            if !has_status {
                out.extend_from_slice(b"\"status\":\"ok\",");
            }
            out.extend_from_slice(b"\"mode\":\"learning\",\"scenario_id\":");
            json::write_str(&mut out, id);
        }
        None => out.extend_from_slice(
            b"\"status\":\"not_ready\",\"mode\":\"learning\",\"scenario_id\":null",
        ),
    }
    out.push(b'}');
    out
}

// ---- crate-internal entry points for the SSE hold --------------------------------------------

/// Scrub a JSON text (an SSE frame's data). `Err` when it is not JSON; `Ok(None)` when unchanged.
pub(crate) fn scrub_json_text(
    src: &str,
    guard: &Guard,
    level: u8,
    withheld: &mut Vec<String>,
) -> Result<Option<String>, json::ParseError> {
    let mut root = json::parse(src)?;
    let mut ctx = Ctx::new(guard, level);
    ctx.scrub(&mut root);
    Ok(ctx.emit_into(&root, withheld))
}

/// Guard a reply object (an SSE message frame's data): `reply_field` gets the nudge, the rest
/// is scrubbed. `Err` when it is not JSON; `Ok(None)` when unchanged.
pub(crate) fn reply_json_text(
    src: &str,
    reply_field: &str,
    guard: &Guard,
    level: u8,
    withheld: &mut Vec<String>,
) -> Result<Option<String>, json::ParseError> {
    let mut root = json::parse(src)?;
    let mut ctx = Ctx::new(guard, level);
    chat_rules(&mut root, reply_field, &mut ctx);
    Ok(ctx.emit_into(&root, withheld))
}

/// Add `ids` to `withheld`, keeping first-appearance order without duplicates.
pub(crate) fn note_withheld(withheld: &mut Vec<String>, ids: Vec<String>) {
    for id in ids {
        if !withheld.contains(&id) {
            withheld.push(id);
        }
    }
}

/// Scrub a text that is not JSON: as decoded lossily, and again with JSON escapes decoded.
pub(crate) fn scrub_text(text: &str, guard: &Guard, level: u8) -> Verdict {
    let mut v = guard.scrub(text, level);
    if text.contains('\\') {
        let u = guard.scrub(&json::unescape_lenient(text), level);
        note_withheld(&mut v.targets, u.targets);
        v.replacement = v.replacement.or(u.replacement);
    }
    v
}

// ---- the rules --------------------------------------------------------------------------------

/// How a value is treated.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Rule {
    /// A reply the model wrote: one nudge when it states a target.
    Reply,
    /// Anything else: every string, number and key checked.
    Scrub,
    /// The learner's own text: kept.
    Keep,
}

struct Ctx<'g> {
    guard: &'g Guard,
    level: u8,
    withheld: Vec<String>,
    /// Short strings already found clean in this body: keys and enum-like values ("role",
    /// "assistant") repeat in every element, and each guard call has a fixed cost.
    clean: Vec<String>,
}

/// Strings up to this length are remembered when clean, up to [`CLEAN_CACHE`] of them.
const CLEAN_CACHE_LEN: usize = 24;
const CLEAN_CACHE: usize = 32;

impl<'g> Ctx<'g> {
    fn new(guard: &'g Guard, level: u8) -> Self {
        Ctx {
            guard,
            level,
            withheld: Vec::new(),
            clean: Vec::new(),
        }
    }

    /// [`Guard::scrub`], skipping short strings this body has already shown to be clean.
    fn scrub_text(&mut self, text: &str) -> Verdict {
        let short = text.len() <= CLEAN_CACHE_LEN;
        if short && self.clean.iter().any(|c| c == text) {
            return Verdict::default();
        }
        let v = self.guard.scrub(text, self.level);
        if short && v.targets.is_empty() && self.clean.len() < CLEAN_CACHE {
            self.clean.push(text.to_owned());
        }
        v
    }

    fn note(&mut self, v: Verdict) -> Option<String> {
        note_withheld(&mut self.withheld, v.targets);
        v.replacement
    }

    /// Apply `rule` to a node; returns whether it changed.
    fn apply(&mut self, node: &mut Node<'_>, rule: Rule) -> bool {
        match rule {
            Rule::Keep => false,
            Rule::Reply => match &mut node.kind {
                Kind::Str { text, replacement } => {
                    let v = self.guard.guard_reply(text, self.level);
                    *replacement = self.note(v);
                    node.changed = replacement.is_some();
                    node.changed
                }
                _ => self.scrub(node),
            },
            Rule::Scrub => self.scrub(node),
        }
    }

    /// Scrub a node and everything under it; returns whether it changed.
    fn scrub(&mut self, node: &mut Node<'_>) -> bool {
        let changed = match &mut node.kind {
            Kind::Literal => false,
            Kind::Str { text, replacement } => {
                let v = self.scrub_text(text);
                *replacement = self.note(v);
                replacement.is_some()
            }
            Kind::Number => {
                let v = self.number_verdict(node.raw);
                match self.note(v) {
                    None => false,
                    Some(mark) => {
                        node.kind = Kind::Str {
                            text: "".into(),
                            replacement: Some(mark),
                        };
                        true
                    }
                }
            }
            Kind::Array(items) => {
                let mut any = false;
                for item in items.iter_mut() {
                    any |= self.scrub(item);
                }
                any
            }
            Kind::Object(members) => {
                let mut any = false;
                for m in members.iter_mut() {
                    let before = m.value.changed;
                    any |= !self.member(m, Rule::Scrub) || m.value.changed != before;
                }
                any
            }
        };
        node.changed |= changed;
        changed
    }

    /// Check a member's key (a key that states a target drops the member), then apply `rule`
    /// to its value. Returns false when the member was dropped.
    fn member(&mut self, m: &mut Member<'_>, rule: Rule) -> bool {
        let v = self.scrub_text(&m.key);
        if self.note(v).is_some() {
            m.dropped = true;
            return false;
        }
        self.apply(&mut m.value, rule);
        true
    }

    /// The verdict on a JSON number: its text as written, and its integral value when written
    /// with a fraction or an exponent (`5.1e3`, `5100.0`).
    fn number_verdict(&self, raw: &str) -> Verdict {
        let mut v = self.guard.scrub(raw, self.level);
        if raw.contains(['.', 'e', 'E']) {
            if let Ok(n) = raw.parse::<f64>() {
                if n.is_finite() && n.fract() == 0.0 && n.abs() < 9_007_199_254_740_992.0 {
                    let canonical = format!("{}", n as i64);
                    let c = self.guard.scrub(&canonical, self.level);
                    note_withheld(&mut v.targets, c.targets);
                    v.replacement = v.replacement.or(c.replacement);
                }
            }
        }
        v
    }

    /// Serialise a changed tree into a string; `None` when nothing changed.
    fn emit_into(self, root: &Node<'_>, withheld: &mut Vec<String>) -> Option<String> {
        note_withheld(withheld, self.withheld);
        if !root.changed {
            return None;
        }
        let mut out = Vec::with_capacity(root.raw.len());
        json::write(&mut out, root);
        // The writer emits only valid UTF-8 (source slices and escaped strings).
        Some(String::from_utf8_lossy(&out).into_owned())
    }
}

/// Members of an object, each with its rule; the object is marked changed if any member is.
fn object_rules<'a>(
    node: &mut Node<'a>,
    ctx: &mut Ctx<'_>,
    mut rule_for: impl FnMut(&mut Member<'a>, &mut Ctx<'_>) -> Option<Rule>,
) {
    let Kind::Object(members) = &mut node.kind else {
        return;
    };
    let mut any = false;
    for m in members.iter_mut() {
        match rule_for(m, ctx) {
            None => {
                m.dropped = true;
                any = true;
            }
            Some(rule) => {
                let kept = ctx.member(m, rule);
                any |= !kept || m.value.changed;
            }
        }
    }
    node.changed |= any;
}

fn chat_rules(root: &mut Node<'_>, reply_field: &str, ctx: &mut Ctx<'_>) {
    if !matches!(root.kind, Kind::Object(_)) {
        ctx.scrub(root);
        return;
    }
    object_rules(root, ctx, |m, _| {
        Some(if m.key == reply_field {
            Rule::Reply
        } else {
            Rule::Scrub
        })
    });
}

fn transcript_rules(root: &mut Node<'_>, policy: &SurfacePolicy, ctx: &mut Ctx<'_>) {
    if !matches!(root.kind, Kind::Object(_)) {
        ctx.scrub(root);
        return;
    }
    object_rules(root, ctx, |m, ctx| {
        if m.key != policy.transcript_messages_field.as_str() {
            return Some(Rule::Scrub);
        }
        let Kind::Array(items) = &mut m.value.kind else {
            return Some(Rule::Scrub);
        };
        let mut any = false;
        for item in items.iter_mut() {
            if matches!(item.kind, Kind::Object(_)) {
                message_rules(item, policy, ctx);
                any |= item.changed;
            } else {
                any |= ctx.scrub(item);
            }
        }
        m.value.changed |= any;
        Some(Rule::Keep)
    });
}

/// One transcript message: its text by role, everything else scrubbed. A message whose role
/// is missing, not a string, or given twice with different values counts as "other" (scrubbed).
fn message_rules(msg: &mut Node<'_>, policy: &SurfacePolicy, ctx: &mut Ctx<'_>) {
    let Kind::Object(members) = &msg.kind else {
        return;
    };
    let mut role: Option<Option<&str>> = None;
    for m in members
        .iter()
        .filter(|m| m.key == policy.transcript_role_field.as_str())
    {
        let this = m.value.as_str();
        role = match role {
            None => Some(this),
            Some(prev) if prev == this => Some(prev),
            Some(_) => Some(None),
        };
    }
    let role = role.flatten().map(str::to_owned);
    let in_list = |list: &[String]| role.as_ref().is_some_and(|r| list.contains(r));
    let text_rule = if in_list(&policy.transcript_user_roles) {
        Rule::Keep
    } else if in_list(&policy.transcript_assistant_roles) {
        Rule::Reply
    } else {
        Rule::Scrub
    };
    object_rules(msg, ctx, |m, _| {
        if m.key != policy.transcript_text_field.as_str() {
            Some(Rule::Scrub)
        } else if text_rule == Rule::Keep && m.value.as_str().is_none() {
            // Only a string is the learner's own text; anything else is checked.
            Some(Rule::Scrub)
        } else {
            Some(text_rule)
        }
    });
}

/// Keep only the listed members of an object, scrubbed. Returns false when `node` is not an
/// object (the caller narrows the body to `{}`).
fn keep_only(node: &mut Node<'_>, keep: &[String], ctx: &mut Ctx<'_>) -> bool {
    if !matches!(node.kind, Kind::Object(_)) {
        return false;
    }
    object_rules(node, ctx, |m, _| {
        keep.iter()
            .any(|k| m.key == k.as_str())
            .then_some(Rule::Scrub)
    });
    true
}

fn activity_rules(root: &mut Node<'_>, policy: &SurfacePolicy, ctx: &mut Ctx<'_>) -> bool {
    if !matches!(root.kind, Kind::Object(_)) {
        return false;
    }
    object_rules(root, ctx, |m, ctx| {
        if !policy.activity_keep.iter().any(|k| m.key == k.as_str()) {
            return None;
        }
        if m.key != policy.activity_entries_field.as_str() {
            return Some(Rule::Scrub);
        }
        match &mut m.value.kind {
            Kind::Array(items) => {
                let mut any = false;
                for entry in items.iter_mut() {
                    if !keep_only(entry, &policy.activity_entry_keep, ctx) {
                        // Not an entry object: nothing of it is on the allow-list.
                        entry.kind = Kind::Object(Vec::new());
                        entry.changed = true;
                    }
                    any |= entry.changed;
                }
                m.value.changed |= any;
            }
            _ => {
                m.value.kind = Kind::Array(Vec::new());
                m.value.changed = true;
            }
        }
        Some(Rule::Keep)
    });
    true
}

fn narrowed_to_empty(ctx: Ctx<'_>) -> Rewrite {
    Rewrite {
        body: b"{}".to_vec(),
        withheld: ctx.withheld,
        changed: true,
    }
}

/// The original bytes when nothing changed; otherwise the re-emitted tree, with whatever
/// surrounded the root value (a BOM, whitespace) left out.
fn finish(body: &[u8], root: &Node<'_>, ctx: Ctx<'_>) -> Rewrite {
    if !root.changed {
        return Rewrite {
            body: body.to_vec(),
            withheld: ctx.withheld,
            changed: false,
        };
    }
    let mut out = Vec::with_capacity(body.len());
    json::write(&mut out, root);
    Rewrite {
        body: out,
        withheld: ctx.withheld,
        changed: true,
    }
}

fn text_fallback(body: &[u8], ctx: &mut Ctx<'_>) -> Rewrite {
    let text = String::from_utf8_lossy(body);
    let v = scrub_text(&text, ctx.guard, ctx.level);
    if v.replacement.is_none() {
        return Rewrite::unchanged(body);
    }
    Rewrite {
        body: WITHHELD_BODY.to_vec(),
        withheld: v.targets,
        changed: true,
    }
}
