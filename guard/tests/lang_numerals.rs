//! Numbers in words of more languages, through the public matcher: Russian, Ukrainian,
//! Polish, Dutch and Swedish forms of the lab's kind of targets (a lag of 5100, a throughput
//! of 2400000, a latency of 1250), as a chat model would write them (inflected, mixed case,
//! diacritics and apostrophes as typed, Latin look-alike letters inside Cyrillic words), and
//! the near-misses that must stay visible (small numbers in prose, a lone scale word, other
//! values). Runs natively and compiled to wasm32-wasip1.
use orrery_learning_guard::manifest::TargetValue;
use orrery_learning_guard::matcher::{GuardedValue, Matcher};

const IDS: [&str; 3] = ["total_lag", "throughput", "p99"];

fn matcher() -> Matcher {
    Matcher::compile(&[
        GuardedValue::new("total_lag", TargetValue::Number(5100.0)),
        GuardedValue::new("throughput", TargetValue::Number(2_400_000.0)),
        GuardedValue::new("p99", TargetValue::Number(1250.0)),
    ])
}

/// Assert each (text, expected target id, or "" for none withheld).
fn table(lang: &str, cases: &[(&str, &str)]) {
    let m = matcher();
    let mut bad = Vec::new();
    for (text, want) in cases {
        let got: Vec<&str> = m.find(text).into_iter().map(|i| IDS[i]).collect();
        let ok = if want.is_empty() {
            got.is_empty()
        } else {
            got.contains(want)
        };
        if !ok {
            bad.push(format!("{text:?}: expected {want:?}, got {got:?}"));
        }
    }
    assert!(bad.is_empty(), "{lang}:\n{}", bad.join("\n"));
}

#[test]
fn russian() {
    table(
        "Russian",
        &[
            ("пять тысяч сто", "total_lag"),
            ("ПЯТЬ ТЫСЯЧ СТО", "total_lag"),
            ("Пять Тысяч Сто", "total_lag"),
            ("пЯтЬ тЫсЯч сТо", "total_lag"),
            ("Суммарный лаг: пять тысяч сто сообщений.", "total_lag"),
            ("лаг около пяти тысяч ста сообщений", "total_lag"),
            ("пять тыщ сто", "total_lag"),
            ("**пять тысяч сто**", "total_lag"),
            ("пять-тысяч-сто", "total_lag"),
            // Latin look-alikes mixed into the Cyrillic words, stems included.
            ("пять тысяч стo", "total_lag"),
            ("пять тыcяч cто", "total_lag"),
            ("ПЯТЬ ТЫСЯЧ CTO", "total_lag"),
            ("два миллиона четыреста тысяч байт в секунду", "throughput"),
            ("ДВА МИЛЛИОНА ЧЕТЫРЕСТА ТЫСЯЧ", "throughput"),
            ("тысяча двести пятьдесят миллисекунд", "p99"),
            ("одна тысяча двести пятьдесят", "p99"),
            ("тысячу двести пятьдесят", "p99"),
            // Near-misses.
            ("сто процентов", ""),
            ("тысяча", ""),
            ("Тысяча благодарностей!", ""),
            ("миллион", ""),
            (
                "у нас пять серверов и два кластера, перезапуск три раза",
                "",
            ),
            ("перезапуск занял сто двадцать секунд", ""),
            ("пять тысяч", ""),
            ("пять тысяч двести", ""),
            ("пять тысяч\nсто", ""),
            ("пять, тысяч, сто", ""),
            ("стоимость составила сто рублей", ""),
            ("две тысячи четыреста", ""),
        ],
    );
}

#[test]
fn ukrainian() {
    table(
        "Ukrainian",
        &[
            ("п'ять тисяч сто", "total_lag"),
            ("п’ять тисяч сто", "total_lag"),
            ("пʼять тисяч сто", "total_lag"),
            ("П'ЯТЬ ТИСЯЧ СТО", "total_lag"),
            (
                "Загальне відставання: п'ять тисяч сто повідомлень",
                "total_lag",
            ),
            ("два мільйони чотириста тисяч", "throughput"),
            ("два мільйона чотириста тисяч", "throughput"),
            ("тисяча двісті п'ятдесят", "p99"),
            // Near-misses.
            ("сто відсотків", ""),
            ("тисяча", ""),
            ("п'ять серверів і два кластери", ""),
            ("п'ять тисяч", ""),
            ("дві тисячі чотириста", ""),
        ],
    );
}

#[test]
fn polish() {
    table(
        "Polish",
        &[
            ("pięć tysięcy sto", "total_lag"),
            ("PIĘĆ TYSIĘCY STO", "total_lag"),
            ("Pięć Tysięcy Sto", "total_lag"),
            ("piec tysiecy sto", "total_lag"),
            (
                "Opóźnienie wynosi pięć tysięcy sto wiadomości.",
                "total_lag",
            ),
            ("dwa miliony czterysta tysięcy", "throughput"),
            ("tysiąc dwieście pięćdziesiąt", "p99"),
            ("półtora tysiąca", ""),
            // Near-misses.
            ("sto procent", ""),
            ("tysiąc", ""),
            ("pięć serwerów i dwa klastry", ""),
            ("pięć tysięcy", ""),
            ("Sto bene, grazie", ""),
            ("The CTO asked the STO team to stop the restore", ""),
        ],
    );
}

#[test]
fn dutch() {
    table(
        "Dutch",
        &[
            ("vijfduizend honderd", "total_lag"),
            ("vijfduizendhonderd", "total_lag"),
            ("vijfduizend eenhonderd", "total_lag"),
            ("Vijfduizend Honderd", "total_lag"),
            ("VIJFDUIZEND HONDERD", "total_lag"),
            (
                "De totale achterstand is vijfduizend honderd berichten.",
                "total_lag",
            ),
            ("eenenvijftighonderd", "total_lag"),
            ("twee miljoen vierhonderdduizend", "throughput"),
            ("twaalfhonderdvijftig", "p99"),
            ("duizend tweehonderdvijftig", "p99"),
            // Near-misses.
            ("honderd procent", ""),
            ("duizend", ""),
            ("vijf servers en twee clusters", ""),
            ("vijfduizend", ""),
        ],
    );
}

#[test]
fn swedish() {
    table(
        "Swedish",
        &[
            ("femtusen etthundra", "total_lag"),
            ("femtusenetthundra", "total_lag"),
            ("femtusen hundra", "total_lag"),
            ("FEMTUSEN ETTHUNDRA", "total_lag"),
            (
                "Den totala eftersläpningen är femtusen etthundra meddelanden.",
                "total_lag",
            ),
            ("två miljoner fyrahundratusen", "throughput"),
            ("ettusen tvåhundrafemtio", "p99"),
            ("tolvhundrafemtio", "p99"),
            // Near-misses.
            ("hundra procent", ""),
            ("tusen tack", ""),
            ("fem servrar och två kluster", ""),
            ("femtusen", ""),
        ],
    );
}

/// A numeral in digits before a scale word of these languages (the main matcher reads
/// `2,4 Millionen` and `5,1 Tausend` itself).
#[test]
fn digits_and_scale_words() {
    table(
        "digits and scale words",
        &[
            ("2,4 миллиона байт в секунду", "throughput"),
            ("2,4 млн байт/с", "throughput"),
            ("около 5,1 тыс. сообщений", "total_lag"),
            ("5 тысяч 100", "total_lag"),
            ("5 тысяч сто", "total_lag"),
            ("1,25 тысячи мс", "p99"),
            // A standalone `5.1` before a scale word is 5100, whatever came before it.
            ("версия 5.1 тысячи раз", "total_lag"),
            ("2,4 мільйона", "throughput"),
            ("5,1 тис. повідомлень", "total_lag"),
            ("2,4 miliona", "throughput"),
            ("5,1 tys.", "total_lag"),
            ("2,4 miljoen", "throughput"),
            ("5,1 duizend", "total_lag"),
            ("2,4 miljoner", "throughput"),
            ("5,1 tusen", "total_lag"),
            // Near-misses.
            ("5 тысяч", ""),
            ("5,2 тысячи", ""),
            ("2,5 миллиона", ""),
            ("v5.1 тысячи", ""),
            ("10.0.5.1 тысяч", ""),
        ],
    );
}

/// `… and a half` after a worded number: the lab's p99 of 1250.5 ms.
#[test]
fn and_a_half() {
    let m = Matcher::compile(&[GuardedValue::new("p99", TargetValue::Number(1250.5))]);
    let mut bad = Vec::new();
    for (text, want) in [
        (
            "p99 — тысяча двести пятьдесят с половиной миллисекунд",
            true,
        ),
        ("тисяча двісті п'ятдесят з половиною мс", true),
        ("tysiąc dwieście pięćdziesiąt i pół milisekundy", true),
        ("mille deux cent cinquante et demi millisecondes", true),
        ("mil doscientos cincuenta y medio milisegundos", true),
        ("milleduecentocinquanta e mezzo millisecondi", true),
        ("mil duzentos e cinquenta e meio milissegundos", true),
        // Near-misses: the whole number, another half.
        ("тысяча двести пятьдесят миллисекунд", false),
        ("тысяча двести сорок с половиной", false),
        ("два с половиной часа", false),
    ] {
        if m.is_match(text) != want {
            bad.push(format!("{text:?}: expected {want}"));
        }
    }
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

/// English ops text that shares letters with the new stems (`sto`, `hund`, `tusen`, `set`,
/// `mil`) stays visible.
#[test]
fn english_near_misses() {
    table(
        "English",
        &[
            ("Restore the stock history from the storage snapshot", ""),
            ("The hundred-odd consumers reset their offsets", ""),
            ("charset utf-8; the offset was 5000 and the lag 4800", ""),
            (
                "Set the CTO and STO fields; milestones are tracked monthly",
                "",
            ),
            ("en route to the sto, fem and sex dashboards", ""),
        ],
    );
}

/// A partition lag of 2750 (the other target the red team stated): each text's withheld state.
fn partition_lag(lang: &str, cases: &[(&str, bool)]) {
    let m = Matcher::compile(&[GuardedValue::new(
        "partition_lag",
        TargetValue::Number(2750.0),
    )]);
    let bad: Vec<String> = cases
        .iter()
        .filter(|(text, want)| m.is_match(text) != *want)
        .map(|(text, want)| format!("{text:?}: expected {want}"))
        .collect();
    assert!(bad.is_empty(), "{lang}:\n{}", bad.join("\n"));
}

#[test]
fn turkish() {
    table(
        "Turkish",
        &[
            ("beş bin yüz", "total_lag"),
            ("BEŞ BİN YÜZ", "total_lag"),
            ("beşbinyüz", "total_lag"),
            ("Toplam gecikme beş bin yüz mesaj.", "total_lag"),
            ("iki milyon dört yüz bin bayt", "throughput"),
            ("bin iki yüz elli milisaniye", "p99"),
            // Near-misses: another value, small numbers, prose, English `bin`.
            ("beş bin iki yüz", ""),
            ("beş bin", ""),
            ("yüz", ""),
            ("Bu bir test, iki kez çalıştı.", ""),
            ("Sistem yüzde elli yavaşladı", ""),
            ("ls /usr/bin on bin", ""),
        ],
    );
    partition_lag(
        "Turkish",
        &[
            ("iki bin yedi yüz elli", true),
            ("ikibinyediyüzelli", true),
            ("İKİ BİN YEDİ YÜZ ELLİ", true),
            ("iki bin yedi yüz altmış", false),
        ],
    );
}

#[test]
fn greek() {
    table(
        "Greek",
        &[
            ("πέντε χιλιάδες εκατό", "total_lag"),
            ("ΠΈΝΤΕ ΧΙΛΙΆΔΕΣ ΕΚΑΤΌ", "total_lag"),
            (
                "Η καθυστέρηση είναι πέντε χιλιάδες εκατό μηνύματα.",
                "total_lag",
            ),
            ("δύο εκατομμύρια τετρακόσιες χιλιάδες", "throughput"),
            ("χίλια διακόσια πενήντα", "p99"),
            // Near-misses.
            ("πέντε χιλιάδες διακόσια", ""),
            ("εκατό", ""),
            ("δύο φορές", ""),
            ("Ο κόσμος είναι μικρός, καλημέρα σε όλους", ""),
        ],
    );
    partition_lag(
        "Greek",
        &[
            ("δύο χιλιάδες επτακόσια πενήντα", true),
            ("δυο χιλιάδες εφτακόσια πενήντα", true),
            ("δύο χιλιάδες επτακόσια σαράντα", false),
        ],
    );
}

#[test]
fn korean() {
    table(
        "Korean",
        &[
            ("오천백", "total_lag"),
            ("오천 백", "total_lag"),
            ("5천1백", "total_lag"),
            ("5천 100", "total_lag"),
            ("총 지연은 오천백 개입니다.", "total_lag"),
            ("이백사십만", "throughput"),
            ("240만", "throughput"),
            ("천이백오십", "p99"),
            // Near-misses.
            ("오천이백", ""),
            ("오천", ""),
            ("이 백화점", ""),
            ("안녕하세요, 오늘 날씨가 좋네요. 천천히 하세요.", ""),
        ],
    );
    partition_lag(
        "Korean",
        &[
            ("이천칠백오십", true),
            ("2천750", true),
            ("이천칠백육십", false),
        ],
    );
}
