//! CJK numerals: the classes of Chinese and Japanese numeral characters (plain and financial
//! forms, ASCII digits mixed in), the reader of a numeral run (positional and digit by digit)
//! and the positional reader [`Cjk`].
use super::Out;

#[derive(Clone, Copy, Debug)]
pub(super) enum C {
    /// A digit; `plain` for the everyday forms allowed digit by digit.
    Digit(u8, bool),
    Zero,
    Unit(f64),
    Big(f64),
    /// ASCII digits mixed in (`1万2千`, `2.4万`).
    Ascii(f64),
}

pub(super) fn cjk(c: char) -> Option<C> {
    Some(match c {
        '〇' | '零' => C::Zero,
        '一' => C::Digit(1, true),
        // Suzhou (Hangzhou) numerals, written digit by digit on market tags.
        '〡' => C::Digit(1, true),
        '〢' => C::Digit(2, true),
        '〣' => C::Digit(3, true),
        '〤' => C::Digit(4, true),
        '〥' => C::Digit(5, true),
        '〦' => C::Digit(6, true),
        '〧' => C::Digit(7, true),
        '〨' => C::Digit(8, true),
        '〩' => C::Digit(9, true),
        '壹' | '弌' | '壱' => C::Digit(1, false),
        '二' => C::Digit(2, true),
        '贰' | '貳' | '弐' | '弍' | '两' | '兩' => C::Digit(2, false),
        '三' => C::Digit(3, true),
        '叁' | '參' | '参' | '弎' => C::Digit(3, false),
        '四' => C::Digit(4, true),
        '肆' => C::Digit(4, false),
        '五' => C::Digit(5, true),
        '伍' => C::Digit(5, false),
        '六' => C::Digit(6, true),
        '陆' | '陸' => C::Digit(6, false),
        '七' => C::Digit(7, true),
        '柒' => C::Digit(7, false),
        '八' => C::Digit(8, true),
        '捌' => C::Digit(8, false),
        '九' => C::Digit(9, true),
        '玖' => C::Digit(9, false),
        '十' | '拾' => C::Unit(10.0),
        '百' | '佰' => C::Unit(100.0),
        '千' | '仟' => C::Unit(1000.0),
        '万' | '萬' => C::Big(1e4),
        '億' | '亿' => C::Big(1e8),
        _ => return None,
    })
}

/// Tokens per CJK run.
const MAX_CJK: usize = 64;

pub(super) fn scan_cjk(text: &str, out: &mut Out) {
    let b = text.as_bytes();
    let mut i = 0;
    let mut resume = 0;
    while let Some(&lead) = b.get(i) {
        // Every numeral is U+3007, U+3021..U+3029 or in U+4E00..U+9FFF: a 3-byte lead byte
        // E3..=E9. Eight ASCII bytes at a time hold none (each would be skipped alone).
        if let Some(w) = b.get(i..i + 8) {
            let mut word = [0u8; 8];
            word.copy_from_slice(w);
            if u64::from_ne_bytes(word) & 0x8080_8080_8080_8080 == 0 {
                i += 8;
                continue;
            }
        }
        if !(0xE3..=0xE9).contains(&lead) {
            i += 1;
            continue;
        }
        let Some(c) = text.get(i..).and_then(|r| r.chars().next()) else {
            i += 1;
            continue;
        };
        if cjk(c).is_none() {
            i += c.len_utf8();
            continue;
        }
        // ASCII digits right before belong to the number (`1万`), unless they end a longer
        // token (`v2万`, `1,200万`).
        let mut s = i;
        while s > resume
            && i - s < 20
            && b.get(s - 1)
                .is_some_and(|&d| d.is_ascii_digit() || d == b'.')
        {
            s -= 1;
        }
        while s < i && b.get(s) == Some(&b'.') {
            s += 1;
        }
        if s < i
            && s > 0
            && b.get(s - 1)
                .is_some_and(|&d| d.is_ascii_alphanumeric() || d == b'_' || d == b',' || d == b'.')
        {
            s = i;
        }
        i = read_cjk_run(text, s, out).max(i + c.len_utf8());
        resume = i;
    }
}

/// Read the numeral run starting at `s`, report its numbers, return where it ends.
fn read_cjk_run(text: &str, s: usize, out: &mut Out) -> usize {
    let Some(rest) = text.get(s..) else {
        return text.len();
    };
    let mut toks = [C::Zero; MAX_CJK];
    let mut n = 0;
    let mut end = s;
    let mut it = rest.char_indices().peekable();
    while n < MAX_CJK {
        let Some(&(off, c)) = it.peek() else { break };
        let tok = if c.is_ascii_digit() {
            // Digits, then at most one `.` followed by digits.
            let mut stop = off;
            let mut dot = false;
            while let Some(&(o, d)) = it.peek() {
                let next_digit = rest.as_bytes().get(o + 1).is_some_and(u8::is_ascii_digit);
                if d.is_ascii_digit() || (d == '.' && !dot && next_digit) {
                    dot |= d == '.';
                    stop = o + 1;
                    it.next();
                } else {
                    break;
                }
            }
            if stop - off > 16 {
                break;
            }
            match rest.get(off..stop).and_then(|t| t.parse::<f64>().ok()) {
                Some(v) => C::Ascii(v),
                None => break,
            }
        } else if let Some(t) = cjk(c) {
            it.next();
            t
        } else {
            break;
        };
        toks[n] = tok;
        n += 1;
        end = s + it.peek().map_or(rest.len(), |&(o, _)| o);
    }
    let toks = toks.get(..n).unwrap_or(&[]);
    if toks.iter().any(|t| matches!(t, C::Unit(_) | C::Big(_))) {
        positional(toks, true, out);
    } else if (3..=15).contains(&toks.len()) {
        // Digit by digit (五一〇〇), everyday digits only.
        let mut v = 0.0;
        for t in toks {
            v = v * 10.0
                + match t {
                    C::Digit(d, true) => f64::from(*d),
                    C::Zero => 0.0,
                    _ => return end,
                };
        }
        out.emit(v);
    }
    end
}

/// Read a run of tokens holding a unit positionally, reporting each number in it; `speech`
/// also reads a digit after a unit as Chinese speech does (`两千四` = 2400; Korean does not).
pub(super) fn positional(toks: &[C], speech: bool, out: &mut Out) {
    let mut cp = Cjk::new();
    cp.speech = speech;
    for &t in toks {
        if cp.feed(t) {
            continue;
        }
        let carry = match t {
            C::Unit(_) | C::Big(_) => cp.take_pending(),
            _ => None,
        };
        cp.flush(out);
        if let Some(p) = carry {
            cp.feed(p);
        }
        if !cp.feed(t) {
            cp.flush(out);
            cp.feed(t);
        }
    }
    cp.flush(out);
}

/// Positional CJK reader: sections below 10^4 (digit 千 digit 百 digit 十 digit, `零` for
/// gaps, implicit one), each times a strictly smaller 万/億.
pub(super) struct Cjk {
    total: f64,
    section: f64,
    /// A digit not yet multiplied, whether it is a colloquial tail (`两千四` = 2400), and the
    /// token it came from.
    pending: Option<(f64, bool, C)>,
    last_small: f64,
    last_big: f64,
    last_unit: f64,
    after_unit: bool,
    parts: u32,
    speech: bool,
}

impl Cjk {
    fn new() -> Cjk {
        Cjk {
            total: 0.0,
            section: 0.0,
            pending: None,
            last_small: 1e4,
            last_big: f64::INFINITY,
            last_unit: 0.0,
            after_unit: false,
            parts: 0,
            speech: true,
        }
    }

    /// A reader of one number written digit after unit literally (Japanese: `五千百五` is
    /// 5105), for callers that check each token continues it ([`Cjk::feed`], [`Cjk::value`]).
    pub(super) fn literal() -> Cjk {
        Cjk {
            speech: false,
            ..Cjk::new()
        }
    }

    /// The number read so far, if it has two parts or more (literal reading).
    pub(super) fn value(&self) -> Option<f64> {
        (self.parts >= 2).then(|| self.total + self.section + self.pending.map_or(0.0, |p| p.0))
    }

    /// Continue the number with `t`; `false` (and nothing changed) if `t` cannot continue it.
    pub(super) fn feed(&mut self, t: C) -> bool {
        match t {
            C::Digit(..) | C::Ascii(_) => {
                if self.pending.is_some() {
                    return false;
                }
                let (v, tail) = match t {
                    C::Digit(d, _) => (
                        f64::from(d),
                        self.speech && self.after_unit && self.last_unit >= 100.0,
                    ),
                    C::Ascii(v) => (v, false),
                    _ => (0.0, false),
                };
                self.pending = Some((v, tail, t));
                self.after_unit = false;
            }
            C::Zero => {
                if self.pending.is_some() {
                    return false;
                }
                self.after_unit = false;
                return true;
            }
            C::Unit(u) => {
                let m = self.pending.map_or(1.0, |p| p.0);
                // Digits as an amount of the unit (`5.1千`, `51百`, `27.5백`), as `5.1 thousand`
                // reads: only as the number's first part, so `三千5.1百` stays unread.
                let amount = matches!(self.pending, Some((_, _, C::Ascii(_))))
                    && self.parts == 1
                    && self.section == 0.0
                    && self.total == 0.0
                    && m > 0.0
                    && m < 1e4;
                let digit = (1.0..=9.0).contains(&m) && m.fract() == 0.0;
                if u >= self.last_small || !(digit || amount) {
                    return false;
                }
                let v = m * u;
                // `5.1 × 1000` in binary floating point: keep the whole number it writes.
                self.section += if (v - v.round()).abs() < 1e-6 {
                    v.round()
                } else {
                    v
                };
                self.last_small = u;
                self.last_unit = u;
                self.pending = None;
                self.after_unit = true;
            }
            C::Big(b) => {
                let sec = self.section + self.pending.map_or(0.0, |p| p.0);
                // 万 needs an explicit multiplier (一万), which also keeps 万一 apart.
                if sec <= 0.0 || sec >= 1e4 || b >= self.last_big {
                    return false;
                }
                self.total += sec * b;
                self.section = 0.0;
                self.pending = None;
                self.last_small = 1e4;
                self.last_big = b;
                self.last_unit = b;
                self.after_unit = true;
            }
        }
        self.parts += 1;
        true
    }

    /// Take back the digit not yet multiplied (`五千|五千`: it starts the next number).
    fn take_pending(&mut self) -> Option<C> {
        let (_, _, t) = self.pending.take()?;
        self.parts = self.parts.saturating_sub(1);
        Some(t)
    }

    fn flush(&mut self, out: &mut Out) {
        if self.parts >= 2 {
            let head = self.total + self.section;
            match self.pending {
                // `三千七`: 3700 in Chinese speech, 3007 in Japanese (which writes no 零).
                Some((d, true, _)) => {
                    out.emit(head + d * self.last_unit / 10.0);
                    out.emit(head + d);
                }
                Some((v, false, _)) => out.emit(head + v),
                None => out.emit(head),
            }
        }
        *self = Cjk {
            speech: self.speech,
            ..Cjk::new()
        };
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::check_table;

    #[test]
    fn cjk_numerals() {
        check_table(&[
            ("五千一百", 5100.0),
            ("五千百", 5100.0),
            ("一千二百五十", 1250.0),
            ("两千四百", 2400.0),
            ("兩千四百", 2400.0),
            ("二百四十万", 2_400_000.0),
            ("五一〇〇", 5100.0),
            ("一万二千", 12_000.0),
            ("1万2千", 12_000.0),
            ("七千三百四十", 7340.0),
            ("三百六十四", 364.0),
            ("伍仟壹佰", 5100.0),
            ("贰佰肆拾萬", 2_400_000.0),
            ("一千零五", 1005.0),
            ("两千四", 2400.0),
            ("240万", 2_400_000.0),
            ("2.4万", 24_000.0),
            ("一億二千万", 120_000_000.0),
            ("延迟是五千一百条消息", 5100.0),
            ("二〇二四年", 2024.0),
            // Digits as an amount of a unit, as `5.1 thousand` reads.
            ("5.1千", 5100.0),
            ("2.75千条", 2750.0),
            ("51百", 5100.0),
            ("27.5百", 2750.0),
        ]);
    }
}
