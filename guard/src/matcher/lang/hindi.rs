//! Hindi number words, in Devanagari ([`HI`]) and romanised ([`HI_LATN`], `paanch hazaar ek
//! sau`): the irregular words for 1–99, `सौ` (100, multiplying 1–99: `पच्चीस सौ` is 2500),
//! `हज़ार` (10^3), `लाख` (10^5), `करोड़` (10^7), `डेढ़` (1.5) and `ढाई` (2.5) before a scale.
//!
//! Normalisation (NFKD without combining marks) strips every Devanagari vowel sign, the
//! virama and the nukta, so the normalised text holds skeletons: `पाँच हज़ार एक सौ` arrives as
//! `पच हजर एक स`. The matcher also reads the text with its marks (its second normalised
//! view), so each word is read both ways: as written (vowel signs kept; candrabindu, anusvara
//! and nukta dropped, which spellings vary) and as its skeleton, through entries this module
//! derives ([`skeleton`], [`skeleton_reading`]). Skeletons that other words share are read
//! conservatively: `स` (`सौ`, and `से` "from", `सा`, `सी`) only after a unit that follows a
//! scale; `न` (`नौ`; `ने`, `ना`), `बस` (`बीस`; "just", "bus"), `तरह` (`तेरह`; "way") and `छ`
//! (`छः`; `छा`) not at all; `पचस` is both `पचास` (50, [`Lang::Hi`]) and `पचासी` (85,
//! [`Lang::Hi2`]), so a skeleton phrase ending in it reports both values. Left as they are:
//! `द` (`दो`; `दे` "give"), `तन` (`तीन`; "body") and the like, which read only next to a scale
//! word, and the plural `हज़ारों` "thousands of", whose skeleton is `हज़ार`'s (`हज़ारों करोड़`
//! reads 10^10 normalised, as `हज़ार करोड़` does).
use super::lexicon::Lang;
use super::lexicon::M::{self, Hundred, Scale, Sesqui, Small, Unit};

pub(super) const HI: &[(&str, M)] = &[
    ("एक", Unit(1)),
    ("दो", Unit(2)),
    ("तीन", Unit(3)),
    ("चार", Unit(4)),
    ("पाँच", Unit(5)),
    ("छह", Unit(6)),
    ("छः", Unit(6)),
    ("छे", Unit(6)),
    ("सात", Unit(7)),
    ("आठ", Unit(8)),
    ("नौ", Unit(9)),
    ("दस", Small(10)),
    ("ग्यारह", Small(11)),
    ("बारह", Small(12)),
    ("तेरह", Small(13)),
    ("चौदह", Small(14)),
    ("पंद्रह", Small(15)),
    ("पन्द्रह", Small(15)),
    ("सोलह", Small(16)),
    ("सत्रह", Small(17)),
    ("अठारह", Small(18)),
    ("उन्नीस", Small(19)),
    ("बीस", Small(20)),
    ("इक्कीस", Small(21)),
    ("बाईस", Small(22)),
    ("तेईस", Small(23)),
    ("चौबीस", Small(24)),
    ("पच्चीस", Small(25)),
    ("पचीस", Small(25)),
    ("छब्बीस", Small(26)),
    ("सत्ताईस", Small(27)),
    ("अट्ठाईस", Small(28)),
    ("अठाईस", Small(28)),
    ("उनतीस", Small(29)),
    ("तीस", Small(30)),
    ("इकतीस", Small(31)),
    ("इकत्तीस", Small(31)),
    ("बत्तीस", Small(32)),
    ("तैंतीस", Small(33)),
    ("चौंतीस", Small(34)),
    ("पैंतीस", Small(35)),
    ("छत्तीस", Small(36)),
    ("सैंतीस", Small(37)),
    ("अड़तीस", Small(38)),
    ("उनतालीस", Small(39)),
    ("चालीस", Small(40)),
    ("इकतालीस", Small(41)),
    ("बयालीस", Small(42)),
    ("तैंतालीस", Small(43)),
    ("चवालीस", Small(44)),
    ("चौवालीस", Small(44)),
    ("पैंतालीस", Small(45)),
    ("छियालीस", Small(46)),
    ("सैंतालीस", Small(47)),
    ("अड़तालीस", Small(48)),
    ("उनचास", Small(49)),
    ("पचास", Small(50)),
    ("इक्यावन", Small(51)),
    ("बावन", Small(52)),
    ("तिरपन", Small(53)),
    ("तिरेपन", Small(53)),
    ("चौवन", Small(54)),
    ("पचपन", Small(55)),
    ("छप्पन", Small(56)),
    ("सत्तावन", Small(57)),
    ("अट्ठावन", Small(58)),
    ("उनसठ", Small(59)),
    ("साठ", Small(60)),
    ("इकसठ", Small(61)),
    ("बासठ", Small(62)),
    ("तिरसठ", Small(63)),
    ("चौंसठ", Small(64)),
    ("पैंसठ", Small(65)),
    ("छियासठ", Small(66)),
    ("सड़सठ", Small(67)),
    ("अड़सठ", Small(68)),
    ("उनहत्तर", Small(69)),
    ("सत्तर", Small(70)),
    ("इकहत्तर", Small(71)),
    ("बहत्तर", Small(72)),
    ("तिहत्तर", Small(73)),
    ("चौहत्तर", Small(74)),
    ("पचहत्तर", Small(75)),
    ("छिहत्तर", Small(76)),
    ("सतहत्तर", Small(77)),
    ("अठहत्तर", Small(78)),
    ("उन्यासी", Small(79)),
    ("उनासी", Small(79)),
    ("अस्सी", Small(80)),
    ("इक्यासी", Small(81)),
    ("बयासी", Small(82)),
    ("तिरासी", Small(83)),
    ("चौरासी", Small(84)),
    ("पचासी", Small(85)),
    ("छियासी", Small(86)),
    ("सत्तासी", Small(87)),
    ("अट्ठासी", Small(88)),
    ("नवासी", Small(89)),
    ("नब्बे", Small(90)),
    ("इक्यानबे", Small(91)),
    ("इक्यानवे", Small(91)),
    ("बानबे", Small(92)),
    ("बानवे", Small(92)),
    ("तिरानबे", Small(93)),
    ("तिरानवे", Small(93)),
    ("चौरानबे", Small(94)),
    ("चौरानवे", Small(94)),
    ("पंचानबे", Small(95)),
    ("पंचानवे", Small(95)),
    ("छियानबे", Small(96)),
    ("छियानवे", Small(96)),
    ("सत्तानबे", Small(97)),
    ("सत्तानवे", Small(97)),
    ("अट्ठानबे", Small(98)),
    ("अट्ठानवे", Small(98)),
    ("निन्यानबे", Small(99)),
    ("निन्यानवे", Small(99)),
    ("सौ", Hundred),
    ("हज़ार", Scale(1_000)),
    ("लाख", Scale(100_000)),
    ("करोड़", Scale(10_000_000)),
    ("डेढ़", Sesqui(1)),
    ("ढाई", Sesqui(2)),
];

/// How the skeleton of the lexicon word `src` reads (`None`: it is not read; see the module
/// documentation).
pub(super) fn skeleton_reading(lang: Lang, src: &str, m: M) -> Option<M> {
    match src {
        // Skeletons of common words: `ने`/`ना`, `बस`, `तरह`, `छा`/`छी`.
        "नौ" | "बीस" | "तेरह" | "छः" | "छे" => None,
        // A variant spelling of 25 whose skeleton is that of 50 and 85.
        "पचीस" => None,
        "पचास" => (lang == Lang::Hi).then_some(m),
        "पचासी" => (lang == Lang::Hi2).then_some(m),
        _ => Some(match m {
            Hundred => M::TimesHundred { late: true },
            m => m,
        }),
    }
}

/// The skeleton of a folded Devanagari word (see [`super::find::lower`]: one byte per
/// character, `0x80 + (c - U+0900)`): every combining mark dropped, as normalisation drops
/// them (the vowel signs, the virama, the visarga).
pub(super) fn skeleton(word: &[u8], out: &mut Vec<u8>) {
    out.clear();
    out.extend(word.iter().filter(|&&b| {
        let c = b.wrapping_sub(0x80);
        !matches!(c, 0x00..=0x03 | 0x3A..=0x3C | 0x3E..=0x4F | 0x51..=0x57 | 0x62 | 0x63)
    }));
}

/// Stems one of which every romanised Hindi number ≥ 100 holds (see
/// [`super::find::ascii_anchors`]).
pub(super) const HINGLISH_STEMS: [&str; 10] = [
    "sau", "haza", "haja", "hazz", "lakh", "laakh", "crore", "karod", "karor", "caror",
];

/// Romanised Hindi, in the spellings chat and transliteration use. Spellings that are common
/// words of romanised Hindi or English are left out (`no` for 9, `tera` "your" for 13, `bara`
/// "big" for 12); a phrase still needs a scale word to be found (`sau`, `hazaar`, `lakh`,
/// `crore`), and English never writes those.
pub(super) const HI_LATN: &[(&str, M)] = &[
    ("ek", Unit(1)),
    ("do", Unit(2)),
    ("teen", Unit(3)),
    ("tin", Unit(3)),
    ("char", Unit(4)),
    ("chaar", Unit(4)),
    ("paanch", Unit(5)),
    ("panch", Unit(5)),
    ("paach", Unit(5)),
    ("chhah", Unit(6)),
    ("chhe", Unit(6)),
    ("chah", Unit(6)),
    ("che", Unit(6)),
    ("chhai", Unit(6)),
    ("chheh", Unit(6)),
    ("saat", Unit(7)),
    ("sat", Unit(7)),
    ("aath", Unit(8)),
    ("aat", Unit(8)),
    ("ath", Unit(8)),
    ("nau", Unit(9)),
    ("nao", Unit(9)),
    ("das", Small(10)),
    ("dus", Small(10)),
    ("gyarah", Small(11)),
    ("gyaarah", Small(11)),
    ("gyara", Small(11)),
    ("barah", Small(12)),
    ("baarah", Small(12)),
    ("terah", Small(13)),
    ("chaudah", Small(14)),
    ("chodah", Small(14)),
    ("pandrah", Small(15)),
    ("pandra", Small(15)),
    ("solah", Small(16)),
    ("satrah", Small(17)),
    ("atharah", Small(18)),
    ("athaarah", Small(18)),
    ("unnis", Small(19)),
    ("unees", Small(19)),
    ("unnees", Small(19)),
    ("bees", Small(20)),
    ("bis", Small(20)),
    ("ikkis", Small(21)),
    ("ikkees", Small(21)),
    ("bais", Small(22)),
    ("baais", Small(22)),
    ("teis", Small(23)),
    ("chaubis", Small(24)),
    ("chaubees", Small(24)),
    ("pachis", Small(25)),
    ("pachchis", Small(25)),
    ("pachees", Small(25)),
    ("pachchees", Small(25)),
    ("chhabbis", Small(26)),
    ("sattais", Small(27)),
    ("atthais", Small(28)),
    ("untis", Small(29)),
    ("tees", Small(30)),
    ("tis", Small(30)),
    ("ikattis", Small(31)),
    ("battis", Small(32)),
    ("taintis", Small(33)),
    ("chauntis", Small(34)),
    ("paintis", Small(35)),
    ("chhattis", Small(36)),
    ("saintis", Small(37)),
    ("adtis", Small(38)),
    ("untalis", Small(39)),
    ("chalis", Small(40)),
    ("chaalis", Small(40)),
    ("chalees", Small(40)),
    ("chaalees", Small(40)),
    ("iktalis", Small(41)),
    ("bayalis", Small(42)),
    ("taintalis", Small(43)),
    ("chavalis", Small(44)),
    ("paintalis", Small(45)),
    ("chhiyalis", Small(46)),
    ("saintalis", Small(47)),
    ("adtalis", Small(48)),
    ("unchas", Small(49)),
    ("pachas", Small(50)),
    ("pachaas", Small(50)),
    ("ikyavan", Small(51)),
    ("ikyawan", Small(51)),
    ("baavan", Small(52)),
    ("bavan", Small(52)),
    ("tirpan", Small(53)),
    ("chauvan", Small(54)),
    ("pachpan", Small(55)),
    ("chhappan", Small(56)),
    ("sattavan", Small(57)),
    ("atthavan", Small(58)),
    ("unsath", Small(59)),
    ("saath", Small(60)),
    ("sath", Small(60)),
    ("iksath", Small(61)),
    ("baasath", Small(62)),
    ("tirsath", Small(63)),
    ("chaunsath", Small(64)),
    ("painsath", Small(65)),
    ("chhiyasath", Small(66)),
    ("sadsath", Small(67)),
    ("adsath", Small(68)),
    ("unhattar", Small(69)),
    ("sattar", Small(70)),
    ("ikhattar", Small(71)),
    ("bahattar", Small(72)),
    ("tihattar", Small(73)),
    ("chauhattar", Small(74)),
    ("pachattar", Small(75)),
    ("pachhattar", Small(75)),
    ("pachahattar", Small(75)),
    ("chhihattar", Small(76)),
    ("sathattar", Small(77)),
    ("athattar", Small(78)),
    ("unasi", Small(79)),
    ("assi", Small(80)),
    ("assee", Small(80)),
    ("ikyasi", Small(81)),
    ("bayasi", Small(82)),
    ("tirasi", Small(83)),
    ("chaurasi", Small(84)),
    ("pachasi", Small(85)),
    ("chhiyasi", Small(86)),
    ("sattasi", Small(87)),
    ("atthasi", Small(88)),
    ("navasi", Small(89)),
    ("nabbe", Small(90)),
    ("ikyanve", Small(91)),
    ("baanve", Small(92)),
    ("tiranve", Small(93)),
    ("chauranve", Small(94)),
    ("pachanve", Small(95)),
    ("chhiyanve", Small(96)),
    ("sattanve", Small(97)),
    ("atthanve", Small(98)),
    ("ninyanve", Small(99)),
    ("sau", Hundred),
    // Bengali, romanised (`panch hajar ek sho`): its hundred and the units it spells apart.
    ("sho", Hundred),
    ("dui", Unit(2)),
    ("chhoy", Unit(6)),
    ("choy", Unit(6)),
    ("hazaar", Scale(1_000)),
    ("hazar", Scale(1_000)),
    ("hajar", Scale(1_000)),
    ("hajaar", Scale(1_000)),
    ("hazzar", Scale(1_000)),
    ("lakh", Scale(100_000)),
    ("laakh", Scale(100_000)),
    ("crore", Scale(10_000_000)),
    ("karod", Scale(10_000_000)),
    ("karor", Scale(10_000_000)),
    ("caror", Scale(10_000_000)),
    ("dedh", Sesqui(1)),
    ("derh", Sesqui(1)),
    ("dhai", Sesqui(2)),
    ("dhaai", Sesqui(2)),
];

#[cfg(test)]
mod tests {
    use super::super::tests::{check_table, vals};
    use crate::matcher::normalize::{normalize, normalize_alt};

    /// Every view the matcher reads of `s`: normalised, and with its marks kept.
    fn views(s: &str) -> Vec<Vec<f64>> {
        let mut v = vec![vals(&normalize(s))];
        if let Some(alt) = normalize_alt(s) {
            v.push(vals(&alt));
        }
        v
    }

    #[test]
    fn skeletons_are_what_normalisation_leaves() {
        assert_eq!(normalize("पाँच हज़ार एक सौ"), "पच हजर एक स");
        assert_eq!(normalize("दो हज़ार सात सौ पचास"), "द हजर सत स पचस");
        assert_eq!(normalize("पच्चीस"), "पचचस");
        assert_eq!(normalize("करोड़"), "करड");
        assert_eq!(normalize("से"), "स");
    }

    #[test]
    fn devanagari() {
        let table: Vec<(String, f64)> = [
            ("पाँच हज़ार एक सौ", 5100.0),
            ("पांच हजार एक सौ", 5100.0),
            ("चौबीस लाख", 2_400_000.0),
            ("पच्चीस हज़ार", 25_000.0),
            ("पचहत्तर हज़ार", 75_000.0),
            ("दो करोड़ चालीस लाख", 24_000_000.0),
            ("डेढ़ लाख", 150_000.0),
            ("ढाई हज़ार", 2500.0),
            ("कुल लैग पाँच हज़ार एक सौ संदेश है।", 5100.0),
            ("5 हज़ार", 5000.0),
            ("2.4 लाख", 240_000.0),
        ]
        .iter()
        .map(|&(s, v)| (normalize(s).into_owned(), v))
        .collect();
        let table: Vec<(&str, f64)> = table.iter().map(|(s, v)| (s.as_str(), *v)).collect();
        check_table(&table);
        // As written (the matcher's view with marks): hundreds alone and every word read.
        check_table(&[
            ("पाँच हज़ार एक सौ", 5100.0),
            ("दो हज़ार सात सौ पचास", 2750.0),
            ("दो सौ", 200.0),
            ("एक सौ पचास", 150.0),
            ("पच्चीस सौ", 2500.0),
            ("इक्यावन सौ", 5100.0),
            ("नौ हज़ार", 9000.0),
            ("तेरह हज़ार", 13_000.0),
            ("दो हज़ार सात सौ पचासी", 2785.0),
        ]);
        // The skeleton `पचस` is 50 and 85: both readings.
        for s in ["दो हज़ार सात सौ पचास", "दो हज़ार सात सौ पचासी"]
        {
            assert_eq!(vals(&normalize(s)), vec![2750.0, 2785.0], "{s:?}");
        }
        assert_eq!(vals(&normalize("एक हज़ार दो सौ पचास")), vec![1250.0, 1285.0]);
        assert_eq!(vals(&normalize("पाँच हज़ार")), vec![5000.0]);
        // Thousands of crores.
        assert_eq!(vals(&normalize("हज़ार करोड़")), vec![1e10]);
    }

    #[test]
    fn devanagari_near_misses() {
        for s in [
            // `से` "from", `ने`, `बस`, `तरह`: skeletons of number words.
            "पाँच से दस दिन",
            "दो से तीन बार",
            "एक से ज़्यादा",
            "दो हज़ार से ज़्यादा",
            "राम ने हज़ार रुपये दिए",
            "बस हज़ार रुपये चाहिए",
            "इस तरह लाख कोशिश की",
            // Lone scale words and their plurals.
            "हज़ार",
            "हज़ारों लोग आए",
            "लाखों रुपये",
            "सौ",
            "करोड़ों",
            // Small numbers.
            "पाँच",
            "पच्चीस",
            "दस बजे",
            // Ordinary text.
            "नमस्ते, आप कैसे हैं? मैं ठीक हूँ।",
            "कंज्यूमर ग्रुप का लैग बढ़ रहा है, कृपया पॉड को रीस्टार्ट करें।",
            "यह सौदा अच्छा है",
            "हज यात्रा के लिए करो",
        ] {
            for got in views(s) {
                // `दो हज़ार से` reads 2000 (the phrase stops at `से`), which is what it says.
                let got: Vec<f64> = got.into_iter().filter(|&v| v != 2000.0).collect();
                assert_eq!(got, Vec::<f64>::new(), "{s:?}");
            }
        }
        // `दो सौ` and `दो से` have the same skeleton: only the marked text reads 200.
        assert_eq!(vals(&normalize("दो सौ")), Vec::<f64>::new());
    }

    #[test]
    fn romanised() {
        check_table(&[
            ("paanch hazaar ek sau", 5100.0),
            ("Paanch Hazaar Ek Sau", 5100.0),
            ("do hazaar saat sau pachaas", 2750.0),
            ("ek lakh", 100_000.0),
            ("ek hazaar do sau pachaas", 1250.0),
            ("chaubis lakh", 2_400_000.0),
            ("ikyavan sau", 5100.0),
            ("lag abhi paanch hazaar ek sau messages hai", 5100.0),
            ("dhai lakh", 250_000.0),
            ("do crore", 20_000_000.0),
            ("teen sau", 300.0),
        ]);
        for s in [
            "sau",
            "hazaar",
            "lakh",
            "ten lakh rupees",
            "I do sauté onions",
            "the Sauber team",
            "Das Haus",
            "bees and tees",
            "ek",
            "do it now, hazard lights on",
            "we sat, sau",
        ] {
            assert_eq!(vals(s), Vec::<f64>::new(), "{s:?}");
        }
    }
}
