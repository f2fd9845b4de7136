//! The phrase parser: reads the morphemes of one language, word after word, into one value
//! (groups below 1000, each times a strictly smaller scale) and says when the phrase is
//! complete; [`Found`] keeps, among the phrases every language read in one window, only those
//! no longer reading of another language contains.
use super::find::MAX_WIN;
use super::lexicon::Lang;
use super::lexicon::M::{self, Dual, Hundred, Hundreds, Scale, Small, Tens, Times, Unit};
use super::Out;

/// Where the current group (the part below 1000) stands: what may follow.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Stage {
    Empty,
    /// A unit was just read (alone: `lead`, a multiplier candidate).
    Unit,
    Hundred,
    /// Tens just read, open to a unit (and French 60/80 to a teen).
    Tens,
    /// French `dix` just read, open to 7..=9.
    Dix,
    /// One and a half, or a numeral at the start, just read: only a scale may follow.
    Sesqui,
    Closed,
    /// Swahili `mia` just read: a unit after it multiplies it (`mia tano` = 500).
    HundredFirst,
}

pub(super) struct Phrase {
    lang: Lang,
    total: u64,
    last_scale: u64,
    /// The scale read by the previous token, 0 if that was no scale (`mil millones`).
    prev_scale: u64,
    group: u64,
    /// The group is one and a half (`group` holds the one).
    half: bool,
    /// Decimals of a numeral group (`2,4`: `group` 24, `dec` 1).
    dec: u8,
    /// What a closing `and a half` adds (0 when none was read); nothing may follow it.
    plus: f64,
    stage: Stage,
    lead: bool,
    last_unit: u8,
    conj: bool,
    /// Parts read up to the last scale, and whether one of them is not English.
    parts: u32,
    foreign: bool,
    /// The same for the current group.
    gparts: u32,
    gforeign: bool,
    /// Window index of the word being fed, and the phrase's first and last words (the
    /// current group's first, the completed part's last).
    pub(super) word: usize,
    first: usize,
    last: usize,
    gfirst: usize,
    plast: usize,
    /// The last word before the last unit read (where a prefix ends when that unit moves).
    before_unit: usize,
    /// Morpheme index within its word of the morpheme being fed, the group's first and the
    /// last one read.
    mi: usize,
    gfirst_mi: usize,
    last_mi: usize,
    /// The phrase starts or ends inside a compound (`neunzehn|hundert…` read wrongly, or a
    /// nonsense compound): not reported.
    broken: bool,
    /// Vietnamese: the unit just read follows a hundred or a scale without `lẻ`/`linh`, so it
    /// counts only if a multiplier follows (`năm nghìn một trăm`; `hai nghìn năm` is "two
    /// thousand years", `một trăm năm` "a hundred years").
    pending: bool,
    /// Swahili: the scale read last, waiting for its multiplier (`elfu` in `elfu tano`).
    pend: u64,
}

impl Phrase {
    pub(super) fn new(lang: Lang) -> Phrase {
        Phrase {
            lang,
            total: 0,
            last_scale: u64::MAX,
            prev_scale: 0,
            group: 0,
            half: false,
            dec: 0,
            plus: 0.0,
            stage: Stage::Empty,
            lead: false,
            last_unit: 0,
            conj: false,
            parts: 0,
            foreign: false,
            gparts: 0,
            gforeign: false,
            word: 0,
            first: 0,
            last: 0,
            gfirst: 0,
            plast: 0,
            before_unit: 0,
            mi: 0,
            gfirst_mi: 0,
            last_mi: 0,
            broken: false,
            pending: false,
            pend: 0,
        }
    }

    /// Feed `m`, the morpheme `mi` of its word; when it cannot continue the phrase, report
    /// the phrase and start the next.
    pub(super) fn push(&mut self, m: M, mi: usize, english: bool, found: &mut Found) {
        self.mi = mi;
        if self.feed(m, english) {
            return;
        }
        if let Some(next) = self.split_tail(m) {
            // The cut falls where the moved tail starts.
            self.broken |= next.broken;
            self.flush(found);
            *self = next;
            if self.feed(m, english) {
                return;
            }
        }
        let mid = mi > 0 && m != M::Conj;
        self.broken |= mid;
        self.flush(found);
        self.broken = mid;
        self.feed(m, english);
    }

    /// `cinq mille | cinq mille`, `deux cent | trois cent`: when `m` cannot follow, the tail
    /// just read may start the next number instead. Moves that tail into a new phrase.
    fn split_tail(&mut self, m: M) -> Option<Phrase> {
        if self.plus > 0.0 || self.lang == Lang::Sw {
            return None;
        }
        let mut next = Phrase::new(self.lang);
        next.word = self.word;
        next.mi = self.mi;
        match m {
            Scale(_) | Times(_) if self.stage != Stage::Empty && self.parts > 0 => {
                next.first = self.gfirst;
                next.gfirst = self.gfirst;
                next.gfirst_mi = self.gfirst_mi;
                next.last = self.last;
                next.last_mi = self.last_mi;
                next.broken = self.gfirst_mi > 0;
                self.last = self.plast;
                next.group = self.group;
                next.half = self.half;
                next.dec = self.dec;
                next.stage = self.stage;
                next.lead = self.lead;
                next.last_unit = self.last_unit;
                next.gparts = self.gparts;
                next.gforeign = self.gforeign;
                self.group = 0;
                self.half = false;
                self.dec = 0;
                self.gparts = 0;
                self.gforeign = false;
            }
            Hundred if self.stage == Stage::Unit && !self.lead && !self.conj => {
                next.first = self.last;
                next.gfirst = self.last;
                next.gfirst_mi = self.last_mi;
                next.last = self.last;
                next.last_mi = self.last_mi;
                next.broken = self.last_mi > 0;
                self.last = self.before_unit;
                let d = u64::from(self.last_unit);
                next.group = d;
                next.stage = Stage::Unit;
                next.lead = true;
                next.last_unit = self.last_unit;
                next.gparts = 1;
                next.gforeign = self.gforeign;
                self.group = self.group.saturating_sub(d);
                self.gparts = self.gparts.saturating_sub(1);
            }
            _ => return None,
        }
        self.pending = false;
        Some(next)
    }

    /// Extend the phrase by `m`; `false` if `m` cannot continue it (the caller then closes
    /// this phrase and starts a new one at `m`).
    fn feed(&mut self, m: M, english: bool) -> bool {
        use Stage::{Closed, Dix, Empty};
        let fr = self.lang == Lang::Fr;
        let vi = self.lang == Lang::Vi;
        let unit_first = self.lang.unit_first();
        if self.plus > 0.0 {
            return false;
        }
        if m == M::Conj {
            if self.parts + self.gparts == 0 || self.conj {
                return false;
            }
            self.conj = true;
            return true;
        }
        if m == M::Link {
            return self.parts + self.gparts > 0 && !self.conj;
        }
        let conj = self.conj;
        // Swahili `mia` not followed by its multiplier is one hundred (`mia na tano` = 105).
        if self.stage == Stage::HundredFirst && (conj || !matches!(m, Unit(_))) {
            self.group += 100;
            self.stage = Stage::Hundred;
        }
        let pending = vi
            && !conj
            && matches!(m, Unit(_))
            && (self.stage == Stage::Hundred || (self.stage == Empty && self.parts > 0));
        let ok = match (m, self.stage) {
            (Unit(d), Empty) => {
                self.group = u64::from(d);
                self.stage = Stage::Unit;
                self.lead = true;
                true
            }
            (Unit(d), Stage::Hundred) => {
                self.group += u64::from(d);
                self.stage = Stage::Unit;
                self.lead = false;
                true
            }
            (Unit(d), Stage::HundredFirst) => {
                self.group += 100 * u64::from(d);
                self.stage = Stage::Hundred;
                self.lead = false;
                true
            }
            // German puts the unit first (`vierundzwanzig`), never after the tens; Vietnamese
            // says 5 after the tens `lăm` (`năm mươi năm` is "fifty years").
            (Unit(d), Stage::Tens) if !(unit_first || (vi && d == 5)) => {
                self.group += u64::from(d);
                self.stage = Closed;
                true
            }
            (Unit(d), Dix) if !conj && (7..=9).contains(&d) => {
                self.group += u64::from(d);
                self.stage = Closed;
                true
            }
            (Small(n), Empty | Stage::Hundred) => {
                self.group += u64::from(n);
                self.stage = if fr && n == 10 { Dix } else { Closed };
                true
            }
            // Arabic and Hebrew teens: the unit, then ten (`خمسة عشر`, `חמש עשרה`).
            (Small(10), Stage::Unit) if self.lang.teens_after_unit() && !conj => {
                self.group += 10;
                self.stage = Closed;
                true
            }
            (M::TailUnit(d), Stage::Tens) => {
                self.group += u64::from(d);
                self.stage = Closed;
                true
            }
            (M::TailUnit(d), Stage::Hundred) if conj => {
                self.group += u64::from(d);
                self.stage = Closed;
                true
            }
            (M::TenTimes, Stage::Unit) if !conj && self.group % 100 < 10 => {
                self.group += u64::from(self.last_unit) * 9;
                self.stage = Stage::Tens;
                true
            }
            (M::TenTimes, Empty | Stage::Hundred) => {
                self.group += 10;
                self.stage = Stage::Tens;
                true
            }
            // soixante-dix, soixante et onze, quatre-vingt-douze; Basque berrogeita hamar
            // (40 + 10), Georgian ორმოცდაათი (40 + 10).
            (Small(n), Stage::Tens)
                if n < 20
                    && ((fr && matches!(self.group % 100, 60 | 80))
                        || (matches!(self.lang, Lang::Eu | Lang::Ka)
                            && self.group.is_multiple_of(20))) =>
            {
                self.group += u64::from(n);
                self.stage = if n == 10 { Dix } else { Closed };
                true
            }
            (Tens(t), Empty | Stage::Hundred) => {
                self.group += u64::from(t);
                self.stage = Stage::Tens;
                true
            }
            (Tens(t), Stage::Unit) if (unit_first || self.lang.unit_conj_tens()) && conj => {
                self.group += u64::from(t);
                self.stage = Closed;
                true
            }
            // quatre-vingt(s).
            (Tens(20), Stage::Unit) if fr && !conj && self.last_unit == 4 => {
                self.group = self.group.saturating_sub(4) + 80;
                self.stage = Stage::Tens;
                true
            }
            (Hundred, _) if self.lang == Lang::Sw => self.sw_hundred(),
            (Scale(s), _) if self.lang == Lang::Sw => self.sw_scale(s),
            (Hundred, Empty) => {
                self.group = 100;
                self.stage = Stage::Hundred;
                true
            }
            (Hundred, Stage::Unit) if self.lead && !conj => {
                self.group *= 100;
                self.stage = Stage::Hundred;
                true
            }
            // German years and hundreds: neunzehnhundert (1900), einundfunfzighundert.
            (Hundred, Stage::Tens | Closed)
                if self.lang.tens_hundreds() && !conj && (10..100).contains(&self.group) =>
            {
                self.group *= 100;
                self.stage = Stage::Hundred;
                true
            }
            // `שלוש מאות`; the Hindi skeleton `स` only after a scale (`पच हजर एक स`).
            (M::TimesHundred { late }, Stage::Unit)
                if self.lead && !conj && (!late || self.parts > 0) =>
            {
                self.group *= 100;
                self.stage = Stage::Hundred;
                true
            }
            (M::TimesHundred { late }, Stage::Tens | Closed)
                if self.lang.tens_hundreds()
                    && !conj
                    && (!late || self.parts > 0)
                    && (10..100).contains(&self.group) =>
            {
                self.group *= 100;
                self.stage = Stage::Hundred;
                true
            }
            (Hundreds(h), Empty) => {
                self.group = u64::from(h);
                self.stage = Stage::Hundred;
                true
            }
            (M::Sesqui(n), Empty) if !conj => {
                self.group = u64::from(n);
                self.half = true;
                self.stage = Stage::Sesqui;
                true
            }
            // A numeral starts a phrase (then a scale must follow) or ends it (a whole group
            // below the last scale: `5 тысяч 100`).
            (M::Num { mant, dec }, Empty) if !conj && self.parts + self.gparts == 0 => {
                self.group = mant;
                self.dec = dec;
                self.stage = Stage::Sesqui;
                true
            }
            (M::Num { mant, dec: 0 }, Empty)
                if !conj && self.parts > 0 && mant < 1000 && mant < self.last_scale =>
            {
                self.group = mant;
                self.stage = Closed;
                true
            }
            (M::Half, stage) if conj && self.parts + self.gparts > 0 && stage != Stage::Sesqui => {
                self.plus = if stage == Empty {
                    self.last_scale as f64 / 2.0
                } else {
                    0.5
                };
                self.stage = Closed;
                true
            }
            (Scale(s), _) => self.scale(s, conj),
            (Times(s), stage) if stage != Empty => self.scale(s, conj),
            (Dual(s), Empty) if s < self.last_scale => {
                self.total = self.total.saturating_add(s.saturating_mul(2));
                self.last_scale = s;
                self.prev_scale = s;
                true
            }
            _ => false,
        };
        if ok {
            if self.parts + self.gparts == 0 {
                self.first = self.word;
            }
            let scale = matches!(m, Scale(_) | Times(_) | Dual(_));
            if self.gparts == 0 && !scale {
                self.gfirst = self.word;
                self.gfirst_mi = self.mi;
            }
            if let Unit(d) | M::TailUnit(d) = m {
                self.last_unit = d;
                self.before_unit = self.last;
            }
            self.pending = pending;
            self.last = self.word;
            self.last_mi = self.mi;
            if !scale {
                self.prev_scale = 0;
            }
            self.conj = false;
            if scale {
                self.plast = self.word;
                // A dual is two parts (`ألفان` alone is 2000).
                self.parts += self.gparts + if matches!(m, Dual(_)) { 2 } else { 1 };
                self.foreign |= self.gforeign || !english;
                self.gparts = 0;
                self.gforeign = false;
            } else {
                // A precomposed hundred is two parts (`quinientos`), the Slavic 100 one.
                self.gparts += if matches!(m, Hundreds(h) if h > 100) {
                    2
                } else {
                    1
                };
                self.gforeign |= !english;
            }
        }
        ok
    }

    fn scale(&mut self, s: u64, conj: bool) -> bool {
        if self.stage == Stage::Empty {
            if self.parts + self.gparts == 0 {
                // A bare `mille`, `mil`, `tausend` starts a phrase.
                self.total = s;
            } else if s < self.last_scale {
                // un million mille: an implicit one.
                self.total = self.total.saturating_add(s);
            } else if !conj && self.prev_scale == 1_000 && s > 1_000 && self.total < s {
                // mil millones, mille millions.
                self.total = self.total.saturating_mul(s);
            } else {
                return false;
            }
        } else {
            if (conj && !self.lang.conj_before_scale()) || s >= self.last_scale {
                return false;
            }
            let half = if self.half { s / 2 } else { 0 };
            // `2,4 миллиона`: the numeral's decimals must come out whole.
            let div = 10u64.pow(u32::from(self.dec));
            let g = self.group.saturating_mul(s);
            if !g.is_multiple_of(div) {
                return false;
            }
            self.total = self.total.saturating_add(g / div).saturating_add(half);
            self.group = 0;
            self.half = false;
            self.dec = 0;
        }
        self.stage = Stage::Empty;
        self.last_scale = s;
        self.prev_scale = s;
        true
    }

    /// Swahili `mia`: a hundred whose multiplier follows; after a scale's multiplier it
    /// closes that scale (`elfu tano na mia moja` = 5000 + 100), right after the scale it
    /// starts the multiplier (`elfu mia nne` = 400 000).
    fn sw_hundred(&mut self) -> bool {
        if self.stage == Stage::HundredFirst || self.group >= 100 {
            return false;
        }
        if self.stage != Stage::Empty {
            if self.pend == 0 {
                return false;
            }
            self.close_pend();
        }
        self.stage = Stage::HundredFirst;
        true
    }

    /// A Swahili scale word: it closes the scale before it (with that one's multiplier) and
    /// waits for its own.
    fn sw_scale(&mut self, s: u64) -> bool {
        if s >= self.last_scale {
            return false;
        }
        if self.pend > 0 {
            if self.stage == Stage::Empty {
                return false;
            }
            self.close_pend();
        } else if self.stage != Stage::Empty {
            return false;
        }
        self.pend = s;
        self.last_scale = s;
        self.prev_scale = s;
        true
    }

    fn close_pend(&mut self) {
        let g = self.group.max(1);
        self.total = self.total.saturating_add(self.pend.saturating_mul(g));
        self.group = 0;
        self.pend = 0;
        self.stage = Stage::Empty;
    }

    pub(super) fn flush(&mut self, found: &mut Found) {
        // A trailing `полторы` or numeral without its scale is no part of the phrase.
        let (mut group, mut gparts) = if self.stage == Stage::Sesqui {
            (0, self.gparts.saturating_sub(1))
        } else {
            (self.group, self.gparts)
        };
        // Nor is a Vietnamese unit still waiting for its multiplier.
        let mut last = self.last;
        if self.pending && self.stage == Stage::Unit {
            group = group.saturating_sub(u64::from(self.last_unit));
            gparts = gparts.saturating_sub(1);
            last = self.before_unit;
        }
        if self.stage == Stage::HundredFirst {
            group += 100;
        }
        if self.pend > 0 {
            group = self.pend.saturating_mul(group.max(1));
        }
        if self.parts + gparts >= 2 && (self.foreign || self.gforeign) && !self.broken {
            let v = self.total.saturating_add(group) as f64 + self.plus;
            found.add(self.first, last, v);
        }
        let (word, mi) = (self.word, self.mi);
        *self = Phrase::new(self.lang);
        self.word = word;
        self.mi = mi;
    }
}

/// Phrases per window: non-overlapping within a language, so at most one per word each, and
/// only the languages with a word in the window are read; a window of 40 words read as
/// phrases by more than 9 languages at once keeps the first 360.
pub(super) const MAX_FOUND: usize = 9 * MAX_WIN;

/// The phrases every language read in one window. A phrase inside a longer one of another
/// language is dropped: Portuguese reads `cinco mil` (5000) inside Spanish `cinco mil cien`.
pub(super) struct Found {
    pub(super) spans: [(usize, usize, f64); MAX_FOUND],
    pub(super) n: usize,
}

impl Found {
    fn add(&mut self, first: usize, last: usize, v: f64) {
        if let Some(slot) = self.spans.get_mut(self.n) {
            *slot = (first, last, v);
            self.n += 1;
        }
    }

    pub(super) fn emit(&self, out: &mut Out) {
        let spans = self.spans.get(..self.n).unwrap_or(&[]);
        for &(s, e, v) in spans {
            let inside = spans.iter().any(|&(s2, e2, _)| {
                s2 <= s && e <= e2 && e2.saturating_sub(s2) > e.saturating_sub(s)
            });
            if !inside {
                out.emit(v);
            }
        }
    }
}
