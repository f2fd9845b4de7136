//! Orrery's Vite console through the gateway: `GET /` (the stand-in's Vite-shaped `index.html`)
//! and its hashed `/assets/` bundles load without a bearer token (jwt_authn exempts the public
//! static prefix), the page gets the overlay, and the bundle, its source map and the stylesheet
//! are guarded at the default disclosure like any body: one that embeds a target is withheld,
//! even for a learner at level 3 and with a forged payload header (no identity is read there).
mod common;
use common::*;

const TAG: &str = "<script src=\"/learning/console.js\"";

/// The `/assets/` paths the index page names (`src="/assets/…"`, `href="/assets/…"`).
fn asset_paths(html: &str) -> Vec<String> {
    html.split("\"/assets/")
        .skip(1)
        .filter_map(|rest| rest.split('"').next())
        .map(|name| format!("/assets/{name}"))
        .collect()
}

#[test]
fn the_vite_console_and_its_bundles_load_without_a_token_and_are_guarded() {
    let s = Stack::start("static-assets", Options::default());
    let m = default_manifest();

    let r = s.get("/", None);
    assert_eq!(r.status, 200, "GET / without a token");
    let html = r.text();
    assert_eq!(
        html.matches(TAG).count(),
        1,
        "the overlay in the Vite index"
    );
    assert!(html.contains("<div id=\"root\"></div>"));
    let assets = asset_paths(&html);
    let js = assets
        .iter()
        .find(|p| p.ends_with(".js"))
        .cloned()
        .expect("a module bundle");
    let css = assets
        .iter()
        .find(|p| p.ends_with(".css"))
        .cloned()
        .expect("a stylesheet");
    let map = format!("{js}.map");
    for (path, ctype, marker) in [
        (&js, "text/javascript", "document.getElementById(\"root\")"),
        (&css, "text/css", "#log"),
        (&map, "application/json", "\"sourcesContent\""),
    ] {
        let r = s.get(path, None);
        assert_eq!(r.status, 200, "GET {path} without a token");
        assert!(
            r.header("content-type")
                .is_some_and(|t| t.starts_with(ctype)),
            "GET {path}: content-type"
        );
        let body = r.text();
        assert!(body.contains(marker), "GET {path}: the asset was altered");
        assert_eq!(body.matches(TAG).count(), 0, "no overlay in {path}");
    }
    assert_eq!(s.get("/assets/missing-0000.js", None).status, 404);

    // alice at level 3: her turns are unguarded, but the static prefix reads no identity.
    let alice = s.token("alice", "human");
    for want in 1..=3 {
        if want > 1 {
            std::thread::sleep(std::time::Duration::from_millis(1100));
        }
        let r = s.hint(&alice);
        assert_eq!(r.status, 200, "hint {want}");
    }
    let forged = b64url(br#"{"sub":"alice","principal_kind":"human"}"#);
    let payload = [("x-orrery-jwt-payload", forged.as_str())];
    for path in [&js, &css, &map] {
        let stated = format!("{path}?say=total%20lag%20is%205%2C100");
        for (who, token, headers) in [
            ("anonymous", None, &[][..]),
            ("alice at level 3", Some(alice.as_str()), &[][..]),
            ("a forged payload", None, &payload[..]),
        ] {
            let r = s.request("GET", &stated, token, headers, None);
            assert_eq!(r.status, 200, "GET {stated} ({who})");
            assert_no_value(&r.text(), &m, &format!("{stated} ({who})"));
        }
    }
    // The same bundle with a harmless text is passed through whole.
    let r = s.get(&format!("{js}?say=all%20consumers%20healthy"), None);
    assert!(r
        .text()
        .contains("const banner = \"all consumers healthy\";"));
    s.check_logs();
}
