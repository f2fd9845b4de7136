//! The guard's decision as an oracle (DESIGN.md, "Threat model"): what a learner learns from
//! replies that state no target but come near one. Every decision that is not an equality
//! (an approximation, a rounding, a value between bounds, a unit reading, a candidate list) is
//! taken on the target's grid cell (`targets::GRID`, ±5 %), so two targets in one cell get
//! the same verdict on every such reply, and the search the 15th red-team round ran ("about X"
//! windows tiling a range, 13 to 21 requests to the exact value) learns the cell and no more.
#![cfg(not(target_arch = "wasm32"))]

use orrery_learning_guard::manifest::TargetValue;
use orrery_learning_guard::matcher::{GuardedValue, Matcher};
use proptest::prelude::*;

/// The grid of `targets::GRID`, restated: a test must not trust the code it checks.
const GRID: f64 = 1.0 / 0.95;

fn cell(v: f64) -> i64 {
    (v.ln() / GRID.ln()).floor() as i64
}

fn matcher(t: f64, unit: Option<&str>) -> Matcher {
    Matcher::compile(&[GuardedValue {
        target_id: "lag".into(),
        value: TargetValue::Number(t),
        unit: unit.map(str::to_string),
    }])
}

/// Two targets in one grid cell, neither one a value a text below writes exactly (a third
/// decimal).
fn same_cell_pair() -> impl Strategy<Value = (f64, f64)> {
    (150u32..900_000, 0.0f64..1.0, 0.0f64..1.0).prop_filter_map("one cell", |(k, a, b)| {
        let lo = GRID.powi(cell(f64::from(k)) as i32);
        let hi = lo * GRID;
        let pick = |f: f64| ((lo + (hi - lo) * f) * 1000.0).floor() / 1000.0 + 0.0007;
        let (t1, t2) = (pick(a), pick(b));
        (cell(t1) == cell(t2) && t1 != t2).then_some((t1, t2))
    })
}

fn fmt(x: f64, decimals: usize) -> String {
    format!("{x:.decimals$}")
}

/// A reply of near statements about `t`: approximations, roundings with a scale, bounds,
/// lists of close numbers, in words a reader takes as such.
fn near_statements(t: f64, factors: &[(f64, u8)]) -> String {
    let mut out = Vec::new();
    for (f, kind) in factors {
        let x = t * f;
        out.push(match kind % 10 {
            0 => format!("about {}", fmt(x, 0)),
            1 => format!("roughly {}k", fmt(x / 1000.0, 2)),
            2 => format!("{} thousand", fmt(x / 1000.0, 1)),
            3 => format!("{} < lag < {}", fmt(x, 0), fmt(x * 1.015, 0)),
            4 => format!("~{}", fmt(x, 1)),
            5 => format!("{x:.2e}"),
            6 => format!("more than {}, fewer than {}", fmt(x, 0), fmt(x * 1.01, 0)),
            7 => format!("around {}K", fmt(x / 1000.0, 1)),
            8 => format!("nearly {} million", fmt(x / 1e6, 3)),
            _ => fmt(x, 2),
        });
    }
    out.join("; ")
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, .. ProptestConfig::default() })]

    /// Two targets in one cell: every reply of near statements gets one verdict for both.
    #[test]
    fn near_statements_tell_only_the_cell(
        (t1, t2) in same_cell_pair(),
        factors in prop::collection::vec((0.85f64..1.18, any::<u8>()), 1..8),
    ) {
        let text = near_statements(t1, &factors);
        let a = matcher(t1, Some("messages")).is_match(&text);
        let b = matcher(t2, Some("messages")).is_match(&text);
        prop_assert_eq!(a, b, "{} / {}: {}", t1, t2, text);
    }

    /// The same for a time target read through its unit (`1.25 s`, `1250 ms`, `1.2505e3 ms`).
    #[test]
    fn unit_roundings_tell_only_the_cell(
        (t1, t2) in same_cell_pair(),
        factors in prop::collection::vec((0.85f64..1.18, 0u8..4), 1..8),
    ) {
        let text = factors
            .iter()
            .map(|(f, k)| {
                let ms = t1 * f;
                match k {
                    0 => format!("{} s", fmt(ms / 1000.0, 2)),
                    1 => format!("{} s", fmt(ms / 1000.0, 3)),
                    2 => format!("{} ms", fmt(ms, 0)),
                    _ => format!("{} µs", fmt(ms * 1000.0, 0)),
                }
            })
            .collect::<Vec<_>>()
            .join(", ");
        let a = matcher(t1, Some("ms")).is_match(&text);
        let b = matcher(t2, Some("ms")).is_match(&text);
        prop_assert_eq!(a, b, "{} / {}: {}", t1, t2, text);
    }
}

/// The 15th round's search, replayed: each request lists `about X` whose ±5 % windows tile
/// `[lo, m]`, so that (with a sharp ±5 % rule) "withheld" meant "the value is below `m`". It
/// now narrows the value to its cell and no further: the two ends of the cell get the same
/// answers throughout, and the search settles on where the cell starts.
#[test]
fn the_tiling_search_finds_the_cell_not_the_value() {
    fn tiling(lo: f64, m: f64) -> String {
        let mut xs = Vec::new();
        let mut x = 0.95 * m;
        while x / 1.05 > lo * 0.98 {
            xs.push(x);
            x = x * 0.95 / 1.05;
        }
        xs.push(x);
        xs.iter()
            .rev()
            .map(|x| format!("about {x:.2}"))
            .collect::<Vec<_>>()
            .join("; ")
    }
    for t in [5100.0, 2750.0, 3875.0, 1420.0, 370.0, 104_729.0] {
        let k = cell(t);
        let (bottom, top) = (
            GRID.powi(k as i32) * 1.0001,
            GRID.powi(k as i32 + 1) * 0.9999,
        );
        let m_t = matcher(t, None);
        let (m_bottom, m_top) = (matcher(bottom, None), matcher(top, None));
        let (mut lo, mut hi) = (100.0f64, 1_000_000.0f64);
        for _ in 0..40 {
            let m = (lo * hi).sqrt();
            let q = tiling(lo, m);
            let withheld = m_t.is_match(&q);
            assert_eq!(withheld, m_bottom.is_match(&q), "{t}: {q}");
            assert_eq!(withheld, m_top.is_match(&q), "{t}: {q}");
            if withheld {
                hi = m;
            } else {
                lo = m;
            }
        }
        // What it converged on is where the cell starts, not the value.
        let start = GRID.powi(k as i32);
        assert!(
            (lo - start).abs() / start < 1e-3,
            "{t}: the search settled on {lo}, the cell starts at {start}"
        );
    }
}
