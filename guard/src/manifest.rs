//! Scenario manifest contract v1 (AEP-032 §2): the strict parser and the rules a guard set obeys.
//!
//! The lab's seeder states the answers it seeded; this module decides whether that statement is
//! one the guard can enforce. [`parse_manifest`] reads the bytes into its own JSON representation
//! (never serde_json's error messages, which quote input), then checks every rule by hand and
//! returns **all** failures. A [`ManifestError`] carries a field location and a fixed kind only:
//! never a value, a descriptor, a key the author wrote, or any other input fragment.
//!
//! The rules (location → kind):
//!
//! * the document is at most [`MAX_MANIFEST_BYTES`] (`$` → `too_large`) and one JSON object with
//!   nothing after it (`$` → `invalid_json`, `wrong_type`); NaN and infinity are not JSON, and a
//!   number outside f64 is `invalid_json`;
//! * no key twice in one object (`<field>` → `duplicate_key`);
//! * no field beyond `schema_version`, `scenario_id`, `seeded_at`, `default_disclosure`, `targets`
//!   at the top, and `id`, `descriptor`, `value`, `unit` in a target (`$` or `targets[i]` →
//!   `unknown_field`: the location is the object, not the key, because a key is input);
//! * exact JSON types, no coercion: `true` is not 1, `"2"` is not 2, `1.0` is not an integer
//!   (`wrong_type`); a required field that is absent is `missing`;
//! * `schema_version` is the integer 1 (`unsupported_version`);
//! * `scenario_id` and every target `id` are non-empty (`empty`), at most [`MAX_SCENARIO_ID_CHARS`]
//!   / [`MAX_TARGET_ID_CHARS`] (`too_long`), ASCII letters, digits, `.`, `_`, `-`, `:`, starting
//!   with a letter or digit (`invalid_chars`): ids reach headers, audit lines and `/healthz`;
//! * `seeded_at` is an RFC 3339 date-time (`invalid_datetime`) with a `Z` or `±hh:mm` offset
//!   (`missing_timezone`);
//! * `default_disclosure` is 0, 1 or 2 (`out_of_range`): level 3 is reachable only through hints;
//! * `targets` holds at least one target (`empty`) and at most [`MAX_TARGETS`] (`too_many`);
//!   target ids are unique (`targets[i].id` → `duplicate_id`, on the later one);
//! * a `descriptor` is non-empty text (`empty`) of at most [`MAX_DESCRIPTOR_CHARS`] (`too_long`)
//!   without control characters (`invalid_chars`); a `unit`, when present and not null, likewise
//!   with [`MAX_UNIT_CHARS`];
//! * a `value` is a number or a string (`wrong_type`); a number has |v| ≥ 100 (`too_small`) and
//!   |v| < 2**53 (`out_of_range`); a string has at least 4 characters as the matcher sees it
//!   (normalised, without format characters, markdown `*`/`` ` `` or surrounding whitespace:
//!   `too_short`), at most [`MAX_STRING_VALUE_CHARS`] (`too_long`), and no control
//!   characters (`invalid_chars`);
//! * no value appears inside the `scenario_id`, any target `id`, `descriptor` or `unit`, compared
//!   exactly as the answer matcher compares replies (`contains_value`): the nudge is built from
//!   descriptors, and ids reach audit lines.
//!
//! The same rules (minus the JSON-level ones) guard a [`crate::guard::GuardSet`] that arrives over
//! the wire: see [`crate::guard::GuardSet::validate`].
//!
//! ```
//! use orrery_learning_guard::manifest::parse_manifest;
//! let errors = parse_manifest(br#"{"schema_version": 1, "scenario_id": "lab-1",
//!     "seeded_at": "2026-10-30T10:00:00Z", "default_disclosure": 3, "targets": []}"#).unwrap_err();
//! let found: Vec<String> = errors.iter().map(|e| e.to_string()).collect();
//! assert_eq!(found, ["default_disclosure: out_of_range", "targets: empty"]);
//! ```
use crate::matcher::{normalize_for_matching, GuardedValue, Matcher, Rules};
use serde::de::{self, Deserializer, MapAccess, SeqAccess, Visitor};
use serde::{Deserialize, Serialize};
use std::fmt;

/// A manifest larger than this is refused before it is parsed (a real one is a few KB).
pub const MAX_MANIFEST_BYTES: usize = 1 << 20;
/// At most this many targets per manifest.
pub const MAX_TARGETS: usize = 256;
/// Longest `scenario_id`, in characters.
pub const MAX_SCENARIO_ID_CHARS: usize = 128;
/// Longest target `id`, in characters.
pub const MAX_TARGET_ID_CHARS: usize = 64;
/// Longest `descriptor`, in characters.
pub const MAX_DESCRIPTOR_CHARS: usize = 256;
/// Longest `unit`, in characters.
pub const MAX_UNIT_CHARS: usize = 32;
/// Longest string `value`, in characters.
pub const MAX_STRING_VALUE_CHARS: usize = 256;
/// The smallest |number| a value may have: smaller ones match ordinary prose ("step 1").
pub const MIN_NUMBER: f64 = 100.0;
/// Numbers must stay below 2**53 in absolute value, where every integer is exact in f64.
pub use crate::matcher::NUMBER_LIMIT;
/// The fewest characters a string value may have.
pub const MIN_STRING_CHARS: usize = 4;

/// The error kinds, as fixed strings (the `kind` of a [`ManifestError`]).
pub mod kind {
    pub const TOO_LARGE: &str = "too_large";
    pub const INVALID_JSON: &str = "invalid_json";
    pub const WRONG_TYPE: &str = "wrong_type";
    pub const MISSING: &str = "missing";
    pub const UNKNOWN_FIELD: &str = "unknown_field";
    pub const DUPLICATE_KEY: &str = "duplicate_key";
    pub const UNSUPPORTED_VERSION: &str = "unsupported_version";
    pub const EMPTY: &str = "empty";
    pub const TOO_LONG: &str = "too_long";
    pub const TOO_MANY: &str = "too_many";
    pub const INVALID_CHARS: &str = "invalid_chars";
    pub const INVALID_DATETIME: &str = "invalid_datetime";
    pub const MISSING_TIMEZONE: &str = "missing_timezone";
    pub const OUT_OF_RANGE: &str = "out_of_range";
    pub const TOO_SMALL: &str = "too_small";
    pub const TOO_SHORT: &str = "too_short";
    pub const DUPLICATE_ID: &str = "duplicate_id";
    pub const CONTAINS_VALUE: &str = "contains_value";
}

/// A target's value (owned by the matcher, which reads it; the manifest validates it).
pub use crate::matcher::TargetValue;

/// One answer the lab seeded.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Target {
    pub id: String,
    pub descriptor: String,
    pub value: TargetValue,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub unit: Option<String>,
}

/// A validated manifest.
#[derive(Debug, Clone, PartialEq)]
pub struct Manifest {
    pub scenario_id: String,
    /// RFC 3339 with an offset, as written in the file.
    pub seeded_at: String,
    pub default_disclosure: u8,
    pub targets: Vec<Target>,
}

/// One validation failure: where, and what kind. Never carries a value or an input fragment.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ManifestError {
    /// JSON location such as `targets[0].value` (or `$` for the document).
    pub location: String,
    /// A fixed kind such as `unknown_field`, `wrong_type`, `too_short` (see [`kind`]).
    pub kind: &'static str,
}

impl fmt::Display for ManifestError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.location, self.kind)
    }
}

impl std::error::Error for ManifestError {}

/// Parse and validate manifest bytes, returning every rule the document breaks.
pub fn parse_manifest(bytes: &[u8]) -> Result<Manifest, Vec<ManifestError>> {
    if bytes.len() > MAX_MANIFEST_BYTES {
        return Err(vec![err("$", kind::TOO_LARGE)]);
    }
    let doc = parse_json(bytes).ok_or_else(|| vec![err("$", kind::INVALID_JSON)])?;
    let mut errors = Vec::new();
    let Json::Obj(fields) = &doc else {
        return Err(vec![err("$", kind::WRONG_TYPE)]);
    };
    let top = fields_of(fields, "$", TOP_FIELDS, &mut errors);
    let [schema_version, scenario_id, seeded_at, default_disclosure, targets] = top;

    match require(schema_version, "schema_version", &mut errors).map(Json::as_int) {
        Some(Some(1)) => {}
        Some(Some(_)) => errors.push(err("schema_version", kind::UNSUPPORTED_VERSION)),
        Some(None) => errors.push(err("schema_version", kind::WRONG_TYPE)),
        None => {}
    }
    let scenario_id = require_str(scenario_id, "scenario_id", &mut errors);
    if let Some(id) = scenario_id {
        check_id(id, MAX_SCENARIO_ID_CHARS, "scenario_id", &mut errors);
    }
    let seeded_at = require_str(seeded_at, "seeded_at", &mut errors);
    if let Some(at) = seeded_at {
        if let Err(k) = check_rfc3339(at) {
            errors.push(err("seeded_at", k));
        }
    }
    let default_disclosure =
        match require(default_disclosure, "default_disclosure", &mut errors).map(Json::as_int) {
            Some(Some(n)) => match u8::try_from(n) {
                Ok(d) => check_disclosure(d, "default_disclosure", &mut errors).then_some(d),
                Err(_) => {
                    errors.push(err("default_disclosure", kind::OUT_OF_RANGE));
                    None
                }
            },
            Some(None) => {
                errors.push(err("default_disclosure", kind::WRONG_TYPE));
                None
            }
            None => None,
        };
    let targets = match require(targets, "targets", &mut errors) {
        Some(Json::Arr(items)) => Some(read_targets(items, &mut errors)),
        Some(_) => {
            errors.push(err("targets", kind::WRONG_TYPE));
            None
        }
        None => None,
    };
    if let Some(targets) = &targets {
        let parts: Vec<Option<&Target>> = targets.iter().map(Option::as_ref).collect();
        check_targets(&parts, &mut errors);
        check_no_value_inside(scenario_id, &parts, &mut errors);
    }
    match (scenario_id, seeded_at, default_disclosure, targets) {
        (Some(scenario_id), Some(seeded_at), Some(default_disclosure), Some(targets))
            if errors.is_empty() =>
        {
            Ok(Manifest {
                scenario_id: scenario_id.to_string(),
                seeded_at: seeded_at.to_string(),
                default_disclosure,
                targets: targets.into_iter().flatten().collect(),
            })
        }
        _ => {
            if errors.is_empty() {
                // Unreachable by construction; fail closed rather than panic.
                errors.push(err("$", kind::INVALID_JSON));
            }
            Err(errors)
        }
    }
}

/// The manifest rules for an already-typed set (a guard set from the wire): everything but the
/// JSON-level rules. `retired` values get the value rules; their ids the id rules.
pub(crate) fn validate_parts(
    scenario_id: &str,
    default_disclosure: u8,
    targets: &[Target],
    retired: &[(&str, &TargetValue)],
) -> Result<(), Vec<ManifestError>> {
    let mut errors = Vec::new();
    check_id(
        scenario_id,
        MAX_SCENARIO_ID_CHARS,
        "scenario_id",
        &mut errors,
    );
    check_disclosure(default_disclosure, "default_disclosure", &mut errors);
    for (i, t) in targets.iter().enumerate() {
        check_target_fields(t, i, &mut errors);
    }
    let parts: Vec<Option<&Target>> = targets.iter().map(Some).collect();
    check_targets(&parts, &mut errors);
    check_no_value_inside(Some(scenario_id), &parts, &mut errors);
    for (i, (id, value)) in retired.iter().enumerate() {
        check_id(
            id,
            MAX_TARGET_ID_CHARS,
            &format!("retired[{i}].id"),
            &mut errors,
        );
        check_value(value, &format!("retired[{i}].value"), &mut errors);
    }
    if errors.is_empty() {
        Ok(())
    } else {
        Err(errors)
    }
}

const TOP_FIELDS: [&str; 5] = [
    "schema_version",
    "scenario_id",
    "seeded_at",
    "default_disclosure",
    "targets",
];
const TARGET_FIELDS: [&str; 4] = ["id", "descriptor", "value", "unit"];

fn err(location: &str, kind: &'static str) -> ManifestError {
    ManifestError {
        location: location.to_string(),
        kind,
    }
}

fn field_loc(object: &str, name: &str) -> String {
    if object == "$" {
        name.to_string()
    } else {
        format!("{object}.{name}")
    }
}

/// Picks the known fields out of an object (first occurrence wins), reporting unknown and
/// repeated keys. Unknown keys are reported at the object: the key itself is input.
fn fields_of<'a, const N: usize>(
    fields: &'a [(String, Json)],
    object: &str,
    names: [&str; N],
    errors: &mut Vec<ManifestError>,
) -> [Option<&'a Json>; N] {
    let mut found: [Option<&'a Json>; N] = [None; N];
    for (key, value) in fields {
        match names.iter().position(|n| n == key) {
            Some(i) if found[i].is_some() => {
                errors.push(err(&field_loc(object, names[i]), kind::DUPLICATE_KEY))
            }
            Some(i) => found[i] = Some(value),
            None => errors.push(err(object, kind::UNKNOWN_FIELD)),
        }
    }
    found
}

fn require<'a>(
    field: Option<&'a Json>,
    location: &str,
    errors: &mut Vec<ManifestError>,
) -> Option<&'a Json> {
    if field.is_none() {
        errors.push(err(location, kind::MISSING));
    }
    field
}

fn require_str<'a>(
    field: Option<&'a Json>,
    location: &str,
    errors: &mut Vec<ManifestError>,
) -> Option<&'a str> {
    match require(field, location, errors)? {
        Json::Str(s) => Some(s),
        _ => {
            errors.push(err(location, kind::WRONG_TYPE));
            None
        }
    }
}

fn check_disclosure(level: u8, location: &str, errors: &mut Vec<ManifestError>) -> bool {
    let ok = level < crate::MAX_LEVEL;
    if !ok {
        errors.push(err(location, kind::OUT_OF_RANGE));
    }
    ok
}

/// Reads each target; `None` where the target is not an object or a field has the wrong type.
fn read_targets(items: &[Json], errors: &mut Vec<ManifestError>) -> Vec<Option<Target>> {
    items
        .iter()
        .enumerate()
        .map(|(i, item)| read_target(item, i, errors))
        .collect()
}

fn read_target(item: &Json, i: usize, errors: &mut Vec<ManifestError>) -> Option<Target> {
    let loc = format!("targets[{i}]");
    let Json::Obj(fields) = item else {
        errors.push(err(&loc, kind::WRONG_TYPE));
        return None;
    };
    let [id, descriptor, value, unit] = fields_of(fields, &loc, TARGET_FIELDS, errors);
    let id = require_str(id, &format!("{loc}.id"), errors);
    let descriptor = require_str(descriptor, &format!("{loc}.descriptor"), errors);
    let value = match require(value, &format!("{loc}.value"), errors) {
        Some(Json::Str(s)) => Some(TargetValue::Text(s.clone())),
        Some(Json::Int(n)) => {
            if n.unsigned_abs() >= 1u128 << 53 {
                errors.push(err(&format!("{loc}.value"), kind::OUT_OF_RANGE));
                None
            } else {
                Some(TargetValue::Number(*n as f64))
            }
        }
        Some(Json::Float(f)) => Some(TargetValue::Number(*f)),
        Some(_) => {
            errors.push(err(&format!("{loc}.value"), kind::WRONG_TYPE));
            None
        }
        None => None,
    };
    let unit = match unit {
        None | Some(Json::Null) => Some(None),
        Some(Json::Str(s)) => Some(Some(s.clone())),
        Some(_) => {
            errors.push(err(&format!("{loc}.unit"), kind::WRONG_TYPE));
            None
        }
    };
    let target = Target {
        id: id?.to_string(),
        descriptor: descriptor?.to_string(),
        value: value?,
        unit: unit?,
    };
    check_target_fields(&target, i, errors);
    Some(target)
}

fn check_target_fields(t: &Target, i: usize, errors: &mut Vec<ManifestError>) {
    let loc = format!("targets[{i}]");
    check_id(&t.id, MAX_TARGET_ID_CHARS, &format!("{loc}.id"), errors);
    check_text(
        &t.descriptor,
        MAX_DESCRIPTOR_CHARS,
        &format!("{loc}.descriptor"),
        errors,
    );
    check_value(&t.value, &format!("{loc}.value"), errors);
    if let Some(unit) = &t.unit {
        check_text(unit, MAX_UNIT_CHARS, &format!("{loc}.unit"), errors);
    }
}

/// Unique ids and the target count, over the targets that could be read.
fn check_targets(targets: &[Option<&Target>], errors: &mut Vec<ManifestError>) {
    if targets.is_empty() {
        errors.push(err("targets", kind::EMPTY));
    }
    if targets.len() > MAX_TARGETS {
        errors.push(err("targets", kind::TOO_MANY));
    }
    for (i, t) in targets.iter().enumerate() {
        let Some(t) = t else { continue };
        let earlier = targets[..i].iter().flatten().any(|o| o.id == t.id);
        if earlier {
            errors.push(err(&format!("targets[{i}].id"), kind::DUPLICATE_ID));
        }
    }
}

fn is_valid_value(v: &TargetValue) -> bool {
    let mut scratch = Vec::new();
    check_value(v, "", &mut scratch);
    scratch.is_empty()
}

/// Refuses a manifest whose values appear in the strings a learner or an audit line can see,
/// compared exactly as the matcher compares replies.
fn check_no_value_inside(
    scenario_id: Option<&str>,
    targets: &[Option<&Target>],
    errors: &mut Vec<ManifestError>,
) {
    let values: Vec<GuardedValue> = targets
        .iter()
        .flatten()
        .filter(|t| is_valid_value(&t.value))
        .map(|t| GuardedValue {
            target_id: t.id.clone(),
            value: t.value.clone(),
            unit: t.unit.clone(),
        })
        .collect();
    if values.is_empty() {
        return;
    }
    // Candidate lists are about replies, not about a value inside a name.
    let matcher = Matcher::compile_with(
        &values,
        Rules {
            min_candidates: 0,
            ..Rules::DEFAULT
        },
    );
    // Boundary-free: a value glued to letters or underscores (`lag_7340`, `lag7340ms`,
    // `lagSevenThousand…`) is still inside the field, because ids reach audit lines and
    // `/healthz`. Every written form the matcher knows is checked on the field split at
    // those boundaries, as well as on the field as it is.
    let states = |text: &str| matcher.is_match(text) || matcher.is_match(&split_boundaries(text));
    if let Some(id) = scenario_id {
        if states(id) {
            errors.push(err("scenario_id", kind::CONTAINS_VALUE));
        }
    }
    for (i, t) in targets.iter().enumerate() {
        let Some(t) = t else { continue };
        let mut fields = vec![("id", t.id.as_str()), ("descriptor", t.descriptor.as_str())];
        if let Some(unit) = &t.unit {
            fields.push(("unit", unit.as_str()));
        }
        for (name, text) in fields {
            if states(text) {
                errors.push(err(&format!("targets[{i}].{name}"), kind::CONTAINS_VALUE));
            }
        }
    }
}

/// `text` with a space at every letter/digit boundary and CamelCase step, and `_` as a space.
fn split_boundaries(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 8);
    let mut prev: Option<char> = None;
    for c in text.chars() {
        if let Some(p) = prev {
            let step = (p.is_alphabetic() && c.is_ascii_digit())
                || (p.is_ascii_digit() && c.is_alphabetic())
                || (p.is_lowercase() && c.is_uppercase());
            if step {
                out.push(' ');
            }
        }
        out.push(if c == '_' { ' ' } else { c });
        prev = Some(c);
    }
    out
}

fn check_id(id: &str, max_chars: usize, location: &str, errors: &mut Vec<ManifestError>) {
    let kind = if id.is_empty() {
        kind::EMPTY
    } else if id.chars().count() > max_chars {
        kind::TOO_LONG
    } else if !id.starts_with(|c: char| c.is_ascii_alphanumeric())
        || !id
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '-' | ':'))
    {
        kind::INVALID_CHARS
    } else {
        return;
    };
    errors.push(err(location, kind));
}

fn check_text(text: &str, max_chars: usize, location: &str, errors: &mut Vec<ManifestError>) {
    let kind = if text.trim().is_empty() {
        kind::EMPTY
    } else if text.chars().count() > max_chars {
        kind::TOO_LONG
    } else if text.chars().any(char::is_control) {
        kind::INVALID_CHARS
    } else {
        return;
    };
    errors.push(err(location, kind));
}

fn check_value(value: &TargetValue, location: &str, errors: &mut Vec<ManifestError>) {
    let kind = match value {
        TargetValue::Number(n) if !n.is_finite() || n.abs() >= NUMBER_LIMIT => kind::OUT_OF_RANGE,
        TargetValue::Number(n) if n.abs() < MIN_NUMBER => kind::TOO_SMALL,
        TargetValue::Number(_) => return,
        TargetValue::Text(s) if matchable_chars(s) < MIN_STRING_CHARS => kind::TOO_SHORT,
        TargetValue::Text(s) if s.chars().count() > MAX_STRING_VALUE_CHARS => kind::TOO_LONG,
        TargetValue::Text(s) if s.chars().any(char::is_control) => kind::INVALID_CHARS,
        TargetValue::Text(_) => return,
    };
    errors.push(err(location, kind));
}

/// Characters of a string value as the matcher sees it: normalised (zero-width and format
/// characters gone), markdown `*` and `` ` `` ignored, surrounding whitespace trimmed.
fn matchable_chars(value: &str) -> usize {
    let seen: String = normalize_for_matching(value)
        .chars()
        .filter(|c| !matches!(c, '*' | '`'))
        .collect();
    seen.trim().chars().count()
}

/// RFC 3339 `date-time`: `YYYY-MM-DDTHH:MM:SS[.frac](Z|±HH:MM)`, `T`/`Z` in either case.
fn check_rfc3339(s: &str) -> Result<(), &'static str> {
    let b = s.as_bytes();
    let bad = Err(kind::INVALID_DATETIME);
    if b.len() < 19 || b.len() > 64 {
        return bad;
    }
    let num = |from: usize, len: usize| -> Option<u32> {
        let part = b.get(from..from + len)?;
        part.iter().try_fold(0u32, |acc, c| {
            c.is_ascii_digit().then(|| acc * 10 + u32::from(c - b'0'))
        })
    };
    let (Some(year), Some(month), Some(day), Some(hour), Some(minute), Some(second)) = (
        num(0, 4),
        num(5, 2),
        num(8, 2),
        num(11, 2),
        num(14, 2),
        num(17, 2),
    ) else {
        return bad;
    };
    if b[4] != b'-' || b[7] != b'-' || !matches!(b[10], b'T' | b't') || b[13] != b':' {
        return bad;
    }
    if b[16] != b':' {
        return bad;
    }
    let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
    let month_days = [
        31,
        if leap { 29 } else { 28 },
        31,
        30,
        31,
        30,
        31,
        31,
        30,
        31,
        30,
        31,
    ];
    if !(1..=12).contains(&month)
        || day == 0
        || day > month_days[month as usize - 1]
        || hour > 23
        || minute > 59
        || second > 60
    {
        return bad;
    }
    let mut rest = &b[19..];
    if let Some(frac) = rest.strip_prefix(b".") {
        let digits = frac.iter().take_while(|c| c.is_ascii_digit()).count();
        if digits == 0 {
            return bad;
        }
        rest = &frac[digits..];
    }
    match rest {
        [] => Err(kind::MISSING_TIMEZONE),
        [b'Z' | b'z'] => Ok(()),
        [sign, h1, h2, b':', m1, m2]
            if matches!(sign, b'+' | b'-')
                && [h1, h2, m1, m2].iter().all(|c| c.is_ascii_digit()) =>
        {
            // Digits checked first: `c - b'0'` on a non-digit would underflow (found by fuzzing).
            let hours = (h1 - b'0') * 10 + (h2 - b'0');
            let minutes = (m1 - b'0') * 10 + (m2 - b'0');
            if hours <= 23 && minutes <= 59 {
                Ok(())
            } else {
                bad
            }
        }
        _ => bad,
    }
}

/// Our own JSON tree: objects keep every key in order (so repeats are seen), numbers keep
/// whether they were written as integers (so `1.0` is not taken for 1).
#[derive(Debug)]
enum Json {
    Null,
    Bool,
    Int(i128),
    Float(f64),
    Str(String),
    Arr(Vec<Json>),
    Obj(Vec<(String, Json)>),
}

impl Json {
    fn as_int(&self) -> Option<i128> {
        match self {
            Json::Int(n) => Some(*n),
            _ => None,
        }
    }
}

/// The document, or `None`: serde_json's error (which quotes input) is dropped on purpose.
/// serde_json bounds nesting depth (128), so hostile input cannot exhaust the stack.
fn parse_json(bytes: &[u8]) -> Option<Json> {
    let mut de = serde_json::Deserializer::from_slice(bytes);
    let doc = Json::deserialize(&mut de).ok()?;
    de.end().ok()?;
    Some(doc)
}

impl<'de> Deserialize<'de> for Json {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Json, D::Error> {
        d.deserialize_any(JsonVisitor)
    }
}

struct JsonVisitor;

impl<'de> Visitor<'de> for JsonVisitor {
    type Value = Json;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a JSON value")
    }
    fn visit_unit<E: de::Error>(self) -> Result<Json, E> {
        Ok(Json::Null)
    }
    fn visit_bool<E: de::Error>(self, _: bool) -> Result<Json, E> {
        Ok(Json::Bool)
    }
    fn visit_i64<E: de::Error>(self, n: i64) -> Result<Json, E> {
        Ok(Json::Int(i128::from(n)))
    }
    fn visit_u64<E: de::Error>(self, n: u64) -> Result<Json, E> {
        Ok(Json::Int(i128::from(n)))
    }
    fn visit_f64<E: de::Error>(self, n: f64) -> Result<Json, E> {
        Ok(Json::Float(n))
    }
    fn visit_str<E: de::Error>(self, s: &str) -> Result<Json, E> {
        Ok(Json::Str(s.to_string()))
    }
    fn visit_string<E: de::Error>(self, s: String) -> Result<Json, E> {
        Ok(Json::Str(s))
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Json, A::Error> {
        let mut items = Vec::new();
        while let Some(item) = seq.next_element::<Json>()? {
            items.push(item);
        }
        Ok(Json::Arr(items))
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Json, A::Error> {
        let mut fields = Vec::new();
        while let Some((key, value)) = map.next_entry::<String, Json>()? {
            fields.push((key, value));
        }
        Ok(Json::Obj(fields))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rfc3339_table() {
        let cases: &[(&str, Result<(), &str>)] = &[
            ("2026-10-30T10:00:00Z", Ok(())),
            ("2026-10-30t10:00:00z", Ok(())),
            ("2026-10-30T10:00:00.123456+02:00", Ok(())),
            ("2024-02-29T23:59:60-05:30", Ok(())),
            ("2026-10-30T10:00:00", Err(kind::MISSING_TIMEZONE)),
            ("2026-10-30T10:00:00.5", Err(kind::MISSING_TIMEZONE)),
            ("2026-10-30", Err(kind::INVALID_DATETIME)),
            ("2026-10-30 10:00:00Z", Err(kind::INVALID_DATETIME)),
            ("2025-02-29T10:00:00Z", Err(kind::INVALID_DATETIME)),
            ("2026-13-01T10:00:00Z", Err(kind::INVALID_DATETIME)),
            ("2026-10-30T24:00:00Z", Err(kind::INVALID_DATETIME)),
            ("2026-10-30T10:00:00.Z", Err(kind::INVALID_DATETIME)),
            ("2026-10-30T10:00:00+2:00", Err(kind::INVALID_DATETIME)),
            ("2026-10-30T10:00:00+24:00", Err(kind::INVALID_DATETIME)),
            ("2026-10-30T10:00:00Z ", Err(kind::INVALID_DATETIME)),
            ("２026-10-30T10:00:00Z", Err(kind::INVALID_DATETIME)),
            // Regression (fuzzing): a non-digit offset underflowed `c - b'0'`.
            ("2026-10-30T10:00:00+!0:00", Err(kind::INVALID_DATETIME)),
            ("2026-10-30T10:00:00-00:/0", Err(kind::INVALID_DATETIME)),
        ];
        for (input, want) in cases {
            assert_eq!(check_rfc3339(input), *want, "{input}");
        }
    }

    #[test]
    fn integral_numbers_serialise_as_integers() {
        let v = serde_json::to_string(&TargetValue::Number(5100.0)).unwrap();
        assert_eq!(v, "5100");
        let v = serde_json::to_string(&TargetValue::Number(5100.5)).unwrap();
        assert_eq!(v, "5100.5");
        let back: TargetValue = serde_json::from_str("5100").unwrap();
        assert_eq!(back, TargetValue::Number(5100.0));
    }
}
