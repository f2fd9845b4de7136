//! Hebrew number words (and, at the end, Yiddish ones), without points and with final letters folded
//! ([`lower`](super::find::lower)); normalisation turns every `י` into `'` (its confusable
//! skeleton: `אלפים` arrives as `אלפ'ם`), which the word reader and the fold take back. Units
//! in both genders and the construct state (`חמש`, `חמישה`, `חמשת`; full and defective
//! spellings), the teens as two words (`חמש עשרה`), the tens (`עשרים`…`תשעים`), `מאה` (100),
//! `מאות` after its unit (`שלוש מאות`), `מאתיים` (200), `אלף`, the plural `אלפים` (only after its
//! multiplier), the dual `אלפיים` (2000), the millions and billions, and `חצי` (a half). The
//! conjunction `ו` is glued to the next word (`ומאה`); `ב`, `ל`, `כ` ("about"), `ש` may be glued
//! to a number's first word.
use super::lexicon::M::{self, Dual, Half, Hundred, Hundreds, Scale, Small, Tens, Times, Unit};

pub(super) const HE: &[(&str, M)] = &[
    ("אחד", Unit(1)),
    ("אחת", Unit(1)),
    ("שניים", Unit(2)),
    ("שנים", Unit(2)),
    ("שתיים", Unit(2)),
    ("שתים", Unit(2)),
    ("שני", Unit(2)),
    ("שתי", Unit(2)),
    ("שלושה", Unit(3)),
    ("שלשה", Unit(3)),
    ("שלוש", Unit(3)),
    ("שלש", Unit(3)),
    ("שלושת", Unit(3)),
    ("שלשת", Unit(3)),
    ("ארבעה", Unit(4)),
    ("ארבע", Unit(4)),
    ("ארבעת", Unit(4)),
    ("חמישה", Unit(5)),
    ("חמשה", Unit(5)),
    ("חמש", Unit(5)),
    ("חמשת", Unit(5)),
    ("שישה", Unit(6)),
    ("ששה", Unit(6)),
    ("שש", Unit(6)),
    ("ששת", Unit(6)),
    ("שבעה", Unit(7)),
    ("שבע", Unit(7)),
    ("שבעת", Unit(7)),
    ("שמונה", Unit(8)),
    ("שמונת", Unit(8)),
    ("תשעה", Unit(9)),
    ("תשע", Unit(9)),
    ("תשעת", Unit(9)),
    ("עשרה", Small(10)),
    ("עשר", Small(10)),
    ("עשרת", Small(10)),
    ("עשרים", Tens(20)),
    ("שלושים", Tens(30)),
    ("שלשים", Tens(30)),
    ("ארבעים", Tens(40)),
    ("חמישים", Tens(50)),
    ("חמשים", Tens(50)),
    ("שישים", Tens(60)),
    ("ששים", Tens(60)),
    ("שבעים", Tens(70)),
    ("שמונים", Tens(80)),
    ("תשעים", Tens(90)),
    ("מאה", Hundred),
    ("מאות", M::TimesHundred { late: false }),
    ("מאתיים", Hundreds(200)),
    ("מאתים", Hundreds(200)),
    ("אלף", Scale(1_000)),
    ("אלפים", Times(1_000)),
    ("אלפיים", Dual(1_000)),
    ("מיליון", Scale(1_000_000)),
    ("מליון", Scale(1_000_000)),
    ("מיליונים", Times(1_000_000)),
    ("מליונים", Times(1_000_000)),
    ("מיליארד", Scale(1_000_000_000)),
    ("מליארד", Scale(1_000_000_000)),
    ("מיליארדים", Times(1_000_000_000)),
    ("חצי", Half),
];

/// Yiddish (Hebrew letters, points dropped as for Hebrew): `פינף טויזנט הונדערט`, `צוויי טויזנט
/// זיבן הונדערט פופציק`; a unit before the tens with `און` ("and": `פינף און זיבעציק` = 75),
/// `הונדערט` (100), `טויזנט` (1000), `מיליאן`.
pub(super) const YI: &[(&str, M)] = &[
    ("איינס", Unit(1)),
    ("איין", Unit(1)),
    ("צוויי", Unit(2)),
    ("דריי", Unit(3)),
    ("פיר", Unit(4)),
    ("פינף", Unit(5)),
    ("פינעף", Unit(5)),
    ("זעקס", Unit(6)),
    ("זיבן", Unit(7)),
    ("אכט", Unit(8)),
    ("ניין", Unit(9)),
    ("צען", Small(10)),
    ("עלף", Small(11)),
    ("צוועלף", Small(12)),
    ("דרייצן", Small(13)),
    ("פערצן", Small(14)),
    ("פופצן", Small(15)),
    ("זעכצן", Small(16)),
    ("זיבעצן", Small(17)),
    ("אכצן", Small(18)),
    ("ניינצן", Small(19)),
    ("צוואנציק", Tens(20)),
    ("דרייסיק", Tens(30)),
    ("פערציק", Tens(40)),
    ("פופציק", Tens(50)),
    ("זעכציק", Tens(60)),
    ("זיבעציק", Tens(70)),
    ("אכציק", Tens(80)),
    ("ניינציק", Tens(90)),
    ("הונדערט", Hundred),
    ("טויזנט", Scale(1_000)),
    ("מיליאן", Scale(1_000_000)),
];

#[cfg(test)]
mod tests {
    use super::super::tests::{check_table, vals};
    use crate::matcher::normalize::{normalize, normalize_alt};

    #[test]
    fn hebrew() {
        assert_eq!(normalize("אלפים"), "אלפ'ם");
        let cases = [
            ("חמשת אלפים ומאה", 5100.0),
            ("חמשה אלף ומאה", 5100.0),
            ("חמישה אלף מאה", 5100.0),
            ("חֲמֵשֶׁת אֲלָפִים וּמֵאָה", 5100.0),
            ("אלפיים שבע מאות וחמישים", 2750.0),
            ("אלף מאתיים חמישים וחצי", 1250.5),
            ("אלף מאתיים וחמישים", 1250.0),
            ("שני מיליון וארבע מאות אלף", 2_400_000.0),
            ("שלוש מאות עשרים ושלוש", 323.0),
            ("עשרת אלפים", 10_000.0),
            ("אחד עשר אלף", 11_000.0),
            ("חמישה עשר אלף", 15_000.0),
            ("עשרים וחמישה אלף", 25_000.0),
            ("העיכוב הוא חמשת אלפים ומאה הודעות", 5100.0),
            ("כחמשת אלפים ומאה", 5100.0),
            ("5 אלפים", 5000.0),
        ];
        for (s, v) in cases {
            let n = normalize(s).into_owned();
            check_table(&[(n.as_str(), v)]);
            // As written (points interrupt the stems: pointed text is read normalised).
            if !s.chars().any(|c| ('\u{0591}'..='\u{05C7}').contains(&c)) {
                check_table(&[(s, v)]);
                if let Some(alt) = normalize_alt(s) {
                    check_table(&[(alt.as_str(), v)]);
                }
            }
        }
        assert_eq!(vals(&normalize("אלפיים")), vec![2000.0]);
        assert_eq!(vals(&normalize("חמשת אלפים")), vec![5000.0]);
    }

    #[test]
    fn hebrew_near_misses() {
        for s in [
            // Lone scale words, plurals without a multiplier, small numbers.
            "אלף",
            "מאה",
            "מאות אנשים",
            "אלפים",
            "מיליונים של שקלים",
            "חמש",
            "עשרים ושלוש",
            "שנים עשר חודשים",
            // A preposition glued to a scale word.
            "אחד מאלף",
            "פעם אחת לאלף שנה",
            // Ordinary text.
            "מאה אחוז",
            "שלום, מה שלומך? הכל בסדר.",
            "במאה העשרים ואחת",
            "לפני אלפי שנים",
            "העיכוב של הצרכן גדל מאוד, נא להפעיל מחדש את השירות.",
            "באר שבע",
            "כשלון של השרת",
        ] {
            let n = normalize(s);
            assert_eq!(vals(&n), Vec::<f64>::new(), "{s:?}");
            assert_eq!(vals(s), Vec::<f64>::new(), "{s:?}");
        }
    }

    #[test]
    fn yiddish() {
        check_table(&[
            ("פינף טויזנט הונדערט", 5100.0),
            ("צוויי טויזנט זיבן הונדערט פופציק", 2750.0),
            ("דריי טויזנט אכט הונדערט פינף און זיבעציק", 3875.0),
            ("טויזנט פיר הונדערט צוואַנציק", 1420.0),
        ]);
        for s in ["טויזנט", "הונדערט יאר", "פינף און צוואַנציק"] {
            assert_eq!(vals(s), Vec::<f64>::new(), "{s:?}");
        }
    }
}
