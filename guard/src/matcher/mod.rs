//! The answer matcher: compiled once per guard set, it answers "which guarded values does
//! this text state" (AEP-032 §4 "How it matches", and the stretch rules below).
//!
//! # Example
//!
//! ```
//! use orrery_learning_guard::manifest::TargetValue;
//! use orrery_learning_guard::matcher::{GuardedValue, Matcher};
//!
//! let m = Matcher::compile(&[
//!     GuardedValue::new("lag", TargetValue::Number(5100.0)),
//!     GuardedValue::new("topic", TargetValue::Text("orders-v2".into())),
//! ]);
//! assert_eq!(m.find("The lag is 5,100 messages on ORDERS-V2."), vec![0, 1]);
//! assert_eq!(m.find("about five thousand one hundred"), vec![0]);
//! assert!(m.is_match("roughly 5.1k"));
//! assert!(!m.is_match("51000 messages, port 5100abc, 5,100,000 bytes, v1.5100"));
//! ```
//!
//! # Matching policy
//!
//! All matching runs on normalised text ([`normalize_for_matching`], documented in full in
//! `normalize.rs`): markup decoded (tags dropped, character references decoded, `~~`
//! removed), every Default_Ignorable_Code_Point, control and format character dropped, NFKD
//! with every combining mark removed, every Unicode decimal digit (Nd) and enclosed or keycap
//! digit read as its ASCII digit, dot/comma/hyphen look-alikes (UTS #39 skeleton) as ASCII
//! separators, superscripts kept as exponents. Because dropping a tag, a mark or an invisible
//! character can also glue two tokens into one, a text whose normalisation could join tokens
//! is read a second time as the previous matcher read it (NFKC, markup kept), and a target
//! found in either reading is stated: the new rules only add (a differential test against
//! the frozen previous matcher checks it). The name rules read that second reading too, and
//! a third one reads each tag as its name and attributes (`<five/><thousand/>…`,
//! `<kestrel>`): a reply shown as text, not rendered, shows them.
//!
//! **Strings** match as a case-insensitive substring; `*` and `` ` `` are ignored on both
//! sides (markdown cannot split a string target). And (`loose_strings`) in the string view:
//! letters lowercased and folded to their UTS #39 confusable skeleton (Cyrillic `о`, `ɡ`),
//! CamelCase and separators joined (`-`, `_`, space, `.`, `:`, `/`, `#`, up to three of them,
//! or none: `orders_7`, `orders 7`, `orders7`, `Kafka Consumer Lag High`), leading zeros of a
//! number dropped (`orders-07`). False-positive controls: a pattern that ends (starts) with a
//! digit must not be followed (preceded) by one (`orders-17`, `orders-70` in the view); other
//! punctuation, a line end or a longer gap breaks a name (`orders, 7`).
//!
//! **Units** (`units`): a number followed by a unit of the target's unit family (closed table
//! keyed by the manifest's `unit`: data size, data rate, time, event rate; SI and IEC
//! prefixes, bits, `/s`, `ps`, `per second`) states the target within the written value's
//! rounding (`2.4 MB/s`, `2400 kB/s`, `2.4MBps` for 2,400,000 bytes/s; `1.2505 s` for 1,250.5
//! ms). Controls: another family never matches (`2.4 seconds`), one significant digit states
//! only its exact value (`2 MB/s`), ambiguous units are read every way.
//!
//! **Decisions on a grid** (`targets::GRID`): every decision that is not an equality (an
//! approximation, a rounding such as `5.1k` or `1.25 s`, a value between bounds, a candidate
//! below) is taken on the target's grid cell (×1/0.95, about 5.3 % wide), not on its value,
//! so a learner who reads the verdicts of replies near a target learns its cell at most: with
//! a sharp ±5 % edge, `about X` lists found any target exactly in about 18 requests. The
//! tolerances below are what each rule covers at least; the cell can take in a little more.
//!
//! **Oracle rule** (`candidate_band`, `min_candidates`): a reply that states three or more
//! distinct candidates of one target's shape is withheld whole, whether or not the value is
//! among them (a number's digits backwards count half). A number is a candidate within ±10 % of a numeric target; a name is a
//! candidate when it equals a string target except for its digits, or (three parts or more)
//! one part (`candidates.rs`). A learner binary-searching with "repeat this half of the list"
//! learns the band, then one or two candidates per request. Ordinary data outside the band
//! (a per-partition lag table beside a total-lag target) stays visible.
//!
//! **Numbers** (AEP-032 §4) match by magnitude (a sign neither hides nor changes a value):
//! - a digit run on token boundaries, with one separator kind repeated between groups of
//!   three: comma, dot, space, underscore, apostrophe (`5100`, `5,100`, `5.100`, `5 100`,
//!   `5_100`, `5'100`); an equal-valued decimal (`5100.0`, `5,100.00`, `5.100,00`);
//!   markdown around or inside (`**5100**`, `` `5100` ``, `5**1**00`); a unit glued on
//!   (`5100ms`, `5100MiB`, `5100x`);
//! - k/M/B and scale words after digits, within the value's rounding: `5.1k`, `5.1 K`,
//!   `5.1 thousand`, `2.4 million` state every target that rounds to them at the written
//!   precision (`5.1k` states 5,050 ≤ t < 5,150; `5.10k` only 5,095 ≤ t < 5,105). A
//!   one-significant-digit mantissa (`5k`) states only its exact value (5,000): read as a
//!   rounding it would claim every target from 4,500 to 5,499, a ±10 % net wider than the
//!   ±5 % the approximation rule allows even after an explicit `about`. (Its measured cost on
//!   the corpus is 0 %, because ops text rarely writes `5k`; the decision is about meaning,
//!   and [`Rules::one_digit_abbreviations`] turns it on.) `about 5k` still states 5,100;
//! - the number in words: `five thousand one hundred`, `fifty-one hundred`, `five thousand,
//!   one hundred`, `five thousand and one hundred`, `5 thousand 100`, `two point four million`;
//!   an ordinal word ends one (`five thousand one hundredth`, `twenty-seven hundred fiftieth`;
//!   `second` only after `and` or a tens word, fractions such as `a thousandth of` not read).
//!
//! **Left alone**: `51000`, `510`, `5,100,000`, `5100.5`, `5100k` (a glued scale), a digit run inside
//! a longer token (`a5100`, `5100abc`, `v5100`, `id_5100`, `host.5100`, `10.0.5100.1`), and
//! ordinary ops prose (ports, dates, versions, IPs, timestamps, offsets, latencies) unless
//! it literally contains a target.
//!
//! **Stretch rules** (beyond AEP-032; each switchable in [`Rules`], each measured on
//! `tests/data/benign_ops.txt` by `tests/matcher_fp.rs` against random target sets):
//! - digits one by one: `five one zero zero`, `5-1-0-0`, `5 1 0 0` (three or more single
//!   digits, one separator kind);
//! - hex: `0x13EC` (integer targets), and the other notations of a base (`bases.rs`,
//!   `numbers/radix.rs`): `13ECh`, `&H13EC`, `$13EC`, `#x13EC`, `16#13EC#`, `13EC₁₆`,
//!   `13EC_16`, `(13EC)16`, `hex: 13EC`, `13EC (hex)`; `$` money (`$13.50`, `$5,100`),
//!   lowercase words (`$cafe`, `face_16`) and durations (`24h`, `720h`) are not read;
//! - arithmetic: `5099+1`, `1700 * 3`, `1700 × 3`, `10200/2`, `5000 + 50 * 2` (two to five
//!   operands, usual precedence; the whole and each adjacent pair). `-` and `x` need spaces
//!   on both sides (`4000-5100` is a range, `1920x1080` a resolution); a chain with `/` and
//!   three or more operands is a date and is skipped;
//! - scientific notation: `5.1e3`, `5.1E+3`, `5.1 × 10^3`, `5.1×10³`, `5.1*10**3`;
//! - approximations: a number (digits, abbreviated or in words) after `about`, `around`,
//!   `roughly`, `approximately`, `approx.`, `nearly`, `almost`, `circa`, `ca.`, `~` or `≈`
//!   states every target within ±5 % (`about five thousand` states 5,100).
//!
//! Measured false-positive cost (share of the 356 corpus lines a rule flags beyond what the
//! literal digits flag; mean and worst over 60 sets of 5 targets, per target family):
//!
//! | rule                | random targets   | round (5100, 450) | 1-4 % from a corpus number |
//! |---------------------|------------------|-------------------|----------------------------|
//! | words (AEP-032)     | 0 %              | 0.005 % (≤0.28 %) | 0 %                        |
//! | abbreviations       | 0 %              | 0 %               | 0 %                        |
//! | `5k` as a rounding  | 0 %              | 0 %               | 0 %                        |
//! | digits one by one   | 0 %              | 0 %               | 0 %                        |
//! | hex                 | 0 %              | 0 %               | 0 %                        |
//! | arithmetic          | 0 %              | 0 %               | 0 %                        |
//! | scientific          | 0 %              | 0 %               | 0 %                        |
//! | approximations ±5 % | 0.08 % (≤0.56 %) | 0.11 % (≤0.56 %)  | 0.21 % (≤0.84 %)           |
//!
//! A 0 means no corpus line was flagged, not that the rule never reads anything: the corpus
//! holds hex serials, kubectl ratios (`1/1`), cron `*/6`, Prometheus `1.234e+07` values and
//! runs of single digits, but those rules need an exact value, so they only fire when a
//! target is really written that way. Every stretch rule is kept. Approximations are the one with a visible cost (a coaching
//! line such as `about 1800 rps at peak` withheld when a target lies within 5 %); ±5 % is
//! the narrowest tolerance that still catches `about five thousand` for 5,100 and
//! `roughly 5.2k` for 5,000. The ceilings in `tests/matcher_fp.rs` keep these figures from
//! creeping up.
//!
//! **Patient-learner rules** (on by default, each switchable in [`Rules`], each with its
//! near-misses in `tests/patient_learner.rs` and its false-positive cost in
//! `tests/matcher_fp.rs`): digits one by one with any punctuation or digit words between
//! (`5, 1, 0, 0`, `5/1/0/0`, `five one oh oh`; not a lone `.`, so versions stay visible);
//! plural scales (`fifty-one hundreds`); mixed-case words (`fIVE tHOUSAND`); halves and simple
//! fractions (`1250 and a half`, `1250½`, `1250 1/2`); a decimal literal whose IEEE-754 double
//! equals the target (`1250.50000000000000001`); reversed digit runs and names (`0015`,
//! `7-sredro`); `0b`/`0o`, long 0/1 runs, C octal (`011754`: one leading zero, five digits or
//! more, so `chmod 0755` and zero-padded ids stay decimal) and the other octal and binary
//! markers of `bases.rs` (`&O11754`, `#o11754`, `8#11754#`, `11754₈`, `11754o`); Roman numerals, number words in French, German,
//! Spanish, Italian and Portuguese, CJK numerals (`lang.rs`); historic and non-positional
//! numeral systems (`readings/numerals.rs`: Greek `͵ερʹ`, Hebrew `ה׳ק`, Slavonic `҂єр҃`,
//! Aegean `𐄦𐄙`, Egyptian `𓇀𓍢`, Tamil `௫௲௱`, Ethiopic `፶፩፻`, Mayan `𝋬𝋯𝋠`); base64 and hex of a string or
//! number, decoded and matched (`encodings.rs`); `(51)(100)` and `5K1`; a prefix or suffix of
//! a target's digits after a position phrase (`starts with 51`, `ends in 00`: `phrases.rs`);
//! labelled pieces joined (`hi=51 lo=00`, `51 up front, 00 at the back`, `thousands: 5` …
//! `ones: 0`: `halves.rs`).
//!
//! **Second readings** (`readings.rs`): number words as digits, so arithmetic in words
//! (`three times 1700`, `fifty-one, times a hundred`), `2550 doubled`, `five one double zero`
//! and joined digit groups (`"51" + "00"`, `51 followed by 00`) meet the rules above; a text
//! holding reversed number words is also read backwards. Puzzle relations
//! (`readings/puzzles.rs`) are read as the value they name: `the integer right after 5099`,
//! `the predecessor of 5101`, `exactly halfway between 5000 and 5200`, `avg of 4900 and
//! 5300`, `10200 split in two`, `the smallest multiple of 50 above 5060` (a bare `between 4000
//! and 6000` or `the average latency` is not one). `5101-1` (no spaces) is read as a
//! difference beside its range reading when the second number is one digit (a range does
//! not fall to a single digit; `5200-100` stays a range, `numbers/arith.rs`). Mixed forms
//! (`readings/mixed.rs`): scale words abbreviated, misspelt or as homophones beside a number
//! (`5 thou 100`, `5k and 100`, `5 thousnd 1 hundrd`, `five thousand won hundred`), counted
//! units (`510 tens`, `0.51 myriad`, `255 score`, `35 gross and 60`), products with a power of
//! ten (`51x100`, `51 by 100`; not `1920x1080` or `2 by 4`), `5e3+1e2`, `51*10**2`, `100 over
//! 5k`, `51/100 of 10000`, fractions of a scale (`51/10 thousand`, `two and three quarter
//! grand`, `5 and one tenth thousand`), `two thousand seven fifty`. Measures
//! (`readings/measures.rs`): a conversion phrase evaluated exactly (`85 minutes in seconds`,
//! `the number of grams in 5.1 kg`, `cents in $27.50`), a rate times a duration it ran for in
//! one sentence (`at 10 msg/s the worst partition is 275 seconds behind`; not `100 msg/s, p99
//! 51 ms`) and a count in a prefixed unit (`5.1e6 milli-messages`).
//! **Worked-out quantities** (`quantities.rs`, ninth red-team round): a duration converted
//! where a cue names the unit (`01:25:00 in seconds`, `PT1H25M`, `1h25m → that many seconds`),
//! a Unix time of January 1970, days between two dates, slang and old units summed (`five
//! grand and a ton`, `5 G 1 C`, `204 ponies`, `425 dozens`, `✋ thousand ☝️ hundred`), riddles
//! (`how many legs do 1375 chickens have`), a product asked for, a shape's perimeter or area,
//! a percent change (`5000 plus 2%`), bytes over a message size and a few conversions the
//! measure table lacks (`51 hm in m`, `2.75 kHz in Hz`), each computed and compared exactly;
//! Roman numerals and hex literals beside an operator (`LI × C`, `0x1388 + 0x64`) and prose
//! constants (`the number of days in a year`) written as digits for every rule. And the
//! target's digits as a number of their own before a spaced scale word (`5100 thousand`,
//! `2750 K`) or glued to one the line says to drop (`5100k (ignore the k)`) state it
//! (`numbers.rs`).
//! **Names in letters alone**
//! (`fuzzy.rs`): digits for letters, a name in pieces, a few edits, Caesar shifts, letters
//! with hooks or strokes and upside-down text; (`disguises.rs`) a distinctive part in a word
//! game (Pig Latin, filler letters, a keyboard shift, no vowels, an anagram, a misspelling by
//! sound, a mask, pieces with filler words) or glued to an affix; and
//! (`spelling.rs`) a name spelled in the phonetic alphabet, in English letter names (`kay ee
//! ess`) or as alphabet positions (`11-5-19`).
//! **A name's distinctive part** (`parts.rs`): `kestrel` for `orders-worker-kestrel`, a pod's hash,
//! on word boundaries, unless the part is a common ops or English word or shared. **Split
//! digits** (`splits.rs`): `51 00`, `27-50`, one group a line. **Bounds** (`brackets.rs`):
//! `5099 < lag < 5101`, two neighbouring numbers at most 2 % apart on a line with a comparison
//! word, the target strictly between. **Arithmetic in words** (`wordmath.rs`): `2550 twice`,
//! `2550 per partition on 2 partitions`, `20400 shared by four consumers`, `p0=1700 p1=1700
//! p2=1700; sum them`, `not 5000, not 5200, exactly in between`, `5100000 millimessages`, `2
//! thousands, 7 hundreds, 5 tens and 0 units`, `51 and 00, glued`, `5 apples, 1 banana, 0
//! cherries, 0 dates`, `subtract 50 from 5150`, `multiply 27 by 100, then add 50`. **Digit words of other languages** (`digitwords.rs`):
//! `fünf eins null null`, `fife wun zero zero`.
//!
//! **Number words under a letter game** (`ciphered.rs`, [`Rules::ciphered_words`]): any Caesar
//! shift (ROT13 `svir gubhfnaq bar uhaqerq`, `gjwf uipvtboe pof ivoesfe`), Atbash and Atbash
//! shifted (`urev gslfhzmw lmv sfmwivw`), glued (`svirgubhfnaqbaruhaqerq`), and leetspeak
//! (`f1ve th0usand one hundr3d`, `tw0 th0u5and 5even hundred f1fty`), decoded in place and read
//! by every rule. A run needs two different number words under one key, or one of seven
//! letters or more, or (leet) one word of four letters or more with a letter either side of a
//! symbol, so `bar` alone (ROT13 `one`), `log log`, `k8s`, `s3`, `v1`, `h3llo w0rld` and `l33t`
//! stay visible.
//!
//! **Signalling codes and code** (fifth red-team round): Morse code and braille read as the
//! characters they spell (`signs.rs`: `..... .---- ----- -----`, `⠼⠑⠁⠚⠚`); small literal
//! expressions in code or maths markup evaluated (`code.rs`: `=SUM(5000,100)`, `int('11754',
//! 8)`, `"".join([...])`, `chr(53)+…`, `1275 << 2`, `$\frac{10200}{2}$`, `5[1]0{2}`, `\35 `,
//! `DIGIT FIVE`); one digit group per list item or table line (`1. 5` / `2. 1` …, `| 00 |`) and
//! a number broken at a line end (`splits.rs`); base58, Ascii85, base85 and uuencoded tokens
//! (`encodings.rs`).
//!
//! **Transformed encodings** (ninth red-team round, with [`Rules::encodings`]): tokens written
//! backwards (`==AMwETN`, `03%03%13%53%`: `encodings/reversed.rs`), zlib and gzip streams in
//! base64 or hex inflated under a 64 KiB cap (`eJw…`, `H4sI…`: `encodings/compressed.rs`) and
//! EBCDIC in hex (`F5 F1 F0 F0`: `encodings/ebcdic.rs`) are decoded like other tokens;
//! base64 and base32 whose case was destroyed (`ntewma==`) and md5, sha1 and sha256 digests of
//! a target's spellings are compared with needles built at compile time (`digests.rs`); ROT47
//! tokens are rotated back (`d``__`: `rot47.rs`); digits under a per-digit cipher (`%!))` typed
//! with shift, and near a cue rot5, nines' complement, `a=0` letters, keypad digits of a name)
//! are compared exactly (`digitciphers.rs`).
//!
//! **Stacked games** (sixteenth red-team round): a letter game on top of an encoding or of
//! another game is read by composing the readers, not per pair: a decoded token and a Morse
//! run are read with the second readings (backwards, glued) and `ciphered.rs` on top
//! (`hex("derdnuh eno …")`, `base64("svir …")`, Morse with word gaps, backwards); a base64
//! token whose letters were shifted is shifted back before decoding (`encodings/shifted.rs`:
//! `AGRjZN==`); number words backwards are in `ciphered.rs`'s table (`ghugqxk hqr`: reversed,
//! then shifted); names reversed then shifted or reflected are `fuzzy.rs` patterns; and
//! `stacked.rs` writes back a shift per word that steps evenly, a Vigenère cipher whose key
//! the text gives, and spaced letters under a shift.
//!
//! **Programs over several statements** (`program.rs`): a tiny straight-line interpreter reads
//! the values a script builds across statements (`lag = 5000` then `lag += 100`, `a = 51` then
//! `b = a * 100`, `x=51; echo "${x}00"`, `printf '%d%02d' 51 0`, `f'{51}{0:02d}'`,
//! `'51'.ljust(4, '0')`, `ord('Ꮼ')`, `python3 -c "…"`); each computed number is checked
//! exactly, each built or printed string by every rule. Values are combined only when a
//! statement combines them (a config block of `key = value` lines reads nothing), and a loop or
//! branch forgets every name its block assigns.
//!
//! **Code in other languages, prefix forms and relations** (ninth red-team round): a constant
//! repeated a counted number of times and aggregated (`repeats.rs`: `sum (replicate 51 100)`,
//! `51.times.sum { 100 }`, `+/51⍴100`, `SUM(100) FROM generate_series(1, 51)`, `yes 100 | head
//! -n 51 | paste -sd+ | bc`); arithmetic as calls and methods (`operator.mul(51, 100)`,
//! `(51).__mul__(100)`, `Math.multiplyExact`, `Fraction(10200, 2)`, `len(range(0, 10200,
//! 2))`), adjacent literals, extended slices and prints that leave a line open (`print('51',
//! end='')`, `echo -n 51; echo 00`) in `program.rs`; Lisp forms and template actions
//! (`prefix.rs`: `(* 51 100)`, `{{ 100 | mul 51 }}`); LaTeX labels, colours and constant sums
//! (`\underbrace{51}_{a}`, `\color{red}{51}`, `\sum_{i=1}^{51} 100`), CSS `calc(51 * 100px)`,
//! `TEXTJOIN` and formulas over given cells (`=A1*B1 with A1=51 and B1=100`) in `code.rs`; and
//! relations solved in one step (`relations.rs`: `2x = 10200`, `the 51st multiple of 100`,
//! `halfway from 5000 to 5200`, a quotient with a remainder, a sum with a difference, prime
//! factors). Each value is compared exactly.
//!
//! **Residual risks**: a value spread over prose with other words between its parts;
//! rounding beyond ±5 % or without an approximation word (`5,000` does not state 5,100); a
//! candidate search with one or two candidates per request (see the README for its measured
//! cost); a prefix or suffix without a position phrase across turns; a name's parts in another
//! order; a cipher the learner invents beyond a Caesar shift, Atbash, leetspeak and the stacked
//! games below (a Vigenère key the text does not give, a shift per word that does not step
//! evenly). Space grouping is ambiguous and
//! read both ways: `123 456` states 123456 and also 123 (the guard errs towards withholding).
//!
//! # Design and complexity
//!
//! One pass per concern, each linear in the text, no regex:
//! 1. normalisation borrows ASCII text and any text whose non-ASCII stretches are already
//!    normal (typographic dashes and quotes); otherwise only those stretches are rewritten;
//! 2. digit runs are found eight bytes at a time (SWAR). A bare integer ending at punctuation,
//!    a unit or a plain word (most numbers in a reply) is settled by one 4096-bit filter test
//!    on its value; anything else is lexed once into groups and separators, and each reading
//!    is looked up by binary search in exact decimal keys compiled from the targets
//!    (`mant × 10^exp`, canonical, so `5100.0` and `5,100.00` are one key). This is a
//!    single-pass numeric-token scanner rather than an Aho-Corasick automaton of generated
//!    variants: a number has unboundedly many spellings (separators × decimals × markdown ×
//!    units × roundings) but one value, so looking the value up is both complete and
//!    independent of how many spellings exist, and costs O(log targets) per token;
//! 3. worded numbers are anchored by a 45-pattern Aho-Corasick automaton (digit and scale
//!    words in three casings, case-sensitive so the SIMD prefilter stays on) and read locally;
//! 4. string targets are one Aho-Corasick automaton over their lowercase forms, run on one
//!    lowercased copy of the text with markdown removed (case-sensitive, so its SIMD
//!    prefilter stays on: a case-insensitive automaton has none).
//!
//! Every lookahead and walk-back is bounded by a constant, so `find` is O(n log t) for n
//! bytes and t targets. Throughput and compile time: `benches/matcher.rs`
//! (`cargo bench -p orrery-learning-guard --bench matcher`). Nothing in the per-reply path panics: bytes are read through
//! bounds-checked helpers, numbers are built with overflow checks, floats only feed
//! comparisons.
mod addresses;
mod bases;
mod brackets;
mod candidates;
mod ciphered;
mod code;
mod codeforms;
mod complements;
mod computed;
mod deltas;
mod dictation;
mod digests;
mod digitciphers;
mod digitops;
mod digitwords;
mod disguises;
mod durations;
mod encodings;
mod equations;
mod expr;
mod extracted;
mod fields;
pub mod forms;
mod fuzzy;
/// What the golden dumps of several modules share (native tests only).
#[cfg(all(test, not(target_arch = "wasm32")))]
mod golden;
mod halves;
mod labels;
mod lang;
mod legends;
mod letters;
mod namegames;
mod names;
mod normalize;
mod numbers;
mod parts;
mod phrases;
mod pieces;
mod prefix;
mod program;
mod quantities;
mod readings;
mod relations;
mod repeats;
mod romanpieces;
mod rot47;
mod seqkeys;
mod signs;
mod spelled;
mod spelling;
mod splits;
mod stacked;
mod structured;
mod tables;
mod tags;
mod targets;
mod units;
mod value;
mod variables;
mod views;
mod wordmath;
mod words;

use aho_corasick::{AhoCorasick, AhoCorasickBuilder, AhoCorasickKind, MatchKind};
use std::borrow::Cow;
use targets::{Hits, NumTargets};

/// Lines either side of a line that a second view (the markup-kept reading, hidden elements
/// removed, markers dropped) changes that are read with it (a value spread one piece a line
/// reaches further through short lines: `views.rs`).
const VIEW_CONTEXT: usize = 2;

pub use normalize::normalize_for_matching;
pub use value::{TargetValue, NUMBER_LIMIT};

/// A value to guard, with the target id it belongs to and the manifest's unit (which joins
/// the value to a unit family: `2.4 MB/s` for 2,400,000 `bytes/s`).
#[derive(Debug, Clone, PartialEq)]
pub struct GuardedValue {
    pub target_id: String,
    pub value: TargetValue,
    pub unit: Option<String>,
}

impl GuardedValue {
    /// A value without a unit.
    pub fn new(target_id: impl Into<String>, value: TargetValue) -> GuardedValue {
        GuardedValue {
            target_id: target_id.into(),
            value,
            unit: None,
        }
    }
}

/// Which rules a matcher applies. [`Rules::DEFAULT`] is what the guard uses; the others
/// exist to measure each rule's cost alone.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Rules {
    /// k/M/B and scale words after digits (`5.1k`, `2.4 million`). AEP-032.
    pub abbreviations: bool,
    /// Read a one-significant-digit abbreviation (`5k`) as a rounding (4,500 ≤ t < 5,500).
    pub one_digit_abbreviations: bool,
    /// Numbers in words. AEP-032.
    pub words: bool,
    /// Digits one by one (`five one oh oh`, `5, 1, 0, 0`, `5/1/0/0`).
    pub spelled_digits: bool,
    /// `0x13EC`, `13ECh`, `$13EC`, `&H13EC`, `#x13EC`, `16#13EC#`, `13EC₁₆`, `hex: 13EC`
    /// (`bases.rs`). Stretch.
    pub hex: bool,
    /// `5099+1`, `1700 * 3`. Stretch.
    pub arithmetic: bool,
    /// `5.1e3`, `5.1 × 10^3`. Stretch.
    pub scientific: bool,
    /// `about 5,000` states targets within `approx_tolerance`. Stretch.
    pub approximations: bool,
    /// Relative tolerance of an approximation (0.05 = ±5 %).
    pub approx_tolerance: f64,
    /// A scaled unit of the target's unit family (`2.4 MB/s`, `1.2505 s`).
    pub units: bool,
    /// Halves and simple fractions (`1250 and a half`, `1250½`, `1250 1/2`).
    pub fractions: bool,
    /// String targets whatever their case and separators (`orders_7`, `Orders 07`,
    /// `kafka consumer lag high`), in look-alike letters.
    pub loose_strings: bool,
    /// Reversed digit runs and strings (`0015`, `7-sredro`). Stretch.
    pub reversed: bool,
    /// `0b…`, `0o…`, runs of eight or more 0s and 1s, C octal `011754`, and the octal and
    /// binary markers of `bases.rs` (with `hex`). Stretch.
    pub binary_octal: bool,
    /// Roman numerals; number words in French, German, Spanish, Italian, Portuguese; CJK
    /// numerals; historic and non-positional numeral systems (`͵ερʹ`, `ה׳ק`, `𐄦𐄙`,
    /// `፶፩፻`, `𝋬𝋯𝋠`). Stretch.
    pub other_numerals: bool,
    /// Base64 and hex of a string or number (decoded, then matched). Stretch.
    pub encodings: bool,
    /// `(51)(100)`, `5K1`. Stretch.
    pub concatenations: bool,
    /// A prefix or suffix of a target's digits after a position phrase (`starts with 51`,
    /// `ends in 00`). Stretch.
    pub position_phrases: bool,
    /// The oracle rule: a number within this relative band of a target is a candidate (0.10 =
    /// ±10 %); 0 turns number candidates off.
    pub candidate_band: f64,
    /// This many distinct candidates of one target withhold the text whole (0: off).
    pub min_candidates: usize,
    /// Second readings: number words as digits (`three times 1700`), joined digit groups
    /// (`"51" + "00"`), the text reversed when it holds reversed number words
    /// (`readings.rs`). Stretch.
    pub second_readings: bool,
    /// String targets in letters alone: digits for letters, pieces, a few edits, Caesar
    /// shifts (`fuzzy.rs`). Stretch.
    pub fuzzy_strings: bool,
    /// The distinctive part of a string target written alone (`kestrel` for
    /// `orders-worker-kestrel`, a pod's hash; `parts.rs`). Stretch.
    pub name_parts: bool,
    /// Number words under a letter game: any Caesar shift (ROT13 `svir gubhfnaq`), Atbash and
    /// its shifts, leetspeak (`f1ve th0usand`), decoded and read by every number rule
    /// (`ciphered.rs`). Stretch.
    pub ciphered_words: bool,
}

impl Rules {
    /// AEP-032 §4 only: digits with separators, abbreviations, words.
    pub const AEP_032: Rules = Rules {
        abbreviations: true,
        one_digit_abbreviations: false,
        words: true,
        spelled_digits: false,
        hex: false,
        arithmetic: false,
        scientific: false,
        approximations: false,
        approx_tolerance: 0.05,
        units: false,
        fractions: false,
        loose_strings: false,
        reversed: false,
        binary_octal: false,
        other_numerals: false,
        encodings: false,
        concatenations: false,
        position_phrases: false,
        candidate_band: 0.0,
        min_candidates: 0,
        second_readings: false,
        fuzzy_strings: false,
        name_parts: false,
        ciphered_words: false,
    };
    /// What the guard uses: AEP-032 plus every stretch rule and the oracle rule.
    pub const DEFAULT: Rules = Rules {
        spelled_digits: true,
        hex: true,
        arithmetic: true,
        scientific: true,
        approximations: true,
        units: true,
        fractions: true,
        loose_strings: true,
        reversed: true,
        binary_octal: true,
        other_numerals: true,
        encodings: true,
        concatenations: true,
        position_phrases: true,
        candidate_band: 0.10,
        min_candidates: 3,
        second_readings: true,
        fuzzy_strings: true,
        name_parts: true,
        ciphered_words: true,
        ..Rules::AEP_032
    };
}

impl Default for Rules {
    fn default() -> Rules {
        Rules::DEFAULT
    }
}

/// Compiled once per guard set; answers which guarded values a text states.
#[derive(Debug, Clone)]
pub struct Matcher {
    len: usize,
    rules: Rules,
    nums: NumTargets,
    /// Numeric targets with a unit family.
    units: Vec<units::UnitTarget>,
    /// Automaton over normalised, lowercased string targets (None: no string targets). It is
    /// case-sensitive and searches a lowercased copy of the text: that keeps the SIMD
    /// prefilter (Teddy), which a case-insensitive automaton loses.
    strings: Option<AhoCorasick>,
    /// Compiled-value index per string pattern.
    string_ids: Vec<usize>,
    /// Some string target has non-ASCII letters: the text must be lowercased in full.
    strings_non_ascii: bool,
    /// Automaton over the string targets' [`normalize::string_view`] forms, and (when the
    /// reversed rule is on) those forms reversed.
    loose: Option<AhoCorasick>,
    /// Per loose pattern: (compiled-value index, starts with a digit, ends with a digit).
    loose_ids: Vec<(usize, bool, bool)>,
    /// String targets split into parts, for candidate lists.
    shapes: Vec<candidates::Shape>,
    /// String targets with digits as shapes in the string view (and reversed), for candidate
    /// lists in any spelling the view folds.
    view_shapes: Vec<candidates::ViewShape>,
    /// String targets of the form name-number (`orders-7`), said in other words.
    name_numbers: Vec<names::NameNumber>,
    /// String targets that are IPv4 addresses or networks, read as octets one number at a
    /// time (`addresses.rs`).
    ipv4: addresses::Ipv4Targets,
    /// Integer digits of each numeric target (position phrases).
    digit_strings: Vec<(String, usize)>,
    /// Digits of each whole-number target (`splits.rs`).
    whole_digits: Vec<(String, usize)>,
    /// Digit and scale words (None only if the automaton failed to build).
    anchors: Option<AhoCorasick>,
    /// String targets in letters alone (`fuzzy_strings`).
    fuzzy: Option<fuzzy::FuzzyNames>,
    /// Case-destroyed base64 and base32 of each target's spellings, and their digests
    /// (`encodings`; `digests.rs`).
    digests: Option<digests::Digests>,
    /// Digits under a per-digit cipher (`%!))`, rot5, nines' complement, keypad;
    /// `digitciphers.rs`), with `encodings`.
    digit_ciphers: Option<digitciphers::DigitCiphers>,
    /// Name targets read under letter games on their parts (`namegames.rs`).
    name_games: Option<namegames::NameGames>,
}

impl Matcher {
    /// Compile with [`Rules::DEFAULT`].
    pub fn compile(values: &[GuardedValue]) -> Matcher {
        Matcher::compile_with(values, Rules::DEFAULT)
    }

    /// Compile with chosen rules.
    pub fn compile_with(values: &[GuardedValue], rules: Rules) -> Matcher {
        let mut nums = NumTargets::default();
        let mut pats: Vec<String> = Vec::new();
        let mut string_ids = Vec::new();
        let mut loose_pats: Vec<String> = Vec::new();
        let mut loose_ids = Vec::new();
        let mut unit_targets = Vec::new();
        let mut shapes = Vec::new();
        let mut view_shapes = Vec::new();
        let mut name_numbers = Vec::new();
        let mut ipv4 = addresses::Ipv4Targets::default();
        let mut digit_strings = Vec::new();
        let mut whole_digits = Vec::new();
        for (i, v) in values.iter().enumerate() {
            match &v.value {
                TargetValue::Number(n) => {
                    nums.push(*n, i);
                    if rules.units {
                        if let Some(r) = v.unit.as_deref().and_then(units::family) {
                            unit_targets.push(units::UnitTarget {
                                dim: r.dim,
                                base_value: n.abs() * r.factor,
                                unit_factor: r.factor,
                                idx: i,
                            });
                        }
                    }
                    if let Some(d) = targets::Dec::from_f64(*n) {
                        let digits = d.mant.to_string();
                        let digits = if d.exp > 0 {
                            digits + &"0".repeat(usize::try_from(d.exp).unwrap_or(0).min(30))
                        } else {
                            digits
                        };
                        if n.fract() == 0.0 {
                            whole_digits.push((digits.clone(), i));
                        }
                        digit_strings.push((digits, i));
                    }
                }
                TargetValue::Text(t) => {
                    let p = string_pattern(t);
                    if !p.is_empty() {
                        pats.push(p);
                        string_ids.push(i);
                    }
                    if rules.loose_strings {
                        let n = normalize::normalize(t);
                        name_numbers.extend(names::NameNumber::new(&n, i));
                        ipv4.push(t, i);
                        let view = normalize::string_view(&n);
                        let view = view.trim_matches('|');
                        if view.chars().filter(|c| c.is_alphanumeric()).count() >= 3 {
                            let first = view.starts_with(|c: char| c.is_ascii_digit());
                            let last = view.ends_with(|c: char| c.is_ascii_digit());
                            if rules.reversed {
                                // Reversed as written, then viewed (`m` → `rn` must not turn
                                // into `nr`).
                                let rev: String = n.chars().rev().collect();
                                let rview = normalize::string_view(&rev);
                                let rview = rview.trim_matches('|');
                                let rfirst = rview.starts_with(|c: char| c.is_ascii_digit());
                                let rlast = rview.ends_with(|c: char| c.is_ascii_digit());
                                loose_pats.push(rview.to_string());
                                loose_ids.push((i, rfirst, rlast));
                            }
                            loose_pats.push(view.to_string());
                            loose_ids.push((i, first, last));
                            // `2.7.1-rc`, `2.7.1 release candidate` for `v2.7.1-rc`;
                            // `170526483`, `19.7.42.10` for `10.42.7.19`.
                            for t2 in tags::variants(t).into_iter().chain(addresses::variants(t)) {
                                let n2 = normalize::normalize(&t2);
                                let v2 = normalize::string_view(&n2);
                                let v2 = v2.trim_matches('|');
                                loose_pats.push(v2.to_string());
                                loose_ids.push((
                                    i,
                                    v2.starts_with(|c: char| c.is_ascii_digit()),
                                    v2.ends_with(|c: char| c.is_ascii_digit()),
                                ));
                            }
                            if rules.min_candidates > 0 {
                                view_shapes.extend(candidates::ViewShape::new(view, i));
                                if rules.reversed {
                                    let rev: String = n.chars().rev().collect();
                                    let rview = normalize::string_view(&rev);
                                    view_shapes.extend(candidates::ViewShape::new(
                                        rview.trim_matches('|'),
                                        i,
                                    ));
                                }
                            }
                        }
                    }
                    if rules.min_candidates > 0 {
                        if let Some(shape) = candidates::Shape::new(t, i) {
                            let by_view = view_shapes
                                .last()
                                .is_some_and(|v: &candidates::ViewShape| v.idx() == i);
                            shapes.push(if by_view {
                                shape.digits_counted_elsewhere()
                            } else {
                                shape
                            });
                        }
                    }
                }
            }
        }
        nums.finish(if rules.min_candidates > 0 {
            rules.candidate_band
        } else {
            0.0
        });
        let strings_non_ascii = pats.iter().any(|p| !p.is_ascii());
        let strings = if pats.is_empty() {
            None
        } else {
            // Patterns are lowercase and the haystack is lowercased (`string_haystack`), so a
            // case-sensitive automaton finds what a case-insensitive one would, and keeps the
            // SIMD prefilter. A DFA: string targets are few and short, it stays small.
            AhoCorasickBuilder::new()
                .match_kind(MatchKind::Standard)
                .kind(Some(AhoCorasickKind::DFA))
                .build(&pats)
                .ok()
        };
        let texts: Vec<(usize, &str)> = values
            .iter()
            .enumerate()
            .filter_map(|(i, v)| match &v.value {
                TargetValue::Text(t) => Some((i, t.as_str())),
                TargetValue::Number(_) => None,
            })
            .collect();
        let mut name_parts: Vec<(usize, String)> = Vec::new();
        if rules.name_parts {
            let ids: Vec<&str> = values.iter().map(|v| v.target_id.as_str()).collect();
            for (i, t) in &texts {
                let others: Vec<&str> = texts
                    .iter()
                    .filter(|(j, _)| j != i)
                    .map(|(_, o)| *o)
                    .collect();
                for p in parts::distinctive(t, &ids, &others) {
                    name_parts.push((*i, p));
                }
            }
        }
        let fuzzy = if rules.fuzzy_strings || !name_parts.is_empty() {
            // An IPv4 address is no name in letters: its skeleton drops the dots, so
            // `10.42.71.9` would read as `10.42.7.19` (`addresses.rs` reads it instead).
            let names: Vec<(usize, &str)> = texts
                .iter()
                .copied()
                .filter(|(_, t)| !addresses::is_ipv4(t))
                .collect();
            let whole: &[(usize, &str)] = if rules.fuzzy_strings { &names } else { &[] };
            fuzzy::FuzzyNames::compile(whole, &name_parts)
        } else {
            None
        };
        let name_games = rules
            .loose_strings
            .then(|| namegames::NameGames::compile(&texts))
            .flatten();
        let digests = if rules.encodings {
            let spellings: Vec<(usize, Vec<String>)> = values
                .iter()
                .enumerate()
                .map(|(i, v)| match &v.value {
                    TargetValue::Number(n) => (i, digests::number_spellings(*n)),
                    TargetValue::Text(t) => {
                        let parts: Vec<&str> = name_parts
                            .iter()
                            .filter(|(j, _)| *j == i)
                            .map(|(_, p)| p.as_str())
                            .collect();
                        (i, digests::text_spellings(t, &parts))
                    }
                })
                .collect();
            digests::Digests::compile(&spellings)
        } else {
            None
        };
        let digit_ciphers = if rules.encodings {
            digitciphers::DigitCiphers::new(&whole_digits, &texts)
        } else {
            None
        };
        let loose = if loose_pats.is_empty() {
            None
        } else {
            AhoCorasickBuilder::new()
                .match_kind(MatchKind::Standard)
                .build(&loose_pats)
                .ok()
        };
        Matcher {
            len: values.len(),
            rules,
            nums,
            units: unit_targets,
            strings,
            string_ids,
            strings_non_ascii,
            loose,
            loose_ids,
            shapes,
            view_shapes,
            name_numbers,
            ipv4,
            digit_strings,
            whole_digits,
            anchors: words::anchors(),
            fuzzy,
            digests,
            digit_ciphers,
            name_games,
        }
    }

    /// The rules this matcher applies.
    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// Indices into the compiled values that `text` states, ascending, no duplicates.
    pub fn find(&self, text: &str) -> Vec<usize> {
        let mut hits = Hits::new(self.len, self.rules.min_candidates);
        self.search(text, &mut hits);
        hits.into_indices()
    }

    /// Does `text` state any compiled value?
    pub fn is_match(&self, text: &str) -> bool {
        let mut hits = Hits::new(self.len, self.rules.min_candidates);
        self.search(text, &mut hits);
        hits.any()
    }

    fn search(&self, text: &str, hits: &mut Hits) {
        if self.len == 0 {
            return;
        }
        let (norm, alt) = normalize::normalize_both(text);
        self.scan_view(&norm, hits, true);
        // Encodings compared, not decoded: case-destroyed base64 and base32, digests.
        if let Some(d) = &self.digests {
            d.scan(&norm, hits);
        }
        // Digit ciphers, on the text as written (normalising drops `$` and `*`).
        if let Some(c) = &self.digit_ciphers {
            c.scan(text, hits);
        }
        if let Some(alt) = alt {
            if alt != *norm {
                // Only where the two readings differ (`<none>` in a kubectl table, a
                // template's braces): the rest was read in `norm` as it stands.
                // A name written as a tag (`<kestrel>`, `&lt;kestrel&gt;`) is dropped from
                // `norm` as markup, yet shows as text wherever the reply is not rendered as
                // HTML: the name rules read this reading too.
                // Encoded tokens too when a character normalising turns into a digit could
                // glue one to a number (`𝍤35-31-30-30𝍩`: counting rods around the hex pairs
                // of `5100`); a numeric character outside ASCII is rare, so this is cheap.
                let glued =
                    !text.is_ascii() && text.chars().any(|c| !c.is_ascii() && c.is_numeric());
                self.scan_changed_with_names(&norm, &alt, hits, glued, false);
            }
        }
        // Counting rods as separators (`𝍤3５-31-3０-٣٠𝍪`): normalising reads a rod as a digit,
        // which glues it to the hex pairs beside it; the frozen matcher dropped it. Read the
        // text with each rod a space too, decoded (the rods' block starts F0 9D 8D in UTF-8).
        if memchr::memmem::find(text.as_bytes(), &[0xF0, 0x9D, 0x8D]).is_some() {
            let spaced: String = text
                .chars()
                .map(|c| {
                    if ('\u{1D360}'..='\u{1D378}').contains(&c) {
                        ' '
                    } else {
                        c
                    }
                })
                .collect();
            if spaced != text {
                let n = normalize::normalize(&spaced);
                self.scan_changed_with_names(&norm, &n, hits, true, false);
            }
        }
        // Digits after an apostrophe that groups them wrongly (`2400000'5100`), on their own.
        if let Some(v) = normalize::apostrophes_as_spaces(text) {
            let n = normalize::normalize(&v);
            self.scan_changed(&norm, &n, hits, false);
        }
        if let Some(plain) = normalize::plain_subscripts(text) {
            let n = normalize::normalize(&plain);
            self.scan_changed(&norm, &n, hits, false);
        }
        // Markdown links as the text a renderer shows (`[51](http://x)00` reads `5100`).
        if let Some(shown) = normalize::links_as_text(text) {
            let n = normalize::normalize(&shown);
            self.scan_changed(&norm, &n, hits, false);
        }
        // Invisible tag characters shadowing ASCII (`U+E0035 U+E0031 …`), read as it.
        if let Some(shadowed) = normalize::tag_characters(text) {
            let n = normalize::normalize(&shadowed);
            self.scan_changed_with_names(&norm, &n, hits, true, false);
        }
        if let Some(bare) = normalize::bare_styled_digits(text) {
            let n = normalize::normalize(&bare);
            self.scan_changed(&norm, &n, hits, true);
        }
        // Tags read as words (`<five/><thousand/>…`, `<kilo><echo>…`): every rule and the
        // name rules, where the tags were.
        if let Some(words) = normalize::tags_as_words(text) {
            let n = normalize::normalize(&words);
            self.scan_changed_with_names(&norm, &n, hits, false, true);
        }
        // Number words in disguise: look-alike letters of another script (`fivе`), markers
        // inside words (`fi**ve**`), symbols joining them (`five·thousand`).
        // Read by the second readings too (`twеnty-sеvеn fifty` is a split in words).
        if let Some(v) = normalize::plain_words(text) {
            let n = normalize::normalize(&v);
            self.scan_changed_with_readings(&norm, &n, hits);
        }
        // Separators said as words (`orders dash 7`, `ten dot forty-two dot three dot
        // seventeen`): names and addresses dictated aloud (`normalize/spoken.rs`).
        if let Some(v) = normalize::spoken_separators(text) {
            let n = normalize::normalize(&v);
            self.scan_changed_with_readings(&norm, &n, hits);
        }
        // UTF-7 shifted runs (`+ADUAMQAwADA-`), decoded in place: every rule and the name
        // rules (`encodings/utf7.rs`).
        if self.rules.encodings {
            if let Some(v) = encodings::utf7(text) {
                let n = normalize::normalize(&v);
                self.scan_changed_with_names(&norm, &n, hits, false, false);
            }
        }
        // Number words hidden by a word game (`five þousand`, Pig Latin, reversed letters,
        // Cyrillic spellings, camelCase, radio spelling, `two K seven H fifty`), undone.
        for v in normalize::word_games(text) {
            let n = normalize::normalize(&v);
            self.scan_changed_with_readings(&norm, &n, hits);
        }
        // A digit's look-alike from another script inside a number (`5ᛁ00`, `51ଠଠ`), a die face.
        // Read by the second readings too (`⚄⚀ then 00` joins as `51 then 00`).
        if let Some(v) = normalize::digit_lookalikes(text) {
            let n = normalize::normalize(&v);
            self.scan_changed_with_readings(&norm, &n, hits);
        }
        // Digits drawn as hands and circles in a run of digits (`🖐️☝️⭕⭕`, `☝️ 4 ✌️ ⭕`).
        if let Some(v) = normalize::drawn_digits(text) {
            let n = normalize::normalize(&v);
            self.scan_changed_with_readings(&norm, &n, hits);
        }
        // Playing cards and a legend the text gives (`two of hearts`, `(12 = 0)`, `jokers are
        // zero`), read with the cards as digits and the legend's keys replaced (`legends.rs`).
        if let Some(v) = legends::view(text) {
            let n = normalize::normalize(&v);
            self.scan_changed_with_readings(&norm, &n, hits);
        }
        // Names the text defines for a number, read with the number in their place (`Let A =
        // 51. Total lag = A hundred.`, `A=5, B=1, C=0. Lag = ABCC.`): `variables.rs`.
        if let Some(v) = variables::view(text) {
            let n = normalize::normalize(&v);
            self.scan_changed_with_readings(&norm, &n, hits);
        }
        // Digits the text tells the reader to take out of a longer token (`x2750x (strip the
        // x)`, `the digits of KFK2750`): `extracted.rs`.
        if let Some((row, run)) = extracted::views(text) {
            for v in [row, run] {
                let n = normalize::normalize(&v);
                self.scan_changed(&norm, &n, hits, false);
            }
        }
        // Roman numerals in pieces (`MM·DCC·L`, `XXVII|L`, `LI·00`), backwards (`LCCDMM`) or
        // beside an arithmetic word (`MMMCCL minus M`), in decimal (`romanpieces.rs`).
        if self.rules.other_numerals && !self.nums.is_empty() {
            for v in romanpieces::views(&norm) {
                let changed = views::changed_lines(&norm, &v, VIEW_CONTEXT);
                self.scan_view(&changed, hits, false);
                if self.rules.arithmetic {
                    wordmath::chains(&self.nums, &changed, hits);
                }
            }
        }
        // Digits dictated one step at a time (`Write 51. Then write 00.`): `dictation.rs`.
        if let Some(v) = dictation::view(&norm) {
            self.scan_view(&v, hits, false);
        }
        // A mantissa and an exponent in named fields (`{"mantissa": 2.75, "exponent": 3}`).
        if let Some(v) = fields::view(text) {
            self.scan_view(&v, hits, false);
        }
        // Operation-named fields combined (`{"base": 250, "multiplier": 11}`) and digits placed
        // by position (`position,digit` / `3,5` …, `the 2nd digit is 1`): `structured.rs`.
        if self.rules.position_phrases && !self.nums.is_empty() {
            for v in structured::values(&norm)
                .into_iter()
                .chain(structured::place_values(text))
                .chain(structured::tagged_scale(text))
                .chain(structured::counter_values(text))
            {
                self.computed(v, hits);
            }
            structured::scan_positions(&norm, &self.whole_digits, hits);
            // Pieces one a line, each in its own notation (`Part A: XXVII` / `Part B: L`), or
            // continued by a cue (`51` / `and then 00`), joined: on the normalised text once
            // (each piece's reader reads number words itself).
            pieces::scan(&norm, &self.whole_digits, hits);
            // A grid read as a cue beside it says (`(read column by column)`), as written.
            structured::scan_grids(text, &self.whole_digits, hits);
        }
        // Ordered lists numbered as rendered (`2749. a` / `1. b` shows `2750. b`).
        if let Some(v) = normalize::numbered(text) {
            let n = normalize::normalize(&v);
            self.scan_changed(&norm, &n, hits, false);
        }
        // HTML as laid out: shown attributes (`<img alt="51">00`), positioned elements in
        // screen order (SVG `x=`, `left:`, `order:`, a reversed flex row), stylesheet
        // content (`::after{content:'00'}`); every rule and the name rules.
        for v in normalize::laid_out(text) {
            let n = normalize::normalize(&v);
            self.scan_changed_with_names(&norm, &n, hits, false, false);
        }
        if let Some(shown) = normalize::without_hidden(text) {
            let n = normalize::normalize(&shown);
            if *n != *norm {
                self.scan_changed(&norm, &n, hits, true);
            }
            // Subscript digits as plain ones in what is shown (`<span hidden>9</span>0٠₁₀`
            // shows `0٠₁₀`, read whole as `0010` only with its subscripts plain).
            if let Some(plain) = normalize::plain_subscripts(&shown) {
                let n = normalize::normalize(&plain);
                self.scan_changed(&norm, &n, hits, false);
            }
        }
        // Roman numerals with a vinculum or a Unicode `Ⅿ` multiplier: on the text as written
        // (normalisation drops the marks), only when it holds one.
        if self.rules.other_numerals && !self.nums.is_empty() {
            lang::scan_marked_roman(text, &mut |v| self.nums.close(v, hits));
            // Historic and non-positional numerals (`͵ερʹ`, `ה׳ק`, `𐄦𐄙`, `𝋬𝋯𝋠`, `፶፩፻`,
            // `௫௲௱`, `𓇀𓍢`): on the text as written (normalising drops their marks), each
            // reading compared exactly, and the text with each run as its digits read by
            // every rule (`readings/numerals.rs`). The normalised text too, when it differs:
            // markup and character references decoded (`&#x375;ερʹ`, `<b>͵ε</b>ρʹ`).
            let normalised = if *norm != *text {
                readings::numerals::read(&norm)
            } else {
                None
            };
            for r in readings::numerals::read(text).into_iter().chain(normalised) {
                for &v in &r.values {
                    let v = v as f64;
                    self.nums.range(v, v, hits);
                }
                let n = normalize::normalize(&r.view);
                self.scan_changed(&norm, &n, hits, false);
            }
        }
        // Digits one by one in other languages' words: on the normalised text once.
        if self.rules.spelled_digits && self.rules.other_numerals {
            digitwords::scan(&self.whole_digits, &norm, hits);
        }
        // BBCode tags and ANSI escapes drawn as nothing (`[b]51[/b][i]00[/i]`,
        // `\x1b[1m51\x1b[0m00`), troff and RTF typesetting (`\fB51\fR00`, `{\b 51}00`),
        // and text struck out or erased between a value's pieces
        // (`51~~9~~00`, `51<del>9</del>00`), and spoilers shown (`||51||||00||`,
        // `>!51!<>!00!<`): on the text as written, every rule and the name rules.
        for v in normalize::as_rendered(text)
            .into_iter()
            .chain(normalize::without_struck(text))
            .chain(normalize::as_typeset(text))
            .chain(normalize::spoilers_shown(text))
            .chain(normalize::drawn_as_nothing(text))
        {
            let n = normalize::normalize(&v);
            self.scan_changed_with_names(&norm, &n, hits, false, false);
        }
        // Footnote markers inside a digit run (`51[^1]00`, `51¹00`, `51†00`), read without
        // them as well: on the text as written, where `¹` is still a marker.
        if let Some(v) = normalize::without_footnotes(text) {
            let n = normalize::normalize(&v);
            self.scan_changed(&norm, &n, hits, false);
        }
        // `51**00**`, `51``00`: markers inside a digit run, read without them as well.
        if let Some(v) = normalize::without_digit_markers(&norm) {
            self.scan_changed(&norm, &v, hits, false);
        }
        // Names in letters alone: on the normalised text once (a skeleton per view cost
        // 4.5 ms per 64 KB of ops text; the other views add nothing a learner would write).
        if let Some(f) = &self.fuzzy {
            f.scan(&norm, hits);
            // A name in the spelling alphabet (`kilo echo sierra …`), in letter names (`kay ee
            // ess …`) or alphabet positions (`11-5-19-…`), read as its letters.
            if let Some(v) = spelling::letters_view(&norm) {
                f.scan(&v, hits);
            }
            // A name told in quoted pieces with words between (`'kes' … 'trel'`).
            if let Some(v) = spelling::pieces_view(&norm, &|p| f.has_piece(p)) {
                f.scan(&v, hits);
            }
            // A name hidden as an acrostic: the initials of lines and of sentences.
            if let Some(v) = spelling::initials_view(&norm) {
                f.scan(&v, hits);
            }
            // A long distinctive part as the initials of words or the letters standing alone
            // in a line (`Kafka Every Second Topic …`, `K for Kafka, E for Envoy, …`).
            if f.reads_letters() {
                f.scan_letters(spelling::word_initials(&norm).as_bytes(), hits);
            }
            // Leetspeak glyphs of several symbols (`|<3$7r3|_`), on the text as written:
            // normalising drops `$`.
            if let Some(v) = fuzzy::glyphs_view(text) {
                f.scan(&v, hits);
            }
        }
        // Morse code and braille, read as the characters they spell (`signs.rs`), and what a
        // letter game on top hides (`-.. . .-. -.. -. ..- ....`: `hundred` backwards).
        if let Some(v) = signs::view(&norm) {
            let n = normalize::normalize(&v);
            self.scan_view(&n, hits, false);
            if let Some(f) = &self.fuzzy {
                f.scan(&n, hits);
            }
            self.scan_games(&n, hits);
        }
        // ROT47 tokens rotated back (`d``__`, `rot47.rs`): on the text as written, where
        // markdown bytes are still there to rotate.
        if self.rules.encodings {
            if let Some(v) = rot47::view(text) {
                let n = normalize::normalize(&v);
                self.scan_changed_with_names(&norm, &n, hits, false, false);
            }
        }
        // Number words under a letter game (any Caesar shift, Atbash, leetspeak), decoded in
        // place (`ciphered.rs`): the changed lines are read by every rule and, as the text
        // reversed is, by the second readings (glued words, words as digits). Normalising
        // drops `$` (LaTeX), so a text with one is also read for leet as written (`TH0U$AND`).
        if self.rules.ciphered_words && !self.nums.is_empty() {
            let written = memchr::memchr(b'$', text.as_bytes())
                .and_then(|_| ciphered::leet_view(text))
                .map(|v| normalize::normalize(&v).into_owned());
            for v in ciphered::view(&norm).into_iter().chain(written) {
                let changed = views::changed_lines(&norm, &v, VIEW_CONTEXT);
                self.scan_view(&changed, hits, false);
                if self.rules.second_readings {
                    for r in readings::readings(&changed) {
                        self.scan_view(&r, hits, false);
                    }
                }
            }
        }
        // Letter games stacked (`stacked.rs`): a shift per word, a Vigenère key the text gives,
        // spaced letters under a shift; each view read with the games on top.
        if self.rules.ciphered_words {
            for v in stacked::views(&norm) {
                let changed = views::changed_lines(&norm, &v, VIEW_CONTEXT);
                self.scan_view(&changed, hits, false);
                if let Some(f) = &self.fuzzy {
                    f.scan(&changed, hits);
                }
                self.scan_games(&changed, hits);
            }
        }
        // A name's parts permuted or reversed, T9, fillers, halves interleaved (`namegames.rs`).
        for v in self.name_games.iter().flat_map(|g| g.views(&norm)) {
            self.scan_view(&v, hits, false);
            if let Some(f) = &self.fuzzy {
                f.scan(&v, hits);
            }
        }
        // Literal expressions in code or maths markup, evaluated (`code.rs`): the changed
        // lines are read by every rule, their second readings and the name rules.
        // On the text as written: normalisation drops LaTeX commands with their arguments.
        // The normalised text is read too, unless it is the text itself: both, since a view of
        // the text as written keeps digits of other scripts that only normalising reads.
        let written = code::view(text);
        let normalised = if norm != text {
            code::view(&norm)
        } else {
            None
        };
        for v in written.into_iter().chain(normalised) {
            let n = normalize::normalize(&v);
            self.scan_changed_with_readings(&norm, &n, hits);
        }
        // Spreadsheet formulas over cells the text gives values for (`=A1*B1 with A1=51`),
        // with the cells replaced, read as they stand and as `code.rs` evaluates them.
        if self.rules.arithmetic {
            if let Some(f) = code::cells_view(text) {
                let evaluated = code::view(&f);
                for v in std::iter::once(f).chain(evaluated) {
                    self.scan_view(&normalize::normalize(&v), hits, false);
                }
            }
        }
        // Values a program builds over several statements (`program.rs`): each number it
        // computes is checked exactly (up to float error, no candidate or tolerance), each
        // string it builds or prints is read by every rule and the name rules. On the text as
        // written and, when different, the normalised text (as the code view is), when the
        // text holds a trigger. Normalising drops `$` (and with it shell and template
        // interpolation), so a text as written with a `$` is checked too.
        // Markup that normalising drops can hold the program (`<?php echo 27 . 50; ?>`).
        let written_only =
            || norm != text && (program::interpolates(text) || program::triggered(text));
        let programs = if program::triggered(&norm) || written_only() {
            let second = if norm != text {
                program::run(&norm)
            } else {
                None
            };
            program::run(text).into_iter().chain(second).collect()
        } else {
            Vec::new()
        };
        // Named cells of a table used by a later line (`| a | 11 |` … `Answer = a × b`).
        let bound = if self.rules.position_phrases {
            structured::table_bindings(text).and_then(|p| program::run(&p))
        } else {
            None
        };
        for r in programs.into_iter().chain(bound) {
            if !self.nums.is_empty() {
                for v in &r.numbers {
                    let v = v.abs();
                    let eps = (v * 1e-9).max(1e-9);
                    self.nums.range(v - eps, v + eps, hits);
                }
            }
            if !r.text.is_empty() {
                let n = normalize::normalize(&r.text);
                self.scan_view(&n, hits, false);
                if let Some(f) = &self.fuzzy {
                    f.scan(&n, hits);
                }
            }
        }
        // A constant repeated a counted number of times and aggregated, in any language
        // (`sum (replicate 51 100)`, `51.times.sum { 100 }`, `+/51⍴100`: `repeats.rs`), each
        // value compared exactly; on the text as written (normalising would drop `$` fields).
        if self.rules.arithmetic && !self.nums.is_empty() {
            for v in repeats::values(text) {
                self.nums.range(v, v, hits);
            }
        }
        // Prefix forms and template actions evaluated (`(* 51 100)`, `{{ 250 | mul 11 }}`:
        // `prefix.rs`), each value read by every rule.
        if self.rules.arithmetic {
            let forms = prefix::values(text);
            if !forms.is_empty() {
                let n = normalize::normalize(&forms.join("\n")).into_owned();
                self.scan_view(&n, hits, false);
            }
        }
        // Arithmetic chained over sentences or steps (`Take 10200. Halve it.`): on the text and
        // its second readings only (number words as digits), not on every view (its break
        // scan costs a pass over the text).
        let chains = self.rules.arithmetic && !self.nums.is_empty();
        // Relations solved in one step (`2x = 5500`, `the 11th multiple of 250`, a quotient
        // and remainder, a sum and difference, prime factors: `relations.rs`); the second
        // readings only when the text holds a cue (they change number words, not cues).
        let mut related = false;
        if chains {
            wordmath::chains(&self.nums, &norm, hits);
            let (values, cued) = relations::values(&norm);
            related = cued;
            for v in values {
                self.nums.range(v, v, hits);
            }
            // A number with an instruction to rework its digits (`digitops.rs`).
            for v in digitops::values(&norm) {
                self.nums.range(v, v, hits);
            }
            // Deltas said in words (`5000 bumped by 100`, `a century short of 5200`): on the
            // text and its second readings, as the chains (`deltas.rs`).
            deltas::scan(&self.nums, &norm, hits);
            // Two numbers a line says how to combine: a gap between offsets, a share of a
            // count, an average times a count (`complements.rs`).
            complements::values(&norm, &mut |v| self.computed(v, hits));
            // Programs and notations (`codeforms.rs`), as written too: normalising drops `$`.
            for t in std::iter::once(text).chain((norm != text).then_some(&*norm)) {
                codeforms::values(t, &mut |v| self.computed(v, hits));
            }
        }
        // Quantities worked out (`quantities.rs`): durations converted, slang units summed,
        // riddles, percent changes, each value compared exactly; and Roman numerals, hex
        // literals and prose constants in arithmetic written as digits, read by every rule,
        // the chains and the second readings.
        let cues = (chains && self.rules.second_readings).then(|| quantities::cues(&norm));
        // The readings are read for values only when a line with a value cue holds a word a
        // reading rewrites (a reading adds no cue word, only digits).
        let cued_values = cues.as_ref().is_some_and(|c| c.worded(&norm));
        if let Some(cues) = &cues {
            quantities::values_on(&norm, cues, &mut |v| self.computed(v, hits));
            // Normalising drops `$`: a text with one is read as written too (`$51 in cents`).
            if cues.conversion() && norm != text && memchr::memchr(b'$', text.as_bytes()).is_some()
            {
                quantities::values(text, &mut |v| self.computed(v, hits));
            }
            if let Some(v) = quantities::view(&norm, cues) {
                let changed = views::changed_lines(&norm, &v, VIEW_CONTEXT);
                self.scan_view(&changed, hits, false);
                wordmath::chains(&self.nums, &changed, hits);
                for r in readings::readings(&changed) {
                    wordmath::chains(&self.nums, &r, hits);
                    quantities::values(&r, &mut |v| self.computed(v, hits));
                    self.scan_view(&r, hits, false);
                }
            }
        }
        if self.rules.second_readings {
            for r in readings::readings(&norm) {
                if chains {
                    wordmath::chains(&self.nums, &r, hits);
                    // Where the reading differs: the rest was read in `norm`.
                    let changed = views::changed_lines(&norm, &r, VIEW_CONTEXT);
                    deltas::scan(&self.nums, &changed, hits);
                    complements::values(&changed, &mut |v| self.computed(v, hits));
                }
                if related {
                    for v in relations::values(&r).0 {
                        self.nums.range(v, v, hits);
                    }
                }
                if cued_values {
                    quantities::values(&r, &mut |v| self.computed(v, hits));
                }
                self.scan_view(&r, hits, false);
                // Alphabet positions in words (`eleven five nineteen …`) read as letters (a
                // reading changes only numbers, so the other spelled runs were read in `norm`).
                if let Some(f) = &self.fuzzy {
                    if let Some(v) = spelling::positions_view(&r) {
                        f.scan(&v, hits);
                    }
                }
            }
        }
        hits.settle_candidates();
    }

    /// A value computed from the text (`quantities.rs`): the targets equal to it up to float
    /// error, with no tolerance and no candidate (a worked-out value is no guess).
    fn computed(&self, v: f64, hits: &mut Hits) {
        let v = v.abs();
        if v.is_finite() {
            let eps = (v * 1e-9).max(1e-9);
            self.nums.range(v - eps, v + eps, hits);
        }
    }

    /// [`Self::scan_view`] over the lines of a second view that differ from `norm`, with
    /// their context (`views.rs`): the rest was read in `norm` as it stands.
    fn scan_changed(&self, norm: &str, view: &str, hits: &mut Hits, decode: bool) {
        self.scan_view(
            &views::changed_lines(norm, view, VIEW_CONTEXT),
            hits,
            decode,
        );
    }

    /// [`Self::scan_changed`], and the name rules over the same changed lines; `letters`: also
    /// read them as spelled letters (`kilo echo …`, `kay ee …`).
    fn scan_changed_with_names(
        &self,
        norm: &str,
        view: &str,
        hits: &mut Hits,
        decode: bool,
        letters: bool,
    ) {
        let changed = views::changed_lines(norm, view, VIEW_CONTEXT);
        self.scan_view(&changed, hits, decode);
        if let Some(f) = &self.fuzzy {
            f.scan(&changed, hits);
            if letters {
                if let Some(v) = spelling::letters_view(&changed) {
                    f.scan(&v, hits);
                }
            }
        }
    }

    /// [`Self::scan_changed_with_names`] without spelled letters, and the second readings of
    /// the changed lines too (number words in the view: `twеnty-sеvеn fifty`, `fifty-one`
    /// / `times a hundred`).
    fn scan_changed_with_readings(&self, norm: &str, view: &str, hits: &mut Hits) {
        let changed = views::changed_lines(norm, view, VIEW_CONTEXT);
        self.scan_view(&changed, hits, false);
        if self.rules.second_readings {
            for r in readings::readings(&changed) {
                self.scan_view(&r, hits, false);
            }
        }
        if let Some(f) = &self.fuzzy {
            f.scan(&changed, hits);
        }
    }

    /// Every rule over one normalised view. `decode`: also decode base64 and hex tokens and
    /// scan what they hold (two layers deep: what a decoded token holds is decoded once more).
    fn scan_view(&self, s: &str, hits: &mut Hits, decode: bool) {
        if !self.nums.is_empty() {
            let mut ctx = numbers::Ctx {
                nums: &self.nums,
                rules: &self.rules,
                hits,
                units: &self.units,
                spelled_until: 0,
            };
            numbers::scan(s, &mut ctx);
            if self.rules.words || self.rules.spelled_digits {
                if let Some(ac) = &self.anchors {
                    words::scan(s, ac, &mut ctx);
                }
            }
            if self.rules.other_numerals {
                let exact = lang::scan(s, &mut |v| ctx.nums.close(v, ctx.hits));
                for v in exact {
                    ctx.nums.range(v, v, ctx.hits);
                }
            }
            if self.rules.position_phrases {
                phrases::scan(s, &self.digit_strings, ctx.hits);
                // Pieces with labels that place them (`hi=51 lo=00`, `tens: 0`), joined.
                halves::scan(s, &self.whole_digits, ctx.hits);
                // Join operators (`27 . 50`, `27 <> 50`); the pieces one a line are read once a
                // text, in `search`.
                pieces::scan_operators(s, &self.whole_digits, ctx.hits);
                // Pieces under keys that only count (`{"a":"51","b":"00"}`), quoted arrays.
                seqkeys::scan(s, &self.whole_digits, ctx.hits);
            }
            if self.rules.concatenations {
                // With pieces in the cells of a table, along a row or down a column.
                splits::scan(&self.whole_digits, s, ctx.hits);
            }
            if self.rules.approximations {
                brackets::scan(ctx.nums, s, ctx.hits);
            }
            if self.rules.hex {
                bases::scan(s, ctx.nums, ctx.hits, self.rules.binary_octal);
            }
            if self.rules.arithmetic {
                expr::scan(s, &mut |v| ctx.nums.close(v, ctx.hits));
                // Arithmetic and place value in words (`2550 twice`, `sum them`).
                wordmath::scan(ctx.nums, s, ctx.hits);
                // An equation about the unknown value (`lag/100 = 51`), solved.
                equations::scan(ctx.nums, s, ctx.hits);
            }
            if self.rules.units && self.units.iter().any(|u| u.dim == units::Dim::Time) {
                let reading = |d: &durations::Duration| {
                    [units::Reading {
                        dim: units::Dim::Time,
                        factor: d.unit_seconds,
                    }]
                };
                durations::scan(s, &mut |d| {
                    units::check(&self.units, d.written, &reading(&d), ctx.hits)
                });
            }
            if self.rules.spelled_digits {
                // Exact readings only: no rounding, approximation or candidate.
                letters::scan(s, &mut |v| ctx.nums.range(v, v, ctx.hits));
                letters::scan_symbols(s, &mut |v| ctx.nums.range(v, v, ctx.hits));
            }
        }
        if let Some(ac) = &self.strings {
            let hay = string_haystack(s, self.strings_non_ascii);
            for m in ac.find_overlapping_iter(hay.as_ref()) {
                if let Some(i) = self.string_ids.get(m.pattern().as_usize()) {
                    hits.set(*i);
                }
            }
        }
        if self.loose.is_some() || !self.shapes.is_empty() {
            let view = normalize::string_view(s);
            self.loose_strings(&view, hits);
            for vs in &self.view_shapes {
                vs.scan(&view, hits);
            }
            names::scan(&self.name_numbers, s, hits);
            candidates::scan(&self.shapes, s, hits);
        }
        self.ipv4.scan(s, hits);
        if decode && self.rules.encodings {
            for decoded in encodings::decoded(s) {
                let n = normalize::normalize(&decoded);
                self.scan_decoded(&n, hits);
                // Two layers (`base64(hex)`, `base64(base64)`, `hex(base64)`): what a token
                // decodes to is decoded once more, no deeper.
                // Only a decoded text that is itself one encoded-looking token is decoded again.
                let t = n.trim();
                let token = t.len() >= 8
                    && t.bytes().all(|c| {
                        c.is_ascii_alphanumeric() || matches!(c, b'+' | b'/' | b'=' | b'-' | b'_')
                    });
                if token {
                    for inner in encodings::decoded(t) {
                        self.scan_decoded(&normalize::normalize(&inner), hits);
                    }
                }
            }
        }
    }

    /// A decoded token: every rule but decoding, and the name rules (a decoded token is short:
    /// names in letters and their parts are read there too, base64 of `kestrel`).
    fn scan_decoded(&self, n: &str, hits: &mut Hits) {
        self.scan_view(n, hits, false);
        if let Some(f) = &self.fuzzy {
            f.scan(n, hits);
        }
        // A letter game after the encoding (`base64("derdnuh eno …")`, `hex("svir …")`).
        if n.bytes().filter(u8::is_ascii_alphabetic).nth(2).is_some() {
            self.scan_games(n, hits);
        }
    }

    /// What a letter game on top of a decoded view hides (`stacked.rs`): its second readings
    /// (number words backwards or glued) and its number words under a shift or reflection
    /// (`ciphered.rs`), with their second readings. The caller has read the view itself.
    fn scan_games(&self, n: &str, hits: &mut Hits) {
        if self.rules.second_readings {
            for r in readings::readings(n) {
                self.scan_view(&r, hits, false);
            }
        }
        if self.rules.ciphered_words && !self.nums.is_empty() {
            if let Some(v) = ciphered::view(n) {
                self.scan_view(&v, hits, false);
                if self.rules.second_readings {
                    for r in readings::readings(&v) {
                        self.scan_view(&r, hits, false);
                    }
                }
            }
        }
    }

    /// String targets in the string view: a pattern that starts (ends) with a digit must not
    /// have a digit right before (after) it (`orders-1` is not in `orders-17`).
    fn loose_strings(&self, view: &str, hits: &mut Hits) {
        let Some(ac) = &self.loose else {
            return;
        };
        let b = view.as_bytes();
        for m in ac.find_overlapping_iter(view) {
            let Some(&(i, first_digit, last_digit)) = self.loose_ids.get(m.pattern().as_usize())
            else {
                continue;
            };
            if first_digit && m.start() > 0 && b.get(m.start() - 1).is_some_and(u8::is_ascii_digit)
            {
                continue;
            }
            if last_digit && b.get(m.end()).is_some_and(u8::is_ascii_digit) {
                continue;
            }
            hits.set(i);
        }
    }
}

/// The builder for the word and cue automata that are built once per process and searched on
/// every read: a DFA. It costs more to build and a megabyte or so more memory than the default
/// NFA, but searches in about two thirds of the instructions; [`warm`] builds them all before a
/// filter takes its first request.
pub(crate) fn dfa_builder() -> AhoCorasickBuilder {
    let mut b = AhoCorasickBuilder::new();
    b.kind(Some(AhoCorasickKind::DFA));
    b
}

/// Build everything the matcher builds once per process (the word, cue and script automata),
/// so the first request a worker takes does not pay for it. Reads a fixed text that reaches
/// every lazily built automaton; idempotent and cheap after the first call.
pub fn warm() {
    const TEXT: &str = "Lag five thousand one hundred, 0x13EC, about 5.1k; hi=51 lo=00. \
        kilo echo sierra; fünftausend einhundert; пять тысяч сто; πέντε χιλιάδες εκατό; \
        पाँच हज़ार एक सौ; خمسة آلاف ومائة; חמשת אלפים ומאה; 五千一百; 오천백; ห้าพันหนึ่งร้อย; \
        between 5000 and 5200, 51 and then two zeros, MMDCCL, 5e3+1e2, 51m00s.";
    let values = [
        GuardedValue {
            target_id: "warm_number".into(),
            value: TargetValue::Number(5100.0),
            unit: None,
        },
        GuardedValue {
            target_id: "warm_name".into(),
            value: TargetValue::Text("orders-worker-kestrel".into()),
            unit: None,
        },
    ];
    let _ = Matcher::compile(&values).find(TEXT);
}

/// The text as the string automaton searches it: `*` and `` ` `` removed, lowercased (ASCII
/// letters always; all of Unicode when a string target has non-ASCII letters and the text
/// does too). One copy, built span by span between markdown bytes.
fn string_haystack(s: &str, non_ascii_targets: bool) -> Cow<'_, str> {
    let mut hay = String::with_capacity(s.len());
    let mut from = 0;
    // Both removed bytes are ASCII, so every cut is on a char boundary.
    for i in memchr::memchr2_iter(b'*', b'`', s.as_bytes()) {
        hay.push_str(s.get(from..i).unwrap_or(""));
        from = i + 1;
    }
    hay.push_str(s.get(from..).unwrap_or(""));
    if non_ascii_targets && !hay.is_ascii() {
        // Full lowercasing leaves no ASCII capital behind.
        hay = hay.to_lowercase();
    } else {
        hay.make_ascii_lowercase();
    }
    Cow::Owned(hay)
}

/// A string target as the automaton searches it: normalised, lowercased, markdown removed.
fn string_pattern(t: &str) -> String {
    let n = normalize::normalize(t).to_lowercase();
    let stripped: String = n.chars().filter(|c| *c != '*' && *c != '`').collect();
    if stripped.is_empty() {
        n
    } else {
        stripped
    }
}
