//! Turkish number words, as NFKD without marks leaves them (`beş` as `bes`, `yüz` as `yuz`,
//! `dört` as `dort`; the dotless `ı` is folded to `i` by [`lower`](super::find::lower)).
//! Written spaced or as one word (`beş bin yüz`, `beşbinyüz`); `yüz` and `bin` take no `bir`
//! for one (`bin yüz` is 1100).
use super::lexicon::M::{self, Hundred, Scale, Tens, Unit};

pub(super) const TR: &[(&str, M)] = &[
    ("bir", Unit(1)),
    ("iki", Unit(2)),
    ("uc", Unit(3)),
    ("dort", Unit(4)),
    ("bes", Unit(5)),
    ("alti", Unit(6)),
    ("yedi", Unit(7)),
    ("sekiz", Unit(8)),
    ("dokuz", Unit(9)),
    // `on` is open to a unit like the other tens (`on bes` = 15).
    ("on", Tens(10)),
    ("yirmi", Tens(20)),
    ("otuz", Tens(30)),
    ("kirk", Tens(40)),
    ("elli", Tens(50)),
    ("altmis", Tens(60)),
    ("yetmis", Tens(70)),
    ("seksen", Tens(80)),
    ("doksan", Tens(90)),
    ("yuz", Hundred),
    ("bin", Scale(1_000)),
    ("milyon", Scale(1_000_000)),
    ("milyar", Scale(1_000_000_000)),
];

#[cfg(test)]
mod tests {
    use super::super::tests::{check_table, vals};

    #[test]
    fn turkish() {
        // As the matcher hands it over: `ş` as `s`, `İ` as `I`, `ı` kept.
        let norm = |t: &[(&str, f64)]| -> Vec<(String, f64)> {
            t.iter()
                .map(|&(s, v)| (crate::matcher::normalize::normalize(s).into_owned(), v))
                .collect()
        };
        let table = norm(&[
            ("bes bin yuz", 5100.0),
            ("beş bin yüz", 5100.0),
            ("BEŞ BİN YÜZ", 5100.0),
            ("Beş Bin Yüz", 5100.0),
            ("besbinyuz", 5100.0),
            ("iki bin yedi yuz elli", 2750.0),
            ("ikibinyediyuzelli", 2750.0),
            ("iki milyon dört yüz bin", 2_400_000.0),
            ("bin iki yuz elli", 1250.0),
            ("altı yüz altmış", 660.0),
            ("kırk bin", 40_000.0),
            ("gecikme bes bin yuz mesaj", 5100.0),
        ]);
        let table: Vec<(&str, f64)> = table.iter().map(|(s, v)| (s.as_str(), *v)).collect();
        check_table(&table);
        assert_eq!(vals("bes bin iki yuz"), vec![5200.0]);
        for s in [
            "yuz",
            "bin",
            "/usr/bin",
            "binary",
            "combine",
            "bin on",
            "on bin",
            "iki",
            "yuzde elli",
            "bu bir test",
        ] {
            assert_eq!(vals(s), Vec::<f64>::new(), "{s:?}");
        }
    }
}
