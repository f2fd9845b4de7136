//! Amharic (Ethiopic syllables, read as written on text holding them): `አምስት ሺህ አንድ መቶ`
//! (5100), `ሁለት ሺህ ሰባት መቶ ሃምሳ` (2750); both spellings of the homophone syllables (`ሦስት`
//! and `ሶስት`, `አሥር` and `አስር`, `ሃያ` and `ሀያ`), `አሥራ` and a unit for the teens, `መቶ`
//! (100), `ሺህ`/`ሺ` (1000), `ሚሊዮን`.
use super::lexicon::M::{self, Hundred, Scale, Small, Tens, Unit};

pub(super) const AM: &[(&str, M)] = &[
    ("አንድ", Unit(1)),
    ("ሁለት", Unit(2)),
    ("ሦስት", Unit(3)),
    ("ሶስት", Unit(3)),
    ("አራት", Unit(4)),
    ("አምስት", Unit(5)),
    ("ስድስት", Unit(6)),
    ("ሰባት", Unit(7)),
    ("ስምንት", Unit(8)),
    ("ዘጠኝ", Unit(9)),
    ("አሥር", Small(10)),
    ("አስር", Small(10)),
    // Open to a unit: `አሥራ አምስት` = 15.
    ("አሥራ", Tens(10)),
    ("አስራ", Tens(10)),
    ("ሃያ", Tens(20)),
    ("ሀያ", Tens(20)),
    ("ሠላሳ", Tens(30)),
    ("ሰላሳ", Tens(30)),
    ("አርባ", Tens(40)),
    ("ሃምሳ", Tens(50)),
    ("ሀምሳ", Tens(50)),
    ("ስልሳ", Tens(60)),
    ("ስድሳ", Tens(60)),
    ("ሰባ", Tens(70)),
    ("ሰማንያ", Tens(80)),
    ("ዘጠና", Tens(90)),
    ("መቶ", Hundred),
    ("ሺህ", Scale(1_000)),
    ("ሺ", Scale(1_000)),
    ("ሚሊዮን", Scale(1_000_000)),
    ("ቢሊዮን", Scale(1_000_000_000)),
];

#[cfg(test)]
mod tests {
    use super::super::tests::{check_marked, none_marked};

    #[test]
    fn amharic() {
        check_marked(&[
            ("አምስት ሺህ አንድ መቶ", 5100.0),
            ("ሁለት ሺህ ሰባት መቶ ሃምሳ", 2750.0),
            ("ሦስት ሺህ ስምንት መቶ ሰባ አምስት", 3875.0),
            ("አንድ ሺህ አራት መቶ ሃያ", 1420.0),
            ("አሥራ አምስት ሺ", 15_000.0),
        ]);
        none_marked(&["መቶ", "ሺህ ጊዜ አመሰግናለሁ", "ሰላም ነው", "ሰባ አምስት"]);
    }
}
