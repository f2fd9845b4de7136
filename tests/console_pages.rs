//! Orrery's console pages (`/`, `/console`) through a real Envoy: a browser gets them without a
//! bearer token, with the learner overlay injected once, guarded at `default_disclosure`; a
//! client-written `x-orrery-jwt-payload` on such a token-free route names nobody (it neither
//! raises the level nor reaches Orrery). The stand-in's `GET /console?say=TEXT` puts TEXT in the
//! page; the values in query strings are percent-escaped so that Envoy's access log never holds
//! one in plain form.
mod common;
use common::*;
use std::time::Duration;

const TAG: &str = "<script src=\"/learning/console.js\"";
/// What the guard sends instead of a page that states a value and cannot be rewritten in place
/// (a small HTML page: the page's `text/html` headers have already left).
const WITHHELD: &[u8] = orrery_learning_guard::policy::replies::WITHHELD_PAGE.as_bytes();

fn tags(html: &str) -> usize {
    html.matches(TAG).count()
}

#[test]
fn console_pages_get_the_overlay_without_a_token() {
    let s = Stack::start("console-pages", Options::default());
    let m = default_manifest();

    for path in ["/console", "/", "/console?say=all%20consumers%20healthy"] {
        let r = s.get(path, None);
        assert_eq!(r.status, 200, "GET {path} without a token");
        assert!(
            r.header("content-type")
                .is_some_and(|t| t.starts_with("text/html")),
            "GET {path}: not HTML"
        );
        let html = r.text();
        assert_eq!(tags(&html), 1, "GET {path}: overlay tags");
        // Into the head, before the page's own markup is done.
        let at = html.find(TAG).unwrap_or(usize::MAX);
        let head_end = html.to_ascii_lowercase().find("</head>").unwrap_or(0);
        assert!(at < head_end, "GET {path}: the overlay is not in the head");
        assert!(
            html.contains("<title>Orrery console"),
            "GET {path}: page lost"
        );
        assert_no_value(&html, &m, path);
    }
    let r = s.get("/console?say=all%20consumers%20healthy", None);
    assert!(r.text().contains("<p id=\"say\">all consumers healthy</p>"));

    // A page stating a value is withheld whole, and a withheld page gets no overlay.
    let r = s.get("/console?say=total%20lag%20is%205%31%30%30", None);
    assert!(r.body == WITHHELD, "the page was not withheld");
    assert_eq!(tags(&r.text()), 0);
    assert_no_value(&r.text(), &m, "a console page stating a value");

    // As deployed: a client-sent payload header on a console page changes nothing (this Envoy's
    // jwt_authn drops it, and the filter would ignore it: see the next test) and never reaches
    // Orrery.
    let forged = b64url(br#"{"sub":"alice","principal_kind":"human"}"#);
    s.clear_standin_requests();
    let r = s.request(
        "GET",
        "/console?say=total%20lag%20is%205%31%30%30",
        None,
        &[("x-orrery-jwt-payload", &forged)],
        None,
    );
    assert!(r.body == WITHHELD, "the page was not withheld");
    let reqs = s.standin_requests();
    assert_eq!(reqs.len(), 1);
    assert!(reqs[0]["headers"].get("x-orrery-jwt-payload").is_none());

    // HEAD has no body to guard or carry the overlay.
    let r = s.request("HEAD", "/console", None, &[], None);
    assert_eq!(r.status, 200);

    // Only the exact page paths are token-free: everything else still needs the token.
    for path in [
        "/console/",
        "/Console",
        "/console/x",
        "/me",
        "/sessions",
        "/unlisted/echo",
    ] {
        assert_eq!(s.get(path, None).status, 401, "GET {path} without a token");
    }
    assert_eq!(
        s.request("POST", "/chat", None, &[], Some(b"{\"message\":\"hi\"}"))
            .status,
        401
    );

    s.check_logs();
}

/// The Envoy here sanitizes the payload header on every request, exempt paths included; not
/// every jwt_authn does (sanitizing moved into the per-requirement verifiers), and the filter
/// must not depend on it. This Lua filter, between jwt_authn and the learning filter, plays such
/// a jwt_authn: it copies the client's `x-test-leaked-payload` into the payload header.
fn leaky_jwt_authn(cfg: String) -> String {
    const WASM: &str = "          - name: envoy.filters.http.wasm\n";
    const LUA: &str = r#"          - name: envoy.filters.http.lua
            typed_config:
              "@type": type.googleapis.com/envoy.extensions.filters.http.lua.v3.Lua
              default_source_code:
                inline_string: |
                  function envoy_on_request(h)
                    local p = h:headers():get("x-test-leaked-payload")
                    if p then h:headers():replace("x-orrery-jwt-payload", p) end
                  end
"#;
    assert_eq!(
        cfg.matches(WASM).count(),
        1,
        "the wasm filter moved in the template"
    );
    cfg.replace(WASM, &format!("{LUA}{WASM}"))
}

#[test]
fn a_forged_payload_on_a_console_page_names_nobody() {
    let s = Stack::start(
        "console-forged-payload",
        Options {
            hint_interval_seconds: 1,
            edit_envoy: Some(leaky_jwt_authn),
            ..Options::default()
        },
    );
    let m = default_manifest();
    let alice = s.token("alice", "human");
    let bob = s.token("bob", "human");

    // alice reaches level 3 the honest way.
    for want in 1..=3 {
        if want > 1 {
            std::thread::sleep(Duration::from_millis(1100));
        }
        let r = s.hint(&alice);
        assert_eq!(r.status, 200, "hint {want}");
        assert_eq!(r.json().unwrap()["level"], want);
    }
    assert_eq!(
        s.get("/me", Some(&alice)).json().unwrap()["learning"]["level"],
        3
    );
    let forged = b64url(
        br#"{"iss":"orrery-learning-demo","aud":"orrery","sub":"alice","principal_kind":"human"}"#,
    );
    let leaked = [("x-test-leaked-payload", forged.as_str())];
    // Control: the leak works. On a route that requires the token, the filter believes the
    // payload header (it trusts jwt_authn there), so bob's request runs as alice at level 3 and
    // an unknown route is unguarded. What follows can fail only by the filter itself.
    let r = s.request(
        "GET",
        "/unlisted/echo?text=lag%20is%205%31%30%30",
        Some(&bob),
        &leaked,
        None,
    );
    assert_eq!(r.status, 200);
    assert_eq!(r.json().unwrap()["text"], "lag is 5100");

    // The same forged identity on the token-free routes names nobody: default disclosure.
    s.clear_standin_requests();
    let sent = [("x-orrery-jwt-payload", forged.as_str())];
    for headers in [&leaked[..], &sent[..]] {
        for path in [
            "/console?say=lag%20is%205%31%30%30",
            "/?say=lag%20is%205%31%30%30",
        ] {
            let r = s.request("GET", path, None, headers, None);
            assert_eq!(r.status, 200, "GET {path}");
            assert!(
                r.body == WITHHELD,
                "GET {path}: the forged identity unguarded the page"
            );
            assert_no_value(&r.text(), &m, "console page with a forged payload");
        }
    }
    // With her real token as well: jwt_authn verifies nothing on an exempt path.
    let r = s.request(
        "GET",
        "/console?say=lag%20is%205%31%30%30",
        Some(&alice),
        &leaked,
        None,
    );
    assert!(
        r.body == WITHHELD,
        "GET /console with a token and a payload"
    );
    // jwt_authn exempts the path for every method: a POST there names nobody either.
    let _ = s.request("POST", "/console", None, &leaked, Some(b"{}"));
    assert_eq!(
        s.request("GET", "/healthz", None, &leaked, None).status,
        200
    );

    // Orrery never saw the payload header, and was told the default level, not alice's.
    let reqs = s.standin_requests();
    for want in ["GET /console", "GET /", "POST /console", "GET /healthz"] {
        let (method, path) = want.split_once(' ').unwrap();
        assert!(
            reqs.iter()
                .any(|q| q["method"] == method && q["path"] == path),
            "{want} did not reach the stand-in"
        );
    }
    assert_eq!(reqs.len(), 7, "requests after the clear");
    for q in &reqs {
        let h = q["headers"].as_object().expect("headers");
        let what = format!("{} {}", q["method"], q["path"]);
        assert!(
            h.get("x-orrery-jwt-payload").is_none(),
            "{what}: the payload header reached Orrery"
        );
        assert_eq!(
            h.get("x-orrery-learning-level").and_then(|v| v.as_str()),
            Some("0"),
            "{what}: the forged identity's level reached Orrery"
        );
    }
    s.check_logs();
}
