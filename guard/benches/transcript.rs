//! A 30-turn session's transcript read after every turn, as Orrery's console does (`GET
//! /session/{id}`): each read rewrites the whole history through the transcript surface. With
//! the guard's hit cache a read costs its new message plus a lookup per old one; the
//! `no_cache` line reads each transcript with a guard whose cache is empty (what every read
//! cost before the cache).
//! Run: `cargo bench -p orrery-learning-guard --bench transcript`.
use criterion::{black_box, criterion_group, criterion_main, BatchSize, Criterion, Throughput};
use orrery_learning_guard::guard::{Guard, GuardSet};
use orrery_learning_guard::manifest::parse_manifest;
use orrery_learning_guard::surfaces::{rewrite_json, Surface, SurfacePolicy};

const CORPUS: &str = include_str!("../tests/data/benign_ops.txt");
const MANIFEST: &str = include_str!("../../examples/kafka-lag/manifest.json");
const TURNS: usize = 30;

/// The transcript after `turns` turns: a learner question and a ~2 KB model reply per turn.
fn transcript(turns: usize) -> Vec<u8> {
    let lines: Vec<&str> = CORPUS.lines().filter(|l| !l.trim().is_empty()).collect();
    let mut messages = Vec::new();
    let mut k = 0usize;
    for t in 0..turns {
        messages.push(serde_json::json!({"role": "user", "text": format!("what next, step {t}?")}));
        let mut reply = String::new();
        while reply.len() < 2048 {
            k = k.wrapping_mul(31).wrapping_add(17);
            reply.push_str(lines[k % lines.len()]);
            reply.push('\n');
        }
        messages.push(serde_json::json!({"role": "assistant", "text": reply}));
    }
    serde_json::json!({"session_id": "s1", "messages": messages})
        .to_string()
        .into_bytes()
}

fn guard() -> Guard {
    let m = parse_manifest(MANIFEST.as_bytes()).expect("example manifest");
    Guard::compile(GuardSet::from_manifest(&m, Vec::new()))
}

fn rereads(c: &mut Criterion) {
    let bodies: Vec<Vec<u8>> = (1..=TURNS).map(transcript).collect();
    let total: usize = bodies.iter().map(Vec::len).sum();
    let policy = SurfacePolicy::default();
    let mut g = c.benchmark_group("transcript_30_turns");
    g.throughput(Throughput::Bytes(total as u64));
    g.sample_size(10);
    let compiled = guard();
    // Both lines start from a guard with an empty cache, cloned outside the timing.
    g.bench_function("cached", |b| {
        b.iter_batched(
            || compiled.clone(),
            |guard| {
                for body in &bodies {
                    black_box(rewrite_json(Surface::Transcript, body, &guard, 0, &policy));
                }
            },
            BatchSize::SmallInput,
        )
    });
    g.bench_function("no_cache", |b| {
        b.iter_batched(
            || vec![compiled.clone(); TURNS],
            |guards| {
                for (body, guard) in bodies.iter().zip(&guards) {
                    black_box(rewrite_json(Surface::Transcript, body, guard, 0, &policy));
                }
            },
            BatchSize::SmallInput,
        )
    });
    g.finish();
}

criterion_group!(benches, rereads);
criterion_main!(benches);
