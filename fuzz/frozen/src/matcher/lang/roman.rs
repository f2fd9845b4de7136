//! Roman numerals: one byte-table pass over the text for whole tokens of `IVXLCDM`, the
//! canonical-form check that gives each its value, and the stop list of canonical numerals that
//! are acronyms or words in ops text (`CD`, `CLI`, `MIX`).
use super::find::is_glue;
use super::Out;

/// Longest Roman token read (`MMMMMMMMMDCCCLXXXVIII` is 21).
const MAXR: usize = 40;

/// Canonical numerals ≥ 100 that are English words, acronyms or format strings in ops text.
/// Every two-letter one is an acronym (CI, CD, DC, MM, ML, MX, …).
pub(super) const ROMAN_STOP: &[&str] = &[
    // Two letters: every canonical one ≥ 100 is an acronym.
    "CC", "CD", "CI", "CL", "CM", "CV", "CX", "DC", "DI", "DL", "DV", "DX", "MC", "MD", "MI", "ML",
    "MM", "MV", "MX",
    // Acronyms, identifiers and date formats (CXX and CII were found in real docs).
    "CCC", "CCI", "CDI", "CII", "CIV", "CLI", "CLV", "CLX", "CML", "CXI", "CXL", "CXX", "DCC",
    "DCI", "DCL", "DIV", "DIX", "DLI", "DVI", "MCC", "MCI", "MCL", "MCM", "MDC", "MDI", "MDL",
    "MDX", "MIV", "MIX", "MLX", "MMC", "MMI", "MML", "MMM", "MMX", "MMIX", "MMMM",
    // Found in localised tool messages: the CDX index format, PostgreSQL's MCV lists.
    "CDX", "MCV",
    // English words (most are not canonical anyway; listed so a rule change cannot let them in).
    "CIVIC", "CIVIL", "DID", "DILL", "DIM", "LID", "LIVID", "MID", "MILD", "MILL", "MIMIC", "VIVID",
];

const C_GLUE: u8 = 1;
const C_UP: u8 = 2;
const C_LO: u8 = 4;

/// Byte classes for the Roman pass: ASCII glue, Roman upper, Roman lower.
const CLASS: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut i = 0;
    while i < 128 {
        let c = i as u8;
        if c.is_ascii_alphanumeric() || c == b'_' {
            t[i] = C_GLUE;
        }
        match c {
            b'I' | b'V' | b'X' | b'L' | b'C' | b'D' | b'M' => t[i] |= C_UP,
            b'i' | b'v' | b'x' | b'l' | b'c' | b'd' | b'm' => t[i] |= C_LO,
            _ => {}
        }
        i += 1;
    }
    t
};

pub(super) fn scan_roman(text: &str, out: &mut Out) {
    // Branch-free run tracking (the only branch, a candidate ending, is rare): token
    // boundaries come every few bytes and would otherwise cost a misprediction each.
    let b = text.as_bytes();
    let mut mask = C_UP | C_LO;
    let mut len = 0usize;
    for (i, &c) in b.iter().enumerate() {
        let k = CLASS[usize::from(c)];
        let glue = k & C_GLUE != 0;
        if !glue & (len >= 2) & (mask != 0) {
            roman_token(text, i - len, i, mask, out);
        }
        len = (len + 1) * usize::from(glue);
        mask = if glue { mask & k } else { C_UP | C_LO };
    }
    if (len >= 2) & (mask != 0) {
        roman_token(text, b.len() - len, b.len(), mask, out);
    }
}

/// Check the all-Roman-letter ASCII token `text[s..e]` (`mask`: its case) and report it.
fn roman_token(text: &str, s: usize, e: usize, mask: u8, out: &mut Out) {
    let len = e - s;
    if len > MAXR || (mask & C_UP == 0 && len < 4) {
        return;
    }
    // The token must stand alone: not glued to a non-ASCII letter or digit, not inside base64
    // (`+`, `/`: a certificate, a secret) and not a piece of a longer identifier joined by `-`,
    // `.` or `@` (pod suffixes `orders-8795b65d-mdclx`, UUID groups `-dccc-`, host names).
    let mut back = text.get(..s).unwrap_or("").chars().rev();
    let mut fwd = text.get(e..).unwrap_or("").chars();
    for (next, beyond) in [(back.next(), back.next()), (fwd.next(), fwd.next())] {
        let part_of_longer = match next {
            Some('+' | '/' | '\\') => true,
            Some('-' | '.' | '@' | '\u{2010}' | '\u{2011}') => beyond.is_some_and(is_glue),
            Some(c) => is_glue(c),
            None => false,
        };
        if part_of_longer {
            return;
        }
    }
    let Some(tok) = text.as_bytes().get(s..e) else {
        return;
    };
    if ROMAN_STOP
        .iter()
        .any(|w| w.as_bytes().eq_ignore_ascii_case(tok))
    {
        return;
    }
    if let Some(v) = roman(tok) {
        out.emit(f64::from(v));
    }
}

/// Value of a canonical Roman numeral (re-encoding it gives the token back).
fn roman(tok: &[u8]) -> Option<u32> {
    let val = |c: u8| match c.to_ascii_uppercase() {
        b'I' => 1,
        b'V' => 5,
        b'X' => 10,
        b'L' => 50,
        b'C' => 100,
        b'D' => 500,
        b'M' => 1000,
        _ => 0,
    };
    let mut total: i64 = 0;
    for (k, &c) in tok.iter().enumerate() {
        let v = val(c);
        if v == 0 {
            return None;
        }
        let next = tok.get(k + 1).map_or(0, |&n| val(n));
        total += if v < next { -v } else { v };
    }
    let total = u32::try_from(total).ok()?;
    const TABLE: [(u32, &str); 13] = [
        (1000, "M"),
        (900, "CM"),
        (500, "D"),
        (400, "CD"),
        (100, "C"),
        (90, "XC"),
        (50, "L"),
        (40, "XL"),
        (10, "X"),
        (9, "IX"),
        (5, "V"),
        (4, "IV"),
        (1, "I"),
    ];
    let mut buf = [0u8; MAXR];
    let mut n = 0;
    let mut rest = total;
    for (v, s) in TABLE {
        while rest >= v {
            for c in s.bytes() {
                *buf.get_mut(n)? = c;
                n += 1;
            }
            rest -= v;
        }
    }
    buf.get(..n)?.eq_ignore_ascii_case(tok).then_some(total)
}

#[cfg(test)]
mod tests {
    use super::super::tests::check_table;

    #[test]
    fn roman_numerals() {
        check_table(&[
            ("MMMMMC", 5100.0),
            ("mmmmmc", 5100.0),
            ("lag: MCCL", 1250.0),
            ("MMCD messages", 2400.0),
            ("MMMMMMMCCCXL", 7340.0),
            ("CCCLXIV", 364.0),
            ("MCMXCIX", 1999.0),
            ("(DCCC)", 800.0),
            ("MMXXIV", 2024.0),
            ("CDXX", 420.0),
            ("the lag was MMMMMC.", 5100.0),
            ("lag=MMMMMC, ok", 5100.0),
            ("- MMCD -", 2400.0),
        ]);
    }
}
