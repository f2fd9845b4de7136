//! The compiled guard: one guard set (current targets plus retired values) turned into a matcher
//! and a table of checked nudges, built once per manifest generation and then only queried.
//!
//! [`GuardSet`] is the wire form the control service ships to Envoy (docs/api.md, the watch API's
//! `guard` object). [`GuardSet::validate`] applies the manifest rules to it, so a filter that
//! receives a broken set refuses it (fail closed) instead of guarding nothing. [`Guard::compile`]
//! builds the matcher over every guarded value and precomputes, for every value and level 0–2,
//! the one nudge a matching reply becomes:
//!
//! * a current target's nudge comes from its own descriptor ([`crate::nudge::nudge_for`]);
//! * a retired value (grace, AEP-032 §2) uses its current namesake's descriptor when a target
//!   with the same id still exists, else [`crate::nudge::GENERIC_NUDGE`]; retired values stay
//!   guarded until the control service drops them from the set;
//! * every nudge is run through the matcher; one that states any guarded value (a retired value
//!   may appear in a new descriptor) is replaced by the first of [`crate::nudge::FALLBACKS`] that
//!   does not. The same check covers [`WITHHELD_MARK`].
//!
//! Per reply, [`Guard::guard_reply`] does one matcher pass and, on a match below level 3, picks
//! the nudge of the first matching value in guard-set order: one nudge per reply, however many
//! targets it states.
use crate::manifest::{Manifest, ManifestError, Target, TargetValue};
use crate::matcher::{GuardedValue, Matcher, Rules};
use crate::nudge::{nudge_for, FALLBACKS, GENERIC_NUDGE};
use serde::{Deserialize, Serialize};

/// The wire form the control service ships to Envoy (the watch API's `guard` object): the
/// current targets plus retired values that stay guarded through the grace period.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GuardSet {
    pub scenario_id: String,
    pub default_disclosure: u8,
    pub targets: Vec<Target>,
    #[serde(default)]
    pub retired: Vec<RetiredValue>,
}

/// A value that left the manifest; guarded until `expires_at_unix` (the control service drops it then).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RetiredValue {
    pub id: String,
    pub value: TargetValue,
    pub expires_at_unix: u64,
}

impl GuardSet {
    pub fn from_manifest(m: &Manifest, retired: Vec<RetiredValue>) -> GuardSet {
        GuardSet {
            scenario_id: m.scenario_id.clone(),
            default_disclosure: m.default_disclosure,
            targets: m.targets.clone(),
            retired,
        }
    }

    /// The manifest rules, applied to a set that came over the wire: at least one target,
    /// `default_disclosure` 0–2, valid and unique ids, values the matcher can work with, no value
    /// inside an id, descriptor, unit or the scenario id; retired values get the value and id
    /// rules (a retired value *may* appear in a current descriptor: its nudge falls back).
    /// Errors carry locations (`targets[0].value`, `retired[1].id`) and kinds only.
    pub fn validate(&self) -> Result<(), Vec<ManifestError>> {
        let retired: Vec<(&str, &TargetValue)> = self
            .retired
            .iter()
            .map(|r| (r.id.as_str(), &r.value))
            .collect();
        crate::manifest::validate_parts(
            &self.scenario_id,
            self.default_disclosure,
            &self.targets,
            &retired,
        )
    }
}

/// What the guard decided for one text.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Verdict {
    /// Ids of the targets the text states (current or retired), in guard-set order, no duplicates.
    pub targets: Vec<String>,
    /// The text the learner sees instead, when the original is withheld; `None` keeps it.
    pub replacement: Option<String>,
}

impl Verdict {
    pub fn withheld(&self) -> bool {
        self.replacement.is_some()
    }
}

/// The fixed text that replaces a scrubbed (non-reply) string (unless a guarded value appears
/// in it, in which case [`Guard::scrub`] uses a fallback).
pub const WITHHELD_MARK: &str = "[withheld by the learning sandbox]";

/// The guarded levels: 0, 1, 2 (level 3, [`crate::MAX_LEVEL`], is unguarded).
const GUARDED_LEVELS: usize = crate::MAX_LEVEL as usize;

/// Most bytes the cache holds (texts plus [`CACHE_ENTRY_BYTES`] each); past it the cache starts
/// again empty.
const CACHE_MAX_BYTES: usize = 4 << 20;
/// What one remembered text costs beyond its bytes (key and value boxes, the table slot), so
/// many short texts stay inside [`CACHE_MAX_BYTES`] too. Short texts are remembered as well:
/// header values, JSON keys and ids repeat on every turn, and the matcher's fixed cost (some
/// microseconds for two bytes) is most of such a turn's work.
const CACHE_ENTRY_BYTES: usize = 64;

/// What the matcher found in texts this guard has already read, keyed by the whole text (no
/// hash stands in for it, so no collision can hand one text another's verdict). A transcript
/// is read again after every turn with every earlier message in it: with the cache, each read
/// costs the new messages plus one hash and compare per old one, not a matcher pass over the
/// whole history. Bounded by [`CACHE_MAX_BYTES`]; it belongs to one compiled guard, so a new
/// guard generation starts with an empty one. The hasher has fixed keys: a random one would
/// need the host's entropy at first use, and a crafted collision only costs a compare.
#[derive(Default)]
struct HitCache {
    map: std::collections::HashMap<
        Box<str>,
        Box<[usize]>,
        std::hash::BuildHasherDefault<std::collections::hash_map::DefaultHasher>,
    >,
    bytes: usize,
}

impl std::fmt::Debug for HitCache {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // Never the texts: they may hold values.
        write!(
            f,
            "HitCache({} texts, {} bytes)",
            self.map.len(),
            self.bytes
        )
    }
}

/// A guard set compiled for matching: built once per manifest generation, then shared.
#[derive(Debug)]
pub struct Guard {
    set: GuardSet,
    matcher: Matcher,
    /// Matches of texts already read (see [`HitCache`]).
    cache: std::sync::Mutex<HitCache>,
    /// Target id per compiled value (current targets first, then retired values).
    ids: Vec<String>,
    /// Checked nudges per compiled value, per guarded level.
    nudges: Vec<[String; GUARDED_LEVELS]>,
    /// The checked scrub mark.
    mark: String,
}

impl Clone for Guard {
    /// A copy with an empty cache.
    fn clone(&self) -> Guard {
        Guard {
            set: self.set.clone(),
            matcher: self.matcher.clone(),
            cache: Default::default(),
            ids: self.ids.clone(),
            nudges: self.nudges.clone(),
            mark: self.mark.clone(),
        }
    }
}

impl Guard {
    /// Compile a set. Call [`GuardSet::validate`] first on a set from outside: compiling does not
    /// judge the set, it guards whatever values it holds.
    pub fn compile(set: GuardSet) -> Guard {
        Guard::compile_with(set, Rules::DEFAULT)
    }

    /// Compile a set with chosen matcher rules (the filter config can tune the oracle rule:
    /// the candidate band and count).
    pub fn compile_with(set: GuardSet, rules: Rules) -> Guard {
        // A retired value keeps its current namesake's unit (the unit family of a re-seeded
        // target does not change).
        let unit_of = |id: &str| {
            set.targets
                .iter()
                .find(|t| t.id == id)
                .and_then(|t| t.unit.clone())
        };
        let values: Vec<GuardedValue> = set
            .targets
            .iter()
            .map(|t| GuardedValue {
                target_id: t.id.clone(),
                value: t.value.clone(),
                unit: t.unit.clone(),
            })
            .chain(set.retired.iter().map(|r| GuardedValue {
                target_id: r.id.clone(),
                value: r.value.clone(),
                unit: unit_of(&r.id),
            }))
            .collect();
        let matcher = Matcher::compile_with(&values, rules);
        let checked = |candidate: String| -> String {
            if !matcher.is_match(&candidate) {
                return candidate;
            }
            FALLBACKS
                .iter()
                .find(|f| !matcher.is_match(f))
                .map_or_else(|| FALLBACKS[FALLBACKS.len() - 1], |f| *f)
                .to_string()
        };
        let ladder = |target: Option<&Target>| -> [String; GUARDED_LEVELS] {
            std::array::from_fn(|level| {
                checked(match target {
                    Some(t) => nudge_for(t, level as u8),
                    None => GENERIC_NUDGE.to_string(),
                })
            })
        };
        let current: Vec<[String; GUARDED_LEVELS]> =
            set.targets.iter().map(|t| ladder(Some(t))).collect();
        let generic = ladder(None);
        let nudges = current
            .iter()
            .cloned()
            .chain(set.retired.iter().map(|r| {
                set.targets
                    .iter()
                    .position(|t| t.id == r.id)
                    .map_or_else(|| generic.clone(), |i| current[i].clone())
            }))
            .collect();
        let mark = checked(WITHHELD_MARK.to_string());
        let ids = values.into_iter().map(|v| v.target_id).collect();
        Guard {
            set,
            matcher,
            cache: Default::default(),
            ids,
            nudges,
            mark,
        }
    }
    pub fn set(&self) -> &GuardSet {
        &self.set
    }
    pub fn scenario_id(&self) -> &str {
        &self.set.scenario_id
    }
    pub fn default_disclosure(&self) -> u8 {
        self.set.default_disclosure
    }
    /// Target ids the text states (current or retired), in guard-set order, no duplicates.
    pub fn find(&self, text: &str) -> Vec<String> {
        self.ids_of(&self.hits(text))
    }

    /// Matched value indices, ascending (guard-set order) whatever order the matcher gives.
    fn hits(&self, text: &str) -> Vec<usize> {
        let cost = text.len() + CACHE_ENTRY_BYTES;
        let cacheable = cost <= CACHE_MAX_BYTES / 4;
        if cacheable {
            if let Ok(cache) = self.cache.lock() {
                if let Some(h) = cache.map.get(text) {
                    return h.to_vec();
                }
            }
        }
        let mut hits = self.matcher.find(text);
        hits.sort_unstable();
        hits.dedup();
        if cacheable {
            if let Ok(mut cache) = self.cache.lock() {
                if cache.bytes + cost > CACHE_MAX_BYTES {
                    cache.map.clear();
                    cache.bytes = 0;
                }
                cache.bytes += cost;
                cache
                    .map
                    .insert(text.into(), hits.clone().into_boxed_slice());
            }
        }
        hits
    }

    fn ids_of(&self, hits: &[usize]) -> Vec<String> {
        let mut out: Vec<String> = Vec::new();
        for &i in hits {
            if let Some(id) = self.ids.get(i) {
                if !out.contains(id) {
                    out.push(id.clone());
                }
            }
        }
        out
    }

    /// Guard a reply the model wrote (chat response, stream message, transcript assistant
    /// text): below level 3 a matching reply is replaced by one nudge, the one of the first
    /// matching value in guard-set order, at the learner's level.
    pub fn guard_reply(&self, text: &str, level: u8) -> Verdict {
        if level >= crate::MAX_LEVEL {
            return Verdict::default();
        }
        let hits = self.hits(text);
        let Some(&first) = hits.first() else {
            return Verdict::default();
        };
        let replacement = self
            .nudges
            .get(first)
            .and_then(|ladder| ladder.get(usize::from(level)))
            .cloned()
            // Unreachable (the matcher returns compiled indices); still never the original.
            .unwrap_or_else(|| FALLBACKS[FALLBACKS.len() - 1].to_string());
        Verdict {
            targets: self.ids_of(&hits),
            replacement: Some(replacement),
        }
    }

    /// Scrub any other string: below level 3 a matching string becomes [`WITHHELD_MARK`].
    pub fn scrub(&self, text: &str, level: u8) -> Verdict {
        if level >= crate::MAX_LEVEL {
            return Verdict::default();
        }
        let hits = self.hits(text);
        if hits.is_empty() {
            return Verdict::default();
        }
        Verdict {
            targets: self.ids_of(&hits),
            replacement: Some(self.mark.clone()),
        }
    }
}
