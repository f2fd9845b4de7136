//! Finnish and Estonian (one lexicon: no word of one is the other's with a different value)
//! and Hungarian, as NFKD without marks leaves them (`neljä` as `nelja`, `kümme` as `kumme`,
//! `ötezer` as `otezer`, `száz` as `szaz`).
//!
//! - Finnish: compounds (`viisituhatta sata`, `kaksituhatta seitsemänsataa viisikymmentä`),
//!   `sata`/`tuhat`/`miljoona` alone, `-sataa`/`-tuhatta`/`miljoonaa` after a multiplier,
//!   `kymmenen` (10), `-kymmentä` (tens), `-toista` (teens: `viisitoista`). Estonian:
//!   `viis tuhat sada`, `kakssada`, `viiskümmend`, `viisteist`, `miljonit`.
//! - Hungarian: compounds, hyphenated after the thousands above 2000 (`ötezer-egyszáz`,
//!   `kétezer-hétszázötven`), `két`/`kettő`, `tizen-`/`huszon-` before a unit, `száz`, `ezer`,
//!   `millió`, `milliárd`; `tizenkétszáz` (1200).
use super::lexicon::M::{self, Hundred, Scale, Small, Tens, Times, Unit};

pub(super) const FI: &[(&str, M)] = &[
    ("yksi", Unit(1)),
    ("kaksi", Unit(2)),
    ("kolme", Unit(3)),
    ("nelja", Unit(4)),
    ("viisi", Unit(5)),
    ("kuusi", Unit(6)),
    ("seitseman", Unit(7)),
    ("kahdeksan", Unit(8)),
    ("yhdeksan", Unit(9)),
    ("kymmenen", Small(10)),
    // After a unit: `viisitoista` = 15.
    ("toista", Small(10)),
    ("kymmenta", M::TenTimes),
    ("sata", Hundred),
    ("sataa", M::TimesHundred { late: false }),
    ("tuhat", Scale(1_000)),
    ("tuhatta", Times(1_000)),
    ("miljoona", Scale(1_000_000)),
    ("miljoonaa", Times(1_000_000)),
    ("miljardi", Scale(1_000_000_000)),
    ("miljardia", Times(1_000_000_000)),
    // Estonian.
    ("uks", Unit(1)),
    ("kaks", Unit(2)),
    ("kolm", Unit(3)),
    ("neli", Unit(4)),
    ("viis", Unit(5)),
    ("kuus", Unit(6)),
    ("seitse", Unit(7)),
    ("kaheksa", Unit(8)),
    ("uheksa", Unit(9)),
    ("kumme", Small(10)),
    ("teist", Small(10)),
    ("kummend", M::TenTimes),
    ("sada", Hundred),
    ("miljon", Scale(1_000_000)),
    ("miljonit", Times(1_000_000)),
    ("miljard", Scale(1_000_000_000)),
    ("miljardit", Times(1_000_000_000)),
];

pub(super) const HU: &[(&str, M)] = &[
    ("egy", Unit(1)),
    ("ket", Unit(2)),
    ("ketto", Unit(2)),
    ("harom", Unit(3)),
    ("negy", Unit(4)),
    ("ot", Unit(5)),
    ("hat", Unit(6)),
    ("het", Unit(7)),
    ("nyolc", Unit(8)),
    ("kilenc", Unit(9)),
    ("tiz", Small(10)),
    ("tizen", Tens(10)),
    ("husz", Tens(20)),
    ("huszon", Tens(20)),
    ("harminc", Tens(30)),
    ("negyven", Tens(40)),
    ("otven", Tens(50)),
    ("hatvan", Tens(60)),
    ("hetven", Tens(70)),
    ("nyolcvan", Tens(80)),
    ("kilencven", Tens(90)),
    ("szaz", Hundred),
    ("ezer", Scale(1_000)),
    ("millio", Scale(1_000_000)),
    ("milliard", Scale(1_000_000_000)),
];

#[cfg(test)]
mod tests {
    use super::super::tests::{check_norm, none_norm};

    #[test]
    fn finnish_estonian() {
        check_norm(&[
            ("viisituhatta sata", 5100.0),
            ("viisi tuhatta sata", 5100.0),
            ("VIISITUHATTA SATA", 5100.0),
            ("viive on viisituhatta sata viestiä", 5100.0),
            ("kaksituhatta seitsemänsataa viisikymmentä", 2750.0),
            ("tuhat kaksisataa viisikymmentä", 1250.0),
            ("kolmesataa neljäkymmentä", 340.0),
            ("kaksi miljoonaa neljäsataatuhatta", 2_400_000.0),
            ("viisitoista tuhatta", 15_000.0),
            ("2,4 miljoonaa", 2_400_000.0),
            ("viis tuhat sada", 5100.0),
            ("kaks tuhat seitsesada viiskümmend", 2750.0),
            ("tuhat kakssada viiskümmend", 1250.0),
            ("kaks miljonit nelisada tuhat", 2_400_000.0),
        ]);
        none_norm(&[
            "sata",
            "tuhat",
            "sata prosenttia",
            "SATA disk on the node",
            "tuhansia viestejä",
            "viisi minuuttia ja kaksi palvelinta",
            "tuhat tänud",
        ]);
    }

    #[test]
    fn hungarian() {
        check_norm(&[
            ("ötezer-egyszáz", 5100.0),
            ("ötezer egyszáz", 5100.0),
            ("ÖTEZER-EGYSZÁZ", 5100.0),
            ("ötezerszáz", 5100.0),
            ("a késés ötezer-egyszáz üzenet", 5100.0),
            ("kétezer-hétszázötven", 2750.0),
            ("ezerkétszázötven", 1250.0),
            ("háromszáznegyven", 340.0),
            ("kétmillió-négyszázezer", 2_400_000.0),
            ("tizenkétszáz", 1200.0),
            ("huszonötezer", 25_000.0),
        ]);
        none_norm(&[
            "száz",
            "ezer",
            "ezer köszönet",
            "öt perc és hat szerver",
            "The hat is in the freezer",
        ]);
    }
}
