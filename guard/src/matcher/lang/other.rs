//! Swahili, Esperanto, Basque and Maltese.
//!
//! - Swahili: a scale word before its multiplier (`elfu tano` = 5000, `elfu mia nne` =
//!   400 000), `mia` before its unit (`mia moja` = 100), `na` between parts (`elfu tano na
//!   mia moja` = 5100, `hamsini na tano` = 55), `laki` (100 000), `milioni`; see
//!   [`super::phrase`].
//! - Esperanto: compounds (`dudek`, `sepcent`), `dek` alone or after a unit, `cent`, `mil`,
//!   `miliono(j)`: `kvin mil cent`, `du mil sepcent kvindek`.
//! - Basque: `bost mila ehun`, `bi mila zazpiehun eta berrogeita hamar` (vigesimal tens:
//!   `hogeita`, `berrogeita`, … then a unit or 10..19), `ehun`, the hundreds in one word
//!   (`berrehun`, `zazpiehun`), `mila`, `milioi`, `eta` (and). `ehun` is no anchor stem: a
//!   number below 1000 (`hirurehun eta berrogei`) is read only next to `mila` or `milioi`.
use super::lexicon::M::{self, Hundred, Hundreds, Scale, Small, Tens, Times, Unit};

pub(super) const SW: &[(&str, M)] = &[
    ("moja", Unit(1)),
    ("mbili", Unit(2)),
    ("tatu", Unit(3)),
    ("nne", Unit(4)),
    ("tano", Unit(5)),
    ("sita", Unit(6)),
    ("saba", Unit(7)),
    ("nane", Unit(8)),
    ("tisa", Unit(9)),
    ("kumi", Tens(10)),
    ("ishirini", Tens(20)),
    ("thelathini", Tens(30)),
    ("arobaini", Tens(40)),
    ("hamsini", Tens(50)),
    ("sitini", Tens(60)),
    ("sabini", Tens(70)),
    ("themanini", Tens(80)),
    ("tisini", Tens(90)),
    ("mia", Hundred),
    ("elfu", Scale(1_000)),
    ("laki", Scale(100_000)),
    ("milioni", Scale(1_000_000)),
    ("bilioni", Scale(1_000_000_000)),
];

pub(super) const EO: &[(&str, M)] = &[
    ("unu", Unit(1)),
    ("du", Unit(2)),
    ("tri", Unit(3)),
    ("kvar", Unit(4)),
    ("kvin", Unit(5)),
    ("ses", Unit(6)),
    ("sep", Unit(7)),
    ("ok", Unit(8)),
    ("nau", Unit(9)),
    ("dek", M::TenTimes),
    ("cent", Hundred),
    ("mil", Scale(1_000)),
    ("miliono", Scale(1_000_000)),
    ("milionoj", Scale(1_000_000)),
    ("miliardo", Scale(1_000_000_000)),
    ("miliardoj", Scale(1_000_000_000)),
];

pub(super) const EU: &[(&str, M)] = &[
    ("bat", Unit(1)),
    ("bi", Unit(2)),
    ("hiru", Unit(3)),
    ("lau", Unit(4)),
    ("bost", Unit(5)),
    ("bortz", Unit(5)),
    ("sei", Unit(6)),
    ("zazpi", Unit(7)),
    ("zortzi", Unit(8)),
    ("bederatzi", Unit(9)),
    ("hamar", Small(10)),
    ("hamaika", Small(11)),
    ("hamabi", Small(12)),
    ("hamahiru", Small(13)),
    ("hamalau", Small(14)),
    ("hamabost", Small(15)),
    ("hamasei", Small(16)),
    ("hamazazpi", Small(17)),
    ("hemezortzi", Small(18)),
    ("hemeretzi", Small(19)),
    ("hogei", Tens(20)),
    ("hogeita", Tens(20)),
    ("berrogei", Tens(40)),
    ("berrogeita", Tens(40)),
    ("hirurogei", Tens(60)),
    ("hirurogeita", Tens(60)),
    ("laurogei", Tens(80)),
    ("laurogeita", Tens(80)),
    ("ehun", Hundred),
    ("berrehun", Hundreds(200)),
    ("hirurehun", Hundreds(300)),
    ("laurehun", Hundreds(400)),
    ("bostehun", Hundreds(500)),
    ("seiehun", Hundreds(600)),
    ("zazpiehun", Hundreds(700)),
    ("zortziehun", Hundreds(800)),
    ("bederatziehun", Hundreds(900)),
    ("mila", Scale(1_000)),
    ("milioi", Scale(1_000_000)),
];

/// Maltese (`ħ` as `h`, `għ` as `gh`, `ż`, `ċ`, `ġ` as NFKD leaves them): `ħamest elef u mija`,
/// `tlitt elef tmien mija u ħamsa u sebgħin`; the construct forms before a noun (`ħames`,
/// `ħamest`, `tlitt`, `seba'`, `tmien`), `mija` (100, after its multiplier too), `mitejn`
/// (200), `elf` (1000), `elef` (after 3–10), `elfejn` (2000), unit `u` tens. Found through
/// `elef` only (an anchor stem of romanised Hebrew): `elf` and `elfejn` alone are not read.
pub(super) const MT: &[(&str, M)] = &[
    ("wiehed", Unit(1)),
    ("wahda", Unit(1)),
    ("tnejn", Unit(2)),
    ("zewg", Unit(2)),
    ("tlieta", Unit(3)),
    ("tliet", Unit(3)),
    ("tlitt", Unit(3)),
    ("erbgha", Unit(4)),
    ("erba", Unit(4)),
    ("erbat", Unit(4)),
    ("hamsa", Unit(5)),
    ("hames", Unit(5)),
    ("hamest", Unit(5)),
    ("sitta", Unit(6)),
    ("sitt", Unit(6)),
    ("sebgha", Unit(7)),
    ("seba", Unit(7)),
    ("sebat", Unit(7)),
    ("tmienja", Unit(8)),
    ("tmien", Unit(8)),
    ("tmint", Unit(8)),
    ("disgha", Unit(9)),
    ("disa", Unit(9)),
    ("disat", Unit(9)),
    ("ghaxra", Small(10)),
    ("ghaxart", Small(10)),
    ("hdax", Small(11)),
    ("tnax", Small(12)),
    ("tlettax", Small(13)),
    ("erbatax", Small(14)),
    ("hmistax", Small(15)),
    ("sittax", Small(16)),
    ("sbatax", Small(17)),
    ("tmintax", Small(18)),
    ("dsatax", Small(19)),
    ("ghoxrin", Tens(20)),
    ("tletin", Tens(30)),
    ("erbghin", Tens(40)),
    ("hamsin", Tens(50)),
    ("sittin", Tens(60)),
    ("sebghin", Tens(70)),
    ("tmenin", Tens(80)),
    ("disghin", Tens(90)),
    ("mija", Hundred),
    ("mitejn", Hundreds(200)),
    ("elf", Scale(1_000)),
    ("elef", Times(1_000)),
    ("elfejn", M::Dual(1_000)),
    ("miljun", Scale(1_000_000)),
    ("miljuni", Times(1_000_000)),
];

#[cfg(test)]
mod tests {
    use super::super::tests::{check_norm, none_norm};

    #[test]
    fn swahili() {
        check_norm(&[
            ("elfu tano na mia moja", 5100.0),
            ("Elfu tano na mia moja", 5100.0),
            ("ELFU TANO NA MIA MOJA", 5100.0),
            ("ucheleweshaji ni elfu tano na mia moja", 5100.0),
            ("elfu mbili mia saba hamsini", 2750.0),
            ("elfu mbili mia saba na hamsini", 2750.0),
            ("elfu moja mia mbili hamsini", 1250.0),
            ("mia tatu arobaini", 340.0),
            ("milioni mbili laki nne", 2_400_000.0),
            ("milioni mbili elfu mia nne", 2_400_000.0),
            ("mia moja", 100.0),
            ("elfu kumi na mbili", 12_000.0),
            ("mia na tano", 105.0),
            ("elfu ishirini na tano", 25_000.0),
        ]);
        none_norm(&[
            "mia",
            "elfu",
            "watu elfu",
            "Mia and Sita went home",
            "dakika tano na saa mbili",
            "Mia Farrow",
        ]);
    }

    #[test]
    fn esperanto() {
        check_norm(&[
            ("kvin mil cent", 5100.0),
            ("KVIN MIL CENT", 5100.0),
            ("du mil sepcent kvindek", 2750.0),
            ("mil ducent kvindek", 1250.0),
            ("tricent kvardek", 340.0),
            ("du milionoj kvarcent mil", 2_400_000.0),
            ("dudek kvin mil", 25_000.0),
            ("dek unu mil", 11_000.0),
        ]);
        none_norm(&["cent", "ok cent", "mil", "du", "The percent is decent"]);
    }

    #[test]
    fn basque() {
        check_norm(&[
            ("bost mila ehun", 5100.0),
            ("BOST MILA EHUN", 5100.0),
            ("bi mila zazpiehun eta berrogeita hamar", 2750.0),
            ("mila berrehun eta berrogeita hamar", 1250.0),
            // `ehun` is no anchor stem: hundreds alone (`hirurehun eta berrogei`) are not read.
            ("bost mila hirurehun eta berrogei", 5340.0),
            ("bi milioi laurehun mila", 2_400_000.0),
            ("hogeita bost mila", 25_000.0),
        ]);
        none_norm(&[
            "ehun",
            "mila",
            "mila esker",
            "bost minutu",
            "ETA 5 minutes, bat and ball",
        ]);
    }

    #[test]
    fn maltese() {
        check_norm(&[
            ("ħamest elef u mija", 5100.0),
            ("tlitt elef tmien mija u ħamsa u sebgħin", 3875.0),
            ("ħames elef", 5000.0),
        ]);
        none_norm(&["elef", "u mija", "elef grazzi"]);
    }
}
