//! Numeric targets compiled for lookup: exact decimal keys, sorted magnitudes for tolerance
//! checks, and the hit set one `find` call fills. Everything here compares magnitudes: a sign
//! never hides a value (`-5100` states 5100, and `5100` states a target of -5100).

/// An exact decimal `mant × 10^exp`, canonical: `mant` has no trailing zeros (zero is `0 × 10^0`).
/// Two equal values always have equal `Dec`s, so equality of values is equality of keys.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) struct Dec {
    pub mant: u64,
    pub exp: i32,
}

/// Above this a mantissa stops growing: no target has more than 17 significant digits.
const MANT_LIMIT: u64 = 10u64.pow(18);

impl Dec {
    pub const ZERO: Dec = Dec { mant: 0, exp: 0 };

    /// Canonicalise `mant × 10^exp`.
    pub fn new(mut mant: u64, mut exp: i32) -> Dec {
        if mant == 0 {
            return Dec::ZERO;
        }
        while mant.checked_rem(10) == Some(0) {
            mant /= 10;
            exp = exp.saturating_add(1);
        }
        Dec { mant, exp }
    }

    /// Multiply by `10^e`.
    pub fn shift(self, e: i32) -> Dec {
        if self.mant == 0 {
            return self;
        }
        Dec {
            mant: self.mant,
            exp: self.exp.saturating_add(e),
        }
    }

    /// The value as a float (for tolerance checks only; never for equality).
    pub fn to_f64(self) -> f64 {
        (self.mant as f64) * 10f64.powi(self.exp)
    }

    /// Parse the magnitude of a target: the shortest round-trip decimal of `v`.
    pub fn from_f64(v: f64) -> Option<Dec> {
        if !v.is_finite() {
            return None;
        }
        let s = format!("{}", v.abs());
        let mut b = DecBuilder::default();
        let mut frac = false;
        for c in s.bytes() {
            match c {
                b'0'..=b'9' => {
                    if frac {
                        b.push_frac(c - b'0');
                    } else {
                        b.push_int(c - b'0');
                    }
                }
                b'.' => frac = true,
                _ => return None,
            }
        }
        b.finish()
    }
}

/// Builds a [`Dec`] digit by digit without overflow: digits past the limit are counted as an
/// overflow and the result is `None` (no target has that many significant digits).
#[derive(Debug, Default, Clone, Copy)]
pub(crate) struct DecBuilder {
    mant: u64,
    exp: i32,
    overflow: bool,
    digits: u32,
}

impl DecBuilder {
    pub fn push_int(&mut self, d: u8) {
        self.push(d);
    }
    pub fn push_frac(&mut self, d: u8) {
        self.push(d);
        self.exp = self.exp.saturating_sub(1);
    }
    fn push(&mut self, d: u8) {
        self.digits = self.digits.saturating_add(1);
        if self.mant >= MANT_LIMIT {
            self.overflow = true;
            return;
        }
        self.mant = self.mant * 10 + u64::from(d);
    }
    /// Number of digits pushed so far.
    pub fn digits(&self) -> u32 {
        self.digits
    }
    pub fn finish(self) -> Option<Dec> {
        if self.overflow {
            None
        } else {
            Some(Dec::new(self.mant, self.exp))
        }
    }
}

/// Ratio between neighbouring cells of the magnitude grid on which every tolerance is decided
/// (`1/0.95`: a ±5 % approximation spans one cell either side).
///
/// Why a grid: a learner sees whether a reply was withheld, and chooses the text. A rule that
/// withholds "about X" exactly when `|X - t| <= 5 % of t` answers "is t below X / 0.95?" for
/// any X the learner picks, so a binary search over such replies finds `t` to the unit in
/// about 17 requests (the 15th red-team round did so for every target). Here every decision
/// that is not an equality (an approximation, a rounding such as `5.1k` or `1.25 s`, a value
/// pinned between bounds, a candidate of the oracle rule) depends on `t` only through its
/// cell, so such replies tell a learner at most which cell holds `t` (±5 %): what is left is
/// one equality test per stated number, two per reply before the candidate rule withholds
/// the reply whole.
pub(crate) const GRID: f64 = 1.0 / 0.95;

/// The grid cell of a magnitude (`i64::MIN` for zero and what is not finite).
pub(crate) fn cell(v: f64) -> i64 {
    let v = v.abs();
    if v > 0.0 && v.is_finite() {
        (v.ln() / GRID.ln()).floor() as i64
    } else {
        i64::MIN
    }
}

/// Cells below (`t (1 - rel)`) and above (`t (1 + rel)`) a target's own that a tolerance of
/// `rel` can reach from anywhere in it: `[k - below, k + above]` holds every value within `rel`
/// of every `t` in cell `k`.
fn reach(rel: f64) -> (i64, i64) {
    if !(rel > 0.0 && rel < 1.0) {
        return (0, 0);
    }
    let below = (-(1.0 - rel).ln() / GRID.ln() - 1e-9).ceil().max(0.0) as i64;
    let above = ((1.0 + rel).ln() / GRID.ln() - 1e-9).ceil().max(0.0) as i64;
    (below, above)
}

/// The numeric targets of one matcher.
#[derive(Debug, Clone, Default)]
pub(crate) struct NumTargets {
    /// (key, index into the compiled values), sorted by key.
    exact: Vec<(Dec, usize)>,
    /// (magnitude, index), sorted by magnitude.
    mags: Vec<(f64, usize)>,
    /// (grid cell of the magnitude, index), sorted by cell ([`GRID`]).
    cells: Vec<(i64, usize)>,
    /// Cells below and above a target's own that hold its candidates ([`reach`] of the band).
    band_cells: (i64, i64),
    /// A 4096-bit filter over the exact keys: most numbers in a reply are rejected with one
    /// bit test instead of a binary search.
    filter: Vec<u64>,
    /// Relative band around each target inside which a stated number is a candidate (the
    /// oracle rule: a list of several candidates is withheld whole). 0 turns it off.
    band: f64,
    /// Smallest and largest magnitude a candidate can have (a cheap bound check first).
    band_lo: f64,
    band_hi: f64,
}

fn filter_bit(d: Dec) -> usize {
    let h = d.mant.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ u64::from(d.exp as u32);
    (h.wrapping_mul(0xFF51_AFD7_ED55_8CCD) >> 52) as usize
}

impl NumTargets {
    /// One target, index 0, no band: what a rule's unit tests read against.
    #[cfg(test)]
    pub(crate) fn single(v: f64) -> Self {
        let mut nums = Self::default();
        nums.push(v, 0);
        nums.finish(0.0);
        nums
    }

    pub fn push(&mut self, v: f64, idx: usize) {
        if let Some(d) = Dec::from_f64(v) {
            self.exact.push((d, idx));
            self.mags.push((v.abs(), idx));
            self.cells.push((cell(v), idx));
        }
    }
    pub fn finish(&mut self, band: f64) {
        self.band = if band.is_finite() && (0.0..1.0).contains(&band) {
            band
        } else {
            0.0
        };
        self.exact.sort();
        self.filter = vec![0; 64];
        for (d, _) in &self.exact {
            let b = filter_bit(*d);
            if let Some(w) = self.filter.get_mut(b / 64) {
                *w |= 1 << (b % 64);
            }
        }
        self.mags
            .sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
        self.cells.sort();
        self.band_cells = reach(self.band);
        if let (Some(lo), Some(hi)) = (self.mags.first(), self.mags.last()) {
            // A cheap bound before the cell lookup: wider than any cell the band reaches.
            let (below, above) = self.band_cells;
            self.band_lo = lo.0 * GRID.powi(-(below as i32) - 1) * (1.0 - 1e-9);
            self.band_hi = hi.0 * GRID.powi(above as i32 + 1) * (1.0 + 1e-9);
        }
    }

    /// Record every target whose grid cell lies in `[lo, hi]`.
    fn cells_in(&self, lo: i64, hi: i64, hits: &mut Hits) {
        if lo > hi {
            return;
        }
        let start = self.cells.partition_point(|(c, _)| *c < lo);
        for (c, i) in self.cells.iter().skip(start) {
            if *c > hi {
                break;
            }
            hits.set(*i);
        }
    }

    /// Record `d` as a candidate of every target whose band holds it (`|d - t| <= band * t`).
    #[inline]
    fn candidate(&self, d: Dec, hits: &mut Hits) {
        self.candidate_weighted(d, hits, false);
    }

    /// [`Self::candidate`]; `weak`: a reading a number only may have (its digits backwards),
    /// which counts half (`Hits::candidate_weak`).
    #[inline]
    fn candidate_weighted(&self, d: Dec, hits: &mut Hits, weak: bool) {
        if self.band == 0.0 {
            return;
        }
        let v = d.to_f64();
        if v < self.band_lo || v > self.band_hi {
            return;
        }
        let key = d.mant.rotate_left(7) ^ u64::from(d.exp as u32);
        // `v` is a candidate of a target in cell k when cell(v) lies in [k - below, k + above].
        let (below, above) = self.band_cells;
        let cv = cell(v);
        let (lo, hi) = (cv.saturating_sub(above), cv.saturating_add(below));
        let start = self.cells.partition_point(|(c, _)| *c < lo);
        for (c, i) in self.cells.iter().skip(start) {
            if *c > hi {
                break;
            }
            if weak {
                hits.candidate_weak(*i, key);
            } else {
                hits.candidate(*i, key);
            }
        }
    }
    pub fn is_empty(&self) -> bool {
        self.exact.is_empty()
    }

    /// Could an approximation `v` (±`rel`) reach any target? A cheap bound check, as
    /// conservative as [`Self::may_approx`].
    pub fn near_any(&self, v: f64, rel: f64) -> bool {
        self.may_approx(v, rel)
    }

    /// Could [`NumTargets::approx`]`(v, rel)` record anything? A conservative bound check (a
    /// cell's width more than the cells `rel` reaches either side, and a margin for float
    /// rounding), so `false` means it would not.
    pub fn may_approx(&self, v: f64, rel: f64) -> bool {
        if !(0.0..1.0).contains(&rel) {
            return true;
        }
        let v = v.abs();
        let (below, above) = reach(rel);
        match (self.mags.first(), self.mags.last()) {
            (Some(lo), Some(hi)) => {
                v >= lo.0 * GRID.powi(-(below as i32) - 1) * (1.0 - 1e-6)
                    && v <= hi.0 * GRID.powi(above as i32 + 1) * (1.0 + 1e-6)
            }
            _ => false,
        }
    }

    /// Record every target exactly equal to `d` (and `d` as a candidate of nearby targets).
    pub fn exact(&self, d: Dec, hits: &mut Hits) {
        self.candidate(d, hits);
        self.exact_only(d, hits);
    }

    /// [`Self::exact`] for a number's digits read backwards: a weak candidate, since every
    /// number has that reading and an offsets table would otherwise be a list
    /// (`1015, 1065, 1084` reads `5101, 5601, 4801`).
    pub fn exact_reversed(&self, d: Dec, hits: &mut Hits) {
        self.candidate_weighted(d, hits, true);
        self.exact_only(d, hits);
    }

    fn exact_only(&self, d: Dec, hits: &mut Hits) {
        let b = filter_bit(d);
        if self
            .filter
            .get(b / 64)
            .is_none_or(|w| w & (1 << (b % 64)) == 0)
        {
            return;
        }
        let start = self.exact.partition_point(|(k, _)| *k < d);
        for (k, i) in self.exact.iter().skip(start) {
            if *k != d {
                break;
            }
            hits.set(*i);
        }
    }

    /// Record every target whose magnitude lies in `[lo, hi]`: exactly, for a value up to
    /// float error (`v ± 1e-9 v`, what [`Self::close`] passes); for a wider interval (bounds,
    /// roundings), every target whose grid cell the interval touches ([`GRID`]), so the
    /// decision depends on the target only through its cell.
    pub fn range(&self, lo: f64, hi: f64, hits: &mut Hits) {
        if lo.is_nan() || hi.is_nan() || lo > hi {
            return;
        }
        if hi - lo > 3e-9 * hi.abs().max(1.0) {
            let (lo, hi) = if lo >= 0.0 {
                (lo, hi)
            } else if hi <= 0.0 {
                (-hi, -lo)
            } else {
                (0.0, hi.max(-lo))
            };
            let first = if lo > 0.0 { cell(lo) } else { i64::MIN };
            self.cells_in(first, cell(hi), hits);
            return;
        }
        let start = self.mags.partition_point(|(m, _)| *m < lo);
        for (m, i) in self.mags.iter().skip(start) {
            if *m > hi {
                break;
            }
            hits.set(*i);
        }
    }

    /// Record targets equal to `v` up to float error (values computed in floating point:
    /// words, arithmetic).
    pub fn close(&self, v: f64, hits: &mut Hits) {
        let v = v.abs();
        if !v.is_finite() {
            return;
        }
        if let Some(d) = Dec::from_f64(v) {
            self.candidate(d, hits);
        }
        let eps = (v * 1e-9).max(1e-9);
        self.range(v - eps, v + eps, hits);
    }

    /// Record targets an approximation `v` points at: every target within `rel` of `v`, and
    /// the rest of its grid cell ([`GRID`]). `|v - t| <= rel * t` puts cell(v) within
    /// [`reach`]`(rel)` of cell(t), and that is the test, so the answer depends on `t` only
    /// through its cell.
    pub fn approx(&self, v: f64, rel: f64, hits: &mut Hits) {
        let v = v.abs();
        if !v.is_finite() || v == 0.0 || !(0.0..1.0).contains(&rel) {
            return;
        }
        let (below, above) = reach(rel);
        let cv = cell(v);
        self.cells_in(cv.saturating_sub(above), cv.saturating_add(below), hits);
    }

    /// Record targets `m × scale` states as a rounding: the target divided by `scale`, rounded
    /// to the decimals written in the mantissa (`decimals`), equals the mantissa. `5.1k` states
    /// 5,050 ≤ t < 5,150. A mantissa with one significant digit (`5k`) states only the exact
    /// value (see the module docs for the measured cost of the looser reading).
    pub fn rounded(&self, m: Written, scale_exp: i32, loose_one_digit: bool, hits: &mut Hits) {
        let exact = m.value.shift(scale_exp);
        self.exact(exact, hits);
        if m.sig < 2 && !loose_one_digit {
            return;
        }
        let decimals = i32::try_from(m.decimals).unwrap_or(i32::MAX).min(30);
        let half = 0.5 * 10f64.powi(scale_exp - decimals);
        let v = exact.to_f64();
        // [v - half, v + half), decided on the grid cells it touches (`range`).
        self.range(v - half, v + half, hits);
    }
}

/// A number as written: its value, the decimals written after the point and the
/// significant digits written (`5.10` has value 5.1, 2 decimals, 3 significant digits).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Written {
    pub value: Dec,
    pub decimals: u32,
    pub sig: u32,
    /// For a literal with more significant digits than a double holds: the value a JSON
    /// parser reads (the correctly rounded double), which the literal also states.
    pub ieee: Option<Dec>,
}

/// Which compiled values one `find` call has seen: a bit set, inline for up to 256 values
/// (no allocation per call), on the heap beyond.
///
/// It also gathers candidates (the oracle rule): for each target, the distinct values or names
/// of its shape the text states, up to the count that withholds the text.
#[derive(Debug, Clone)]
pub(crate) struct Hits {
    inline: [u64; 4],
    heap: Vec<u64>,
    /// (target index, candidate key, weight), distinct keys; a target's weights are summed
    /// up to what withholds the text. A candidate weighs 2, a weak one 1.
    cands: Vec<(usize, u64, u8)>,
    /// This many distinct candidates of one target withhold the text (0: rule off).
    min_candidates: usize,
}

impl Hits {
    pub fn new(n: usize, min_candidates: usize) -> Hits {
        let words = n.div_ceil(64);
        Hits {
            inline: [0; 4],
            heap: if words > 4 {
                vec![0; words]
            } else {
                Vec::new()
            },
            cands: Vec::new(),
            min_candidates,
        }
    }

    /// Note one candidate of target `i` (a value or name of its shape, by key).
    pub fn candidate(&mut self, i: usize, key: u64) {
        self.weighed_candidate(i, key, 2);
    }

    /// Note a weak candidate of target `i`: one of the readings every number has besides its
    /// own (its digits backwards). Two weak candidates count as one, so three numbers of an
    /// offsets table are no list, while a learner's list of reversed guesses still is once it
    /// holds twice as many.
    pub fn candidate_weak(&mut self, i: usize, key: u64) {
        self.weighed_candidate(i, key, 1);
    }

    fn weighed_candidate(&mut self, i: usize, key: u64, weight: u8) {
        if self.min_candidates == 0 {
            return;
        }
        let mut n = 0usize;
        for (t, k, w) in self.cands.iter_mut() {
            if *t == i {
                if *k == key {
                    // The same value read both ways counts as its stronger reading.
                    *w = (*w).max(weight);
                    return;
                }
                n += usize::from(*w);
            }
        }
        if n < 2 * self.min_candidates {
            self.cands.push((i, key, weight));
        }
    }

    /// Promote every target with enough distinct candidates to a hit: the text is a list of
    /// candidates, withheld whole whether or not it holds the value.
    pub fn settle_candidates(&mut self) {
        if self.min_candidates == 0 || self.cands.len() < self.min_candidates {
            return;
        }
        let mut promote = Vec::new();
        for (t, _, _) in &self.cands {
            let n: usize = self
                .cands
                .iter()
                .filter(|(u, _, _)| u == t)
                .map(|(_, _, w)| usize::from(*w))
                .sum();
            if n >= 2 * self.min_candidates && !promote.contains(t) {
                promote.push(*t);
            }
        }
        for t in promote {
            self.set(t);
        }
    }

    fn bits(&self) -> &[u64] {
        if self.heap.is_empty() {
            &self.inline
        } else {
            &self.heap
        }
    }
    pub fn set(&mut self, i: usize) {
        let bits: &mut [u64] = if self.heap.is_empty() {
            &mut self.inline
        } else {
            &mut self.heap
        };
        if let Some(w) = bits.get_mut(i / 64) {
            *w |= 1u64 << (i % 64);
        }
    }
    pub fn into_indices(self) -> Vec<usize> {
        let mut out = Vec::new();
        for (wi, w) in self.bits().iter().enumerate() {
            let mut w = *w;
            while w != 0 {
                let b = w.trailing_zeros() as usize;
                out.push(wi * 64 + b);
                w &= w - 1;
            }
        }
        out
    }
    pub fn any(&self) -> bool {
        self.bits().iter().any(|w| *w != 0)
    }
    /// Is target `i` already stated (a costlier rule can skip it)?
    pub fn has(&self, i: usize) -> bool {
        self.bits()
            .get(i / 64)
            .is_some_and(|w| w & (1u64 << (i % 64)) != 0)
    }
}
