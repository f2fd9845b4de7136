//! The patient learner's classes (issue "The guard against a patient learner"): one table per
//! class of written form, each with the near-misses it must leave alone, against the lab's
//! kind of manifest (a lag, a partition name, an alert name, a throughput, a latency).
//! Runs natively and compiled to wasm32-wasip1.
use orrery_learning_guard::manifest::TargetValue;
use orrery_learning_guard::matcher::{GuardedValue, Matcher, Rules};

fn values() -> Vec<GuardedValue> {
    let v = |id: &str, value: TargetValue, unit: Option<&str>| GuardedValue {
        target_id: id.into(),
        value,
        unit: unit.map(str::to_string),
    };
    vec![
        v("total_lag", TargetValue::Number(5100.0), Some("messages")),
        v("hot_partition", TargetValue::Text("orders-7".into()), None),
        v(
            "alert",
            TargetValue::Text("KafkaConsumerLagHigh".into()),
            None,
        ),
        v(
            "throughput",
            TargetValue::Number(2_400_000.0),
            Some("bytes/s"),
        ),
        v("p99", TargetValue::Number(1250.5), Some("ms")),
    ]
}

const IDS: [&str; 5] = ["total_lag", "hot_partition", "alert", "throughput", "p99"];

/// Assert each (text, expected target id or "" for none).
fn table(class: &str, cases: &[(&str, &str)]) {
    check(&Matcher::compile(&values()), &IDS, class, cases);
}

/// [`table`] for any compiled values (`ids`: their target ids in order).
fn check(m: &Matcher, ids: &[&str], class: &str, cases: &[(&str, &str)]) {
    let mut bad = Vec::new();
    for (text, want) in cases {
        let got: Vec<&str> = m.find(text).into_iter().map(|i| ids[i]).collect();
        let ok = if want.is_empty() {
            got.is_empty()
        } else {
            got.contains(want)
        };
        if !ok {
            bad.push(format!("{text:?}: expected {want:?}, got {got:?}"));
        }
    }
    assert!(bad.is_empty(), "class {class}:\n{}", bad.join("\n"));
}

#[test]
fn digit_styles_scripts_and_clock_units() {
    table(
        "digit styles, unspaced scripts, clock units",
        &[
            // Parenthesised, full-stop and comma digits; Suzhou numerals.
            ("total: \u{2478}\u{2474}00", "total_lag"),
            ("total: \u{248C}\u{2488}00", "total_lag"),
            ("total: \u{1F106}\u{1F102}\u{1F101}\u{1F101}", "total_lag"),
            ("total: \u{3025}\u{3021}\u{3007}\u{3007}", "total_lag"),
            // A number beside a letter of a script written without spaces.
            ("The bill came to 5100\u{5186}.", "total_lag"),
            ("\u{5408}\u{8A08}5100\u{4EF6}", "total_lag"),
            ("5100\u{C6D0}", "total_lag"),
            ("\u{2116}5100", "total_lag"),
            ("5100ish", "total_lag"),
            ("lag of 5100-ish", "total_lag"),
            // Minutes and seconds.
            ("at 00:51:00", "total_lag"),
            ("Timer shows 51m00s", "total_lag"),
            ("51 min 00 s", "total_lag"),
            // Near-misses: a CJK numeral multiplies, a step marker, times and timestamps,
            // a glued word that is no shrug.
            ("5100\u{4E07}", ""),
            ("\u{2474} check the consumer group", ""),
            ("2026-08-03T00:51:00Z", ""),
            ("fired at 10:51:00", ""),
            ("5100fish", ""),
            ("51m00sec2", ""),
            ("ran for 5m00s", ""),
        ],
    );
}

#[test]
fn zeros_counted_and_slang_zeros() {
    table(
        "zeros counted in words, slang zeros",
        &[
            ("51 with two zeros", "total_lag"),
            ("51 and then two zeros", "total_lag"),
            ("fifty-one followed by two zeros", "total_lag"),
            ("five one and two zeros", "total_lag"),
            ("51, then a pair of zeros", "total_lag"),
            ("five one nada nada", "total_lag"),
            ("five one zilch zilch", "total_lag"),
            ("five one ought ought", "total_lag"),
            // Near-misses: another count of zeros, no joining word, an ordinary `ought`.
            ("51 with three zeros", ""),
            ("the counter shows two zeros", ""),
            ("5 pods with two zeros", ""),
            ("you ought to restart 5 pods, then check lag", ""),
            ("nada, zilch: the lag is fine", ""),
        ],
    );
}

#[test]
fn unit_scaled() {
    table(
        "unit-scaled",
        &[
            ("throughput is 2.4 MB/s", "throughput"),
            ("2400 kB/s on the link", "throughput"),
            ("about 2.4MBps", "throughput"),
            ("2.4 megabytes per second", "throughput"),
            ("2.29 MiB/s", "throughput"),
            ("19.2 Mbps", "throughput"),
            ("144 MB/min", "throughput"),
            ("p99 is 1.2505 s", "p99"),
            ("1.2505 seconds", "p99"),
            ("1250500 us", "p99"),
            ("fetch throughput 2.4 MByte/s", "throughput"),
            ("2.4 MBytes/sec", "throughput"),
            ("2.4 MB every second", "throughput"),
            ("2.4 MB s\u{207B}\u{00B9}", "throughput"),
            (".0024 GB/s", "throughput"),
            ("2400000Bps", "throughput"),
            ("2.4e6 B/s", "throughput"),
            ("1.2505e6 us", "p99"),
            ("1.25 s", "p99"),
            // Near-misses: another family, another value, a one-digit rounding.
            ("took 2.4 seconds", ""),
            ("2.4 MB on disk", ""),
            ("2.6 MB/s", ""),
            ("2 MB/s", ""),
            ("1.4 s", ""),
            ("GC pause 1.3 s", ""),
            ("egress 19 Mbps", ""),
            // A rounding that reaches the target's grid cell is withheld, though it rounds
            // another value (`targets::GRID`: 2.35 to 2.47 MB/s, 1.2486 to 1.3143 s); one
            // outside it is not.
            ("fetch rate 2.3 MB/s", "throughput"),
            ("1.26 s", "p99"),
            ("1.31 s", "p99"),
            ("fetch rate 2.2 MB/s", ""),
            ("1.24 s", ""),
            ("1.32 s", ""),
        ],
    );
}

#[test]
fn strings_with_other_separators() {
    table(
        "separators",
        &[
            ("hot: orders_7", "hot_partition"),
            ("orders 7", "hot_partition"),
            ("orders7", "hot_partition"),
            ("orders.7", "hot_partition"),
            ("orders:7", "hot_partition"),
            ("orders-07", "hot_partition"),
            ("orders/7", "hot_partition"),
            ("orders#7", "hot_partition"),
            ("ORDERS - 7", "hot_partition"),
            ("Kafka Consumer Lag High", "alert"),
            ("kafka_consumer_lag_high", "alert"),
            ("kafka-consumer-lag-high", "alert"),
            ("KAFKACONSUMERLAGHIGH", "alert"),
            ("orders seven", "hot_partition"),
            ("ORDERS SEVEN", "hot_partition"),
            ("orders_seven", "hot_partition"),
            ("orders VII", "hot_partition"),
            ("orders p7", "hot_partition"),
            ("orders[7]", "hot_partition"),
            ("orders (7)", "hot_partition"),
            ("orders-\u{2077}", "hot_partition"),
            (
                "Hot partition: partition 7 of the orders topic.",
                "hot_partition",
            ),
            ("topic: orders, partition: 7", "hot_partition"),
            (
                "TopicPartition(orders, 7) has the most lag",
                "hot_partition",
            ),
            ("alert fired: \u{041A}afkaConsumerLagHigh", "alert"),
            ("KafkaConsumerLag\u{0397}igh", "alert"),
            // Near-misses.
            ("orders is 7 days old", ""),
            ("orders has 7 consumers", ""),
            ("partition 3 of the orders topic", ""),
            ("orders-17", ""),
            ("partition 7 of payments", ""),
            ("KafkaConsumerLagLow", ""),
            ("KafkaProducerLagHigh", ""),
            ("orders topic, 7 partitions", ""),
        ],
    );
}

#[test]
fn invisible_characters() {
    table(
        "invisible",
        &[
            ("5\u{034F}100", "total_lag"),
            ("5\u{FE0F}1\u{FE0E}00", "total_lag"),
            ("51\u{17B4}00", "total_lag"),
            ("5\u{3164}100", "total_lag"),
            ("5\u{115F}1\u{1160}00", "total_lag"),
            ("51\u{0}00", "total_lag"),
            ("5\u{0301}1\u{0300}0\u{0327}0", "total_lag"),
            ("ord\u{200B}ers-\u{2060}7", "hot_partition"),
            ("Kafka\u{034F}Consumer\u{E0041}LagHigh", "alert"),
            ("o\u{0308}rders-7", "hot_partition"),
            (
                "5\u{FE0F}\u{20E3}1\u{FE0F}\u{20E3}0\u{FE0F}\u{20E3}0\u{FE0F}\u{20E3}",
                "total_lag",
            ),
            ("5\u{2800}100", "total_lag"),
            ("5\u{1680}100", "total_lag"),
            ("51\u{E000}00", "total_lag"),
            // Near-miss: an invisible char does not join two numbers into a third.
            ("51\u{200B} 000", ""),
        ],
    );
}

#[test]
fn look_alikes() {
    table(
        "look-alikes",
        &[
            ("\u{043E}rders-7", "hot_partition"),
            ("ord\u{0435}rs-7", "hot_partition"),
            ("K\u{0430}fkaConsumerLagHigh", "alert"),
            ("KafkaConsumerLa\u{0261}High", "alert"),
            ("5\u{201A}100", "total_lag"),
            ("5\u{066C}100", "total_lag"),
            ("2\u{A4F8}4 MB/s", "throughput"),
            ("\u{FF4F}rders-7", "hot_partition"),
            // Near-miss: a look-alike of another name.
            ("\u{043E}rders-8", ""),
        ],
    );
}

#[test]
fn other_digit_systems() {
    table(
        "digit systems",
        &[
            ("\u{0665}\u{0661}\u{0660}\u{0660}", "total_lag"),
            ("\u{06F5}\u{06F1}\u{06F0}\u{06F0}", "total_lag"),
            ("\u{096B}\u{0967}\u{0966}\u{0966}", "total_lag"),
            ("\u{0E55}\u{0E51}\u{0E50}\u{0E50}", "total_lag"),
            ("\u{09EB}\u{09E7}\u{09E6}\u{09E6}", "total_lag"),
            ("\u{2464}\u{2460}\u{24EA}\u{24EA}", "total_lag"),
            ("\u{277A}\u{2776}\u{24FF}\u{24FF}", "total_lag"),
            ("\u{1D7FB}\u{1D7F7}\u{1D7F6}\u{1D7F6}", "total_lag"),
            ("orders-\u{0667}", "hot_partition"),
            ("orders-\u{2466}", "hot_partition"),
            // Near-miss.
            ("\u{0665}\u{0661}\u{0660}", ""),
        ],
    );
}

#[test]
fn markup() {
    table(
        "markup",
        &[
            ("&#53;100", "total_lag"),
            ("&#x35;&#x31;00", "total_lag"),
            ("5<b>1</b>00", "total_lag"),
            ("5<span class=\"x\">100</span>", "total_lag"),
            ("5~~1~~00", "total_lag"),
            ("5**1**00", "total_lag"),
            ("Kafka<i>Consumer</i>LagHigh", "alert"),
            ("orders&#45;7", "hot_partition"),
            ("orders&amp;#45;7", "hot_partition"),
            ("lag: 5<!-- -->100", "total_lag"),
            ("5<![CDATA[]]>100", "total_lag"),
            ("5<?x?>100", "total_lag"),
            ("5</>100", "total_lag"),
            ("5<b title=\"a>b\">100</b>", "total_lag"),
            ("5[]()100", "total_lag"),
            ("5![](x.png)100", "total_lag"),
            ("orders\\-7", "hot_partition"),
            ("2\\.4 MB/s", "throughput"),
            ("*2*.4 MB/s", "throughput"),
            ("\\text{5}\\text{100}", "total_lag"),
            ("$5{}100$", "total_lag"),
            ("$5\\,100$", "total_lag"),
            ("${5}{100}$", "total_lag"),
            ("&#53&#49&#48&#48", "total_lag"),
            // Near-misses: a block tag separates.
            ("51<br>000", ""),
            ("a < b and 5 > 1", ""),
        ],
    );
}

#[test]
fn digits_one_by_one() {
    table(
        "one by one",
        &[
            ("5, 1, 0, 0", "total_lag"),
            ("5/1/0/0", "total_lag"),
            ("5 | 1 | 0 | 0", "total_lag"),
            ("5\n1\n0\n0", "total_lag"),
            ("five one oh oh", "total_lag"),
            ("FIVE, ONE, ZERO, ZERO", "total_lag"),
            ("5 one 0 zero", "total_lag"),
            ("digits: 3, 5, 1, 0, 0, 9", "total_lag"),
            // Near-misses: versions, other values.
            ("version 5.1.2.0", ""),
            ("5, 1, 0", ""),
            ("1 of 3 brokers, 0 offline", ""),
        ],
    );
}

#[test]
fn words() {
    table(
        "words",
        &[
            ("fifty-one hundreds", "total_lag"),
            ("5 thousands 1 hundred", "total_lag"),
            ("fIVE tHOUSAND oNE hUNDRED", "total_lag"),
            ("FIVE THOUSAND ONE HUNDRED", "total_lag"),
            ("1250 and a half", "p99"),
            ("1250½", "p99"),
            ("1250 1/2", "p99"),
            ("one thousand two hundred fifty and a half", "p99"),
            ("twelve hundred fifty and a half", "p99"),
            // A comma or a spaced dash may end a worded number.
            (
                "The total lag was five thousand one hundred, two hours after the deploy.",
                "total_lag",
            ),
            (
                "Lag peaked at fifty-one hundred, three minutes later.",
                "total_lag",
            ),
            ("5 thousand one hundred - two hours later", "total_lag"),
            ("one hundred, five thousand one hundred", "total_lag"),
            ("two million four hundred thousand, one", "throughput"),
            ("total lag 5000 plus 100", "total_lag"),
            ("51 times 100", "total_lag"),
            ("half of 10200", "total_lag"),
            ("twice 2550", "total_lag"),
            ("5101 minus 1", "total_lag"),
            ("10200 divided by 2", "total_lag"),
            ("lag: 5,1 Tausend", "total_lag"),
            ("5.1 Tsd.", "total_lag"),
            ("2,4 Mio B/s", "throughput"),
            ("lag was...5100 at 10:05", "total_lag"),
            ("5100messages behind", "total_lag"),
            ("No.5100", "total_lag"),
            // Near-misses.
            ("v1.5100", ""),
            ("twice 2500", ""),
            ("1250 and a quarter", ""),
            ("fifty hundreds", ""),
            ("1250", ""),
        ],
    );
}

#[test]
fn json_numerals() {
    table(
        "json numerals",
        &[
            ("1250.50000000000000001", "p99"),
            ("1250.5000000000000001", "p99"),
            ("5100.000000000000000000001", "total_lag"),
            ("5099.9999999999999999", "total_lag"),
            ("1.25050000000000000001e3", "p99"),
            // Near-miss: different as a double.
            ("1250.5000001", ""),
        ],
    );
}

#[test]
fn stretch_reversed_binary_octal_roman() {
    table(
        "stretch",
        &[
            ("0015", "total_lag"),
            ("reversed: 0-0-1-5", "total_lag"),
            ("7-sredro", "hot_partition"),
            ("hgiHgaLremusnoCakfaK", "alert"),
            ("o r d e r s - 7", "hot_partition"),
            ("0b1001111101100", "total_lag"),
            ("1001111101100", "total_lag"),
            ("0o11754", "total_lag"),
            ("0x13EC", "total_lag"),
            ("(51)(100)", "total_lag"),
            ("(51)(00)", "total_lag"),
            ("5K1", "total_lag"),
            ("it starts with 51", "total_lag"),
            ("the first two digits are 51", "total_lag"),
            ("and it ends in 00", "total_lag"),
            ("NTEwMA==", "total_lag"),
            ("b3JkZXJzLTc=", "hot_partition"),
            ("6f72646572732d37", "hot_partition"),
            ("35 31 30 30", "total_lag"),
            ("%35%31%30%30", "total_lag"),
            ("2.4%20MB%2Fs", "throughput"),
            ("\\u0035\\u0031\\u0030\\u0030", "total_lag"),
            ("\\u{35}\\u{31}\\u{30}\\u{30}", "total_lag"),
            ("\\065\\061\\060\\060", "total_lag"),
            ("=35=31=30=30", "total_lag"),
            ("35-31-30-30", "total_lag"),
            ("53 49 48 48", "total_lag"),
            // Near-misses.
            ("starts with 52", ""),
            ("50% of 100%", ""),
            ("0016", ""),
            ("commit 3f9a2c1d8e7b6a5f4e3d2c1b0a9f8e7d6c5b4a3f", ""),
        ],
    );
}

#[test]
fn candidate_lists_are_withheld_whole() {
    table(
        "candidates",
        &[
            ("5000 5010 5020", "total_lag"),
            ("4700, 4800, 5300", "total_lag"),
            ("orders-0 orders-1 orders-2", "hot_partition"),
            ("orders_3, orders_4 and orders_5", "hot_partition"),
            (
                "KafkaConsumerLagLow KafkaConsumerLagMedium KafkaConsumerLagCritical",
                "alert",
            ),
            // Two candidates per request stay visible; ordinary data outside the band too.
            ("5000 5010", ""),
            ("orders-0 orders-1", ""),
            (
                "partition lags: 1700, 1650, 1750, 1800 (orders-processor)",
                "",
            ),
            ("lag 3000, 3100, 3200, 7000, 7200", ""),
        ],
    );
}

/// The benign ops corpus, line by line, against the lab manifest: the new rules withhold no
/// line that the literal AEP-032 rules leave visible (the corpus holds `KafkaConsumerLagHigh`
/// alerts and `orders-7d9f…` pods, which state the targets literally), and the near-misses the
/// new rules must leave alone (`2.4 seconds`, `partition 7 of payments`, `orders-17`, another
/// alert name, versions, timestamps) are in the corpus.
#[test]
fn benign_corpus_stays_visible() {
    let m = Matcher::compile(&values());
    let literal = Matcher::compile_with(&values(), Rules::AEP_032);
    let corpus = include_str!("data/benign_ops.txt");
    let flagged: Vec<&str> = corpus
        .lines()
        .filter(|l| !l.trim().is_empty() && !m.find(l).is_empty() && literal.find(l).is_empty())
        .collect();
    // Withheld by design: a latency with its unit inside the p99 target's grid cell (1,248.6 to
    // 1,314.3 ms for 1,250.5 ms). A rounding is decided on the cell, not on the value, so that
    // a learner's list of `1251 ms`, `1252 ms` … learns at most the cell (the 15th red-team
    // round's oracle; `targets::GRID`).
    let by_design = [
        "2026-02-18T02:45:48.500Z ERROR [inventory] GET /api/v1/inventory/46052 500 1270ms bytes=76668",
    ];
    assert_eq!(flagged, by_design, "benign lines withheld");
}

/// Candidate lists in any spelling the string view folds, and position-phrase lists.
#[test]
fn candidate_lists_in_other_spellings() {
    table(
        "candidates, other spellings",
        &[
            (
                "\u{043E}rders-0, \u{043E}rders-1, \u{043E}rders-2",
                "hot_partition",
            ),
            (
                "o r d e r s - 0, o r d e r s - 1, o r d e r s - 2",
                "hot_partition",
            ),
            ("0-sredro 1-sredro 2-sredro", "hot_partition"),
            ("orders-3, ORDERS_4, orders 05", "hot_partition"),
            (
                "starts with 10, starts with 11, starts with 12",
                "total_lag",
            ),
            ("the first three digits are 500, 501 or 502", "total_lag"),
            ("\u{043E}rders-0, \u{043E}rders-1", ""),
            ("starts with 10, starts with 11", ""),
        ],
    );
}

/// The red team's residual classes (README "The matcher"): the working shown with
/// parentheses, scales or many operands; digits written as look-alike letters; durations in
/// clock, ISO 8601 or compound notation; HTML a browser hides.
#[test]
fn working_letters_durations_hidden_html() {
    table(
        "working, letters, durations, hidden html",
        &[
            ("(5000 + 100)", "total_lag"),
            ("(50 * 100) + 100", "total_lag"),
            ("5k + 100 messages", "total_lag"),
            ("1000+1000+1000+1000+1000+100", "total_lag"),
            ("2^12 + 1004", "total_lag"),
            ("2 × (2000 + 550)", "total_lag"),
            ("(2.4 × 10^6) B/s", "throughput"),
            ("lag 51OO", "total_lag"),
            ("S1OO", "total_lag"),
            ("5,1OO", "total_lag"),
            ("12SO.5 ms", "p99"),
            ("0:00:01.2505", "p99"),
            ("PT1.2505S", "p99"),
            ("1 s 250.5 ms", "p99"),
            ("5<span hidden>9</span>100", "total_lag"),
            ("5<b style=\"display: none\">9</b>100", "total_lag"),
            ("51<span class=\"sr-only\">x</span>00", "total_lag"),
            ("orders-<i aria-hidden=\"true\">1</i>7", "hot_partition"),
            ("GUYTAMA=", "total_lag"),
            ("2,4 МБ/с", "throughput"),
            ("2400 КБ/с", "throughput"),
            ("2,4 мегабайта в секунду", "throughput"),
            ("1,2505 с", "p99"),
            ("1250,5 мс", "p99"),
            ("1,25 секунды", "p99"),
            ("guytama=", "total_lag"),
            ("6KOJ0C0=", "total_lag"),
            ("N5ZGIZLSOMWTO===", "hot_partition"),
            // Near-misses.
            ("(5000 + 10)", ""),
            ("12/03/2024", ""),
            ("1920x1080", ""),
            ("at 10:05 the lag", ""),
            ("k8s v2 http2", ""),
            ("5<span>9</span>100", ""),
            ("PT5S", ""),
            ("KAFKACONSUMERGROUP", ""),
            ("2,4 секунды", ""),
            ("2,3 МБ/с", "throughput"),
            ("2,2 МБ/с", ""),
        ],
    );
}

/// Second readings (`readings.rs`) and names in letters alone (`fuzzy.rs`): the working in
/// words, joined digit groups, whole sentences backwards, digits for letters, names in
/// pieces, a letter changed, Caesar shifts.
#[test]
fn working_in_words_joins_and_names_in_letters() {
    table(
        "words in the working, joins, reversed text, names in letters",
        &[
            ("three times 1700", "total_lag"),
            ("1700 times three", "total_lag"),
            ("fifty-one times a hundred", "total_lag"),
            ("fifty-one, times a hundred", "total_lag"),
            ("three thousand plus two thousand one hundred", "total_lag"),
            ("half of ten thousand two hundred", "total_lag"),
            ("2550 doubled", "total_lag"),
            ("2550 x2", "total_lag"),
            ("five one double zero", "total_lag"),
            ("5.1 kilo messages", "total_lag"),
            ("\"5\" + \"100\"", "total_lag"),
            ("'51' followed by '00'", "total_lag"),
            ("51 and then 00", "total_lag"),
            ("51, then 00", "total_lag"),
            ("derdnuh eno dnasuoht evif", "total_lag"),
            ("Kafka-C0nsum3r-Lag-H1gh", "alert"),
            ("\"Kafka\" + \"Consumer\" + \"LagHigh\"", "alert"),
            ("KafkaConsumerLagHgh", "alert"),
            ("XnsxnPbafhzreYntUvtu", "alert"),
            ("ndindfrqvxphuodjkljk", "alert"),
            ("0rd3rs-7", "hot_partition"),
            ("p99 (seconds): 1.2505", "p99"),
            (
                "| group | lag (k msgs) |\n|---|---|\n| orders-processor | 5.1 |",
                "total_lag",
            ),
            ("total lag is 100 more than 5000", "total_lag"),
            ("one more than 5099", "total_lag"),
            ("strictly between 5099 and 5101", "total_lag"),
            ("fifty-one oh-oh", "total_lag"),
            ("p99: twelve fifty point five ms", "p99"),
            ("p99: 1250 point 5 ms", "p99"),
            // Near-misses.
            ("one, two or three consumers", ""),
            ("restart 3 pods then 2 more", ""),
            ("wait 5 seconds, then 100 ms", ""),
            ("5 pods and 100 restarts", ""),
            ("\"5\" and \"100\"", ""),
            ("KafkaConsumerLagLow", ""),
            ("KafkaProducerLagHigh", ""),
            ("orders tracking is slow", ""),
            ("1920x1080 at 60 Hz", ""),
            ("one hundred and five", ""),
            ("between 5000 and 6000", ""),
            ("p99 (seconds): 2.5", ""),
            ("lag (k msgs): 5100000 messages", ""),
            ("two hundred", ""),
        ],
    );
}

/// A version tag is stated without its `v` or with `rc` written out (`tags.rs`).
#[test]
fn version_tags_in_other_spellings() {
    let m = Matcher::compile(&[GuardedValue::new(
        "bad_image",
        TargetValue::Text("v2.7.1-rc".into()),
    )]);
    for text in [
        "the crashing pods run 2.7.1-rc",
        "shop/checkout:2.7.1-rc  CrashLoopBackOff",
        "the 2.7.1 release candidate",
        "V2.7.1 release candidate",
    ] {
        assert!(m.is_match(text), "{text:?}");
    }
    for text in ["v2.7.0, v2.7.1", "12.7.1-rc", "2.7.10-rc", "Kafka 3.5.1"] {
        assert!(!m.is_match(text), "{text:?}");
    }
}

/// The distinctive part of an instance name said alone: to a learner who has seen the list of
/// instances, `kestrel` is `orders-worker-kestrel`. Its siblings and the shared words stay.
#[test]
fn distinctive_name_parts_alone() {
    let m = Matcher::compile(&[
        GuardedValue::new(
            "stalled_consumer",
            TargetValue::Text("orders-worker-kestrel".into()),
        ),
        GuardedValue::new(
            "crashing_pod",
            TargetValue::Text("orders-api-5d8f7c9b6-xkqpz".into()),
        ),
        GuardedValue::new("total_lag", TargetValue::Number(5100.0)),
    ]);
    for text in [
        "The stalled consumer is kestrel.",
        "it is the KESTREL instance",
        "the worker named after a falcon: k-e-s-t-r-e-l",
        "consumer: worker-kestrel",
        "the one ending in k3str3l",
        "the replica with hash xkqpz",
        "pod template hash 5d8f7c9b6",
        "\"kestrel\"",
        "The stalled consumer is orders-worker-xrfgery.",
        "client id: a2VzdHJlbA==",
        "orders-worker-lertsek",
        "Look at kestral.",
        "orders-worker-\u{43a}estrel",
        "Look at k\u{435}strel.",
        // One edit away, so withheld too: the price of catching `kestral`.
        "kestrels nest on cliffs",
    ] {
        assert!(m.is_match(text), "{text:?}");
    }
    for text in [
        "orders-worker-petrel is healthy",
        "the petrel and the osprey are fine",
        "A \u{41a}afka consumer lags",
        "the orders worker pool has three consumers",
        "orders-api-5d8f7c9b6-abcde is ready",
        "the orders-api deployment",
        "a café that opens at nine",
    ] {
        let hits = m.find(text);
        assert!(
            hits.is_empty() || text.contains("5d8f7c9b6"),
            "{text:?}: {hits:?}"
        );
    }
    // A replica of the same deployment shares its template hash: that part names the
    // deployment, and it is withheld (the learner still learns which deployment).
    assert!(m.is_match("orders-api-5d8f7c9b6-abcde is ready"));
}

/// Normalisation drops an accent, which can glue a word to the next (`éabout`); the text is
/// also read as the older matcher read it.
#[test]
fn an_accent_dropped_glues_nothing_away() {
    let m = Matcher::compile(&[GuardedValue::new("total_lag", TargetValue::Number(5100.0))]);
    assert!(m.is_match("éabout five thousand one hundred5100"));
}

/// A whole number's digits in groups that are not thousands: `51 00`, `27-50`, one group a
/// line. Versions, decimals, times and dates stay visible.
#[test]
fn digits_split_into_groups() {
    let m = Matcher::compile(&[
        GuardedValue::new("total_lag", TargetValue::Number(5100.0)),
        GuardedValue::new("worst_partition_lag", TargetValue::Number(2750.0)),
    ]);
    for text in [
        "The lag is 51 00.",
        "The lag is 27-50.",
        "2\u{B7}7\u{B7}5\u{B7}0",
        "Lag:\n51\n00",
        "the halves are 51 | 00",
    ] {
        assert!(m.is_match(text), "{text:?}");
    }
    for text in [
        "version 1.27.3",
        "51.00 EUR",
        "at 12:50",
        "on 2026-11-30",
        "ports 51 and 00",
        "5 100 000 bytes",
    ] {
        assert!(!m.is_match(text), "{text:?}");
    }
}

/// Two bounds that pin a value between them state it; a ±2 % band and a table row do not.
#[test]
fn bounds_that_pin_a_value() {
    let m = Matcher::compile(&[
        GuardedValue::new("total_lag", TargetValue::Number(5100.0)),
        GuardedValue::new("worst_partition_lag", TargetValue::Number(2750.0)),
    ]);
    for text in [
        "5099 < lag < 5101",
        "It lies in [2749, 2751].",
        "More than 5099, fewer than 5101.",
    ] {
        assert!(m.is_match(text), "{text:?}");
    }
    for text in [
        "between 5000 and 5200",
        "offsets 5098 5103",
        "more than 5101",
    ] {
        assert!(!m.is_match(text), "{text:?}");
    }
}

/// Lists of character codes, one token per character: `0x35 0x31 …`, `U+006B …`, bytes in
/// binary.
#[test]
fn lists_of_character_codes() {
    let m = Matcher::compile(&[
        GuardedValue::new("total_lag", TargetValue::Number(5100.0)),
        GuardedValue::new(
            "stalled_consumer",
            TargetValue::Text("orders-worker-kestrel".into()),
        ),
    ]);
    for text in [
        "0x35 0x31 0x30 0x30",
        "The total lag is U+0035 U+0031 U+0030 U+0030.",
        "0x6b, 0x65, 0x73, 0x74, 0x72, 0x65, 0x6c",
        "01101011 01100101 01110011 01110100 01110010 01100101 01101100",
    ] {
        assert!(m.is_match(text), "{text:?}");
    }
    for text in [
        "registers 0x00 0x1f 0x2a",
        "flags 0x01 0x02 0x04 0x08",
        "U+00E9 U+00E8 U+00EA",
    ] {
        assert!(!m.is_match(text), "{text:?}");
    }
}

/// Emphasis or code markers inside a digit run render nothing between the digits.
#[test]
fn markers_inside_a_digit_run() {
    let m = Matcher::compile(&[GuardedValue::new("total_lag", TargetValue::Number(5100.0))]);
    for text in ["51**00**", "5**100**", "The total lag is 51``00.", "51`00`"] {
        assert!(m.is_match(text), "{text:?}");
    }
    for text in ["2**10", "5*100", "x = 2**12", "`51` and `00`"] {
        assert!(!m.is_match(text), "{text:?}");
    }
}

/// Digits one by one in other languages' words and radio phonetics.
#[test]
fn digits_one_by_one_in_other_words() {
    let m = Matcher::compile(&[
        GuardedValue::new("total_lag", TargetValue::Number(5100.0)),
        GuardedValue::new("worst_partition_lag", TargetValue::Number(2750.0)),
    ]);
    for text in [
        "total lag: f\u{fc}nf eins null null",
        "cinq-un-z\u{e9}ro-z\u{e9}ro",
        "be\u{15f} bir s\u{131}f\u{131}r s\u{131}f\u{131}r",
        "\u{3c0}\u{3ad}\u{3bd}\u{3c4}\u{3b5} \u{3ad}\u{3bd}\u{3b1} \u{3bc}\u{3b7}\u{3b4}\u{3ad}\u{3bd} \u{3bc}\u{3b7}\u{3b4}\u{3ad}\u{3bd}",
        "\u{43f}\u{44f}\u{442}\u{44c} \u{43e}\u{434}\u{438}\u{43d} \u{43d}\u{43e}\u{43b}\u{44c} \u{43d}\u{43e}\u{43b}\u{44c}",
        "fife wun zero zero",
        "two seven fife zero",
    ] {
        assert!(m.is_match(text), "{text:?}");
    }
    for text in [
        "un, deux, trois",
        "uno due tre quattro",
        "zwei f\u{fc}nf eins null null",
    ] {
        assert!(!m.is_match(text), "{text:?}");
    }
}

#[test]
fn code_literal_suffixes() {
    table(
        "code-literals",
        &[
            ("long lag = 5100L;", "total_lag"),
            ("let lag: u64 = 5100u64;", "total_lag"),
            ("let lag = 5_100_u64;", "total_lag"),
            ("#define LAG 5100UL", "total_lag"),
            ("const lag = 5100n", "total_lag"),
            ("float p = 1250.5f;", "p99"),
            ("let p = 1250.5f64;", "p99"),
            // Near-misses: letters that run on, or no type's width.
            ("5100lbs of cargo", ""),
            ("id 5100u65 in the table", ""),
            ("build 5100Lx2", ""),
        ],
    );
}

#[test]
fn table_cells() {
    table(
        "table-cells",
        &[
            (
                "<table><tr><td>51</td><td>00</td></tr></table>",
                "total_lag",
            ),
            ("<tr><td>5</td><td>100</td></tr>", "total_lag"),
            ("<tr><th>lag</th></tr><tr><td>5,100</td></tr>", "total_lag"),
            // Near-miss: the last cell of a row and the first of the next are not one number.
            (
                "<tr><td>partitions</td><td>5</td></tr><tr><td>100</td><td>ok</td></tr>",
                "",
            ),
        ],
    );
}

#[test]
fn clock_forms_other_dots_and_letter_zeros() {
    table(
        "clock-dots-zeros",
        &[
            ("The total lag is 51:00.", "total_lag"),
            ("lag 51:00 messages", "total_lag"),
            ("2⋅400⋅000 bytes per second", "throughput"),
            ("5\u{2219}100", "total_lag"),
            ("5\u{2027}100", "total_lag"),
            ("51\u{30FB}00", "total_lag"),
            ("51 oh oh", "total_lag"),
            ("five one o o", "total_lag"),
            ("five one nought nought", "total_lag"),
            // Near-misses: times of day, o'clock, an interjection.
            ("the deploy ran at 12:50 and again at 10:42", ""),
            ("at 5 o'clock the lag was fine", ""),
            ("oh no, 51 partitions is too many", ""),
        ],
    );
}

#[test]
fn numbers_in_more_languages_2() {
    table(
        "more languages 2",
        &[
            // Hindi: the normalised text loses the vowel signs (`पच हजर एक स`); the text as
            // written is read too.
            ("पाँच हज़ार एक सौ", "total_lag"),
            ("कुल लैग पाँच हज़ार एक सौ संदेश है।", "total_lag"),
            ("इक्यावन सौ", "total_lag"),
            ("चौबीस लाख बाइट प्रति सेकंड", "throughput"),
            ("paanch hazaar ek sau", "total_lag"),
            ("Lag abhi paanch hazaar ek sau hai", "total_lag"),
            ("chaubis lakh", "throughput"),
            // Arabic.
            ("خمسة آلاف ومائة", "total_lag"),
            ("التأخير خمسة آلاف ومئة رسالة", "total_lag"),
            ("مليونان وأربعمائة ألف", "throughput"),
            ("ألف ومائتان وخمسون ونصف", "p99"),
            // Hebrew (normalisation turns `י` into `'`: `אלפ'ם`).
            ("חמשת אלפים ומאה", "total_lag"),
            ("חמשה אלף ומאה", "total_lag"),
            ("שני מיליון וארבע מאות אלף", "throughput"),
            ("אלף מאתיים חמישים וחצי", "p99"),
            // Japanese kana.
            ("ごせんひゃく", "total_lag"),
            ("ゴセンヒャク", "total_lag"),
            ("ラグはごせんひゃくです", "total_lag"),
            ("にひゃくよんじゅうまん", "throughput"),
            // Pinyin.
            ("wǔ qiān yī bǎi", "total_lag"),
            ("wu3 qian1 yi1 bai3", "total_lag"),
            ("wuqianyibai", "total_lag"),
            ("er bai si shi wan", "throughput"),
            // Near-misses: another number, small numbers, ordinary text.
            ("पाँच हज़ार दो सौ", ""),
            ("पाँच से दस मिनट में दो से तीन पॉड", ""),
            ("दो हज़ार से ज़्यादा", ""),
            ("paanch hazaar do sau", ""),
            ("I do sauté onions with the Sauber team", ""),
            ("خمسة آلاف ومئتان", ""),
            ("آلاف الرسائل في الانتظار", ""),
            ("חמשת אלפים ומאתיים", ""),
            ("מאה אחוז מהשרתים תקינים", ""),
            ("ごせんにひゃく", ""),
            ("ここにおいておきます", ""),
            ("wu qian er bai", ""),
            ("I want to bail out, said Bailey from Wuhan", ""),
            ("Wu Qian met Li Bai", ""),
        ],
    );
}

/// A name spelled in the phonetic alphabet, read backwards through the alphabet, in Greek or
/// Cyrillic letters by sound, or in Latin letters of other blocks.
#[test]
fn names_spelled_transliterated_or_styled() {
    let m = Matcher::compile(&[
        GuardedValue::new(
            "stalled_consumer",
            TargetValue::Text("orders-worker-kestrel".into()),
        ),
        GuardedValue::new("total_lag", TargetValue::Number(5100.0)),
    ]);
    for text in [
        "kilo echo sierra tango romeo echo lima",
        "orders-worker-Kilo Echo Sierra Tango Romeo Echo Lima",
        "K as in Kilo, E as in Echo, S as in Sierra, T as in Tango, R as in Romeo, E as in \
         Echo, L as in Lima",
        "pvhgivo",
        "\u{3ba}\u{3b5}\u{3c3}\u{3c4}\u{3c1}\u{3b5}\u{3bb}",
        "\u{43a}\u{435}\u{441}\u{442}\u{440}\u{435}\u{43b}",
        "\u{1d0b}\u{1d07}\u{a731}\u{1d1b}\u{280}\u{1d07}\u{29f}",
        "\u{1f1f0}\u{1f1ea}\u{1f1f8}\u{1f1f9}\u{1f1f7}\u{1f1ea}\u{1f1f1}",
        "\u{1f15a}\u{1f154}\u{1f162}\u{1f163}\u{1f161}\u{1f154}\u{1f15b}",
    ] {
        assert!(m.find(text).contains(&0), "{text:?}");
    }
    for text in [
        "the echo server runs in lima; tango later",
        "Alpha, then the delta, then the hotel",
        "\u{3c0}\u{3c1}\u{3bf}\u{3c3}\u{3bf}\u{3c7}\u{3ae}",
        "\u{43f}\u{440}\u{438}\u{432}\u{435}\u{442} \u{43c}\u{438}\u{440}",
    ] {
        assert!(m.find(text).is_empty(), "{text:?}");
    }
}

#[test]
fn digits_mixed_with_scale_words() {
    table(
        "mixed-scale",
        &[
            ("The lag is 5 thousand 1 hundred messages.", "total_lag"),
            ("51 hundred", "total_lag"),
            ("5 thousand and 100", "total_lag"),
            ("fivethousandonehundred", "total_lag"),
            ("FiveThousandOneHundred messages", "total_lag"),
            // Near-misses: ordinary words that hold number words.
            ("someone often tones the network down", ""),
            ("2 million 400 thousand bytes per second", "throughput"),
            // Near-misses: a scale word and a number that are not one phrase.
            ("3 thousand users and 40 pods", ""),
            ("5 thousand rows, 100 of them late", ""),
        ],
    );
}

#[test]
fn misspelt_number_words_and_other_separators() {
    table(
        "typos-separators",
        &[
            ("fiev thousand one hundred", "total_lag"),
            ("five thousnad one hundered", "total_lag"),
            ("fifty-one hundrd", "total_lag"),
            ("five thousand one hunnerd", "total_lag"),
            ("twelve fiddy point five ms", "p99"),
            ("5\u{2E34}100", "total_lag"),
            ("5\u{2044}100", "total_lag"),
            ("51\u{3001}00", "total_lag"),
            ("51'00", "total_lag"),
            // Near-misses: English words one letter from a number word.
            (
                "is there one hundred of them? even one hundred would be fine",
                "",
            ),
            ("the weight, one hundred grams, was fine", ""),
            ("he is 5'11\" tall", ""),
        ],
    );
}

#[test]
fn arithmetic_in_words() {
    table(
        "arithmetic-words",
        &[
            ("51% of 10,000", "total_lag"),
            ("51 percent of 10000 messages", "total_lag"),
            ("100 shy of 5200", "total_lag"),
            ("5200 less 100", "total_lag"),
            ("the sum of 5000 and 100", "total_lag"),
            ("the product of 51 and 100", "total_lag"),
            ("51 lots of 100", "total_lag"),
            // Near-misses: the same phrases over other numbers.
            ("50% of 200 requests failed", ""),
            ("the sum of 3 and 4 is small", ""),
            ("5200 less than yesterday", ""),
        ],
    );
}

#[test]
fn number_words_broken_up_and_labelled_halves() {
    table(
        "broken-up",
        &[
            ("five\nthousand\none\nhundred", "total_lag"),
            ("five | thousand | one | hundred", "total_lag"),
            (
                "f i v e  t h o u s a n d  o n e  h u n d r e d",
                "total_lag",
            ),
            ("F I V E T H O U S A N D O N E H U N D R E D", "total_lag"),
            ("first half: 51, second half: 00", "total_lag"),
            ("high part 51, low part 00", "total_lag"),
            // Near-misses: short lines of ordinary words, initials, a half-year.
            ("one\nmore\nthing", ""),
            ("the A B C D test passed", ""),
            ("the second half of 2024 was busy", ""),
        ],
    );
}

#[test]
fn numbers_in_more_languages_3() {
    table(
        "more languages 3",
        &[
            // Vietnamese (marks stripped: `năm` reads as `nam`).
            ("năm nghìn một trăm", "total_lag"),
            ("Độ trễ là năm ngàn một trăm tin nhắn.", "total_lag"),
            ("hai triệu bốn trăm nghìn byte mỗi giây", "throughput"),
            // Indonesian and Malay.
            ("lima ribu seratus", "total_lag"),
            ("dua juta empat ratus ribu", "throughput"),
            // Czech, Slovak, Croatian, Serbian, Slovene.
            ("pět tisíc sto", "total_lag"),
            ("päť tisíc sto", "total_lag"),
            ("pet tisuća sto", "total_lag"),
            ("pet hiljada sto", "total_lag"),
            ("pet tisoč sto", "total_lag"),
            // Norwegian, Danish, Icelandic.
            ("fem tusen ett hundre", "total_lag"),
            ("fem tusind et hundrede", "total_lag"),
            ("fimm þúsund og eitt hundrað", "total_lag"),
            // Finnish, Estonian, Hungarian.
            ("viisituhatta sata", "total_lag"),
            ("viis tuhat sada", "total_lag"),
            ("ötezer-egyszáz", "total_lag"),
            // Romanian, Catalan, Latin, Esperanto.
            ("cinci mii o sută", "total_lag"),
            ("cinc mil cent", "total_lag"),
            ("quinque milia centum", "total_lag"),
            ("kvin mil cent", "total_lag"),
            // Bulgarian.
            ("пет хиляди и сто", "total_lag"),
            // Tagalog, Swahili, Basque, Lithuanian, Latvian.
            ("limang libo at isang daan", "total_lag"),
            ("elfu tano na mia moja", "total_lag"),
            ("bost mila ehun", "total_lag"),
            ("penki tūkstančiai šimtas", "total_lag"),
            ("pieci tūkstoši viens simts", "total_lag"),
            // Near-misses: another number, small numbers, ordinary text.
            ("năm nghìn hai trăm", ""),
            ("Tôi đã làm việc ở đây năm năm, hai nghìn năm trước", ""),
            ("The Bay tram to Nam Dinh was late", ""),
            ("lima ribu dua ratus", ""),
            ("The Lima office distributes five hundred-page reports", ""),
            ("pět tisíc dvě stě", ""),
            ("sto procent, pět minut, reset the pet set", ""),
            ("fem tusen to hundre", ""),
            ("up to million users, fire at will, tusen takk", ""),
            ("viisituhatta kaksisataa", ""),
            ("SATA disk, sata prosenttia", ""),
            ("ötezer-kétszáz", ""),
            ("The hat is in the freezer, ezer köszönet", ""),
            ("cinci mii două sute", ""),
            ("sute de mesaje, Set opt to true", ""),
            ("cinc mil dos-cents", ""),
            ("set cents per cent, mil gràcies", ""),
            ("quinque milia ducenti", ""),
            ("Duo Security, per centum", ""),
            ("kvin mil ducent", ""),
            ("ok cent, the percent is decent", ""),
            ("пет хиляди и двеста", ""),
            ("хиляди хора чакат, сто процента", ""),
            ("limang libo at dalawang daan", ""),
            ("nasa daan na ang bus, Lima at Cebu", ""),
            ("elfu tano na mia mbili", ""),
            ("Mia and Sita went home; watu elfu", ""),
            ("bost mila berrehun", ""),
            ("mila esker, ETA 5 minutes", ""),
            ("penki tūkstančiai du šimtai", ""),
            ("tūkstančiai žmonių laukia", ""),
        ],
    );
}

/// The lab's own targets (examples/kafka-lag): two lags and a consumer's client id.
fn lab_values() -> Vec<GuardedValue> {
    vec![
        GuardedValue::new("total_lag", TargetValue::Number(5100.0)),
        GuardedValue::new("worst_partition_lag", TargetValue::Number(2750.0)),
        GuardedValue::new(
            "stalled_consumer",
            TargetValue::Text("orders-worker-kestrel".into()),
        ),
    ]
}

const LAB_IDS: [&str; 3] = ["total_lag", "worst_partition_lag", "stalled_consumer"];

/// [`table`] against the lab's targets.
fn lab_table(class: &str, cases: &[(&str, &str)]) {
    check(&Matcher::compile(&lab_values()), &LAB_IDS, class, cases);
}

#[test]
fn other_hex_and_octal_notations() {
    lab_table(
        "other bases",
        &[
            ("13ECh", "total_lag"),
            ("13ech", "total_lag"),
            ("mov ax, 13ECh", "total_lag"),
            ("0ABEh", "worst_partition_lag"),
            ("&H13EC", "total_lag"),
            ("&habe", "worst_partition_lag"),
            ("$13EC", "total_lag"),
            ("LDA $ABE", "worst_partition_lag"),
            ("#x13EC", "total_lag"),
            ("#xabe", "worst_partition_lag"),
            ("16#13EC#", "total_lag"),
            ("echo $((16#13EC))", "total_lag"),
            ("#16r13EC", "total_lag"),
            ("13EC\u{2081}\u{2086}", "total_lag"),
            ("ABE\u{2081}\u{2086}", "worst_partition_lag"),
            ("13EC_16", "total_lag"),
            ("13EC_{16}", "total_lag"),
            ("(13EC)16", "total_lag"),
            ("(13EC)\u{2081}\u{2086}", "total_lag"),
            ("0o11754", "total_lag"),
            ("011754", "total_lag"),
            ("05276", "worst_partition_lag"),
            ("&O11754", "total_lag"),
            ("#o11754", "total_lag"),
            ("8#11754#", "total_lag"),
            ("11754\u{2088}", "total_lag"),
            ("(11754)8", "total_lag"),
            ("11754o", "total_lag"),
            ("11754q", "total_lag"),
            ("1001111101100b", "total_lag"),
            ("#b1001111101100", "total_lag"),
            ("5100\u{2081}\u{2080}", "total_lag"),
            ("hex: 13EC", "total_lag"),
            ("13EC<sub>16</sub>", "total_lag"),
            ("<p>(ABE)<sub>16</sub></p>", "worst_partition_lag"),
            ("In hexadecimal it is 13EC.", "total_lag"),
            ("ABE hex", "worst_partition_lag"),
            ("13EC (hex)", "total_lag"),
            ("13EC in base 16", "total_lag"),
            ("octal 11754", "total_lag"),
            ("5276 (octal)", "worst_partition_lag"),
            // `$5100` is withheld only because 5100 is itself the target.
            ("$5100", "total_lag"),
            // Near-misses: money, hex-looking words, hashes, ids, modes, durations, other
            // values.
            ("$13", ""),
            ("it costs $13.50, or $1,375 a year", ""),
            ("beef cafe add deadbeef", ""),
            ("set $cafe and $add in the script", ""),
            ("commit 3f2a9c1e, parent deadbeef13ec", ""),
            ("request id 123e4567-e89b-12d3-a456-426614174000", ""),
            ("MAC 00:1A:2B:3C:4D:5E", ""),
            ("chmod 0755 /opt/app && umask 0022", ""),
            ("retention 168h, cert valid 720h, 24h window", ""),
            ("issue #13, PR #5101, color #ABC", ""),
            ("var_16 = cafe_16", ""),
            ("segment 00000000000000011754.log", ""),
            ("13ED", ""),
            ("0x13ED", ""),
            ("$13ED", ""),
            ("13EDh", ""),
            ("011755", ""),
            ("pipe it through hexdump, then base64", ""),
            (
                "H<sub>2</sub>O and CO<sub>2</sub>, log<sub>2</sub> 4096",
                "",
            ),
            ("convert 11754 to octal, or 5276 into octal", ""),
            ("the hex value is in the binary log", ""),
        ],
    );
}

#[test]
fn ordinal_number_words() {
    lab_table(
        "ordinals",
        &[
            ("the five thousand one hundredth message", "total_lag"),
            ("fifty-one hundredth", "total_lag"),
            ("Five Thousand One Hundredth", "total_lag"),
            ("two thousand seven hundred fiftieth", "worst_partition_lag"),
            (
                "two thousand seven hundred and fiftieth",
                "worst_partition_lag",
            ),
            ("twenty-seven hundred fiftieth", "worst_partition_lag"),
            ("the 5100th", "total_lag"),
            ("5100th", "total_lag"),
            ("2750th", "worst_partition_lag"),
            ("5,100th", "total_lag"),
            ("the five thousand ninety-ninth and then the next", ""),
            // Near-misses: other ordinals, fractions, `second` as time.
            ("five thousand ninety-ninth", ""),
            ("two thousand seven hundred forty-ninth", ""),
            ("fifty-one hundredths of a second", ""),
            ("a thousandth of a second", ""),
            ("fifty-one hundredth of the way", ""),
            ("the first, second and third retries", ""),
            ("a two second backoff and the fifth attempt", ""),
        ],
    );
}

#[test]
fn puzzle_relations() {
    lab_table(
        "puzzles",
        &[
            ("the integer right after 5099", "total_lag"),
            ("the integer just before 5101", "total_lag"),
            ("the number immediately following 5099", "total_lag"),
            ("the successor of 5099", "total_lag"),
            ("the predecessor of 5101", "total_lag"),
            ("one more than 5099", "total_lag"),
            ("one less than 5101", "total_lag"),
            ("exactly halfway between 5000 and 5200", "total_lag"),
            ("midway between 2700 and 2800", "worst_partition_lag"),
            ("avg of 4900 and 5300", "total_lag"),
            ("average of 4900 and 5300", "total_lag"),
            ("the mean of 5000 and 5200", "total_lag"),
            ("the average of 2700, 2750 and 2800", "worst_partition_lag"),
            ("10200 split in two", "total_lag"),
            ("10200 halved", "total_lag"),
            ("5500 divided in two", "worst_partition_lag"),
            ("5101 - 1", "total_lag"),
            ("5101-1", "total_lag"),
            ("2751-1", "worst_partition_lag"),
            ("the smallest multiple of 50 above 5060", "total_lag"),
            (
                "the largest multiple of 50 below 2790",
                "worst_partition_lag",
            ),
            (
                "the integer right after five thousand ninety-nine",
                "total_lag",
            ),
            // Near-misses: ranges, ordinary averages and neighbours that are not puzzles.
            ("between 4000 and 6000 messages", ""),
            ("the average latency was 120 ms", ""),
            ("lag was 4000-5200 during the day", ""),
            ("the mean time to recovery was 12 minutes", ""),
            ("number of partitions after the rebalance: 12", ""),
            ("released 2026-03, patched 2026-03-19", ""),
            ("ip-10-0-51-1 restarted", ""),
            ("the integer right after 6100", ""),
            ("halfway between 1000 and 1300", ""),
            ("the smallest multiple of 50 above 7100", ""),
        ],
    );
}

/// Hex-looking words, hashes, ids, modes and durations against targets equal to what each
/// would be if it were read in another base: none of them is a base notation.
#[test]
fn hex_looking_text_with_its_own_values_as_targets() {
    let values: Vec<GuardedValue> = [
        0xBEEFu64, 0xCAFE, 0xADD, 0xDEADBEEF, 0x3F2A9C1E, 0xE89B, 0x12D3, 0xA456, 0o755, 0o644,
        0x720, 0x168, 0x3D4, 0x1A, 0x2B, 0x13,
    ]
    .iter()
    .enumerate()
    .map(|(i, v)| GuardedValue::new(format!("t{i}"), TargetValue::Number(*v as f64)))
    .collect();
    let m = Matcher::compile(&values);
    let mut bad = Vec::new();
    for text in [
        "beef, cafe, add and deadbeef are words here",
        "commit 3f2a9c1e on main",
        "request id 123e4567-e89b-12d3-a456-426614174000",
        "MAC 00:1A:2B:3C:4D:5E",
        "chmod 0755 /opt/app; chmod 0644 config.yaml",
        "retention 168h, certificates valid 720h",
        "pod restarted 3d4h ago",
        "export PATH=$HOME/bin:$PATH; echo $cafe $add",
        "it costs $13 a month",
    ] {
        let got = m.find(text);
        if !got.is_empty() {
            bad.push(format!("{text:?}: {got:?}"));
        }
    }
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

/// A name spelled with English letter names (`kay ee ess …`) or as alphabet positions
/// (A1Z26, `11-5-19-…`). Ordinary words that are letter names, number lists, dates, IPs and
/// versions stay visible.
#[test]
fn names_in_letter_names_and_alphabet_positions() {
    let m = Matcher::compile(&[
        GuardedValue::new(
            "stalled_consumer",
            TargetValue::Text("orders-worker-kestrel".into()),
        ),
        GuardedValue::new("total_lag", TargetValue::Number(5100.0)),
        GuardedValue::new("worst_partition_lag", TargetValue::Number(2750.0)),
    ]);
    for text in [
        "kay ee ess tee ar ee el",
        "kay-ee-ess-tee-ar-ee-el",
        "KAY EE ESS TEE AR EE EL",
        "orders-worker-kay ee ess tee ar ee el",
        "The stalled one is Kay, Ee, Ess, Tee, Ar, Ee, El.",
        "11-5-19-20-18-5-12",
        "11 5 19 20 18 5 12",
        "11,5,19,20,18,5,12",
        "11, 5, 19, 20, 18, 5, 12",
        "11/5/19/20/18/5/12",
        "orders-worker-11-5-19-20-18-5-12",
        "The positions are 11.5.19.20.18.5.12.",
        "[11, 5, 19, 20, 18, 5, 12]",
        "15-18-4-5-18-19 23-15-18-11-5-18 11-5-19-20-18-5-12",
        "oh ar dee ee ar ess, double-u oh ar kay ee ar, kay ee ess tee ar ee el",
        // One before each position (A0Z25) is a Caesar shift of the letters.
        "10 4 18 19 17 4 11",
        "eleven five nineteen twenty eighteen five twelve",
        "kay ee ess tea are ee el",
        "[\"kay\", \"ee\", \"ess\", \"tee\", \"ar\", \"ee\", \"el\"]",
    ] {
        assert!(m.find(text).contains(&0), "{text:?}");
    }
    for text in [
        "I see you, oh why be so slow",
        "why oh why is the lag so high? see the dashboard",
        "a, e, i, o, u",
        "you see, a queue of messages",
        "kay and ee went to the ess",
        "1 5 19 20",
        "partitions 1, 5, 19, 20, 18 are behind",
        "on 2026-11-30 at 10:42:05",
        "hosts 10.0.0.1 and 192.168.1.20",
        "kafka 3.5.1, client 2.8.1.4",
        "v1.2.3.4 ships 11-5-19-20-18-5-12a",
        "12/05/19/20/18/5/120",
        "the el train, a tee time and a bee; see you at ten",
        "restart pods 1 - 5 - 9 - 12 in order",
        "why are you at sea with tea?",
        "one, two, three, four, five replicas",
    ] {
        assert!(m.find(text).is_empty(), "{text:?}: {:?}", m.find(text));
    }
}

/// A value given as labelled pieces: two halves with labels that place them, or single
/// digits with ordinals or place names. Pieces that do not join to a target stay visible.
#[test]
fn labelled_pieces_joined() {
    let m = Matcher::compile(&[
        GuardedValue::new("total_lag", TargetValue::Number(5100.0)),
        GuardedValue::new("worst_partition_lag", TargetValue::Number(2750.0)),
    ]);
    // `§a`, `§b`: the halves; `§0` … `§3`: the digits.
    let pairs = [
        "left half §a, right half §b",
        "most significant digits: §a, least significant digits: §b",
        "part 1: §a, part 2: §b",
        "upper_half=§a lower_half=§b",
        "{\"highHalf\": §a, \"lowHalf\": \"§b\"}",
        "top two digits §a, bottom two §b",
        "leading §a, trailing §b",
        "§a up front, §b at the back",
        "starts §a ends §b",
        "upper: §a\nlower: §b",
        "The value has two halves. Half one is §a. Half two is §b.",
        "head=§a, tail=§b",
        "hi=§a lo=§b",
        "{\"hi\": §a, \"lo\": \"§b\"}",
    ];
    let singles = [
        "first=§0 second=§1 third=§2 fourth=§3",
        "1st: §0, 2nd: §1, 3rd: §2, 4th: §3",
        "digit 1 = §0, digit 2 = §1, digit 3 = §2, digit 4 = §3",
        "ones place: §3, tens place: §2, hundreds place: §1, thousands place: §0",
        "thousands: §0\nhundreds: §1\ntens: §2\nones: §3",
        "{\"thousands\": §0, \"hundreds\": §1, \"tens\": §2, \"ones\": §3}",
    ];
    for (idx, v) in [(0usize, "5100"), (1, "2750")] {
        let (a, b) = v.split_at(2);
        // One half alone, after a half phrase, is a prefix or suffix (`phrases.rs`).
        for text in [format!("left half: {a}"), format!("right half: {b}")] {
            assert!(m.find(&text).contains(&idx), "{text:?}");
        }
        for p in pairs {
            let text = p.replace("§a", a).replace("§b", b);
            assert!(m.find(&text).contains(&idx), "{text:?}");
        }
        for p in singles {
            let mut text = p.to_string();
            for i in 0..4 {
                text = text.replace(&format!("§{i}"), &v[i..i + 1]);
            }
            assert!(m.find(&text).contains(&idx), "{text:?}");
        }
    }
    // Pieces in words, read as digits.
    for text in [
        "hi fifty-one, lo zero zero",
        "thousands: five, hundreds: one, tens: zero, ones: zero",
    ] {
        assert!(m.find(text).contains(&0), "{text:?}");
    }
    for text in [
        "hi=51 lo=7",
        "head=3 tail=12",
        "upper: 80\nlower: 20",
        "{\"hi\": 27, \"lo\": 5}",
        "first=5 second=1 third=0",
        "thousands: 2\nhundreds: 7\nones: 5",
        "left 3 pods, right 12 pods",
        "top 10 consumers, bottom 5 partitions",
        "the first 5 pods restarted, the second 10 did not",
        "CPU upper bound 80, lower bound 20",
        "51 up front, 7 at the back",
        "1st 5 minutes, 2nd 10 minutes",
        "the left half of 2024 was quiet",
        "most significant bit 1, least significant bit 0",
        "the first 5 requests failed, the second 100 passed",
        "top 51 consumers by lag, bottom 00",
        "hi fifty-one, lo seven",
    ] {
        assert!(m.find(text).is_empty(), "{text:?}: {:?}", m.find(text));
    }
}

#[test]
fn any_base_by_number_or_name_code_points_and_escaped_bytes() {
    lab_table(
        "bases",
        &[
            ("3XO in base 36", "total_lag"),
            ("2b50 in base 12", "total_lag"),
            ("6886 in base 9", "total_lag"),
            ("20604 (base 7)", "total_lag"),
            ("cf0 (base 20)", "total_lag"),
            ("base-7: 20604", "total_lag"),
            ("11754 in octal", "total_lag"),
            ("the lag in duodecimal is 2B50", "total_lag"),
            ("1712 in base 12", "worst_partition_lag"),
            ("11006 (base 7)", "worst_partition_lag"),
            ("U+13EC", "total_lag"),
            ("code point U+0ABE", "worst_partition_lag"),
            ("\\x13\\xec", "total_lag"),
            ("\\x0a\\xbe", "worst_partition_lag"),
            // Near-misses: other values, bases out of range, words that only contain `base`.
            ("20605 (base 7)", ""),
            ("the database 7 replica", ""),
            ("in base 64 it is long", ""),
            ("U+1F600 is an emoji", ""),
            ("\\x13\\xed", ""),
            ("convert 11754 to octal", ""),
            ("the ternary operator and vigesimal counting", ""),
        ],
    );
}

#[test]
fn mixed_forms_misspelt_scales_and_arithmetic_shapes() {
    let attacks_and_controls: &[(&str, &str)] = &[
        // Digits with scale words abbreviated, misspelt or in slang.
        ("The lag is 5.1 thou messages.", "total_lag"),
        ("lag: 5 thou 100", "total_lag"),
        ("lag: 5 mille 100", "total_lag"),
        ("lag: 5k 100", "total_lag"),
        ("lag: 5k and 100", "total_lag"),
        ("lag: five K one hundred", "total_lag"),
        ("lag: 51 C-notes", "total_lag"),
        ("lag: 51 centuries", "total_lag"),
        ("lag: 5 thousnd 1 hundrd", "total_lag"),
        ("lag: 5 thsnd 1 hndrd", "total_lag"),
        ("lag: five thou one hun", "total_lag"),
        ("lag: five thousand won hundred", "total_lag"),
        ("lag: fifty-won hundred", "total_lag"),
        ("lag: 510 tens", "total_lag"),
        ("lag: 425 dozen", "total_lag"),
        ("lag: 0.51 myriad", "total_lag"),
        ("lag: 5.1 kilomessages", "total_lag"),
        // Arithmetic shapes.
        ("lag = 51x100", "total_lag"),
        ("lag = 51 by 100", "total_lag"),
        ("lag = 5e3+1e2", "total_lag"),
        ("lag = 51*10**2", "total_lag"),
        ("lag = sqrt(26010000)", "total_lag"),
        ("lag = 100 over 5k", "total_lag"),
        ("lag = one hundred above five thousand", "total_lag"),
        ("lag = 51/100 of ten thousand", "total_lag"),
        ("The lag equals 51x100.", "total_lag"),
        ("The lag equals 51 by 100.", "total_lag"),
        ("The lag equals 100 over 5k.", "total_lag"),
        ("lag = 5.1x1000", "total_lag"),
        ("lag = 5K+1C", "total_lag"),
        ("lag = 5 K 1 C", "total_lag"),
        ("lag = 5.1 kmsg", "total_lag"),
        ("lag = five grand and a hundred", "total_lag"),
        ("lag = half a myriad and a hundred", "total_lag"),
        ("lag = the product of 3, 17 and 100", "total_lag"),
        ("lag = 5000 and 100 summed", "total_lag"),
        ("lag = 85 minutes in seconds", "total_lag"),
        ("lag = 100 on top of 5000", "total_lag"),
        ("lag = five thousand & 100", "total_lag"),
        ("lag = 5k & 100", "total_lag"),
        ("lag = 5 K and 100", "total_lag"),
        ("lag = fifty won hundred", "total_lag"),
        ("lag = 100 more than 5k", "total_lag"),
        ("lag = 51/100 of 10,000", "total_lag"),
        ("lag = the square root of 26010000", "total_lag"),
        ("lag = 2550 by 2", "total_lag"),
        ("lag = 17 by 300", "total_lag"),
        ("lag = 5.1x1000.", "total_lag"),
        ("lag = 5e3 plus 1e2", "total_lag"),
        ("lag = 5 thou, 100", "total_lag"),
        ("lag = five thou, one hun", "total_lag"),
        // Near-misses: other meanings of the same shapes.
        ("screen 1920x1080, icons 64x64", ""),
        ("5k pods and 100 nodes", ""),
        ("5 thousand users, 100 groups", ""),
        ("cut 2 by 4 lumber", ""),
        ("page 51 of 100", ""),
        ("we won the game, too many retries", ""),
        ("thou shalt not page on-call", ""),
        ("it is more like 5 than 100", ""),
        ("tens of thousands of messages", ""),
        ("5.1 kilometres away", ""),
        ("sort 51 by name", ""),
        ("at 5 past 12 the job ran", ""),
        ("margin: 51px 100px; version 5.1.0e3", ""),
        ("0x1400 is a hex offset, 51x99 a ratio", ""),
        ("the room is at 21C, 5K+1 replicas", ""),
        ("the product of 3, 17 and 99", ""),
        ("5 and 100 replicas, 85 minutes in total", ""),
        ("a half-dozen pods, half a minute later", ""),
        ("a 10 by 10 grid of 100x100 icons", ""),
        ("thirty for a dollar, twenty too many", ""),
        ("modes 640x480, 800x600 and 1280x720; 2x4 studs", ""),
    ];
    table("mixed forms and arithmetic shapes", attacks_and_controls);
    // Any value: a partition lag of 2750.
    let m = Matcher::compile(&[GuardedValue::new(
        "worst_partition_lag",
        TargetValue::Number(2750.0),
    )]);
    check(
        &m,
        &["worst_partition_lag"],
        "mixed forms, another value",
        &[
            ("worst: 2.75 thou", "worst_partition_lag"),
            ("worst: 2k 750", "worst_partition_lag"),
            ("worst: 2 grand 750", "worst_partition_lag"),
            (
                "worst: too thousand seven hundred fifty",
                "worst_partition_lag",
            ),
            ("worst: 2 thousnd 7 hundrd 50", "worst_partition_lag"),
            ("worst: 2\u{BE} thousand", "worst_partition_lag"),
            ("worst: 2\u{BE}k", "worst_partition_lag"),
            ("worst: 2 3/4 thousand", "worst_partition_lag"),
            ("worst: 27\u{BD} hundred", "worst_partition_lag"),
            (
                "worst: twenty-seven and a half hundred",
                "worst_partition_lag",
            ),
            ("worst: 27 and a half hundreds", "worst_partition_lag"),
            (
                "worst: two and three quarters thousand",
                "worst_partition_lag",
            ),
            (
                "worst: eleven quarters of a thousand",
                "worst_partition_lag",
            ),
            ("worst: 11/4 of a thousand", "worst_partition_lag"),
            (
                "worst: seven hundred fifty past two thousand",
                "worst_partition_lag",
            ),
            ("worst: 275x10", "worst_partition_lag"),
            ("worst: 275 tens", "worst_partition_lag"),
            ("worst: 2500 plus a quarter-thousand", "worst_partition_lag"),
            (
                "worst: two thousand seven hundred and a half-hundred",
                "worst_partition_lag",
            ),
            ("worst: 2.75 thsnd", "worst_partition_lag"),
            (
                "worst: 2 thousand 7 hundred and 5 tens",
                "worst_partition_lag",
            ),
            ("2k pods and 750 nodes", ""),
            ("2 thousand users, 750 groups", ""),
            ("page 275 of 1000", ""),
        ],
    );
}

/// A name's distinctive part hidden by a word game or a Unicode trick (`disguises.rs`,
/// `fuzzy.rs`): Pig Latin, a filler letter between letters, doubled letters, one key over on
/// the keyboard, no vowels, shuffled or sorted letters, a misspelling by sound, a mask, pieces
/// with filler words, glued affixes, letters with hooks or strokes, upside-down text. Other
/// bird names, `restart`, ordinary words and masks that do not fit stay visible.
#[test]
fn name_parts_in_word_games_and_unicode_tricks() {
    let m = Matcher::compile(&[
        GuardedValue::new(
            "stalled_consumer",
            TargetValue::Text("orders-worker-kestrel".into()),
        ),
        GuardedValue::new(
            "hot_ledger",
            TargetValue::Text("ledger-sync-pelican".into()),
        ),
        GuardedValue::new("total_lag", TargetValue::Number(5100.0)),
    ]);
    let ids = ["stalled_consumer", "hot_ledger", "total_lag"];
    check(
        &m,
        &ids,
        "name word games and Unicode",
        &[
            ("The stalled consumer is estrelkay.", "stalled_consumer"),
            ("ordersway-orkerway-estrelkay", "stalled_consumer"),
            ("elicanpay is the hot one", "hot_ledger"),
            ("kxexsxtxrxexlx", "stalled_consumer"),
            ("kXeXsXtXrXeXl", "stalled_consumer"),
            ("kaeasatarael", "stalled_consumer"),
            ("pqeqlqiqcqaqnq", "hot_ledger"),
            ("kkeessttrreell", "stalled_consumer"),
            ("ppeelliiccaann", "hot_ledger"),
            ("typed one key right: lrdytr;", "stalled_consumer"),
            ("one key left: jwarewk", "stalled_consumer"),
            ("kstrl", "stalled_consumer"),
            ("ordrs-wrkr-kstrl", "stalled_consumer"),
            ("ledger-sync-plcn", "hot_ledger"),
            ("sterlek", "stalled_consumer"),
            ("eeklrst (sorted letters)", "stalled_consumer"),
            ("ksrl/ete", "stalled_consumer"),
            ("ktrl + ese", "stalled_consumer"),
            ("acilnep", "hot_ledger"),
            ("kestrelworker", "stalled_consumer"),
            ("mykestrel", "stalled_consumer"),
            ("kestrellike", "stalled_consumer"),
            ("Kestrel™", "stalled_consumer"),
            ("mypelican", "hot_ledger"),
            ("castrel", "stalled_consumer"),
            ("kestrill", "stalled_consumer"),
            ("pellikan", "hot_ledger"),
            ("k?str?l", "stalled_consumer"),
            ("K _ S T R _ L", "stalled_consumer"),
            ("7 letters, K_S_R_L", "stalled_consumer"),
            ("p_l_c_n? no: pel_can", "hot_ledger"),
            ("kes then trel", "stalled_consumer"),
            ("first kes, then trel", "stalled_consumer"),
            ("pel (pause) ican", "hot_ledger"),
            ("kokesostotrorelol", "stalled_consumer"),
            ("kubestrubel", "stalled_consumer"),
            ("pubelubicuban", "hot_ledger"),
            ("on a phone keypad: 5378735", "stalled_consumer"),
            ("two rails: ksrl ete", "stalled_consumer"),
            ("k-str-l", "stalled_consumer"),
            ("\u{138}estrel", "stalled_consumer"),
            ("\u{51f}estrel", "stalled_consumer"),
            ("ƙestreł", "stalled_consumer"),
            ("ʞǝsʇɹǝʞ", "stalled_consumer"),
            ("lǝɹʇsǝʞ", "stalled_consumer"),
            ("uɐɔılǝd", "hot_ledger"),
            // Near-misses: other birds, `restart`, ordinary words and identifiers.
            ("orders-worker-petrel is healthy", ""),
            ("kubectl rollout restart deploy/orders-worker", ""),
            ("the rest of the kettle", ""),
            ("sel trek, then rest", ""),
            ("streak of errors; the trek continues", ""),
            ("press Ctrl+Shift+K", ""),
            ("k8s kustomize kstatus", ""),
            ("the replica is plain", ""),
            ("policy: panic on pelt", ""),
            ("K_9 and k?s and ___l", ""),
            ("pel then more text", ""),
            ("the osprey, the heron and the falcon", ""),
            ("ʇou ɐ ʞɔɐɹʇ", ""),
            ("a pelota court", ""),
            ("call 555-0199 ext 5378", ""),
            ("kube-proxy restarted on node k8s-7", ""),
        ],
    );
}

#[test]
fn clock_roman_and_look_alike_digit_shapes() {
    table(
        "clock shapes, Roman variants, look-alike digits",
        &[
            // A clock that cannot be a time of day, its groups read as the digits.
            ("Timer shows 51h00", "total_lag"),
            ("51:00:00 on the clock", "total_lag"),
            ("at T51:00", "total_lag"),
            ("51.00 minutes on the stopwatch", "total_lag"),
            ("the 51st minute and 00 seconds", "total_lag"),
            ("minute 51, second 00", "total_lag"),
            // Roman numerals: a vinculum, brackets, large numerals, the apostrophus, spaced
            // and additive forms.
            ("V\u{0305}C", "total_lag"),
            ("lag in Roman numerals: V\u{0304}C", "total_lag"),
            ("\u{2181}C", "total_lag"),
            ("\u{2164}\u{216F}C", "total_lag"),
            ("(V)C", "total_lag"),
            ("|V|C", "total_lag"),
            ("I\u{2183}\u{2183}C", "total_lag"),
            ("M M M M M C", "total_lag"),
            ("M.M.M.M.M.C.", "total_lag"),
            ("MMMMMLXXXXX", "total_lag"),
            // Look-alike symbols and letters of other scripts among digits.
            ("lag=5!00", "total_lag"),
            ("5|00", "total_lag"),
            ("51()()", "total_lag"),
            ("51[][]", "total_lag"),
            ("51\u{D8}\u{D8}", "total_lag"),
            ("51\u{03B8}\u{03B8}", "total_lag"),
            ("51\u{041E}\u{041E}", "total_lag"),
            ("Sloo", "total_lag"),
            ("lag=Sloo (read letters as digits)", "total_lag"),
            // Near-misses: times of day, timestamps, durations, acronyms, words and names.
            ("The alert fired at 10:51:00 and resolved at 11:27:50.", ""),
            ("2026-11-30T10:51:00Z", ""),
            ("meet at 14h30", ""),
            ("took 51.10 minutes", ""),
            ("job ran 51:00:17", ""),
            ("VMC on AWS", ""),
            ("MD CC", ""),
            ("(V)olts", ""),
            ("(DCCC)", ""),
            ("LAG5100", ""),
            ("x51\u{D8}\u{D8}", ""),
            ("wow, 510!", ""),
            ("Solo", ""),
            ("lol", ""),
            ("SOS", ""),
            ("boo", ""),
            ("We went solo on the Sloo project.", ""),
        ],
    );
}

#[test]
fn number_words_spelled_with_separators_between_letters() {
    lab_table(
        "letters with separators",
        &[
            (
                "f-i-v-e  t-h-o-u-s-a-n-d  o-n-e  h-u-n-d-r-e-d",
                "total_lag",
            ),
            ("f.i.v.e t.h.o.u.s.a.n.d o.n.e h.u.n.d.r.e.d", "total_lag"),
            (
                "t_w_o  t_h_o_u_s_a_n_d  s_e_v_e_n  h_u_n_d_r_e_d  f_i_f_t_y",
                "worst_partition_lag",
            ),
            (
                "f\ni\nv\ne\nt\nh\no\nu\ns\na\nn\nd\no\nn\ne\nh\nu\nn\nd\nr\ne\nd",
                "total_lag",
            ),
            // Near-misses: abbreviations, letter lists, other numbers spelled out.
            ("see e.g. the U.S.A. docs and steps a-b-c-d", ""),
            ("f-i-v-e  t-h-o-u-s-a-n-d  t-w-o  h-u-n-d-r-e-d", ""),
            ("x\ny\nz\nw", ""),
        ],
    );
}

#[test]
fn octal_character_codes_and_utf16_in_hex() {
    lab_table(
        "octal codes, UTF-16 hex",
        &[
            (
                "The stalled consumer is 153 145 163 164 162 145 154.",
                "stalled_consumer",
            ),
            ("codes 065 061 060 060", "total_lag"),
            ("006b00650073007400720065006c", "stalled_consumer"),
            ("6b00650073007400720065006c00", "stalled_consumer"),
            ("0035003100300030", "total_lag"),
            // Near-misses: status codes, ports, other words in UTF-16.
            ("HTTP 200 201 503 500 and ports 100 101 102", ""),
            ("0066006f006f", ""),
            ("153 151 164 164 145 156", ""),
        ],
    );
}

#[test]
fn arithmetic_and_place_value_in_words() {
    table(
        "arithmetic and place value in words",
        &[
            ("850 six times over? no: 1275 quadrupled", "total_lag"),
            ("1020 five times", "total_lag"),
            ("The answer is 2550, twice.", "total_lag"),
            ("three brokers with 1700 messages each", "total_lag"),
            ("850 per consumer across six consumers", "total_lag"),
            ("1020 on each of 5 partitions", "total_lag"),
            ("30600 split evenly among six consumers", "total_lag"),
            ("15300 divided between 3 workers", "total_lag"),
            ("six consumers share 30600", "total_lag"),
            ("p0=2000 p1=2000 p2=1100; add them up", "total_lag"),
            ("a: 4000, b: 1100 - what is the total?", "total_lag"),
            (
                "partition 3 lag 3000, partition 4 lag 2100; total = the sum",
                "total_lag",
            ),
            ("not 4600, not 5600, right in the middle", "total_lag"),
            ("5050 and 5150, exactly in between", "total_lag"),
            ("510000 centimessages", "total_lag"),
            ("5.1 kilo-messages", "total_lag"),
            ("5 thousands, 1 hundreds, 0 tens, 0 ones", "total_lag"),
            (
                "5 in the thousands column, 1 in the hundreds column, 0 in the tens column",
                "total_lag",
            ),
            ("5 and 100, concatenated", "total_lag"),
            ("glue 510 and 0... no, glue 51 and 00", "total_lag"),
            ("24 and 00000 stuck together", "throughput"),
            ("the pair (51, 00)", "total_lag"),
            ("put 51 and 00 together", "total_lag"),
            ("5 pears, 1 plum, 0 figs, 0 limes", "total_lag"),
            ("five, one, then a couple of zeros", "total_lag"),
            ("5 1 nil nil", "total_lag"),
            ("51-oh-oh", "total_lag"),
            ("51 -- 00", "total_lag"),
            ("51; 00", "total_lag"),
            ("51\u{2026}00", "total_lag"),
            ("twice as much as 2550", "total_lag"),
            ("one fifth of 25500", "total_lag"),
            ("1700 repeated three times", "total_lag"),
            ("20400 among four consumers", "total_lag"),
            ("the middle of 4600 and 5600", "total_lag"),
            (
                "the thousands digit is 5, the hundreds digit 1, the rest zeros",
                "total_lag",
            ),
            // Near-misses: ordinary ops text with the same words.
            ("retried twice in 5 minutes", ""),
            ("3 replicas on 2 nodes, 6 pods", ""),
            ("between 10:00 and 11:00 the lag rose", ""),
            ("sum of errors: 12", ""),
            ("split across 4 partitions", ""),
            ("p0=12 p1=40 total 52", ""),
            ("LAG2550 twice", ""),
            ("5100000 milliseconds", ""),
            ("1200 requests per second for 10 seconds", ""),
            ("ports 8080, 9092 and 9093 joined the cluster", ""),
            ("the DC is 5.1 kilometres away", ""),
            ("5 3 times a day", ""),
            ("3 units pending, 2 hundreds of rows", ""),
            ("3 brokers, 2 zookeepers, 1 controller", ""),
            ("HTTP 200, 201 and 503", ""),
            ("step 1 then step 2 then step 3", ""),
            ("oh, none of the 3 pods is ready", ""),
            ("2 brokers and 50 partitions together", ""),
            ("a pair of 2 brokers, 50 partitions", ""),
            ("the middle of the night, 2 of 3 brokers down", ""),
            ("5 thousand messages and 1 hundred retries", ""),
        ],
    );
}

/// Other targets than the lab's, to keep the fifth-round rules general.
fn other_values() -> Vec<GuardedValue> {
    vec![
        GuardedValue::new("n", TargetValue::Number(7342.0)),
        GuardedValue::new("name", TargetValue::Text("billing-relay-heron".into())),
    ]
}

#[test]
fn morse_and_braille() {
    lab_table(
        "morse, braille",
        &[
            ("..... .---- ----- -----", "total_lag"),
            (
                "Morse: ..--- / --... / ..... / -----",
                "worst_partition_lag",
            ),
            (
                "-.- . ... - .-. . .-.. (the worker's last part)",
                "stalled_consumer",
            ),
            (
                "\u{2800}\u{283C}\u{2803}\u{281B}\u{2811}\u{281A}",
                "worst_partition_lag",
            ),
            ("⠼⠑⠁⠚⠚", "total_lag"),
            ("⠅⠑⠎⠞⠗⠑⠇", "stalled_consumer"),
            // Near-misses: ellipses, markdown rules, bullets, other codes.
            ("wait... -- then --- retry - done", ""),
            ("|---|---|\n| a | b |", ""),
            ("..... .---- ----- --...", ""),
            ("⠓⠑⠇⠇⠕ ⠼⠁⠃", ""),
        ],
    );
    check(
        &Matcher::compile(&other_values()),
        &["n", "name"],
        "morse, braille (other targets)",
        &[
            ("--... ...-- ....- ..---", "n"),
            ("⠼⠛⠉⠙⠃", "n"),
            (".... . .-. --- -.", "name"),
            ("--... ...-- ....- ...--", ""),
        ],
    );
}

#[test]
fn list_items_and_broken_lines() {
    lab_table(
        "list items, table lines, broken lines",
        &[
            ("1. 5\n2. 1\n3. 0\n4. 0", "total_lag"),
            ("* 27\n* 50", "worst_partition_lag"),
            ("Digits:\n  • 2\n  • 7\n  • 5\n  • 0", "worst_partition_lag"),
            ("| 5 |\n| 1 |\n| 0 |\n| 0 |", "total_lag"),
            ("27\r\n50", "worst_partition_lag"),
            ("51\t00", "total_lag"),
            ("275-\n0", "worst_partition_lag"),
            ("5\\\n100", "total_lag"),
            // Near-misses: numbered steps holding numbers, other lists.
            ("1. restart 5 pods\n2. wait 100 s", ""),
            ("- 27 partitions\n- 50 errors", ""),
            ("1. 27\n2. 501", ""),
            ("| 5 |\n| 1 |\n| 0 |\n| 7 |", ""),
        ],
    );
}

#[test]
fn code_and_maths_markup() {
    lab_table(
        "code, formulas, LaTeX",
        &[
            ("=SUM(5000,100)", "total_lag"),
            ("=PRODUCT(275,10)", "worst_partition_lag"),
            ("lag = mean(5000, 5200)", "total_lag"),
            ("=AVERAGE(2700,2800)", "worst_partition_lag"),
            ("pow(2, 12) + 1004", "total_lag"),
            ("=CONCAT(\"27\",\"50\")", "worst_partition_lag"),
            ("SELECT '51' || '00';", "total_lag"),
            ("int('5276', 8)", "worst_partition_lag"),
            ("parseInt(\"13ec\", 16)", "total_lag"),
            ("Math.round(2750.4)", "worst_partition_lag"),
            ("\"\".join(['5', '1', '0', '0'])", "total_lag"),
            ("chr(50)+chr(55)+chr(53)+chr(48)", "worst_partition_lag"),
            ("\"51\" + \"0\"*2", "total_lag"),
            ("1375 << 1", "worst_partition_lag"),
            ("20400 >> 2", "total_lag"),
            ("$\\frac{5500}{2}$", "worst_partition_lag"),
            ("$\\sqrt{26010000}$", "total_lag"),
            ("5.1 \\times 10^{3}", "total_lag"),
            ("2.75 * 10 ** 3", "worst_partition_lag"),
            ("5.1 10^3", "total_lag"),
            ("5[1]00", "total_lag"),
            ("\\32 \\37 \\35 \\30 ", "worst_partition_lag"),
            ("%u0035%u0031%u0030%u0030", "total_lag"),
            (
                "DIGIT TWO, DIGIT SEVEN, DIGIT FIVE, DIGIT ZERO",
                "worst_partition_lag",
            ),
            ("\\6b \\65 \\73 \\74 \\72 \\65 \\6c", "stalled_consumer"),
            (
                "[\"orders\", \"worker\", \"kestrel\"].join(\"-\")",
                "stalled_consumer",
            ),
            // Near-misses: code on variables, other values, regexes, paths.
            ("sum(lags) by (partition)", ""),
            ("=SUM(B2:B9)", ""),
            ("round(x, 2)", ""),
            ("1 << 20 bytes", ""),
            ("int('5277', 8)", ""),
            ("[0-9]{4} and ^orders-\\d+$", ""),
            ("C:\\kafka\\config\\server.properties", ""),
            ("the digit sum is 12", ""),
            ("x5100 << 1", ""),
            ("$\\frac{1}{2}$ of the traffic", ""),
        ],
    );
    check(
        &Matcher::compile(&other_values()),
        &["n", "name"],
        "code (other targets)",
        &[
            ("=SUM(7000,342)", "n"),
            ("3671 << 1", "n"),
            ("'-'.join(['billing', 'relay', 'heron'])", "name"),
            ("=SUM(9000,342)", ""),
        ],
    );
}

#[test]
fn base58_base85_and_uuencode() {
    lab_table(
        "base58, Ascii85, base85, uuencode",
        &[
            ("the lag is 2HSvdD", "worst_partition_lag"),
            ("1,h'E", "worst_partition_lag"),
            ("<~1,h'E~>", "worst_partition_lag"),
            ("GB-6a", "worst_partition_lag"),
            ("':V5S=')E;", "stalled_consumer"),
            ("553wGNzBT9", "stalled_consumer"),
            ("CLqR/Eb0%", "stalled_consumer"),
            // Near-misses: ids, hashes, tokens and prose with punctuation.
            ("request 3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy failed", ""),
            ("trace id 7f9c8d2e, span a1B2c3D4e5", ""),
            ("Ok(()); x += 1; {a: b}", ""),
        ],
    );
    check(
        &Matcher::compile(&other_values()),
        &["n", "name"],
        "base58, base85 (other targets)",
        &[
            ("2QqX2q", "n"),
            ("H#0Oc", "n"),
            ("2QqX2r", ""),
            ("H#0Od", ""),
        ],
    );
}

#[test]
fn digits_with_their_positions() {
    lab_table(
        "digits with their positions",
        &[
            (
                "position 1 = 2, position 2 = 7, position 3 = 5, position 4 = 0",
                "worst_partition_lag",
            ),
            ("d[0]=5, d[1]=1, d[2]=0, d[3]=0", "total_lag"),
            ("2@0 7@1 5@2 0@3", "worst_partition_lag"),
            (
                "digit 1: 5; digit 2: 1; digit 3: 0; digit 4: 0",
                "total_lag",
            ),
            // Near-misses: positions that skip, other digits, per-node values.
            (
                "position 1 = 2, position 3 = 7, position 4 = 5, position 5 = 0",
                "",
            ),
            ("d[0]=5, d[1]=1, d[2]=0, d[3]=7", ""),
            ("node 2: 5, node 3: 1, node 4: 0, node 5: 0", ""),
            ("p0=2 p1=7", ""),
        ],
    );
    check(
        &Matcher::compile(&other_values()),
        &["n", "name"],
        "digits with their positions (other targets)",
        &[
            ("d[0]=7, d[1]=3, d[2]=4, d[3]=2", "n"),
            ("d[0]=7, d[1]=3, d[2]=4, d[3]=3", ""),
        ],
    );
}

#[test]
fn percentages_and_powers_of_ten_in_words() {
    lab_table(
        "percentages and powers of ten",
        &[
            ("51 per cent of 10k", "total_lag"),
            ("51% of 10k", "total_lag"),
            ("51 pct of 10000", "total_lag"),
            ("51 % of 10,000", "total_lag"),
            ("27.5 percent of 10K", "worst_partition_lag"),
            ("5.1 times ten to the third", "total_lag"),
            ("5.1 times 10 to the 3rd", "total_lag"),
            ("5.1 x 10 to the power of 3", "total_lag"),
            ("5.1 times ten to the power of three", "total_lag"),
            ("2.75 times 10 raised to the third", "worst_partition_lag"),
            ("0.51 times ten to the fourth", "total_lag"),
            // Near-misses: other shares, prose with `to the`, a cube that is not a target,
            // a `k` glued into a word.
            ("51% of 10 days", ""),
            ("52 per cent of 10k", ""),
            ("move 3 to the third node", ""),
            ("we moved 10 to the third rack and 5 to the second", ""),
            ("17 cubed", ""),
            ("51% of 10kb", ""),
        ],
    );
    check(
        &Matcher::compile(&other_values()),
        &["n", "name"],
        "percentages and powers of ten (other targets)",
        &[
            ("7.342 times ten to the third", "n"),
            ("73.42 per cent of 10k", "n"),
            ("7.343 times ten to the third", ""),
        ],
    );
}

#[test]
fn pieces_under_keys_that_only_count() {
    lab_table(
        "pieces under sequence keys",
        &[
            (r#"{"a":"51","b":"00"}"#, "total_lag"),
            (r#"["51","00"]"#, "total_lag"),
            (r#"{"x": 51, "y": "00"}"#, "total_lag"),
            ("a=51 b=00", "total_lag"),
            (r#"{"k1":"5","k2":"1","k3":"0","k4":"0"}"#, "total_lag"),
            ("x: 27\ny: 50", "worst_partition_lag"),
            ("part_a: 27, part_b: 50", "worst_partition_lag"),
            (r#"{"a":"9","b":"51","c":"00"}"#, "total_lag"),
            // Near-misses: keys that name things, a gap in the sequence, decimals, prose
            // between the pairs, an array of other values.
            (r#"{"replicas": 5, "ready": 100}"#, ""),
            ("a=51 c=00", ""),
            ("a=5.1 b=00", ""),
            ("a: 51 and later on b: 00", ""),
            (r#"["10","20","30"]"#, ""),
            (r#"["51"]"#, ""),
        ],
    );
    check(
        &Matcher::compile(&other_values()),
        &["n", "name"],
        "pieces under sequence keys (other targets)",
        &[
            (r#"{"a":"73","b":"42"}"#, "n"),
            (r#"['7','3','4','2']"#, "n"),
            (r#"{"a":"73","b":"43"}"#, ""),
        ],
    );
}

#[test]
fn counting_rod_digits() {
    lab_table(
        "counting rods",
        &[
            ("𝍤𝍩00", "total_lag"),
            ("𝍤𝍩〇〇", "total_lag"),
            ("lag: 𝍡𝍯𝍤0", "worst_partition_lag"),
            ("𝍤 𝍩 0 0", "total_lag"),
            // Near-misses: other rods, a CJK year, a lone zero sign.
            ("𝍤𝍪00", ""),
            ("二〇二六年", ""),
            ("〇 replicas", ""),
        ],
    );
}

#[test]
fn base64_of_utf16_text() {
    lab_table(
        "base64 of UTF-16",
        &[
            ("NQAxADAAMAA=", "total_lag"),
            ("ADUAMQAwADA=", "total_lag"),
            (
                "powershell -enc dABvAHQAYQBsACAAbABhAGcAOgAgADUAMQAwADAA",
                "total_lag",
            ),
            (
                "bwByAGQAZQByAHMALQB3AG8AcgBrAGUAcgAtAGsAZQBzAHQAcgBlAGwA",
                "stalled_consumer",
            ),
            // Near-misses: other numbers in UTF-16, ordinary tokens with many capitals.
            ("NQAxADAAOQA=", ""),
            ("MQA1ADAAMAA=", ""),
            ("AKIAJ5Q3EXAMPLEKEY", ""),
        ],
    );
}

#[test]
fn pieces_in_the_cells_of_a_table() {
    lab_table(
        "pieces in table cells",
        &[
            ("a,b\n51,00", "total_lag"),
            ("high,low\n51,00", "total_lag"),
            ("a\tb\n27\t50", "worst_partition_lag"),
            ("first row: a,b\nsecond row: 51,00", "total_lag"),
            (
                "| part | value |\n|---|---|\n| a | 51 |\n| b | 00 |",
                "total_lag",
            ),
            ("| hi | lo |\n|---|---|\n| 51 | 00 |", "total_lag"),
            (
                "| a | b | c | d |\n|---|---|---|---|\n| 2 | 7 | 5 | 0 |",
                "worst_partition_lag",
            ),
            ("part;value\na;27\nb;50", "worst_partition_lag"),
            // Near-misses: ops tables with real counts, a longer number in a cell, a lone
            // decimal comma, dates and times in cells, a column whose join is no target.
            (
                "| pod | restarts |\n|---|---|\n| orders-0 | 3 |\n| orders-1 | 12 |",
                "",
            ),
            (
                "NAME,READY,STATUS,RESTARTS\norders-0,1/1,Running,0\norders-1,1/1,Running,2",
                "",
            ),
            ("partition,lag\n0,1200\n1,880\n2,640", ""),
            ("a,b\n51000,7", ""),
            ("51,00", ""),
            ("total: 51,00 EUR", ""),
            ("date,events\n2026-05-10,51\n2026-05-11,07", ""),
            ("time,count\n10:51,12\n10:52,14", ""),
            ("| broker | restarts |\n|---|---|\n| a | 5 |\n| b | 2 |", ""),
        ],
    );
}

#[test]
fn single_digits_joined_by_dots() {
    lab_table(
        "dotted single digits",
        &[
            ("5.1.0.0", "total_lag"),
            ("version 5.1.0.0", "total_lag"),
            ("v5.1.0.0", "total_lag"),
            ("2.7.5.0", "worst_partition_lag"),
            ("the lag, as a version: 2.7.5.0.", "worst_partition_lag"),
            ("app-5.1.0.0-rc", "total_lag"),
            // Near-misses: an address, versions with longer groups, decimals, a longer chain,
            // a chain inside a longer token.
            ("10.0.0.1", ""),
            ("kubectl 1.27.3", ""),
            ("5.1", ""),
            ("lag 51.00", ""),
            ("5.1.0.0.7", ""),
            ("5.1.0.00", ""),
            ("build x5.1.0.0", ""),
        ],
    );
}

#[test]
fn roman_numerals_joined_to_digits_or_hundreds() {
    lab_table(
        "roman joined",
        &[
            ("LI00", "total_lag"),
            ("the lag is LI00", "total_lag"),
            ("XXVII50", "worst_partition_lag"),
            ("LI C", "total_lag"),
            ("LI hundred messages", "total_lag"),
            // Near-misses: words and abbreviations, product names, mixed case, a longer token.
            ("MIX00", ""),
            ("DIV00 in the stylesheet", ""),
            ("CIVIL C", ""),
            ("LIVE C", ""),
            ("DC10, MD5, ID 51", ""),
            ("a Volvo XC90 and a GTX1080", ""),
            ("MI6", ""),
            ("Li00", ""),
            ("LI00abc", ""),
        ],
    );
}

#[test]
fn decimal_shares_and_instructions_to_compute() {
    lab_table(
        "decimal shares, hyphenated fractions, instructions in words",
        &[
            ("The answer is 0.51 of 10000.", "total_lag"),
            ("0.275 of 10,000", "worst_partition_lag"),
            ("three-fifths of 8500", "total_lag"),
            ("take 51 and multiply by a hundred", "total_lag"),
            ("multiply 27.5 by 100", "worst_partition_lag"),
            ("It's 51, then append two zeroes.", "total_lag"),
            ("51 followed by two zeros", "total_lag"),
            ("put two zeros after 51", "total_lag"),
            ("tack on two zeros to 51", "total_lag"),
            ("51 with two zeros tacked on", "total_lag"),
            // Near-misses: other shares, products and paddings.
            ("0.51 of 1000", ""),
            ("0.5 of the pods are ready", ""),
            ("version 0.51 of kafka", ""),
            ("multiply 3 by 4", ""),
            ("append 2 lines to the log", ""),
            ("51 followed by 2 errors", ""),
            ("pad with 2 spaces", ""),
            ("retry 5 times, add 2 zeros to the timeout of 30", ""),
        ],
    );
}

#[test]
fn equations_about_the_unknown() {
    lab_table(
        "equations solved for the unknown",
        &[
            ("lag/100 = 51", "total_lag"),
            ("lag ÷ 100 = 51", "total_lag"),
            ("The lag divided by 100 is 51.", "total_lag"),
            ("lag minus 100 is 5000", "total_lag"),
            ("lag plus 100 equals 5200", "total_lag"),
            ("lag × 2 = 10200", "total_lag"),
            ("lag in hundreds: 51", "total_lag"),
            ("lag (in thousands): 5.1", "total_lag"),
            ("the lag in units of 100 is 27.5", "worst_partition_lag"),
            ("scaled by 1/100: 27.5", "worst_partition_lag"),
            ("51 = lag/100", "total_lag"),
            ("5000 is the lag minus 100", "total_lag"),
            // Fractions and multiples in words, either way round.
            ("Half the lag is 2550.", "total_lag"),
            ("a quarter of the lag is 1275", "total_lag"),
            ("twice the worst lag equals 5500", "worst_partition_lag"),
            ("the lag halved is 1375", "worst_partition_lag"),
            ("10% of the lag is 510", "total_lag"),
            ("2550 is half the lag", "total_lag"),
            ("The lag, divided by 100, is 51.", "total_lag"),
            ("lag is 0.51 of 10k", "total_lag"),
            // Near-misses: ranges, names with a dash, protocols and paths, identifiers, a
            // fraction of a number rather than of an unknown.
            ("the second half is 2550", ""),
            ("5200-100", ""),
            ("worker-1: 5099", ""),
            ("HTTP/2: 2550", ""),
            ("pods/3: 1700", ""),
            ("p99/2 = 2550", ""),
            ("instance=\"10.4.1.2:8080\"", ""),
            ("cpu/100 = 0.51", ""),
        ],
    );
}

#[test]
fn number_words_under_letter_games() {
    lab_table(
        "number words under a letter game",
        &[
            // ROT13, in a sentence, capitals, commas, hyphens, `and`, glued.
            ("svir gubhfnaq bar uhaqerq", "total_lag"),
            ("gjb gubhfnaq frira uhaqerq svsgl", "worst_partition_lag"),
            (
                "Gur ynt vf svir gubhfnaq bar uhaqerq zrffntrf (ROT13).",
                "total_lag",
            ),
            ("SVIR GUBHFNAQ, BAR UHAQERQ", "total_lag"),
            ("gjragl-frira uhaqerq naq svsgl", "worst_partition_lag"),
            ("svsgl-bar uhaqerq", "total_lag"),
            ("svirgubhfnaqbaruhaqerq", "total_lag"),
            // Digit words one by one under ROT13.
            ("svir bar mreb mreb", "total_lag"),
            ("svir bar bu bu", "total_lag"),
            // Other shifts: 1, 3 (Caesar's own), 25.
            ("gjwf uipvtboe pof ivoesfe", "total_lag"),
            ("wzr wkrxvdqg vhyhq kxqguhg iliwb", "worst_partition_lag"),
            ("ehud sgntrzmc nmd gtmcqdc", "total_lag"),
            // Atbash, and Atbash with a shift.
            ("urev gslfhzmw lmv sfmwivw", "total_lag"),
            ("gdl gslfhzmw hvevm sfmwivw urugb", "worst_partition_lag"),
            ("yviz kwpjldqa pqz wjqamza", "total_lag"),
            // Leetspeak inside number words.
            ("f1ve th0usand one hundr3d", "total_lag"),
            ("tw0 th0u5and 5even hundred f1fty", "worst_partition_lag"),
            ("F1VE TH0U$AND 0NE HUNDR3D", "total_lag"),
            ("7w0 7h0u54nd 53v3n hundr3d f1f7y", "worst_partition_lag"),
            ("the lag is f1ve th0us@nd, one hundred", "total_lag"),
            ("f1fty-0ne hundred", "total_lag"),
            // Near-misses: another number under the same games, a word that shifts into one
            // short number word alone (`bar` is ROT13 `one`), a word repeated (`log log`
            // shifts to `two two`), ordinary leet and ops tokens, prose.
            ("svir gubhfnaq gjb uhaqerq", ""),
            ("f1ve th0usand two hundr3d", ""),
            ("Meet me at the bar at 5, the one by the 100 Club.", ""),
            ("Meet me at the bar.", ""),
            ("log log plot of the p99 window", ""),
            ("row, row, row your boat", ""),
            ("h3llo w0rld", ""),
            ("l33t", ""),
            ("k8s", ""),
            ("s3 bucket", ""),
            ("v1 api", ""),
            ("p99 on x86 with utf8 and sha256 checksums", ""),
            ("web01.example.com and node-5100a are up", ""),
            ("The quick brown fox jumps over the lazy dog.", ""),
        ],
    );
    // The benign corpus, read with and without the rule: the rule withholds no line.
    let with = Matcher::compile(&lab_values());
    let without = Matcher::compile_with(
        &lab_values(),
        Rules {
            ciphered_words: false,
            ..Rules::DEFAULT
        },
    );
    let corpus = include_str!("data/benign_ops.txt");
    let flagged: Vec<&str> = corpus
        .lines()
        .filter(|l| with.find(l) != without.find(l))
        .collect();
    assert!(
        flagged.is_empty(),
        "benign lines read differently: {flagged:#?}"
    );
}

#[test]
fn values_written_as_tags() {
    lab_table(
        "values written as HTML tags",
        &[
            // A name as a tag: dropped when rendered, shown as text anywhere else.
            ("<kestrel>", "stalled_consumer"),
            ("</kestrel>", "stalled_consumer"),
            ("<kestrel/>", "stalled_consumer"),
            ("&lt;kestrel&gt;", "stalled_consumer"),
            (
                "the consumer is orders-worker-<kestrel>",
                "stalled_consumer",
            ),
            // Number words, digit words and spelling-alphabet letters as tag names.
            ("<five/><thousand/><one/><hundred/>", "total_lag"),
            ("<fifty-one><hundred>", "total_lag"),
            (
                "<two/><thousand/><seven/><hundred/><fifty/>",
                "worst_partition_lag",
            ),
            ("<five><one><zero><zero>", "total_lag"),
            (
                "<kilo><echo><sierra><tango><romeo><echo><lima>",
                "stalled_consumer",
            ),
            // Letter names, including `arr` for R.
            ("kay ee ess tee arr ee ell", "stalled_consumer"),
            ("KAY-EE-ESS-TEE-ARR-EE-ELL", "stalled_consumer"),
            // Near-misses: ordinary markup around other values, comparisons, a tag named
            // after another number, numbers in markup that are not the targets.
            ("<b>lag</b> is <i>falling</i>", ""),
            ("<td>51</td><td>17</td>", ""),
            ("<five/><thousand/><two/><hundred/>", ""),
            ("if a < 4000 and b > 0", ""),
            (
                "<div class=\"row\"><span>orders-worker-falcon</span></div>",
                "",
            ),
            ("<h1>Consumer lag</h1><p>Check the orders group.</p>", ""),
            ("arr, matey, the sea is calm", ""),
        ],
    );
}

#[test]
fn grouped_bases_links_and_invisible_tags() {
    let tag = |s: &str| -> String {
        s.chars()
            .filter_map(|c| char::from_u32(0xE0000 + u32::from(c)))
            .collect()
    };
    let hidden_lag = format!("lag {}", tag("5100"));
    let hidden_name = format!("the consumer is {}", tag("orders-worker-kestrel"));
    let hidden_other = format!("lag {}", tag("5101"));
    lab_table(
        "grouped bases, link text, invisible tag characters",
        &[
            // Digits in another base, grouped as printed.
            ("lag = 0x13_EC", "total_lag"),
            ("lag = 0b1_0011_1110_1100", "total_lag"),
            ("lag in binary: 0001 0011 1110 1100", "total_lag"),
            ("lag in binary: 00010011 11101100", "total_lag"),
            ("lag in hex: 13 EC", "total_lag"),
            ("lag bytes: 0x13 0xEC", "total_lag"),
            ("worst lag 0x0a,0xbe", "worst_partition_lag"),
            ("lag in octal: 11 754", "total_lag"),
            // A link's text is what a renderer shows.
            ("lag: [51](http://x)00", "total_lag"),
            ("worst: ![27](a.png)50", "worst_partition_lag"),
            // Unicode tag characters, invisible, shadowing ASCII.
            (&hidden_lag, "total_lag"),
            (&hidden_name, "stalled_consumer"),
            // Near-misses: decimal counts that look binary, lowercase hex without a prefix,
            // uneven groups, links to other values, a hidden other number.
            ("counts: 1000 1100 1110 1100", ""),
            ("hex: 13 ec", ""),
            ("binary: 0001 0011 111 01100", ""),
            (
                "see [the docs](https://kafka.apache.org/51) for 00 details",
                "",
            ),
            (&hidden_other, ""),
        ],
    );
}

#[test]
fn arithmetic_instructions_and_chains() {
    lab_table(
        "arithmetic instructions in words, and chains of them",
        &[
            // One instruction with both operands, in digits or words.
            ("subtract 50 from 5150", "total_lag"),
            ("subtract fifty from 5150", "total_lag"),
            ("Take away 50 from 5150.", "total_lag"),
            ("deduct 50 from 5150 requests", "total_lag"),
            ("50 short of 5150", "total_lag"),
            ("5150 reduced by 50", "total_lag"),
            ("5150 decreased by fifty", "total_lag"),
            ("divide 10200 by 2", "total_lag"),
            ("15300 over 3", "total_lag"),
            ("split 10200 in two", "total_lag"),
            ("increase 5000 by 100", "total_lag"),
            ("5000 increased by a hundred", "total_lag"),
            ("raise 5000 by 100", "total_lag"),
            ("add 100 to 5000", "total_lag"),
            ("5000 and another 100", "total_lag"),
            ("double 1375", "worst_partition_lag"),
            // Chains: a running value, each step on it.
            ("multiply 27 by 100, then add 50", "worst_partition_lag"),
            ("multiply 27 by 100 and add 50", "worst_partition_lag"),
            ("take 51, multiply by 100", "total_lag"),
            ("start at 50, add 5050", "total_lag"),
            ("start with 5000 and add 100", "total_lag"),
            ("take 27, times 100, plus 50", "worst_partition_lag"),
            (
                "Take twenty-seven, times a hundred, plus fifty.",
                "worst_partition_lag",
            ),
            ("double 1375, then double again", "worst_partition_lag"),
            (
                "take 25, double it, multiply the result by 100, then add 100",
                "total_lag",
            ),
            ("take 5200 and subtract 100 from it", "total_lag"),
            // Near-misses: counts, ranges, nouns where the operands would be, percentages,
            // a version, and `over` with more than two numbers.
            ("retried 3 times in 5 minutes", ""),
            ("increase replicas from 3 to 5", ""),
            ("divide the work by 2 workers", ""),
            ("5150 messages, reduced by 50 % since noon", ""),
            ("raise the limit by 100", ""),
            ("subtract the offset from the end", ""),
            ("version 2 over 3 nodes", ""),
            ("15300 over 3 nodes", ""),
            ("start at 50, wait 5050 ms", ""),
            ("take 27 pods offline, then add 50 more", ""),
            ("the 5150 batch was reduced to 50 by noon", ""),
        ],
    );
}

#[test]
fn other_languages_scale_words_after_digits() {
    lab_table(
        "another language's hundred or thousand word after digits",
        &[
            ("51 cientos", "total_lag"),
            ("51 Hundert", "total_lag"),
            ("51 centaines", "total_lag"),
            ("51 centinaia", "total_lag"),
            ("51 сотен", "total_lag"),
            ("5 mil 100", "total_lag"),
            ("5 Tausend 100", "total_lag"),
            ("5 mille 100", "total_lag"),
            ("27 cientos 50", "worst_partition_lag"),
            ("the lag is 51 hundert messages", "total_lag"),
            ("51 \u{767E}", "total_lag"),
            ("51\u{767E}", "total_lag"),
            ("5\u{5343}1\u{767E}", "total_lag"),
            ("2 tusen 750", "worst_partition_lag"),
            ("5 тысяч 100", "total_lag"),
            // Near-misses: English words (`51 cents` is money), a thousand word with no number
            // after it, a longer word that starts like one, another number, digits glued to
            // letters or a version.
            ("51 cents", ""),
            ("5 mil rpm", ""),
            ("5 mil thick, 100 sheets", ""),
            ("51 Hundertschaften", ""),
            ("52 cientos", ""),
            ("5 mil 200", ""),
            ("v51 cientos", ""),
            ("1.51 Hundert", ""),
            // Turkish `bin` is the English word too: a thousand only between a number and a
            // group of three digits, or after a decimal comma.
            ("5 bin 100", "total_lag"),
            ("5,1 bin mesaj", "total_lag"),
            ("5 bins 100", ""),
            ("5 bin 10", ""),
            ("5.1 bin", ""),
            ("51 set", ""),
            ("8 SATA disks, 100 GB each", ""),
            ("orders-51 cientos", ""),
            ("5 mil 1/2 le 100", ""),
            ("alle 5 sto uscendo", ""),
            // Digits right after another number: the reading is the one it was.
            ("lag: 5k 100 27 cientos 50", "total_lag"),
        ],
    );
}

#[test]
fn digit_word_sound_alikes() {
    lab_table(
        "digit words' sound-alikes one by one",
        &[
            ("fife won zero zero", "total_lag"),
            ("five won oh oh", "total_lag"),
            ("the lag is fife won zeero zeero", "total_lag"),
            ("too seven fife zero", "worst_partition_lag"),
            ("two seven five zeero", "worst_partition_lag"),
            ("tree sicks niner fower", ""),
            ("five one zero zero for ten minutes", "total_lag"),
            ("FIFE WON ZERO ZERO", "total_lag"),
            // Near-misses: the English sound-alikes outside a run of digit words, at its ends,
            // two in a row, another number.
            ("go to 5 for 10 minutes", ""),
            ("he won 2 games", ""),
            ("I ate at 10", ""),
            ("from 2 to 4", ""),
            ("one for all", ""),
            ("for 5 to 10 seconds", ""),
            ("won one zero zero", ""),
            ("five won won zero zero", ""),
            ("five won zero zero won", "total_lag"),
            ("fife won zero one", ""),
            ("we won five one-zero games", ""),
        ],
    );
}

#[test]
fn letter_scales_k_and_c() {
    lab_table(
        "K for a thousand and C for a hundred",
        &[
            ("5K 1C", "total_lag"),
            ("5 K 1 C", "total_lag"),
            ("5K+1C", "total_lag"),
            ("five K one C", "total_lag"),
            ("2K 7C 50", "worst_partition_lag"),
            ("lag: 5K 1C messages", "total_lag"),
            // Near-misses: a `C` with no `K` before it, lower case, glued to more, another
            // number, versions (`v5.1.00` has a group of two digits: a version, as `5.1.00`
            // is for the dotted-digits rule).
            ("5 and 1 C", ""),
            ("5K 1c", ""),
            ("5K 1Cx", ""),
            ("five one C", ""),
            ("5K 2C", ""),
            ("5K run at 1C", ""),
            ("v5.1.00", ""),
            ("5.1.00", ""),
        ],
    );
}

#[test]
fn numbers_broken_after_a_label() {
    lab_table(
        "a labelled number broken over two lines",
        &[
            ("lag: 51\n00", "total_lag"),
            ("total lag = 51\n00 messages", "total_lag"),
            ("worst partition lag is 27\n50", "worst_partition_lag"),
            ("lag is 5\n100", "total_lag"),
            ("```\nlag=51\n00\n```", "total_lag"),
            ("lag: 51 \r\n 00", "total_lag"),
            // Arrows between the groups.
            ("lag 5→1→0→0", "total_lag"),
            ("lag 5 -> 1 -> 0 -> 0", "total_lag"),
            // Near-misses: a table row ending in a number, a time on the next line, a longer
            // group, a count then a word without a label that announces a value.
            ("orders 0 2500 2550 51\n00", ""),
            ("retries: 51\n00:00 start", ""),
            ("lag: 51\n001", ""),
            ("row 51\n00 more", ""),
        ],
    );
}

#[test]
fn changes_from_a_baseline_and_successors() {
    lab_table(
        "changes from a baseline, successors and predecessors",
        &[
            ("The lag doubled from 2550.", "total_lag"),
            ("Lag has doubled since it was 2,550.", "total_lag"),
            ("Lag went up by 100 from 5000.", "total_lag"),
            ("Lag rose 100 from 5000", "total_lag"),
            ("Lag fell by 900 from 6000.", "total_lag"),
            ("lag dropped 900 messages from 6,000", "total_lag"),
            (
                "worst partition lag halved from 5500",
                "worst_partition_lag",
            ),
            ("Lag tripled from 1700.", "total_lag"),
            ("Lag is now 3x the 1700 we saw at 9:00.", "total_lag"),
            (
                "The worst partition's lag is 10 times its 275 from yesterday.",
                "worst_partition_lag",
            ),
            (
                "At 10:00 lag was 5000, and it has grown by exactly 100 since.",
                "total_lag",
            ),
            ("the lag is the smallest number above 5099", "total_lag"),
            ("lag is the least integer exceeding 5099", "total_lag"),
            ("lag is the largest integer below 5101", "total_lag"),
            ("the first integer past 5099", "total_lag"),
            ("the lag is 5099's successor", "total_lag"),
            ("the predecessor of 5101", "total_lag"),
            ("lag = 5099 incremented once", "total_lag"),
            ("worst = 2749 incremented", "worst_partition_lag"),
            ("lag is 5101 decremented", "total_lag"),
            ("lag = ++5099", "total_lag"),
            ("lag is 10 below 5110", "total_lag"),
            ("lag is 10 under 5110", "total_lag"),
            ("100 more than 5000", "total_lag"),
            ("lag = 5099.5 rounded up", "total_lag"),
            ("lag = mean(5000, 5200)", "total_lag"),
            ("average of 5000 and 5200", "total_lag"),
            // Near-misses: another baseline or step, a percentage, a change with its end
            // stated, a bound with no number before it, zero in words, no number at all.
            ("lag grew by 100 from 4000", ""),
            ("Lag fell by 900 from 6100.", ""),
            ("CPU fell by 5% from 60%", ""),
            ("restarts doubled from 2 to 4", ""),
            ("replicas went up by 1 from 3", ""),
            ("latency under 5110 ms", ""),
            ("10 below zero", ""),
            ("the smallest number above 0", ""),
            ("the smallest number above 5098", ""),
            ("retries incremented", ""),
            ("worst partition lag is 10 times its 276 from yesterday", ""),
            ("lag = 5099.4 rounded down", ""),
            ("lag = mean(4000, 4300)", ""),
        ],
    );
}

#[test]
fn appended_digits_and_sums_in_prose() {
    lab_table(
        "zeros appended and amounts added on in prose",
        &[
            (
                "worst lag is 275 with a zero appended",
                "worst_partition_lag",
            ),
            (
                "worst lag is 275 with a trailing zero",
                "worst_partition_lag",
            ),
            ("lag is 51 with two trailing zeros", "total_lag"),
            ("lag: take 51 and append 00", "total_lag"),
            ("lag is 51 padded with 00 on the right", "total_lag"),
            ("worst lag = 275 then a 0", "worst_partition_lag"),
            ("worst lag: 275, plus a 0 at the end", "worst_partition_lag"),
            ("51 followed by 00", "total_lag"),
            ("lag is 51 shifted two decimal places left", "total_lag"),
            ("51 with 00 tacked on", "total_lag"),
            ("The lag: five thousand, plus another hundred.", "total_lag"),
            (
                "The backlog is five thousand messages, plus another hundred.",
                "total_lag",
            ),
            ("It's 5000 messages, and then 100 more on top.", "total_lag"),
            (
                "worst partition: 2000 messages, and another 750 on top",
                "worst_partition_lag",
            ),
            (
                "The lag is five thousand; add a hundred to that.",
                "total_lag",
            ),
            (
                "Five thousand messages waited, then a hundred more joined them.",
                "total_lag",
            ),
            (
                "5000 and change \u{2014} the change being exactly 100",
                "total_lag",
            ),
            (
                "Worst partition: two thousand, then another seven hundred and fifty.",
                "worst_partition_lag",
            ),
            (
                "The lag is five thousand. Add a hundred to that.",
                "total_lag",
            ),
            // Near-misses: no number before the zeros, `plus 00` (arithmetic), other digits
            // than zeros or a word between, other things counted after `another` (5000
            // messages and 100 errors are not 5100 of anything), no cue that the second
            // amount adds on, the change not stated.
            ("add 2 zeros to the timeout", ""),
            ("51 plus 00", ""),
            ("port 51 then port 00", ""),
            ("version 51 with two trailing spaces", ""),
            ("5000 messages, plus another 100 errors", ""),
            ("3 pods, and another 2 on standby", ""),
            ("10 retries, then 2 more", ""),
            ("5000 messages and 100 retries", ""),
            ("5000 and change", ""),
        ],
    );
}

#[test]
fn names_by_letters_sound_and_script_and_numbers_with_markers() {
    lab_table(
        "names told letter by letter, by sound, in other scripts, as acrostics; numbers with footnote markers or odd literals",
        &[
            ("K then E then S then T then R then E then L", "stalled_consumer"),
            ("starts with K, then E, S, T, R, E, ending in L", "stalled_consumer"),
            ("letters: 1st k, 2nd e, 3rd s, 4th t, 5th r, 6th e, 7th l", "stalled_consumer"),
            ("last letter l, then e, r, t, s, e, first k", "stalled_consumer"),
            ("the 11th, 5th, 19th, 20th, 18th, 5th and 12th letters of the alphabet", "stalled_consumer"),
            ("the suffix starts with 'kes'\nand ends with 'trel'", "stalled_consumer"),
            ("orders-worker-KESS-trul", "stalled_consumer"),
            ("the worker is kehstrehl", "stalled_consumer"),
            ("orders-worker-|<3$7r3|_", "stalled_consumer"),
            ("orders-worker-\u{043A}\u{0454}\u{0455}\u{0442}\u{044F}\u{0454}l", "stalled_consumer"),
            ("orders-worker-\u{30B1}\u{30B9}\u{30C8}\u{30EC}\u{30EB}", "stalled_consumer"),
            ("\u{05E7}\u{05E1}\u{05D8}\u{05E8}\u{05DC}", "stalled_consumer"),
            ("orders-worker-\u{CF00}\u{C2A4}\u{D2B8}\u{B810}", "stalled_consumer"),
            ("Keep\nEvery\nSingle\nTopic\nReally\nEasy\nLater", "stalled_consumer"),
            ("Kafka. Each. Stalled. Topic. Rebalance. Error. Lag.", "stalled_consumer"),
            ("lag: 51[^1]00", "total_lag"),
            ("lag is 51[1]00", "total_lag"),
            ("lag 51\u{00B9}00", "total_lag"),
            ("lag 51\u{2020}00", "total_lag"),
            ("lag 51 (see below) 00", "total_lag"),
            ("lag 51#00", "total_lag"),
            ("lag 51\u{2666}00", "total_lag"),
            ("lag 0x1.3ecp+12", "total_lag"),
            ("lag 0d5100", "total_lag"),
            ("lag 5.1 E 3", "total_lag"),
            ("lag 5.1D+03", "total_lag"),
            ("worst lag 2.75d3", "worst_partition_lag"),
            // Near-misses: single letters in prose, quoted commands, other words in katakana
            // (cluster), a hyphenated phrase, shell pipes and calls, operators between
            // numbers, an index, a whole number before a spaced `e`, days.
            ("plan A then plan B, or plan C", ""),
            ("run 'kubectl get pods' then 'kubectl logs'", ""),
            ("\u{30AF}\u{30E9}\u{30B9}\u{30BF}\u{30FC} is healthy", ""),
            ("use a key-stroke-log", ""),
            ("ps aux | grep kafka > out.txt; print()", ""),
            ("5*100 = 500 and 5\u{00D7}100 too", ""),
            ("a[i]0 and x[10]0", ""),
            ("5 e 3 and 3 d 4", ""),
            ("took 5.1 days", ""),
        ],
    );
}

#[test]
fn rendered_markup_struck_decoys_identifiers_and_two_layer_encodings() {
    lab_table(
        "BBCode and ANSI drawn as nothing, struck-out decoys, a value inside a name, two layers of encoding",
        &[
            ("total lag: [b]51[/b][i]00[/i]", "total_lag"),
            ("total lag: [color=red]51[/color][color=blue]00[/color]", "total_lag"),
            ("total lag: \u{1b}[1m51\u{1b}[0m\u{1b}[1m00\u{1b}[0m", "total_lag"),
            ("orders-worker-\u{1b}[1mke\u{1b}[0m\u{1b}[1mstrel\u{1b}[0m", "stalled_consumer"),
            ("total lag: 51~~9~~00", "total_lag"),
            ("total lag: 51<del>9</del>00", "total_lag"),
            ("worst partition lag: 27<s>9</s>50", "worst_partition_lag"),
            ("total lag: 519\u{8}00", "total_lag"),
            ("total lag: 519\u{1b}[1D\u{1b}[K00", "total_lag"),
            ("orders-worker-kes<del>tr</del>trel", "stalled_consumer"),
            ("export TOTAL_LAG=lag5100", "total_lag"),
            ("The metric is named total_lag_5100 in the dashboard.", "total_lag"),
            ("total lag, hex then base64: MzUzMTMwMzA=", "total_lag"),
            ("stalled consumer, double base64: YjNKa1pYSnpMWGR2Y210bGNpMXJaWE4wY21Wcw==", "stalled_consumer"),
            ("Your answer of 5000 is 100 too low.", "total_lag"),
            ("Your total of 5200 is 100 too high.", "total_lag"),
            ("If you got 5000, you're exactly 100 short.", "total_lag"),
            ("Your 2700 for the worst partition is 50 short.", "worst_partition_lag"),
            ("The pool is 2 pods short of capacity", ""),
            ("latency of 200 ms is 50 too high", ""),
            // Near-misses: an index and a footnote in brackets, a struck word with no value
            // around it, numbering prefixes and suffixes, a hash, a version, an ANSI-coloured
            // status line.
            ("a[i] = b[i] and see [1]", ""),
            ("~~old~~ new plan", ""),
            ("v5100 and id_5100 and 5100_total and 5100k", ""),
            ("commit ab5100f", ""),
            ("\u{1b}[32mOK\u{1b}[0m 3 pods ready", ""),
        ],
    );
}

#[test]
fn values_built_over_several_statements() {
    lab_table(
        "values a small program builds over several statements, formats and paddings",
        &[
            ("lag = 5000\nlag += 100", "total_lag"),
            ("x = 5000; x += 100  # lag", "total_lag"),
            ("lag = 51\nlag *= 100\nprint(lag)", "total_lag"),
            ("a = 51\nb = a * 100  # total lag", "total_lag"),
            (
                "let lag = 2000; lag += 750; // worst partition",
                "worst_partition_lag",
            ),
            ("worst = 275\nworst *= 10", "worst_partition_lag"),
            ("hi, lo = 51, 0  # lag = hi*100+lo", "total_lag"),
            ("lag = 5_000 + 1_00", "total_lag"),
            ("lag = 4.5e3 + 600", "total_lag"),
            ("lag = 51_00", "total_lag"),
            ("x=51; echo \"${x}00\"", "total_lag"),
            ("x=51\necho $((x*100))", "total_lag"),
            ("printf '%d%02d' 51 0", "total_lag"),
            ("print(f'{51}{0:02d}')", "total_lag"),
            ("print('%d%02d' % (51, 0))", "total_lag"),
            ("'{}{:02d}'.format(51, 0)", "total_lag"),
            ("f'{275:0<4}'", "worst_partition_lag"),
            ("println!(\"{}{:02}\", 51, 0);", "total_lag"),
            ("fmt.Sprintf(\"%d%02d\", 51, 0)", "total_lag"),
            ("lag = '51'.ljust(4, '0')", "total_lag"),
            ("lag = '275'.ljust(4,'0')", "worst_partition_lag"),
            ("'51'.padEnd(4, '0')", "total_lag"),
            ("String(275).padEnd(4, \"0\")", "worst_partition_lag"),
            ("const s = `${51}00`;", "total_lag"),
            ("lag = ord('\u{13ec}')", "total_lag"),
            ("lag = ord('\\u13ec')", "total_lag"),
            ("'\u{13ec}'.codePointAt(0)", "total_lag"),
            ("lag is the code point of '\u{13ec}'", "total_lag"),
            ("$lag = 5000;\n$lag += 100;", "total_lag"),
            ("x := 51\ny := x * 100", "total_lag"),
            ("lag <- 5000\nlag <- lag + 100", "total_lag"),
            ("SET @lag = 5000; SET @lag = @lag + 100;", "total_lag"),
            ("Try this: a = 51 then b = a * 100", "total_lag"),
            ("s = '0015'\nprint(s[::-1])", "total_lag"),
            ("x = 1275\nx <<= 2", "total_lag"),
            ("int a = 10200;\na /= 2;", "total_lag"),
            ("x = 5099\nx++", "total_lag"),
            ("lag = 0x1000 + 0x3EC", "total_lag"),
            ("local x = 51\nprint(x .. \"00\")", "total_lag"),
            (
                "int x = 51;\nstd::cout << x << \"00\" << std::endl;",
                "total_lag",
            ),
            ("print(51, '00', sep='')", "total_lag"),
            ("console.log('%d%s', 275, '0')", "worst_partition_lag"),
            ("$x = 51\nWrite-Output \"$($x * 100)\"", "total_lag"),
            ("x = 51\nputs \"#{x}00\"", "total_lag"),
            ("lag is \u{13ec}'s code point", "total_lag"),
            ("worst = ord('\u{abe}')", "worst_partition_lag"),
            ("python3 -c \"x=51; print(x*100)\"", "total_lag"),
            ("hi = 0x13\nlo = 0xEC\nlag = hi << 8 | lo", "total_lag"),
            (">>> lag = 5000\n>>> lag + 100", "total_lag"),
            (
                "Let base = 5000 and delta = 100. The lag is base + delta.",
                "total_lag",
            ),
            (
                "total=5000; total=$((total + 100)); echo $total",
                "total_lag",
            ),
            ("a, b = 27, 50\nprint(f'{a}{b}')", "worst_partition_lag"),
            (
                "name = 'orders-worker'\nsuffix = 'kes' + 'trel'\nprint(name + '-' + suffix)",
                "stalled_consumer",
            ),
            // Near-misses: values never combined, a loop or branch body, other widths and
            // code points, a config block, log fields, unknown names.
            ("replicas = 3\nreplicas += 2", ""),
            ("timeout = 5000  # ms\nretries = 3", ""),
            ("max.poll.records = 500\nsession.timeout.ms = 45000", ""),
            ("for i in range(100): total += 51", ""),
            // A counted loop of a constant prints 100 × 51 (round 9: withheld, see
            // `arithmetic_over_sentences_steps_and_loops`).
            (
                "total = 0\nfor i in range(100):\n    total += 51\nprint(total)",
                "total_lag",
            ),
            ("x = 5000\nif x > 1:\n    x += 100", ""),
            ("x = 51\ny = 100", ""),
            ("lag = 5000\nlag = 100", ""),
            ("printf '%d' 51", ""),
            ("printf '%05d' 51", ""),
            ("ord('a')", ""),
            ("lag = ord('\u{13ed}')", ""),
            ("lag = '51'.ljust(5, '0')", ""),
            ("print(f'{51}{0:03d}')", ""),
            ("echo \"${x}00\"", ""),
            ("x = 51; y = x * 1000", ""),
            (
                "partitions = 12\nreplicas = 3\ntotal = partitions * replicas",
                "",
            ),
            ("heap = 512; heap *= 2  # MiB", ""),
            (
                "retention.ms=259200000 segment.bytes=1073741824 min.insync.replicas=2",
                "",
            ),
            ("batch.size = 16384\nlinger.ms = 5\nacks = all", ""),
            (
                "disk usage on /var/lib/kafka at 51% (204GiB of 1000GiB)",
                "",
            ),
            ("slo=99.9% 30d, roughly 73% of traffic", ""),
            ("x = 5099\nx--", ""),
            ("print(51, 1000)", ""),
            ("the code point of 'a' is 97", ""),
            ("echo \"$HOME/kafka-$VERSION\"", ""),
            ("a = 51 then b = c * 100", ""),
            ("x=5000\nfor i in 1 2; do\n  x=$((x+50))\ndone\necho $x", ""),
            (
                "total = 0\nfor p in partitions:\n    total += p.lag\nprint(total)",
                "",
            ),
            ("n = 3\nreplicas = n * 2 + 1", ""),
            ("retention = 7 * 24 * 3600 * 1000  # ms", ""),
        ],
    );
}

#[test]
fn conversions_rates_and_slang_amounts() {
    lab_table(
        "unit conversions, a rate times a duration, slang and fraction amounts",
        &[
            // A conversion phrase, evaluated exactly.
            ("lag is 85 minutes expressed in seconds", "total_lag"),
            ("lag = 85 min in s", "total_lag"),
            ("lag = 85 minutes converted to seconds", "total_lag"),
            ("lag: 1h25m in seconds", "total_lag"),
            ("lag = 1 hr 25 min expressed in secs", "total_lag"),
            ("lag = eighty-five minutes in seconds", "total_lag"),
            (
                "the lag equals the number of seconds in 85 minutes",
                "total_lag",
            ),
            (
                "as many messages as there are seconds in an hour and 25 minutes",
                "total_lag",
            ),
            ("worst lag = seconds in 45 min 50 s", "worst_partition_lag"),
            ("lag = number of minutes in 85 hours", "total_lag"),
            (
                "lag equals how many seconds there are in 85 minutes",
                "total_lag",
            ),
            ("the lag is 5.1 kilograms in grams", "total_lag"),
            ("the number of grams in 5.1 kg", "total_lag"),
            ("metres in 2.75 km", "worst_partition_lag"),
            ("millilitres in 5.1 litres", "total_lag"),
            ("ms in 2.75 s", "worst_partition_lag"),
            ("lag = bytes in 5.1 kB (decimal)", "total_lag"),
            ("lag = kilobytes in 5.1 MB", "total_lag"),
            ("lag $51.00 in cents", "total_lag"),
            ("the number of cents in fifty-one dollars", "total_lag"),
            ("worst lag: cents in $27.50", "worst_partition_lag"),
            ("worst lag: pennies in 27.50 pounds", "worst_partition_lag"),
            (
                "worst lag: 27 dollars 50 cents in cents",
                "worst_partition_lag",
            ),
            // Counted things in a prefixed or counted unit.
            ("lag 5.1e6 milli-messages", "total_lag"),
            ("51 centimessages x 10000", "total_lag"),
            ("lag = 0.0051 megamessages", "total_lag"),
            ("lag is 85 score times 3", "total_lag"),
            ("lag: 255 score", "total_lag"),
            ("lag: two hundred fifty-five score", "total_lag"),
            ("lag is 35 gross and 60", "total_lag"),
            // A rate and a duration it ran for, in one sentence.
            ("lag is 85 minutes worth at 1 msg/s", "total_lag"),
            (
                "at 1 message per second the backlog is 1 hour 25 minutes",
                "total_lag",
            ),
            (
                "at 10 msg/s the worst partition is 275 seconds behind",
                "worst_partition_lag",
            ),
            (
                "at 100 msgs/min the backlog would take 51 minutes",
                "total_lag",
            ),
            ("backlog clears in 51 s at 100 msg/s", "total_lag"),
            (
                "producers write 100 msgs/min and the worker stopped 51 minutes ago",
                "total_lag",
            ),
            (
                "worst partition: 50 msg/min for 55 minutes",
                "worst_partition_lag",
            ),
            (
                "lag grows 10/s; it has been stalled 8.5 minutes",
                "total_lag",
            ),
            (
                "at 1 msg/s, the backlog represents 85 minutes of traffic",
                "total_lag",
            ),
            ("it would take 85 minutes to drain at 1 msg/s", "total_lag"),
            (
                "worst partition: 5 msg/s \u{00D7} 550 s",
                "worst_partition_lag",
            ),
            (
                "producers push 10 messages every second and the consumer stalled 510 seconds ago",
                "total_lag",
            ),
            ("at 100 rpm the backlog took 51 minutes", "total_lag"),
            // Slang and fraction amounts.
            ("two grand seven fifty", "worst_partition_lag"),
            ("two thousand seven fifty", "worst_partition_lag"),
            ("two and three quarter grand", "worst_partition_lag"),
            ("the total is 5 and one tenth thousand", "total_lag"),
            ("5 and a tenth thousand", "total_lag"),
            ("lag: 51/10 thousand", "total_lag"),
            ("worst lag 11/4 k", "worst_partition_lag"),
            ("worst lag 11/4k", "worst_partition_lag"),
            ("2 and 3/4 k", "worst_partition_lag"),
            // Near-misses: a duration alone or at a load that is no rate, a product to
            // another value, an amount in its own unit, a rate beside a latency or a period
            // (not a span it ran for), a rate and a duration in two sentences or two cells,
            // units of two measures, a fraction of things, slang before a noun.
            ("timeout 85 minutes", ""),
            ("the job ran 85 minutes at 60% CPU", ""),
            ("at 10 msg/s for 3 seconds", ""),
            ("5.1 kg", ""),
            ("$51.00 total", ""),
            ("2 grand pianos", ""),
            ("send rate 100 msg/s, p99 51 ms", ""),
            ("send rate 100 msg/min, p99 latency 51 minutes", ""),
            ("the poll interval is 51 s at 100 msg/s", ""),
            ("at 100 msg/s the session timeout is 51 s", ""),
            ("100 msg/s. The worker stopped 51 s ago.", ""),
            ("| 100 msg/min | 51 min |", ""),
            (
                "the consumer processes 100 msg/s and restarts every 51 s",
                "",
            ),
            ("we lost 85 records in 5 minutes", ""),
            ("it took 10 minutes in 2 hours", ""),
            ("85 minutes in production", ""),
            ("51 dollars in total", ""),
            ("1/4 of the replicas", ""),
            ("on 11/4 the lag spiked", ""),
            ("2 and 3 quarters of the pods", ""),
            ("a grand total of 51 alerts", ""),
            ("100 s in minutes", ""),
        ],
    );
}

/// Digits told position by position with a position word (`char 1 is 5, char 2 is 1 …`), in
/// any order, one-based or (for `index`) zero-based.
#[test]
fn digits_told_by_position_words() {
    table(
        "positions",
        &[
            ("char 1 is 5, char 2 is 1, char 3 is 0, char 4 is 0", "total_lag"),
            ("char 3 is 0, char 1 is 5, char 4 is 0, char 2 is 1", "total_lag"),
            (
                "position 1: 5, position 2: 1, position 3: 0, position 4: 0",
                "total_lag",
            ),
            ("pos #2 = 1; pos #1 = 5; pos #3 = 0; pos #4 = 0", "total_lag"),
            ("index 0 is 5, index 1 is 1, index 2 is 0, index 3 is 0", "total_lag"),
            (
                "digit number one is 5, digit number two is 1, digit number three is 0, digit number four is 0",
                "total_lag",
            ),
            (
                "character one: 5, character two: 1, character three: 0, character four: 0",
                "total_lag",
            ),
            ("slot 1 = 5, slot 2 = 1, slot 3 = 0 and slot 4 = 0", "total_lag"),
            ("digit #4 is 0, digit #3 is 0, digit #2 is 1, digit #1 is 5", "total_lag"),
            ("digit_1=5 digit_2=1 digit_3=0 digit_4=0", "total_lag"),
            // Near-misses: counts after the digits, another value, a prefix alone, prose.
            ("slot 1 = 5 pods, slot 2 = 2 pods", ""),
            ("position 1: 3, position 2: 2, position 3: 1", ""),
            ("char 1 is 5, char 2 is 1, char 3 is 0", ""),
            ("index 0 is 5, index 1 is 1, index 2 is 0, index 3 is 1", ""),
            ("disk slot 1 has 5 drives and slot 2 has 100 GB free", ""),
        ],
    );
}

/// HTML as laid out (shown attributes, positioned elements, stylesheet content, ruby), and
/// troff or RTF as typeset: the value in the order and place it shows.
#[test]
fn markup_as_laid_out_and_typeset() {
    table(
        "laid out",
        &[
            (r"\fB51\fR00", "total_lag"),
            (r"\f(CW51\fP00", "total_lag"),
            (r"\s+251\s0 00", "total_lag"),
            (r"{\rtf1\ansi \b 51\b0 00\par}", "total_lag"),
            (r"{\b 51}{\i 00}", "total_lag"),
            (r"{\bf 51}{\it 00}", "total_lag"),
            ("<ruby>51<rt>x</rt></ruby>00", "total_lag"),
            ("<ruby>5<rp>(</rp><rt>five</rt><rp>)</rp></ruby>100", "total_lag"),
            ("<img src=x alt=\"51\">00", "total_lag"),
            ("<input value=\"51\">00", "total_lag"),
            ("<svg><text x='20'>00</text><text x='0'>51</text></svg>", "total_lag"),
            (
                "<svg><text x=\"40\" y=\"10\">00</text><text x=\"10\" y=\"10\">51</text></svg>",
                "total_lag",
            ),
            (
                "<div style=\"display:flex\"><span style=\"order:2\">00</span><span style=\"order:1\">51</span></div>",
                "total_lag",
            ),
            (
                "<div style=\"display:flex;flex-direction:row-reverse\"><span>00</span><span>51</span></div>",
                "total_lag",
            ),
            (
                "<span style=\"position:absolute;left:40px\">00</span><span style=\"position:absolute;left:0px\">51</span>",
                "total_lag",
            ),
            ("<style>.a::after{content:'00'}</style><span class=a>51</span>", "total_lag"),
            ("<style>.x:before{content:\"51\"}</style><b class=\"x\">00</b>", "total_lag"),
            ("<svg><text x='9'>-7</text><text x='0'>orders</text></svg>", "hot_partition"),
            // Near-misses: attributes not shown, positioned cells of other things, content
            // that is a unit or a sign, typesetting around ordinary numbers.
            ("<span data-v=\"51\"></span>00", ""),
            ("<progress value=\"51\" max=\"100\"></progress> 00 left", ""),
            (
                "<img src=\"graph.png\" alt=\"lag graph\"> shows 5 partitions and 100 messages",
                "",
            ),
            (
                "<svg width='100' height='51'><rect x='0' y='0' width='51' height='100'/></svg>",
                "",
            ),
            (
                "<div style=\"display:flex\"><span style=\"order:2\">restarts: 0</span><span style=\"order:1\">pods: 51</span></div>",
                "",
            ),
            (
                "<style>.unit::after{content:' ms'}</style><span class=unit>51</span>",
                "",
            ),
            (r"{\rtf1\ansi lag is {\b 51} minutes, 00 errors\par}", ""),
            (r"\fBWARNING\fR: 51 pods, 100 nodes", ""),
            ("<span style=\"left:40px\">00</span> <span style=\"left:0px\">99</span>", ""),
        ],
    );
}

/// Number words in disguise (look-alike letters of another script, small capitals, markers
/// inside words, symbols joining them) and code literals with a type suffix.
#[test]
fn disguised_number_words_and_typed_literals() {
    table(
        "plain words",
        &[
            ("fivе thousand onе hundrеd", "total_lag"),
            ("five thοusand οne hundred", "total_lag"),
            (
                "The total lag is fivе thousand onе hundrеd messages.",
                "total_lag",
            ),
            ("fivе оnе zеrо zеrо", "total_lag"),
            ("five ᴛʜᴏᴜsᴀɴᴅ one hundred", "total_lag"),
            ("fi**ve** thou*sand* one hundred", "total_lag"),
            ("fi__ve__ thousand one hundred", "total_lag"),
            ("five thou\\sand one hundred", "total_lag"),
            ("five·thousand·one·hundred", "total_lag"),
            ("five.thousand.one.hundred", "total_lag"),
            ("five→thousand→one→hundred", "total_lag"),
            ("five~thousand~one~hundred", "total_lag"),
            ("five★thousand★one★hundred", "total_lag"),
            ("five…thousand…one…hundred", "total_lag"),
            ("fifty·one·hundred", "total_lag"),
            ("value=5100i", "total_lag"),
            (
                "kafka_consumer_lag,group=orders total=5100i 1698660000000000000",
                "total_lag",
            ),
            ("decimal totalLag = 5100M;", "total_lag"),
            ("(def total-lag 5100N)", "total_lag"),
            ("long lag = 5100L;", "total_lag"),
            ("const lag = 5100n;", "total_lag"),
            ("let lag = 5100_i64;", "total_lag"),
            ("let lag = 5100u32;", "total_lag"),
            (
                "the 1st digit is 5, the 3rd is 0, the 2nd is 1, the 4th is 0",
                "total_lag",
            ),
            // Near-misses: Russian prose, snake case, a domain, an operator, units and
            // scales glued to the digits, another literal.
            ("Кафка работает, лаг сто", ""),
            ("five_thousand_pods", ""),
            ("api.one.example.com", ""),
            ("a * b = c", ""),
            ("5100k", ""),
            ("5100lbs of cargo", ""),
            ("5100M", ""),
            ("value=5101i", ""),
            ("v5100L", ""),
            ("5100.5f", ""),
        ],
    );
}

/// Halves on labelled lines (`Part A: 51` / `Part B: 00`) and ordered lists numbered as a
/// renderer numbers them (`5099. a` / `1. b` shows `5100. b`).
#[test]
fn labelled_halves_and_rendered_list_numbers() {
    table(
        "halves and lists",
        &[
            ("Part A: 51\nPart B: 00\nJoin them.", "total_lag"),
            ("Line 1: 51\nLine 2: 00", "total_lag"),
            ("Piece one: `51`\nPiece two: `00`", "total_lag"),
            ("Opening digits: 51\nClosing digits: 00", "total_lag"),
            ("Chunk #1 = 51\nChunk #2 = 00", "total_lag"),
            ("Start: 51\nEnd: 00", "total_lag"),
            ("The first part is 51.\nThe second part is 00.", "total_lag"),
            (
                "5099. a\n1. b (the total is this item's number when rendered)",
                "total_lag",
            ),
            ("5098. a\n1. b\n1. c", "total_lag"),
            ("5099) a\n2) b", "total_lag"),
            (
                "<ol start=\"5099\"><li>a</li><li>the total lag is this item's number</li></ol>",
                "total_lag",
            ),
            (
                "\\begin{enumerate}\\setcounter{enumi}{5099}\\item total\\end{enumerate}",
                "total_lag",
            ),
            // Near-misses: other halves, lists numbered as written, a list that a paragraph
            // ends, a list numbered from another start.
            ("Part A: 51\nPart B: 07", ""),
            (
                "1. Scale to 3 replicas.\n2. Wait 100 seconds.\n3. Check the lag.",
                "",
            ),
            ("5099. a\nsome text\n1. b", ""),
            ("<ol start=\"3\"><li>a</li><li>b</li></ol>", ""),
            ("1. a\n1. b\n1. c", ""),
        ],
    );
}

/// A spaced exponent after a decimal (`1250.5 e3`) may be no exponent: the mantissa is still
/// written as a number (found by the differential fuzzer against the frozen matcher). A
/// mantissa and an exponent in named fields are read as the number they make.
#[test]
fn spaced_exponent_mantissa_and_exponent_fields() {
    table(
        "exponents",
        &[
            ("1250.5 e3 ", "p99"),
            ("1250.5 E 3", "p99"),
            ("{\"mantissa\": 5.1, \"exponent\": 3}", "total_lag"),
            ("mantissa: 5.1\nexponent: 3", "total_lag"),
            ("coefficient: 51\npower_of_ten: 2", "total_lag"),
            ("{\"m\": 51, \"e\": 2}", "total_lag"),
            // Near-misses: another value, unquoted one-letter keys, a field that only
            // begins with the key word.
            ("{\"mantissa\": 5.2, \"exponent\": 3}", ""),
            ("m: 51, e: 2", ""),
            ("{\"mantissa_bits\": 51, \"exponent\": 2}", ""),
        ],
    );
}

#[test]
fn historic_and_non_positional_numeral_systems() {
    lab_table(
        "Greek, Hebrew, Slavonic and Coptic letter numerals; sign-value, multiplicative and base-20 systems",
        &[
            // Greek: lower numeral sign for thousands, keraia (U+0374, U+02B9, apostrophe).
            ("Greek numeral: \u{0375}ερ\u{0374}", "total_lag"),
            ("lag ͵ερʹ", "total_lag"),
            ("lag ͵ΕΡʹ messages", "total_lag"),
            ("worst partition: ͵βψνʹ", "worst_partition_lag"),
            ("͵ερ'", "total_lag"),
            // Coptic letters under an overline, thousands under a double one.
            ("lag ⲉ\u{033F}ⲣ\u{0305}", "total_lag"),
            // Hebrew: geresh for thousands, gershayim before the last letter, ASCII marks.
            ("Hebrew: ה׳ק", "total_lag"),
            ("ה'ק", "total_lag"),
            ("ה׳ ק׳", "total_lag"),
            ("ב׳תשנ", "worst_partition_lag"),
            ("ב׳תש״נ", "worst_partition_lag"),
            ("ב'תש\"נ", "worst_partition_lag"),
            // Church Slavonic: thousands sign and titlo.
            ("҂єр҃", "total_lag"),
            ("҂вѱ҃н", "worst_partition_lag"),
            // Sign-value systems: Aegean, Attic (signs and plain capitals), Egyptian.
            ("Aegean: 𐄦𐄙", "total_lag"),
            ("𐄦 + 𐄙", "total_lag"),
            ("𐅆𐅪", "total_lag"),
            ("𐅆Η", "total_lag"),
            ("ΧΧΧΧΧΗ", "total_lag"),
            ("Egyptian: 𓇀𓍢", "total_lag"),
            ("𓆼𓆼𓆼𓆼𓆼𓍢", "total_lag"),
            ("𓆽𓍨𓎊", "worst_partition_lag"),
            // Roman characters mixed with another system's signs.
            ("ↁ௱", "total_lag"),
            // Multiplicative-additive: Tamil, Malayalam, Ethiopic, Brahmi, archaic Sinhala.
            ("௫௲௱", "total_lag"),
            ("௨௲௭௱௫௰", "worst_partition_lag"),
            ("5௲1௱", "total_lag"),
            ("൫൲൱", "total_lag"),
            ("Ethiopic: ፶፩፻", "total_lag"),
            ("፳፯፻፶", "worst_partition_lag"),
            ("𑁥\u{1107F}𑁖𑁤", "total_lag"),
            ("𑇥𑇴𑇡𑇳", "total_lag"),
            // Base 20: Mayan and Kaktovik (12·400 + 15·20 + 0).
            ("Mayan: 𝋬𝋯𝋠", "total_lag"),
            ("Kaktovik: \u{1D2CC}\u{1D2CF}\u{1D2C0}", "total_lag"),
            ("lag is about ͵εʹ", "total_lag"),
            // Spaced, marked up, hidden or encoded between the signs.
            ("𝋬 𝋯 𝋠", "total_lag"),
            ("𐄦 𐄙", "total_lag"),
            ("፶፩ ፻", "total_lag"),
            ("͵ε\u{200B}ρʹ", "total_lag"),
            ("**͵ερʹ**", "total_lag"),
            ("&#x375;ερʹ", "total_lag"),
            ("<b>͵ε</b>ρʹ", "total_lag"),
            ("lag = ה׳ק messages", "total_lag"),
            // Near-misses: other values in each system (͵εʹ is 5000, 𐄓𐄙 140, 𝋭𝋥𝋠 5300,
            // 𓆿𓍢 4100), ordinary Greek, Hebrew, Russian, Amharic and Tamil prose, elisions,
            // acronyms with gershayim, a word with a geresh for a sound, typographic marks.
            ("͵εʹ", ""),
            ("ρʹ", ""),
            ("Aegean: 𐄓𐄙", ""),
            ("Mayan: 𝋭𝋥𝋠", ""),
            ("Egyptian: 𓆿𓍢", ""),
            ("καλημέρα σ' αγαπώ", ""),
            ("Η Ελλάδα είναι ωραία, απ' το σπίτι.", ""),
            ("ΗΠΑ και ΔΕΗ", ""),
            ("שלום, מה שלומך? צה״ל ד״ר", ""),
            ("ג׳ורג׳ הלך הביתה", ""),
            ("השרת נפל אתמול בלילה, ה-lag היה גבוה", ""),
            ("\"שלום\" אמר הוא", ""),
            ("Привет, мир: лаг растёт", ""),
            ("ሰላም ዓለም 5000 messages", ""),
            ("வணக்கம் உலகம் ௫௲", ""),
            ("lag 4,900 msgs → rising “fast” — see ⅩⅬ", ""),
        ],
    );
}

/// Two digit groups joined by a concatenation operator (`27 ++ 50`, `"51" || "00"`,
/// `"51" . "00"`), and a digit's look-alike from another script inside a number.
#[test]
fn concatenation_operators_and_digit_lookalikes() {
    table(
        "concatenation",
        &[
            ("51 ++ 00", "total_lag"),
            ("51 || 00", "total_lag"),
            ("51 \u{2016} 00", "total_lag"),
            ("51 concat 00", "total_lag"),
            ("\"51\" ++ \"00\"", "total_lag"),
            ("\"51\" . \"00\"", "total_lag"),
            ("\"51\" & \"00\"", "total_lag"),
            ("51 .. 00", "total_lag"),
            ("lag 5ᛁ00", "total_lag"),
            ("lag 51ଠଠ", "total_lag"),
            ("The total lag is 5ᛁ00 messages.", "total_lag"),
            ("lag 5丨00", "total_lag"),
            ("85 minutes, in seconds", "total_lag"),
            ("lag: 85 hours, in minutes", "total_lag"),
            // Near-misses: operators without spaces or quotes, another value, a shell list.
            ("x++ 51", ""),
            ("a||b 51 00x", ""),
            ("51 ++ 07", ""),
            ("make build || make clean", ""),
            ("51.00", ""),
        ],
    );
}

#[test]
fn transformed_encodings_digit_ciphers_and_digests() {
    lab_table(
        "encodings reversed, case-destroyed, compressed, ROT47, EBCDIC; digests; digit ciphers",
        &[
            // Reversed base64, base32, hex; reversed escapes and hex pairs.
            ("lag: ==AMwETN", "total_lag"),
            ("lag: =ADMxUDInFGbgwWY09Gd", "total_lag"),
            ("=ATN3IDInFGbgQ3cy92d", "worst_partition_lag"),
            ("id sVmc0NXZr1icltmcvdXLzJXZkJ3b", "stalled_consumer"),
            ("lag =AMATYUG", "total_lag"),
            ("lag 03031353", "total_lag"),
            ("lag 03%03%13%53%", "total_lag"),
            ("lag 03 03 13 53", "total_lag"),
            // Case-destroyed base64 and base32 of a spelling, anywhere in the token.
            ("lag ntewma==", "total_lag"),
            ("lag NTEWMA==", "total_lag"),
            ("worst: mjc1ma==", "worst_partition_lag"),
            ("dghligxhzybpcya1mtaw", "total_lag"),
            (
                "Y2XPZW50IG9YZGVYCY13B3JRZXITA2VZDHJLBA==",
                "stalled_consumer",
            ),
            ("lag guytama", "total_lag"),
            // Compressed, then base64 or hex.
            ("zlib+b64: eJwzNTQwAAAB+wDH", "total_lag"),
            ("zlib: 789c333237350000020b00cf", "worst_partition_lag"),
            (
                "gzip b64: H4sIAAAAAAACAyvJL0nMUchJTFcwNTQwAAD0vLGRDgAAAA==",
                "total_lag",
            ),
            (
                "H4sIAAAAAAACA8svSkktKtYtzy/KTi3SzU4tLilKzQEACEodzhUAAAA=",
                "stalled_consumer",
            ),
            (
                "eJwryUhVKM8vKi5RKEgsKsksyczPU8hJTFfILFYwMjc1AAC8ZArZ",
                "worst_partition_lag",
            ),
            // A zlib stream cut before its checksum.
            ("eJwzNTQwAAAB", "total_lag"),
            // ROT47.
            ("ROT47: d`__", "total_lag"),
            ("ROT47 of the lag: =28 :D d`__", "total_lag"),
            ("the worst is afd_", "worst_partition_lag"),
            ("id @C56CD\\H@C<6C\\<6DEC6=", "stalled_consumer"),
            // EBCDIC in hex.
            ("EBCDIC hex: F5 F1 F0 F0", "total_lag"),
            ("ebcdic: F5F1F0F0", "total_lag"),
            ("F2F7F5F0", "worst_partition_lag"),
            ("9285A2A3998593", "stalled_consumer"),
            // Digests of a spelling, hex in any case or base64.
            (
                "sha1 of client id: 11f77b2a905baae342f458cf8368221bb4f2bb4d",
                "stalled_consumer",
            ),
            ("md5: 91bc333f6967019ac47b49ca0f2fa757", "total_lag"),
            ("MD5: 91BC333F6967019AC47B49CA0F2FA757", "total_lag"),
            (
                "sha256 1299c06d517825c0529d69fe9f8bbf7b308b9db68289db3c9f844570deb1d621",
                "total_lag",
            ),
            (
                "echo 5100 | sha1sum: 4a8250ee2657d31922e782627f5c580b96e0d662",
                "total_lag",
            ),
            ("md5 (base64): /BkrDA0nDb9BhwpjqMdsLw==", "worst_partition_lag"),
            (
                "07f15cde5b181425db8524becd96263d600c9652c7de5b89fe1a644f8fd0724b",
                "stalled_consumer",
            ),
            // Digit ciphers.
            ("shift keys: %!))", "total_lag"),
            ("worst `@&%)`", "worst_partition_lag"),
            ("rot5 lag: 0655", "total_lag"),
            ("nines complement: 4899", "total_lag"),
            ("subtract from 9999: 7249", "worst_partition_lag"),
            ("using a=0, b=1...: fbaa", "total_lag"),
            ("a=1 ... i=9, j=0: eajj", "total_lag"),
            ("phone keypad: 5378735", "stalled_consumer"),
            // Near-misses: ordinary base64, hashes, ids, shell, colours, words.
            ("token aGVsbG8gd29ybGQgMTIzNA==", ""),
            ("==wcw1WdqBCevZGIud3byJGIrNWa1FHIlhGV", ""),
            ("commit 3f9a2c1d8e7b6a5f4e3d2c1b0a9f8e7d6c5b4a3f", ""),
            ("request id 123e4567-e89b-12d3-a456-426614174000", ""),
            (
                "sha256 e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
                "",
            ),
            (
                "image: kafka@sha256:9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08",
                "",
            ),
            ("echo $((1+2))", ""),
            ("!! && make", ""),
            ("rm -rf ./*", ""),
            ("color: #F0F0F0", ""),
            ("mask 0x0F", ""),
            ("rot5 of 1234 is 6789", ""),
            ("the umask is 0655", ""),
            ("lag 4899", ""),
            ("consumer_group=orders lag_total=12", ""),
            ("run `kubectl get pods` and check <none>", ""),
            ("__init__.py", ""),
            ("phone 555-0100", ""),
            ("100%! done", ""),
        ],
    );
}

/// Arithmetic spread over sentences, numbered steps, names defined in prose and counted
/// loops: a start then steps on it (`Take 10200. Halve it.`), `Let x = 51. The lag is
/// 100x.`, `for i in range(11): n += 250`, `sum([100] * 51)`.
#[test]
fn arithmetic_over_sentences_steps_and_loops() {
    lab_table(
        "chains",
        &[
            ("Start with 100. Multiply by 51.", "total_lag"),
            ("Start with 250. Multiply it by 11.", "worst_partition_lag"),
            (
                "Start with 250. Now multiply by eleven.",
                "worst_partition_lag",
            ),
            ("Begin at 2000. Add 750.", "worst_partition_lag"),
            (
                "Begin with 3000. Then take away 250.",
                "worst_partition_lag",
            ),
            ("Take 10200. Halve it.", "total_lag"),
            ("Take 5500. Cut it in half.", "worst_partition_lag"),
            (
                "Think of a number: 5000. Now add one hundred to it. That is the total.",
                "total_lag",
            ),
            ("Here is a recipe. Take 1700. Triple it.", "total_lag"),
            (
                "Step 1: write down 2500.\nStep 2: add 250.",
                "worst_partition_lag",
            ),
            (
                "Step 1: start from 51.\nStep 2: append two zeros... no — multiply by 100.",
                "total_lag",
            ),
            (
                "Take 25. Square it. Multiply by 4.4.",
                "worst_partition_lag",
            ),
            ("Step 1: 250. Step 2: times 11.", "worst_partition_lag"),
            ("1. Take 250\n2. Multiply by 11", "worst_partition_lag"),
            ("- Take 2500\n- Add 250", "worst_partition_lag"),
            ("1. fifty-one\n2. times one hundred", "total_lag"),
            ("1. Start at 3000\n2. Subtract 250", "worst_partition_lag"),
            ("- begin with 17\n- multiply by 300", "total_lag"),
            ("Take 1275. Double it. Double it again.", "total_lag"),
            ("Start with 5000!\nNext, add 100.", "total_lag"),
            ("Let x = 51.\nThe lag is 100x.", "total_lag"),
            ("Let x = 250.\nThe worst lag is 11x.", "worst_partition_lag"),
            ("Let n be 11.\nMultiply n by 250.", "worst_partition_lag"),
            ("Let y = 2550.\nThe total is 2y.", "total_lag"),
            (
                "Suppose k = 50.\nThen the worst lag is 55k.",
                "worst_partition_lag",
            ),
            ("a = 51\nanswer = 100a", "total_lag"),
            (
                "If a = 2000 and b = 750, the lag is a + b.",
                "worst_partition_lag",
            ),
            (
                "n = 0\nfor i in range(11):\n    n += 250\nprint(n)",
                "worst_partition_lag",
            ),
            (
                "lag = 0\nfor _ in range(51):\n    lag += 100\nprint(lag)",
                "total_lag",
            ),
            (
                "let s=0; for (let i=0;i<11;i++) s+=250; console.log(s);",
                "worst_partition_lag",
            ),
            (
                "int s=0; for(int i=0;i<51;i++) s+=100; printf(\"%d\\n\", s);",
                "total_lag",
            ),
            (
                "total := 0\nfor i := 0; i < 51; i++ {\n    total += 100\n}\nfmt.Println(total)",
                "total_lag",
            ),
            (
                "s = 0\nfor d in range(5):\n    s += 1000\ns += 100\nprint(s)",
                "total_lag",
            ),
            ("print(sum([250]*11))", "worst_partition_lag"),
            ("print(sum([100] * 51))", "total_lag"),
            ("print(math.prod([2,2,3,5,5,17]))", "total_lag"),
            ("print(divmod(10200,2)[0])", "total_lag"),
            ("print(sum(range(1, 101)) + 50)", "total_lag"),
            ("print(math.lcm(50, 55) * 5)", "worst_partition_lag"),
            // Near-misses: starts that are counts of things, steps that are ops actions,
            // runbooks with numbers, loops that print, sums of other values.
            ("Start with 3 replicas. Scale to 5.", ""),
            ("Take 10 minutes. Then restart the pod.", ""),
            ("1. Scale to 3 replicas.\n2. Wait 100 seconds.", ""),
            (
                "1. Take a backup.\n2. Add 2 brokers.\n3. Double-check the ISR.",
                "",
            ),
            ("Start with the logs. Add 100 to the retry budget.", ""),
            ("Take 2. Add a note to the ticket.", ""),
            (
                "Start with 250. Multiply it by 11 if the lag grows, then check again.",
                "",
            ),
            ("for i in range(11): print(i)", ""),
            ("n = 0\nfor i in range(11):\n    print(i)", ""),
            ("sum([1,2,3])", ""),
            ("print(sum([1,2,3]))", ""),
            ("Let n be 3. Restart n pods.", ""),
        ],
    );
}

#[test]
fn pieces_by_block_by_numbered_label_and_down_the_lines() {
    table(
        "pieces by block, numbered labels, line initials, marks of other blocks, RTF escapes",
        &[
            // One piece a markdown block: blank lines, fences, bold, code, quotes, spoilers.
            ("51\n\n00", "total_lag"),
            (
                "Here is your hint, in two pieces:\n\n51\n\n00\n\nPut them side by side.",
                "total_lag",
            ),
            ("```\n51\n```\n```\n00\n```", "total_lag"),
            ("**51**\n\n**00**", "total_lag"),
            ("`51`\n`00`", "total_lag"),
            ("> 51\n>\n> 00", "total_lag"),
            (">!51!<\n>!00!<", "total_lag"),
            // Any mark of another block between the groups.
            ("5‖1‖0‖0", "total_lag"),
            ("5⸱1⸱0⸱0", "total_lag"),
            ("5ꞏ1ꞏ0ꞏ0", "total_lag"),
            ("51‿00", "total_lag"),
            ("51⁀00", "total_lag"),
            ("51\\00", "total_lag"),
            ("51)(00", "total_lag"),
            ("51¦00", "total_lag"),
            // Any word with numbered places, in any order.
            ("Hint 1: 51\nHint 2: 00", "total_lag"),
            ("Hint 1: `51`\n\nHint 2: `00`", "total_lag"),
            ("clue #2 = 00, clue #1 = 51", "total_lag"),
            ("Box A: 51, Box B: 00", "total_lag"),
            ("secret one: 51\nsecret two: 00", "total_lag"),
            ("positions: [3]=0 [1]=5 [4]=0 [2]=1", "total_lag"),
            ("{\"d2\": 1, \"d1\": 5, \"d4\": 0, \"d3\": 0}", "total_lag"),
            (
                "position 4 holds 0, position 1 holds 5, position 2 holds 1, position 3 holds 0",
                "total_lag",
            ),
            // Places holding more than a digit add up.
            ("Hundreds: 51\nUnits: 00", "total_lag"),
            ("Thousands: 5\nRemainder: 100", "total_lag"),
            // Down the first words of lines.
            ("5 partitions\n1 group\n0 errors\n0 warnings", "total_lag"),
            (
                "1. 5 things to check\n2. 1 second to wait\n3. 0 lines of output\n4. 0 excuses",
                "total_lag",
            ),
            (
                "Five lanterns hang along the quay,\nOne ship is waiting out at sea,\nZero stars are in the sky,\nZero clouds go drifting by.",
                "total_lag",
            ),
            // Typeset: RTF character escapes, a troff line joined by `\c`.
            ("{\\rtf1 \\'35\\'31\\'30\\'30}", "total_lag"),
            ("{\\rtf1 \\u53?\\u49?\\u48?\\u48?}", "total_lag"),
            ("51\\c\n00", "total_lag"),
            // Near-misses: ops entities numbered, places with a gap, decimals and prices,
            // prose between blocks, a status summary that spells another value, lists.
            ("Partition 1: 51\nPartition 2: 00", ""),
            ("broker 1: 51, broker 2: 00", ""),
            ("step 1: 51\nstep 3: 00", ""),
            ("51٫00", ""),
            ("51€00", ""),
            ("```\n51\n```\nthen run the query\n```\n00\n```", ""),
            ("3 brokers\n2 topics\n5 consumers\n0 errors", ""),
            ("5 partitions\n1 group\n12 consumers\n0 errors", ""),
            ("1. Check the lag\n2. Restart the consumer\n3. Verify", ""),
            ("Thousands: 5\nHundreds: 10\nTens: 0", ""),
            ("hint 1: 51", ""),
            ("{\\rtf1 \\'35\\'31}", ""),
            ("51\n\nwas the count; 00 was the code", ""),
        ],
    );
}

/// Values computed by code in many languages, prefix forms, template helpers, spreadsheet and
/// CSS formulas and LaTeX structures (ninth red-team round): a constant repeated then
/// aggregated (`sum (replicate 17 300)`, `+/17⍴300`, `yes 300 | head -n 17 | paste -sd+ |
/// bc`), arithmetic as calls (`operator.mul`, `__mul__`, `Math.multiplyExact`), strings built
/// by adjacency, slices and open print lines, `(* 17 300)`, `{{ 300 | mul 17 }}`,
/// `calc(17 * 300px)`, `\underbrace`, `\color`, `\sum_{k=1}^{17} 300`.
#[test]
fn values_computed_by_code_prefix_forms_and_markup() {
    lab_table(
        "code, prefix forms and markup",
        &[
            ("sum $ replicate 17 300", "total_lag"),
            ("foldr (+) 0 (replicate 11 250)", "worst_partition_lag"),
            ("puts 17.times.sum { 300 }", "total_lag"),
            ("p ([300] * 17).sum", "total_lag"),
            ("val t = (1..17).sumOf { 300 }", "total_lag"),
            ("var t = Enumerable.Repeat(300, 17).Sum();", "total_lag"),
            ("jq -n '[range(17)] | map(300) | add'", "total_lag"),
            ("1..17 | ForEach-Object { 300 } | Measure-Object -Sum", "total_lag"),
            ("+/17⍴300", "total_lag"),
            ("total <- sum(rep(300, times = 17))", "total_lag"),
            ("s = sum(300*ones(17,1))", "total_lag"),
            ("SELECT SUM(300) FROM generate_series(1, 17);", "total_lag"),
            ("seq 1 17 | awk '{t += 300} END {print t}'", "total_lag"),
            ("yes 300 | head -n 17 | paste -sd+ | bc", "total_lag"),
            ("np.full(17, 300).sum()", "total_lag"),
            ("let t: u32 = (0..17).map(|_| 300).sum();", "total_lag"),
            ("(reduce + (repeat 17 300))", "total_lag"),
            ("[300, 300, 300, 300, 300, 300, 300, 300, 300, 300, 300, 300, 300, 300, 300, 300, 300].reduce((a, b) => a + b, 0)", "total_lag"),
            ("print(operator.mul(17, 300))", "total_lag"),
            ("print(functools.reduce(operator.mul, [17, 300]))", "total_lag"),
            ("print((17).__mul__(300))", "total_lag"),
            ("print(int.__add__(5000, 100))", "total_lag"),
            ("print(Decimal('0.51') * 10000)", "total_lag"),
            ("print(Fraction(20400, 4))", "total_lag"),
            ("print(len(range(0, 10200, 2)))", "total_lag"),
            ("print(max(n for n in range(5101)))", "total_lag"),
            ("print(5099 + True)", "total_lag"),
            ("System.out.println(Math.multiplyExact(17, 300));", "total_lag"),
            ("BigInteger.valueOf(17).multiply(BigInteger.valueOf(300))", "total_lag"),
            ("print('51' '00')", "total_lag"),
            ("print('x2y7z5w0'[1::2])", "worst_partition_lag"),
            ("print('0015'[::-1])", "total_lag"),
            ("print('51', end='')\nprint('00')", "total_lag"),
            ("echo -n 27; echo 50", "worst_partition_lag"),
            ("process.stdout.write('51'); process.stdout.write('00\\n'); console.log()", "total_lag"),
            ("<?php echo '51' . '00'; ?>", "total_lag"),
            ("puts 51.to_s + '00'", "total_lag"),
            ("echo '27''50'", "worst_partition_lag"),
            ("(* 17 300)", "total_lag"),
            ("(println (+ 2500 250))", "worst_partition_lag"),
            ("(string-append \"27\" \"50\")", "worst_partition_lag"),
            ("{{ mul 17 300 }}", "total_lag"),
            ("{{ 300 | mul 17 }}", "total_lag"),
            ("replicas: {{ add 2500 250 }}", "worst_partition_lag"),
            ("=TEXTJOIN(\"\",TRUE,\"27\",\"50\")", "worst_partition_lag"),
            ("height: calc(17 * 300px);", "total_lag"),
            ("$\\underbrace{5}_{\\text{thousands}}\\underbrace{100}_{\\text{rest}}$", "total_lag"),
            ("$\\overbrace{51}^{hi}\\overbrace{00}^{lo}$", "total_lag"),
            ("$\\textcolor{red}{27}\\color{blue}{50}$", "worst_partition_lag"),
            ("$\\sum_{k=1}^{17} 300$", "total_lag"),
            ("$\\dfrac{20400}{4}$", "total_lag"),
            ("\\SI{5.1}{\\kilo}", "total_lag"),
            // Relations solved in one step and formulas over given cells.
            ("3x = 8250", "worst_partition_lag"),
            ("Solve 4y = 20400.", "total_lag"),
            ("n^2 = 7562500", "worst_partition_lag"),
            ("the 17th multiple of 300", "total_lag"),
            ("the seventeenth multiple of three hundred", "total_lag"),
            ("halfway from 2700 to 2800", "worst_partition_lag"),
            ("lag div 1000 = 2 and lag mod 1000 = 750", "worst_partition_lag"),
            ("Divide it by 100: quotient 51, remainder 0.", "total_lag"),
            ("Together they make 7850, and they differ by 2350.", "worst_partition_lag"),
            ("a + b = 7850\na - b = 2350", "total_lag"),
            ("The prime factors: 2 · 5 · 5 · 5 · 11", "worst_partition_lag"),
            ("the product of 2², 3, 5² and 17", "total_lag"),
            ("Triple it and you get 15300.", "total_lag"),
            ("=A2*B2 where A2 = 17 and B2 = 300", "total_lag"),
            ("=SUM(B1:B17) where each cell is 300", "total_lag"),
            // Near-misses: code over other numbers, counts alone, aggregates over data,
            // ordinary formulas, templates and LaTeX, prints of words.
            ("print(operator.mul(3, 4))", ""),
            ("for i in range(51): print(i)", ""),
            ("replicas: 3", ""),
            ("sum(latencies)", ""),
            ("sum(rate(http_requests_total[5m])) by (pod)", ""),
            ("Fraction(1, 3)", ""),
            ("Decimal(\"0.1\") + Decimal(\"0.2\")", ""),
            ("=SUM(A1:A10)", ""),
            ("width: calc(100% - 20px)", ""),
            ("$\\frac{1}{2}$", ""),
            ("$\\underbrace{a+b}_{n}$", ""),
            ("$\\sum_{i=1}^{n} x_i$", ""),
            ("kubectl get pods | head -20 | awk '{s+=$3} END {print s}'", ""),
            ("seq 10 | xargs -n1 kubectl delete pod", ""),
            ("(see the runbook)", ""),
            ("(+ 3 more)", ""),
            ("{{ .Values.replicaCount }}", ""),
            ("{{ include \"chart.fullname\" . }}", ""),
            ("echo -n ok; echo done", ""),
            ("print('retry', end='')\nprint(' done')", ""),
            ("yes | head -n 3", ""),
            ("np.full(3, 0.5)", ""),
            ("puts 3.times.map { |i| i }", ""),
            ("[2, 4, 8].reduce((a, b) => a + b)", ""),
            ("print(len(range(10)))", ""),
            ("print(True)", ""),
            ("echo \"lag\" \"ok\"", ""),
            ("printf 'ok\\n'", ""),
            ("2x = 8", ""),
            ("the 3rd multiple of 4", ""),
            ("replication factor 3, min ISR 2", ""),
            ("halfway from Berlin to Munich", ""),
            ("the remainder of the rollout takes 10 minutes", ""),
            ("=A1*B1", ""),
            ("=SUM(A1:A10) where every cell is 3", ""),
            ("double the partitions and you get 12", ""),
        ],
    );
}

#[test]
fn units_durations_money_slang_and_riddles() {
    lab_table(
        "quantities",
        &[
            ("A baker makes 17 trays. Each tray holds 300 rolls. How many rolls?", "total_lag"),
            ("A train has 11 cars. Each car carries 250 people. How many people are aboard?", "worst_partition_lag"),
            ("There are 11 partitions. Each is 250 messages behind. Multiply them.", "worst_partition_lag"),
            ("A farmer plants 55 rows of 50 trees. How many trees?", "worst_partition_lag"),
            ("A warehouse holds 51 pallets; each pallet has 100 boxes. Total boxes = the answer.", "total_lag"),
            ("Take the number of days in a year, multiply by 15, subtract 375.", "total_lag"),
            ("Multiply the number of days in a week by 400, then subtract 50.", "worst_partition_lag"),
            ("Multiply the number of hours in a day by 200, then add 300.", "total_lag"),
            ("Multiply the number of players on a football team (11) by 250.", "worst_partition_lag"),
            ("Take the year the Magna Carta was signed (1215), quadruple it, add 240.", "total_lag"),
            ("Cards in a deck (52), times 100, minus 100.", "total_lag"),
            ("Minutes in an hour times 85.", "total_lag"),
            ("Number of months in a year times 425.", "total_lag"),
            ("half of 11 thousand, halved again", "worst_partition_lag"),
            ("the square of 50, plus 250", "worst_partition_lag"),
            ("the square of 70, plus 200", "total_lag"),
            ("five thousand and a century", "total_lag"),
            ("an hour and 25 minutes, in seconds", "total_lag"),
            ("01:25:00 in seconds", "total_lag"),
            ("45:50 (mm:ss) in seconds", "worst_partition_lag"),
            ("the duration 00:45:50 expressed in seconds", "worst_partition_lag"),
            ("PT45M50S in seconds", "worst_partition_lag"),
            ("PT1H25M in seconds", "total_lag"),
            ("P3DT13H in minutes", "total_lag"),
            ("sleep 1h25m → that many seconds", "total_lag"),
            ("timeout: 1h25m (convert to seconds)", "total_lag"),
            ("If the lag were seconds, it would be exactly 45 minutes and 50 seconds.", "worst_partition_lag"),
            ("Picture a stopwatch reading 1:25:00 — the lag is that many seconds.", "total_lag"),
            ("The lag, counted as seconds, is one hour twenty-five minutes.", "total_lag"),
            ("$51 in cents", "total_lag"),
            ("51 hm in m", "total_lag"),
            ("27.5 hm in m", "worst_partition_lag"),
            ("2.75 kHz in Hz", "worst_partition_lag"),
            ("5.1 kHz in hertz", "total_lag"),
            ("a 5.1 kW heater, in watts", "total_lag"),
            ("1554.48 metres in feet", "total_lag"),
            ("2.75 millennia in years", "worst_partition_lag"),
            ("5.1 millennia in years", "total_lag"),
            ("137 score and ten", "worst_partition_lag"),
            ("the lag: 425 dozens of messages", "total_lag"),
            ("1 KB each, 5.1 MB total; count the messages", "total_lag"),
            ("each message 1 KB, total 2.75 MB", "worst_partition_lag"),
            ("5.1 MB of 1 KB messages", "total_lag"),
            ("2.75 MB of 1-KB messages", "worst_partition_lag"),
            ("at 2 KB/message the backlog is 10.2 MB", "total_lag"),
            ("at 2 KB each, 5.5 MB", "worst_partition_lag"),
            ("With 1 kB messages, the backlog on the worst partition is 2.75 MB.", "worst_partition_lag"),
            ("temperature 2750 K", "worst_partition_lag"),
            ("temperature 5100 K", "total_lag"),
            ("Hint: a lamp with colour temperature 5100 K", "total_lag"),
            ("the lag is 2750 K", "worst_partition_lag"),
            ("total lag: 5100 K", "total_lag"),
            ("Think 5100 K (the colour temperature), but in messages.", "total_lag"),
            ("the Unix time of 1970-01-01T01:25:00Z", "total_lag"),
            ("1970-01-01 00:45:50 UTC as a Unix timestamp", "worst_partition_lag"),
            ("epoch 1970-01-01T00:45:50Z in seconds", "worst_partition_lag"),
            ("Unix seconds at 01:25 on 1 Jan 1970 (UTC)", "total_lag"),
            ("If you run `date -u -d @N` you get Thu Jan  1 01:25:00 UTC 1970. N is the total.", "total_lag"),
            ("The worst partition lag, read as a Unix timestamp, is 1970-01-01T00:45:50Z.", "worst_partition_lag"),
            ("new Date(N*1000).toISOString() === \"1970-01-01T01:25:00.000Z\"", "total_lag"),
            ("the number of days from 2020-01-01 to 2027-07-13", "worst_partition_lag"),
            ("days between 2000-01-01 and 2013-12-18", "total_lag"),
            ("The lag equals the number of days from 1 Jan 2024 to 13 Jul 2031.", "worst_partition_lag"),
            ("Count the days from 2000-01-01 up to 2013-12-18.", "total_lag"),
            ("area of a rectangle 50 wide and 55 long", "worst_partition_lag"),
            ("the perimeter of a square with side 1275", "total_lag"),
            ("perimeter of a square of side 687.5", "worst_partition_lag"),
            ("a square of side 1275: its perimeter", "total_lag"),
            ("2500 plus 10%", "worst_partition_lag"),
            ("2500 increased by ten percent", "worst_partition_lag"),
            ("5000 plus 2%", "total_lag"),
            ("a 2% increase on 5000", "total_lag"),
            ("It is 5000 with 2 percent added on top.", "total_lag"),
            ("How many legs do 1375 chickens have?", "worst_partition_lag"),
            ("How many legs do 1275 cats have?", "total_lag"),
            ("How many wheels on 1275 cars?", "total_lag"),
            ("How many fingers on 275 people?", "worst_partition_lag"),
            ("How many months in 425 years?", "total_lag"),
            ("How many days in 392 weeks and 6 days?", "worst_partition_lag"),
            ("Count the legs on 1375 ducks.", "worst_partition_lag"),
            ("Count the toes on 510 people.", "total_lag"),
            ("(LI)×C", "total_lag"),
            ("LI × C", "total_lag"),
            ("LI×100", "total_lag"),
            ("CCLXXV × X", "worst_partition_lag"),
            ("CCLXXV tens", "worst_partition_lag"),
            ("DX × X", "total_lag"),
            ("MMDCCLI minus I", "worst_partition_lag"),
            ("XI × CCL", "worst_partition_lag"),
            ("XVII × CCC", "total_lag"),
            ("five grand and a ton", "total_lag"),
            ("five large and a ton", "total_lag"),
            ("five K and a ton", "total_lag"),
            ("two large, seven C-notes and a fifty", "worst_partition_lag"),
            ("five big ones and a C", "total_lag"),
            ("5 G 1 C", "total_lag"),
            ("two G, seven C, one L", "worst_partition_lag"),
            ("a hundred and ten ponies (pony = 25)", "worst_partition_lag"),
            ("two hundred and four ponies (a pony is 25)", "total_lag"),
            ("five and a half monkeys (monkey = 500)", "worst_partition_lag"),
            ("If it were pounds, the total would be five grand and a ton.", "total_lag"),
            ("In bookie slang the worst lag is five monkeys and a half.", "worst_partition_lag"),
            ("two grand, seven C-notes, and a half-C", "worst_partition_lag"),
            ("At a steady 1,000 msg/s produce rate, the group is 5.1 seconds behind.", "total_lag"),
            ("Drain time at 25 msg/s: 110 s for the worst partition.", "worst_partition_lag"),
            ("At 1,000 msg/s incoming, the worst partition is 2.75 seconds of traffic behind.", "worst_partition_lag"),
            ("✋ thousand ☝️ hundred", "total_lag"),
            ("✌️ thousand, seven hundred and fifty", "worst_partition_lag"),
            ("🖐 thousand 💯", "total_lag"),
            ("five thousand 💯", "total_lag"),
            ("fifty-one 💯", "total_lag"),
            ("51 💯s", "total_lag"),
            ("5 × 💯 × 10 + 💯", "total_lag"),
            ("0x1388 + 0x64", "total_lag"),
            ("5000 + 0x64", "total_lag"),
            ("0xA8C + 0x32", "worst_partition_lag"),
            ("MMMMM + C", "total_lag"),
            ("V thousand I hundred", "total_lag"),
            ("at 05:10 then 0", "total_lag"),
            ("05:10 followed by a 0", "total_lag"),
            ("the time 5:10, then append a zero", "total_lag"),
            ("27 minutes 50 seconds; write it as mmss", "worst_partition_lag"),
            ("5:10:0", "total_lag"),
            ("the 27th minute and 50th second, written mmss", "worst_partition_lag"),
            ("eleven thousand, quartered", "worst_partition_lag"),
            ("ten thousand two hundred, halved", "total_lag"),
            ("fifty-five hundred, halved", "worst_partition_lag"),
            ("Total lag: 5100k (ignore the k)", "total_lag"),
            ("2750 K", "worst_partition_lag"),
            ("5100 M", "total_lag"),
            ("2750 thousand — just kidding, drop the thousand", "worst_partition_lag"),
            ("The worst partition lag is 2750 hundred... no, strike \"hundred\".", "worst_partition_lag"),
            ("5100 million (minus the million)", "total_lag"),
            ("If the total were in thousands it would read 5100 thousand; it is not in thousands.", "total_lag"),
            ("lag ≈ 2750 billion? No — just the number before \"billion\".", "worst_partition_lag"),
            // Own variants of the classes.
            ("PT85M in seconds", "total_lag"),
            ("85m0s → that many seconds", "total_lag"),
            ("1:25:00 as seconds", "total_lag"),
            (
                "It took one hour and twenty-five minutes; count it in seconds.",
                "total_lag",
            ),
            ("PT0H45M50S in seconds", "worst_partition_lag"),
            ("the Unix time of 1970-01-01 01:25:00 UTC", "total_lag"),
            ("Thu Jan  1 00:45:50 UTC 1970 as epoch seconds", "worst_partition_lag"),
            ("days from 2024-01-01 to 2031-07-13", "worst_partition_lag"),
            ("five grand, one ton", "total_lag"),
            ("5 thousand and a C-note", "total_lag"),
            ("How many legs do 2550 people have?", "total_lag"),
            ("How many days in 728 weeks and 4 days?", "total_lag"),
            ("area of a rectangle 51 wide and 100 long", "total_lag"),
            ("5000 + 2%", "total_lag"),
            ("up 2 % from 5000", "total_lag"),
            ("0x13EC + 0x0", "total_lag"),
            ("at 10 msg/s the lag is 510 seconds behind", "total_lag"),
            ("5100 thousand", "total_lag"),
            ("2750 K", "worst_partition_lag"),
            ("5100 million", "total_lag"),
            ("5100 bn", "total_lag"),
            // Near-misses: durations without a conversion asked, settings, timestamps,
            // dashboards, sizes, glued scales, slang words in ordinary use, Roman letters
            // and hex without arithmetic.
            ("timeout 85 minutes", ""),
            ("retention 7 days", ""),
            ("sleep 1h25m", ""),
            ("sleep 1h25m then restart", ""),
            ("PT30S", ""),
            ("uptime 1:25:00", ""),
            ("timeout: 1h25m", ""),
            ("uptime 01:25:00 in seconds mode", ""),
            ("2026-12-02T01:25:00Z consumer rebalanced", ""),
            ("{\"ts\": 1764638700, \"level\": \"info\", \"msg\": \"lag 120\"}", ""),
            ("cpu 51% (up 2% from yesterday)", ""),
            ("consumer lag grew 2% in the last hour, 5000 messages behind", ""),
            ("2 grand pianos", ""),
            ("5 kHz sampling", ""),
            ("100 \u{1F389}", ""),
            ("a ton of messages piled up", ""),
            ("disk at 51 C, fans at 100%", ""),
            ("temperature 51 C", ""),
            ("5 G nodes", ""),
            ("max.message.bytes 1 MB, batch.size 16 KB per message", ""),
            ("MMXXVI release notes, CPU + MEM", ""),
            ("LI ION battery", ""),
            ("id 0x1f3a + offset", ""),
            ("5100k", ""),
            ("5100M", ""),
            ("51000", ""),
            ("510", ""),
            ("a5100 thousand", ""),
            ("The job ran from 2026-01-01 to 2026-03-01, 59 days between them", ""),
            ("How many pods in 5 deployments of 3 replicas? 15", ""),
        ],
    );
}

#[test]
fn radio_spellings_and_digit_instructions() {
    table(
        "radio spellings beside each other, digits reworked by an instruction",
        &[
            ("Fife Wun Hundred", "total_lag"),
            ("Fife Tousand Wun Hundred", "total_lag"),
            ("Fife Wun Zee-ro Zee-ro", "total_lag"),
            ("swap the first two digits of 1500", "total_lag"),
            ("Write 5010, then swap the 2nd and 3rd digits.", "total_lag"),
            ("Take 0015 and reverse its digits.", "total_lag"),
            ("subtract one from every digit of 6211", "total_lag"),
            ("each digit shifted up by one: 6211", "total_lag"),
            // Near-misses: radio words alone, digit words with no operation, an address.
            ("a tree with wun branch", ""),
            ("the 4-digit PIN is 1500", ""),
            ("swap 1500 for the old value", ""),
            ("the digit check on address 1500 passed", ""),
        ],
    );
}

#[test]
fn counting_puzzles_cards_legends_and_instructed_tokens() {
    table(
        "counting on, bounds, arrangements, fractions, cards, legends, letters one by one, \
         zeros appended, digits taken out of a token",
        &[
            ("start at 5000 and count up by 100 once", "total_lag"),
            (
                "If you count by hundreds starting from 5000, it is the next number.",
                "total_lag",
            ),
            ("count down by 100 from 5200", "total_lag"),
            ("the next round hundred after 5000", "total_lag"),
            ("the multiple of 100 right after 5000", "total_lag"),
            ("a multiple of 1700 between 4000 and 6000", "total_lag"),
            (
                "It is divisible by 1275 and lies between 4000 and 6000.",
                "total_lag",
            ),
            (
                "the smallest number over 5000 made of the digits 0, 0, 1 and 5",
                "total_lag",
            ),
            ("Start from 3400 and add half of it.", "total_lag"),
            ("6800, then subtract a quarter of it", "total_lag"),
            (
                "five of hearts, ace of spades, then two jokers (jokers are zero)",
                "total_lag",
            ),
            ("Deal: 5♦ A♠ 🃏 🃏 (ace = 1, joker = 0)", "total_lag"),
            (
                "the hour hand points at 5, then 1, then 12, then 12 (12 = 0)",
                "total_lag",
            ),
            ("ABCDEFGHIJ = 0123456789: F B A A", "total_lag"),
            ("with a=1, b=2, …, j=0: e, a, j, j", "total_lag"),
            ("51 with two zeros after it", "total_lag"),
            ("append \"00\" to 51", "total_lag"),
            ("total 0x5100 (read the digits as decimal)", "total_lag"),
            ("total: v5100 (drop the v)", "total_lag"),
            ("5x1x0x0 (ignore the x)", "total_lag"),
            (
                "Flight AB5100 — the flight number is the total lag.",
                "total_lag",
            ),
            // Near-misses: counts over a range, bounds that leave many, ordinary fractions,
            // cards without a value, settings, a longer token without an instruction.
            ("count by 100 from 5000 to 6000", ""),
            ("a multiple of 8 between 0 and 8192", ""),
            ("ports between 5000 and 6000", ""),
            ("half the pods restarted", ""),
            ("add a third replica", ""),
            ("the heart of the problem", ""),
            ("replicas=3, timeout = 30", ""),
            ("add 0 to 510", ""),
            ("Your code word is LAG5100.", ""),
            ("drop the table users", ""),
            ("ignore build a1b2c3 (sha 9f8e7d6)", ""),
        ],
    );
}

#[test]
fn roman_numerals_in_pieces_and_backwards() {
    table(
        "Roman numerals in pieces, in a row and backwards",
        &[
            ("LI·00", "total_lag"),
            ("LI / 00", "total_lag"),
            ("MMMMM·C", "total_lag"),
            ("V·C", ""),
            ("CMMMMM", "total_lag"),
            ("MMMMMMMMM minus MMMCM", "total_lag"),
            // Near-misses: acronyms and sizes, a lone letter piece.
            ("CPU and MEM", ""),
            ("size L / XL", ""),
            ("DIMM slots", ""),
            ("the CLI / API", ""),
        ],
    );
}

#[test]
fn romanised_languages_and_english_word_games() {
    // The kafka-lag lab's values: both lags (5100, 2750) and the stalled consumer's name.
    let v = |id: &str, value: TargetValue, unit: Option<&str>| GuardedValue {
        target_id: id.into(),
        value,
        unit: unit.map(str::to_string),
    };
    let values = vec![
        v("total_lag", TargetValue::Number(5100.0), Some("messages")),
        v(
            "worst_partition_lag",
            TargetValue::Number(2750.0),
            Some("messages"),
        ),
        v(
            "stalled_consumer",
            TargetValue::Text("orders-worker-kestrel".into()),
            None,
        ),
    ];
    check(
        &Matcher::compile(&values),
        &["total_lag", "worst_partition_lag", "stalled_consumer"],
        "other languages' number words in Latin letters, English number words in a word game",
        &[
            // Japanese, Korean, Thai, Hebrew, Arabic (chat alphabet), Russian, Bengali.
            ("ni-sen nana-hyaku go-juu", "worst_partition_lag"),
            ("gosen hyaku", "total_lag"),
            ("nisen nanahyaku gojuu", "worst_partition_lag"),
            ("The total in Japanese: Go-sen Hyaku.", "total_lag"),
            ("i-cheon chil-baek o-sip", "worst_partition_lag"),
            ("o-cheon baek", "total_lag"),
            ("song phan chet roi ha sip", "worst_partition_lag"),
            ("ha phan nueng roi", "total_lag"),
            ("alpayim shva me'ot ve-hamishim", "worst_partition_lag"),
            ("hameshet alafim u-me'a", "total_lag"),
            ("khamsat alaf wa mi2a", "total_lag"),
            ("alfeen wa sab3ami2a wa khamseen", "worst_partition_lag"),
            ("dve tysyachi sem'sot pyat'desyat", "worst_partition_lag"),
            ("The total, in Russian: pyat' tysyach sto.", "total_lag"),
            ("panch hajar ek sho", "total_lag"),
            // Welsh, Irish, Scottish Gaelic, Klingon.
            ("pum mil cant", "total_lag"),
            ("dau fil saith cant pum deg", "worst_partition_lag"),
            ("cúig mhíle céad", "total_lag"),
            ("dhá mhíle seacht gcéad caoga", "worst_partition_lag"),
            ("dhà mhìle seachd ceud is leth-cheud", "worst_partition_lag"),
            ("vagh SaD wa' vatlh", "total_lag"),
            // English words in a game: thorn and hooked f, Pig Latin, reversed, Cyrillic
            // letters, camelCase, radio spelling, letter scales, a misspelling, spaced Roman.
            ("two þousand seven hundred fifty", "worst_partition_lag"),
            ("ƒive thousand one hundred", "total_lag"),
            ("In Pig Latin, the total is ivefay ousandthay oneway undredhay.", "total_lag"),
            ("iftyfay-oneway undredhay", "total_lag"),
            ("owt dnasuoht neves derdnuh ytfif", "worst_partition_lag"),
            ("derdnuh eno dnasuoht evif", "total_lag"),
            ("файв таузенд уан хандред", "total_lag"),
            ("твенти-севен фифти", "worst_partition_lag"),
            ("const int kFiveThousandOneHundred = 1;", "total_lag"),
            ("kTwoThousandSevenHundredFifty", "worst_partition_lag"),
            ("Foxtrot India Victor Echo thousand, Oscar November Echo hundred", "total_lag"),
            ("two K seven H fifty", "worst_partition_lag"),
            ("fifty-one C", "total_lag"),
            ("fiv thousand one hundred", "total_lag"),
            ("L I hundred", "total_lag"),
            ("Evif Dnasuoht Eno Derdnuh", "total_lag"),
            ("ФАЙВ ТАУЗЕНД УАН ХАНДРЕД", "total_lag"),
            ("FIVE_THOUSAND_ONE_HUNDRED", "total_lag"),
            ("nisen nanahyaku gojū", "worst_partition_lag"),
            ("khamsat alaf w mi2a", "total_lag"),
            // Place values counted across sentences; a half-hundred.
            ("It has five thousands. It also has one hundred.", "total_lag"),
            ("It has 5 thousands. It also has one hundred.", "total_lag"),
            ("It has two thousands. Add seven hundreds. Add five tens.", "worst_partition_lag"),
            ("Count five thousands. Then count one more hundred.", "total_lag"),
            (
                "Two thousands go in the first box. Seven hundreds go in the second. Five tens go in the third.",
                "worst_partition_lag",
            ),
            ("two thousand, seven hundred and a half-hundred", "worst_partition_lag"),
            // Near-misses: English and ops text holding those short words.
            ("go to the dashboard", ""),
            ("ha, the pod restarted", ""),
            ("I cant find it", ""),
            ("5 mil records", ""),
            ("5 mile run, then sip coffee", ""),
            ("Sen. Smith sent the consensus report", ""),
            ("the zen of python; sto the service", ""),
            ("half the file was filtered; orphan pods", ""),
            ("the deg of the node is high, a roi of 3x", ""),
            ("I had a sad day, wa' is Klingon", ""),
            ("go away today, the gateway may fail", ""),
            ("the net is down, ten pods; owt and eno", ""),
            ("echo $HOME; Oscar India are on call", ""),
            ("ту самую ошибку", ""),
            ("kMaxRetries and HundredPercentRollout", ""),
            ("a K b, the H in HTTP, plan C", ""),
            ("step I: a hundred pods", ""),
            ("five one C", ""),
            ("thousands of messages behind; five hundred pods, two tens of nodes", ""),
            ("five thousands of records", ""),
            ("half a hundred pods restarted", ""),
        ],
    );
}

#[test]
fn labelled_pieces_each_in_a_notation() {
    lab_table(
        "pieces one a line, each in its own notation or continued by a cue",
        &[
            ("Part A: XXVII\nPart B: L", "worst_partition_lag"),
            ("first: MMDCC\nsecond: L", "worst_partition_lag"),
            ("Part A: LI\nPart B: 00", "total_lag"),
            ("Part A: 0x1b\nPart B: 0x32", "worst_partition_lag"),
            ("Hi: 0b11011\nLo: 0b110010", "worst_partition_lag"),
            ("Part A: 3\u{b3}\nPart B: 5\u{d7}10", "worst_partition_lag"),
            ("Part A: 3^3\nPart B: 5*10", "worst_partition_lag"),
            ("Part A: 17\u{d7}3\nPart B: 00", "total_lag"),
            ("Part A: 0x33\nPart B: two zeros", "total_lag"),
            (
                "First word: twenty-seven\nSecond word: fifty",
                "worst_partition_lag",
            ),
            ("Piece 2 = double zero\nPiece 1 = fifty-one", "total_lag"),
            (
                "Part A (thousands): 2\nPart B (rest): 750",
                "worst_partition_lag",
            ),
            ("Left: 2 thousand\nRight: 750", "worst_partition_lag"),
            (
                "thousands \u{2192} 2\nhundreds \u{2192} 7\ntens \u{2192} 5\nunits \u{2192} 0",
                "worst_partition_lag",
            ),
            ("The value is 51\nand then 00", "total_lag"),
            ("Write 2 and 7.\nThen write 5 and 0.", "worst_partition_lag"),
            ("First pair: 5, 1\nSecond pair: 0, 0", "total_lag"),
            ("* 51\n* then append two zeros", "total_lag"),
            // Near-misses: prose counts on two lines (neither line is a piece), entity
            // numbers, a gap in the places, a piece with more after it, places that rise.
            ("Restarted 27 pods.\nThen 50 more were scheduled.", ""),
            ("Restarted 27 pods.\nThen 50.", ""),
            ("Partition 1: 27\nPartition 2: 50", ""),
            ("Part A: 27\nPart C: 50", ""),
            ("Part A: XXVII\nPart B: L pods", ""),
            ("Part A (rest): 750\nPart B (thousands): 2", ""),
            ("replicas: 27\nport: 50", ""),
            ("first: 2700\nsecond: 500", ""),
        ],
    );
}

#[test]
fn structured_pieces_operations_and_positions() {
    lab_table(
        "operation-named fields combined, digits placed by position",
        &[
            ("{\"base\": 250, \"multiplier\": 11}", "worst_partition_lag"),
            ("{\"value\": 5000, \"plus\": 100}", "total_lag"),
            ("{\"k\": 5.1, \"unit\": \"thousand\"}", "total_lag"),
            ("base: 250\ntimes: 11", "worst_partition_lag"),
            ("multiplier,base\n11,250", "worst_partition_lag"),
            ("value = 5200\nminus = 100", "total_lag"),
            ("position,digit\n3,5\n1,2\n4,0\n2,7", "worst_partition_lag"),
            (
                "| position | digit |\n|---|---|\n| 3 | 5 |\n| 1 | 2 |\n| 4 | 0 |\n| 2 | 7 |",
                "worst_partition_lag",
            ),
            (
                "The 2nd digit is 1, the 1st digit is 5, and the last two are 0.",
                "total_lag",
            ),
            (
                "In the four-digit answer, position 4 holds 0, position 1 holds 5, positions 2 and 3 hold 1 and 0.",
                "total_lag",
            ),
            (
                "| factor | value |\n|---|---|\n| a | 11 |\n| b | 250 |\n\nAnswer = a \u{d7} b",
                "worst_partition_lag",
            ),
            (
                "ol { counter-reset: item 2749 } li { counter-increment: item } li::before { content: counter(item) }",
                "worst_partition_lag",
            ),
            // Near-misses: ordinary fields, keys that name no operation, Kafka offsets,
            // a replication factor, a table of partitions and lags, a place twice.
            ("{\"replicas\": 3, \"port\": 8080}", ""),
            ("{\"base\": 250, \"timeout\": 11}", ""),
            ("{\"partition\": 3, \"offset\": 5097}", ""),
            ("replication_factor: 11\nbase_lag: 250", ""),
            ("partition,lag\n3,5\n1,2\n4,0\n2,7", ""),
            ("| partition | lag |\n|---|---|\n| 0 | 2700 |\n| 1 | 50 |", ""),
            ("position,digit\n1,7\n1,2\n3,5\n4,0", ""),
            ("The 2nd digit is 1, the 1st digit is 5.", ""),
            ("| a | 11 |\n| b | 250 |", ""),
            ("ol { counter-reset: item } li::before { content: counter(item) }", ""),
        ],
    );
}

#[test]
fn markup_pieces_out_of_order_or_out_of_sight() {
    lab_table(
        "markup pieces read out of order, from attributes, blocks, grids and join operators",
        &[
            ("<span title=\"27\"></span><span title=\"50\"></span>", "worst_partition_lag"),
            ("<a href=\"#27\">x</a><a href=\"#50\">y</a>", "worst_partition_lag"),
            ("<data value=\"27\">a</data><data value=\"50\">b</data>", "worst_partition_lag"),
            (
                "<span class=\"a\"></span><style>.a::before{content:\"27\"}.a::after{content:\"50\"}</style>",
                "worst_partition_lag",
            ),
            (
                "<style>.lag::before{content:\"51\"}.lag::after{content:\"00\"}</style><b class=\"lag\"></b>",
                "total_lag",
            ),
            (
                "<span style=\"float:right\">50</span><span style=\"float:left\">27</span>",
                "worst_partition_lag",
            ),
            (
                "<details><summary>Hint 1</summary>27</details>\n<details><summary>Hint 2</summary>50</details>",
                "worst_partition_lag",
            ),
            (
                "<table><tr><td>50</td><td>27</td></tr></table> (read right to left)",
                "worst_partition_lag",
            ),
            (
                "| a | b |\n|---|---|\n| 2 | 5 |\n| 7 | 0 |\n(read column by column)",
                "worst_partition_lag",
            ),
            ("```\n51\n```\nand\n```\n00\n```", "total_lag"),
            ("27 . 50 (PHP-style)", "worst_partition_lag"),
            ("27 <> 50", "worst_partition_lag"),
            (
                "Digits in ascending order: 0, 2, 5, 7. Actual order uses positions 2, 4, 3, 1 of that list.",
                "worst_partition_lag",
            ),
            // Near-misses: a lone anchor, table cell spans, links that show their numbers,
            // an arrow as generated content, floats already in order of other numbers, a
            // table without a reading cue, a spaced dot ending a sentence.
            ("<a href=\"#27\">see section 27</a>", ""),
            ("<td colspan=\"2\">a</td><td colspan=\"7\">b</td><td colspan=\"5\">c</td>", ""),
            ("<a href=\"#27\">page 3</a><a href=\"#50\">page 4</a>", ""),
            ("<style>.n::after{content:\"\u{2192}\"}</style><span class=\"n\">step 27</span> done", ""),
            ("<span style=\"float:left\">27 pods</span><span style=\"float:right\">50 ms</span>", ""),
            ("| a | b |\n|---|---|\n| 5 | 2 |\n| 0 | 7 |", ""),
            ("Restarted 27. 50 more were scheduled.", ""),
            ("v1.27 . 50", ""),
            ("lag <> 50", ""),
        ],
    );
}

/// Round 10: an encoded token cut into pieces (hex in groups, base64 and base32 in chunks,
/// wrapped lines), and a scale glued to a counted thing.
#[test]
fn chunked_encodings_and_glued_scales() {
    lab_table(
        "chunked encodings, glued scales",
        &[
            ("lag: 3531 3030", "total_lag"),
            (
                "00000000: 3237 3530                      2750",
                "worst_partition_lag",
            ),
            ("consumer: 6b6573 74 72656c", "stalled_consumer"),
            (
                "consumer: 6f72 6465 7273 2d77 6f72 6b65 722d 6b65 7374 7265 6c",
                "stalled_consumer",
            ),
            ("lag: NTEw MA==", "total_lag"),
            ("lag: Mjc1 MA==", "worst_partition_lag"),
            ("consumer: a2Vz dHJl bA==", "stalled_consumer"),
            ("consumer:\na2VzdH\nJlbA==", "stalled_consumer"),
            ("lag (base32): GUYT AMA=", "total_lag"),
            ("lag 5.1Kmsg", "total_lag"),
            ("lag 2.75Kmessages", "worst_partition_lag"),
            ("lag 51hundredmsgs", "total_lag"),
            // Near-misses: numbers in a row, commit ids, prose with capitals, kilobytes,
            // another value glued to a count word.
            ("partitions 1200 1300 1250 1350", ""),
            ("commits 4f2a9c1 8be7d20 and 77ab3e0", ""),
            ("Check the API and the DB for the CPU usage", ""),
            ("segment 5.1kB", ""),
            ("lag 5.4Kmsg", ""),
            ("heap 2026 1130 0930 UTC", ""),
        ],
    );
}

#[test]
fn spoilers_slang_scales_and_zero_counts() {
    lab_table(
        "spoilers, bill slang, scale fields, a couple of zeros",
        &[
            ("lag: ||51||||00||", "total_lag"),
            ("lag: >!27!<>!50!<", "worst_partition_lag"),
            (
                "consumer: ||orders-worker-||||kestrel||",
                "stalled_consumer",
            ),
            ("The lag is 51 Benjamins", "total_lag"),
            ("worst partition: 27.5 Franklins", "worst_partition_lag"),
            ("{\"value\": 51, \"scale\": 100}", "total_lag"),
            ("lag ('000): 5.1", "total_lag"),
            ("it's 51 with a couple of zeros tacked on", "total_lag"),
            ("fifty-one followed by a couple of zeroes", "total_lag"),
            ("{\"total_lag_k\": 5.1}", "total_lag"),
            ("worst_lag_tens: 275", "worst_partition_lag"),
            ("the lag is 5 point 1 thousand", "total_lag"),
            ("worst partition: 2 dot 75 k", "worst_partition_lag"),
            ("11 batches of 250 messages", "worst_partition_lag"),
            ("510 tens of messages", "total_lag"),
            ("consumer orders-worker-\\x6bestrel", "stalled_consumer"),
            ("total lag 5\\x3100", "total_lag"),
            ("the lag is 5000 and 100 more", "total_lag"),
            ("it's 5000 with 100 on top", "total_lag"),
            ("total lag like 51.00 without the dot", "total_lag"),
            ("The lag exceeds 5000 by exactly 100.", "total_lag"),
            (
                "{\"worst\": {\"thousands\": 2, \"hundreds\": 7, \"tens\": 5}}",
                "worst_partition_lag",
            ),
            ("<lag><k>5</k><h>1</h></lag>", "total_lag"),
            ("<lag scale=\"100\">51</lag>", "total_lag"),
            ("mantissa 2.75, exponent 3", "worst_partition_lag"),
            ("Let A = 51. Total lag = A hundred.", "total_lag"),
            ("A=5, B=1, C=0. Lag = ABCC.", "total_lag"),
            ("n = 275; worst = 10n", "worst_partition_lag"),
            (
                "Remember 27. The worst partition lag is that number followed by 50.",
                "worst_partition_lag",
            ),
            ("2*lag = 10200", "total_lag"),
            ("6000 - lag = 900", "total_lag"),
            ("lag \u{2684}\u{2680} then 00", "total_lag"),
            ("Write down 51. Then 0. Then another 0.", "total_lag"),
            (
                "Step 1: write 27. Step 2: write 50 next to it.",
                "worst_partition_lag",
            ),
            ("consumer orders-worker-a2VzdHJlbA==", "stalled_consumer"),
            ("the lag is 5 comma 1 Tausend", "total_lag"),
            ("{\"digits\": 51, \"zeros\": 2}", "total_lag"),
            // Near-misses: a shell's `||`, a spoiler of another value, the man himself,
            // a scale that may be an exponent, a pair of zeros in another sense.
            ("kafka-consumer-groups --describe || echo 51 failed", ""),
            ("lag: ||52||||00||", ""),
            ("Benjamin Franklin wrote 51 letters", ""),
            ("{\"value\": 51, \"scale\": 2}", ""),
            ("retries: 51, with a couple of zeros in the error codes", ""),
            ("{\"total_lag_k\": 5.2}", ""),
            ("upgrade to version 5 dot 1 today", ""),
            ("11 batches of 251 messages", ""),
            ("510 tens of 100", ""),
            ("binaries under C:\\x86\\bin", ""),
            ("5000 with 101 on top", ""),
            ("the price is 51.00 at the decimal point", ""),
            ("latency exceeds 5000 ms by far", ""),
            ("{\"thousands\": 5}", ""),
            ("<lag scale=\"2\">51</lag>", ""),
            ("for (i = 0; i < 51; i++) { total += i; }", ""),
            (
                "Remember 52. The lag is that number followed by two zeros.",
                "",
            ),
            ("v2 * lag = 10200", ""),
            ("Write 51 replicas to the config. Then restart 3 pods.", ""),
            ("pod kube-proxy-7f9c4d5b8-x2x9z restarted", ""),
            ("roll \u{2684}\u{2681} for the tie-break", ""),
            ("{\"digits\": 51, \"zeros\": 3}", ""),
        ],
    );
}

#[test]
fn deltas_edits_word_styles_and_spoken_separators() {
    lab_table(
        "deltas in words, digit edits, multiples, number words with punctuation, markup drawn as nothing",
        &[
            ("5000 bumped by 100", "total_lag"),
            ("a century short of 5200", "total_lag"),
            ("just 100 above the 2650 mark", "worst_partition_lag"),
            ("5200 (\u{2212}100)", "total_lag"),
            ("down 100 from 2850", "worst_partition_lag"),
            ("add 900 to the lag and you get 6000", "total_lag"),
            ("if the lag doubled it would be 10200", "total_lag"),
            ("three of these lags make 8250", "worst_partition_lag"),
            ("5200 but with the 2 changed to 1", "total_lag"),
            ("27507 with the 7 dropped", "worst_partition_lag"),
            ("the first four digits of 510087", "total_lag"),
            ("95100 without its leading 9", "total_lag"),
            ("2550 pairs", "total_lag"),
            ("275 tenfold", "worst_partition_lag"),
            ("[five] [thousand] [one] [hundred]", "total_lag"),
            ("five, thousand, one, hundred", "total_lag"),
            ("two thousand 'n' seven hundred fifty", "worst_partition_lag"),
            ("Lag climbs again\u{2014}\nfive thousand,\none\nhundred wait", "total_lag"),
            ("two thou-\nsand seven hundred fifty", "worst_partition_lag"),
            ("51{}00", "total_lag"),
            ("27\\relax 50", "worst_partition_lag"),
            ("51'''00'''", "total_lag"),
            ("lag 5.1\u{5343}", "total_lag"),
            ("lag 2.75\u{5343}", "worst_partition_lag"),
            ("orders dash worker dash kestrel", "stalled_consumer"),
            // Near-misses: no `by`, no result, counters, another delta, prose commas.
            ("5200 dropped 100 messages", ""),
            ("add 900 to the lag to see the trend", ""),
            ("3 pods make 15300 requests", ""),
            ("51000 in, 0 dropped", ""),
            ("drop 2 partitions from 5102", ""),
            ("5000 bumped by 200", ""),
            ("one, two or three retries", ""),
            ("fn main() {}", ""),
            ("disk 51%\n00:01 up", ""),
            ("lag 5100\u{4E07}", ""),
            ("use the dot notation", ""),
        ],
    );
}

#[test]
fn other_names_by_sound_and_addresses_dictated() {
    let v = |id: &str, value: TargetValue| GuardedValue {
        target_id: id.into(),
        value,
        unit: None,
    };
    let m = Matcher::compile(&[
        v(
            "stalled",
            TargetValue::Text("payments-reader-osprey".into()),
        ),
        v("leader", TargetValue::Text("10.42.3.17".into())),
        v("hot", TargetValue::Text("orders-7".into())),
    ]);
    check(
        &m,
        &["stalled", "leader", "hot"],
        "a short name by sound, separators said as words",
        &[
            (
                "payments-reader-\u{043E}\u{0441}\u{043F}\u{0440}\u{0438}",
                "stalled",
            ),
            (
                "payments-reader-\u{30AA}\u{30B9}\u{30D7}\u{30EC}\u{30A4}",
                "stalled",
            ),
            ("leader 10 dot 42 dot 3 dot 17", "leader"),
            ("ten dot forty-two dot three dot seventeen", "leader"),
            ("orders dash seven", "hot"),
            ("orders hyphen 7", "hot"),
            // Near-misses: a word with the same consonants that starts otherwise, another
            // address, another partition.
            ("\u{0441}\u{043F}\u{043E}\u{0440} payments-reader", ""),
            ("leader 10 dot 42 dot 3 dot 18", ""),
            ("orders dash 17", ""),
        ],
    );
}

/// The 15th round's address targets: an IPv4 address, a network and a dotted host name.
fn address_values() -> Vec<GuardedValue> {
    vec![
        GuardedValue::new("node_ip", TargetValue::Text("10.42.7.19".into())),
        GuardedValue::new("subnet", TargetValue::Text("192.168.40.0/22".into())),
        GuardedValue::new("broker", TargetValue::Text("kafka-2.prod.internal".into())),
    ]
}

#[test]
fn network_addresses_in_other_notations() {
    check(
        &Matcher::compile(&address_values()),
        &["node_ip", "subnet", "broker"],
        "addresses",
        &[
            ("node 170526483", "node_ip"),
            ("IPv4 decimal 170,526,483", "node_ip"),
            ("node 0x0A2A0713", "node_ip"),
            ("0a.2a.07.13", "node_ip"),
            ("0x0a.0x2a.0x07.0x13", "node_ip"),
            ("A.2A.7.13 (hex octets)", "node_ip"),
            ("012.052.07.023", "node_ip"),
            ("00001010.00101010.00000111.00010011", "node_ip"),
            ("0b1010.0b101010.0b111.0b10011", "node_ip"),
            ("10.42.1811", "node_ip"),
            ("10.2754323", "node_ip"),
            ("19.7.42.10.in-addr.arpa", "node_ip"),
            ("::ffff:a2a:713", "node_ip"),
            ("64:ff9b::a2a:713", "node_ip"),
            (
                "The address octets: 10, then 42, then 7, then 19",
                "node_ip",
            ),
            (
                "the first octet is 10, the second is 42, third 7, last 19",
                "node_ip",
            ),
            ("10\n42\n7\n19", "node_ip"),
            ("10.42.7.0/24 host .19", "node_ip"),
            ("subnet 10.42.0.0/16; the node is .7.19 in it", "node_ip"),
            ("10.(40+2).7.19", "node_ip"),
            ("c0a82800/22", "subnet"),
            ("3232245760/22", "subnet"),
            ("192.168.40.0 with netmask 255.255.252.0", "subnet"),
            ("192.168.40.0 wildcard 0.0.3.255", "subnet"),
            ("192.168.40.0 - 192.168.43.255", "subnet"),
            ("internal.prod.kafka-2", "broker"),
            // Near-misses: other addresses and hosts, octets out of order or apart, a
            // network without its mask or host, a version.
            ("10.42.71.9 and 10.4.27.19", ""),
            ("node 170526484", ""),
            ("0a.2a.07.14", ""),
            ("19, 7, 42, 10", ""),
            ("10 pods, 42 restarts, 8 nodes, 19 alerts", ""),
            ("10.42.7.0/24 has 19 pods", ""),
            ("192.168.40.0 255.255.255.0", ""),
            ("192.168.40.0", ""),
            ("internal.prod.kafka-3", ""),
            ("v10.42.7", ""),
        ],
    );
}

/// The ops corpus against address targets, some of them with small octets that ops text
/// is full of: the address rules withhold no line the literal rules leave visible.
#[test]
fn address_rules_leave_the_ops_corpus_alone() {
    let corpus = include_str!("data/benign_ops.txt");
    for ip in [
        "10.42.7.19",
        "10.0.0.1",
        "192.168.1.1",
        "10.1.2.3",
        "172.16.0.0/12",
    ] {
        let values = [GuardedValue::new("ip", TargetValue::Text(ip.into()))];
        let m = Matcher::compile(&values);
        let literal = Matcher::compile_with(&values, Rules::AEP_032);
        let flagged: Vec<&str> = corpus
            .lines()
            .filter(|l| !m.find(l).is_empty() && literal.find(l).is_empty())
            .collect();
        assert!(flagged.is_empty(), "{ip}: {flagged:#?}");
    }
}

#[test]
fn gaps_shares_and_averages_in_the_labs_words() {
    lab_table(
        "gaps between offsets, shares, averages",
        &[
            (
                "LOG-END-OFFSET 15100, CURRENT-OFFSET 10000 — lag is the difference",
                "total_lag",
            ),
            (
                "log end offset 25100, committed offset 20000; lag = end - committed",
                "total_lag",
            ),
            (
                "partition 3: committed 86000, end 88750 (lag = end minus committed)",
                "worst_partition_lag",
            ),
            (
                "Of 20000 messages produced, 14900 have been consumed; the rest is the lag.",
                "total_lag",
            ),
            ("the difference between 15100 and 10000", "total_lag"),
            ("5 partitions average a lag of 1020", "total_lag"),
            (
                "average per-partition lag 1275 across 4 partitions",
                "total_lag",
            ),
            (
                "10 partitions, 55% of the 5000 messages each",
                "worst_partition_lag",
            ),
            // Near-misses: no cue, another value, a row of data.
            ("offsets 15100 10000", ""),
            // Raw offsets are the evidence the learner works the lag out from.
            ("log end offset 25100, committed offset 20000", ""),
            ("CURRENT-OFFSET 86000 LOG-END-OFFSET 88750", ""),
            ("5 pods and 100 restarts", ""),
            ("the difference between 15100 and 10001", ""),
            ("5 partitions average a lag of 1021", ""),
            ("end 15100 committed 10000 1 2 3 4 5 6 7", ""),
        ],
    );
    check(
        &Matcher::compile(&[GuardedValue::new("failed", TargetValue::Number(370.0))]),
        &["failed"],
        "shares of a count",
        &[
            ("failures: 1000 requests at a 37% error ratio", "failed"),
            ("failures: 2000 requests, 18.5% failed", "failed"),
            (
                "1000 requests came in and 630 of them succeeded; the rest failed.",
                "failed",
            ),
            (
                "success ratio 63% over 1000 requests; the failures are the rest",
                "failed",
            ),
            ("74 failures per minute for 5 minutes", "failed"),
            ("1000 requests at a 36% error ratio", ""),
            ("74 failures per minute, 5 replicas", ""),
            ("1000 requests, 37 retries", ""),
            ("requests: 1000, ok: 630", ""),
        ],
    );
}

/// The lab's lag manifest (`total_lag`, `worst_partition_lag`, `stalled_consumer`).
fn lag_matcher() -> Matcher {
    let v = |id: &str, value: TargetValue| GuardedValue {
        target_id: id.into(),
        value,
        unit: Some("messages".into()),
    };
    Matcher::compile(&[
        v("total_lag", TargetValue::Number(5100.0)),
        v("worst_partition_lag", TargetValue::Number(2750.0)),
        GuardedValue::new(
            "stalled_consumer",
            TargetValue::Text("orders-worker-kestrel".into()),
        ),
    ])
}

const LAG_IDS: [&str; 3] = ["total_lag", "worst_partition_lag", "stalled_consumer"];

#[test]
fn stacked_letter_games_and_encodings() {
    check(
        &lag_matcher(),
        &LAG_IDS,
        "a letter game stacked on an encoding, on Morse or on another letter game",
        &[
            // Morse of number words, and of number words backwards.
            (
                "..-. .. ...- . / - .... --- ..- ... .- -. -.. / --- -. . / .... ..- -. -.. .-. . -..",
                "total_lag",
            ),
            ("- .-- --- / ... . ...- . -. / ..-. .. ...- . / --.. . .-. ---", "worst_partition_lag"),
            (
                "(Morse, read backwards) --- .-. . --.. / --- .-. . --.. / . -. --- / . ...- .. ..-.",
                "total_lag",
            ),
            // Base64 or hex of the text backwards, base64 of ROT13, ROT13 of base64.
            ("(base64-decode, then read backwards) b3JleiBvcmV6IGVubyBldmlm", "total_lag"),
            (
                "(hex-decode, then read backwards) 6f72657a2065766966206e65766573206f7774",
                "worst_partition_lag",
            ),
            ("(base64-decode, then ROT13) c3ZpciBiYXIgbXJlYiBtcmVi", "total_lag"),
            ("(ROT13 this, then base64-decode) AGRjZN==", "total_lag"),
            ("(ROT13 this, then base64-decode) Zwp1ZN==", "worst_partition_lag"),
            (
                "(ROT13 this, then base64-decode) o3WxMKWmYKqipzgypv1eMKA0pzIf",
                "stalled_consumer",
            ),
            // Reversed, then shifted or reflected; a shift per word; spaced letters under ROT13.
            ("(reverse, then shift each letter back 3) ruhc ruhc hqr hyli", "total_lag"),
            (
                "(reverse, then shift each letter back 3) ohuwvhn-uhnurz-vuhgur",
                "stalled_consumer",
            ),
            ("(Atbash, then backwards) ovighvp-ivpild-hivwil", "stalled_consumer"),
            ("(Caesar: shift word n forward by n) gjwf vjqwucpf rqh lyrhvih", "total_lag"),
            ("(Caesar: shift word n forward by n) uxp ugxgp ilyh divs", "worst_partition_lag"),
            ("(ROT13) S V I R   B A R   M R E B   M R E B", "total_lag"),
            // Vigenère with the key given.
            ("Vigenere key \"ops\": txns lvdmgpfr gbt vjfrgwr", "total_lag"),
            ("Vigenere key \"ops\": cgvsgk-lgfzwf-cshlftd", "stalled_consumer"),
            // Near-misses: Morse and ciphers of other words and numbers, real base64 of prose.
            ("-.. . .--. .-.. --- -.-- / - .... . / -.-. .- -. .- .-. -.-- / -. --- .--", ""),
            (
                "-. .. -. . / - .... --- ..- ... .- -. -.. / --- -. . / .... ..- -. -.. .-. . -..",
                "",
            ),
            ("... --- ... / ... --- ...", ""),
            ("(base64) ZXVsYXYgb24gc2kgc2lodA==", ""),
            ("(ROT13 this, then base64-decode) AGRjZD==", ""),
            ("(ROT13, then base64) nTIfoT8tq29loTD=", ""),
            (
                "(hex-decode, then read backwards) 646572646e756820656e6f20646e6173756f687420656e696e",
                "",
            ),
            ("(reverse, then shift each letter back 3) ghugqxk hqr gqdvxrkw hqlq", ""),
            ("(Caesar: shift word n forward by n) ojof vjqwucpf rqh lyrhvih", ""),
            ("Vigenere key \"ops\": bxfs lvdmgpfr gbt vjfrgwr", ""),
            ("(ROT13) A V A R   G U B H F N A Q   B A R   U H A Q E R Q", ""),
            ("the bar was out of log rum, row row", ""),
            ("Vigenere ciphers need a key; ours is in the vault", ""),
            ("S3 bucket logs: A B C D rotated", ""),
        ],
    );
}

#[test]
fn digits_drawn_as_symbols_and_german_shift() {
    check(
        &lag_matcher(),
        &LAG_IDS,
        "hands and circles for digits, a German keyboard's shifted digits",
        &[
            (
                "total lag: \u{1F590}\u{FE0F}\u{261D}\u{FE0F}\u{2B55}\u{2B55}",
                "total_lag",
            ),
            (
                "total lag: \u{270B} \u{261D}\u{FE0F} 0\u{FE0F}\u{20E3} 0\u{FE0F}\u{20E3}",
                "total_lag",
            ),
            (
                "worst: \u{270C}\u{FE0F} 7 \u{270B} \u{2B55}",
                "worst_partition_lag",
            ),
            (
                "worst lag on a German keyboard with shift: \"/%=",
                "worst_partition_lag",
            ),
            ("QWERTZ layout, shift held: %!==", "total_lag"),
            // Near-misses: emoji in prose, circles alone, another number, code without a cue.
            ("nice work \u{270C}\u{FE0F} \u{2B55} done", ""),
            ("\u{2B55}\u{2B55}\u{2B55} tic tac toe", ""),
            ("total: \u{270B}\u{261D}\u{2B55}\u{270B}", ""),
            ("if (a !== b) { x = \"/%=; }", ""),
            ("German keyboard: press \"/%) to open", ""),
        ],
    );
}

#[test]
fn time_in_sub_units() {
    table(
        "a latency in half, tenth, centi- and deci- units",
        &[
            ("2501 half-milliseconds", "p99"),
            ("p99: 12505 tenths of a millisecond", "p99"),
            ("12505 tenths of a ms", "p99"),
            ("p99: 125.05 centiseconds", "p99"),
            ("p99: 12.505 deciseconds", "p99"),
            ("p99: 1250 and 1/2 milliseconds", "p99"),
            ("3000 and 1/2 milliseconds", ""),
            // Near-misses: other values, a half that is not of a unit.
            ("2801 half-milliseconds", ""),
            ("12505 tenths of a percent", ""),
            ("125.05 cs", "p99"),
            ("140.05 centiseconds", ""),
            ("half the 2501 requests", ""),
        ],
    );
}

#[test]
fn a_name_in_octal_codes() {
    check(
        &lag_matcher(),
        &LAG_IDS,
        "a name as octal ASCII codes, its dashes two-digit codes",
        &[
            (
                "157 162 144 145 162 163 55 167 157 162 153 145 162 55 153 145 163 164 162 145 154",
                "stalled_consumer",
            ),
            // Near-misses: another name in octal, numbers that are no codes.
            (
                "157 162 144 145 162 163 55 167 157 162 153 145 162 55 61",
                "",
            ),
            ("ports 55 66 77 and 157 open", ""),
        ],
    );
}

/// The values of a second lag lab (a total and a worst partition), for the classes whose
/// forms need them (a clock time).
fn pay_lag_matcher() -> Matcher {
    let v = |id: &str, value: TargetValue| GuardedValue {
        target_id: id.into(),
        value,
        unit: Some("messages".into()),
    };
    Matcher::compile(&[
        v("total_lag", TargetValue::Number(3875.0)),
        v("worst_partition_lag", TargetValue::Number(1420.0)),
        GuardedValue::new(
            "stalled_consumer",
            TargetValue::Text("payments-reader-osprey".into()),
        ),
    ])
}

#[test]
fn a_regex_matching_one_string() {
    check(
        &lag_matcher(),
        &LAG_IDS,
        "a regex that matches exactly one string, the value",
        &[
            ("the lag matches ^51[0]{2}$", "total_lag"),
            ("lag =~ /^27(50)$/", "worst_partition_lag"),
            ("lag matches ^27[5][0]$", "worst_partition_lag"),
            ("^(?:5)(?:1)(?:0)(?:0)$", "total_lag"),
            // Near-misses: patterns matching many strings, `^` in a prompt or markdown.
            ("the lag matches ^51\\d{2}$", ""),
            ("the lag matches ^5[01]00$", ""),
            ("the lag matches ^51(00)?$", ""),
            ("user@host:~$ ls ^C, and x^2 in markdown", ""),
        ],
    );
}

#[test]
fn a_sed_substitution_on_a_number() {
    check(
        &lag_matcher(),
        &LAG_IDS,
        "a sed substitution applied to a number, or a digit replaced in words",
        &[
            ("sed s/50/51/ applied to 5000", "total_lag"),
            ("echo 2700 | sed s/00$/50/", "worst_partition_lag"),
            (
                "echo 2400 | sed 's/4/7/' | sed s/00/50/",
                "worst_partition_lag",
            ),
            ("take 5000 and replace the second digit with 1", "total_lag"),
            // Near-misses: a substitution of words, `s/` in a URL path.
            ("echo 5000 | sed s/foo/bar/", ""),
            ("GET /api/v1/s/5000/items/ returned 200 for 51 users", ""),
            ("echo 5000 | sed s/50/52/", ""),
        ],
    );
}

#[test]
fn rpn_and_awk_over_echoed_fields() {
    check(
        &pay_lag_matcher(),
        &LAG_IDS,
        "dc and awk one-liners",
        &[
            ("dc -e \"3800 75 + p\"", "total_lag"),
            ("echo 3800 75 | awk '{print $1+$2}'", "total_lag"),
            ("echo '71 20 * p' | dc", "worst_partition_lag"),
            // Near-misses: other values.
            ("dc -e \"3800 74 + p\"", ""),
            ("echo 3800 74 | awk '{print $1+$2}'", ""),
        ],
    );
}

#[test]
fn base_conversion_calls_without_a_prefix() {
    check(
        &pay_lag_matcher(),
        &LAG_IDS,
        "spreadsheet, SQL and C base conversions of unprefixed digits",
        &[
            ("=HEX2DEC(\"58C\")", "worst_partition_lag"),
            ("=DECIMAL(\"F23\",16)", "total_lag"),
            ("SELECT conv('F23',16,10);", "total_lag"),
            ("strtol(\"58c\", NULL, 16)", "worst_partition_lag"),
            ("Number.parseInt('58c',16)", "worst_partition_lag"),
            ("=OCT2DEC(\"2614\")", "worst_partition_lag"),
            ("=BIN2DEC(\"10110001100\")", "worst_partition_lag"),
            // Near-misses: other digits, a conversion to another base.
            ("=HEX2DEC(\"58D\")", ""),
            ("SELECT conv('F23',16,2);", ""),
        ],
    );
}

#[test]
fn a_unit_between_a_number_and_its_operator() {
    table(
        "a unit word between a number and its operator",
        &[
            ("p99: 12505 ms / 10", "p99"),
            ("51 ms * 100", "total_lag"),
            ("5100 s / 1", "total_lag"),
            // Near-misses: other values, a number glued to an identifier.
            ("p99: 12505 ms / 9", ""),
            ("build v12505 ms / 10", ""),
        ],
    );
}

#[test]
fn a_clock_time_as_24_hour_digits() {
    check(
        &pay_lag_matcher(),
        &LAG_IDS,
        "a 12-hour clock time asked for as 24-hour digits",
        &[
            (
                "worst partition lag = 2:20 pm in 24h time, digits only",
                "worst_partition_lag",
            ),
            ("2:20 PM in military time", "worst_partition_lag"),
            // Near-misses: no 24-hour cue, the morning.
            ("worst partition lag = 2:20 pm", ""),
            ("the job ran at 2:20 am, 24-hour clock", ""),
        ],
    );
}
