//! The side-by-side peer table of issue 10: this matcher against what a user would write
//! instead, on the same text and the same manifest (5 targets: 4 numbers, 1 name), 4 KB and
//! 64 KB of coaching reply and of ops text (tool output):
//! - a `regex` union of the targets' written variants (case-insensitive);
//! - `aho-corasick` over the same variants, ASCII case-insensitive;
//! - a `memchr::memmem` single-needle search (the floor: one exact spelling of one target);
//! - and the matcher as it stood before the speed work (`fuzz/frozen/`), measured in the same
//!   run, so a speed-up reads as a ratio even on a busy machine.
//!
//! It prints progress and the table, and writes `bench/out/peers.json`. With `--check` it runs
//! only the coarse regression guard of `make test`: this matcher's speed on 64 KB of ops text
//! as a ratio to the frozen matcher measured in the same run (a ratio, so a slower or a busier
//! machine moves both; the frozen matcher is CPU-bound code of the same kind, where a
//! memory-bound `aho-corasick` scan moved the ratio 2.7× between two runs on one machine),
//! failing when the ratio falls below half the one recorded in `bench/baseline.json`. Never
//! exact numbers.
//!
//! Run: `make bench-peers` (or `cargo bench -p orrery-learning-guard --bench peers`).
use aho_corasick::AhoCorasick;
use orrery_learning_frozen_matcher::matcher as frozen;
use orrery_learning_guard::manifest::TargetValue;
use orrery_learning_guard::matcher::{GuardedValue, Matcher};
use std::hint::black_box;
use std::time::{Duration, Instant};

// The same text as `examples/v8_reads.rs` reads.
#[path = "support/text.rs"]
mod text;
use text::text;

/// The manifest: four numbers of assorted magnitudes and one name, none in the corpus.
fn targets() -> Vec<GuardedValue> {
    [
        TargetValue::Number(104_729.0),
        TargetValue::Number(112_648.5),
        TargetValue::Number(120_567.0),
        TargetValue::Number(128_486.5),
        TargetValue::Text("secret-target-9".into()),
    ]
    .into_iter()
    .enumerate()
    .map(|(k, value)| GuardedValue {
        target_id: format!("t{k}"),
        value,
        unit: None,
    })
    .collect()
}

/// What a user of a naive guard lists: each target's common written forms.
fn variants() -> Vec<String> {
    let mut v = Vec::new();
    for t in targets() {
        match t.value {
            TargetValue::Number(n) => {
                let int = n.trunc() as u64;
                let frac = if n.fract() != 0.0 { ".5" } else { "" };
                let digits = int.to_string();
                let grouped = |sep: &str| {
                    let d = digits.as_bytes();
                    let mut s = String::new();
                    for (i, c) in d.iter().enumerate() {
                        if i > 0 && (d.len() - i).is_multiple_of(3) {
                            s.push_str(sep);
                        }
                        s.push(char::from(*c));
                    }
                    s
                };
                v.push(format!("{digits}{frac}"));
                for sep in [",", " ", ".", "_", "'"] {
                    v.push(format!("{}{frac}", grouped(sep)));
                }
                v.push(format!("{:.1}k", n / 1000.0));
            }
            TargetValue::Text(s) => {
                v.push(s.clone());
                v.push(s.replace('-', "_"));
                v.push(s.replace('-', " "));
                v.push(s.replace('-', ""));
            }
        }
    }
    v
}

/// Median MB/s of `f` over `text`, measured for about `budget`.
fn measure(text: &str, budget: Duration, mut f: impl FnMut(&str) -> usize) -> f64 {
    let start = Instant::now();
    let mut rates = Vec::new();
    while start.elapsed() < budget || rates.len() < 5 {
        let t = Instant::now();
        let mut iters = 0u32;
        while t.elapsed() < budget / 20 || iters == 0 {
            black_box(f(black_box(text)));
            iters += 1;
        }
        let secs = t.elapsed().as_secs_f64();
        rates.push(text.len() as f64 * f64::from(iters) / secs / 1e6);
    }
    rates.sort_by(f64::total_cmp);
    rates[rates.len() / 2]
}

struct Peers {
    matcher: Matcher,
    frozen: frozen::Matcher,
    regex: regex::Regex,
    ac: AhoCorasick,
    floor: memchr::memmem::Finder<'static>,
    variants: usize,
}

impl Peers {
    fn new() -> Peers {
        let vs = variants();
        let union = vs
            .iter()
            .map(|v| regex::escape(v))
            .collect::<Vec<_>>()
            .join("|");
        Peers {
            matcher: Matcher::compile(&targets()),
            frozen: frozen::Matcher::compile(
                &targets()
                    .into_iter()
                    .map(|g| frozen::GuardedValue {
                        target_id: g.target_id,
                        value: match g.value {
                            TargetValue::Number(n) => frozen::TargetValue::Number(n),
                            TargetValue::Text(t) => frozen::TargetValue::Text(t),
                        },
                        unit: g.unit,
                    })
                    .collect::<Vec<_>>(),
            ),
            regex: regex::RegexBuilder::new(&union)
                .case_insensitive(true)
                .build()
                .expect("the union compiles"),
            ac: AhoCorasick::builder()
                .ascii_case_insensitive(true)
                .build(&vs)
                .expect("the automaton builds"),
            floor: memchr::memmem::Finder::new(b"104729").into_owned(),
            variants: vs.len(),
        }
    }
    fn matcher(&self, budget: Duration, t: &str) -> f64 {
        measure(t, budget, |t| self.matcher.find(t).len())
    }
    fn ac(&self, budget: Duration, t: &str) -> f64 {
        measure(t, budget, |t| self.ac.find_iter(t).count())
    }
}

fn baseline_ratio(path: &std::path::Path) -> Option<f64> {
    let v: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(path).ok()?).ok()?;
    v.get("matcher_over_frozen_ops_64KB")?.as_f64()
}

fn main() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let peers = Peers::new();
    let check = std::env::args().any(|a| a == "--check");
    if check {
        let t = text(64 * 1024, true);
        // Interleaved rounds, the median ratio: a burst of load hits one side of one round.
        let budget = Duration::from_millis(250);
        let mut rounds: Vec<(f64, f64)> = (0..7)
            .map(|_| {
                let m = peers.matcher(budget, &t);
                let a = measure(&t, budget, |t| peers.frozen.find(t).len());
                (m, a)
            })
            .collect();
        rounds.sort_by(|x, y| (x.0 / x.1).total_cmp(&(y.0 / y.1)));
        let (m, a) = rounds[rounds.len() / 2];
        let ratio = m / a;
        let base = baseline_ratio(&root.join("bench/baseline.json"));
        println!(
            "bench-check: matcher {m:.1} MB/s, frozen matcher {a:.1} MB/s on 64 KB ops text: \
             ratio {ratio:.4} (recorded {})",
            base.map_or("none".into(), |b| format!("{b:.4}"))
        );
        if let Some(b) = base {
            if ratio < b / 2.0 {
                eprintln!("bench-check: the matcher fell below half its recorded speed");
                std::process::exit(1);
            }
        }
        return;
    }
    let budget = Duration::from_millis(
        std::env::var("PEERS_MS")
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(1500),
    );
    let cases = [
        ("reply 4 KB", text(4 * 1024, false)),
        ("reply 64 KB", text(64 * 1024, false)),
        ("ops text 4 KB", text(4 * 1024, true)),
        ("ops text 64 KB", text(64 * 1024, true)),
    ];
    type Row = (&'static str, Vec<f64>);
    let mut rows: Vec<Row> = vec![
        ("this matcher (native)", vec![]),
        ("regex union of the variants", vec![]),
        ("aho-corasick, ASCII case-insensitive", vec![]),
        ("memchr::memmem, one needle (floor)", vec![]),
        ("the matcher before issue 10 (fuzz/frozen)", vec![]),
    ];
    let total = cases.len() * rows.len();
    let mut done = 0;
    for (label, t) in &cases {
        for (k, row) in rows.iter_mut().enumerate() {
            done += 1;
            eprintln!("[{done}/{total}] {} on {label} …", row.0);
            let r = match k {
                0 => peers.matcher(budget, t),
                1 => measure(t, budget, |t| peers.regex.find_iter(t).count()),
                2 => peers.ac(budget, t),
                3 => measure(t, budget, |t| peers.floor.find_iter(t.as_bytes()).count()),
                _ => measure(t, budget, |t| peers.frozen.find(t).len()),
            };
            row.1.push(r);
        }
    }
    println!(
        "\nPeers: same text, same manifest (5 targets; {} written variants for the peers), MB/s",
        peers.variants
    );
    print!("| |");
    for (label, _) in &cases {
        print!(" {label} |");
    }
    println!("\n|---|{}", "---|".repeat(cases.len()));
    for (name, rates) in &rows {
        print!("| {name} |");
        for r in rates {
            print!(" {r:.0} |");
        }
        println!();
    }
    let m = &rows[0].1;
    print!("| this matcher ÷ best of regex and aho-corasick |");
    for (i, mi) in m.iter().enumerate() {
        print!(" {:.3}× |", mi / rows[1].1[i].max(rows[2].1[i]));
    }
    println!();
    print!("| this matcher ÷ the matcher before issue 10 |");
    for (mi, fi) in m.iter().zip(&rows[4].1) {
        print!(" {:.2}× |", mi / fi);
    }
    println!();
    let json = serde_json::json!({
        "bench": "peers",
        "unit": "MB/s",
        "targets": 5,
        "variants": peers.variants,
        "cases": cases.iter().map(|(l, _)| *l).collect::<Vec<_>>(),
        "rows": rows.iter().map(|(n, r)| serde_json::json!({"name": n, "rates": r})).collect::<Vec<_>>(),
        "matcher_over_aho_corasick_ops_64KB": m[3] / rows[2].1[3],
    });
    let out = root.join("bench/out");
    let written = std::fs::create_dir_all(&out)
        .and_then(|()| std::fs::write(out.join("peers.json"), format!("{json:#}\n")));
    match written {
        Ok(()) => eprintln!("wrote bench/out/peers.json"),
        Err(e) => eprintln!("could not write bench/out/peers.json: {e}"),
    }
}
