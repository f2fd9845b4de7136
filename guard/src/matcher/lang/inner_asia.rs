//! Kazakh and Mongolian (Cyrillic letters, read by the Cyrillic pass): the number words and
//! what each stands for.
//!
//! - Kazakh: `бес мың жүз` (5100), `екі мың жеті жүз елу` (2750): a unit times `жүз` (100)
//!   and `мың` (1000), `он` and a unit for the teens (`он бес` = 15), `миллион`, `миллиард`.
//!   The letters `ә ғ қ ң ө ұ ү һ і` have bytes of their own ([`lower`](super::find::lower)).
//! - Mongolian: `таван мянга нэг зуу` (5100), `хоёр мянга долоон зуун тавь` (2750): the
//!   attributive forms before a scale or a unit (`таван`, `долоон`, `зуун`, `мянган`, `хорин`)
//!   and the plain ones (`тав`, `долоо`, `зуу`, `мянга`, `хорь`), `арван` and a unit for the
//!   teens, `сая` (10^6), `тэрбум` (10^9).
use super::lexicon::M::{self, Hundred, Scale, Small, Tens, Unit};

pub(super) const KK: &[(&str, M)] = &[
    ("бір", Unit(1)),
    ("екі", Unit(2)),
    ("үш", Unit(3)),
    ("төрт", Unit(4)),
    ("бес", Unit(5)),
    ("алты", Unit(6)),
    ("жеті", Unit(7)),
    ("сегіз", Unit(8)),
    ("тоғыз", Unit(9)),
    // Open to a unit: `он бір` = 11.
    ("он", Tens(10)),
    ("жиырма", Tens(20)),
    ("отыз", Tens(30)),
    ("қырық", Tens(40)),
    ("елу", Tens(50)),
    ("алпыс", Tens(60)),
    ("жетпіс", Tens(70)),
    ("сексен", Tens(80)),
    ("тоқсан", Tens(90)),
    ("жүз", Hundred),
    ("мың", Scale(1_000)),
    ("миллион", Scale(1_000_000)),
    ("миллиард", Scale(1_000_000_000)),
];

pub(super) const MN: &[(&str, M)] = &[
    ("нэг", Unit(1)),
    ("хоёр", Unit(2)),
    ("гурав", Unit(3)),
    ("гурван", Unit(3)),
    ("дөрөв", Unit(4)),
    ("дөрвөн", Unit(4)),
    ("тав", Unit(5)),
    ("таван", Unit(5)),
    ("зургаа", Unit(6)),
    ("зургаан", Unit(6)),
    ("долоо", Unit(7)),
    ("долоон", Unit(7)),
    ("найм", Unit(8)),
    ("найман", Unit(8)),
    ("ес", Unit(9)),
    ("есөн", Unit(9)),
    ("арав", Small(10)),
    // Open to a unit: `арван нэг` = 11.
    ("арван", Tens(10)),
    ("хорь", Tens(20)),
    ("хорин", Tens(20)),
    ("гуч", Tens(30)),
    ("гучин", Tens(30)),
    ("дөч", Tens(40)),
    ("дөчин", Tens(40)),
    ("тавь", Tens(50)),
    ("тавин", Tens(50)),
    ("жар", Tens(60)),
    ("жаран", Tens(60)),
    ("дал", Tens(70)),
    ("далан", Tens(70)),
    ("ная", Tens(80)),
    ("наян", Tens(80)),
    ("ер", Tens(90)),
    ("ерэн", Tens(90)),
    ("зуу", Hundred),
    ("зуун", Hundred),
    ("мянга", Scale(1_000)),
    ("мянган", Scale(1_000)),
    ("сая", Scale(1_000_000)),
    ("тэрбум", Scale(1_000_000_000)),
];

#[cfg(test)]
mod tests {
    use super::super::tests::{check_table, vals};

    #[test]
    fn kazakh_and_mongolian() {
        check_table(&[
            ("бес мың жүз", 5100.0),
            ("екі мың жеті жүз елу", 2750.0),
            ("үш мың сегіз жүз жетпіс бес", 3875.0),
            ("бір мың төрт жүз жиырма", 1420.0),
            ("БЕС МЫҢ ЖҮЗ", 5100.0),
            ("он бес мың", 15_000.0),
            ("таван мянга нэг зуу", 5100.0),
            ("хоёр мянга долоон зуун тавь", 2750.0),
            ("гурван мянга найман зуун далан тав", 3875.0),
            ("мянга дөрвөн зуун хорь", 1420.0),
            ("арван таван мянга", 15_000.0),
        ]);
        for s in [
            // Ordinary words, lone scales, a number below 100.
            "мың рахмет",
            "жүз",
            "бес жыл",
            "зуу",
            "мянга",
            "тав ба хорь",
            "он бес",
        ] {
            assert_eq!(vals(s), Vec::<f64>::new(), "{s:?}");
        }
        // A different number is not the target.
        assert_eq!(vals("бес мың екі жүз"), vec![5200.0]);
    }
}
