//! The error answer every endpoint gives (docs/api.md): a status, `{"error": "<text>"}`, and for
//! a rate limit a `Retry-After`. [`ApiError`] is what handlers and extractors return instead of
//! building responses by hand. Each text is a `&'static str`: no request input, target value or
//! secret can reach an error body.

use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;

/// A refused request.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ApiError {
    /// `401 {"error": "unauthenticated"}`: no accepted proxy secret (or report bearer token).
    Unauthenticated,
    /// `400`: a malformed query or body, named by a fixed text.
    BadRequest(&'static str),
    /// `403`: authenticated, but not the caller this endpoint serves.
    Forbidden(&'static str),
    /// `404`: an endpoint this service was not configured for.
    NotFound(&'static str),
    /// `429 {"error": "rate limited"}` with `Retry-After: <seconds>`.
    RateLimited { retry_after_secs: u64 },
}

impl ApiError {
    pub fn status(self) -> StatusCode {
        match self {
            ApiError::Unauthenticated => StatusCode::UNAUTHORIZED,
            ApiError::BadRequest(_) => StatusCode::BAD_REQUEST,
            ApiError::Forbidden(_) => StatusCode::FORBIDDEN,
            ApiError::NotFound(_) => StatusCode::NOT_FOUND,
            ApiError::RateLimited { .. } => StatusCode::TOO_MANY_REQUESTS,
        }
    }

    /// The body's `error` text.
    pub fn message(self) -> &'static str {
        match self {
            ApiError::Unauthenticated => "unauthenticated",
            ApiError::BadRequest(m) | ApiError::Forbidden(m) | ApiError::NotFound(m) => m,
            ApiError::RateLimited { .. } => "rate limited",
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let mut resp = (
            self.status(),
            Json(serde_json::json!({ "error": self.message() })),
        )
            .into_response();
        if let ApiError::RateLimited { retry_after_secs } = self {
            resp.headers_mut()
                .insert(header::RETRY_AFTER, HeaderValue::from(retry_after_secs));
        }
        resp
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    async fn parts(e: ApiError) -> (StatusCode, Option<String>, String) {
        let resp = e.into_response();
        let status = resp.status();
        let retry = resp
            .headers()
            .get(header::RETRY_AFTER)
            .map(|v| v.to_str().unwrap().to_string());
        let body = axum::body::to_bytes(resp.into_body(), 1024).await.unwrap();
        (status, retry, String::from_utf8(body.to_vec()).unwrap())
    }

    #[tokio::test]
    async fn statuses_bodies_and_retry_after() {
        let cases = [
            (
                ApiError::Unauthenticated,
                401,
                None,
                r#"{"error":"unauthenticated"}"#,
            ),
            (
                ApiError::BadRequest("invalid limit"),
                400,
                None,
                r#"{"error":"invalid limit"}"#,
            ),
            (
                ApiError::Forbidden("instructor required"),
                403,
                None,
                r#"{"error":"instructor required"}"#,
            ),
            (
                ApiError::NotFound("report endpoint not configured"),
                404,
                None,
                r#"{"error":"report endpoint not configured"}"#,
            ),
            (
                ApiError::RateLimited {
                    retry_after_secs: 17,
                },
                429,
                Some("17"),
                r#"{"error":"rate limited"}"#,
            ),
        ];
        for (e, status, retry, body) in cases {
            let got = parts(e).await;
            assert_eq!(got.0.as_u16(), status, "{e:?}");
            assert_eq!(got.1.as_deref(), retry, "{e:?}");
            assert_eq!(got.2, body, "{e:?}");
        }
    }
}
