//! The lexicons of the Germanic languages, German, Dutch and Swedish: the morphemes their
//! one-word compounds (`funftausendeinhundert`, `vierentwintig`, `tvahundrafemtio`) split into,
//! as [`super::lexicon::segment`] reads them, and what each stands for.
use super::lexicon::M::{self, Hundred, Scale, Small, Tens, Unit};

pub(super) const DE: &[(&str, M)] = &[
    ("ein", Unit(1)),
    ("eins", Unit(1)),
    ("eine", Unit(1)),
    ("zwei", Unit(2)),
    ("zwo", Unit(2)),
    ("drei", Unit(3)),
    ("vier", Unit(4)),
    ("funf", Unit(5)),
    ("fuenf", Unit(5)),
    ("sechs", Unit(6)),
    ("sieben", Unit(7)),
    ("acht", Unit(8)),
    ("neun", Unit(9)),
    ("zehn", Small(10)),
    ("elf", Small(11)),
    ("zwolf", Small(12)),
    ("zwoelf", Small(12)),
    ("dreizehn", Small(13)),
    ("vierzehn", Small(14)),
    ("funfzehn", Small(15)),
    ("fuenfzehn", Small(15)),
    ("sechzehn", Small(16)),
    ("siebzehn", Small(17)),
    ("achtzehn", Small(18)),
    ("neunzehn", Small(19)),
    ("zwanzig", Tens(20)),
    ("dreissig", Tens(30)),
    ("vierzig", Tens(40)),
    ("funfzig", Tens(50)),
    ("fuenfzig", Tens(50)),
    ("sechzig", Tens(60)),
    ("siebzig", Tens(70)),
    ("achtzig", Tens(80)),
    ("neunzig", Tens(90)),
    ("hundert", Hundred),
    ("tausend", Scale(1_000)),
    ("million", Scale(1_000_000)),
    ("millionen", Scale(1_000_000)),
    ("milliarde", Scale(1_000_000_000)),
    ("milliarden", Scale(1_000_000_000)),
    // `und` inside a compound (`vierundzwanzig`); spaced `und` is the conjunction word.
    ("und", M::Conj),
];

pub(super) const NL: &[(&str, M)] = &[
    ("een", Unit(1)),
    ("twee", Unit(2)),
    ("drie", Unit(3)),
    ("vier", Unit(4)),
    ("vijf", Unit(5)),
    ("zes", Unit(6)),
    ("zeven", Unit(7)),
    ("acht", Unit(8)),
    ("negen", Unit(9)),
    ("tien", Small(10)),
    ("elf", Small(11)),
    ("twaalf", Small(12)),
    ("dertien", Small(13)),
    ("veertien", Small(14)),
    ("vijftien", Small(15)),
    ("zestien", Small(16)),
    ("zeventien", Small(17)),
    ("achttien", Small(18)),
    ("negentien", Small(19)),
    ("twintig", Tens(20)),
    ("dertig", Tens(30)),
    ("veertig", Tens(40)),
    ("vijftig", Tens(50)),
    ("zestig", Tens(60)),
    ("zeventig", Tens(70)),
    ("tachtig", Tens(80)),
    ("negentig", Tens(90)),
    ("honderd", Hundred),
    ("duizend", Scale(1_000)),
    ("miljoen", Scale(1_000_000)),
    ("miljoenen", Scale(1_000_000)),
    ("miljard", Scale(1_000_000_000)),
    ("miljarden", Scale(1_000_000_000)),
    // `en` inside a compound (`vijfentwintig`, `tweeëntwintig` arrives as `tweeentwintig`).
    ("en", M::Conj),
];

pub(super) const SV: &[(&str, M)] = &[
    ("en", Unit(1)),
    ("ett", Unit(1)),
    // `ettusen` (1000) drops one `t` of `ett tusen`.
    ("et", Unit(1)),
    ("tva", Unit(2)),
    ("tre", Unit(3)),
    ("fyra", Unit(4)),
    ("fem", Unit(5)),
    ("sex", Unit(6)),
    ("sju", Unit(7)),
    ("atta", Unit(8)),
    ("nio", Unit(9)),
    ("tio", Small(10)),
    ("elva", Small(11)),
    ("tolv", Small(12)),
    ("tretton", Small(13)),
    ("fjorton", Small(14)),
    ("femton", Small(15)),
    ("sexton", Small(16)),
    ("sjutton", Small(17)),
    ("arton", Small(18)),
    ("aderton", Small(18)),
    ("nitton", Small(19)),
    ("tjugo", Tens(20)),
    ("trettio", Tens(30)),
    ("fyrtio", Tens(40)),
    ("femtio", Tens(50)),
    ("sextio", Tens(60)),
    ("sjuttio", Tens(70)),
    ("attio", Tens(80)),
    ("nittio", Tens(90)),
    ("hundra", Hundred),
    ("tusen", Scale(1_000)),
    ("miljon", Scale(1_000_000)),
    ("miljoner", Scale(1_000_000)),
    ("miljard", Scale(1_000_000_000)),
    ("miljarder", Scale(1_000_000_000)),
];

#[cfg(test)]
mod tests {
    use super::super::tests::check_table;

    #[test]
    fn german() {
        check_table(&[
            ("funftausendeinhundert", 5100.0),
            ("Fünftausendeinhundert".replace('ü', "u").as_str(), 5100.0),
            ("funftausend einhundert", 5100.0),
            ("FUNFTAUSENDEINHUNDERT", 5100.0),
            ("zweitausendvierhundert", 2400.0),
            ("eintausendzweihundertfunfzig", 1250.0),
            ("dreihundertvierundzwanzig", 324.0),
            ("zwei Millionen vierhunderttausend", 2_400_000.0),
            ("siebentausenddreihundertvierzig", 7340.0),
            ("dreihundertvierundsechzig", 364.0),
            ("dreißigtausend", 30_000.0),
            ("dreissigtausend", 30_000.0),
            ("fuenfhundert", 500.0),
            ("hunderttausend", 100_000.0),
            ("neunzehnhundertneunzig", 1990.0),
            ("elfhundert", 1100.0),
            ("einundfunfzig hundert", 5100.0),
            ("tausendundeins", 1001.0),
            ("eine Million", 1_000_000.0),
            ("neunhundertneunundneunzig", 999.0),
            ("vier und zwanzig tausend", 24_000.0),
        ]);
    }

    #[test]
    fn dutch() {
        check_table(&[
            ("vijfduizend honderd", 5100.0),
            ("vijfduizendeenhonderd", 5100.0),
            ("vijfduizend eenhonderd", 5100.0),
            ("VIJFDUIZEND HONDERD", 5100.0),
            ("tweeduizendvierhonderd", 2400.0),
            ("twee miljoen vierhonderdduizend", 2_400_000.0),
            ("twaalfhonderdvijftig", 1250.0),
            ("duizend tweehonderdvijftig", 1250.0),
            ("driehonderdvierentwintig", 324.0),
            ("tweeentwintigduizend", 22_000.0),
            ("negentienhonderd", 1900.0),
            ("zevenduizend driehonderdveertig", 7340.0),
        ]);
    }

    #[test]
    fn swedish() {
        check_table(&[
            ("femtusen etthundra", 5100.0),
            ("femtusenetthundra", 5100.0),
            ("FEMTUSEN ETTHUNDRA", 5100.0),
            ("femtusen hundra", 5100.0),
            ("tvatusenfyrahundra", 2400.0),
            ("tva miljoner fyrahundratusen", 2_400_000.0),
            ("ettusen tvahundrafemtio", 1250.0),
            ("tolvhundrafemtio", 1250.0),
            ("trehundratjugofyra", 324.0),
            ("sjutusen trehundrafyrtio", 7340.0),
            ("attahundra", 800.0),
        ]);
    }
}
