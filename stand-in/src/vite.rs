//! The stand-in's Vite-shaped console: what Orrery serves at `/` — an `index.html` with an empty
//! `<div id="root">` that loads content-hashed bundles from `/assets/` (`index-<hash>.js` as a
//! module, `index-<hash>.css`, and the bundle's source map `index-<hash>.js.map`). A browser
//! fetches all of them without a bearer token, which is why the learning filter's public static
//! prefixes exist; the Chromium test (`tools/test-console`) runs against this page.
//!
//! Test hook, like `/console?say=TEXT`: `?say=TEXT` on the page or on any asset makes it state
//! `TEXT` (the page in `<p id="say">`, the bundle as a string constant, the stylesheet in a
//! comment, the source map in its `sourcesContent`), so tests can see that a bundle embedding a
//! value gets the same scrub as any body.
use axum::extract::{Path, Query};
use axum::http::{header, StatusCode};
use axum::response::{Html, IntoResponse, Response};
use serde::Deserialize;

const INDEX_JS: &str = include_str!("vite/index.js");
const INDEX_CSS: &str = include_str!("vite/index.css");

/// A Vite-style content hash: 8 characters of the base64url FNV-1a digest of the content (the
/// names change when the content does, as a real build's do).
fn hashed(stem: &str, content: &str, ext: &str) -> String {
    const ALPHABET: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in content.bytes() {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    let tag: String = (0..8)
        .map(|i| char::from(ALPHABET[((h >> (i * 6)) & 63) as usize]))
        .collect();
    format!("{stem}-{tag}.{ext}")
}

/// The bundle's file name (`index-<hash>.js`).
pub fn js_name() -> String {
    hashed("index", INDEX_JS, "js")
}

/// The stylesheet's file name (`index-<hash>.css`).
pub fn css_name() -> String {
    hashed("index", INDEX_CSS, "css")
}

/// `index.html` as `vite build` writes it: the hashed module script and stylesheet in the head.
pub fn index_html() -> String {
    format!(
        "<!doctype html>\n<html lang=\"en\">\n  <head>\n    <meta charset=\"UTF-8\" />\n    \
<meta name=\"viewport\" content=\"width=device-width, initial-scale=1.0\" />\n    \
<title>Orrery console</title>\n    \
<script type=\"module\" crossorigin src=\"/assets/{}\"></script>\n    \
<link rel=\"stylesheet\" crossorigin href=\"/assets/{}\">\n  </head>\n  <body>\n    \
<div id=\"root\"></div>\n  </body>\n</html>\n",
        js_name(),
        css_name()
    )
}

#[derive(Deserialize)]
pub struct SayQuery {
    say: Option<String>,
}

fn html_escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '&' => out.push_str("&amp;"),
            '"' => out.push_str("&quot;"),
            other => out.push(other),
        }
    }
    out
}

/// `GET /`: the Vite index page (with `?say=TEXT`, stating `TEXT` at the top of the body).
pub async fn index(Query(q): Query<SayQuery>) -> Html<String> {
    let page = index_html();
    match q.say {
        None => Html(page),
        Some(say) => Html(page.replacen(
            "<body>",
            &format!("<body>\n    <p id=\"say\">{}</p>", html_escape(&say)),
            1,
        )),
    }
}

/// The source map of the bundle (`index-<hash>.js.map`), `sourcesContent` included as Vite
/// writes it with `build.sourcemap: true`; `extra` adds a source stating it.
fn source_map(extra: Option<&str>) -> String {
    let mut sources = vec![serde_json::Value::from("../src/main.js")];
    let mut contents = vec![serde_json::Value::from(INDEX_JS)];
    if let Some(text) = extra {
        sources.push("../src/banner.js".into());
        contents.push(format!("export const banner = {};\n", serde_json::Value::from(text)).into());
    }
    serde_json::json!({
        "version": 3,
        "file": js_name(),
        "sources": sources,
        "sourcesContent": contents,
        "names": [],
        "mappings": "AAAA",
    })
    .to_string()
}

/// `GET /assets/{file}`: the bundle, its source map and the stylesheet, under their hashed
/// names; anything else 404.
pub async fn asset(Path(file): Path<String>, Query(q): Query<SayQuery>) -> Response {
    let say = q.say.as_deref();
    let js = js_name();
    let (content_type, body) = if file == js {
        let mut body = INDEX_JS.to_string();
        if let Some(text) = say {
            body.push_str(&format!(
                "const banner = {};\n",
                serde_json::Value::from(text)
            ));
        }
        body.push_str(&format!("//# sourceMappingURL={js}.map\n"));
        ("text/javascript", body)
    } else if file == format!("{js}.map") {
        ("application/json", source_map(say))
    } else if file == css_name() {
        let mut body = INDEX_CSS.to_string();
        if let Some(text) = say {
            body.push_str(&format!("/* {} */\n", text.replace("*/", "* /")));
        }
        ("text/css", body)
    } else {
        return (StatusCode::NOT_FOUND, "not found").into_response();
    };
    ([(header::CONTENT_TYPE, content_type)], body).into_response()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_index_loads_hashed_bundles_from_assets() {
        let page = index_html();
        let js = js_name();
        let css = css_name();
        assert!(
            js.starts_with("index-") && js.ends_with(".js") && js.len() == 17,
            "{js}"
        );
        assert!(css.starts_with("index-") && css.ends_with(".css"), "{css}");
        assert!(page.contains(&format!(
            "<script type=\"module\" crossorigin src=\"/assets/{js}\"></script>"
        )));
        assert!(page.contains(&format!("href=\"/assets/{css}\"")));
        assert!(page.contains("<div id=\"root\"></div>"));
        // The bundle builds the console the Chromium test drives.
        for id in [
            "id=\"token\"",
            "id=\"log\"",
            "id=\"message\"",
            "id=\"chat\"",
        ] {
            assert!(INDEX_JS.contains(id), "{id}");
        }
    }

    #[test]
    fn the_source_map_is_json_and_states_the_extra_source() {
        let v: serde_json::Value = serde_json::from_str(&source_map(Some("lag 5100"))).unwrap();
        assert_eq!(v["version"], 3);
        assert_eq!(v["file"], js_name());
        assert!(v["sourcesContent"][1]
            .as_str()
            .unwrap()
            .contains("lag 5100"));
    }
}
