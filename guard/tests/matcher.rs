//! The answer matcher's promises, one table per rule: what each rule catches, the near-misses
//! it must leave alone, and regression tests named after what they pin. Runs natively and
//! compiled to wasm32-wasip1.
use orrery_learning_guard::manifest::TargetValue;
use orrery_learning_guard::matcher::{GuardedValue, Matcher, Rules};

fn num(v: f64) -> GuardedValue {
    GuardedValue {
        target_id: "t".into(),
        value: TargetValue::Number(v),
        unit: None,
    }
}

fn text(s: &str) -> GuardedValue {
    GuardedValue {
        target_id: "s".into(),
        value: TargetValue::Text(s.into()),
        unit: None,
    }
}

/// Assert each (input, expected) against a matcher for one value.
fn table(value: GuardedValue, rules: Rules, cases: &[(&str, bool)]) {
    let m = Matcher::compile_with(std::slice::from_ref(&value), rules);
    let mut wrong = Vec::new();
    for (input, want) in cases {
        if m.is_match(input) != *want {
            wrong.push(format!("{input:?}: expected {want}"));
        }
    }
    assert!(wrong.is_empty(), "{:?}\n{}", value.value, wrong.join("\n"));
}

#[test]
fn digits_with_separators() {
    table(
        num(5100.0),
        Rules::AEP_032,
        &[
            ("5100", true),
            ("the lag is 5100.", true),
            ("5,100", true),
            ("5.100", true),
            ("5 100", true),
            ("5_100", true),
            ("5'100", true),
            ("5\u{00A0}100", true),
            ("5\u{202F}100", true),
            ("5\u{2009}100", true),
            ("5\u{2019}100", true),
            ("lag=5100;", true),
            ("(5100)", true),
            ("\"5100\"", true),
            ("4000-5100", true),
            ("-5100", true),
            ("\u{2212}5,100", true),
            ("+5100", true),
            ("$5,100", true),
            ("5100%", true),
            ("#5100", true),
            ("host:5100", true),
            ("5100ms", true),
            ("5100 ms", true),
            ("5100MiB", true),
            ("5100x", true),
            ("5100, 5200", true),
            ("5100,5200", true),
            ("values 1 2 5100 7", true),
            ("05100", true),
        ],
    );
}

#[test]
fn equal_valued_decimals() {
    table(
        num(5100.0),
        Rules::AEP_032,
        &[
            ("5100.0", true),
            ("5100.00", true),
            ("5,100.00", true),
            ("5.100,00", true),
            ("5100,0", true),
            ("5 100.0", true),
            ("5100.5", false),
            ("5100.01", false),
            ("5,100.5", false),
        ],
    );
    table(
        num(1234.5),
        Rules::AEP_032,
        &[
            ("1234.5", true),
            ("1,234.50", true),
            ("1.234,5", true),
            ("1234,5", true),
            ("1234", false),
            ("1234.55", false),
            ("12345", false),
        ],
    );
    table(
        num(-5100.0),
        Rules::AEP_032,
        &[
            ("-5100", true),
            ("5100", true),
            ("\u{2212}5 100", true),
            ("-51000", false),
        ],
    );
}

#[test]
fn near_misses() {
    table(
        num(5100.0),
        Rules::DEFAULT,
        &[
            ("51000", false),
            ("510", false),
            ("5,100,000", false),
            ("5.100.000", false),
            ("5 100 000", false),
            ("5100.5", false),
            ("a5100", false),
            ("5100abc", false),
            ("v5100", false),
            ("id_5100", false),
            ("5100_total", false),
            ("host.5100", false),
            ("10.0.5100.1", false),
            ("1.5100", false),
            ("v1.2.5100", false),
            // The target's digits as a number of their own before a spaced scale word are
            // shown (ninth red-team round: `5100 thousand — drop the thousand`); glued to a
            // scale they are another number.
            ("5100 thousand", true),
            ("5100k", false),
            ("51,00", false),
            ("5,1000", false),
            ("5k", false),
            ("5,000", false),
            ("5200", false),
            ("sha 5100af3e", false),
            ("5100e", false),
        ],
    );
}

#[test]
fn full_width_format_chars_and_markdown() {
    table(
        num(5100.0),
        Rules::AEP_032,
        &[
            ("\u{FF15}\u{FF11}\u{FF10}\u{FF10}", true),
            ("\u{FF15}\u{FF0C}\u{FF11}\u{FF10}\u{FF10}", true),
            ("5\u{200B}100", true),
            ("5\u{200C}1\u{200D}0\u{2060}0", true),
            ("5\u{00AD}100", true),
            ("\u{FEFF}5100", true),
            ("**5100**", true),
            ("`5100`", true),
            ("*5,100*", true),
            ("_5100_", true),
            ("5**1**00", true),
            ("5*1*00", true),
            ("5`1`00", true),
            ("**5**,100", true),
        ],
    );
}

#[test]
fn abbreviations_within_rounding() {
    table(
        num(5100.0),
        Rules::AEP_032,
        &[
            ("5.1k", true),
            ("5.1K", true),
            ("5.1 K", true),
            ("5.1 k", true),
            ("5.10k", true),
            ("5.1 thousand", true),
            ("5.1 Thousand", true),
            ("51 hundred", true),
            ("0.0051M", true),
            ("0.0051 million", true),
            // A scale glued to a counted thing.
            ("5.1Kmsg", true),
            ("5.1kmessages", true),
            ("5.1 Krecords", true),
            ("51hundredmsgs", true),
            ("5.1thousandevents", true),
            ("5.1KB", false),
            ("5.1kB", false),
            ("5.1Kmsgbus", false),
            ("5.1Kmsg_id", false),
            ("5.1 km", false),
            // A rounding is decided on the target's grid cell (`targets::GRID`, 4,990 to
            // 5,252 here), not on the value: any rounding that reaches the cell is withheld,
            // so a list of roundings tells a learner at most the cell.
            ("5.2Kmsg", true),
            ("5.2k", true),
            ("5.15k", true),
            ("5.4Kmsg", false),
            ("5.4k", false),
            ("4.8k", false),
            ("5k", false),
            ("5.1k8s", false),
        ],
    );
    table(
        num(5123.0),
        Rules::AEP_032,
        &[
            ("5.1k", true),
            ("5.12k", true),
            ("5.123k", true),
            // In the grid cell of 5,123 (4,990 to 5,252): withheld, though they round it
            // otherwise.
            ("5.13k", true),
            ("5.120k", true),
            ("5.2k", true),
            ("5.4k", false),
            ("4.9k", false),
        ],
    );
    table(
        num(2_400_000.0),
        Rules::AEP_032,
        &[
            ("2.4 million", true),
            ("2.4M", true),
            ("2.4 M", true),
            ("2.40M", true),
            ("2.4m", false),
            ("2.4 Mi", false),
            // [2.45, 2.55) million reaches the target's grid cell (2.35 to 2.47 million).
            ("2.5M", true),
            ("2.6M", false),
        ],
    );
    table(
        num(3_200_000_000.0),
        Rules::AEP_032,
        &[
            ("3.2B", true),
            ("3.2bn", true),
            ("3.2 billion", true),
            ("3.2 B", false),
        ],
    );
}

#[test]
fn one_digit_abbreviation_is_a_rule_switch() {
    let loose = Rules {
        one_digit_abbreviations: true,
        ..Rules::AEP_032
    };
    table(num(5100.0), loose, &[("5k", true), ("6k", false)]);
    table(
        num(5000.0),
        Rules::AEP_032,
        &[("5k", true), ("5 thousand", true)],
    );
}

#[test]
fn numbers_in_words() {
    table(
        num(5100.0),
        Rules::AEP_032,
        &[
            ("five thousand one hundred", true),
            ("Five thousand one hundred", true),
            ("FIVE THOUSAND ONE HUNDRED", true),
            ("fifty-one hundred", true),
            ("fifty one hundred", true),
            ("five thousand, one hundred", true),
            ("five thousand and one hundred", true),
            ("5 thousand 100", true),
            ("5 thousand one hundred", true),
            ("five thousand 100", true),
            ("the lag was five thousand one hundred messages", true),
            ("five **thousand** one hundred", true),
            ("five thousand one hundred and twenty", false),
            ("fifty-one thousand", false),
            ("five hundred", false),
            ("five thousand", false),
            ("one hundred five thousand", false),
            ("someone said five", false),
        ],
    );
    table(
        num(2_400_000.0),
        Rules::AEP_032,
        &[
            ("two million four hundred thousand", true),
            ("two point four million", true),
            ("2.4 million", true),
            ("two million", false),
        ],
    );
    table(
        num(100.0),
        Rules::AEP_032,
        &[
            ("a hundred", true),
            ("one hundred", true),
            ("one hundred and one", false),
        ],
    );
    table(
        num(1250.0),
        Rules::AEP_032,
        &[
            ("twelve hundred and fifty", true),
            ("one thousand two hundred fifty", true),
            ("one thousand, two hundred and fifty", true),
            ("twelve fifty", false),
        ],
    );
}

#[test]
fn strings_are_case_insensitive_substrings() {
    table(
        text("orders-v2"),
        Rules::AEP_032,
        &[
            ("topic ORDERS-V2 is lagging", true),
            ("xorders-v2x", true),
            ("`orders-v2`", true),
            ("**orders**-v2", true),
            ("orders\u{200B}-v2", true),
            ("\u{FF4F}rders-v2", true),
            ("orders-v3", false),
            ("orders v2", false),
        ],
    );
    table(
        text("Zürich-3"),
        Rules::AEP_032,
        &[
            ("ZÜRICH-3", true),
            ("zu\u{0308}rich-3", true),
            // Diacritics are combining marks, which normalisation removes: a reader takes
            // `zurich-3` for the same name.
            ("zurich-3", true),
        ],
    );
}

#[test]
fn stretch_digits_one_by_one() {
    table(
        num(5100.0),
        Rules::DEFAULT,
        &[
            ("five one zero zero", true),
            ("Five-One-Zero-Zero", true),
            ("five, one, zero, zero", true),
            ("5-1-0-0", true),
            ("5 1 0 0", true),
            ("five one zero", false),
            ("5-1-0", false),
            // The value inside a longer list of single digits is still stated (a learner
            // pads the list to hide it).
            ("5-1-0-0-1", true),
            ("five one zero zero one", true),
        ],
    );
    table(
        num(5100.0),
        Rules::AEP_032,
        &[("five one zero zero", false), ("5-1-0-0", false)],
    );
    table(
        num(1234.5),
        Rules::DEFAULT,
        &[("one two three four point five", true)],
    );
}

#[test]
fn stretch_hex() {
    table(
        num(5100.0),
        Rules::DEFAULT,
        &[
            ("0x13EC", true),
            ("0x13ec", true),
            ("0X13EC", true),
            ("0x13ED", false),
            ("0x13ECf", false),
            ("0x13EC_a", true),
            ("a0x13EC", false),
        ],
    );
    table(num(5100.0), Rules::AEP_032, &[("0x13EC", false)]);
}

#[test]
fn stretch_arithmetic() {
    table(
        num(5100.0),
        Rules::DEFAULT,
        &[
            ("5099+1", true),
            ("5099 + 1", true),
            ("1700 * 3", true),
            ("1700*3", true),
            ("1700 \u{00D7} 3", true),
            ("1700 x 3", true),
            ("10200/2", true),
            ("10200 / 2", true),
            ("10200 \u{00F7} 2", true),
            ("5200 - 100", true),
            ("5000 + 50 * 2", true),
            ("1,700 * 3", true),
            ("1700x3", false),
            ("5200-100", false),
            ("5099+2", false),
            ("10200/2/1", false),
            ("1700 ** 3", false),
        ],
    );
    table(num(5100.0), Rules::AEP_032, &[("5099+1", false)]);
}

#[test]
fn stretch_scientific() {
    table(
        num(5100.0),
        Rules::DEFAULT,
        &[
            ("5.1e3", true),
            ("5.1E3", true),
            ("5.1e+3", true),
            ("51e2", true),
            ("5.1 \u{00D7} 10^3", true),
            ("5.1\u{00D7}10^3", true),
            ("5.1\u{00D7}10\u{00B3}", true),
            ("5.1 x 10^3", true),
            ("5.1*10^3", true),
            ("5.1 * 10**3", true),
            ("5.1 \u{00B7} 10^3", true),
            ("5.1e4", false),
            ("5.1e3x", false),
            ("5.2 \u{00D7} 10^3", false),
        ],
    );
    table(num(5100.0), Rules::AEP_032, &[("5.1e3", false)]);
}

#[test]
fn stretch_approximations() {
    table(
        num(5100.0),
        Rules::DEFAULT,
        &[
            ("about 5,000", true),
            ("About 5000", true),
            ("roughly 5.2k", true),
            ("around 5,300", true),
            ("approximately 4900", true),
            ("approx. 5000", true),
            ("~5000", true),
            ("~ 5k", true),
            ("\u{2248}5000", true),
            ("\u{223C}5000", true),
            ("nearly 5,000", true),
            ("about five thousand", true),
            ("roughly fifty hundred", true),
            ("about **5,000**", true),
            // A cell either side of the target's (`targets::GRID`): 4,740 to 5,529 for 5,100.
            ("about 4,800", true),
            ("about 5,400", true),
            ("about 4,700", false),
            ("about 5,600", false),
            ("5,000", false),
            ("five thousand", false),
            ("about 50", false),
            ("stabout 5000", false),
        ],
    );
    table(num(5100.0), Rules::AEP_032, &[("about 5,000", false)]);
}

#[test]
fn find_reports_indices_ascending_without_duplicates() {
    let m = Matcher::compile(&[num(5100.0), text("orders-v2"), num(250.0), num(5100.0)]);
    assert_eq!(m.find("5100 and 5,100 and orders-v2"), vec![0, 1, 3]);
    assert_eq!(m.find("250 ms, two hundred and fifty"), vec![2]);
    assert_eq!(m.find("nothing here 42"), Vec::<usize>::new());
    assert!(Matcher::compile(&[]).find("5100").is_empty());
}

#[test]
fn ops_prose_is_left_alone() {
    let m = Matcher::compile(&[num(5100.0), num(1234.5), num(987_654.0), text("db-prod-7")]);
    let prose = [
        "consumer group orders-cg lag 42 on partition 3, offset 1029384",
        "GET /api/v2/orders 200 13ms 2024-05-10T10:15:00Z",
        "listening on 0.0.0.0:8080 (pid 4711)",
        "kafka 3.6.1, kubectl v1.29.3, openssl 3.0.13",
        "p99 latency 250ms, p50 12ms, error rate 0.3%",
        "node 10.0.5.100 ready; 192.168.51.0/24 routed",
        "restart count 5 after 10 minutes; one of the pods crashed",
        "a thousand thanks, someone will look at it in a minute",
    ];
    for p in prose {
        assert!(m.find(p).is_empty(), "{p:?}");
    }
}

#[test]
fn regression_power_is_not_markdown() {
    // `10**3` is a power, not bold markup inside `103`.
    table(
        num(103.0),
        Rules::DEFAULT,
        &[("10**3", false), ("1**0**3", true)],
    );
}

#[test]
fn regression_dates_are_not_division() {
    table(
        num(134.0),
        Rules::DEFAULT,
        &[("2024/01/15", false), ("2024-01-15", false)],
    );
    table(
        num(2008.0),
        Rules::DEFAULT,
        &[("2024-01-15", false), ("2024 - 16", true)],
    );
}

#[test]
fn regression_long_or_hostile_input_does_not_panic() {
    let m = Matcher::compile(&[num(5100.0), text("orders-v2"), num(9.007_199_254_740_99e15)]);
    let long_digits = "9".repeat(10_000);
    let dotted = "1.".repeat(5_000);
    let spaced = "1 ".repeat(5_000);
    let ops = "+1".repeat(5_000);
    let words = "one ".repeat(5_000);
    let hex = format!("0x{}", "f".repeat(100));
    let exp = "5.1e99999999999";
    let multibyte = "５\u{200B}".repeat(1_000) + "é\u{0301}" + "\u{00B3}".repeat(100).as_str();
    for s in [
        long_digits.as_str(),
        &dotted,
        &spaced,
        &ops,
        &words,
        &hex,
        exp,
        &multibyte,
        "",
        "0x",
        "5.",
        "5,",
        "~",
        "about",
        "hundred",
        "a hundred and",
        "5.1 \u{00D7} 10^",
        "1e-999 5e999",
        "\u{00B5}",
        "5100\u{00B5}s",
    ] {
        let _ = m.find(s);
    }
    assert!(m.is_match("9007199254740990"));
    assert!(m.is_match("5100\u{00B5}s"));
}

#[test]
fn warming_is_idempotent_and_changes_no_verdict() {
    let m = Matcher::compile(&[GuardedValue::new("lag", TargetValue::Number(5100.0))]);
    let before = (m.find("five thousand one hundred"), m.find("lag 5101"));
    orrery_learning_guard::matcher::warm();
    orrery_learning_guard::matcher::warm();
    assert_eq!(
        before,
        (m.find("five thousand one hundred"), m.find("lag 5101"))
    );
    assert_eq!(before, (vec![0], vec![]));
}

/// Found by the frozen-matcher differential with more mutation rounds: readings the speed work
/// and the unspaced-script rule had narrowed, now read both ways.
#[test]
fn regression_frozen_readings_kept() {
    let m = Matcher::compile(&[
        GuardedValue::new("lag", TargetValue::Number(5100.0)),
        GuardedValue::new("hundred", TargetValue::Number(100.0)),
    ]);
    // After a katakana letter, `5 100` is 5100 and, as before that rule, `100` on its own.
    assert_eq!(m.find("ヒャク5\u{202f}100"), vec![0, 1]);
    // Subscript digits continuing a number of other-script digits.
    assert_eq!(m.find("0\u{660}\u{2081}\u{2080}"), vec![1]);
    assert_eq!(
        m.find("\u{ff15}\u{661} + 0\u{660}\u{2081}\u{2080}"),
        vec![1]
    );
}

/// Subscript digits in what a hidden element leaves shown (the frozen differential found the
/// live matcher reading them only in the text as written).
#[test]
fn subscripts_beside_hidden_markup() {
    table(
        num(100.0),
        Rules::default(),
        &[
            (
                "\u{ff15}\u{661} + )<span hidden>9</span>0\u{660}\u{2081}\u{2080}",
                true,
            ),
            ("<span hidden>\u{669}</span>0\u{660}\u{2081}\u{2080}", true),
            ("<span hidden>9</span>00", false),
        ],
    );
}
