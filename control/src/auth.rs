//! Who may call what (docs/api.md "Authentication"): the proxy secret the Envoy filter adds
//! (compared in constant time, checked by the [`ProxyAuth`] extractor against the secrets in
//! force, see [`crate::secret`]), the identity headers the filter sets from the verified token,
//! trusted only together with that secret, the instructor claim, and the lab platform's report
//! bearer token.

use crate::config::Secret;
use crate::state::AppState;
use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use std::sync::Arc;

/// The header names and the principal words are the filter's own (`policy::identity`).
pub use orrery_learning_guard::policy::{
    Principal, INSTRUCTOR_HEADER, PRINCIPAL_HEADER, SECRET_HEADER as PROXY_SECRET_HEADER,
    SUBJECT_HEADER,
};
/// The longest subject accepted: the longest the filter sends.
pub const MAX_SUBJECT_BYTES: usize = orrery_learning_guard::policy::MAX_SUBJECT_LEN;

/// Equal in time independent of where the inputs differ (the length is not secret).
pub fn ct_eq(a: &[u8], b: &[u8]) -> bool {
    if a.len() != b.len() {
        return false;
    }
    let diff = a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y));
    std::hint::black_box(diff) == 0
}

/// Proof that the request carries an accepted proxy secret: an extractor, so a handler that
/// takes it cannot run without it. Rejection: `401 {"error": "unauthenticated"}`.
pub struct ProxyAuth;

/// The rejection of [`ProxyAuth`].
pub struct Unauthenticated;

impl IntoResponse for Unauthenticated {
    fn into_response(self) -> Response {
        (
            StatusCode::UNAUTHORIZED,
            axum::Json(serde_json::json!({ "error": "unauthenticated" })),
        )
            .into_response()
    }
}

#[axum::async_trait]
impl FromRequestParts<Arc<AppState>> for ProxyAuth {
    type Rejection = Unauthenticated;

    async fn from_request_parts(
        parts: &mut Parts,
        state: &Arc<AppState>,
    ) -> Result<ProxyAuth, Unauthenticated> {
        if state.proxy_secret_ok(&parts.headers) {
            Ok(ProxyAuth)
        } else {
            Err(Unauthenticated)
        }
    }
}

/// Whether a proxy-secret header is present at all (valid or not).
pub fn sends_proxy_secret(headers: &HeaderMap) -> bool {
    headers.contains_key(PROXY_SECRET_HEADER)
}

/// Whether `Authorization: Bearer <token>` matches.
pub fn has_bearer(headers: &HeaderMap, token: &Secret) -> bool {
    headers
        .get(axum::http::header::AUTHORIZATION)
        .and_then(|v| v.as_bytes().strip_prefix(b"Bearer "))
        .is_some_and(|t| ct_eq(t, token.as_bytes()))
}

/// Why a hint caller is refused (after the proxy secret passed).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum IdentityError {
    NotHuman,
    NoSubject,
}

/// The caller's principal kind, as the filter established it from the verified token.
pub fn principal(headers: &HeaderMap) -> Principal {
    Principal::from_header(headers.get(PRINCIPAL_HEADER).map(|v| v.as_bytes()))
}

/// Whether the filter marked the caller as a human instructor (both headers exact).
pub fn is_instructor(headers: &HeaderMap) -> bool {
    principal(headers) == Principal::Human
        && headers
            .get(INSTRUCTOR_HEADER)
            .is_some_and(|v| v.as_bytes() == b"true")
}

/// The verified human subject behind a hint press.
pub fn human_subject(headers: &HeaderMap) -> Result<String, IdentityError> {
    if principal(headers) != Principal::Human {
        return Err(IdentityError::NotHuman);
    }
    let subject = headers
        .get(SUBJECT_HEADER)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("");
    if subject.is_empty() || subject.len() > MAX_SUBJECT_BYTES {
        return Err(IdentityError::NoSubject);
    }
    Ok(subject.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ct_eq_table() {
        let cases: [(&[u8], &[u8], bool); 5] = [
            (b"abc", b"abc", true),
            (b"abc", b"abd", false),
            (b"abc", b"ab", false),
            (b"", b"", true),
            (b"xbc", b"abc", false),
        ];
        for (a, b, want) in cases {
            assert_eq!(ct_eq(a, b), want, "{a:?} {b:?}");
        }
    }

    #[test]
    fn only_a_human_marked_instructor_is_one() {
        let cases = [
            (Some("human"), Some("true"), true),
            (Some("human"), Some("True"), false),
            (Some("human"), Some("1"), false),
            (Some("human"), None, false),
            (Some("delegated"), Some("true"), false),
            (Some("service"), Some("true"), false),
            (None, Some("true"), false),
        ];
        for (p, i, want) in cases {
            let mut h = HeaderMap::new();
            if let Some(p) = p {
                h.insert(PRINCIPAL_HEADER, p.parse().unwrap());
            }
            if let Some(i) = i {
                h.insert(INSTRUCTOR_HEADER, i.parse().unwrap());
            }
            assert_eq!(is_instructor(&h), want, "{p:?} {i:?}");
        }
    }

    #[test]
    fn only_a_human_with_a_subject_passes() {
        let cases = [
            (Some("human"), Some("alice"), Ok("alice".to_string())),
            (
                Some("delegated"),
                Some("alice"),
                Err(IdentityError::NotHuman),
            ),
            (Some("service"), Some("svc"), Err(IdentityError::NotHuman)),
            (Some("Human"), Some("alice"), Err(IdentityError::NotHuman)),
            (None, Some("alice"), Err(IdentityError::NotHuman)),
            (Some("human"), None, Err(IdentityError::NoSubject)),
            (Some("human"), Some(""), Err(IdentityError::NoSubject)),
        ];
        for (p, s, want) in cases {
            let mut h = HeaderMap::new();
            if let Some(p) = p {
                h.insert(PRINCIPAL_HEADER, p.parse().unwrap());
            }
            if let Some(s) = s {
                h.insert(SUBJECT_HEADER, s.parse().unwrap());
            }
            assert_eq!(human_subject(&h), want, "{p:?} {s:?}");
        }
    }
}
