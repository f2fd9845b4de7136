//! The vocabulary of worded numbers: the morpheme kinds ([`M`]) a number word splits into, the
//! languages ([`Lang`]) with the grammar choices that set them apart (conjunction, compounds,
//! unit before tens, digits before a scale word, a conjunction glued to the next word), and the
//! segmenter that splits a lower-cased word into the morphemes of one language's lexicon (the
//! tables themselves are in [`super::romance`], [`super::germanic`], [`super::slavic`] and one
//! module per other language).
use super::arabic::{AR, FA, UR};
use super::baltic::BAL;
use super::caucasus::{HY, KA};
use super::ethiopic::AM;
use super::find::lower;
use super::germanic::{AF, DA, DE, LB, NL, SV};
use super::greek::EL;
use super::hebrew::{HE, YI};
use super::hindi::{skeleton, skeleton_reading, HI, HI_LATN};
use super::indic::{BN, TA, TE};
use super::inner_asia::{KK, MN};
use super::mainland::{KM, MY, TH};
use super::other::{EO, EU, MT, SW};
use super::romance::{CA, ES, FR, GL, IT, LA, PT, RO};
use super::romanized::{AR_LATN, CY, GA, HE_LATN, JA_LATN, KO_LATN, RU_LATN, TH_LATN, TLH};
use super::slavic::{BE, BG, MK, PL, RU, SR, UK, WSL};
use super::southeast::{ID, TL, VI};
use super::turkish::TR;
use super::uralic::{FI, HU};
use std::sync::OnceLock;
use unicode_normalization::UnicodeNormalization;

/// Longest word (lower-cased bytes, `ß` as `ss`) considered: the longest German number below
/// a million (`siebenhundertsiebenundsiebzigtausendsiebenhundertsiebenundsiebzig`) has 66.
pub(super) const MAXW: usize = 96;
/// Morphemes per word.
pub(super) const MAXM: usize = 24;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum M {
    /// 1..=9.
    Unit(u8),
    /// A closed value below 100 (teens, `veintiuno`, `ventotto`); French `dix` stays open to
    /// a unit (`dix-sept`).
    Small(u8),
    /// 20..=90, open to a unit.
    Tens(u8),
    /// 100, multiplying a leading unit.
    Hundred,
    /// A precomposed 200..=900 (`doscientos`, `quinhentos`), or a Slavic 100 that never
    /// multiplies (`сто`, `sto`: one part, so a lone `сто` reports nothing).
    Hundreds(u16),
    Scale(u64),
    /// A plural scale word, only after its multiplier (Arabic `آلاف`, Hebrew `אלפים`): it never
    /// starts a phrase, so `بخمسة آلاف` with an unread first word does not read as 1000.
    Times(u64),
    /// Two of a scale in one word (Arabic `ألفان`, Hebrew `אלפיים`): two parts.
    Dual(u64),
    /// A hundred word that multiplies a unit before it and never stands alone (Hebrew
    /// `מאות`). `late`: Hindi `सौ` with its vowel sign stripped (`स`, which `से` "from", `सा`
    /// and `सी` also become), read only after a unit that follows a scale (`पच हजर एक स`).
    TimesHundred {
        late: bool,
    },
    Conj,
    /// A whole number and a half, only before a scale: one and a half (`полторы тысячи`,
    /// `półtora miliona`, Hindi `डेढ़ लाख`), two and a half (Hindi `ढाई हज़ार`).
    Sesqui(u8),
    /// `… and a half` after the conjunction, ending the phrase: a half after a group
    /// (`тысяча двести пятьдесят с половиной` = 1250.5), half the scale after a scale (`пять
    /// тысяч с половиной` = 5500).
    Half,
    /// A numeral in digits (`2,4` is `mant` 24, `dec` 1): before a scale (`2,4 миллиона`), or
    /// a whole last group after one (`5 тысяч 100`). Not a part of its own: the phrase still
    /// needs its scale word.
    Num {
        mant: u64,
        dec: u8,
    },
    /// Ten times the unit just read, or ten alone, open to a unit after it (Vietnamese
    /// `mươi`/`mười`, Indonesian `puluh`, Finnish `kymmentä`, Estonian `kümmend`, Esperanto
    /// `dek`: `năm mươi` = 50, `mười lăm` = 15, `dudek kvin` = 25).
    TenTimes,
    /// A unit only after tens (Vietnamese `lăm` 5, `tư` 4: `hai mươi lăm` = 25).
    TailUnit(u8),
    /// A linker between parts, read as nothing (Tagalog `na`: `apat na raan` = 400).
    Link,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Lang {
    Fr,
    De,
    Es,
    It,
    Pt,
    Nl,
    Sv,
    Pl,
    Ru,
    Uk,
    Tr,
    El,
    /// Hindi in Devanagari; `Hi2` reads the one skeleton two number words share the other way
    /// (see [`super::hindi`]).
    Hi,
    Hi2,
    /// Romanised Hindi (`paanch hazaar ek sau`).
    HiLatn,
    Ar,
    He,
    /// Vietnamese.
    Vi,
    /// Indonesian and Malay.
    Id,
    /// Czech, Slovak, Croatian, Serbian and Bosnian (Latin letters), Slovene: one lexicon (no
    /// two of them spell a word with different values).
    Wsl,
    /// Norwegian, Danish and Icelandic.
    Da,
    /// Finnish and Estonian.
    Fi,
    Hu,
    Ro,
    Ca,
    /// Tagalog.
    Tl,
    /// Swahili: a scale word before its multiplier (`elfu tano` = 5000).
    Sw,
    /// Esperanto.
    Eo,
    /// Latin.
    La,
    /// Basque.
    Eu,
    /// Lithuanian and Latvian.
    Bal,
    /// Bulgarian.
    Bg,
    /// Japanese romaji ([`super::romanized`]).
    JaLatn,
    /// Korean, romanised.
    KoLatn,
    /// Thai, romanised.
    ThLatn,
    /// Hebrew, romanised.
    HeLatn,
    /// Arabic in Latin letters and chat digits.
    ArLatn,
    /// Russian, transliterated.
    RuLatn,
    /// Welsh.
    Cy,
    /// Irish and Scottish Gaelic.
    Ga,
    /// Klingon.
    Tlh,
    /// Serbian in Cyrillic letters.
    Sr,
    /// Macedonian.
    Mk,
    /// Belarusian.
    Be,
    /// Kazakh.
    Kk,
    /// Mongolian (Cyrillic).
    Mn,
    /// Persian.
    Fa,
    /// Urdu.
    Ur,
    /// Yiddish.
    Yi,
    /// Afrikaans.
    Af,
    /// Galician.
    Gl,
    /// Luxembourgish.
    Lb,
    /// Maltese.
    Mt,
    /// Bengali.
    Bn,
    /// Tamil.
    Ta,
    /// Telugu.
    Te,
    /// Thai (in Thai script; romanised Thai is `ThLatn`).
    Th,
    /// Khmer.
    Km,
    /// Burmese.
    My,
    /// Georgian.
    Ka,
    /// Armenian.
    Hy,
    /// Amharic.
    Am,
}

/// The languages written in Latin letters (read by the pass anchored on `STEMS`, see
/// [`super::find`]) and in Cyrillic (read by the pass anchored on `CYR_STEMS`, only when the
/// text has Cyrillic).
pub(super) const LATIN: [Lang; 36] = [
    Lang::Fr,
    Lang::De,
    Lang::Es,
    Lang::It,
    Lang::Pt,
    Lang::Nl,
    Lang::Sv,
    Lang::Pl,
    Lang::Tr,
    Lang::Vi,
    Lang::Id,
    Lang::Wsl,
    Lang::Da,
    Lang::Fi,
    Lang::Hu,
    Lang::Ro,
    Lang::Ca,
    Lang::Tl,
    Lang::Sw,
    Lang::Eo,
    Lang::La,
    Lang::Eu,
    Lang::Bal,
    Lang::JaLatn,
    Lang::KoLatn,
    Lang::ThLatn,
    Lang::HeLatn,
    Lang::ArLatn,
    Lang::RuLatn,
    Lang::Cy,
    Lang::Ga,
    Lang::Tlh,
    Lang::Af,
    Lang::Gl,
    Lang::Lb,
    Lang::Mt,
];
pub(super) const CYRILLIC: [Lang; 8] = [
    Lang::Ru,
    Lang::Uk,
    Lang::Bg,
    Lang::Sr,
    Lang::Mk,
    Lang::Be,
    Lang::Kk,
    Lang::Mn,
];
pub(super) const GREEK: [Lang; 1] = [Lang::El];
pub(super) const DEVANAGARI: [Lang; 2] = [Lang::Hi, Lang::Hi2];
pub(super) const HINGLISH: [Lang; 1] = [Lang::HiLatn];
pub(super) const ARABIC: [Lang; 3] = [Lang::Ar, Lang::Fa, Lang::Ur];
pub(super) const HEBREW: [Lang; 2] = [Lang::He, Lang::Yi];
pub(super) const BENGALI: [Lang; 1] = [Lang::Bn];
pub(super) const TAMIL: [Lang; 1] = [Lang::Ta];
pub(super) const TELUGU: [Lang; 1] = [Lang::Te];
pub(super) const THAI: [Lang; 1] = [Lang::Th];
pub(super) const KHMER: [Lang; 1] = [Lang::Km];
pub(super) const MYANMAR: [Lang; 1] = [Lang::My];
pub(super) const GEORGIAN: [Lang; 1] = [Lang::Ka];
pub(super) const ARMENIAN: [Lang; 1] = [Lang::Hy];
pub(super) const ETHIOPIC: [Lang; 1] = [Lang::Am];
/// Every language, in declaration order (`ALL[l as usize] == l`).
const ALL: [Lang; 62] = [
    Lang::Fr,
    Lang::De,
    Lang::Es,
    Lang::It,
    Lang::Pt,
    Lang::Nl,
    Lang::Sv,
    Lang::Pl,
    Lang::Ru,
    Lang::Uk,
    Lang::Tr,
    Lang::El,
    Lang::Hi,
    Lang::Hi2,
    Lang::HiLatn,
    Lang::Ar,
    Lang::He,
    Lang::Vi,
    Lang::Id,
    Lang::Wsl,
    Lang::Da,
    Lang::Fi,
    Lang::Hu,
    Lang::Ro,
    Lang::Ca,
    Lang::Tl,
    Lang::Sw,
    Lang::Eo,
    Lang::La,
    Lang::Eu,
    Lang::Bal,
    Lang::Bg,
    Lang::JaLatn,
    Lang::KoLatn,
    Lang::ThLatn,
    Lang::HeLatn,
    Lang::ArLatn,
    Lang::RuLatn,
    Lang::Cy,
    Lang::Ga,
    Lang::Tlh,
    Lang::Sr,
    Lang::Mk,
    Lang::Be,
    Lang::Kk,
    Lang::Mn,
    Lang::Fa,
    Lang::Ur,
    Lang::Yi,
    Lang::Af,
    Lang::Gl,
    Lang::Lb,
    Lang::Mt,
    Lang::Bn,
    Lang::Ta,
    Lang::Te,
    Lang::Th,
    Lang::Km,
    Lang::My,
    Lang::Ka,
    Lang::Hy,
    Lang::Am,
];

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Script {
    Latin,
    Cyrillic,
    Greek,
    Devanagari,
    Arabic,
    Hebrew,
    /// The scripts read in the text as written, marks kept (see [`super::find::lower`]).
    Bengali,
    Tamil,
    Telugu,
    Thai,
    Khmer,
    Myanmar,
    Georgian,
    Armenian,
    Ethiopic,
}

impl Script {
    /// Whether words of this script are read as written, in the view that keeps marks (NFKC):
    /// its vowel signs are marks, which the normalised view drops.
    pub(super) fn as_written(self) -> bool {
        !matches!(
            self,
            Script::Latin
                | Script::Cyrillic
                | Script::Greek
                | Script::Devanagari
                | Script::Arabic
                | Script::Hebrew
        )
    }
}

/// The byte an Arabic letter folds to (see [`lower`]): `0x80 + (c - U+0620)`.
pub(super) const fn arabic_byte(c: char) -> u8 {
    (0x80 + (c as u32 - 0x0620)) as u8
}

/// The byte a Hebrew letter folds to: `0x80 + (c - U+05D0)`.
pub(super) const fn hebrew_byte(c: char) -> u8 {
    (0x80 + (c as u32 - 0x05D0)) as u8
}

/// The conjunctions `و` and `ו` (also glued to the next word), and the prepositions a number
/// may carry glued (`بخمسة آلاف`, `כחמשת אלפים` "about five thousand").
const AR_WAW: [u8; 1] = [arabic_byte('و')];
const AR_PREFIXES: [u8; 2] = [arabic_byte('ب'), arabic_byte('ل')];
const HE_VAV: [u8; 1] = [hebrew_byte('ו')];
/// Bulgarian `и` ("and"), as [`lower`] folds Cyrillic: `0x80 + (c - 'а')`.
const BG_I: [u8; 1] = [0x80 + ('и' as u32 - 'а' as u32) as u8];
/// Belarusian `і` ("and"), folded as [`lower`] folds it.
const BE_I: [u8; 1] = [0xA0];
/// Yiddish `און` ("and").
const YI_UN: [u8; 3] = [hebrew_byte('א'), hebrew_byte('ו'), hebrew_byte('נ')];
const HE_PREFIXES: [u8; 4] = [
    hebrew_byte('ב'),
    hebrew_byte('ל'),
    hebrew_byte('כ'),
    hebrew_byte('ש'),
];

impl Lang {
    fn lexicon(self) -> &'static [(&'static str, M)] {
        match self {
            Lang::Fr => FR,
            Lang::De => DE,
            Lang::Es => ES,
            Lang::It => IT,
            Lang::Pt => PT,
            Lang::Nl => NL,
            Lang::Sv => SV,
            Lang::Pl => PL,
            Lang::Ru => RU,
            Lang::Uk => UK,
            Lang::Tr => TR,
            Lang::El => EL,
            Lang::Hi | Lang::Hi2 => HI,
            Lang::HiLatn => HI_LATN,
            Lang::Ar => AR,
            Lang::He => HE,
            Lang::Vi => VI,
            Lang::Id => ID,
            Lang::Wsl => WSL,
            Lang::Da => DA,
            Lang::Fi => FI,
            Lang::Hu => HU,
            Lang::Ro => RO,
            Lang::Ca => CA,
            Lang::Tl => TL,
            Lang::Sw => SW,
            Lang::Eo => EO,
            Lang::La => LA,
            Lang::Eu => EU,
            Lang::Bal => BAL,
            Lang::Bg => BG,
            Lang::JaLatn => JA_LATN,
            Lang::KoLatn => KO_LATN,
            Lang::ThLatn => TH_LATN,
            Lang::HeLatn => HE_LATN,
            Lang::ArLatn => AR_LATN,
            Lang::RuLatn => RU_LATN,
            Lang::Cy => CY,
            Lang::Ga => GA,
            Lang::Tlh => TLH,
            Lang::Sr => SR,
            Lang::Mk => MK,
            Lang::Be => BE,
            Lang::Kk => KK,
            Lang::Mn => MN,
            Lang::Fa => FA,
            Lang::Ur => UR,
            Lang::Yi => YI,
            Lang::Af => AF,
            Lang::Gl => GL,
            Lang::Lb => LB,
            Lang::Mt => MT,
            Lang::Bn => BN,
            Lang::Ta => TA,
            Lang::Te => TE,
            Lang::Th => TH,
            Lang::Km => KM,
            Lang::My => MY,
            Lang::Ka => KA,
            Lang::Hy => HY,
            Lang::Am => AM,
        }
    }

    fn index(self) -> usize {
        self as usize
    }

    fn script(self) -> Script {
        match self {
            Lang::Ru
            | Lang::Uk
            | Lang::Bg
            | Lang::Sr
            | Lang::Mk
            | Lang::Be
            | Lang::Kk
            | Lang::Mn => Script::Cyrillic,
            Lang::El => Script::Greek,
            Lang::Hi | Lang::Hi2 => Script::Devanagari,
            Lang::Ar | Lang::Fa | Lang::Ur => Script::Arabic,
            Lang::He | Lang::Yi => Script::Hebrew,
            Lang::Bn => Script::Bengali,
            Lang::Ta => Script::Tamil,
            Lang::Te => Script::Telugu,
            Lang::Th => Script::Thai,
            Lang::Km => Script::Khmer,
            Lang::My => Script::Myanmar,
            Lang::Ka => Script::Georgian,
            Lang::Hy => Script::Armenian,
            Lang::Am => Script::Ethiopic,
            _ => Script::Latin,
        }
    }

    /// The conjunction word between parts; empty (never a word) where numbers take none.
    pub(super) fn conj(self) -> &'static [u8] {
        match self {
            Lang::Fr => b"et",
            Lang::De => b"und",
            Lang::Es => b"y",
            Lang::It | Lang::Pt => b"e",
            Lang::Nl => b"en",
            // Only before `pół` in practice (see [`M::Half`]); the Cyrillic `с` / `з` are in
            // their lexicons (this compares folded bytes).
            Lang::Pl => b"i",
            Lang::Ar | Lang::Fa => &AR_WAW,
            Lang::He => &HE_VAV,
            Lang::Yi => &YI_UN,
            Lang::Sr | Lang::Mk => &BG_I,
            Lang::Be => &BE_I,
            Lang::Af => b"en",
            Lang::Gl => b"e",
            Lang::Lb => b"an",
            Lang::Mt => b"u",
            Lang::Da => b"og",
            Lang::Ro => b"si",
            Lang::Ca => b"i",
            Lang::Tl => b"at",
            Lang::Sw => b"na",
            Lang::La => b"et",
            Lang::Eu => b"eta",
            Lang::Bg => &BG_I,
            Lang::ArLatn => b"wa",
            Lang::Ga => b"is",
            // Vietnamese `lẻ`/`linh`, Romanian `de`, the Czech `a`, Croatian `i` and Slovene
            // `in` are conjunctions in their lexicons.
            Lang::Sv
            | Lang::Ru
            | Lang::Uk
            | Lang::Tr
            | Lang::El
            | Lang::Hi
            | Lang::Hi2
            | Lang::HiLatn
            | Lang::Vi
            | Lang::Id
            | Lang::Wsl
            | Lang::Fi
            | Lang::Hu
            | Lang::Eo
            | Lang::Bal
            | Lang::JaLatn
            | Lang::KoLatn
            | Lang::ThLatn
            | Lang::HeLatn
            | Lang::RuLatn
            | Lang::Cy
            | Lang::Tlh
            | Lang::Kk
            | Lang::Mn
            | Lang::Ur
            | Lang::Bn
            | Lang::Ta
            | Lang::Te
            | Lang::Th
            | Lang::Km
            | Lang::My
            | Lang::Ka
            | Lang::Hy
            | Lang::Am => b"",
        }
    }

    /// Arabic and Hebrew glue the conjunction to the next word (`ومائة`, `ומאה`), and may glue
    /// a preposition to the first: the folded first bytes that may be split off a word that is
    /// not a number word whole (`واحد` "one" starts with `و`).
    fn prefixes(self) -> &'static [u8] {
        match self {
            Lang::Ar => &AR_PREFIXES,
            Lang::He => &HE_PREFIXES,
            _ => b"",
        }
    }

    /// Whether a glued prefix may be split off (the morphemes after it then count as starting
    /// their word: a prefix is no compound).
    pub(super) fn prefixed(self) -> bool {
        matches!(self, Lang::Ar | Lang::He)
    }

    /// Arabic and Hebrew say the teens as two words, the unit before ten (`خمسة عشر`,
    /// `חמש עשרה`).
    /// So do Indonesian (`lima belas`) and Finnish (`viisitoista`, Estonian `viisteist`).
    pub(super) fn teens_after_unit(self) -> bool {
        matches!(self, Lang::Ar | Lang::He | Lang::Id | Lang::Fi)
    }

    /// Danish, Norwegian, Icelandic, Czech and Slovene also put the unit first with the
    /// conjunction (`femogtyve`, `pětadvacet`, `petindvajset`), and the tens first without it
    /// (`tjuefem`, `dvacet pět`).
    pub(super) fn unit_conj_tens(self) -> bool {
        matches!(self, Lang::Da | Lang::Wsl)
    }

    /// Romanian puts `de` before a scale after 20 (`douăzeci de mii`, `două sute de mii`).
    pub(super) fn conj_before_scale(self) -> bool {
        self == Lang::Ro
    }

    /// German, Italian, Dutch, Swedish and (often) Turkish write a number below a million as
    /// one word.
    /// So do Slovak, Czech, Slovene (hundreds), Norwegian, Danish, Finnish, Estonian,
    /// Hungarian and Esperanto.
    pub(super) fn compounds(self) -> bool {
        matches!(
            self,
            Lang::De
                | Lang::It
                | Lang::Nl
                | Lang::Sv
                | Lang::Tr
                | Lang::Wsl
                | Lang::Da
                | Lang::Fi
                | Lang::Hu
                | Lang::Eo
                | Lang::JaLatn
                | Lang::KoLatn
                | Lang::ArLatn
                | Lang::Tlh
                | Lang::Af
                | Lang::Lb
                | Lang::Bn
                | Lang::Ta
                | Lang::Th
                | Lang::Km
                | Lang::My
                | Lang::Ka
                | Lang::Hy
        )
    }

    /// Languages whose scale words may follow a numeral in digits (`2,4 миллиона`, `5,1 tys.`,
    /// `2,4 miljoen`): those the main matcher's scale suffixes do not read (it reads `5,1
    /// Tausend`, `2,4 millones`, `2,4 Mio`).
    pub(super) fn numerals(self) -> bool {
        matches!(
            self,
            Lang::Nl
                | Lang::Sv
                | Lang::Pl
                | Lang::Ru
                | Lang::Uk
                | Lang::Hi
                | Lang::Hi2
                | Lang::Ar
                | Lang::He
                | Lang::Vi
                | Lang::Id
                | Lang::Wsl
                | Lang::Da
                | Lang::Fi
                | Lang::Hu
                | Lang::Ro
                | Lang::Bal
                | Lang::Bg
                | Lang::Sr
                | Lang::Mk
                | Lang::Be
                | Lang::Kk
                | Lang::Mn
                | Lang::Fa
                | Lang::Ur
                | Lang::Af
                | Lang::Bn
                | Lang::Ta
                | Lang::Te
                | Lang::Th
                | Lang::Ka
                | Lang::Hy
                | Lang::Am
        )
    }

    /// German, Dutch and Arabic put the unit before the tens (`vierundzwanzig`,
    /// `vierentwintig`, `خمسة وعشرون`).
    pub(super) fn unit_first(self) -> bool {
        matches!(
            self,
            Lang::De
                | Lang::Nl
                | Lang::Ar
                | Lang::ArLatn
                | Lang::Af
                | Lang::Lb
                | Lang::Yi
                | Lang::Mt
        )
    }

    /// Tens and teens times the hundred word (`neunzehnhundert`, `negentienhonderd`,
    /// `nittonhundra`, Hindi `पच्चीस सौ`).
    pub(super) fn tens_hundreds(self) -> bool {
        matches!(
            self,
            Lang::De
                | Lang::Nl
                | Lang::Sv
                | Lang::Hi
                | Lang::Hi2
                | Lang::HiLatn
                | Lang::Da
                | Lang::Hu
                | Lang::Af
                | Lang::Lb
        )
    }

    /// The languages of [`super::romanized`]: their scale words are no hundred or thousand
    /// after digits (`5 mile`, `51 roi`, `2 sen`).
    pub(super) fn romanized(self) -> bool {
        matches!(
            self,
            Lang::JaLatn
                | Lang::KoLatn
                | Lang::ThLatn
                | Lang::HeLatn
                | Lang::ArLatn
                | Lang::RuLatn
                | Lang::Cy
                | Lang::Ga
                | Lang::Tlh
        )
    }

    /// Words English also uses as number words: a phrase made only of these (`six cents`,
    /// `six million`) is English, and the English matcher reads it.
    /// Turkish `on` (10) and `bin` (1000) are English words: `on bin` stays visible; so are
    /// the number words of the newer languages that are English words (`to million`, `pet
    /// set`, `bay tram`, `set cents`, `ok cent`).
    pub(super) fn english(self, w: &[u8]) -> bool {
        match self {
            Lang::Fr => matches!(
                w,
                b"six" | b"cent" | b"cents" | b"million" | b"millions" | b"seize"
            ),
            Lang::Tr => matches!(w, b"on" | b"bin"),
            Lang::Da => matches!(w, b"to" | b"fire" | b"en" | b"et" | b"million" | b"sex"),
            Lang::Vi => matches!(w, b"chin" | b"tram" | b"bay"),
            Lang::Wsl => matches!(w, b"pet" | b"set" | b"sta" | b"tri"),
            Lang::Hu => matches!(w, b"hat"),
            Lang::Ro => matches!(w, b"o" | b"un" | b"opt"),
            Lang::Ca => matches!(w, b"set" | b"cent" | b"cents" | b"u" | b"un"),
            Lang::Eo => matches!(w, b"ok" | b"cent" | b"du"),
            Lang::La => matches!(w, b"sex" | b"duo" | b"tres"),
            Lang::Eu => matches!(w, b"bat" | b"bi"),
            // The romanised languages' words English text writes (see [`super::romanized`]).
            Lang::JaLatn => matches!(w, b"go" | b"san" | b"has" | b"zen"),
            Lang::KoLatn => matches!(w, b"i" | b"o" | b"sip" | b"ship" | b"sam" | b"pal"),
            Lang::ThLatn => matches!(
                w,
                b"ha" | b"see" | b"song" | b"sam" | b"pan" | b"jet" | b"et"
            ),
            Lang::HeLatn => matches!(w, b"u" | b"ve" | b"va"),
            Lang::ArLatn => matches!(w, b"we" | b"w" | b"wa"),
            Lang::RuLatn => matches!(w, b"sem" | b"tri" | b"million"),
            Lang::Cy => matches!(
                w,
                b"un" | b"tri" | b"pump" | b"mil" | b"cant" | b"chant" | b"naw" | b"deg"
            ),
            Lang::Ga => matches!(w, b"da" | b"se" | b"tri" | b"mile" | b"is"),
            Lang::Tlh => matches!(w, b"sad" | b"hut" | b"los" | b"cha" | b"wa"),
            Lang::Af | Lang::Mt => w == b"elf",
            Lang::Gl => matches!(w, b"un" | b"once"),
            _ => false,
        }
    }
}

/// A lexicon bucketed by first byte of its folded form (see [`lower`]), each bucket longest
/// first (the segmenter prefers the longest morpheme: `dreizehn` over `drei`+`zehn`).
struct Lex {
    by_first: Vec<Vec<(Box<[u8]>, M)>>,
    /// Bit `b` set when a morpheme starts with byte `b`: most English words stop here.
    firsts: [u64; 4],
}

impl Lex {
    fn new(lang: Lang) -> Lex {
        let mut by_first: Vec<Vec<(Box<[u8]>, M)>> = vec![Vec::new(); 256];
        let mut firsts = [0u64; 4];
        let mut buf = [0u8; MAXW];
        let mut add = |t: &[u8], m: M| {
            let Some(&f) = t.first() else { return };
            if let Some(b) = by_first.get_mut(usize::from(f)) {
                if !b.iter().any(|(k, _)| **k == *t) {
                    b.push((t.into(), m));
                }
            }
            if let Some(w) = firsts.get_mut(usize::from(f >> 6)) {
                *w |= 1 << (f & 63);
            }
        };
        let mut skel = Vec::new();
        for &(src, m) in lang.lexicon() {
            // The scripts read as written meet the text in NFKC (`ำ` as `ํา`, Burmese marks in
            // canonical order): so are their entries.
            let nfkc: String;
            let src = if lang.script().as_written() {
                nfkc = src.nfkc().collect();
                nfkc.as_str()
            } else {
                src
            };
            let Some(t) = lower(src, lang.script(), &mut buf) else {
                continue;
            };
            add(t, m);
            // Devanagari also as the normalised text has it: every vowel sign stripped.
            if lang.script() == Script::Devanagari {
                skeleton(t, &mut skel);
                if skel.as_slice() != t {
                    if let Some(m) = skeleton_reading(lang, src, m) {
                        add(&skel, m);
                    }
                }
            }
        }
        for b in &mut by_first {
            b.sort_by_key(|(t, _)| std::cmp::Reverse(t.len()));
        }
        Lex { by_first, firsts }
    }

    fn bucket(&self, b: u8) -> &[(Box<[u8]>, M)] {
        self.by_first.get(usize::from(b)).map_or(&[], Vec::as_slice)
    }

    fn starts(&self, b: u8) -> bool {
        self.firsts
            .get(usize::from(b >> 6))
            .is_some_and(|w| w & (1 << (b & 63)) != 0)
    }
}

fn lex(lang: Lang) -> &'static Lex {
    static LEX: OnceLock<Vec<Lex>> = OnceLock::new();
    let all = LEX.get_or_init(|| ALL.iter().map(|&l| Lex::new(l)).collect());
    // Every language has its lexicon (`all` is indexed by `Lang as usize`); the fallback is
    // never taken.
    all.get(lang.index()).unwrap_or_else(|| empty_lex())
}

fn empty_lex() -> &'static Lex {
    static EMPTY: OnceLock<Lex> = OnceLock::new();
    EMPTY.get_or_init(|| Lex {
        by_first: Vec::new(),
        firsts: [0; 4],
    })
}

/// Whether morpheme `t` can sit at `p` in `w`: Italian `cent` only before another morpheme.
/// (A byte loop: morphemes are short, a `memcmp` call costs more than the comparison.)
fn fits(lang: Lang, w: &[u8], p: usize, t: &[u8]) -> bool {
    let end = p + t.len();
    w.get(p..end)
        .is_some_and(|r| r.iter().zip(t).all(|(a, b)| a == b))
        && !(lang == Lang::It && end == w.len() && t == b"cent")
}

/// Whether a word of `lang` can hold `stem` (folded): inside one lexicon word, or, in a
/// language that compounds, across the morphemes of a compound (a suffix of one, whole ones,
/// a prefix of the last). The anchor pass checks a word found by a stem only against these
/// languages ([`super::find`]).
pub(super) fn may_contain(lang: Lang, stem: &[u8]) -> bool {
    let lex = lex(lang);
    let words = || lex.by_first.iter().flatten().map(|(t, _)| &**t);
    let n = stem.len();
    if n == 0 || words().any(|t| t.windows(n).any(|w| w == stem)) {
        return true;
    }
    if !lang.compounds() {
        return false;
    }
    // `at[i]`: a morpheme boundary can fall before `stem[i]`.
    let mut at = vec![false; n + 1];
    at[0] = true;
    for i in 1..n {
        at[i] = words().any(|t| t.len() > i && t.ends_with(&stem[..i]));
    }
    for i in 0..n {
        if !at[i] {
            continue;
        }
        let rest = &stem[i..];
        for t in words() {
            if t.starts_with(rest) {
                return true;
            }
            if rest.starts_with(t) {
                at[i + t.len()] = true;
            }
        }
    }
    at[n]
}

/// Forward reachability: `reach[p]` when `w[..p]` splits into morphemes; whether all of `w`
/// does. An English anchor word (`milliseconds`) dies after a handful of comparisons.
fn reach(lang: Lang, w: &[u8], reach: &mut [bool; MAXW + 1]) -> bool {
    let lex = lex(lang);
    let n = w.len();
    if n > MAXW || w.first().is_none_or(|&f| !lex.starts(f)) {
        return false;
    }
    reach[0] = true;
    for (p, &b) in w.iter().enumerate() {
        if !reach[p] {
            continue;
        }
        for (t, _) in lex.bucket(b) {
            if fits(lang, w, p, t) {
                reach[p + t.len()] = true;
            }
        }
    }
    reach[n]
}

/// The morpheme a whole word of a non-compounding language is.
fn whole(lex: &Lex, w: &[u8]) -> Option<M> {
    let first = *w.first()?;
    if !lex.starts(first) {
        return None;
    }
    lex.bucket(first)
        .iter()
        .find(|(t, _)| **t == *w)
        .map(|&(_, m)| m)
}

/// A word that is a glued conjunction or preposition and a number word (`ومائة`, `כחמשת`):
/// whether the prefix is the conjunction, and the number word.
fn split_prefix(lang: Lang, w: &[u8]) -> Option<(bool, M)> {
    let (&f, rest) = w.split_first()?;
    let conj = lang.conj() == [f];
    if !conj && !lang.prefixes().contains(&f) {
        return None;
    }
    // A preposition glues to a number's first word, never to a scale (`אחת לאלף` "one in a
    // thousand" is no 1000).
    whole(lex(lang), rest)
        .filter(|m| conj || !matches!(m, M::Scale(_) | M::Times(_) | M::Dual(_)))
        .map(|m| (conj, m))
}

/// Whether a lower-cased word is a number word of `lang`.
pub(super) fn segments(lang: Lang, w: &[u8]) -> bool {
    let Some(&first) = w.first() else {
        return false;
    };
    let lex = lex(lang);
    if !lang.compounds() {
        return whole(lex, w).is_some() || (lang.prefixed() && split_prefix(lang, w).is_some());
    }
    if !lex.starts(first) {
        return false;
    }
    reach(lang, w, &mut [false; MAXW + 1])
}

/// Split a lower-cased word into the morphemes of `lang`; `None` if it is not a number word.
pub(super) fn segment(lang: Lang, w: &[u8], out: &mut [M; MAXM]) -> Option<usize> {
    let lex = lex(lang);
    if !lang.compounds() {
        if let Some(m) = whole(lex, w) {
            out[0] = m;
            return Some(1);
        }
        if !lang.prefixed() {
            return None;
        }
        return match split_prefix(lang, w)? {
            (true, m) => {
                out[0] = M::Conj;
                out[1] = m;
                Some(2)
            }
            (false, m) => {
                out[0] = m;
                Some(1)
            }
        };
    }
    let n = w.len();
    let mut fwd = [false; MAXW + 1];
    if !reach(lang, w, &mut fwd) {
        return None;
    }
    // Backward: positions from which the rest still segments; then walk forward taking the
    // longest morpheme that keeps the rest segmentable (`cent`+`ottanta`, not `cento`+…).
    let mut ok = [false; MAXW + 1];
    ok[n] = true;
    for (p, &b) in w.iter().enumerate().rev() {
        ok[p] = fwd[p]
            && lex
                .bucket(b)
                .iter()
                .any(|(t, _)| fits(lang, w, p, t) && ok[p + t.len()]);
    }
    let mut p = 0;
    let mut k = 0;
    while p < n {
        let b = *w.get(p)?;
        let (t, m) = lex
            .bucket(b)
            .iter()
            .find(|(t, _)| fits(lang, w, p, t) && ok[p + t.len()])?;
        let m = *m;
        *out.get_mut(k)? = m;
        k += 1;
        p += t.len();
    }
    Some(k)
}

/// The words of every lexicon in Latin, Cyrillic or Greek letters that are a hundred or a
/// thousand on their own (`hundert`, `cientos`, `mil`, `tusen`, `тысяч`, `χιλιαδες`), as the
/// lexicon spells them (lower case, normalised), with the value, sorted for a binary search.
/// Words some language calls English (`cent`, `bin`, `set`) are left out: `51 cents` is
/// money. The mixed forms read these after digits (`51 cientos`, `5 Tausend 100`).
pub(super) fn scale_words() -> &'static [(&'static str, u64)] {
    static WORDS: OnceLock<Vec<(&'static str, u64)>> = OnceLock::new();
    WORDS.get_or_init(|| {
        let mut out: Vec<(&'static str, u64)> = Vec::new();
        for lang in ALL {
            if !matches!(
                lang.script(),
                Script::Latin | Script::Cyrillic | Script::Greek
            ) || lang.romanized()
            {
                continue;
            }
            for &(src, m) in lang.lexicon() {
                let v = match m {
                    M::Hundred | M::TimesHundred { late: false } => 100,
                    M::Scale(1_000) | M::Times(1_000) => 1_000,
                    _ => continue,
                };
                // (The romanised languages' English words, `mil` for Welsh, are theirs alone.)
                let english = ALL
                    .iter()
                    .filter(|l| !l.romanized())
                    .any(|l| l.english(src.as_bytes()));
                if !english && !out.iter().any(|(w, _)| *w == src) {
                    out.push((src, v));
                }
            }
        }
        out.sort_unstable();
        out
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// No folded key stands for two morphemes in one language (folding `ة` as `ه`, dropping
    /// Devanagari vowel signs or Hebrew final forms could merge two words): the segmenter
    /// would silently take the first. The Hindi skeletons that merge are resolved in
    /// [`super::super::hindi`], so none is left here either.
    #[test]
    fn scale_words_are_hundreds_and_thousands() {
        let words = scale_words();
        assert!(words.contains(&("cientos", 100)));
        assert!(words.contains(&("tausend", 1_000)));
        assert!(words.contains(&("тысяч", 1_000)));
        assert!(!words
            .iter()
            .any(|(w, _)| matches!(*w, "cent" | "cents" | "bin" | "set")));
        assert!(words.windows(2).all(|p| matches!(p, [a, b] if a.0 < b.0)));
    }

    #[test]
    fn no_key_reads_two_ways() {
        for lang in ALL {
            let mut buf = [0u8; MAXW];
            let mut skel = Vec::new();
            let mut seen: Vec<(Vec<u8>, M, &str)> = Vec::new();
            let mut check = |k: &[u8], m: M, src: &'static str| {
                if let Some((_, m0, s0)) = seen.iter().find(|(k0, _, _)| k0.as_slice() == k) {
                    assert_eq!(*m0, m, "{lang:?}: {s0:?} and {src:?} fold alike");
                } else {
                    seen.push((k.to_vec(), m, src));
                }
            };
            for &(src, m) in lang.lexicon() {
                let nfkc: String = src.nfkc().collect();
                let src: &'static str = if lang.script().as_written() {
                    Box::leak(nfkc.into_boxed_str())
                } else {
                    src
                };
                let Some(t) = lower(src, lang.script(), &mut buf) else {
                    panic!("{lang:?}: {src:?} does not fold");
                };
                check(t, m, src);
                if lang.script() == Script::Devanagari {
                    skeleton(t, &mut skel);
                    if skel.as_slice() != t {
                        if let Some(m) = skeleton_reading(lang, src, m) {
                            check(&skel, m, src);
                        }
                    }
                }
            }
        }
    }
}
