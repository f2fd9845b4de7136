//! HTML as a browser lays it out, where the order or the place of text on screen is not its
//! order in the source, or where text comes from attributes and stylesheets rather than the
//! element's content ([`laid_out`]). Four readings, each of the whole text, read beside the
//! ordinary one:
//! - attributes shown in place of or inside their element: `<img alt="51">00`,
//!   `<input value="51">00`, `placeholder`, `aria-label`, `label`;
//! - elements placed by a position (`<text x="20">00</text><text x="0">51</text>` in SVG,
//!   `style="left:40px"`, flexbox `order:2`, `grid-column:2`), put in the order they show,
//!   and the children of a reversed flex row (`flex-direction:row-reverse`) reversed;
//! - text a stylesheet generates (`.a::after{content:'00'}` with `<span class=a>51</span>`,
//!   `content: attr(data-v)`) inserted where it shows, the `<style>` block itself dropped;
//! - ruby annotations (`<rt>`, `<rp>`) are dropped by `without_hidden` in `markup.rs`, not here.
//!
//! False-positive controls: each reading only moves or copies text the page shows; a reading
//! equal to the text is not returned; positions must parse as numbers; an element's extent
//! is bounded (the closing-tag search of `markup.rs`, 4096 bytes).
//!
//! Cost: one `<` search and, when there is one, a few substring searches (`alt=`, `x=`,
//! `left:`, `order:`, `content:` …) decide most texts; the readings are built only then.
use super::markup::closing_tag;

/// Attributes a browser shows as the element's text (an image's alternative text, a field's
/// value or placeholder, an accessible label).
const SHOWN_ATTRIBUTES: &[&str] = &["alt", "value", "placeholder", "aria-label", "label"];

/// Most elements one positioned group or reversed row holds.
const MAX_GROUP: usize = 64;

/// The readings of `text` as laid out, each differing from it.
pub(crate) fn laid_out(text: &str) -> Vec<String> {
    let b = text.as_bytes();
    let mut out = Vec::new();
    if memchr::memchr(b'<', b).is_none() {
        return out;
    }
    let has = |needle: &[u8]| memchr::memmem::find(b, needle).is_some();
    if SHOWN_ATTRIBUTES
        .iter()
        .any(|a| has(a.as_bytes()) && has(b"="))
    {
        out.extend(shown_attributes(text));
    }
    if has(b"x=")
        || has(b"left:")
        || has(b"order:")
        || has(b"grid-column")
        || has(b"reverse")
        || has(b"float")
    {
        out.extend(positioned(text));
    }
    if has(b"content:") || has(b"content :") {
        out.extend(generated_content(text));
    }
    // Two quoted attribute values or more that start with a digit or `#` and a digit.
    let numeric_values = memchr::memmem::find_iter(b, b"=\"")
        .filter(|&i| {
            let v = b.get(i + 2..).unwrap_or(&[]);
            v.first().is_some_and(u8::is_ascii_digit)
                || (v.first() == Some(&b'#') && v.get(1).is_some_and(u8::is_ascii_digit))
        })
        .take(2)
        .count();
    if numeric_values >= 2 && (has(b"title=") || has(b"href=") || has(b"value=") || has(b"data-")) {
        out.extend(attribute_runs(text));
    }
    // A disclosure's summary is a label its hidden text follows (`Hint 1` / `27`).
    if has(b"</summary>") {
        out.push(text.replace("</summary>", "</summary>: "));
    }
    out
}

/// Attributes that hold a number a reader sees on hover or a program reads: a tooltip, a
/// link's fragment, a `<data>` value, a `data-*` attribute.
const HIDDEN_NUMBER_ATTRIBUTES: &[&str] = &[
    "title",
    "href",
    "value",
    "data-value",
    "data-v",
    "data-n",
    "data-digit",
];

/// The number an element's attributes hold out of sight (`title="27"`, `href="#27"`,
/// `<data value="27">`), when its content shows no digit.
fn hidden_number<'a>(tag: &Tag<'a>) -> Option<&'a str> {
    HIDDEN_NUMBER_ATTRIBUTES.iter().find_map(|a| {
        let v = attr(tag.attrs, a)?;
        let v = if *a == "href" {
            v.strip_prefix('#')?
        } else {
            v
        };
        (!v.is_empty() && v.len() <= 9 && v.bytes().all(|c| c.is_ascii_digit())).then_some(v)
    })
}

/// The text with each run of two or more adjacent elements (white space or nothing between)
/// whose attributes each hold a number their content does not show, written as those numbers
/// joined (`<span title="27"></span><span title="50"></span>` → `2750`). A lone element
/// (`<a href="#27">see section 27</a>`) or one whose content shows digits (pagination) is
/// left as it is.
fn attribute_runs(text: &str) -> Option<String> {
    let b = text.as_bytes();
    let mut out = String::new();
    let mut copied = 0;
    for lt in memchr::memchr_iter(b'<', b) {
        if lt < copied {
            continue;
        }
        let mut run: Vec<&str> = Vec::new();
        let mut at = lt;
        while run.len() < MAX_GROUP {
            let Some((tag, e)) = element_at(text, at) else {
                break;
            };
            let inner = text.get(tag.end..e.end).unwrap_or("");
            if inner.bytes().any(|c| c.is_ascii_digit()) {
                break;
            }
            let Some(v) = hidden_number(&tag) else {
                break;
            };
            run.push(v);
            at = e.end;
            let Some(next) = memchr::memchr(b'<', b.get(at..).unwrap_or(&[])).map(|k| at + k)
            else {
                break;
            };
            // The closing tag itself, or white space, between two elements.
            if !adjacent(text, at, next) || b.get(next + 1) == Some(&b'/') {
                break;
            }
            at = next;
        }
        if run.len() < 2 {
            continue;
        }
        out.push_str(text.get(copied..lt)?);
        out.push(' ');
        out.push_str(&run.concat());
        out.push(' ');
        copied = at;
    }
    if copied == 0 {
        return None;
    }
    out.push_str(text.get(copied..)?);
    Some(out)
}

/// An opening tag at `lt`: its name, its attribute text and the index after its `>`.
struct Tag<'a> {
    name: &'a str,
    attrs: &'a str,
    end: usize,
}

fn tag_at(text: &str, lt: usize) -> Option<Tag<'_>> {
    let b = text.as_bytes();
    let mut p = lt + 1;
    if !b.get(p).is_some_and(u8::is_ascii_alphabetic) {
        return None;
    }
    let start = p;
    while b
        .get(p)
        .is_some_and(|c| c.is_ascii_alphanumeric() || *c == b'-')
    {
        p += 1;
    }
    let name = text.get(start..p)?;
    let mut quote = 0u8;
    for (k, &c) in b.get(p..)?.iter().take(512).enumerate() {
        match (quote, c) {
            (0, b'"' | b'\'') => quote = c,
            (0, b'>') => {
                return Some(Tag {
                    name,
                    attrs: text.get(p..p + k)?,
                    end: p + k + 1,
                })
            }
            (0, b'<') => return None,
            (q, c) if q == c => quote = 0,
            _ => {}
        }
    }
    None
}

/// The value of attribute `name` in `attrs` (quoted or bare), any ASCII case of the name.
fn attr<'a>(attrs: &'a str, name: &str) -> Option<&'a str> {
    let b = attrs.as_bytes();
    let mut from = 0;
    while let Some(k) = find_ci(b.get(from..)?, name.as_bytes()) {
        let at = from + k;
        from = at + name.len();
        let before_ok = at == 0
            || b.get(at - 1)
                .is_some_and(|c| c.is_ascii_whitespace() || matches!(c, b'"' | b'\'' | b'/'));
        let mut p = at + name.len();
        while b.get(p).is_some_and(u8::is_ascii_whitespace) {
            p += 1;
        }
        if !before_ok || b.get(p) != Some(&b'=') {
            continue;
        }
        p += 1;
        while b.get(p).is_some_and(u8::is_ascii_whitespace) {
            p += 1;
        }
        return match b.get(p) {
            Some(&q @ (b'"' | b'\'')) => {
                let len = memchr::memchr(q, b.get(p + 1..)?)?;
                attrs.get(p + 1..p + 1 + len)
            }
            Some(_) => {
                let len = b
                    .get(p..)?
                    .iter()
                    .position(|c| c.is_ascii_whitespace() || *c == b'/')
                    .unwrap_or(b.len() - p);
                attrs.get(p..p + len)
            }
            None => None,
        };
    }
    None
}

/// ASCII case-insensitive substring search (attribute and property names are short).
fn find_ci(hay: &[u8], needle: &[u8]) -> Option<usize> {
    if needle.is_empty() || hay.len() < needle.len() {
        return None;
    }
    (0..=hay.len() - needle.len()).find(|&i| {
        hay.get(i..i + needle.len())
            .is_some_and(|w| w.eq_ignore_ascii_case(needle))
    })
}

/// A CSS property's value in a `style` attribute (`left: 40px` → `40px`).
fn style_prop<'a>(style: &'a str, prop: &str) -> Option<&'a str> {
    style.split(';').find_map(|decl| {
        let (k, v) = decl.split_once(':')?;
        k.trim().eq_ignore_ascii_case(prop).then_some(v.trim())
    })
}

/// The number at the start of a length or coordinate (`40px`, `-3.5`, `2`).
fn leading_number(v: &str) -> Option<f64> {
    let end = v
        .char_indices()
        .find(|&(i, c)| !(c.is_ascii_digit() || c == '.' || (i == 0 && (c == '-' || c == '+'))))
        .map_or(v.len(), |(i, _)| i);
    v.get(..end)?.parse().ok()
}

/// The text with each tag that carries a shown attribute written as that attribute's text.
fn shown_attributes(text: &str) -> Option<String> {
    let mut out = String::new();
    let mut copied = 0;
    for lt in memchr::memchr_iter(b'<', text.as_bytes()) {
        if lt < copied {
            continue;
        }
        let Some(tag) = tag_at(text, lt) else {
            continue;
        };
        // A progress bar or a gauge draws its value, it does not write it.
        let drawn = ["progress", "meter"]
            .iter()
            .any(|t| t.eq_ignore_ascii_case(tag.name));
        let shown: String = SHOWN_ATTRIBUTES
            .iter()
            .filter(|a| !(drawn && **a == "value"))
            .filter_map(|a| attr(tag.attrs, a))
            .collect();
        if shown.is_empty() {
            continue;
        }
        out.push_str(text.get(copied..lt)?);
        out.push_str(&shown);
        copied = tag.end;
    }
    if copied == 0 {
        return None;
    }
    out.push_str(text.get(copied..)?);
    Some(out)
}

/// Columns of floated elements: left floats first in source order, right floats last, the
/// first of them rightmost (their run is reversed after sorting).
const FLOAT_LEFT: f64 = -1e12;
const FLOAT_RIGHT: f64 = 1e12;

/// Where an element with a position shows: (row, column) from SVG `y`/`x`, CSS `top`/`left`,
/// flexbox `order`, `grid-row`/`grid-column`.
fn position(attrs: &str) -> Option<(f64, f64)> {
    let style = attr(attrs, "style").unwrap_or("");
    let col = attr(attrs, "x")
        .and_then(leading_number)
        .or_else(|| style_prop(style, "left").and_then(leading_number))
        .or_else(|| style_prop(style, "order").and_then(leading_number))
        .or_else(|| style_prop(style, "grid-column").and_then(leading_number))
        .or_else(|| style_prop(style, "grid-column-start").and_then(leading_number))
        .or_else(|| match style_prop(style, "float") {
            Some(f) if f.eq_ignore_ascii_case("left") => Some(FLOAT_LEFT),
            Some(f) if f.eq_ignore_ascii_case("right") => Some(FLOAT_RIGHT),
            _ => None,
        })?;
    let row = attr(attrs, "y")
        .and_then(leading_number)
        .or_else(|| style_prop(style, "top").and_then(leading_number))
        .or_else(|| style_prop(style, "grid-row").and_then(leading_number))
        .unwrap_or(0.0);
    Some((row, col))
}

/// One element: its byte range.
#[derive(Clone, Copy)]
struct Element {
    start: usize,
    end: usize,
}

/// The element that opens at `lt`, to its closing tag (or the opening tag alone, for a void
/// or self-closed element).
fn element_at(text: &str, lt: usize) -> Option<(Tag<'_>, Element)> {
    let tag = tag_at(text, lt)?;
    let end = if tag.attrs.ends_with('/') {
        tag.end
    } else {
        closing_tag(text, tag.end, tag.name).unwrap_or(tag.end)
    };
    let e = Element { start: lt, end };
    Some((tag, e))
}

/// Is the text between two elements only white space?
fn adjacent(text: &str, a: usize, b: usize) -> bool {
    text.get(a..b).is_some_and(|g| g.trim().is_empty())
}

/// The text with each run of adjacent positioned elements in the order they show, and each
/// reversed flex row's children reversed.
fn positioned(text: &str) -> Option<String> {
    let b = text.as_bytes();
    let mut out = String::new();
    let mut copied = 0;
    let mut changed = false;
    // The end of the last group looked at: its members do not start groups of their own.
    let mut seen = 0;
    for lt in memchr::memchr_iter(b'<', b) {
        if lt < copied || lt < seen {
            continue;
        }
        let Some((tag, first)) = element_at(text, lt) else {
            continue;
        };
        let style = attr(tag.attrs, "style").unwrap_or("");
        let reversed = style_prop(style, "flex-direction")
            .is_some_and(|v| v.eq_ignore_ascii_case("row-reverse"));
        let group: Vec<(Element, (f64, f64))> = if reversed {
            // The children of a reversed row, last first.
            let close = first.end.min(text.len());
            let inner_end = text.get(..close)?.rfind("</").unwrap_or(close);
            let mut kids = children(text, tag.end, inner_end);
            kids.reverse();
            let n = kids.len() as f64;
            kids.into_iter()
                .enumerate()
                .map(|(i, e)| (e, (0.0, n - i as f64)))
                .collect()
        } else {
            let Some(pos) = position(tag.attrs) else {
                continue;
            };
            let mut group = vec![(first, pos)];
            let mut at = first.end;
            while group.len() < MAX_GROUP {
                let Some(next) = memchr::memchr(b'<', b.get(at..)?).map(|k| at + k) else {
                    break;
                };
                if !adjacent(text, at, next) {
                    break;
                }
                let Some((t, e)) = element_at(text, next) else {
                    break;
                };
                let Some(p) = position(t.attrs) else {
                    break;
                };
                group.push((e, p));
                at = e.end;
            }
            group
        };
        if group.len() < 2 {
            continue;
        }
        let (Some(from), Some(to)) = (
            group.iter().map(|(e, _)| e.start).min(),
            group.iter().map(|(e, _)| e.end).max(),
        ) else {
            continue;
        };
        if !reversed {
            seen = to;
        }
        let mut sorted = group.clone();
        if !reversed {
            sorted.sort_by(|a, b| a.1.partial_cmp(&b.1).unwrap_or(std::cmp::Ordering::Equal));
            // Right floats stack from the right edge: the first written shows last.
            let rights = sorted.iter().filter(|x| x.1 .1 == FLOAT_RIGHT).count();
            let n = sorted.len();
            if let Some(tail) = sorted.get_mut(n - rights..) {
                tail.reverse();
            }
        }
        let moved = sorted
            .iter()
            .zip(group.iter())
            .any(|(a, b)| a.0.start != b.0.start)
            || reversed;
        if !moved {
            continue;
        }
        out.push_str(text.get(copied..from)?);
        for (e, _) in &sorted {
            out.push_str(text.get(e.start..e.end)?);
        }
        copied = to;
        changed = true;
    }
    if !changed {
        return None;
    }
    out.push_str(text.get(copied..)?);
    Some(out)
}

/// The elements directly inside `from..to`, in source order.
fn children(text: &str, from: usize, to: usize) -> Vec<Element> {
    let mut kids = Vec::new();
    let mut at = from;
    while at < to && kids.len() < MAX_GROUP {
        let Some(lt) = text
            .as_bytes()
            .get(at..to)
            .and_then(|r| memchr::memchr(b'<', r))
            .map(|k| at + k)
        else {
            break;
        };
        let Some((_, e)) = element_at(text, lt) else {
            break;
        };
        if e.end > to || e.end <= at {
            break;
        }
        kids.push(e);
        at = e.end;
    }
    kids
}

/// One generated-content rule: which elements (`.class`, `#id` or a tag name), before or
/// after, and the text (a string, or `attr(name)`).
struct Generated<'a> {
    selector: &'a str,
    after: bool,
    content: Content<'a>,
}

enum Content<'a> {
    Text(&'a str),
    Attr(&'a str),
}

/// `::before`/`::after` rules with a `content` in the text's stylesheets.
fn rules(text: &str) -> Vec<Generated<'_>> {
    let b = text.as_bytes();
    let mut out = Vec::new();
    for (i, _) in text
        .match_indices(":after")
        .chain(text.match_indices(":before"))
    {
        let after = text.get(i..).is_some_and(|r| r.starts_with(":after"));
        // The selector's last compound before the pseudo-element.
        let head = text.get(..i).unwrap_or("").trim_end_matches(':');
        let start = head
            .rfind(|c: char| !(c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.' | '#')))
            .map_or(0, |k| k + 1);
        let Some(sel) = head.get(start..).filter(|s| !s.is_empty()) else {
            continue;
        };
        // The last simple selector of the compound (`span.a` → `.a`).
        let cut = sel.rfind(['.', '#']).unwrap_or(0);
        let selector = sel.get(cut..).unwrap_or(sel);
        let Some(open) = memchr::memchr(b'{', b.get(i..).unwrap_or(&[])).map(|k| i + k) else {
            continue;
        };
        let Some(close) = memchr::memchr(b'}', b.get(open..).unwrap_or(&[])).map(|k| open + k)
        else {
            continue;
        };
        let Some(block) = text.get(open + 1..close) else {
            continue;
        };
        let Some(value) = style_prop(block, "content") else {
            continue;
        };
        let content = if let Some(q) = value
            .strip_prefix('"')
            .and_then(|v| v.split('"').next())
            .or_else(|| value.strip_prefix('\'').and_then(|v| v.split('\'').next()))
        {
            Content::Text(q)
        } else if let Some(a) = value
            .strip_prefix("attr(")
            .and_then(|v| v.split(')').next())
        {
            Content::Attr(a.trim())
        } else {
            continue;
        };
        out.push(Generated {
            selector,
            after,
            content,
        });
    }
    out
}

/// Does the element (`name`, `attrs`) match a simple selector?
fn selects(sel: &str, name: &str, attrs: &str) -> bool {
    if let Some(class) = sel.strip_prefix('.') {
        attr(attrs, "class").is_some_and(|c| c.split_whitespace().any(|x| x == class))
    } else if let Some(id) = sel.strip_prefix('#') {
        attr(attrs, "id").is_some_and(|x| x == id)
    } else {
        sel.eq_ignore_ascii_case(name)
    }
}

/// The text with each stylesheet's generated content inserted where it shows, and the
/// `<style>` elements dropped.
fn generated_content(text: &str) -> Option<String> {
    let rules = rules(text);
    if rules.is_empty() {
        return None;
    }
    // (position, order, text to insert) and (from, to) ranges to drop.
    let mut inserts: Vec<(usize, bool, String)> = Vec::new();
    let mut drops: Vec<(usize, usize)> = Vec::new();
    for lt in memchr::memchr_iter(b'<', text.as_bytes()) {
        let Some((tag, e)) = element_at(text, lt) else {
            continue;
        };
        if tag.name.eq_ignore_ascii_case("style") {
            drops.push((e.start, e.end));
            continue;
        }
        for r in rules
            .iter()
            .filter(|r| selects(r.selector, tag.name, tag.attrs))
        {
            let value = match r.content {
                Content::Text(t) => t,
                Content::Attr(a) => attr(tag.attrs, a).unwrap_or(""),
            };
            if value.is_empty() {
                continue;
            }
            // `::before` right after the opening tag, `::after` before the closing tag.
            let at = if r.after {
                let inner = text.get(tag.end..e.end).unwrap_or("");
                tag.end + inner.rfind("</").unwrap_or(inner.len())
            } else {
                tag.end
            };
            inserts.push((at, r.after, value.to_string()));
        }
    }
    if inserts.is_empty() {
        return None;
    }
    // At one place (an empty element), `::before` shows before `::after`.
    inserts.sort_by_key(|(at, after, _)| (*at, *after));
    let mut out = String::with_capacity(text.len() + 16);
    let mut at = 0;
    let mut ins = inserts.iter().peekable();
    for (from, to) in drops
        .iter()
        .chain(std::iter::once(&(text.len(), text.len())))
    {
        if *from < at {
            continue;
        }
        while let Some((p, _, v)) = ins.next_if(|(p, _, _)| *p <= *from) {
            if *p >= at {
                out.push_str(text.get(at..*p)?);
                at = *p;
            }
            out.push_str(v);
        }
        out.push_str(text.get(at..*from)?);
        at = *to;
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plain(s: &str) -> String {
        // Tags out, as the normaliser reads them, for comparing the readings.
        let mut out = String::new();
        let mut depth = false;
        for c in s.chars() {
            match c {
                '<' => depth = true,
                '>' => depth = false,
                _ if !depth => out.push(c),
                _ => {}
            }
        }
        out
    }

    fn readings(s: &str) -> Vec<String> {
        laid_out(s).iter().map(|r| plain(r)).collect()
    }

    #[test]
    fn attributes_shown_in_place() {
        assert!(readings("<img src=x alt=\"51\">00").contains(&"5100".to_string()));
        assert!(readings("<input value='51'>00").contains(&"5100".to_string()));
        assert!(readings("<input placeholder=51 />00").contains(&"5100".to_string()));
        assert!(readings("<p>no attributes</p>").is_empty());
        assert!(readings("<progress value=\"51\" max=\"100\"></progress>00").is_empty());
        // A `data-value` is not `value`.
        assert!(readings("<span data-value=\"51\"></span>00").is_empty());
    }

    #[test]
    fn positioned_elements_in_screen_order() {
        let r = readings("<svg><text x='20'>00</text><text x='0'>51</text></svg>");
        assert!(r.contains(&"5100".to_string()), "{r:?}");
        let r = readings(
            "<span style=\"position:absolute;left:40px\">00</span> <span style=\"position:absolute;left:0px\">51</span>",
        );
        assert!(r.iter().any(|x| x.contains("5100")), "{r:?}");
        let r = readings("<div style=\"display:flex\"><span style=\"order:2\">00</span><span style=\"order:1\">51</span></div>");
        assert!(r.contains(&"5100".to_string()), "{r:?}");
        let r = readings("<div style=\"display:flex;flex-direction:row-reverse\"><span>00</span><span>51</span></div>");
        assert!(r.contains(&"5100".to_string()), "{r:?}");
        // Rows first: the higher row (smaller y) reads first.
        let r = readings("<svg><text x='0' y='20'>00</text><text x='50' y='10'>51</text></svg>");
        assert!(r.contains(&"5100".to_string()), "{r:?}");
        // Already in order: no reading.
        assert!(readings("<svg><text x='0'>51</text><text x='20'>00</text></svg>").is_empty());
        // Text between elements ends a group.
        assert!(readings("<svg><text x='20'>00</text> and <text x='0'>51</text></svg>").is_empty());
    }

    #[test]
    fn generated_content_inserted() {
        let r = readings("<style>.a::after{content:'00'}</style><span class=a>51</span>");
        assert!(r.contains(&"5100".to_string()), "{r:?}");
        let r = readings("<style>.x:before{content:\"51\"}</style><b class=\"x\">00</b>");
        assert!(r.contains(&"5100".to_string()), "{r:?}");
        let r = readings(
            "<style>span.v::before { content: attr(data-v) }</style><span class=\"v\" data-v=\"51\">00</span>",
        );
        assert!(r.contains(&"5100".to_string()), "{r:?}");
        let r = readings("<style>#n::after{content:'00'}</style><i id=n>51</i> more");
        assert!(r.contains(&"5100 more".to_string()), "{r:?}");
        // No element of that class: no reading.
        assert!(readings("<style>.q::after{content:'00'}</style><span>51</span>").is_empty());
    }

    #[test]
    fn pieces_out_of_order_or_out_of_sight() {
        let r = readings("<span class=\"a\"></span><style>.a::before{content:\"27\"}.a::after{content:\"50\"}</style>");
        assert!(r.contains(&"2750".to_string()), "{r:?}");
        let r =
            readings("<span style=\"float:right\">50</span><span style=\"float:left\">27</span>");
        assert!(r.contains(&"2750".to_string()), "{r:?}");
        let r = readings("<b style=\"float:right\">0</b><b style=\"float:right\">5</b><b style=\"float:left\">2</b><b style=\"float:left\">7</b>");
        assert!(r.contains(&"2750".to_string()), "{r:?}");
        for t in [
            "<span title=\"27\"></span><span title=\"50\"></span>",
            "<a href=\"#27\">x</a><a href=\"#50\">y</a>",
            "<data value=\"27\">a</data> <data value=\"50\">b</data>",
        ] {
            let r = readings(t);
            assert!(r.iter().any(|x| x.trim() == "2750"), "{t:?} {r:?}");
        }
        let r = readings("<details><summary>Hint 1</summary>27</details>");
        assert!(r.contains(&"Hint 1: 27".to_string()), "{r:?}");
        // A lone link, links that show their numbers, a table cell's span.
        for t in [
            "<a href=\"#27\">see section 27</a>",
            "<a href=\"#2\">2</a><a href=\"#7\">7</a>",
            "<td colspan=\"2\">a</td><td colspan=\"7\">b</td>",
        ] {
            assert!(attribute_runs(t).is_none(), "{t:?}");
        }
    }

    #[test]
    fn attribute_values() {
        assert_eq!(attr(" src=x alt=\"5 1\"", "alt"), Some("5 1"));
        assert_eq!(attr(" data-alt=\"5\"", "alt"), None);
        assert_eq!(attr(" ALT = '7' ", "alt"), Some("7"));
        assert_eq!(attr(" alt=9/", "alt"), Some("9"));
        assert_eq!(leading_number("40px"), Some(40.0));
        assert_eq!(leading_number("-3.5em"), Some(-3.5));
        assert_eq!(leading_number("auto"), None);
    }
}
