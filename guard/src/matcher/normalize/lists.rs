//! Ordered lists numbered as a renderer numbers them ([`numbered`]): markdown numbers a list
//! from its first item's number up, whatever the later items say (`2749. a` / `1. b` shows
//! `2750. b`); HTML's `<ol start="5099">` numbers its `<li>` items from the start; LaTeX's
//! `\setcounter{enumi}{2749}` makes the next `\item` 2750. The reading writes each item's
//! shown number in front of it.
//!
//! False-positive controls: a markdown list is consecutive item lines (blank lines between
//! them allowed) whose marker is digits and `.` or `)`; only lists whose shown numbers differ
//! from the written ones give a reading; at most 512 items a list.
//!
//! Cost: a byte test (a line starting with a digit run and `.`/`)` after another such line,
//! `<ol` with `start`, `\setcounter`) decides most texts.

/// Most items numbered in one list.
const MAX_ITEMS: u64 = 512;

/// The text with every ordered list's items numbered as shown; `None` when no number moves.
pub(crate) fn numbered(text: &str) -> Option<String> {
    let b = text.as_bytes();
    let mut out: Option<String> = None;
    let md = markdown(text);
    if let Some(v) = md {
        out = Some(v);
    }
    let cur = out.as_deref().unwrap_or(text);
    if memchr::memmem::find(b, b"<ol").is_some() || memchr::memmem::find(b, b"<OL").is_some() {
        if let Some(v) = html(cur) {
            out = Some(v);
        }
    }
    let cur = out.as_deref().unwrap_or(text);
    if memchr::memmem::find(b, b"\\setcounter").is_some() {
        if let Some(v) = latex(cur) {
            out = Some(v);
        }
    }
    out
}

/// A markdown item line: its indent, its number, and where the text after the marker starts.
fn item(line: &str) -> Option<(usize, u64, usize)> {
    let indent = line.len() - line.trim_start_matches([' ', '\t']).len();
    let rest = line.get(indent..)?;
    let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
    if digits == 0 || digits > 9 {
        return None;
    }
    let marker = rest.as_bytes().get(digits)?;
    if !matches!(marker, b'.' | b')')
        || !matches!(rest.as_bytes().get(digits + 1), Some(b' ' | b'\t'))
    {
        return None;
    }
    let n = rest.get(..digits)?.parse().ok()?;
    Some((indent, n, indent + digits))
}

fn markdown(text: &str) -> Option<String> {
    // Two item lines at least: line starts found with memchr, a digit (after indent) first.
    let b = text.as_bytes();
    let starts = std::iter::once(0).chain(memchr::memchr_iter(b'\n', b).map(|i| i + 1));
    let items = starts
        .filter(|&p| {
            let q = p + b.get(p..).map_or(0, |r| {
                r.iter().take_while(|c| matches!(c, b' ' | b'\t')).count()
            });
            b.get(q).is_some_and(u8::is_ascii_digit)
                && text
                    .get(p..)
                    .and_then(|r| item(r.split('\n').next().unwrap_or("")))
                    .is_some()
        })
        .take(2)
        .count();
    if items < 2 {
        return None;
    }
    let mut out = String::with_capacity(text.len() + 16);
    let mut changed = false;
    // The list being numbered: its indent and the next number it shows.
    let mut list: Option<(usize, u64, u64)> = None;
    for line in text.split_inclusive('\n') {
        let body = line.trim_end_matches(['\n', '\r']);
        if body.trim().is_empty() {
            out.push_str(line);
            continue;
        }
        match (item(body), list) {
            (Some((indent, n, at)), Some((li, next, count)))
                if indent == li && count < MAX_ITEMS =>
            {
                if n != next {
                    changed = true;
                }
                out.push_str(body.get(..indent).unwrap_or(""));
                out.push_str(&next.to_string());
                out.push_str(line.get(at..).unwrap_or(""));
                list = Some((li, next.saturating_add(1), count + 1));
            }
            (Some((indent, n, _)), _) => {
                out.push_str(line);
                list = Some((indent, n.saturating_add(1), 1));
            }
            (None, _) => {
                out.push_str(line);
                // A line indented under an item continues it; anything else ends the list.
                let indented = body.starts_with([' ', '\t']);
                if !indented {
                    list = None;
                }
            }
        }
    }
    changed.then_some(out)
}

/// `start="N"` (or `start=N`) in an `<ol …>` tag's attributes.
fn start_of(tag: &str) -> Option<u64> {
    let lower = tag.to_ascii_lowercase();
    let at = lower.find("start")?;
    let rest = tag.get(at + 5..)?.trim_start();
    let rest = rest.strip_prefix('=')?.trim_start();
    let rest = rest.trim_start_matches(['"', '\'']);
    let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
    rest.get(..digits)?.parse().ok()
}

fn html(text: &str) -> Option<String> {
    let lower = text.to_ascii_lowercase();
    let mut out = String::with_capacity(text.len() + 16);
    let mut copied = 0;
    let mut changed = false;
    let mut from = 0;
    while let Some(k) = lower.get(from..).and_then(|r| r.find("<ol")) {
        let at = from + k;
        from = at + 3;
        let Some(gt) = lower.get(at..).and_then(|r| r.find('>')).map(|g| at + g) else {
            break;
        };
        let Some(start) = text.get(at..gt).and_then(start_of) else {
            continue;
        };
        let end = lower
            .get(gt..)
            .and_then(|r| r.find("</ol"))
            .map_or(text.len(), |e| gt + e);
        let mut n = start;
        let mut p = gt;
        let mut count = 0;
        while let Some(li) = lower.get(p..end).and_then(|r| r.find("<li")) {
            let li = p + li;
            let Some(close) = lower
                .get(li..end)
                .and_then(|r| r.find('>'))
                .map(|c| li + c + 1)
            else {
                break;
            };
            out.push_str(text.get(copied..close)?);
            out.push_str(&n.to_string());
            out.push_str(". ");
            copied = close;
            changed = true;
            n = n.saturating_add(1);
            p = close;
            count += 1;
            if count >= MAX_ITEMS {
                break;
            }
        }
        from = end.max(from);
    }
    if !changed {
        return None;
    }
    out.push_str(text.get(copied..)?);
    Some(out)
}

fn latex(text: &str) -> Option<String> {
    let mut out = String::with_capacity(text.len() + 16);
    let mut copied = 0;
    let mut counter: Option<u64> = None;
    let mut changed = false;
    let mut p = 0;
    while let Some(k) = text.get(p..).and_then(|r| r.find('\\')) {
        let at = p + k;
        p = at + 1;
        let rest = text.get(at..).unwrap_or("");
        if let Some(args) = rest.strip_prefix("\\setcounter{enum") {
            // `\setcounter{enumi}{N}`: the next item shows N + 1.
            let n = args
                .split_once("}{")
                .and_then(|(_, r)| r.split('}').next())
                .and_then(|d| d.trim().parse::<u64>().ok());
            if n.is_some() {
                counter = n;
            }
        } else if rest.starts_with("\\item")
            && !rest
                .get(5..)
                .is_some_and(|r| r.starts_with(|c: char| c.is_ascii_alphabetic()))
        {
            if let Some(c) = counter {
                let shown = c.saturating_add(1);
                out.push_str(text.get(copied..at + 5)?);
                out.push(' ');
                out.push_str(&shown.to_string());
                out.push('.');
                copied = at + 5;
                counter = Some(shown);
                changed = true;
            }
        } else if rest.starts_with("\\end{enumerate}") {
            counter = None;
        }
    }
    if !changed {
        return None;
    }
    out.push_str(text.get(copied..)?);
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::numbered;

    #[test]
    fn markdown_lists_numbered_from_their_first_item() {
        let r = numbered("2749. first\n1. second\n").unwrap_or_default();
        assert_eq!(r, "2749. first\n2750. second\n");
        let r = numbered("5098. a\n1. b\n1. c").unwrap_or_default();
        assert!(r.ends_with("5100. c"), "{r}");
        let r = numbered("2749) a\n\n2) b").unwrap_or_default();
        assert!(r.contains("2750) b"), "{r}");
        // Numbered as written: no reading.
        assert_eq!(numbered("1. a\n2. b\n3. c"), None);
        // A paragraph ends the list.
        assert_eq!(numbered("5. a\ntext\n1. b"), None);
    }

    #[test]
    fn html_and_latex_lists() {
        let r = numbered("<ol start=\"5099\"><li>a</li><li>b</li></ol>").unwrap_or_default();
        assert!(r.contains("5100. b"), "{r}");
        let r = numbered("\\begin{enumerate}\\setcounter{enumi}{2749}\\item worst\\end{enumerate}")
            .unwrap_or_default();
        assert!(r.contains("2750. worst"), "{r}");
        assert_eq!(numbered("<ol><li>a</li></ol>"), None);
    }
}
