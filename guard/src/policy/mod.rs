//! The contract between the Envoy filter and the control service, and the filter's decisions that
//! need no host. Both processes compile against these types, so a change to a wire shape or a
//! header name is a compile error on both sides, not only an end-to-end failure.
//!
//! * [`config`]: the filter's JSON configuration ([`FilterConfig::parse`]).
//! * [`route`]: the classification of a request (method + path) into a surface.
//! * [`identity`]: the identity read from the verified token payload, the principal, and the
//!   `x-orrery-learning-*` header names the filter sets and the control service reads.
//! * [`wire`]: the shared-data record formats (inside Envoy) and the watch, hint and event
//!   bodies (between the filter and the control service, docs/api.md).
//!
//! The filter (`src/` of the workspace root) is a dispatcher from proxy-wasm callbacks to these
//! functions and to [`crate::surfaces`] / [`crate::sse`], so everything here is tested natively.
//! Every item is re-exported here, so `policy::X` names it whichever module owns it.
//!
//! Invariants:
//! * [`FilterConfig::parse`] rejects unknown fields and partial learning configs; its error names
//!   the field or the problem, never a configured value (an inline proxy secret, refused, is dropped unread).
//! * [`RoutePolicy::classify`] fails closed: a path it cannot read plainly (percent-escapes, `..`,
//!   `//`, backslashes, odd case, a trailing slash) is never a lighter surface than
//!   [`Surface::Other`](crate::surfaces::Surface::Other) (scrubbed), and an admin/Studio prefix is
//!   denied however it is spelled.
//! * [`Route::is_public`] names the routes jwt_authn lets through without a token (probes,
//!   learning assets, console pages): on them the filter reads no identity from the payload
//!   header, which a client could have written itself.
//! * A level record of another levels epoch or another scenario reads as `default_disclosure`
//!   ([`LevelRecord::level_for`]).
//! * A probe cool-down ([`ProbeRecord::cooldown_left_ms`]) only ever takes a turn away from the
//!   learner (a fixed reply instead of Orrery's); an unreadable or foreign record means no
//!   cool-down, and the guard applies as always. It never changes a level.
//!
//! Dependencies run one way: `config` → `route`, `identity`; `route`, `identity` and `wire` use
//! nothing else of this module.
//!
//! ```
//! use orrery_learning_guard::policy::{RoutePolicy, Route};
//! use orrery_learning_guard::surfaces::Surface;
//! let p = RoutePolicy::default();
//! assert_eq!(p.classify("POST", "/chat?x=1"), Route::Guarded(Surface::Chat));
//! assert_eq!(p.classify("GET", "/ADMIN/users"), Route::Deny(orrery_learning_guard::policy::DenyReason::Admin));
//! ```
pub mod config;
pub mod identity;
pub mod route;
pub mod wire;

pub use config::*;
pub use identity::*;
pub use route::*;
pub use wire::*;

/// A minimal filter configuration with `extra` appended to its top-level object.
#[cfg(test)]
fn cfg_json(extra: &str) -> String {
    format!(
        r#"{{"role":"filter","control":{{"cluster":"learning_control","proxy_secret_env":"ORRERY_LEARNING_PROXY_SECRET"}}{extra}}}"#
    )
}
