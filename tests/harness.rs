//! The harness's own promises: the log check finds a value in every spelling it claims to, and
//! only on token boundaries, and finds a credential or a JWT-shaped string in any log (so the e2e
//! tests' final grep is not a check that cannot fail). The Envoy template renderer's promises
//! are tested where it lives (stand-in/src/render.rs, stand-in/tests/render_envoy.rs).
mod common;
use common::*;

#[test]
fn value_needles_cover_the_matcher_spellings() {
    let n = value_needles(&default_manifest());
    for want in [
        "5100",
        "5,100",
        "5 100",
        "5.100",
        "5_100",
        "2750",
        "2,750",
        "orders-worker-kestrel",
    ] {
        assert!(n.iter().any(|x| x == want), "{want} missing");
    }
}

#[test]
fn contains_token_respects_boundaries() {
    for (hay, needle, want) in [
        ("lag=5100.", "5100", true),
        ("5100", "5100", true),
        ("[5,100]", "5,100", true),
        ("15100", "5100", false),
        ("51000", "5100", false),
        ("x5100", "5100", false),
        ("id 0x5100a", "5100", false),
        ("15100 then 5100", "5100", true),
        (
            "worker orders-worker-kestrel up",
            "orders-worker-kestrel",
            true,
        ),
    ] {
        assert_eq!(contains_token(hay, needle), want, "{hay} / {needle}");
    }
}

#[test]
fn scan_logs_finds_a_planted_value_in_any_log() {
    let dir = root().join("target/e2e/harness-scan");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("inputs")).unwrap();
    let m = vec![default_manifest()];
    std::fs::write(dir.join("inputs/manifest.json"), &m[0]).unwrap();
    std::fs::write(dir.join("envoy.yaml"), "port_value: 5100\n").unwrap();
    std::fs::write(dir.join("envoy.log"), "ok\nstream 9715100338 done\n").unwrap();
    std::fs::write(dir.join("control.log"), "loaded\n").unwrap();
    let (scanned, hits) = scan_logs(&dir, &m, &[]);
    assert_eq!(scanned, 2);
    assert!(hits.is_empty(), "{hits:?}");
    for (file, line) in [
        ("audit.jsonl", "{\"note\":\"total 5,100\"}"),
        ("standin.log", "reply ORDERS-WORKER-KESTREL"),
        ("control.log", "lag 2 750 msgs"),
    ] {
        std::fs::write(dir.join(file), format!("first\n{line}\n")).unwrap();
        let (_, hits) = scan_logs(&dir, &m, &[]);
        assert_eq!(hits.len(), 1, "{file}: {hits:?}");
        assert!(hits[0].ends_with(&format!("{file}:2 holds a manifest value")));
        std::fs::write(dir.join(file), "clean\n").unwrap();
    }
}

#[test]
fn scan_logs_finds_credentials_and_jwt_shapes() {
    let dir = root().join("target/e2e/harness-scan-credentials");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let m = vec![default_manifest()];
    let creds = vec![SECRET.to_string(), "opaque-token-abc".to_string()];
    std::fs::write(dir.join("envoy.yaml"), format!("secret: {SECRET}\n")).unwrap();
    std::fs::write(dir.join("control.log"), "loaded\n").unwrap();
    std::fs::write(dir.join(ACCESS_LOG), "GET /chat 200\n").unwrap();
    let (scanned, hits) = scan_logs(&dir, &m, &creds);
    assert_eq!(scanned, 2);
    assert!(hits.is_empty(), "{hits:?}");
    for (file, line, why) in [
        (
            ACCESS_LOG,
            "GET /x?access_token=eyJhbGciOiJIUzI1NiJ9.e30.sig 200",
            "JWT-shaped",
        ),
        (
            "control.log",
            "header x-orrery-learning-proxy-secret: e2e-proxy-secret-0123456789",
            "token or secret",
        ),
        ("control.log", "Bearer opaque-token-abc", "token or secret"),
        ("audit.jsonl", "{\"t\":\"eyJzdWIiOiJhIn0.x\"}", "JWT-shaped"),
    ] {
        std::fs::write(dir.join(file), format!("first\n{line}\n")).unwrap();
        let (_, hits) = scan_logs(&dir, &m, &creds);
        assert_eq!(hits.len(), 1, "{file}: {hits:?}");
        assert!(hits[0].contains(&format!("{file}:2 holds a")), "{hits:?}");
        assert!(hits[0].contains(why), "{hits:?}");
        std::fs::write(dir.join(file), "clean\n").unwrap();
    }
}

#[test]
fn jwt_shape_needs_the_dot() {
    for (line, want) in [
        ("eyJhbGciOiJIUzI1NiJ9.e30.x", true),
        ("token=eyJa.b", true),
        ("payload eyJzdWIiOiJhIn0 end", false),
        ("eyJ.", false),
        ("eyeJ.x", false),
        ("eyJx eyJy.z", true),
    ] {
        assert_eq!(has_jwt_shape(line), want, "{line}");
    }
}

/// The log scan blanks chance digits (request ids, access-log counters) and keeps the request
/// line, where a value could leak.
#[test]
fn the_log_scan_ignores_chance_digits_only() {
    let id = "6c449018-2750-46e6-bc77-95b574cca270";
    let line = format!(
        "[2026-12-01T01:55:25.404Z] \"POST /chat HTTP/1.1\" 200 - via_upstream 2750 5100 0 \"{id}\" \"orrery\""
    );
    let clean = without_noise(&line, true);
    assert!(
        !contains_token(&clean, "2750") && !contains_token(&clean, "5100"),
        "{clean}"
    );
    let leaky = line.replace("/chat", "/unlisted/echo/5100");
    assert!(contains_token(&without_noise(&leaky, true), "5100"));
    assert!(contains_token(
        &without_noise("lag 2750 on orders-7", false),
        "2750"
    ));
    assert!(!contains_token(
        &without_noise(&format!("request {id} done"), false),
        "2750"
    ));
    // An Envoy log line's thread id and milliseconds are metadata; its message is not.
    let envoy = "[2026-12-01 03:29:59.340][5100][warning][wasm] [source/context.cc:1154] wasm log";
    let clean = without_noise(envoy, false);
    assert!(!contains_token(&clean, "5100") && !contains_token(&clean, "340"));
    assert!(contains_token(
        &without_noise(&format!("{envoy} lag 5100"), false),
        "5100"
    ));
}
