//! The route table's tests: classification, the public routes, the identity rule, the
//! configuration check (a child module of `route`, split out to keep files short).
use super::super::{cfg_json, FilterConfig};
use super::*;
use crate::surfaces::Surface::*;

#[test]
fn route_table() {
    let p = RoutePolicy::default();
    let g = Route::Guarded;
    let cases: &[(&str, &str, Route)] = &[
        ("POST", "/chat", g(Chat)),
        ("POST", "/chat?stream=0", g(Chat)),
        ("POST", "/chat#x", g(Chat)),
        ("POST", "/chat/stream", Route::ChatStream),
        ("POST", "/chat/stream?x=1", Route::ChatStream),
        ("GET", "/chat", g(Other)),
        ("GET", "/chat/stream", g(Other)),
        ("POST", "/chat/", g(Other)),
        ("POST", "/CHAT", g(Other)),
        ("POST", "//chat", g(Other)),
        ("POST", "/x/../chat", g(Other)),
        ("POST", "/chat%2fstream", g(Other)),
        ("POST", "/chat%2Fstream", g(Other)),
        ("POST", "/./chat", g(Other)),
        ("POST", "/chat\\stream", g(Other)),
        ("GET", "/session/abc", g(Transcript)),
        ("GET", "/session/abc-123_x", g(Transcript)),
        ("GET", "/session/abc?full=1", g(Transcript)),
        ("GET", "/session/abc/", g(Other)),
        ("GET", "/session/", g(Other)),
        ("GET", "/session//triage", g(Other)),
        ("GET", "/session/abc/triage", g(Triage)),
        ("GET", "/session/abc/triage/", g(Other)),
        ("GET", "/session/abc/TRIAGE", g(Other)),
        ("GET", "/session/abc/activity", g(Activity)),
        ("GET", "/session/abc%2Factivity", g(Other)),
        ("GET", "/session/a/b/activity", g(Other)),
        ("GET", "/session/../activity", g(Other)),
        ("DELETE", "/session/abc", g(Other)),
        ("GET", "/sessions", g(Sessions)),
        ("GET", "/sessions/", g(Other)),
        ("GET", "/confirmations/pending", g(Confirmations)),
        ("POST", "/confirmations/pending", g(Other)),
        ("GET", "/me", g(Me)),
        ("GET", "/me?x", g(Me)),
        ("GET", "/Me", g(Other)),
        ("GET", "/healthz", Route::Health),
        ("HEAD", "/healthz", Route::Health),
        ("GET", "/readyz", Route::Health),
        ("GET", "/healthz/", g(Other)),
        ("POST", "/healthz", g(Other)),
        ("GET", "/", Route::Page),
        ("GET", "", g(Other)),
        ("GET", "*", g(Other)),
        ("GET", "/index.html", g(Other)),
        ("GET", "/admin", Route::Deny(DenyReason::Admin)),
        ("GET", "/admin/users", Route::Deny(DenyReason::Admin)),
        ("GET", "/ADMIN", Route::Deny(DenyReason::Admin)),
        ("GET", "/Admin/x", Route::Deny(DenyReason::Admin)),
        ("GET", "//admin", Route::Deny(DenyReason::Admin)),
        ("GET", "/x/../admin", Route::Deny(DenyReason::Admin)),
        ("GET", "/%61dmin", Route::Deny(DenyReason::Admin)),
        ("GET", "/%2561dmin", Route::Deny(DenyReason::Admin)),
        (
            "GET",
            "/chat/..%2f..%2fadmin",
            Route::Deny(DenyReason::Admin),
        ),
        ("GET", "\\admin", Route::Deny(DenyReason::Admin)),
        ("GET", "/api/admin/x", Route::Deny(DenyReason::Admin)),
        ("POST", "/studio/agents", Route::Deny(DenyReason::Studio)),
        ("GET", "/STUDIO", Route::Deny(DenyReason::Studio)),
        ("GET", "/api/studio", Route::Deny(DenyReason::Studio)),
        ("POST", "/learning/hint", Route::Hint),
        ("POST", "/learning/hint?x=1", Route::Hint),
        (
            "GET",
            "/learning/hint",
            Route::Deny(DenyReason::LearningNotFound),
        ),
        (
            "POST",
            "/learning/hint/",
            Route::Deny(DenyReason::LearningNotFound),
        ),
        (
            "POST",
            "/learning//hint",
            Route::Deny(DenyReason::LearningNotFound),
        ),
        (
            "POST",
            "/LEARNING/hint",
            Route::Deny(DenyReason::LearningNotFound),
        ),
        (
            "POST",
            "/learning/%68int",
            Route::Deny(DenyReason::LearningNotFound),
        ),
        ("GET", "/learning/console.js", Route::LearningAsset),
        ("GET", "/learning/", Route::LearningAsset),
        (
            "GET",
            "/learning",
            Route::Deny(DenyReason::LearningNotFound),
        ),
        (
            "GET",
            "/learning/v1/watch",
            Route::Deny(DenyReason::LearningNotFound),
        ),
        (
            "POST",
            "/learning/v1/events",
            Route::Deny(DenyReason::LearningNotFound),
        ),
        (
            "GET",
            "/learning/metrics",
            Route::Deny(DenyReason::LearningNotFound),
        ),
        ("GET", "/learning/../v1/watch", g(Other)),
    ];
    for (m, path, want) in cases {
        assert_eq!(p.classify(m, path), *want, "{m} {path}");
    }
}

#[test]
fn console_pages_table() {
    let p = RoutePolicy::default();
    let g = Route::Guarded;
    let cases: &[(&str, &str, Route)] = &[
        ("GET", "/", Route::Page),
        ("HEAD", "/", Route::Page),
        ("GET", "/console", Route::Page),
        ("HEAD", "/console", Route::Page),
        ("GET", "/?x=1", Route::Page),
        ("GET", "/console?say=hello", Route::Page),
        ("GET", "/console#top", Route::Page),
        // Not plain, another case, another method: not a page, so not public.
        ("GET", "/console/", g(Other)),
        ("GET", "/Console", g(Other)),
        ("GET", "/CONSOLE", g(Other)),
        ("GET", "//console", g(Other)),
        ("GET", "/x/../console", g(Other)),
        ("GET", "/%63onsole", g(Other)),
        ("GET", "/console%2f", g(Other)),
        ("GET", "/./console", g(Other)),
        ("GET", "\\console", g(Other)),
        ("GET", "/console/x", g(Other)),
        ("GET", "/consolex", g(Other)),
        ("GET", "", g(Other)),
        ("GET", "//", g(Other)),
        ("POST", "/console", g(Other)),
        ("POST", "/", g(Other)),
        ("PUT", "/console", g(Other)),
        ("DELETE", "/", g(Other)),
        ("OPTIONS", "/console", g(Other)),
        ("get", "/console", g(Other)),
    ];
    for (m, path, want) in cases {
        assert_eq!(p.classify(m, path), *want, "{m} {path}");
    }
}

#[test]
fn public_routes_are_the_token_free_ones() {
    use DenyReason::*;
    let public = [Route::Health, Route::LearningAsset, Route::Page];
    let private = [
        Route::Guarded(Chat),
        Route::Guarded(Other),
        Route::Guarded(Me),
        Route::ChatStream,
        Route::Hint,
        Route::Report,
        Route::Deny(Admin),
        Route::Deny(Unknown),
        Route::Deny(LearningNotFound),
    ];
    for r in public {
        assert!(r.is_public(), "{r:?}");
    }
    for r in private {
        assert!(!r.is_public(), "{r:?}");
    }
    // Every default exempt path classifies to a public route for GET, and to a non-public
    // one for POST (jwt_authn exempts the path whatever the method: the filter must not
    // take an identity there either way, and a POST there is guarded as Other).
    let p = RoutePolicy::default();
    for path in p
        .health
        .iter()
        .chain(&p.learning_assets)
        .chain(&p.console_pages)
    {
        assert!(p.classify("GET", path).is_public(), "{path}");
    }
}

#[test]
fn identity_is_read_only_where_a_token_was_verified() {
    let p = RoutePolicy::default();
    let reads = |m: &str, path: &str| p.reads_identity(p.classify(m, path), path);
    for (m, path) in [
        ("GET", "/"),
        ("GET", "/console"),
        ("HEAD", "/console"),
        ("GET", "/console?say=x"),
        ("POST", "/console"),
        ("PUT", "/"),
        ("GET", "/Console"),
        ("GET", "/%63onsole"),
        ("GET", "//console"),
        ("GET", "/healthz"),
        ("POST", "/healthz"),
        ("GET", "/readyz?x=1"),
        ("GET", "/learning/console.js"),
        ("GET", "/learning/"),
        ("POST", "/learning/"),
    ] {
        assert!(!reads(m, path), "{m} {path}");
    }
    for (m, path) in [
        ("POST", "/chat"),
        ("POST", "/chat/stream"),
        ("GET", "/me"),
        ("GET", "/sessions"),
        ("GET", "/session/abc"),
        ("POST", "/learning/hint"),
        ("GET", "/console/"),
        ("GET", "/console/x"),
        ("GET", "/unlisted/echo"),
    ] {
        assert!(reads(m, path), "{m} {path}");
    }
}

#[test]
fn console_pages_config_is_checked() {
    let ok = cfg_json(r#","routes":{"console_pages":["/ui","/ui/console"]}"#);
    let c = FilterConfig::parse(ok.as_bytes()).unwrap();
    assert_eq!(c.routes.classify("GET", "/ui/console"), Route::Page);
    assert_eq!(c.routes.classify("GET", "/console"), Route::Guarded(Other));
    let none = cfg_json(r#","routes":{"console_pages":[]}"#);
    let c = FilterConfig::parse(none.as_bytes()).unwrap();
    assert_eq!(c.routes.classify("GET", "/"), Route::Guarded(Other));
    for bad in [
        "\"console\"",
        "\"/console/../x\"",
        "\"//console\"",
        "\"/console?x=1\"",
        "\"/c%6fnsole\"",
        "\"/chat\"",
        "\"/me\"",
        "\"/sessions\"",
        "\"/session/x\"",
        "\"/healthz\"",
        "\"/learning/\"",
        "\"/learning\"",
        "\"/learning/x\"",
        "\"/admin\"",
        "\"/Admin/page\"",
        "\"/studio\"",
    ] {
        let json = cfg_json(&format!(r#","routes":{{"console_pages":[{bad}]}}"#));
        let err = FilterConfig::parse(json.as_bytes()).unwrap_err();
        assert!(err.0.contains("routes.console_pages"), "{bad}: {}", err.0);
    }
}

#[test]
fn unknown_routes_can_be_denied() {
    let p = RoutePolicy {
        unknown: UnknownRoutes::Deny,
        ..RoutePolicy::default()
    };
    assert_eq!(
        p.classify("GET", "/whatever"),
        Route::Deny(DenyReason::Unknown)
    );
    assert_eq!(
        p.classify("POST", "/chat/"),
        Route::Deny(DenyReason::Unknown)
    );
    assert_eq!(p.classify("POST", "/chat"), Route::Guarded(Chat));
}

#[test]
fn configured_paths_are_used() {
    let json = cfg_json(r#","routes":{"chat":"/api/chat","session_prefix":"/api/session/"}"#);
    let c = FilterConfig::parse(json.as_bytes()).unwrap();
    assert_eq!(c.routes.classify("POST", "/api/chat"), Route::Guarded(Chat));
    assert_eq!(c.routes.classify("POST", "/chat"), Route::Guarded(Other));
    assert_eq!(
        c.routes.classify("GET", "/api/session/x/triage"),
        Route::Guarded(Triage)
    );
}

// proptest is a native-only dev-dependency; the table tests above also run in wasm.
#[cfg(not(target_arch = "wasm32"))]
proptest::proptest! {
    /// No spelling of an admin path escapes the deny list, and no path with a `..`, `//`,
    /// `%` or backslash is classified as a named surface.
    #[test]
    fn odd_paths_fail_closed(prefix in "[a-z/.%\\\\]{0,6}", tail in "[a-zA-Z0-9/.%]{0,8}") {
        let p = RoutePolicy::default();
        let path = format!("/{prefix}{tail}");
        match p.classify("GET", &path) {
            Route::Guarded(s) if s != Other => {
                proptest::prop_assert_eq!(canonical(path.split(['?', '#']).next().unwrap()), path.split(['?', '#']).next().unwrap());
            }
            Route::Health | Route::ChatStream | Route::Hint | Route::LearningAsset | Route::Page => {
                let raw = path.split(['?', '#']).next().unwrap();
                proptest::prop_assert_eq!(canonical(raw), raw);
            }
            _ => {}
        }
    }

    /// Every spelling of an admin path is denied: dot segments, escapes, backslashes,
    /// doubled slashes, any letter case, any suffix.
    #[test]
    fn admin_spellings_are_denied(junk in "[a-z]{1,5}", tail in "[a-zA-Z0-9/]{0,8}", upper in proptest::collection::vec(proptest::bool::ANY, 5)) {
        let p = RoutePolicy::default();
        let admin: String = "admin".chars().zip(upper.iter()).map(|(c, u)| if *u { c.to_ascii_uppercase() } else { c }).collect();
        for path in [
            format!("/{admin}{tail}"),
            format!("//{admin}{tail}"),
            format!("/{junk}/../{admin}{tail}"),
            format!("/{junk}/..%2f{admin}{tail}"),
            format!("/{junk}%2F%2E%2E%2F{admin}{tail}"),
            format!("/{junk}\\..\\{admin}{tail}"),
            format!("/%61dmin{tail}"),
            format!("/./{admin}{tail}?q=1"),
        ] {
            proptest::prop_assert_eq!(p.classify("GET", &path), Route::Deny(DenyReason::Admin), "{}", path);
        }
    }
}

#[test]
fn canonical_table() {
    for (raw, want) in [
        ("/chat", "/chat"),
        ("/a//b", "/a/b"),
        ("/a/./b", "/a/b"),
        ("/a/../b", "/b"),
        ("/../../b", "/b"),
        ("/a/", "/a/"),
        ("/", "/"),
        ("", "/"),
        ("/%2e%2e/x", "/x"),
        ("/a%2Fb", "/a/b"),
        ("/a%00b", "/a%00b"),
        ("/a%zzb", "/a%zzb"),
        ("/\u{e9}", "/\u{e9}"),
    ] {
        assert_eq!(canonical(raw), want, "{raw}");
    }
}

#[test]
fn upgrade_detection() {
    assert!(is_upgrade("GET", Some("Upgrade"), Some("websocket")));
    assert!(is_upgrade("GET", Some("keep-alive, upgrade"), None));
    assert!(is_upgrade("GET", None, Some("h2c")));
    assert!(is_upgrade("CONNECT", None, None));
    assert!(!is_upgrade("GET", Some("keep-alive"), None));
    assert!(!is_upgrade("POST", None, Some("  ")));
}

#[test]
fn model_turns_are_the_replies_a_learner_shapes() {
    let p = RoutePolicy::default();
    for (m, path, want) in [
        ("POST", "/chat", true),
        ("POST", "/chat/stream", true),
        ("POST", "/chat/v2", true),
        ("PUT", "/unlisted", true),
        ("GET", "/session/abc", false),
        ("GET", "/sessions", false),
        ("GET", "/me", false),
        ("GET", "/unlisted", false),
        ("HEAD", "/unlisted", false),
        ("GET", "/session/abc/triage", false),
        ("GET", "/", false),
        ("POST", "/learning/hint", false),
        ("GET", "/healthz", false),
        ("POST", "/admin/x", false),
    ] {
        assert_eq!(is_model_turn(p.classify(m, path), m), want, "{m} {path}");
    }
}

#[test]
fn the_report_route_is_get_only_plain_and_configurable() {
    let p = RoutePolicy::default();
    assert_eq!(p.classify("GET", "/learning/report"), Route::Report);
    assert_eq!(p.classify("GET", "/learning/report?page=2"), Route::Report);
    for (m, path) in [
        ("POST", "/learning/report"),
        ("GET", "/learning/report/"),
        ("GET", "/learning//report"),
        ("GET", "/learning/%72eport"),
        ("GET", "/LEARNING/report"),
    ] {
        assert_eq!(
            p.classify(m, path),
            Route::Deny(DenyReason::LearningNotFound),
            "{m} {path}"
        );
    }
    assert!(!Route::Report.is_public());
    assert!(p.reads_identity(Route::Report, "/learning/report"));
    assert_eq!(DenyReason::NotInstructor.status(), 403);
    assert!(!DenyReason::NotInstructor.body().is_empty());
    let c = FilterConfig::parse(
        cfg_json(r#","routes":{"report":"/learning/instructor/report"}"#).as_bytes(),
    )
    .unwrap();
    assert_eq!(
        c.routes.classify("GET", "/learning/instructor/report"),
        Route::Report
    );
    for bad in [
        "/report",
        "/learning/hint",
        "/learning/console.js",
        "/learning/r?x",
    ] {
        let json = cfg_json(&format!(r#","routes":{{"report":"{bad}"}}"#));
        assert!(FilterConfig::parse(json.as_bytes()).is_err(), "{bad}");
    }
}

#[test]
fn public_static_prefixes_are_guarded_without_identity() {
    let p = RoutePolicy::default();
    assert_eq!(p.public_static_prefixes, vec!["/assets/".to_string()]);
    let g = Route::Guarded(Other);
    for (m, path) in [
        ("GET", "/assets/index-4f3a9c1b.js"),
        ("GET", "/assets/index-4f3a9c1b.js.map"),
        ("HEAD", "/assets/index-9d8e7f6a.css"),
        ("GET", "/assets/nested/font.woff2?v=1"),
    ] {
        assert_eq!(p.classify(m, path), g, "{m} {path}");
        assert!(!p.reads_identity(p.classify(m, path), path), "{m} {path}");
    }
    // Even with unknown routes denied, the bundles load (guarded).
    let deny = RoutePolicy {
        unknown: UnknownRoutes::Deny,
        ..RoutePolicy::default()
    };
    assert_eq!(deny.classify("GET", "/assets/a.js"), g);
    assert_eq!(
        deny.classify("POST", "/assets/a.js"),
        Route::Deny(DenyReason::Unknown)
    );
    assert_eq!(
        deny.classify("GET", "/assets/../chat"),
        Route::Deny(DenyReason::Unknown)
    );
    // jwt_authn exempts the prefix whatever the method and however spelled: no identity read
    // on any of these, even where the route is not the static one.
    for (m, path) in [
        ("POST", "/assets/a.js"),
        ("GET", "/ASSETS/a.js"),
        ("GET", "/%61ssets/a.js"),
        ("GET", "/assets/../me"),
        ("GET", "/assets//x"),
    ] {
        assert!(!p.reads_identity(p.classify(m, path), path), "{m} {path}");
    }
    // Outside the prefix, the identity is read as before.
    for path in ["/assets", "/assetsx/a.js", "/me"] {
        assert!(p.reads_identity(p.classify("GET", path), path), "{path}");
    }
}

#[test]
fn public_static_prefixes_config_is_checked() {
    let ok = FilterConfig::parse(
        cfg_json(r#","routes":{"public_static_prefixes":["/assets/","/static/"]}"#).as_bytes(),
    )
    .unwrap();
    assert_eq!(ok.routes.public_static_prefixes.len(), 2);
    let none =
        FilterConfig::parse(cfg_json(r#","routes":{"public_static_prefixes":[]}"#).as_bytes())
            .unwrap();
    assert_eq!(
        none.routes.classify("GET", "/assets/a.js"),
        Route::Guarded(Other)
    );
    assert!(none
        .routes
        .reads_identity(Route::Guarded(Other), "/assets/a.js"));
    for bad in [
        "/",
        "/assets",
        "assets/",
        "/a/../assets/",
        "/learning/",
        "/learning/x/",
        "/session/",
        "/admin/",
        "/ADMIN/x/",
        "/Studio/",
        "/chat/",
        "/healthz/",
        "/console/",
    ] {
        let json = cfg_json(&format!(
            r#","routes":{{"public_static_prefixes":["{bad}"]}}"#
        ));
        let err = FilterConfig::parse(json.as_bytes()).unwrap_err().0;
        assert!(
            err.contains("routes.public_static_prefixes"),
            "{bad}: {err}"
        );
    }
    // A prefix over another route: `/` style prefixes that would hold /chat.
    let json = cfg_json(r#","routes":{"public_static_prefixes":["/c/"],"chat":"/c/chat"}"#);
    assert!(FilterConfig::parse(json.as_bytes()).is_err());
}
