//! The benchmark text the peers bench and `examples/v8_reads.rs` read: the benign ops corpus,
//! coaching prose with a line of tool output every sixth line, or (`dump`) tool output only.
//! Deterministic, so runs and commits compare.

const CORPUS: &str = include_str!("../../tests/data/benign_ops.txt");

/// `size` bytes of the corpus (prose lines: eight words or more, four fifths letters).
pub fn text(size: usize, dump: bool) -> String {
    let (prose, ops): (Vec<&str>, Vec<&str>) = CORPUS.lines().partition(|l| {
        let letters = l.chars().filter(|c| c.is_alphabetic() || *c == ' ').count();
        l.split(' ').count() >= 8 && letters * 10 >= l.len() * 8
    });
    let mut out = String::with_capacity(size + 256);
    let (mut k, mut line) = (7usize, 0usize);
    while out.len() < size {
        k = k.wrapping_mul(31).wrapping_add(17);
        line = (line + 1) % 6;
        let l = if dump || line == 0 {
            ops[k % ops.len()]
        } else {
            prose[k % prose.len()]
        };
        out.push_str(l);
        out.push('\n');
    }
    out.truncate(size);
    out
}
