//! Who may call what (docs/api.md "Authentication"), as extractors, so a handler that takes one
//! cannot run without it. [`ProxyCaller`]: the proxy secret the Envoy filter adds (compared in
//! constant time against the secrets in force, see [`crate::secret`]) and the identity the
//! filter sets from the verified token (principal, subject, instructor claim), trusted only
//! together with that secret. [`LabPlatform`]: the lab platform's report bearer token.

use crate::error::ApiError;
use crate::secret::{ct_eq, Secret};
use crate::state::AppState;
use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use axum::http::HeaderMap;
use std::sync::Arc;

/// The header names and the principal words are the filter's own (`policy::identity`).
pub use orrery_learning_guard::policy::{
    Principal, INSTRUCTOR_HEADER, PRINCIPAL_HEADER, SECRET_HEADER as PROXY_SECRET_HEADER,
    SUBJECT_HEADER,
};
/// The longest subject accepted: the longest the filter sends.
pub const MAX_SUBJECT_BYTES: usize = orrery_learning_guard::policy::MAX_SUBJECT_LEN;

/// A request the Envoy filter sent: it carries an accepted proxy secret, so the identity below
/// is the one the filter established from the verified token. Rejection: `401`
/// [`ApiError::Unauthenticated`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProxyCaller {
    pub principal: Principal,
    /// The subject, when the filter sent a usable one (non-empty, at most
    /// [`MAX_SUBJECT_BYTES`]).
    pub subject: Option<String>,
    /// A human the filter marked as an instructor (both headers exact).
    pub instructor: bool,
}

impl ProxyCaller {
    /// The identity the filter set; trusted only once the proxy secret has been checked.
    pub fn from_identity_headers(headers: &HeaderMap) -> ProxyCaller {
        let principal = Principal::from_header(headers.get(PRINCIPAL_HEADER).map(|v| v.as_bytes()));
        let subject = headers
            .get(SUBJECT_HEADER)
            .and_then(|v| v.to_str().ok())
            .filter(|s| !s.is_empty() && s.len() <= MAX_SUBJECT_BYTES)
            .map(str::to_string);
        let instructor = principal == Principal::Human
            && headers
                .get(INSTRUCTOR_HEADER)
                .is_some_and(|v| v.as_bytes() == b"true");
        ProxyCaller {
            principal,
            subject,
            instructor,
        }
    }

    /// The verified human subject behind a hint press; `403` for anyone else.
    pub fn human_subject(&self) -> Result<&str, ApiError> {
        if self.principal != Principal::Human {
            return Err(ApiError::Forbidden("human principal required"));
        }
        self.subject
            .as_deref()
            .ok_or(ApiError::Forbidden("subject required"))
    }

    /// `403` unless the caller is an instructor.
    pub fn require_instructor(&self) -> Result<(), ApiError> {
        if self.instructor {
            Ok(())
        } else {
            Err(ApiError::Forbidden("instructor required"))
        }
    }
}

#[axum::async_trait]
impl FromRequestParts<Arc<AppState>> for ProxyCaller {
    type Rejection = ApiError;

    async fn from_request_parts(
        parts: &mut Parts,
        state: &Arc<AppState>,
    ) -> Result<ProxyCaller, ApiError> {
        if proxy_secret_ok(state, &parts.headers) {
            Ok(ProxyCaller::from_identity_headers(&parts.headers))
        } else {
            Err(ApiError::Unauthenticated)
        }
    }
}

/// The lab platform, for `GET /v1/report`: the report bearer token, and the proxy secret when
/// one is sent (through the gateway). Rejection: `404` when no report token is configured,
/// else `401`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LabPlatform;

#[axum::async_trait]
impl FromRequestParts<Arc<AppState>> for LabPlatform {
    type Rejection = ApiError;

    async fn from_request_parts(
        parts: &mut Parts,
        state: &Arc<AppState>,
    ) -> Result<LabPlatform, ApiError> {
        let Some(token) = &state.config.report_token else {
            return Err(ApiError::NotFound("report endpoint not configured"));
        };
        let headers = &parts.headers;
        let secret_ok =
            !headers.contains_key(PROXY_SECRET_HEADER) || proxy_secret_ok(state, headers);
        if secret_ok && has_bearer(headers, token) {
            Ok(LabPlatform)
        } else {
            Err(ApiError::Unauthenticated)
        }
    }
}

/// Whether the request carries an accepted proxy secret.
fn proxy_secret_ok(state: &AppState, headers: &HeaderMap) -> bool {
    headers
        .get(PROXY_SECRET_HEADER)
        .is_some_and(|v| state.accepts_proxy_secret(v.as_bytes()))
}

/// Whether `Authorization: Bearer <token>` matches.
fn has_bearer(headers: &HeaderMap, token: &Secret) -> bool {
    headers
        .get(axum::http::header::AUTHORIZATION)
        .and_then(|v| v.as_bytes().strip_prefix(b"Bearer "))
        .is_some_and(|t| ct_eq(t, token.as_bytes()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn caller(pairs: &[(&'static str, Option<&str>)]) -> ProxyCaller {
        let mut h = HeaderMap::new();
        for (name, value) in pairs {
            if let Some(v) = value {
                h.insert(*name, v.parse().unwrap());
            }
        }
        ProxyCaller::from_identity_headers(&h)
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
            let c = caller(&[(PRINCIPAL_HEADER, p), (INSTRUCTOR_HEADER, i)]);
            assert_eq!(c.instructor, want, "{p:?} {i:?}");
            let refused = Err(ApiError::Forbidden("instructor required"));
            assert_eq!(c.require_instructor(), if want { Ok(()) } else { refused });
        }
    }

    #[test]
    fn only_a_human_with_a_subject_passes() {
        let not_human = Err(ApiError::Forbidden("human principal required"));
        let no_subject = Err(ApiError::Forbidden("subject required"));
        let long = "s".repeat(MAX_SUBJECT_BYTES + 1);
        let cases = [
            (Some("human"), Some("alice"), Ok("alice")),
            (Some("delegated"), Some("alice"), not_human),
            (Some("service"), Some("svc"), not_human),
            (Some("Human"), Some("alice"), not_human),
            (None, Some("alice"), not_human),
            (Some("human"), None, no_subject),
            (Some("human"), Some(""), no_subject),
            (Some("human"), Some(long.as_str()), no_subject),
        ];
        for (p, s, want) in cases {
            let c = caller(&[(PRINCIPAL_HEADER, p), (SUBJECT_HEADER, s)]);
            assert_eq!(c.human_subject(), want, "{p:?} {s:?}");
        }
    }
}
