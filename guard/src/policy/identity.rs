//! Who is asking: the identity read from the token payload `jwt_authn` verified (subject,
//! principal kind, instructor), the base64url decoding it needs, and the `x-orrery-learning-*`
//! header names through which the filter hands the identity to the control service. The
//! control service reads the same names and the same [`Principal`] words.
//!
//! How a token's claims map to a principal is configurable ([`IdentityConfig`]: the subject
//! claim, and claim rules for human, delegated and service principals, with dotted paths into
//! nested claims), because real identity providers issue none of the demo's claims.
//!
//! An identity is only ever read from a payload `jwt_authn` wrote: see
//! [`RoutePolicy::reads_identity`](super::RoutePolicy::reads_identity).
use serde::Deserialize;

/// Every header of this prefix is the filter's: client-sent copies are removed.
pub const LEARNING_HEADER_PREFIX: &str = "x-orrery-learning-";
pub const LEVEL_HEADER: &str = "x-orrery-learning-level";
pub const SCENARIO_HEADER: &str = "x-orrery-learning-scenario";
pub const SUBJECT_HEADER: &str = "x-orrery-learning-subject";
pub const PRINCIPAL_HEADER: &str = "x-orrery-learning-principal";
pub const SECRET_HEADER: &str = "x-orrery-learning-proxy-secret";
/// `true` on a request to the control service from a verified human instructor
/// ([`InstructorClaim`]); never sent otherwise (a client's copy is stripped with the prefix).
pub const INSTRUCTOR_HEADER: &str = "x-orrery-learning-instructor";
/// The header `jwt_authn` writes the verified token payload to, unless
/// `identity.payload_header` names another (the lint reads the same default).
pub const DEFAULT_PAYLOAD_HEADER: &str = "x-orrery-jwt-payload";

/// The kind of principal a verified token names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Principal {
    Human,
    Delegated,
    Service,
    Unknown,
}

impl Principal {
    /// The principal an `x-orrery-learning-principal` value names, compared exactly (only the
    /// words [`Principal::as_str`] writes); anything else, or no header, is `Unknown`.
    pub fn from_header(value: Option<&[u8]>) -> Principal {
        match value {
            Some(b"human") => Principal::Human,
            Some(b"delegated") => Principal::Delegated,
            Some(b"service") => Principal::Service,
            _ => Principal::Unknown,
        }
    }

    /// The header value (`x-orrery-learning-principal`).
    pub fn as_str(self) -> &'static str {
        match self {
            Principal::Human => "human",
            Principal::Delegated => "delegated",
            Principal::Service => "service",
            Principal::Unknown => "unknown",
        }
    }
}

/// Who is asking, from the payload `jwt_authn` verified.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Identity {
    pub subject: String,
    pub principal: Principal,
    /// A `human` whose payload matches the configured [`InstructorClaim`].
    pub instructor: bool,
}

/// Longest subject accepted (a longer one is treated as no identity).
pub const MAX_SUBJECT_LEN: usize = 256;

/// A path into the verified JWT payload: a dotted string (`realm_access.roles`, as Orrery's
/// `JWT_ROLE_CLAIM` reads it) or, for a claim name that itself holds dots (Auth0's namespaced
/// `https://example.com/roles`), an array of names (`["https://example.com/roles"]`).
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(untagged)]
pub enum ClaimPath {
    Dotted(String),
    Names(Vec<String>),
}

impl ClaimPath {
    fn names(&self) -> Vec<&str> {
        match self {
            ClaimPath::Dotted(s) => s.split('.').collect(),
            ClaimPath::Names(v) => v.iter().map(String::as_str).collect(),
        }
    }

    /// The value at this path, when every segment on the way is an object member.
    pub fn find<'a>(&self, payload: &'a serde_json::Value) -> Option<&'a serde_json::Value> {
        let mut at = payload;
        for seg in self.names() {
            at = at.as_object()?.get(seg)?;
        }
        Some(at)
    }

    fn check(&self) -> bool {
        let names = self.names();
        !names.is_empty()
            && names.len() <= 16
            && names.iter().all(|n| !n.is_empty() && n.len() <= 256)
    }
}

/// One rule of the principal mapping: the payload holds `value` at `claim` (that string, or an
/// array holding it); without `value`, the claim is present and neither `null`, `false`, `""`
/// nor empty (an RFC 8693 `act` object, Entra's `scp`).
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ClaimMatch {
    pub claim: ClaimPath,
    #[serde(default)]
    pub value: Option<String>,
}

impl ClaimMatch {
    fn new(claim: &str, value: Option<&str>) -> ClaimMatch {
        ClaimMatch {
            claim: ClaimPath::Dotted(claim.into()),
            value: value.map(str::to_string),
        }
    }

    pub fn matches(&self, payload: &serde_json::Value) -> bool {
        use serde_json::Value as V;
        let Some(at) = self.claim.find(payload) else {
            return false;
        };
        match (&self.value, at) {
            (Some(want), V::String(s)) => s == want,
            (Some(want), V::Array(items)) => items.iter().any(|i| i.as_str() == Some(want)),
            (Some(_), _) => false,
            (None, V::Null | V::Bool(false)) => false,
            (None, V::String(s)) => !s.is_empty(),
            (None, V::Array(a)) => !a.is_empty(),
            (None, V::Object(o)) => !o.is_empty(),
            (None, _) => true,
        }
    }

    fn check(&self) -> bool {
        self.claim.check()
            && self
                .value
                .as_ref()
                .is_none_or(|v| !v.is_empty() && v.len() <= 256)
    }
}

/// Where the verified identity comes from and how a principal's kind is read from its claims
/// (the `identity` object of the filter configuration). Orrery's own JWT layer issues none of
/// the demo's claims, so a lab maps its identity provider's token shape here (examples for
/// Keycloak, Entra ID and Auth0: `guard/tests/fixtures/identity/`).
///
/// The kind is decided in this order, so that a token matching two rules gets the lesser one:
/// a `delegation` rule → delegated; a `service` rule → service; a `human` rule → human; none →
/// unknown (no hint: fail closed).
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct IdentityConfig {
    /// The header `jwt_authn` writes the token payload to (`forward_payload_header`).
    #[serde(default = "default_payload_header")]
    pub payload_header: String,
    /// The claim naming the learner (default `sub`; Entra ID: `oid`). A token without it has
    /// no identity: default level, no hint.
    #[serde(default = "default_subject")]
    pub subject: ClaimPath,
    /// What marks a person (any rule). Required non-empty: a configuration that names no way
    /// to recognise a human is refused, since then nobody could ever take a hint.
    #[serde(default = "default_human")]
    pub human: Vec<ClaimMatch>,
    /// What marks an agent acting for a person (default: an RFC 8693 `act` claim).
    #[serde(default = "default_delegation")]
    pub delegation: Vec<ClaimMatch>,
    /// What marks a service principal (client credentials: `azp`/`gty`, a `roles` entry, …).
    #[serde(default = "default_service")]
    pub service: Vec<ClaimMatch>,
    /// The claim that makes a verified human an instructor (`GET /learning/report`).
    #[serde(default)]
    pub instructor: InstructorClaim,
}

fn default_payload_header() -> String {
    DEFAULT_PAYLOAD_HEADER.into()
}
fn default_subject() -> ClaimPath {
    ClaimPath::Dotted("sub".into())
}
// The demo issuer's claims (`orrery-standin token`).
fn default_human() -> Vec<ClaimMatch> {
    vec![ClaimMatch::new("principal_kind", Some("human"))]
}
fn default_delegation() -> Vec<ClaimMatch> {
    vec![ClaimMatch::new("act", None)]
}
fn default_service() -> Vec<ClaimMatch> {
    vec![ClaimMatch::new("principal_kind", Some("service"))]
}

impl Default for IdentityConfig {
    fn default() -> Self {
        IdentityConfig {
            payload_header: default_payload_header(),
            subject: default_subject(),
            human: default_human(),
            delegation: default_delegation(),
            service: default_service(),
            instructor: InstructorClaim::default(),
        }
    }
}

impl IdentityConfig {
    /// The mapping's part of the configuration check: the field and the problem, never a value.
    pub(super) fn check(&self) -> Result<(), &'static str> {
        if !self.subject.check() {
            return Err("identity.subject must be a claim path of non-empty names");
        }
        if self.human.is_empty() {
            return Err("identity.human names no way to recognise a human (nobody could take a hint): add a claim rule");
        }
        for (list, msg) in [
            (&self.human, "identity.human: each rule needs a claim path of non-empty names and, if given, a value of 1 to 256 bytes"),
            (&self.delegation, "identity.delegation: each rule needs a claim path of non-empty names and, if given, a value of 1 to 256 bytes"),
            (&self.service, "identity.service: each rule needs a claim path of non-empty names and, if given, a value of 1 to 256 bytes"),
        ] {
            if list.len() > 32 || !list.iter().all(ClaimMatch::check) {
                return Err(msg);
            }
        }
        self.instructor.check()
    }

    /// Read the identity from the base64url JSON payload header. `None` when the header is not
    /// a payload with a usable subject (then the request has no subject: default level, no
    /// hint). `instructor` is set for a human whose payload matches [`InstructorClaim`].
    pub fn read(&self, header: &str) -> Option<Identity> {
        let bytes = base64url_decode(header.trim())?;
        let v: serde_json::Value = serde_json::from_slice(&bytes).ok()?;
        let sub = self.subject.find(&v)?.as_str()?;
        if sub.is_empty() || sub.len() > MAX_SUBJECT_LEN || sub.chars().any(|c| c.is_control()) {
            return None;
        }
        let any = |rules: &[ClaimMatch]| rules.iter().any(|r| r.matches(&v));
        let principal = if any(&self.delegation) {
            Principal::Delegated
        } else if any(&self.service) {
            Principal::Service
        } else if any(&self.human) {
            Principal::Human
        } else {
            Principal::Unknown
        };
        let instructor = principal == Principal::Human && self.instructor.matches(&v);
        Some(Identity {
            subject: sub.to_string(),
            principal,
            instructor,
        })
    }
}

/// [`IdentityConfig::read`] with the default mapping (the demo issuer's claims): `act` →
/// delegated; `principal_kind: "service"` → service; `"human"` → human. `instructor` is never
/// set here.
pub fn identity_from_payload(header: &str) -> Option<Identity> {
    let cfg = IdentityConfig::default();
    let mut id = cfg.read(header)?;
    id.instructor = false;
    Some(id)
}

/// As [`identity_from_payload`], and `instructor` set when `claim` is given, the payload
/// matches it and the principal is human (a delegated agent or a service is never an
/// instructor).
pub fn identity_with_instructor(header: &str, claim: Option<&InstructorClaim>) -> Option<Identity> {
    let cfg = IdentityConfig {
        instructor: claim.cloned().unwrap_or_default(),
        ..IdentityConfig::default()
    };
    let mut id = cfg.read(header)?;
    id.instructor &= claim.is_some();
    Some(id)
}

/// base64url (or standard base64), padding optional.
fn base64url_decode(s: &str) -> Option<Vec<u8>> {
    let mut out = Vec::with_capacity(s.len() * 3 / 4);
    let mut acc: u32 = 0;
    let mut bits = 0u32;
    for c in s.bytes() {
        let v = match c {
            b'A'..=b'Z' => c - b'A',
            b'a'..=b'z' => c - b'a' + 26,
            b'0'..=b'9' => c - b'0' + 52,
            b'-' | b'+' => 62,
            b'_' | b'/' => 63,
            b'=' => break,
            _ => return None,
        };
        acc = (acc << 6) | u32::from(v);
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push((acc >> bits) as u8);
            acc &= (1 << bits) - 1;
        }
    }
    Some(out)
}

/// The learning block's `can_take_hint`: a human principal below the top level.
pub fn can_take_hint(level: u8, principal: Option<Principal>) -> bool {
    level < crate::MAX_LEVEL && principal == Some(Principal::Human)
}

/// Who is an instructor: the verified token payload holds `value` at the dotted path `claim`
/// (e.g. `role`, `realm_access.roles`), either as that string or in an array of strings.
/// Default: `{"claim": "role", "value": "instructor"}`. Only a `human` principal counts
/// ([`Identity::instructor`]).
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct InstructorClaim {
    pub claim: String,
    pub value: String,
}

impl Default for InstructorClaim {
    fn default() -> Self {
        InstructorClaim {
            claim: "role".into(),
            value: "instructor".into(),
        }
    }
}

impl InstructorClaim {
    /// Whether `payload` (the verified JWT payload) names an instructor: the value at the dotted
    /// path is a string equal to `value`, or an array holding that string. Any other shape, a
    /// missing segment or a non-object on the way is no match.
    pub fn matches(&self, payload: &serde_json::Value) -> bool {
        let mut at = payload;
        for seg in self.claim.split('.') {
            match at.get(seg) {
                Some(v) if at.is_object() => at = v,
                _ => return false,
            }
        }
        match at {
            serde_json::Value::String(s) => *s == self.value,
            serde_json::Value::Array(items) => items
                .iter()
                .any(|i| i.as_str().is_some_and(|s| s == self.value)),
            _ => false,
        }
    }

    pub(super) fn check(&self) -> Result<(), &'static str> {
        if self.claim.is_empty()
            || self.claim.len() > 256
            || self.claim.split('.').any(str::is_empty)
        {
            return Err("identity.instructor.claim must be a dotted path of non-empty names");
        }
        if self.value.is_empty() || self.value.len() > 256 {
            return Err("identity.instructor.value must be 1 to 256 bytes");
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn b64(json: &str) -> String {
        // Minimal base64url encoder for the tests.
        const A: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
        let b = json.as_bytes();
        let mut out = String::new();
        for chunk in b.chunks(3) {
            let n = chunk.iter().fold(0u32, |a, x| (a << 8) | *x as u32) << (8 * (3 - chunk.len()));
            for i in 0..=chunk.len() {
                out.push(A[((n >> (18 - 6 * i)) & 63) as usize] as char);
            }
        }
        out
    }

    #[test]
    fn identity_table() {
        let cases: &[(&str, Option<(&str, Principal)>)] = &[
            (
                r#"{"sub":"alice","principal_kind":"human"}"#,
                Some(("alice", Principal::Human)),
            ),
            (
                r#"{"sub":"alice","principal_kind":"human","act":{"sub":"bot"}}"#,
                Some(("alice", Principal::Delegated)),
            ),
            (
                r#"{"sub":"alice","act":{"sub":"bot"}}"#,
                Some(("alice", Principal::Delegated)),
            ),
            (
                r#"{"sub":"alice","act":null,"principal_kind":"human"}"#,
                Some(("alice", Principal::Human)),
            ),
            (
                r#"{"sub":"svc","principal_kind":"service"}"#,
                Some(("svc", Principal::Service)),
            ),
            (r#"{"sub":"alice"}"#, Some(("alice", Principal::Unknown))),
            (
                r#"{"sub":"alice","principal_kind":"HUMAN"}"#,
                Some(("alice", Principal::Unknown)),
            ),
            (
                r#"{"sub":"alice","principal_kind":7}"#,
                Some(("alice", Principal::Unknown)),
            ),
            (r#"{"sub":""}"#, None),
            (r#"{"sub":7}"#, None),
            (r#"{"principal_kind":"human"}"#, None),
            (r#"{"sub":"a\nb","principal_kind":"human"}"#, None),
            ("[]", None),
            ("not json", None),
        ];
        for (json, want) in cases {
            let got = identity_from_payload(&b64(json));
            let want = want.map(|(s, p)| Identity {
                subject: s.into(),
                principal: p,
                instructor: false,
            });
            assert_eq!(got, want, "{json}");
        }
        assert_eq!(identity_from_payload("!!!"), None);
        let long = format!(
            r#"{{"sub":"{}","principal_kind":"human"}}"#,
            "a".repeat(300)
        );
        assert_eq!(identity_from_payload(&b64(&long)), None);
        // Padded standard base64 is accepted too.
        let padded = "eyJzdWIiOiJhIn0="; // {"sub":"a"}
        assert_eq!(identity_from_payload(padded).unwrap().subject, "a");
    }

    #[test]
    fn hint_permission() {
        assert!(can_take_hint(0, Some(Principal::Human)));
        assert!(can_take_hint(2, Some(Principal::Human)));
        assert!(!can_take_hint(3, Some(Principal::Human)));
        assert!(!can_take_hint(0, Some(Principal::Delegated)));
        assert!(!can_take_hint(0, Some(Principal::Service)));
        assert!(!can_take_hint(0, Some(Principal::Unknown)));
        assert!(!can_take_hint(0, None));
    }

    #[test]
    fn instructor_claim_matches_strings_and_arrays_at_a_dotted_path() {
        let role = InstructorClaim::default();
        assert_eq!(role.claim, "role");
        assert_eq!(role.value, "instructor");
        let realm = InstructorClaim {
            claim: "realm_access.roles".into(),
            value: "instructor".into(),
        };
        let cases: &[(&InstructorClaim, &str, bool)] = &[
            (&role, r#"{"role":"instructor"}"#, true),
            (&role, r#"{"role":["learner","instructor"]}"#, true),
            (&role, r#"{"role":"Instructor"}"#, false),
            (&role, r#"{"role":"instructors"}"#, false),
            (&role, r#"{"role":["learner"]}"#, false),
            (&role, r#"{"role":[["instructor"]]}"#, false),
            (&role, r#"{"role":{"instructor":true}}"#, false),
            (&role, r#"{"role":null}"#, false),
            (&role, r#"{"roles":"instructor"}"#, false),
            (&role, r#"{}"#, false),
            (&role, r#"["instructor"]"#, false),
            (&realm, r#"{"realm_access":{"roles":["instructor"]}}"#, true),
            (&realm, r#"{"realm_access":{"roles":"instructor"}}"#, true),
            (&realm, r#"{"realm_access":["instructor"]}"#, false),
            (&realm, r#"{"realm_access":"instructor"}"#, false),
            (&realm, r#"{"realm_access.roles":"instructor"}"#, false),
            (
                &realm,
                r#"{"realm_access":{"roles":{"x":"instructor"}}}"#,
                false,
            ),
        ];
        for (claim, json, want) in cases {
            let v: serde_json::Value = serde_json::from_str(json).unwrap();
            assert_eq!(claim.matches(&v), *want, "{} in {json}", claim.claim);
        }
    }

    #[test]
    fn only_a_human_with_the_claim_is_an_instructor() {
        let claim = InstructorClaim::default();
        let cases = [
            (
                r#"{"sub":"ann","principal_kind":"human","role":"instructor"}"#,
                true,
            ),
            (
                r#"{"sub":"ann","principal_kind":"human","role":"learner"}"#,
                false,
            ),
            (r#"{"sub":"ann","principal_kind":"human"}"#, false),
            (
                r#"{"sub":"ann","principal_kind":"human","role":"instructor","act":{"sub":"bot"}}"#,
                false,
            ),
            (
                r#"{"sub":"ann","principal_kind":"service","role":"instructor"}"#,
                false,
            ),
            (r#"{"sub":"ann","role":"instructor"}"#, false),
        ];
        for (json, want) in cases {
            let id = identity_with_instructor(&b64(json), Some(&claim)).unwrap();
            assert_eq!(id.instructor, want, "{json}");
            // Without a claim configured nobody is.
            assert!(!identity_from_payload(&b64(json)).unwrap().instructor);
        }
    }

    #[test]
    fn principal_words_round_trip_exactly() {
        for p in [Principal::Human, Principal::Delegated, Principal::Service] {
            assert_eq!(Principal::from_header(Some(p.as_str().as_bytes())), p);
        }
        assert_eq!(Principal::from_header(Some(b"Human")), Principal::Unknown);
        assert_eq!(Principal::from_header(Some(b"unknown")), Principal::Unknown);
        assert_eq!(Principal::from_header(None), Principal::Unknown);
    }
}
