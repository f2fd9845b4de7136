//! Values written in signalling codes: Morse code (`..... .---- ----- -----`, `--- .-. -..`)
//! and braille cells (`⠼⠑⠁⠚⠚`, `⠕⠗⠙⠑⠗⠎`). A learner who asks for the lag "in Morse" or
//! the worker "in braille" gets text no digit, word or letter rule reads. This module owns
//! reading those codes back: [`view`] writes each run of Morse tokens or braille cells as the
//! characters it spells, one run a line, and the matcher reads that view with every rule, as
//! it reads a decoded base64 token.
//!
//! False-positive controls: a Morse run needs three or more tokens in a row, each a valid
//! code of a letter or digit (`.`/`-`, with `·`, `•`, `−`, `–`, `—`, `_` as their look-alikes)
//! separated by spaces, `/` or `|`; one invalid token ends the run. Ordinary text holds few
//! such runs (an ellipsis, a markdown rule `---`, bullets), and what they decode to (`s`,
//! `o`, `e e`) states no target. A braille run is any run of cells in U+2800–U+28FF; the
//! number sign `⠼` reads the cells after it as digits until a space or a cell that is no digit.
//!
//! Cost: nothing on text without a trigger, which is a `.-`/`-.` pair, a run of five `.` or
//! `-`, a Morse look-alike or a braille cell (a few memchr passes); the text is then walked
//! once and the view holds only the decoded runs.
use memchr::memmem;

/// Fewest Morse tokens in a row that make a run.
const MIN_MORSE: usize = 3;

/// International Morse code: letters and digits.
const MORSE: &[(&str, char)] = &[
    (".-", 'a'),
    ("-...", 'b'),
    ("-.-.", 'c'),
    ("-..", 'd'),
    (".", 'e'),
    ("..-.", 'f'),
    ("--.", 'g'),
    ("....", 'h'),
    ("..", 'i'),
    (".---", 'j'),
    ("-.-", 'k'),
    (".-..", 'l'),
    ("--", 'm'),
    ("-.", 'n'),
    ("---", 'o'),
    (".--.", 'p'),
    ("--.-", 'q'),
    (".-.", 'r'),
    ("...", 's'),
    ("-", 't'),
    ("..-", 'u'),
    ("...-", 'v'),
    (".--", 'w'),
    ("-..-", 'x'),
    ("-.--", 'y'),
    ("--..", 'z'),
    ("-----", '0'),
    (".----", '1'),
    ("..---", '2'),
    ("...--", '3'),
    ("....-", '4'),
    (".....", '5'),
    ("-....", '6'),
    ("--...", '7'),
    ("---..", '8'),
    ("----.", '9'),
    ("-....-", '-'),
];

/// Braille letters a–z (Grade 1, six-dot cells), in alphabet order; `a`–`j` after the number
/// sign are the digits `1`–`9`, `0`.
const BRAILLE: &str = "⠁⠃⠉⠙⠑⠋⠛⠓⠊⠚⠅⠇⠍⠝⠕⠏⠟⠗⠎⠞⠥⠧⠺⠭⠽⠵";
/// The braille number sign.
const NUMBER_SIGN: char = '⠼';
/// The braille hyphen.
const HYPHEN: char = '⠤';

/// Does the text hold anything this module reads? A few memchr passes.
fn triggered(s: &str) -> bool {
    let b = s.as_bytes();
    // Braille cells are E2 A0..A3 xx in UTF-8.
    let braille = memchr::memchr_iter(0xE2, b)
        .any(|i| b.get(i + 1).is_some_and(|c| (0xA0..=0xA3).contains(c)));
    braille
        || memmem::find(b, b".-").is_some()
        || memmem::find(b, b"-.").is_some()
        || memmem::find(b, b".....").is_some()
        || memmem::find(b, b"-----").is_some()
        || s.contains(['·', '•', '−', '–', '—', '\u{25AC}', '\u{2501}'])
}

/// The Morse symbol a character writes, if any.
fn morse_sign(c: char) -> Option<u8> {
    match c {
        '.' | '·' | '•' | '∙' => Some(b'.'),
        // A black rectangle or a heavy rule draws a dash (`•▬▬▬▬`).
        '-' | '−' | '–' | '—' | '_' | '\u{25AC}' | '\u{2501}' => Some(b'-'),
        _ => None,
    }
}

/// The character a Morse token spells (`token` in `.`/`-` only).
fn morse_char(token: &[u8]) -> Option<char> {
    MORSE
        .iter()
        .find(|(code, _)| code.as_bytes() == token)
        .map(|(_, c)| *c)
}

/// Morse runs and braille runs written as the characters they spell, one run a line; `None`
/// when the text holds neither.
pub(crate) fn view(s: &str) -> Option<String> {
    // Morse said aloud (`dit-dit-dah`, `di-dah-dit`): each syllable as its sign.
    let spoken = spoken_morse(s);
    let s = spoken.as_deref().unwrap_or(s);
    if !triggered(s) {
        return None;
    }
    let mut out = String::new();
    morse_runs(s, &mut out);
    braille_runs(s, &mut out);
    (!out.is_empty()).then_some(out)
}

/// The text with each word of Morse syllables joined by `-` (`dit-dah-dah`, `di-dah`, at
/// least two syllables) as its signs (`.--`); `None` when there is none. A lone `dit` or
/// `dah` stays a word.
fn spoken_morse(s: &str) -> Option<String> {
    let b = s.as_bytes();
    if memmem::find(b, b"dit").is_none() && memmem::find(b, b"dah").is_none() {
        return None;
    }
    let mut out = String::with_capacity(s.len());
    let mut changed = false;
    for (k, word) in s.split(' ').enumerate() {
        if k > 0 {
            out.push(' ');
        }
        let syllables: Vec<&str> = word.split('-').collect();
        let sign = |w: &str| match w.to_ascii_lowercase().as_str() {
            "dit" | "di" => Some('.'),
            "dah" | "da" => Some('-'),
            _ => None,
        };
        if syllables.len() >= 2 && syllables.iter().all(|w| sign(w).is_some()) {
            out.extend(syllables.iter().filter_map(|w| sign(w)));
            changed = true;
        } else if syllables.len() == 1 && (word == "dit" || word == "dah") && s.contains('-') {
            // `dit` alone in a run of spoken Morse is the letter `e` or `t`.
            out.push(if word == "dit" { '.' } else { '-' });
            changed = true;
        } else {
            out.push_str(word);
        }
    }
    changed.then_some(out)
}

/// Append each run of [`MIN_MORSE`] or more Morse tokens, decoded, as a line of `out`. A `/`
/// or `|` between tokens, or two spaces, is a word gap: kept as a space when some word of the
/// run has two characters or more (`..-. .. ...- . / --- -. .` is `five one`, which the word
/// rules read), dropped when every word is one character (`..... / .---- / -----` is `510`).
fn morse_runs(s: &str, out: &mut String) {
    let mut run = String::new();
    let mut count = 0usize;
    let mut token = [0u8; 6];
    let mut len = 0usize;
    let mut bad = false;
    // Separators since the last token: spaces, and whether a `/` or `|` was among them.
    let mut spaces = 0usize;
    let mut slash = false;
    // A token ends at a space, `/` or `|` (the run goes on) or at any other character (the
    // run ends unless that character is itself a separator).
    for c in s.chars().chain(std::iter::once('\n')) {
        if let Some(sign) = morse_sign(c) {
            if len == 0 {
                if !run.is_empty() && (slash || spaces >= 2) {
                    run.push(' ');
                }
                spaces = 0;
                slash = false;
            }
            if len < token.len() {
                if let Some(slot) = token.get_mut(len) {
                    *slot = sign;
                }
                len += 1;
            } else {
                bad = true;
            }
            continue;
        }
        let separator = c == ' ' || c == '/' || c == '|' || c == '\t';
        if c == '/' || c == '|' {
            slash = true;
        } else if separator {
            spaces += 1;
        }
        if len > 0 {
            match (bad, token.get(..len).and_then(morse_char)) {
                (false, Some(ch)) => {
                    run.push(ch);
                    count += 1;
                }
                _ => flush(&mut run, &mut count, out),
            }
            len = 0;
            bad = false;
        }
        if !separator {
            flush(&mut run, &mut count, out);
        }
    }
}

/// End a Morse run: keep it when it is long enough, its word gaps only when a word has two
/// characters or more.
fn flush(run: &mut String, count: &mut usize, out: &mut String) {
    let run_end = run.trim_end().len();
    run.truncate(run_end);
    if *count >= MIN_MORSE {
        if run.split(' ').all(|w| w.chars().count() <= 1) {
            out.extend(run.chars().filter(|c| *c != ' '));
        } else {
            out.push_str(run);
        }
        out.push('\n');
    }
    run.clear();
    *count = 0;
}

/// Append each run of braille cells, decoded, as a line of `out`.
fn braille_runs(s: &str, out: &mut String) {
    let mut digits = false;
    let mut any = false;
    for c in s.chars() {
        if !('\u{2800}'..='\u{28FF}').contains(&c) {
            if c == ' ' && any {
                out.push(' ');
            } else if any {
                end_line(out);
                any = false;
            }
            digits = false;
            continue;
        }
        any = true;
        if c == NUMBER_SIGN {
            digits = true;
            continue;
        }
        if c == HYPHEN {
            out.push('-');
            digits = false;
            continue;
        }
        let Some(i) = BRAILLE.chars().position(|b| b == c) else {
            digits = false;
            continue;
        };
        if digits && i < 10 {
            out.push(char::from(b'0' + ((i as u8 + 1) % 10)));
        } else {
            digits = false;
            out.push(char::from(b'a' + i as u8));
        }
    }
    if any {
        end_line(out);
    }
}

/// End a braille run's line, without the space that followed it.
fn end_line(out: &mut String) {
    if out.ends_with(' ') {
        out.pop();
    }
    out.push('\n');
}

#[cfg(test)]
mod tests {
    use super::view;

    fn v(s: &str) -> String {
        view(s).unwrap_or_default()
    }

    #[test]
    fn morse_digits_and_letters() {
        assert_eq!(v("..... .---- ----- -----"), "5100\n");
        assert_eq!(v("Morse: ..... / .---- / ----- / -----"), "5100\n");
        assert_eq!(v(".....|.----|-----|-----"), "5100\n");
        assert_eq!(v("··· −−− ···"), "sos\n");
        assert_eq!(v("--- .-. -.. . .-. ... -....- .--"), "orders-w\n");
        // Said aloud, and drawn with bullets and bars.
        assert_eq!(
            v("dit-dit-dit-dit-dit dit-dah-dah-dah-dah dah-dah-dah-dah-dah dah-dah-dah-dah-dah"),
            "5100\n"
        );
        assert_eq!(v("\u{2022}\u{2022}\u{2022}\u{2022}\u{2022}  \u{2022}\u{25AC}\u{25AC}\u{25AC}\u{25AC}  \u{25AC}\u{25AC}\u{25AC}\u{25AC}\u{25AC}  \u{25AC}\u{25AC}\u{25AC}\u{25AC}\u{25AC}"), "5100\n");
        assert_eq!(view("a dit of a dah"), None);
    }

    #[test]
    fn morse_word_gaps() {
        assert_eq!(
            v("..-. .. ...- . / - .... --- ..- ... .- -. -.. / --- -. . / .... ..- -. -.. .-. . -.."),
            "five thousand one hundred\n"
        );
        assert_eq!(v("--.. . .-. ---  --- -. ."), "zero one\n");
        // Read backwards, each token still a letter: the second readings turn it around.
        assert_eq!(v("--- .-. . --.. / . ...- .. ..-."), "orez evif\n");
        // One character a word: the gaps are dropped.
        assert_eq!(v("..... / .---- / ----- / -----"), "5100\n");
        assert_eq!(v("-- --- .-. ... . / -.-. --- -.. ."), "morse code\n");
    }

    #[test]
    fn morse_needs_three_valid_tokens() {
        assert_eq!(view("see -- above"), None);
        assert_eq!(v("a .- b -. c"), "");
        assert_eq!(v("---------- .- .-"), "");
        assert_eq!(view("plain text, no codes"), None);
    }

    #[test]
    fn braille_digits_and_letters() {
        assert_eq!(v("⠼⠑⠁⠚⠚"), "5100\n");
        assert_eq!(v("⠼⠑⠼⠁⠼⠚⠼⠚"), "5100\n");
        assert_eq!(v("braille ⠅⠑⠎⠞⠗⠑⠇ here"), "kestrel\n");
        assert_eq!(v("⠕⠗⠙⠑⠗⠎⠤⠺"), "orders-w\n");
        assert_eq!(v("⠼⠃⠁ ⠁⠃"), "21 ab\n");
    }
}
