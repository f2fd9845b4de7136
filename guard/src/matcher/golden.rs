//! What the golden dumps share (`numbers/golden.rs`, `readings/golden.rs`, `lang/golden.rs`,
//! `encodings/golden.rs`, `wordmath/golden.rs`): the seed texts every dump starts from (the
//! string literals of the guard's test tables and the ops corpus, plus seeds a run names in its
//! environment) and the ops corpus in windows. Each dump builds its corpus from these with its
//! own rounds, seed and windows, so its texts are the ones it read before this module.
use orrery_learning_frozen_matcher::diff;

/// The test sources whose string literals are seeds.
const SOURCES: &[&str] = &[
    include_str!("../../tests/patient_learner.rs"),
    include_str!("../../tests/matcher.rs"),
    include_str!("../../tests/matcher_diff.rs"),
    include_str!("../../tests/matcher_prop.rs"),
    include_str!("../../tests/matcher_fp.rs"),
    include_str!("../../tests/lang_numerals.rs"),
    include_str!("../../tests/guard.rs"),
    include_str!("../../tests/surfaces.rs"),
];

/// The benign ops corpus.
pub(crate) const OPS: &str = include_str!("../../tests/data/benign_ops.txt");

/// The seeds, sorted and without repeats: the literals of [`SOURCES`] and the ops corpus's
/// lines; the literals of the Rust sources named in `{prefix}_SOURCES` (copies of a module
/// taken before a change: literals of a test added with it would make two corpora differ);
/// and the `"text"` of each JSON line of the files named in `{prefix}_EXTRA` (the red-team
/// corpora). Both lists are paths separated by `:`.
pub(crate) fn seeds(prefix: &str) -> Vec<String> {
    let mut seeds = diff::seeds(SOURCES, OPS);
    for path in paths(&format!("{prefix}_SOURCES")) {
        let body = std::fs::read_to_string(path).unwrap_or_default();
        seeds.extend(
            diff::string_literals(&body)
                .into_iter()
                .filter(|s| !s.is_empty()),
        );
    }
    for path in paths(&format!("{prefix}_EXTRA")) {
        let body = std::fs::read_to_string(path).unwrap_or_default();
        for l in body.lines() {
            if let Ok(v) = serde_json::from_str::<serde_json::Value>(l) {
                if let Some(t) = v.get("text").and_then(|t| t.as_str()) {
                    seeds.push(t.to_string());
                }
            }
        }
    }
    seeds.sort();
    seeds.dedup();
    seeds
}

/// The paths in the environment variable `var`, separated by `:`.
fn paths(var: &str) -> Vec<String> {
    std::env::var(var)
        .unwrap_or_default()
        .split(':')
        .filter(|p| !p.is_empty())
        .map(str::to_string)
        .collect()
}

/// The mutation rounds from `{prefix}_ROUNDS`, else `default`.
pub(crate) fn rounds(prefix: &str, default: usize) -> usize {
    std::env::var(format!("{prefix}_ROUNDS"))
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// The ops corpus in windows of each of `widths` lines.
pub(crate) fn windows(widths: &[usize]) -> Vec<String> {
    let lines: Vec<&str> = OPS.lines().collect();
    widths
        .iter()
        .flat_map(|w| lines.chunks(*w).map(|c| c.join("\n")))
        .collect()
}

/// The usual corpus: the seeds of `prefix` mutated for `{prefix}_ROUNDS` rounds (`rounds`
/// unless set) from `seed`, the seeds themselves, and the ops corpus in windows of `widths`.
pub(crate) fn corpus(prefix: &str, rounds: usize, seed: u64, widths: &[usize]) -> Vec<String> {
    let seeds = self::seeds(prefix);
    let mut texts = diff::corpus(&seeds, OPS, self::rounds(prefix, rounds), seed);
    texts.extend(seeds);
    texts.extend(windows(widths));
    texts
}

/// The ASCII digit runs of `s`, in order.
pub(crate) fn digit_runs(s: &str) -> Vec<&str> {
    let b = s.as_bytes();
    let mut runs = Vec::new();
    let mut i = 0;
    while i < b.len() {
        if b[i].is_ascii_digit() {
            let from = i;
            while i < b.len() && b[i].is_ascii_digit() {
                i += 1;
            }
            runs.extend(s.get(from..i));
        } else {
            i += 1;
        }
    }
    runs
}
