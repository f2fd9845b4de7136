//! Finding worded phrases in the text: the anchor automata over the scale stems ([`STEMS`],
//! [`CYR_STEMS`], and those of Greek, Devanagari, Arabic, Hebrew, pinyin and romanised Hindi),
//! folding a word into the byte form the lexicons are kept in ([`lower`]: case, `ß`,
//! look-alike letters of the other script, marks and spelling variants), the separators and
//! digit numerals a phrase may hold, and the bounded walk around each anchor ([`Words`]) that
//! hands a window of number words to the [`super::phrase`] parser once per language.
use super::hindi::HINGLISH_STEMS;
use super::lexicon::{
    arabic_byte, hebrew_byte, may_contain, segment, segments, Lang, Script, LATIN, M, MAXM, MAXW,
};
use super::phrase::{Found, Phrase, MAX_FOUND};
use super::pinyin::PINYIN_STEMS;
use super::romanized::STEMS3;
use super::Out;
use aho_corasick::{AhoCorasick, AhoCorasickBuilder, AhoCorasickKind, MatchKind};
use std::sync::OnceLock;
use unicode_normalization::UnicodeNormalization;
use unicode_properties::{GeneralCategoryGroup, UnicodeGeneralCategory};

/// Words read back from a candidate word, and words per phrase window.
const MAX_BACK: usize = 16;
pub(super) const MAX_WIN: usize = 40;
/// Characters between two words of a phrase.
const MAX_SEP: usize = 6;

/// Stems one of which every worded number ≥ 100 in Latin letters contains (its hundred or
/// scale word; `hund` is German `hundert` and Swedish `hundra`; `mil` also Dutch `miljoen`,
/// Swedish `miljon`, Polish `milion`). Three cases each: at most 64 patterns, the limit of the
/// SIMD prefilter.
/// (`quin` is Portuguese `quinhentos` and Spanish `quinientos`; Turkish `yuz`, `bin`.)
const STEMS: [&str; 21] = [
    "cent", "cien", "cem", "mil", "hund", "tausend", "duzent", "trezent", "quin", "bilh",
    "honderd", "duizend", "tusen", "sto", "wiesc", "ysta", "cset", "mset", "tys", "yuz", "bin",
];

/// The stems of the newer Latin-letter languages, in a second automaton (again at most 64
/// patterns): Vietnamese `tram` (`trăm`), `nghi` (`nghìn`), `ngan` (`ngàn`); Indonesian and
/// Malay `ratus`, `ribu`, `juta`; `tis` (Czech, Slovak `tisíc`, Croatian `tisuća`, Slovene
/// `tisoč`); Serbian and Bosnian `hiljad`; Danish `tusind`; Finnish and Estonian `tuha`
/// (`tuhat`, `tuhatta`), Finnish `sata`; Hungarian `szaz`, `ezer`; Romanian `sut` (`sută`,
/// `sute`), `mii`; Tagalog `libo`, `daan`; Swahili `elfu`, `mia`; Lithuanian and Latvian
/// `simt`, `tukst`. The others' hundreds and scales hold a stem of [`STEMS`] (`hund` in
/// Norwegian `hundre`, Danish `hundrede`, Icelandic `hundrað`; `cent` in Catalan, Esperanto
/// and Latin; `sto` in Slovak and Croatian; `mil` in nearly every language's thousand or
/// million).
const STEMS2: [&str; 21] = [
    "tram", "nghi", "ngan", "ratus", "ribu", "juta", "tis", "hiljad", "tusind", "tuha", "sata",
    "szaz", "ezer", "sut", "mii", "libo", "daan", "elfu", "mia", "simt", "tukst",
];

/// The same for Greek: `εκατ` (`εκατό`, `εκατομμύριο`), `κοσι` (`πεντακόσια`), `χιλ`
/// (`χίλια`, `χιλιάδες`), lower, Title and UPPER case.
const GREEK_STEMS: [&str; 3] = ["εκατ", "κοσι", "χιλ"];

/// The same for Cyrillic: `ст` (`сто`, `ста`, `двести`, `триста`, `двісті`), `сот`
/// (`пятьсот`, `двухсот`, `п'ятсот`), the thousands and the millions with their
/// abbreviations (`тыс`, `млн`, `млрд`). Each is searched in
/// every mix of case and Latin look-alike letters (`cтo`) that keeps one Cyrillic letter.
/// Bulgarian adds `хил` (`хиляда`, `хиляди`).
/// Serbian adds `хиљ` (`хиљада`), Macedonian `илј` (`илјада`), Kazakh `мың` and `жүз`,
/// Mongolian `мянг` (`мянга`, `мянган`) and `зуу` (`зуу`, `зуун`); Belarusian `тысяч`,
/// `сто`, `пяцьсот`, `мільён` hold the older stems.
const CYR_STEMS: [&str; 16] = [
    "ст", "сот", "тыс", "тыщ", "тис", "мил", "міл", "млн", "млрд", "хил", "хиљ", "илј", "мың",
    "жүз", "мянг", "зуу",
];

/// The same for Devanagari: `हज` (`हज़ार` with or without its vowel sign and nukta, as the
/// normalised text has it: `हजर`), `लख`/`लाख`, `करड`/`करो` (`करोड़`), `सौ` (the skeleton `स` is
/// read only after a scale, so a scale anchors it).
const HINDI_STEMS: [&str; 6] = ["हज", "लख", "लाख", "करड", "करो", "सौ"];

/// The same for Arabic, as normalised (`ئ` as `ي`, `آ`/`أ` as `ا`) and as written: the
/// hundreds (`مائة`, `ماية`, `مئة`, `مية`, `ميتان`), the thousands (`ألف`, `الف`, `آلاف`) and
/// the millions and billions (`مليون`, `ملايين`, `مليار`).
/// Persian and Urdu add `هزار`/`ہزار`, `صد` (`صد`, `هفتصد`…), `دویست`, `میلیو`/`میلیا` (with
/// the Persian `ی`), Urdu `سو`, `لاکھ`, `کروڑ`.
const ARABIC_STEMS: [&str; 21] = [
    "مائ",
    "ماي",
    "مئ",
    "مية",
    "ميه",
    "ميت",
    "ألف",
    "الف",
    "لاف",
    "مليو",
    "ملاي",
    "مليا",
    "هزار",
    "ہزار",
    "صد",
    "دویست",
    "میلیو",
    "میلیا",
    "سو",
    "لاکھ",
    "کروڑ",
];

/// The same for Hebrew, avoiding `י` (which normalisation turns into `'`: `אלפ'ם`):
/// `מא` (`מאה`, `מאות`, `מאתיים`), `אלף`/`אלפ`, `לון` (`מיליון`), `לארד` (`מיליארד`).
/// Yiddish adds `טויז` (`טויזנט`) and `הונד` (`הונדערט`).
const HEBREW_STEMS: [&str; 7] = ["מא", "אלף", "אלפ", "לון", "לארד", "טויז", "הונד"];

/// The same for the scripts read as written ([`Script::as_written`]), as NFKC writes them:
/// the hundreds and the scales. Bengali `শো` (glued: `সাতশো`), `শত`, `হাজার`, `লাখ`, `লক্ষ`,
/// `কোটি`; Tamil `நூற`/`னூற`/`ணூற` (`நூறு`, `நானூறு`, `எண்ணூறு`, `…நூற்று`), `யிர` (`ஆயிரம்`,
/// `ஐந்தாயிரத்து`, `தொள்ளாயிரம்`), `லட்ச`, `கோடி`; Telugu `వంద`, `నూరు`, `వెయ్యి`, `వేల`,
/// `వేయి`, `లక్ష`, `కోటి`; Thai `ร้อย`, `พัน`, `หมื่น`, `แสน`, `ล้าน`; Khmer `រយ`, `ពាន់`,
/// `ម៉ឺន`, `សែន`, `លាន`; Burmese `ရာ`, `ထောင`, `သောင်း`, `သိန်း`, `သန်း`; Georgian `ას` (`ასი`,
/// `ორასი`, `შვიდას`), `ათას`, `მილიონ`; Armenian `հարյուր`, `հազար`, `միլիոն` (and Title
/// case); Amharic `መቶ`, `ሺ`, `ሚሊዮን`.
const BENGALI_STEMS: [&str; 6] = ["শো", "শত", "হাজার", "লাখ", "লক্ষ", "কোটি"];
const TAMIL_STEMS: [&str; 6] = ["நூற", "னூற", "ணூற", "யிர", "லட்ச", "கோடி"];
const TELUGU_STEMS: [&str; 7] = ["వంద", "నూరు", "వెయ్యి", "వేల", "వేయి", "లక్ష", "కోటి"];
const THAI_STEMS: [&str; 5] = ["ร้อย", "พัน", "หมื่น", "แสน", "ล้าน"];
const KHMER_STEMS: [&str; 5] = ["រយ", "ពាន់", "ម៉ឺន", "សែន", "លាន"];
const MYANMAR_STEMS: [&str; 5] = ["ရာ", "ထောင", "သောင်း", "သိန်း", "သန်း"];
const GEORGIAN_STEMS: [&str; 3] = ["ას", "ათას", "მილიონ"];
const ARMENIAN_STEMS: [&str; 6] = ["հարյուր", "հազար", "միլիոն", "Հարյուր", "Հազար", "Միլիոն"];
const ETHIOPIC_STEMS: [&str; 3] = ["መቶ", "ሺ", "ሚሊዮን"];

/// Characters that glue a token together: a word touching one of these is not a word.
/// (ASCII and Cyrillic first: the general lookup is the slow part on Cyrillic text.)
pub(super) fn is_glue(c: char) -> bool {
    if c.is_ascii() {
        c.is_ascii_alphanumeric() || c == '_'
    } else {
        matches!(c, 'Ѐ'..='ҁ' | 'Ҋ'..='ԯ') || c.is_alphanumeric() || script_mark(c) || sign(c)
    }
}

/// A vowel sign, virama, tone or other mark of a script read as written (Bengali to
/// Malayalam, Thai, Lao, Myanmar, Khmer): part of the word it sits in.
fn sign(c: char) -> bool {
    matches!(c, '\u{0980}'..='\u{0DFF}' | '\u{0E00}'..='\u{0EFF}' | '\u{1000}'..='\u{109F}'
        | '\u{1780}'..='\u{17FF}')
        && c.general_category_group() == GeneralCategoryGroup::Mark
}

/// The combining marks of Hebrew, Arabic and Devanagari that are not alphabetic (the virama
/// `्`, the nukta `़`, Hebrew points): inside a word in the text as written, which the
/// matcher also reads (marks kept).
fn script_mark(c: char) -> bool {
    matches!(c, '\u{0591}'..='\u{05BD}' | '\u{05BF}' | '\u{05C1}' | '\u{05C2}' | '\u{05C4}'
        | '\u{05C5}' | '\u{05C7}' | '\u{0610}'..='\u{061A}' | '\u{064B}'..='\u{065F}'
        | '\u{0670}' | '\u{0900}'..='\u{0903}' | '\u{093A}'..='\u{094F}'
        | '\u{0951}'..='\u{0957}' | '\u{0962}' | '\u{0963}')
}

fn is_hebrew_letter(c: char) -> bool {
    matches!(c, '\u{05D0}'..='\u{05EA}')
}

/// Fold a word into the byte form the lexicons of `script` are kept in (`None` if it cannot be
/// a number word of that script), so that a lexicon entry and the text go through the same
/// function:
/// - Latin: ASCII letters lower-cased, `ß` as `ss`, `ł` as `l` (NFKD leaves it whole), and the
///   Cyrillic letters that look Latin (`а`, `с`, `е`, `о`, `і`, …) as those letters.
/// - Cyrillic: one byte per letter (`0x80 + (c - 'а')`; `і` and `є` after `я`), lower-cased,
///   `ё` as `е`, `й` as `и`, `ї` as `і`, `ґ` as `г` (the precomposed letters fold the way NFKD
///   without marks leaves them); a Latin look-alike (`o`, `c`, `T`, …) as its Cyrillic letter.
/// - Greek, Devanagari, Arabic, Hebrew: one byte per letter, see [`greek_code`],
///   [`devanagari_code`], [`arabic_code`], [`hebrew_code`].
///
/// A word of look-alikes only (`CTO`) reads in both scripts: the phrase decides, and its anchor
/// word holds a letter of its own script (the Cyrillic pass runs only on text with Cyrillic).
///
/// Apostrophes inside the word (`п'ять`, `дев’ять`, `пʼять`) are dropped.
pub(super) fn lower<'b>(word: &str, script: Script, buf: &'b mut [u8; MAXW]) -> Option<&'b [u8]> {
    let mut n = 0;
    for c in word.chars() {
        let (a, b) = match script {
            Script::Latin => match c {
                'ß' | 'ẞ' => (b's', Some(b's')),
                'ł' | 'Ł' => (b'l', None),
                // Maltese `ħ` (NFKD leaves it whole).
                'ħ' | 'Ħ' => (b'h', None),
                // Turkish dotless `ı` (NFKD leaves it whole) and dotted `İ` (unnormalised).
                'ı' | 'İ' => (b'i', None),
                // Letters NFKD leaves whole: Danish and Norwegian `ø`, `æ`, Croatian and
                // Vietnamese `đ`, Icelandic `ð`, `þ`.
                'ø' | 'Ø' => (b'o', None),
                'æ' | 'Æ' => (b'a', Some(b'e')),
                'đ' | 'Đ' | 'ð' | 'Ð' => (b'd', None),
                'þ' | 'Þ' => (b't', Some(b'h')),
                c if c.is_ascii_alphabetic() => (c.to_ascii_lowercase() as u8, None),
                // Digits stand for letters in the Arabic chat alphabet (`sab3ami2a`); no other
                // lexicon holds one, so a word with digits is still no number word there.
                c if c.is_ascii_digit() => (c as u8, None),
                '\'' | '\u{2019}' | '\u{02BC}' => continue,
                c => (latin_look_alike(c)?, None),
            },
            Script::Greek => match greek_code(c) {
                Some(k) => (k, None),
                None => return None,
            },
            Script::Devanagari => match devanagari_code(c)? {
                0 => continue,
                k => (k, None),
            },
            Script::Arabic => match arabic_code(c)? {
                0 => continue,
                k => (k, None),
            },
            Script::Hebrew => match hebrew_code(c)? {
                0 => continue,
                k => (k, None),
            },
            Script::Cyrillic => match cyrillic_code(c) {
                Some(k) => (k, None),
                None if matches!(c, '\'' | '\u{2019}' | '\u{02BC}') => continue,
                None => (cyrillic_look_alike(c)?, None),
            },
            Script::Bengali
            | Script::Tamil
            | Script::Telugu
            | Script::Thai
            | Script::Khmer
            | Script::Myanmar
            | Script::Georgian
            | Script::Armenian
            | Script::Ethiopic => {
                let Some(c) = as_written(c, script)? else {
                    continue;
                };
                let mut u = [0u8; 4];
                for &b in c.encode_utf8(&mut u).as_bytes() {
                    *buf.get_mut(n)? = b;
                    n += 1;
                }
                continue;
            }
        };
        *buf.get_mut(n)? = a;
        n += 1;
        if let Some(b) = b {
            *buf.get_mut(n)? = b;
            n += 1;
        }
    }
    buf.get(..n)
}

/// A letter or mark of a script read as written, as the lexicon keeps it (UTF-8 of NFKC):
/// capitals as small letters (Armenian, Georgian Mtavruli); the Bengali candrabindu and
/// nukta dropped (`পাঁচ` and `পাচ` both occur); `None` outside the script or for its
/// punctuation (`।`, `။`, `។`, `፡`); `Some(None)` for a mark that is dropped.
fn as_written(c: char, script: Script) -> Option<Option<char>> {
    let u = c as u32;
    let ok = match script {
        Script::Bengali => {
            if matches!(c, '\u{0981}' | '\u{09BC}') {
                return Some(None);
            }
            (0x0980..=0x09FF).contains(&u)
        }
        Script::Tamil => (0x0B80..=0x0BFF).contains(&u),
        Script::Telugu => (0x0C00..=0x0C7F).contains(&u),
        Script::Thai => (0x0E01..=0x0E4E).contains(&u) && !matches!(c, '\u{0E2F}' | '\u{0E46}'),
        Script::Khmer => (0x1780..=0x17D3).contains(&u),
        Script::Myanmar => (0x1000..=0x109F).contains(&u) && !matches!(c, '\u{104A}' | '\u{104B}'),
        Script::Georgian => {
            if (0x1C90..=0x1CBF).contains(&u) {
                return char::from_u32(u - 0x1C90 + 0x10D0).map(Some);
            }
            (0x10D0..=0x10FF).contains(&u)
        }
        Script::Armenian => {
            if (0x0531..=0x0556).contains(&u) {
                return char::from_u32(u + 0x30).map(Some);
            }
            (0x0561..=0x0587).contains(&u)
        }
        Script::Ethiopic => (0x1200..=0x135F).contains(&u),
        _ => false,
    };
    ok.then_some(Some(c))
}

/// The byte a Devanagari character folds to, `0x80 + (c - U+0900)`, 0 for a mark that
/// spellings drop or vary (candrabindu `ँ`, anusvara `ं`: `पाँच` and `पांच`; nukta `़`: `हज़ार`
/// and `हजार`); the precomposed nukta letters as their base letter. The vowel signs and the
/// virama stay: the text as written reads exactly, its normalised skeleton through the
/// skeleton entries of [`super::hindi`].
fn devanagari_code(c: char) -> Option<u8> {
    let base = match c {
        '\u{0900}'..='\u{0902}' | '\u{093C}' => return Some(0),
        '\u{0958}' => 'क',
        '\u{0959}' => 'ख',
        '\u{095A}' => 'ग',
        '\u{095B}' => 'ज',
        '\u{095C}' => 'ड',
        '\u{095D}' => 'ढ',
        '\u{095E}' => 'फ',
        '\u{095F}' => 'य',
        '\u{0929}' => 'न',
        '\u{0931}' => 'र',
        '\u{0934}' => 'ळ',
        '\u{0903}'..='\u{097F}' => c,
        _ => return None,
    };
    u8::try_from(base as u32 - 0x0900 + 0x80).ok()
}

/// The byte an Arabic letter folds to ([`arabic_byte`]), 0 for the marks and the tatweel;
/// hamza and madda seats as the letter NFKD leaves (`أ`, `إ`, `آ`, `ٱ` as `ا`, `ؤ` as `و`,
/// `ئ` as `ي`), `ة` as `ه` and `ى` as `ي` (both spellings are common), Persian `ی` and `ک`.
fn arabic_code(c: char) -> Option<u8> {
    let base = match c {
        '\u{064B}'..='\u{065F}' | '\u{0670}' | '\u{0640}' => return Some(0),
        'أ' | 'إ' | 'آ' | 'ٱ' => 'ا',
        'ؤ' => 'و',
        'ئ' | 'ى' | 'ی' | 'ے' | 'ۓ' => 'ي',
        // Urdu `ہ` (heh goal), `ھ` (in aspirates: `پچھتر`) and `ۃ` as `ه`.
        'ة' | 'ہ' | 'ھ' | 'ۃ' => 'ه',
        'ک' => 'ك',
        // Persian and Urdu letters: their own bytes (those past U+069F in bytes the marks
        // would have, which fold to nothing).
        'پ' | 'چ' | 'ژ' | 'ٹ' | 'ڈ' | 'ڑ' => c,
        'ں' => return Some(arabic_byte('\u{064B}')),
        'گ' => return Some(arabic_byte('\u{064C}')),
        '\u{0621}'..='\u{063A}' | '\u{0641}'..='\u{064A}' => c,
        _ => return None,
    };
    Some(arabic_byte(base))
}

/// The byte a Hebrew letter folds to ([`hebrew_byte`]), 0 for the points; final forms as
/// the plain letter; `'` and `׳` as `י` (normalisation turns every `י` into `'`).
fn hebrew_code(c: char) -> Option<u8> {
    let base = match c {
        '\u{0591}'..='\u{05BD}'
        | '\u{05BF}'
        | '\u{05C1}'
        | '\u{05C2}'
        | '\u{05C4}'
        | '\u{05C5}'
        | '\u{05C7}' => return Some(0),
        'ך' => 'כ',
        'ם' => 'מ',
        'ן' => 'נ',
        'ף' => 'פ',
        'ץ' => 'צ',
        '\'' | '\u{05F3}' => 'י',
        '\u{05D0}'..='\u{05EA}' => c,
        _ => return None,
    };
    Some(hebrew_byte(base))
}

/// The byte a Cyrillic letter folds to (see [`lower`]).
fn cyrillic_code(c: char) -> Option<u8> {
    let lowered = match c {
        'А'..='Я' => char::from_u32(c as u32 + 0x20)?,
        'Ѐ'..='Џ' => char::from_u32(c as u32 + 0x50)?,
        'Ґ' => 'ґ',
        c => c,
    };
    // The Kazakh letters' capitals are the even code point of their pair.
    let lowered = match lowered {
        'Ғ' | 'Қ' | 'Ң' | 'Ү' | 'Ұ' | 'Һ' | 'Ә' | 'Ө' => {
            char::from_u32(lowered as u32 + 1)?
        }
        c => c,
    };
    // `ў`, `ѓ`, `ќ`, `ѝ` as NFKD without marks leaves them.
    let base = match lowered {
        'ё' | 'ѐ' => 'е',
        'й' | 'ѝ' => 'и',
        'ї' => 'і',
        'ґ' | 'ѓ' => 'г',
        'ў' => 'у',
        'ќ' => 'к',
        c => c,
    };
    match base {
        'а'..='я' => u8::try_from(base as u32 - 'а' as u32 + 0x80).ok(),
        'і' => Some(0xA0),
        'є' => Some(0xA1),
        // Serbian and Macedonian, then Kazakh and Mongolian letters.
        'ј' => Some(0xA2),
        'љ' => Some(0xA3),
        'њ' => Some(0xA4),
        'ћ' => Some(0xA5),
        'ђ' => Some(0xA6),
        'џ' => Some(0xA7),
        'ѕ' => Some(0xA8),
        'ә' => Some(0xA9),
        'ғ' => Some(0xAA),
        'қ' => Some(0xAB),
        'ң' => Some(0xAC),
        'ө' => Some(0xAD),
        'ұ' => Some(0xAE),
        'ү' => Some(0xAF),
        'һ' => Some(0xB0),
        _ => None,
    }
}

/// The byte a Greek letter folds to: `0x80 + (c - 'α')`, capitals as small letters, final
/// `ς` as `σ`, the accented letters NFKD would decompose as their base letter.
fn greek_code(c: char) -> Option<u8> {
    let lowered = match c {
        'Α'..='Ω' => char::from_u32(c as u32 + 0x20)?,
        'ς' => 'σ',
        'ά' | 'Ά' => 'α',
        'έ' | 'Έ' => 'ε',
        'ή' | 'Ή' => 'η',
        'ί' | 'ϊ' | 'ΐ' | 'Ί' | 'Ϊ' => 'ι',
        'ό' | 'Ό' => 'ο',
        'ύ' | 'ϋ' | 'ΰ' | 'Ύ' | 'Ϋ' => 'υ',
        'ώ' | 'Ώ' => 'ω',
        c => c,
    };
    match lowered {
        'α'..='ω' => u8::try_from(lowered as u32 - 'α' as u32 + 0x80).ok(),
        _ => None,
    }
}

/// The Cyrillic letter a Latin look-alike stands for inside a Cyrillic word.
fn cyrillic_look_alike(c: char) -> Option<u8> {
    let cyr = match c {
        'a' | 'A' => 'а',
        'B' => 'в',
        'c' | 'C' => 'с',
        'e' | 'E' => 'е',
        'H' => 'н',
        'i' | 'I' => 'і',
        'j' | 'J' => 'ј',
        'k' | 'K' => 'к',
        'M' => 'м',
        'o' | 'O' => 'о',
        'p' | 'P' => 'р',
        'T' => 'т',
        'x' | 'X' => 'х',
        'y' | 'Y' => 'у',
        _ => return None,
    };
    cyrillic_code(cyr)
}

/// The Latin letter a Cyrillic look-alike stands for inside a Latin word.
fn latin_look_alike(c: char) -> Option<u8> {
    Some(match c {
        'а' | 'А' => b'a',
        'В' => b'b',
        'с' | 'С' => b'c',
        'е' | 'Е' => b'e',
        'Н' => b'h',
        'і' | 'І' => b'i',
        'ј' | 'Ј' => b'j',
        'к' | 'К' => b'k',
        'М' => b'm',
        'о' | 'О' => b'o',
        'р' | 'Р' => b'p',
        'ѕ' | 'Ѕ' => b's',
        'Т' => b't',
        'х' | 'Х' => b'x',
        'у' | 'У' => b'y',
        _ => return None,
    })
}

/// The languages among `langs` (bit `i` for `langs[i]`, only those set in `only`) of which
/// `text[s..e]` is a number word or conjunction; 0 if none.
fn candidate(text: &str, s: usize, e: usize, langs: &[Lang], script: Script, only: u64) -> u64 {
    let mut buf = [0u8; MAXW];
    let Some(w) = text.get(s..e).and_then(|t| lower(t, script, &mut buf)) else {
        return 0;
    };
    let mut mask = 0;
    for (i, &l) in langs.iter().enumerate().take(64) {
        if only & (1 << i) != 0 && (w == l.conj() || segments(l, w)) {
            mask |= 1 << i;
        }
    }
    mask
}

/// An apostrophe between two letters is part of the word (`п'ять`, `дев'ять`); so is one
/// next to a Hebrew letter, which normalisation made of a `י` (`אלפ''ם`, `שנ'`).
fn inner_apostrophe(before: Option<char>, c: char, after: Option<char>) -> bool {
    matches!(c, '\'' | '\u{2019}')
        && ((before.is_some_and(is_glue) && after.is_some_and(is_glue))
            || (c == '\''
                && (before.is_some_and(is_hebrew_letter) || after.is_some_and(is_hebrew_letter))))
}

/// Start of the glue run ending at `i`, or `None` if it is longer than `limit` bytes.
pub(super) fn run_start(text: &str, i: usize, limit: usize) -> Option<usize> {
    let head = text.get(..i)?;
    let mut s = i;
    let mut after = text.get(i..).and_then(|r| r.chars().next());
    let mut it = head.char_indices().rev().peekable();
    while let Some((off, c)) = it.next() {
        if !is_glue(c) && !inner_apostrophe(it.peek().map(|&(_, b)| b), c, after) {
            break;
        }
        s = off;
        after = Some(c);
        if i - s > limit {
            return None;
        }
    }
    Some(s)
}

/// End of the glue run starting at `i` (scanning at most `limit` bytes: `None` past it).
pub(super) fn run_end(text: &str, i: usize, limit: usize) -> Option<usize> {
    let rest = text.get(i..)?;
    let mut before = text.get(..i).and_then(|h| h.chars().next_back());
    let mut it = rest.char_indices().peekable();
    while let Some((off, c)) = it.next() {
        if !is_glue(c) && !inner_apostrophe(before, c, it.peek().map(|&(_, a)| a)) {
            return Some(i + off);
        }
        if off > limit {
            return None;
        }
        before = Some(c);
    }
    Some(text.len())
}

/// Spaces, tabs, markdown emphasis (`cinq **mille** cent`) and at most one hyphen; one
/// apostrophe may close the word before them (a transliterated soft sign or glottal stop:
/// `pyat' tysyach`, `wa' vatlh`), never one that opens the next (`'cinq' 'mille'`).
fn sep_ok(s: &str) -> bool {
    let dash = |c: char| matches!(c, '-' | '\u{2010}' | '\u{2011}');
    let s = s
        .strip_prefix(['\'', '\u{2019}'])
        .filter(|r| !r.is_empty())
        .unwrap_or(s);
    !s.is_empty()
        && s.chars()
            .all(|c| matches!(c, ' ' | '\t' | '*' | '`') || dash(c))
        && s.chars().filter(|&c| dash(c)).count() <= 1
}

/// Start of the next word if `text[i..]` begins with a phrase separator.
pub(super) fn sep_fwd(text: &str, i: usize) -> Option<usize> {
    let rest = text.get(i..)?;
    let (off, _) = rest
        .char_indices()
        .take(MAX_SEP + 1)
        .find(|&(_, c)| is_glue(c))?;
    sep_ok(rest.get(..off)?).then_some(i + off)
}

/// End of the previous word if `text[..i]` ends with a phrase separator.
pub(super) fn sep_back(text: &str, i: usize) -> Option<usize> {
    let head = text.get(..i)?;
    let mut it = head.char_indices().rev().take(MAX_SEP + 1).peekable();
    let mut found = None;
    while let Some((off, c)) = it.next() {
        // A word may end in a `י` that normalisation made an apostrophe (`שנ'`).
        let yod = c == '\'' && it.peek().is_some_and(|&(_, b)| is_hebrew_letter(b));
        if is_glue(c) || yod {
            found = Some((off, c));
            break;
        }
    }
    let (off, c) = found?;
    let end = off + c.len_utf8();
    sep_ok(head.get(end..)?).then_some(end)
}

/// A numeral in digits: `2`, `2,4`, `2.4` (at most 12 digits, then at most 3 decimals), as
/// (mantissa, decimals).
fn numeral(tok: &str) -> Option<(u64, u8)> {
    let (int, frac) = match tok.find(['.', ',']) {
        Some(i) => (tok.get(..i)?, tok.get(i + 1..)?),
        None => (tok, ""),
    };
    let digits = |t: &str| t.bytes().all(|b| b.is_ascii_digit());
    if int.is_empty() || int.len() > 12 || frac.len() > 3 || !digits(int) || !digits(frac) {
        return None;
    }
    let mant = int
        .bytes()
        .chain(frac.bytes())
        .fold(0u64, |m, b| m * 10 + u64::from(b - b'0'));
    Some((mant, u8::try_from(frac.len()).ok()?))
}

fn is_digits(text: &str, s: usize, e: usize) -> bool {
    text.get(s..e)
        .is_some_and(|t| !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit()))
}

/// The decimals of a numeral whose integer part ends at `e` (`2|,4`): where it ends.
fn numeral_end(text: &str, e: usize) -> usize {
    let b = text.as_bytes();
    if matches!(b.get(e), Some(b'.' | b',')) && b.get(e + 1).is_some_and(u8::is_ascii_digit) {
        let mut k = e + 1;
        while b.get(k).is_some_and(u8::is_ascii_digit) {
            k += 1;
        }
        k
    } else {
        e
    }
}

/// Whether the digit run `text[s..e]` starts a standalone numeral going forward (it cannot
/// be a piece of a version or an address: `1.2.3`, `10.0.3.7`).
fn numeral_fwd(text: &str, s: usize, e: usize) -> bool {
    if !is_digits(text, s, e) {
        return false;
    }
    let end = numeral_end(text, e);
    let b = text.as_bytes();
    end - s <= 16
        && !(matches!(b.get(end), Some(b'.' | b','))
            && b.get(end + 1).is_some_and(u8::is_ascii_digit))
}

/// Where a standalone numeral ending with the digit run `text[ps..pe]` starts, if it is one
/// (`2,4 миллиона`; not `v1.2 тысячи`, `10.0.3.7 тысяч`, `x-5 тысяч`).
fn numeral_back(text: &str, ps: usize, pe: usize) -> Option<usize> {
    if !is_digits(text, ps, pe) {
        return None;
    }
    let b = text.as_bytes();
    let mut start = ps;
    if ps >= 2 && matches!(b.get(ps - 1), Some(b'.' | b',')) {
        let mut k = ps - 1;
        while k > 0 && b.get(k - 1).is_some_and(u8::is_ascii_digit) {
            k -= 1;
        }
        if k < ps - 1 {
            start = k;
        }
    }
    let before = text.get(..start).and_then(|h| h.chars().next_back());
    let alone = match before {
        None => true,
        Some(c) => {
            c.is_whitespace()
                || matches!(
                    c,
                    '(' | '*' | '`' | '"' | '\'' | '«' | '„' | '“' | ':' | '['
                )
        }
    };
    (alone && numeral(text.get(start..pe)?).is_some()).then_some(start)
}

/// The anchor automaton for the Latin-letter languages: the stems in lower, Title and UPPER
/// case. Case-sensitive patterns keep the SIMD prefilter (measured: over 2 GB/s;
/// `ascii_case_insensitive` drops it to about 250 MB/s), so a stem in mIxEd case is a
/// documented gap; the other words of a phrase may be in any case.
pub(super) fn anchors() -> Option<&'static AhoCorasick> {
    static ANCHORS: OnceLock<Option<AhoCorasick>> = OnceLock::new();
    ANCHORS.get_or_init(|| cased(&STEMS)).as_ref()
}

/// The automaton over [`STEMS2`], built as [`anchors`] is.
pub(super) fn anchors2() -> Option<&'static AhoCorasick> {
    static ANCHORS: OnceLock<Option<AhoCorasick>> = OnceLock::new();
    ANCHORS.get_or_init(|| cased(&STEMS2)).as_ref()
}

/// The automaton over [`STEMS3`] (the romanised languages, [`super::romanized`]).
pub(super) fn anchors3() -> Option<&'static AhoCorasick> {
    static ANCHORS: OnceLock<Option<AhoCorasick>> = OnceLock::new();
    ANCHORS.get_or_init(|| cased(&STEMS3)).as_ref()
}

/// Per stem of [`STEMS`], [`STEMS2`] then [`STEMS3`], the Latin languages (bit `i` for `LATIN[i]`) a word
/// holding it can belong to ([`may_contain`]): a word a stem finds is first checked against
/// those alone, so `percent` or `milliseconds` costs a few languages, not all of them.
fn stem_masks() -> &'static [u64] {
    static MASKS: OnceLock<Vec<u64>> = OnceLock::new();
    MASKS.get_or_init(|| {
        STEMS
            .iter()
            .chain(STEMS2.iter())
            .chain(STEMS3.iter())
            .map(|stem| {
                LATIN
                    .iter()
                    .enumerate()
                    .filter(|&(_, &l)| may_contain(l, stem.as_bytes()))
                    .fold(0u64, |m, (i, _)| m | 1 << i)
            })
            .collect()
    })
}

/// The Latin-letter languages: the anchors of both stem automata, in text order, through one
/// phrase reader (so the languages of both still compete for the longest reading).
pub(super) fn scan_latin(text: &str, out: &mut Out) {
    let (Some(a), Some(b), Some(c)) = (anchors(), anchors2(), anchors3()) else {
        return;
    };
    let masks = stem_masks();
    let mut ia = a.find_iter(text).peekable();
    let mut ib = b.find_iter(text).peekable();
    let mut ic = c.find_iter(text).peekable();
    let mut words: Option<Words> = None;
    loop {
        // The earliest anchor of the three automata (ties: the older stems first).
        let at = |m: Option<&aho_corasick::Match>| m.map_or(usize::MAX, |m| m.start());
        let (sa, sb, sc) = (at(ia.peek()), at(ib.peek()), at(ic.peek()));
        let (m, first) = if sa == usize::MAX && sb == usize::MAX && sc == usize::MAX {
            break;
        } else if sa <= sb && sa <= sc {
            (ia.next(), 0)
        } else if sb <= sc {
            (ib.next(), STEMS.len())
        } else {
            (ic.next(), STEMS.len() + STEMS2.len())
        };
        let Some(m) = m else { break };
        let only = masks
            .get(first + m.pattern().as_usize() / 3)
            .copied()
            .unwrap_or(u64::MAX);
        let w = words.get_or_insert_with(Words::new);
        if !w.anchor_only(text, m.start(), m.end(), &LATIN, Script::Latin, only, out) {
            return;
        }
    }
}

/// Stems in lower, Title and UPPER case (see [`anchors`]).
fn cased(stems: &[&str]) -> Option<AhoCorasick> {
    let mut pats: Vec<String> = Vec::new();
    for s in stems {
        let mut title = s.to_string();
        if let Some(f) = title.get_mut(0..1) {
            f.make_ascii_uppercase();
        }
        pats.push(s.to_string());
        pats.push(title);
        pats.push(s.to_ascii_uppercase());
    }
    AhoCorasickBuilder::new()
        .match_kind(MatchKind::LeftmostFirst)
        .build(&pats)
        .ok()
}

/// The anchor automaton for Greek (run only on text with Greek letters).
pub(super) fn greek_anchors() -> Option<&'static AhoCorasick> {
    static ANCHORS: OnceLock<Option<AhoCorasick>> = OnceLock::new();
    ANCHORS
        .get_or_init(|| {
            let mut pats: Vec<String> = Vec::new();
            for s in GREEK_STEMS {
                let mut c = s.chars();
                let title: String = c
                    .next()
                    .map(|f| f.to_uppercase().chain(c).collect())
                    .unwrap_or_default();
                pats.push(s.to_string());
                pats.push(title);
                pats.push(s.to_uppercase());
            }
            crate::matcher::dfa_builder()
                .match_kind(MatchKind::LeftmostFirst)
                .build(&pats)
                .ok()
        })
        .as_ref()
}

/// An anchor automaton over stems of a script without letter case.
fn plain_anchors(stems: &[&str]) -> Option<AhoCorasick> {
    crate::matcher::dfa_builder()
        .match_kind(MatchKind::LeftmostFirst)
        .build(stems)
        .ok()
}

/// The anchor automata for Devanagari, Arabic and Hebrew (each run only on text holding its
/// script).
pub(super) fn hindi_anchors() -> Option<&'static AhoCorasick> {
    static ANCHORS: OnceLock<Option<AhoCorasick>> = OnceLock::new();
    ANCHORS.get_or_init(|| plain_anchors(&HINDI_STEMS)).as_ref()
}

pub(super) fn arabic_anchors() -> Option<&'static AhoCorasick> {
    static ANCHORS: OnceLock<Option<AhoCorasick>> = OnceLock::new();
    ANCHORS
        .get_or_init(|| plain_anchors(&ARABIC_STEMS))
        .as_ref()
}

pub(super) fn hebrew_anchors() -> Option<&'static AhoCorasick> {
    static ANCHORS: OnceLock<Option<AhoCorasick>> = OnceLock::new();
    ANCHORS
        .get_or_init(|| plain_anchors(&HEBREW_STEMS))
        .as_ref()
}

/// The anchor automaton of a script read as written (run only on text holding it), over its
/// stems in NFKC as the text is.
pub(super) fn written_anchors(script: Script) -> Option<&'static AhoCorasick> {
    static ANCHORS: [OnceLock<Option<AhoCorasick>>; 9] = [const { OnceLock::new() }; 9];
    let (k, stems): (usize, &[&str]) = match script {
        Script::Bengali => (0, &BENGALI_STEMS),
        Script::Tamil => (1, &TAMIL_STEMS),
        Script::Telugu => (2, &TELUGU_STEMS),
        Script::Thai => (3, &THAI_STEMS),
        Script::Khmer => (4, &KHMER_STEMS),
        Script::Myanmar => (5, &MYANMAR_STEMS),
        Script::Georgian => (6, &GEORGIAN_STEMS),
        Script::Armenian => (7, &ARMENIAN_STEMS),
        Script::Ethiopic => (8, &ETHIOPIC_STEMS),
        _ => return None,
    };
    ANCHORS
        .get(k)?
        .get_or_init(|| {
            let pats: Vec<String> = stems.iter().map(|s| s.nfkc().collect()).collect();
            crate::matcher::dfa_builder()
                .match_kind(MatchKind::LeftmostFirst)
                .build(&pats)
                .ok()
        })
        .as_ref()
}

/// The second ASCII automaton: pinyin stems first ([`PINYIN_STEMS`]: `qian`, `bai`, `wan`),
/// then romanised Hindi ([`HINGLISH_STEMS`]: `sau`, `hazaar`, `lakh`, `crore`, …), each in
/// lower, Title and UPPER case (39 patterns: the SIMD prefilter holds). Pattern ids below
/// [`PINYIN_PATTERNS`] are pinyin.
pub(super) fn ascii_anchors() -> Option<&'static AhoCorasick> {
    static ANCHORS: OnceLock<Option<AhoCorasick>> = OnceLock::new();
    ANCHORS
        .get_or_init(|| {
            let stems: Vec<&str> = PINYIN_STEMS
                .iter()
                .chain(HINGLISH_STEMS.iter())
                .copied()
                .collect();
            cased(&stems)
        })
        .as_ref()
}

/// Pattern ids of [`ascii_anchors`] that are pinyin stems.
pub(super) const PINYIN_PATTERNS: usize = PINYIN_STEMS.len() * 3;

/// The forms a Cyrillic letter of a stem can take: lower, upper, and the Latin look-alikes
/// [`lower`] folds back.
fn cyr_forms(c: char) -> Vec<char> {
    let mut v = vec![c];
    v.extend(c.to_uppercase());
    v.extend(('A'..='Z').chain('a'..='z').filter(|&l| {
        cyrillic_look_alike(l).is_some() && cyrillic_look_alike(l) == cyrillic_code(c)
    }));
    v
}

/// The anchor automaton for Cyrillic: every spelling of [`CYR_STEMS`] in any mix of case and
/// look-alike letters that keeps one Cyrillic letter (about 150 patterns; run only on text
/// that holds Cyrillic, so the ASCII path never pays for it).
pub(super) fn cyr_anchors() -> Option<&'static AhoCorasick> {
    static ANCHORS: OnceLock<Option<AhoCorasick>> = OnceLock::new();
    ANCHORS
        .get_or_init(|| {
            let mut pats: Vec<String> = Vec::new();
            for stem in CYR_STEMS {
                let mut spellings = vec![String::new()];
                for c in stem.chars() {
                    let forms = cyr_forms(c);
                    spellings = spellings
                        .iter()
                        .flat_map(|p| forms.iter().map(move |&f| format!("{p}{f}")))
                        .collect();
                }
                pats.extend(spellings.into_iter().filter(|p| !p.is_ascii()));
            }
            // Every Cyrillic letter starts with the same lead bytes, so no prefilter helps:
            // a DFA (a few hundred states) is the fastest plain automaton.
            AhoCorasickBuilder::new()
                .match_kind(MatchKind::LeftmostFirst)
                .kind(Some(AhoCorasickKind::DFA))
                .build(&pats)
                .ok()
        })
        .as_ref()
}

/// Find the phrases of `langs` (all of one `script`) around each anchor `ac` finds.
pub(super) fn scan_words(
    text: &str,
    ac: &AhoCorasick,
    langs: &[Lang],
    script: Script,
    out: &mut Out,
) {
    let mut words = Words::new();
    for m in ac.find_iter(text) {
        if !words.anchor(text, m.start(), m.end(), langs, script, out) {
            return;
        }
    }
}

/// The phrase reader over the anchors of one text, in order.
pub(super) struct Words {
    /// Where the text not yet read starts.
    resume: usize,
    /// Reused per window, not rebuilt: zeroing them per anchor cost more than parsing.
    sc: Scratch,
}

impl Words {
    pub(super) fn new() -> Words {
        Words {
            resume: 0,
            sc: Scratch {
                found: Found {
                    spans: [(0, 0, 0.0); MAX_FOUND],
                    n: 0,
                },
                toks: [Tok::Other; MAX_WIN],
                words: [0; MAX_WIN * MAXW],
            },
        }
    }

    /// Read the phrase of `langs` around the stem at `text[start..end]`, if its word is a
    /// number word, and report it. `false` when the rest of the text is one glue run (a hash,
    /// base64): no later anchor can start a word.
    pub(super) fn anchor(
        &mut self,
        text: &str,
        start: usize,
        end: usize,
        langs: &[Lang],
        script: Script,
        out: &mut Out,
    ) -> bool {
        self.anchor_only(text, start, end, langs, script, u64::MAX, out)
    }

    /// [`Words::anchor`], the stem's word checked only against the languages in `only` (bit
    /// `i` for `langs[i]`); the words around it against all.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn anchor_only(
        &mut self,
        text: &str,
        start: usize,
        end: usize,
        langs: &[Lang],
        script: Script,
        only: u64,
        out: &mut Out,
    ) -> bool {
        if start < self.resume {
            return true;
        }
        let floor = self.resume;
        // The word holding the stem; a long glue run (a hash, base64) is skipped whole.
        let Some(we) = run_end(text, end, usize::MAX) else {
            return false;
        };
        self.resume = we;
        let Some(ws) = run_start(text, start, MAXW) else {
            return true;
        };
        if candidate(text, ws, we, langs, script, only) == 0 {
            return true;
        }
        // Walk back to where the phrase starts, never into text already read; a numeral in
        // digits starts it.
        let mut first = ws;
        for _ in 0..MAX_BACK {
            let Some(pe) = sep_back(text, first) else {
                break;
            };
            let Some(ps) = run_start(text, pe, MAXW).filter(|&ps| ps >= floor) else {
                break;
            };
            if let Some(ns) = numeral_back(text, ps, pe).filter(|&ns| ns >= floor) {
                first = ns;
                break;
            }
            if candidate(text, ps, pe, langs, script, u64::MAX) == 0 {
                break;
            }
            first = ps;
        }
        // Read the window forward.
        let mut win = [(0usize, 0usize); MAX_WIN];
        let mut nw = 0;
        let mut s = first;
        // The languages with a number word in the window: only those are parsed.
        let mut present = 0u64;
        while nw < MAX_WIN {
            let Some(e) = run_end(text, s, MAXW) else {
                break;
            };
            let e = if numeral_fwd(text, s, e) {
                numeral_end(text, e)
            } else {
                match candidate(text, s, e, langs, script, u64::MAX) {
                    0 => break,
                    mask => {
                        present |= mask;
                        e
                    }
                }
            };
            win[nw] = (s, e);
            nw += 1;
            match sep_fwd(text, e) {
                Some(ns) => s = ns,
                None => break,
            }
        }
        if let Some(&(_, e)) = win.get(..nw).and_then(<[_]>::last) {
            self.resume = self.resume.max(e);
        }
        self.sc.found.n = 0;
        parse_window(
            text,
            win.get(..nw).unwrap_or(&[]),
            langs,
            present,
            script,
            &mut self.sc,
        );
        self.sc.found.emit(out);
        true
    }
}

/// Parse a run of number words once per language, reporting each maximal phrase.
fn parse_window(
    text: &str,
    win: &[(usize, usize)],
    langs: &[Lang],
    present: u64,
    script: Script,
    sc: &mut Scratch,
) {
    // Fold each word once, not once per language.
    let mut used = 0;
    for (tok, &(s, e)) in sc.toks.iter_mut().zip(win) {
        let t = text.get(s..e).unwrap_or("");
        // A token opening with a digit is a numeral, or a chat-alphabet word (`3ishreen`).
        let num = t
            .as_bytes()
            .first()
            .filter(|b| b.is_ascii_digit())
            .and_then(|_| numeral(t));
        *tok = if let Some((mant, dec)) = num {
            Tok::Num(mant, dec)
        } else {
            let mut buf = [0u8; MAXW];
            match (lower(t, script, &mut buf), sc.words.get_mut(used..)) {
                (Some(w), Some(dst)) if w.len() <= dst.len() => {
                    dst.iter_mut().zip(w).for_each(|(d, &b)| *d = b);
                    let at = used;
                    used += w.len();
                    Tok::Word(at, w.len())
                }
                _ => Tok::Other,
            }
        };
    }
    let mut ms = [M::Conj; MAXM];
    let n = win.len().min(MAX_WIN);
    for (li, &lang) in langs.iter().enumerate() {
        if li < 64 && present & (1 << li) == 0 {
            continue;
        }
        let mut ph = Phrase::new(lang);
        for i in 0..n {
            ph.word = i;
            let w = match sc.toks.get(i) {
                Some(&Tok::Num(mant, dec)) if lang.numerals() => {
                    ph.push(M::Num { mant, dec }, 0, true, &mut sc.found);
                    continue;
                }
                Some(&Tok::Word(at, len)) => sc.words.get(at..at + len).unwrap_or(&[]),
                _ => {
                    ph.flush(&mut sc.found);
                    continue;
                }
            };
            let k = if w == lang.conj() {
                ms[0] = M::Conj;
                1
            } else if let Some(k) = segment(lang, w, &mut ms) {
                k
            } else {
                ph.flush(&mut sc.found);
                continue;
            };
            let english = lang.english(w);
            // A glued conjunction or preposition is no compound: what follows it starts the
            // word as far as breaking a phrase goes.
            let flat = lang.prefixed();
            for (mi, &m) in ms.iter().take(k).enumerate() {
                ph.push(m, if flat { 0 } else { mi }, english, &mut sc.found);
            }
        }
        ph.flush(&mut sc.found);
    }
}

/// A window word as [`parse_window`] reads it.
#[derive(Clone, Copy)]
enum Tok {
    Num(u64, u8),
    /// Folded bytes at `words[at..at + len]`.
    Word(usize, usize),
    Other,
}

/// Buffers reused across the windows of one text.
struct Scratch {
    found: Found,
    toks: [Tok; MAX_WIN],
    words: [u8; MAX_WIN * MAXW],
}
