//! The learner console assets (AEP-032 §1, §3; DESIGN.md "web/ badge, Hint button"): the
//! overlay script `GET /learning/console.js`, which the filter injects into Orrery's HTML pages
//! (badge, level, Hint button), and the standalone learner page `GET /learning/`, a minimal chat
//! plus the overlay for labs without Orrery's console. Both are static files compiled in from
//! `control/assets/`; they carry no values, no identity and no secret, so they need neither the
//! proxy secret nor a token (Envoy's jwt_authn exempts both paths too).

use axum::http::{header, HeaderValue};
use axum::response::{IntoResponse, Response};

/// The overlay script (control/assets/console.js).
pub const CONSOLE_JS: &str = include_str!("../assets/console.js");
/// The standalone learner page (control/assets/learner.html).
pub const LEARNER_HTML: &str = include_str!("../assets/learner.html");

/// Where the overlay script is served (the tag the filter injects names it).
pub const CONSOLE_JS_PATH: &str = "/learning/console.js";
/// Where the learner page is served.
pub const LEARNER_PATH: &str = "/learning/";

// A lab can be re-seeded or upgraded under a learner: revalidate rather than cache for long.
const CACHE: &str = "no-cache";

fn asset(content_type: &'static str, body: &'static str) -> Response {
    (
        [
            (header::CONTENT_TYPE, HeaderValue::from_static(content_type)),
            (header::CACHE_CONTROL, HeaderValue::from_static(CACHE)),
            (
                header::X_CONTENT_TYPE_OPTIONS,
                HeaderValue::from_static("nosniff"),
            ),
        ],
        body,
    )
        .into_response()
}

/// `GET /learning/console.js`.
pub async fn console_js() -> Response {
    asset("text/javascript; charset=utf-8", CONSOLE_JS)
}

/// `GET /learning/`.
pub async fn learner_page() -> Response {
    let mut r = asset("text/html; charset=utf-8", LEARNER_HTML);
    // The page is only ever a top-level learner page, never framed by another origin.
    r.headers_mut().insert(
        header::HeaderName::from_static("x-frame-options"),
        HeaderValue::from_static("DENY"),
    );
    r
}

#[cfg(test)]
mod tests {
    use super::*;
    use orrery_learning_guard::console::{inject_overlay, OVERLAY_SRC};

    #[test]
    fn the_learner_page_loads_the_overlay_the_filter_would_inject() {
        assert_eq!(CONSOLE_JS_PATH, OVERLAY_SRC);
        assert!(LEARNER_HTML.contains("<script src=\"/learning/console.js\" defer></script>"));
        // So the filter, were it to see this page, would not add a second copy.
        assert_eq!(inject_overlay(LEARNER_HTML.as_bytes()), None);
    }

    #[test]
    fn the_overlay_talks_only_to_me_and_the_hint_endpoint() {
        let urls: Vec<&str> = CONSOLE_JS
            .lines()
            .filter(|l| l.contains("fetch("))
            .collect();
        assert_eq!(urls.len(), 2, "{urls:?}");
        assert!(CONSOLE_JS.contains("var ME = \"/me\";"));
        assert!(CONSOLE_JS.contains("var HINT = \"/learning/hint\";"));
        // The one namespaced global, and the token key Orrery's console uses.
        assert!(CONSOLE_JS.contains("\"OrreryLearning\""));
        assert!(CONSOLE_JS.contains("\"orrery-token\""));
    }

    #[tokio::test]
    async fn assets_are_served_with_their_types() {
        for (resp, ty, len) in [
            (
                console_js().await,
                "text/javascript; charset=utf-8",
                CONSOLE_JS.len(),
            ),
            (
                learner_page().await,
                "text/html; charset=utf-8",
                LEARNER_HTML.len(),
            ),
        ] {
            assert_eq!(resp.status(), 200);
            assert_eq!(resp.headers()[header::CONTENT_TYPE], ty);
            assert_eq!(resp.headers()[header::X_CONTENT_TYPE_OPTIONS], "nosniff");
            let body = axum::body::to_bytes(resp.into_body(), 1 << 20)
                .await
                .unwrap();
            assert_eq!(body.len(), len);
        }
    }
}
