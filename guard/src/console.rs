//! The console overlay hook: where the learner console script goes into an HTML page.
//!
//! This module owns [`inject_overlay`], the one pure function the filter calls on an Orrery
//! `text/html` response so that every console page carries the "Learning sandbox" badge and the
//! Hint button (AEP-032 §1, DESIGN.md "web/ badge, Hint button"). It inserts [`OVERLAY_TAG`]
//! once: before the first `</head>` (ASCII case-insensitive), else before the first `</body>`,
//! else at the end. Closing tags inside comments and raw-text elements (`script`, `style`,
//! `textarea`, `title`) are skipped, so the tag never lands inside a page's own script or a
//! comment. A page that already names [`OVERLAY_SRC`] is left alone (`None`), so a page passing
//! two filters, or an Orrery that ships the tag itself, carries it once. The function only looks
//! at bytes: no UTF-8 requirement, no allocation beyond the output.

/// The path the control service serves the overlay script at.
pub const OVERLAY_SRC: &str = "/learning/console.js";

/// The tag inserted into console pages.
pub const OVERLAY_TAG: &str = "<script src=\"/learning/console.js\" defer></script>";

/// `html` with [`OVERLAY_TAG`] inserted once, or `None` when `html` already names
/// [`OVERLAY_SRC`] (nothing to do).
pub fn inject_overlay(html: &[u8]) -> Option<Vec<u8>> {
    if find(html, OVERLAY_SRC.as_bytes(), 0).is_some() {
        return None;
    }
    let at = insertion_point(html);
    let mut out = Vec::with_capacity(html.len() + OVERLAY_TAG.len());
    out.extend_from_slice(html.get(..at).unwrap_or(html));
    out.extend_from_slice(OVERLAY_TAG.as_bytes());
    out.extend_from_slice(html.get(at..).unwrap_or_default());
    Some(out)
}

/// Elements whose content is raw text: a `</head>` inside them is not markup.
const RAW_TEXT: [&[u8]; 4] = [b"script", b"style", b"textarea", b"title"];

/// The offset of the first real `</head`, else of the first real `</body`, else the length.
fn insertion_point(html: &[u8]) -> usize {
    let mut body: Option<usize> = None;
    let mut i = 0;
    while let Some(lt) = find(html, b"<", i) {
        let rest = html.get(lt..).unwrap_or_default();
        if rest.starts_with(b"<!--") {
            i = match find(html, b"-->", lt + 4) {
                Some(end) => end + 3,
                None => break,
            };
            continue;
        }
        if let Some(name) = rest.strip_prefix(b"</") {
            if is_tag(name, b"head") {
                return lt;
            }
            if body.is_none() && is_tag(name, b"body") {
                body = Some(lt);
            }
            i = lt + 2;
            continue;
        }
        let name = rest.get(1..).unwrap_or_default();
        if let Some(raw) = RAW_TEXT.iter().find(|t| is_tag(name, t)) {
            i = skip_raw_text(html, lt + 1 + raw.len(), raw);
            continue;
        }
        i = lt + 1;
    }
    body.unwrap_or(html.len())
}

/// Past the closing tag of the raw-text element `name` whose content starts at `from`.
fn skip_raw_text(html: &[u8], from: usize, name: &[u8]) -> usize {
    let mut i = from;
    while let Some(at) = find(html, b"</", i) {
        if is_tag(html.get(at + 2..).unwrap_or_default(), name) {
            return at + 2 + name.len();
        }
        i = at + 2;
    }
    html.len()
}

/// `s` starts with the tag name `name` (ASCII case-insensitive), ended by `>`, `/` or space.
fn is_tag(s: &[u8], name: &[u8]) -> bool {
    match (s.get(..name.len()), s.get(name.len())) {
        (Some(head), Some(&end)) => {
            head.eq_ignore_ascii_case(name)
                && (end == b'>' || end == b'/' || end.is_ascii_whitespace())
        }
        _ => false,
    }
}

fn find(hay: &[u8], needle: &[u8], from: usize) -> Option<usize> {
    let tail = hay.get(from..)?;
    memchr::memmem::find(tail, needle).map(|p| p + from)
}
