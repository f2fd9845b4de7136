//! Matcher throughput on realistic replies (coaching prose mixed with kubectl, kafka and
//! Prometheus output from `tests/data/benign_ops.txt`), 4 KB and 64 KB, against 5 and 100
//! targets; plus compile time per manifest. Run: `cargo bench -p orrery-learning-guard --bench matcher`.
use criterion::{black_box, criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use orrery_learning_guard::manifest::TargetValue;
use orrery_learning_guard::matcher::{GuardedValue, Matcher};

const CORPUS: &str = include_str!("../tests/data/benign_ops.txt");

/// Prose lines of the corpus (coaching sentences) and the rest (tool output).
fn split_corpus() -> (Vec<&'static str>, Vec<&'static str>) {
    CORPUS.lines().partition(|l| {
        let letters = l.chars().filter(|c| c.is_alphabetic() || *c == ' ').count();
        l.split(' ').count() >= 8 && letters * 10 >= l.len() * 8
    })
}

/// A text of `size` bytes. `Reply`: a model's answer, coaching prose with a line of quoted
/// tool output every sixth line. `Dump`: tool output only (kubectl, kafka, Prometheus, logs),
/// the densest numbers a reply can carry. `non_ascii` adds typographic dashes and quotes.
fn text(size: usize, dump: bool, non_ascii: bool) -> String {
    let (prose, ops) = split_corpus();
    let mut out = String::with_capacity(size + 256);
    let mut k = 7usize;
    let mut line = 0usize;
    while out.len() < size {
        k = k.wrapping_mul(31).wrapping_add(17);
        // Every sixth line is tool output, every third gets a typographic aside.
        line = (line + 1) % 6;
        let l = if dump || line == 0 {
            ops[k % ops.len()]
        } else {
            prose[k % prose.len()]
        };
        out.push_str(l);
        if non_ascii && (line == 0 || line == 3) {
            out.push_str(" \u{2014} that\u{2019}s the part to check");
        }
        out.push('\n');
    }
    let mut cut = size;
    while !out.is_char_boundary(cut) {
        cut -= 1;
    }
    out.truncate(cut);
    out
}

/// `n` targets: 90 % numbers of assorted magnitudes, 10 % strings, none of them in the corpus.
fn targets(n: usize) -> Vec<GuardedValue> {
    (0..n)
        .map(|k| {
            let value = if k % 10 == 9 {
                TargetValue::Text(format!("secret-target-{k}"))
            } else {
                TargetValue::Number(
                    104_729.0 + (k as f64) * 7_919.0 + if k % 3 == 0 { 0.5 } else { 0.0 },
                )
            };
            GuardedValue {
                target_id: format!("t{k}"),
                value,
                unit: None,
            }
        })
        .collect()
}

fn throughput(c: &mut Criterion) {
    let mut g = c.benchmark_group("find");
    for &n in &[5usize, 100] {
        let m = Matcher::compile(&targets(n));
        let cases = [
            // A chat field or a transcript message: the per-call cost.
            ("field_64B", text(64, false, false)),
            ("reply_4KB", text(4 * 1024, false, false)),
            ("reply_64KB", text(64 * 1024, false, false)),
            ("reply_64KB_non_ascii", text(64 * 1024, false, true)),
            ("ops_dump_4KB", text(4 * 1024, true, false)),
            ("ops_dump_64KB", text(64 * 1024, true, false)),
        ];
        for (label, t) in &cases {
            g.throughput(Throughput::Bytes(t.len() as u64));
            g.bench_with_input(
                BenchmarkId::new(format!("{n}_targets"), label),
                t,
                |b, t| b.iter(|| m.find(black_box(t))),
            );
        }
    }
    g.finish();
}

fn compile(c: &mut Criterion) {
    let mut g = c.benchmark_group("compile");
    for &n in &[5usize, 100] {
        let t = targets(n);
        g.bench_with_input(
            BenchmarkId::from_parameter(format!("{n}_targets")),
            &t,
            |b, t| b.iter(|| Matcher::compile(black_box(t))),
        );
    }
    g.finish();
}

criterion_group!(benches, throughput, compile);
criterion_main!(benches);
