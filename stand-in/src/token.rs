//! Demo tokens for the demo stack: HS256 JWTs signed with a fixed, public, not-for-production key,
//! which Envoy's `jwt_authn` verifies against `examples/demo/jwks.json` (the same key as a JWK).
//! Also reads a bearer token's payload *unverified*, as the stand-in needs only the subject.
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use hmac::{Hmac, Mac};
use serde_json::{json, Value};
use sha2::Sha256;

/// The demo signing key (raw bytes). Public on purpose: it only ever signs demo tokens.
pub const DEMO_KEY: &[u8] = b"orrery-learning-demo-signing-key-not-for-production";
/// `iss` of every demo token; Envoy's demo config requires it.
pub const ISSUER: &str = "orrery-learning-demo";
/// `aud` of every demo token.
pub const AUDIENCE: &str = "orrery";
/// `act.sub` of a delegated token: the agent acting for the person.
pub const DELEGATE: &str = "orrery-agent";

/// The principal a token is minted for (AEP-032 §3: only a human may take a hint).
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Kind {
    /// A person: `principal_kind: "human"`.
    Human,
    /// An agent acting for a person: `principal_kind: "human"` plus an `act` claim.
    Delegated,
    /// A service principal: `principal_kind: "service"`.
    Service,
}

/// The claims of a demo token issued at `iat` (Unix seconds), valid for `ttl_seconds`.
pub fn claims(sub: &str, kind: Kind, iat: i64, ttl_seconds: i64) -> Value {
    let mut c = json!({
        "iss": ISSUER,
        "aud": AUDIENCE,
        "sub": sub,
        "iat": iat,
        "exp": iat + ttl_seconds,
        "principal_kind": if kind == Kind::Service { "service" } else { "human" },
    });
    if kind == Kind::Delegated {
        c["act"] = json!({ "sub": DELEGATE });
    }
    c
}

/// Signs `claims` as a compact HS256 JWT with `key`.
pub fn sign(claims: &Value, key: &[u8]) -> String {
    let header = URL_SAFE_NO_PAD.encode(br#"{"alg":"HS256","typ":"JWT"}"#);
    let payload = URL_SAFE_NO_PAD.encode(claims.to_string());
    let input = format!("{header}.{payload}");
    let sig = URL_SAFE_NO_PAD.encode(hmac_sha256(key, input.as_bytes()));
    format!("{input}.{sig}")
}

/// A demo-stack token for `sub`, issued now.
pub fn demo_token(sub: &str, kind: Kind, ttl_seconds: i64) -> String {
    demo_token_with_role(sub, kind, None, ttl_seconds)
}

/// A demo-stack token for `sub`, issued now, with a `role` claim when given (the learning
/// filter's default instructor claim is `"role": "instructor"`).
pub fn demo_token_with_role(sub: &str, kind: Kind, role: Option<&str>, ttl_seconds: i64) -> String {
    let now = crate::clock::unix_now() as i64;
    let mut c = claims(sub, kind, now, ttl_seconds);
    if let Some(r) = role {
        c["role"] = Value::String(r.to_string());
    }
    sign(&c, DEMO_KEY)
}

/// The demo JWKS document (`examples/demo/jwks.json`): the demo key as one `oct` JWK.
pub fn demo_jwks() -> Value {
    json!({"keys": [{"kty": "oct", "alg": "HS256", "k": URL_SAFE_NO_PAD.encode(DEMO_KEY)}]})
}

/// The payload of a compact JWT, decoded but NOT verified (the stand-in trusts its upstream).
pub fn unverified_payload(token: &str) -> Option<Value> {
    let payload = token.split('.').nth(1)?;
    let bytes = URL_SAFE_NO_PAD.decode(payload.trim_end_matches('=')).ok()?;
    serde_json::from_slice(&bytes).ok()
}

fn hmac_sha256(key: &[u8], data: &[u8]) -> Vec<u8> {
    // HMAC accepts keys of any length, so this cannot fail.
    let mut mac = match <Hmac<Sha256> as Mac>::new_from_slice(key) {
        Ok(m) => m,
        Err(_) => unreachable!("HMAC takes any key length"),
    };
    mac.update(data);
    mac.finalize().into_bytes().to_vec()
}

#[cfg(test)]
mod tests {
    use super::*;

    const JWKS_FILE: &str = include_str!("../../examples/demo/jwks.json");

    /// Verifies a token the way a relying party does: key from the JWKS file, HMAC over h.p.
    fn verify_with_jwks_file(token: &str) -> Value {
        let jwks: Value = serde_json::from_str(JWKS_FILE).unwrap();
        let jwk = &jwks["keys"][0];
        assert_eq!(jwk["kty"], "oct");
        assert_eq!(jwk["alg"], "HS256");
        let key = URL_SAFE_NO_PAD.decode(jwk["k"].as_str().unwrap()).unwrap();
        let (input, sig) = token.rsplit_once('.').unwrap();
        let mut mac = <Hmac<Sha256> as Mac>::new_from_slice(&key).unwrap();
        mac.update(input.as_bytes());
        mac.verify_slice(&URL_SAFE_NO_PAD.decode(sig).unwrap())
            .expect("signature verifies with the JWKS key");
        let header: Value = serde_json::from_slice(
            &URL_SAFE_NO_PAD
                .decode(input.split('.').next().unwrap())
                .unwrap(),
        )
        .unwrap();
        assert_eq!(header["alg"], "HS256");
        unverified_payload(token).unwrap()
    }

    #[test]
    fn jwks_file_holds_the_demo_key() {
        let file: Value = serde_json::from_str(JWKS_FILE).unwrap();
        assert_eq!(file, demo_jwks());
        let k = file["keys"][0]["k"].as_str().unwrap();
        assert!(!k.contains('='), "no padding");
        assert_eq!(URL_SAFE_NO_PAD.decode(k).unwrap(), DEMO_KEY);
    }

    #[test]
    fn tokens_verify_and_carry_the_kind() {
        let cases = [
            (Kind::Human, "human", false),
            (Kind::Delegated, "human", true),
            (Kind::Service, "service", false),
        ];
        for (kind, principal_kind, has_act) in cases {
            let token = demo_token("alice", kind, 3600);
            let c = verify_with_jwks_file(&token);
            assert_eq!(c["iss"], ISSUER);
            assert_eq!(c["aud"], AUDIENCE);
            assert_eq!(c["sub"], "alice");
            assert_eq!(c["principal_kind"], principal_kind, "{kind:?}");
            assert_eq!(
                c["exp"].as_i64().unwrap() - c["iat"].as_i64().unwrap(),
                3600
            );
            assert_eq!(c.get("act").is_some(), has_act, "{kind:?}");
            if has_act {
                assert_eq!(c["act"]["sub"], DELEGATE);
            }
        }
    }

    #[test]
    fn a_role_is_a_claim_only_when_asked_for() {
        let c = verify_with_jwks_file(&demo_token_with_role(
            "ann",
            Kind::Human,
            Some("instructor"),
            60,
        ));
        assert_eq!(c["role"], "instructor");
        assert_eq!(c["sub"], "ann");
        assert_eq!(c["principal_kind"], "human");
        let c = verify_with_jwks_file(&demo_token("ann", Kind::Human, 60));
        assert!(c.get("role").is_none());
    }

    #[test]
    fn a_tampered_token_fails_verification() {
        let token = demo_token("alice", Kind::Human, 60);
        let forged = sign(&claims("mallory", Kind::Human, 0, 60), b"some-other-key");
        let (_, sig) = token.rsplit_once('.').unwrap();
        let (input, _) = forged.rsplit_once('.').unwrap();
        let spliced = format!("{input}.{sig}");
        let r = std::panic::catch_unwind(|| verify_with_jwks_file(&spliced));
        assert!(r.is_err());
    }

    #[test]
    fn hmac_matches_rfc4231_case_2() {
        let mac = hmac_sha256(b"Jefe", b"what do ya want for nothing?");
        let hex: String = mac.iter().map(|b| format!("{b:02x}")).collect();
        assert_eq!(
            hex,
            "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"
        );
    }

    #[test]
    fn unverified_payload_rejects_garbage() {
        for t in ["", "abc", "a.!!!.c", "a.bm90IGpzb24.c"] {
            assert_eq!(unverified_payload(t), None, "{t}");
        }
    }
}
