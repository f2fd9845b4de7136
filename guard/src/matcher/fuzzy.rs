//! String targets in the letters alone (a stretch rule, `Rules::fuzzy_strings`). The string
//! rules find a name in any case, with its separators changed or dropped, in look-alike
//! letters or reversed. A learner can also have the model write it
//! - with digits for letters (`0rd3rs-w0rk3r-k3str3l`, `k3strel`),
//! - in pieces with quotes and operators between (`"orders" + "-worker-" + "kestrel"`),
//! - with a letter or two changed or cut (`orders-worker-kestre`, `orders-wroker-kestrel`),
//! - shifted through the alphabet (ROT13 `beqref-jbexre-xrfgery`, any Caesar shift) or read
//!   from its end (Atbash `pvhgivo`),
//! - in Greek or Cyrillic letters by sound (`κεστρελ`, `кестрел`), or in Latin letters drawn
//!   in other blocks (small capitals `ᴋᴇꜱᴛʀᴇʟ`, regional indicators, negative squared letters),
//!   in letters with a hook, stroke or bar that no skeleton reads (`ĸestrel`, `ƙestreł`,
//!   Cyrillic `ԟestrel`), or upside down (`lǝɹʇsǝʞ`: turned letters, and `b d n p q u` read
//!   as `q p u d b n`),
//! - in a word game or glued to an affix (a distinctive part: [`super::disguises`]).
//!
//! This module owns those. Both the target and the text are reduced to a *skeleton*: letters
//! and digits only, lowercased, each digit or symbol that stands for a letter read as that
//! letter (`0`→`o`, `1`/`i`→`l`, `3`→`e`, `4`/`@`→`a`, `5`/`$`→`s`, `7`→`t`, `8`→`b`, `9`→`g`,
//! `2`→`z`). The target's skeleton is then searched in the text's, exactly, and (for a name of
//! letters only) within a few edits, and every Caesar shift of it exactly.
//!
//! # Invariants and false-positive controls
//!
//! - A match must start and end on a word boundary of the text (no letter or digit just
//!   before or after it): `orders tracking` does not hold `orderst`, though the skeleton of
//!   the first is `orderstracking`.
//! - Edits are allowed only for targets whose skeleton is letters only and at least fourteen
//!   long: one edit from fourteen letters, two from twenty-eight (`orders-worker-petrel`, two
//!   edits from `orders-worker-kestrel`, stays visible). A name with digits
//!   (`orders-worker-2`) matches exactly, so a sibling (`orders-worker-1`) stays visible (the
//!   candidate-list rule owns siblings).
//! - Shifts are tried for letters-only targets of six letters or more.
//!
//! # Cost
//!
//! One pass to build the skeleton (a byte and a position per letter or digit), one
//! Aho-Corasick pass for the exact forms, and one bit-parallel pass per fuzzy target (Myers'
//! algorithm, patterns up to 64 letters). A possible fuzzy end is confirmed by a bounded
//! edit-distance table over at most `m + k` letters.
use super::disguises;
use super::targets::Hits;
use aho_corasick::{AhoCorasick, AhoCorasickBuilder, AhoCorasickKind, MatchKind};
use unicode_properties::{GeneralCategoryGroup, UnicodeGeneralCategory};

/// The shortest skeleton searched for (a hash-shaped part, `x2kq`).
const MIN_SKELETON: usize = 4;

/// The letter a character stands for in a skeleton (`None`: not part of a name).
fn fold(c: char) -> Option<u8> {
    let b = FOLD_ASCII[usize::from(u8::try_from(c).ok().filter(u8::is_ascii)?)];
    (b != 0).then_some(b)
}

/// The letter each ASCII byte stands for in a skeleton (0: none): digits as the letters they
/// look like, case folded; one load a byte.
const FOLD_ASCII: [u8; 128] = {
    let mut t = [0u8; 128];
    let mut i = 0;
    while i < 128 {
        let c = (i as u8).to_ascii_lowercase();
        t[i] = match c {
            b'0' => b'o',
            b'1' | b'i' => b'l',
            b'2' => b'z',
            b'3' => b'e',
            b'4' | b'@' => b'a',
            b'5' | b'$' => b's',
            b'7' => b't',
            b'8' => b'b',
            b'9' => b'g',
            c if c.is_ascii_alphanumeric() => c,
            _ => 0,
        };
        i += 1;
    }
    t
};

/// A skeleton and, per byte, the byte range of the character it came from.
struct Skeleton {
    bytes: Vec<u8>,
    spans: Vec<(usize, usize)>,
}

/// The skeleton of `s`. `transliterate`: Greek and Cyrillic letters as the Latin letters
/// they are written with (`κεστρελ`, `кестрел` → `kestrel`), where the look-alike reading
/// takes the letter they resemble (`ρ` → `p`); the text is read both ways.
/// `flipped`: upside-down text, ASCII `b d n p q u` read as the letters they are turned from
/// (`b`↔`q`, `d`↔`p`, `n`↔`u`; the text is also read reversed by the reversed patterns).
fn skeleton(s: &str, transliterate: Script, flipped: bool) -> Skeleton {
    let mut bytes = Vec::with_capacity(s.len());
    let mut spans = Vec::with_capacity(s.len());
    if s.is_ascii() && !flipped {
        // Byte by byte: no char decoding (most replies).
        for (i, c) in s.bytes().enumerate() {
            let b = FOLD_ASCII[usize::from(c & 0x7F)];
            if b != 0 {
                bytes.push(b);
                spans.push((i, i + 1));
            }
        }
        return Skeleton { bytes, spans };
    }
    for (i, c) in s.char_indices() {
        let span = (i, i + c.len_utf8());
        if c.is_ascii() {
            let c = if flipped { turned_ascii(c) } else { c };
            if let Some(b) = fold(c) {
                bytes.push(b);
                spans.push(span);
            }
            continue;
        }
        if transliterate == Script::Faux {
            if let Some(b) = faux(c).and_then(fold) {
                bytes.push(b);
                spans.push(span);
                continue;
            }
        }
        if transliterate == Script::Sound {
            if let Some(latin) = translit(c) {
                for b in latin.chars().filter_map(fold) {
                    bytes.push(b);
                    spans.push(span);
                }
                continue;
            }
        }
        if let Some(b) = drawn(c)
            .or_else(|| lookalike(c))
            .or_else(|| styled(c))
            .and_then(fold)
        {
            bytes.push(b);
            spans.push(span);
        }
    }
    Skeleton { bytes, spans }
}

/// Letters drawn with several ASCII symbols in leetspeak (`|<` k, `|_` l, `/\` a, `|\|` n),
/// longest first, and symbols that stand for one letter (`$` s, `+` t, `!` i, `€` e).
const GLYPHS: &[(&str, &str)] = &[
    ("|\\/|", "m"),
    ("/\\/\\", "m"),
    ("\\/\\/", "w"),
    ("|\\|", "n"),
    ("/\\/", "n"),
    ("|-|", "h"),
    ("]-[", "h"),
    ("(_)", "u"),
    ("|_|", "u"),
    ("|<", "k"),
    ("|{", "k"),
    ("|_", "l"),
    ("|2", "r"),
    ("|3", "b"),
    ("|)", "d"),
    ("|>", "p"),
    ("/\\", "a"),
    ("\\/", "v"),
    ("><", "x"),
    ("()", "o"),
    ("[]", "o"),
    ("}{", "h"),
    ("\u{20AC}", "e"),
    ("\u{00A3}", "l"),
    ("\u{00A5}", "y"),
    ("\u{00A9}", "c"),
    ("\u{00AE}", "r"),
    ("$", "s"),
    ("!", "i"),
    ("|", "l"),
];

/// The text with leetspeak glyphs of several symbols written as the letters they draw
/// (`|<3$7r3|_` → `k3s7r3l`), for the name rules; `None` when it has no glyph of two symbols
/// or more inside a word. A one-symbol glyph (`$`, `+`, `|`) is read only inside such a word,
/// and `+` only between two letters or digits (`a + b` is a sum).
pub(crate) fn glyphs_view(s: &str) -> Option<String> {
    let b = s.as_bytes();
    // The glyph of several symbols at `i`, if any (second byte first: most `|` are a table's).
    let glyph_at = |i: usize| {
        let next = b.get(i + 1).copied()?;
        GLYPHS.iter().find(|(g, _)| {
            let gb = g.as_bytes();
            gb.len() >= 2 && gb.get(1) == Some(&next) && b.get(i..i + gb.len()) == Some(gb)
        })
    };
    // Worth a view only with a glyph that draws a letter (`()` and `[]` are mostly code);
    // the byte pair first, since `/` and `|` are common (paths, tables).
    let drawn = |i: usize| {
        let pair = (b.get(i).copied(), b.get(i + 1).copied());
        matches!(
            pair,
            (
                Some(b'|'),
                Some(b'<' | b'{' | b'_' | b'2' | b'3' | b')' | b'>' | b'\\' | b'-')
            ) | (Some(b'/'), Some(b'\\'))
                | (Some(b'\\'), Some(b'/'))
                | (Some(b'>'), Some(b'<'))
                | (Some(b'}'), Some(b'{'))
                | (Some(b']'), Some(b'-'))
        ) && glyph_at(i).is_some()
    };
    let found = memchr::memchr3_iter(b'|', b'\\', b'/', b).any(drawn)
        || memchr::memchr3_iter(b'>', b'}', b']', b).any(drawn);
    if !found {
        return None;
    }
    let mut out = String::with_capacity(s.len());
    let mut i = 0;
    while i < s.len() {
        let c0 = b.get(i).copied().unwrap_or(0);
        if matches!(c0, b'|' | b'\\' | b'/' | b'>' | b'}' | b']' | b'(' | b'[') {
            if let Some((g, l)) = glyph_at(i) {
                out.push_str(l);
                i += g.len();
                continue;
            }
        }
        let Some(c) = s.get(i..).and_then(|r| r.chars().next()) else {
            break;
        };
        let joined = |p: Option<char>| p.is_some_and(|p| p.is_alphanumeric());
        let one = if c.is_ascii_alphanumeric() || c.is_whitespace() {
            None
        } else {
            GLYPHS.iter().find(|(g, _)| {
                g.chars().eq(std::iter::once(c)) && (c != '|' || joined(out.chars().next_back()))
            })
        };
        match (c, one) {
            ('+', _)
                if joined(out.chars().next_back())
                    && joined(s.get(i + 1..).and_then(|r| r.chars().next())) =>
            {
                out.push('t');
            }
            (_, Some((_, l))) => out.push_str(l),
            _ => out.push(c),
        }
        i += c.len_utf8();
    }
    Some(out)
}

/// The fewest letters a loose key ([`loose_key`]) needs to be compared.
const MIN_LOOSE: usize = 4;

/// A loose sound key of ASCII letters, for a name written in another script and read back:
/// vowels, `y`, `w`, `h` and every non-letter dropped, `c`/`q` as `k`, `z` as `s`, `l` as `r`
/// (a script without one of them writes the other), `p` as `b` (Arabic writes `p` with `ب`),
/// runs of one key letter as one. `kestrel`,
/// `kesutoreru` (katakana), `qstrl` (Hebrew) and `keseuteurel` (Hangul) all key `kstr`.
fn loose_key(bytes: impl Iterator<Item = u8>) -> Vec<u8> {
    let mut key = Vec::new();
    for b in bytes {
        let k = match b.to_ascii_lowercase() {
            b'a' | b'e' | b'i' | b'o' | b'u' | b'y' | b'w' | b'h' => continue,
            b'c' | b'q' => b'k',
            // Arabic and Persian chat write `p` with the letter for `b`.
            b'p' => b'b',
            b'z' => b's',
            b'l' => b'r',
            b if b.is_ascii_lowercase() => b,
            _ => continue,
        };
        if key.last() != Some(&k) {
            key.push(k);
        }
    }
    key
}

/// Does a word read as ASCII start with a vowel (or an apostrophe before one: `'wsbry`)?
fn starts_with_vowel(w: &str) -> bool {
    w.bytes()
        .find(u8::is_ascii_alphabetic)
        .is_some_and(|c| matches!(c.to_ascii_lowercase(), b'a' | b'e' | b'i' | b'o' | b'u'))
}

/// How a skeleton reads Greek and Cyrillic letters.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Script {
    /// As the Latin letter each looks like (UTS #39 skeleton: `р` → `p`).
    Look,
    /// As the Latin letters each is written with (`р` → `r`, `я` → `ya`).
    Sound,
    /// As the Latin letter each is drawn for in faux-Cyrillic lettering (`я` → `r`, `и` → `n`,
    /// `д` → `a`): a mirrored or similar shape, not a confusable.
    Faux,
}

/// The Latin letter a Greek or Cyrillic letter stands for in faux-Cyrillic ("Cyrillic-style")
/// lettering (`кєѕтяєℓ`, `ЯЦЅЅIДИ`); letters not listed here are read by their look.
fn faux(c: char) -> Option<char> {
    const FAUX: &[(&str, char)] = &[
        ("яЯ", 'r'),
        ("иИйЙпПлЛ", 'n'),
        ("дДлΛλΔ", 'a'),
        ("єЄэЭёЁΣ", 'e'),
        ("шШщЩωѡ", 'w'),
        ("вВьЬъЪбβ", 'b'),
        ("цЦμυ", 'u'),
        ("чЧ", 'y'),
        ("фФθΘ", 'o'),
        ("гГ", 'r'),
        ("жЖ", 'x'),
        ("нН", 'h'),
        ("ѕЅ", 's'),
        ("іІ", 'i'),
        ("јЈ", 'j'),
        ("кКκ", 'k'),
        ("тТτ", 't'),
        ("ηΠπ", 'n'),
    ];
    FAUX.iter()
        .find(|(set, _)| set.contains(c))
        .map(|(_, l)| *l)
}

/// An ASCII letter of upside-down text as the letter it is turned from.
fn turned_ascii(c: char) -> char {
    match c {
        'b' => 'q',
        'q' => 'b',
        'd' => 'p',
        'p' => 'd',
        'n' => 'u',
        'u' => 'n',
        c => c,
    }
}

/// Letters of upside-down text (`ʞǝsʇɹǝʞ`, `lǝɹʇsǝʞ`) as the letters they are turned from.
const TURNED: &[(char, char)] = &[
    ('ɐ', 'a'),
    ('ɒ', 'a'),
    ('∀', 'a'),
    ('ɔ', 'c'),
    ('ǝ', 'e'),
    ('Ǝ', 'e'),
    ('ɟ', 'f'),
    ('Ⅎ', 'f'),
    ('ƃ', 'g'),
    ('⅁', 'g'),
    ('ɥ', 'h'),
    ('ı', 'i'),
    ('ɾ', 'j'),
    ('ʞ', 'k'),
    ('ꓘ', 'k'),
    ('ן', 'l'),
    ('˥', 'l'),
    ('ɯ', 'm'),
    ('ɹ', 'r'),
    ('ɻ', 'r'),
    ('ʇ', 't'),
    ('ʌ', 'v'),
    ('ʍ', 'w'),
    ('ʎ', 'y'),
];

/// Does `s` hold a letter of upside-down text?
fn has_turned(s: &str) -> bool {
    !s.is_ascii() && s.chars().any(|c| TURNED.iter().any(|(t, _)| *t == c))
}

/// Latin letters that neither NFKD nor the confusable skeleton reads: turned letters, and
/// letters with a stroke, hook or bar, or an old form (`ĸ` kra, `ł`, `ƙ`, Cyrillic `ԟ`).
fn drawn(c: char) -> Option<char> {
    if c.is_ascii() {
        return None;
    }
    if let Some((_, l)) = TURNED.iter().find(|(t, _)| *t == c) {
        return Some(*l);
    }
    const DRAWN: &[(&str, char)] = &[
        ("ƀɓƄƅɃƁ", 'b'),
        ("ƈȼɕƇȻ", 'c'),
        ("đɖɗȡƌĐƉƊƋ", 'd'),
        ("ɇɛəɘɚɜɝƐƏɆ", 'e'),
        ("ƒƑ", 'f'),
        ("ɠǥɡɢƓǤ", 'g'),
        ("ħɦɧĦ", 'h'),
        ("ɨƗɩ", 'i'),
        ("ɉʝȷɈ", 'j'),
        ("ĸԟƙꝁꝃꝅⱪᶄƘꝀꝂꝄⱩԞ", 'k'),
        ("łƚɫɬɭȴꝉŁȽⱠⱡ", 'l'),
        ("ɱ", 'm'),
        ("ɲɳƞȵƝȠ", 'n'),
        ("øɵƟØ", 'o'),
        ("ƥᵽƤⱣ", 'p'),
        ("ʠɋɊ", 'q'),
        ("ɍɽɼɺɌⱤ", 'r'),
        ("ʂȿ", 's'),
        ("ŧƭʈȶƫŦƬƮȾ", 't'),
        ("ʉɄ", 'u'),
        ("ʋⱱƲ", 'v'),
        ("ⱳⱲ", 'w'),
        ("ɏƴɎƳ", 'y'),
        ("ƶȥʐɀʑƵȤⱫⱬ", 'z'),
    ];
    DRAWN
        .iter()
        .find(|(set, _)| set.contains(c))
        .map(|(_, l)| *l)
}

/// Latin letters drawn in other blocks that neither NFKD nor the confusable skeleton reads:
/// small capitals (`ᴋᴇꜱᴛʀᴇʟ`), regional indicators (`🇰🇪🇸`), negative circled and squared
/// capitals (`🅚`, `🅺`).
fn styled(c: char) -> Option<char> {
    let n = u32::from(c);
    let from = |base: u32| char::from_u32(u32::from(b'a') + n - base);
    match n {
        0x1F1E6..=0x1F1FF => from(0x1F1E6),
        0x1F150..=0x1F169 => from(0x1F150),
        0x1F170..=0x1F189 => from(0x1F170),
        _ => {
            const SMALL: &[(char, char)] = &[
                ('ᴀ', 'a'),
                ('ʙ', 'b'),
                ('ᴄ', 'c'),
                ('ᴅ', 'd'),
                ('ᴇ', 'e'),
                ('ꜰ', 'f'),
                ('ɢ', 'g'),
                ('ʜ', 'h'),
                ('ɪ', 'i'),
                ('ᴊ', 'j'),
                ('ᴋ', 'k'),
                ('ʟ', 'l'),
                ('ᴍ', 'm'),
                ('ɴ', 'n'),
                ('ᴏ', 'o'),
                ('ᴘ', 'p'),
                ('ʀ', 'r'),
                ('ꜱ', 's'),
                ('ᴛ', 't'),
                ('ᴜ', 'u'),
                ('ᴠ', 'v'),
                ('ᴡ', 'w'),
                ('ʏ', 'y'),
                ('ᴢ', 'z'),
            ];
            SMALL.iter().find(|(s, _)| *s == c).map(|(_, l)| *l)
        }
    }
}

/// Does `s` hold a Greek or Cyrillic letter (then it is read transliterated as well)?
fn has_greek_or_cyrillic(s: &str) -> bool {
    !s.is_ascii() && s.chars().any(|c| matches!(u32::from(c), 0x370..=0x4FF))
}

/// The Latin spelling of a Greek or Cyrillic letter (a common romanisation, lowercase).
fn translit(c: char) -> Option<&'static str> {
    let c = c.to_lowercase().next()?;
    Some(match c {
        'а' => "a",
        'б' => "b",
        'в' => "v",
        'г' | 'ґ' => "g",
        'д' => "d",
        'е' | 'ё' | 'э' | 'є' => "e",
        'ж' => "zh",
        'з' => "z",
        'и' | 'і' | 'ї' | 'й' => "i",
        'к' => "k",
        'л' => "l",
        'м' => "m",
        'н' => "n",
        'о' => "o",
        'п' => "p",
        'р' => "r",
        'с' => "s",
        'т' => "t",
        'у' => "u",
        'ф' => "f",
        'х' => "h",
        'ц' => "ts",
        'ч' => "ch",
        'ш' => "sh",
        'щ' => "sch",
        'ы' => "y",
        'ъ' | 'ь' => "",
        'ю' => "yu",
        'я' => "ya",
        'α' => "a",
        'β' => "b",
        'γ' => "g",
        'δ' => "d",
        'ε' => "e",
        'ζ' => "z",
        'η' => "i",
        'θ' => "th",
        'ι' => "i",
        'κ' => "k",
        'λ' => "l",
        'μ' => "m",
        'ν' => "n",
        'ξ' => "x",
        'ο' => "o",
        'π' => "p",
        'ρ' => "r",
        'σ' | 'ς' => "s",
        'τ' => "t",
        'υ' => "y",
        'φ' => "f",
        'χ' => "ch",
        'ψ' => "ps",
        'ω' => "o",
        _ => return None,
    })
}

/// The ASCII letter a non-ASCII letter looks like (UTS #39 skeleton), as written or as its
/// capital (Cyrillic `к` is confusable with nothing, its capital `К` with `K`).
fn lookalike(c: char) -> Option<char> {
    if !c.is_alphabetic() {
        return None;
    }
    let one = |c: char| {
        let mut buf = [0u8; 4];
        let mut sk = unicode_security::skeleton(c.encode_utf8(&mut buf));
        match (sk.next(), sk.next()) {
            (Some(a), None) if a.is_ascii_alphabetic() => Some(a),
            _ => None,
        }
    };
    one(c).or_else(|| {
        let mut up = c.to_uppercase();
        match (up.next(), up.next()) {
            (Some(u), None) => one(u),
            _ => None,
        }
    })
}

/// One string target's forms.
#[derive(Debug, Clone)]
struct Name {
    idx: usize,
    folded: Vec<u8>,
    /// Edits allowed (0: exact only).
    k: usize,
}

/// The compiled forms of every string target.
#[derive(Debug, Clone)]
pub(crate) struct FuzzyNames {
    /// Exact forms: the skeletons and their shifts.
    exact: Option<AhoCorasick>,
    exact_ids: Vec<usize>,
    /// Per exact pattern: may it be glued to other letters (a distinctive part as written,
    /// `mykestrel`, `kestrelworker`, `Kestrel™`)?
    glued: Vec<bool>,
    fuzzy: Vec<Name>,
    /// Parts' word-game checks ([`disguises`]).
    games: Vec<disguises::Part>,
    /// Parts' loose sound keys ([`loose_key`]) for names written in other scripts.
    loose: Vec<(usize, Vec<u8>)>,
    /// Keys of three letters (`osprey` keys `sbr`) and whether the part starts with a vowel:
    /// a short key matches a word of another script only if it starts the same way (`оспри`,
    /// not `спор`).
    loose_short: Vec<(usize, Vec<u8>, bool)>,
    /// Every name and part in lowercase, for [`FuzzyNames::has_piece`].
    plain: Vec<String>,
    /// The distinctive parts of five letters or more, lowercase, for
    /// [`FuzzyNames::scan_letters`].
    long_parts: Vec<(usize, Vec<u8>)>,
}

impl FuzzyNames {
    /// Compile from `(compiled-value index, string target)` and `(index, distinctive part)`
    /// ([`super::parts`]; matched exactly, no edits or shifts). None if nothing qualifies.
    pub(crate) fn compile(
        targets: &[(usize, &str)],
        parts: &[(usize, String)],
    ) -> Option<FuzzyNames> {
        let mut pats: Vec<Vec<u8>> = Vec::new();
        let mut exact_ids = Vec::new();
        let mut glued = Vec::new();
        let mut fuzzy = Vec::new();
        let mut games = Vec::new();
        let mut loose = Vec::new();
        let mut loose_short = Vec::new();
        for (idx, p) in parts {
            let folded: Vec<u8> = p.chars().filter_map(fold).collect();
            if folded.len() < MIN_SKELETON {
                continue;
            }
            let letters_only = p.chars().all(|c| c.is_ascii_alphabetic());
            if letters_only {
                let plain = p.to_ascii_lowercase();
                // Word games: Pig Latin, filler letters, a keyboard shift, no vowels.
                for f in disguises::forms(&[plain.as_bytes()]) {
                    let sk: Vec<u8> = f.iter().filter_map(|b| fold(char::from(*b))).collect();
                    if sk.len() >= MIN_SKELETON {
                        pats.push(sk);
                        exact_ids.push(*idx);
                        glued.push(false);
                    }
                }
                games.extend(disguises::Part::new(*idx, &plain, &folded));
                let key = loose_key(plain.bytes());
                if p.len() >= 6 && key.len() >= MIN_LOOSE {
                    loose.push((*idx, key));
                } else if p.len() >= 6 && key.len() == MIN_LOOSE - 1 {
                    loose_short.push((*idx, key, starts_with_vowel(&plain)));
                }
            }
            // Reversed (`lertsek`), and for a word of six letters or more every Caesar shift
            // (`xrfgery`) and, from seven, one edit (`kestral`): a random word that far from a
            // distinctive part is rare, and a sibling (`petrel`) is two edits away.
            let mut rev = folded.clone();
            rev.reverse();
            pats.push(rev);
            exact_ids.push(*idx);
            if letters_only && p.len() >= 6 {
                let plain = p.to_ascii_lowercase();
                // Atbash (`pvhgivo`): the alphabet read backwards.
                pats.push(
                    plain
                        .bytes()
                        .filter_map(|b| fold(char::from(b'z' - (b - b'a'))))
                        .collect(),
                );
                exact_ids.push(*idx);
                // Reversed and then shifted or reflected (`ohuwvhn`: `lertsek` shifted by 3,
                // `ovighvp`: Atbash of it): two games stacked, each of which alone is read.
                let rplain: Vec<u8> = plain.bytes().rev().collect();
                pats.push(
                    rplain
                        .iter()
                        .filter_map(|b| fold(char::from(b'z' - (b - b'a'))))
                        .collect(),
                );
                exact_ids.push(*idx);
                for n in 1..26u8 {
                    for src in [plain.as_bytes(), &rplain] {
                        let shifted: Vec<u8> =
                            src.iter().map(|b| b'a' + (b - b'a' + n) % 26).collect();
                        pats.push(
                            shifted
                                .iter()
                                .filter_map(|b| fold(char::from(*b)))
                                .collect(),
                        );
                        exact_ids.push(*idx);
                    }
                }
            }
            if letters_only && p.len() >= 7 {
                fuzzy.push(Name {
                    idx: *idx,
                    folded: folded.clone(),
                    k: 1,
                });
            }
            glued.resize(pats.len(), false);
            // As written, glued to an affix from six letters (`kestrelworker`, `mykestrel`).
            glued.push(letters_only && p.len() >= 6);
            pats.push(folded);
            exact_ids.push(*idx);
        }
        for (idx, t) in targets {
            let folded: Vec<u8> = t.chars().filter_map(fold).collect();
            if folded.len() < 6 {
                continue;
            }
            let letters_only = t
                .chars()
                .filter(|c| c.is_alphanumeric())
                .all(|c| c.is_ascii_alphabetic());
            if letters_only {
                let plain: Vec<u8> = t
                    .chars()
                    .filter(|c| c.is_ascii_alphabetic())
                    .map(|c| c.to_ascii_lowercase() as u8)
                    .collect();
                // Word games on the whole name, word by word (`ordersway-orkerway-…`).
                let lower = t.to_ascii_lowercase();
                let words: Vec<&[u8]> = lower
                    .split(|c: char| !c.is_ascii_alphabetic())
                    .filter(|w| !w.is_empty())
                    .map(str::as_bytes)
                    .collect();
                for f in disguises::forms(&words) {
                    let sk: Vec<u8> = f.iter().filter_map(|b| fold(char::from(*b))).collect();
                    if sk.len() >= 6 {
                        pats.push(sk);
                        exact_ids.push(*idx);
                    }
                }
                pats.push(
                    plain
                        .iter()
                        .filter_map(|b| fold(char::from(b'z' - (b - b'a'))))
                        .collect(),
                );
                exact_ids.push(*idx);
                for n in 1..26u8 {
                    let shifted: String = plain
                        .iter()
                        .map(|b| char::from(b'a' + (b - b'a' + n) % 26))
                        .collect();
                    pats.push(shifted.chars().filter_map(fold).collect());
                    exact_ids.push(*idx);
                }
            }
            // One edit from fourteen letters, two from twenty-eight: `petrel` is two edits
            // from `kestrel`, and a sibling name in tool output must stay visible.
            let k = match folded.len() {
                _ if !letters_only || folded.len() > 64 => 0,
                0..=13 => 0,
                14..=27 => 1,
                _ => 2,
            };
            if k > 0 {
                fuzzy.push(Name {
                    idx: *idx,
                    folded: folded.clone(),
                    k,
                });
            }
            pats.push(folded);
            exact_ids.push(*idx);
        }
        if pats.is_empty() {
            return None;
        }
        glued.resize(pats.len(), false);
        // A DFA: the word-game forms make a few hundred short patterns, which the default
        // (a contiguous NFA from that size) searched a third slower.
        let exact = AhoCorasickBuilder::new()
            .match_kind(MatchKind::Standard)
            .kind(Some(AhoCorasickKind::DFA))
            .build(&pats)
            .ok();
        Some(FuzzyNames {
            exact,
            exact_ids,
            glued,
            fuzzy,
            games,
            loose,
            loose_short,
            plain: targets
                .iter()
                .map(|(_, t)| t.to_ascii_lowercase())
                .chain(parts.iter().map(|(_, p)| p.to_ascii_lowercase()))
                .collect(),
            long_parts: parts
                .iter()
                .filter(|(_, p)| p.len() >= 5 && p.bytes().all(|c| c.is_ascii_alphabetic()))
                .map(|(i, p)| (*i, p.to_ascii_lowercase().into_bytes()))
                .collect(),
        })
    }

    /// Is `piece` a piece of a guarded name, in any case (two letters or more)?
    pub(crate) fn has_piece(&self, piece: &str) -> bool {
        let p = piece.as_bytes();
        p.len() >= 2
            && self.plain.iter().any(|n| {
                n.as_bytes()
                    .windows(p.len())
                    .any(|w| w.eq_ignore_ascii_case(p))
            })
    }

    /// Does any distinctive part of five letters or more lie in `letters` (lowercase ASCII
    /// letters read off a text, such as [`super::spelling::word_initials`])? Exact: these
    /// streams are no text anyone wrote, so no fuzzy form applies.
    pub(crate) fn scan_letters(&self, letters: &[u8], hits: &mut Hits) {
        for (idx, p) in &self.long_parts {
            if memchr::memmem::find(letters, p).is_some() {
                hits.set(*idx);
            }
        }
    }

    /// Does any name have a distinctive part [`FuzzyNames::scan_letters`] reads?
    pub(crate) fn reads_letters(&self) -> bool {
        !self.long_parts.is_empty()
    }

    /// Mark every target whose name `s` writes in one of this module's forms.
    pub(crate) fn scan(&self, s: &str, hits: &mut Hits) {
        let sk = skeleton(s, Script::Look, false);
        self.scan_skeleton(s, &sk, hits);
        for g in &self.games {
            if !hits.has(g.idx) {
                let v = disguises::View {
                    text: s,
                    bytes: &sk.bytes,
                    spans: &sk.spans,
                };
                if g.scan(&v) {
                    hits.set(g.idx);
                }
            }
        }
        if has_greek_or_cyrillic(s) {
            self.scan_skeleton(s, &skeleton(s, Script::Sound, false), hits);
            self.scan_skeleton(s, &skeleton(s, Script::Faux, false), hits);
        }
        if has_turned(s) {
            self.scan_skeleton(s, &skeleton(s, Script::Look, true), hits);
        }
        if (!self.loose.is_empty() || !self.loose_short.is_empty()) && !s.is_ascii() {
            self.other_scripts(s, hits);
        }
    }

    /// A part written by sound in another script (`ケストレル`, `קסטרל`, `케스트렐`,
    /// `केस्ट्रल`): each word holding a letter beyond Latin, read as ASCII by `deunicode`,
    /// whose loose key is a part's.
    fn other_scripts(&self, s: &str, hits: &mut Hits) {
        let longest = self
            .loose
            .iter()
            .map(|(_, k)| k.len())
            .max()
            .unwrap_or(MIN_LOOSE);
        let in_word = |c: char| {
            c.is_alphanumeric()
                || (!c.is_ascii() && c.general_category_group() == GeneralCategoryGroup::Mark)
        };
        let b = s.as_bytes();
        let mut ascii = String::new();
        let mut i = 0;
        // Letters from U+0250 on start with a lead byte from 0xC9: only those are looked at,
        // and the word around each is read once.
        while let Some(off) = b.get(i..).and_then(|r| r.iter().position(|c| *c >= 0xC9)) {
            let p = i + off;
            let Some(c) = s.get(p..).and_then(|r| r.chars().next()) else {
                break;
            };
            if u32::from(c) <= 0x24F || !in_word(c) {
                i = p + c.len_utf8();
                continue;
            }
            let head = s.get(..p).unwrap_or("");
            let start = head
                .char_indices()
                .rev()
                .take_while(|(_, c)| in_word(*c))
                .last()
                .map_or(p, |(k, _)| k);
            let tail = s.get(p..).unwrap_or("");
            let end = p + tail
                .char_indices()
                .find(|(_, c)| !in_word(*c))
                .map_or(tail.len(), |(k, _)| k);
            let word = s.get(start..end).unwrap_or("");
            if word.chars().count() <= 4 * longest + 8 {
                ascii.clear();
                for c in word.chars() {
                    if c.is_ascii() {
                        ascii.push(c);
                    } else if let Some(t) = deunicode::deunicode_char(c) {
                        ascii.push_str(t);
                    }
                }
                let key = loose_key(ascii.bytes());
                for (idx, k) in &self.loose {
                    if *k == key {
                        hits.set(*idx);
                    }
                }
                let vowel = starts_with_vowel(&ascii);
                for (idx, k, v) in &self.loose_short {
                    if *k == key && *v == vowel {
                        hits.set(*idx);
                    }
                }
            }
            i = end.max(p + c.len_utf8());
        }
    }

    fn scan_skeleton(&self, s: &str, sk: &Skeleton, hits: &mut Hits) {
        if sk.bytes.len() < MIN_SKELETON {
            return;
        }
        if let Some(ac) = &self.exact {
            for m in ac.find_overlapping_iter(&sk.bytes) {
                let p = m.pattern().as_usize();
                if let Some(i) = self.exact_ids.get(p) {
                    let glue = self.glued.get(p).copied().unwrap_or(false);
                    if glue || bounded(s, sk, m.start(), m.end()) {
                        hits.set(*i);
                    }
                }
            }
        }
        for name in &self.fuzzy {
            if !hits.has(name.idx) && fuzzy_found(s, sk, name) {
                hits.set(name.idx);
            }
        }
    }
}

/// Does skeleton range `a..b` start and end on word boundaries of `s`?
fn bounded(s: &str, sk: &Skeleton, a: usize, b: usize) -> bool {
    let (Some(first), Some(last)) = (
        sk.spans.get(a),
        b.checked_sub(1).and_then(|e| sk.spans.get(e)),
    ) else {
        return false;
    };
    let before = s.get(..first.0).and_then(|h| h.chars().next_back());
    let after = s.get(last.1..).and_then(|t| t.chars().next());
    !before.is_some_and(char::is_alphanumeric) && !after.is_some_and(char::is_alphanumeric)
}

/// Myers' bit-parallel search: is there a substring of the skeleton within `name.k` edits of
/// the name, on word boundaries?
fn fuzzy_found(s: &str, sk: &Skeleton, name: &Name) -> bool {
    let m = name.folded.len();
    if m == 0 || m > 64 {
        return false;
    }
    let mut peq = [0u64; 256];
    for (i, b) in name.folded.iter().enumerate() {
        peq[usize::from(*b)] |= 1u64 << i;
    }
    let last = 1u64 << (m - 1);
    let mut pv: u64 = !0;
    let mut mv: u64 = 0;
    let mut score = m;
    for (j, b) in sk.bytes.iter().enumerate() {
        let eq = peq[usize::from(*b)];
        let xv = eq | mv;
        let xh = ((eq & pv).wrapping_add(pv) ^ pv) | eq;
        let ph = mv | !(xh | pv);
        let mh = pv & xh;
        if ph & last != 0 {
            score += 1;
        } else if mh & last != 0 {
            score = score.saturating_sub(1);
        }
        let ph = ph << 1;
        let mh = mh << 1;
        pv = mh | !(xv | ph);
        mv = ph & xv;
        if score <= name.k && confirmed(s, sk, name, j + 1) {
            return true;
        }
    }
    false
}

/// A fuzzy end at skeleton index `end`: some start on a word boundary within `k` edits, and
/// the end on a word boundary.
fn confirmed(s: &str, sk: &Skeleton, name: &Name, end: usize) -> bool {
    let m = name.folded.len();
    let lo = end.saturating_sub(m + name.k);
    let hi = end.saturating_sub(m.saturating_sub(name.k));
    (lo..=hi).any(|a| {
        a < end
            && bounded(s, sk, a, end)
            && sk
                .bytes
                .get(a..end)
                .is_some_and(|w| distance(w, &name.folded) <= name.k)
    })
}

/// Levenshtein distance (two rows; inputs are at most 64 + 3 bytes long).
fn distance(a: &[u8], b: &[u8]) -> usize {
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    let mut cur = vec![0; b.len() + 1];
    for (i, x) in a.iter().enumerate() {
        cur[0] = i + 1;
        for (j, y) in b.iter().enumerate() {
            let sub = prev[j] + usize::from(x != y);
            cur[j + 1] = sub.min(prev[j + 1] + 1).min(cur[j] + 1);
        }
        std::mem::swap(&mut prev, &mut cur);
    }
    prev[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fold_reads_digits_as_letters() {
        let folded: String = "K3str31 O5@$ 279!"
            .chars()
            .filter_map(fold)
            .map(char::from)
            .collect();
        assert_eq!(folded, "kestrelosasztg");
        assert_eq!(fold('é'), None);
        assert_eq!(fold('-'), None);
    }

    fn finds(target: &str, text: &str) -> bool {
        let Some(f) = FuzzyNames::compile(&[(0, target)], &[]) else {
            return false;
        };
        let mut hits = Hits::new(1, 0);
        f.scan(text, &mut hits);
        hits.any()
    }

    #[test]
    fn leet_pieces_edits_shifts() {
        let t = "orders-worker-kestrel";
        assert!(finds(t, "it is 0rd3rs-w0rk3r-k3str3l"));
        assert!(finds(t, "it is orders-worker-k3strel"));
        assert!(finds(t, "\"orders\" + \"-worker-\" + \"kestrel\""));
        assert!(finds(t, "it is orders-worker-kestre."));
        assert!(finds(t, "it is orders-worker-kestrl"));
        assert!(!finds(t, "healthy: orders-worker-petrel"));
        assert!(finds(t, "rot13: beqref-jbexre-xrfgery"));
        assert!(finds(t, "shift 3: rughuv-zrunhu-nhvwuho"));
    }

    #[test]
    fn near_misses() {
        let t = "orders-worker-kestrel";
        assert!(!finds(t, "orders-worker-falcon is healthy"));
        assert!(!finds(t, "the orders worker pool"));
        assert!(!finds("orders-worker-2", "orders-worker-1 is fine"));
        assert!(!finds("orders-7", "orders tracking is slow"));
        assert!(!finds("KafkaConsumerLagHigh", "KafkaConsumerLagLow fired"));
        assert!(finds("KafkaConsumerLagHigh", "KafkaConsumerLagHgh fired"));
    }

    #[test]
    fn distance_is_levenshtein() {
        assert_eq!(distance(b"kitten", b"sitting"), 3);
        assert_eq!(distance(b"", b"abc"), 3);
        assert_eq!(distance(b"abc", b"abc"), 0);
    }

    #[test]
    fn faux_cyrillic_and_leet_glyphs() {
        let t = "orders-worker-kestrel";
        assert!(finds(t, "orders-worker-кєѕтяєl"));
        assert!(finds(t, "ОЯDЄЯЅ-ШОЯКЄЯ-КЄЅТЯЄL"));
        for (text, want) in [
            ("|<3$7r3|_", "k3s7r3l"),
            ("orders-worker-|<3$+R3|", "orders-worker-k3stR3l"),
            ("|\\|/\\|\\/|E", "namE"),
        ] {
            assert_eq!(glyphs_view(text).as_deref(), Some(want), "{text}");
        }
        let via_glyphs = |text: &str| glyphs_view(text).is_some_and(|v| finds(t, &v));
        assert!(via_glyphs("orders-worker-|<3$7r3|_"));
        // Near-misses: a markdown table, a sum, a call, shell pipes.
        for text in [
            "| lag | 51 |\n|---|---|",
            "a + b",
            "print() and len()",
            "ps aux | grep kafka > out.txt",
        ] {
            assert!(!via_glyphs(text), "{text}");
        }
        assert_eq!(glyphs_view("plain text, no glyphs"), None);
        assert_eq!(glyphs_view("ps aux | grep kafka"), None);
    }

    #[test]
    fn other_scripts_by_sound() {
        let finds_part = |text: &str| {
            let Some(f) = FuzzyNames::compile(
                &[(0, "orders-worker-kestrel")],
                &[(0, "kestrel".to_string())],
            ) else {
                return false;
            };
            let mut hits = Hits::new(1, 0);
            f.scan(text, &mut hits);
            hits.any()
        };
        for t in [
            "orders-worker-\u{30B1}\u{30B9}\u{30C8}\u{30EC}\u{30EB}",
            "\u{05E7}\u{05E1}\u{05D8}\u{05E8}\u{05DC}",
            "\u{0643}\u{0633}\u{062A}\u{0631}\u{0644}",
            "\u{CF00}\u{C2A4}\u{D2B8}\u{B810}",
            "orders-worker-\u{0915}\u{0947}\u{0938}\u{094D}\u{091F}\u{094D}\u{0930}\u{0932}",
            "orders-worker-\u{0E40}\u{0E04}\u{0E2A}\u{0E40}\u{0E15}\u{0E23}\u{0E25}",
            "orders-worker-\u{10D9}\u{10D4}\u{10E1}\u{10E2}\u{10E0}\u{10D4}\u{10DA}\u{10D8}",
            "orders-worker-\u{51EF}\u{65AF}\u{7279}\u{96F7}\u{5C14}",
        ] {
            assert!(finds_part(t), "{t}");
        }
        // Near-misses: other words in those scripts (cluster, master, shalom, Kafka).
        for t in [
            "\u{30AF}\u{30E9}\u{30B9}\u{30BF}\u{30FC}",
            "\u{30DE}\u{30B9}\u{30BF}\u{30FC}",
            "\u{05E9}\u{05DC}\u{05D5}\u{05DD}",
            "\u{041A}\u{0430}\u{0444}\u{043A}\u{0430}",
        ] {
            assert!(!finds_part(t), "{t}");
        }
        assert_eq!(loose_key("kestrel".bytes()), b"kstr");
    }
}
