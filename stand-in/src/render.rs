//! The Envoy config template renderer: the one function that fills `envoy/demo.yaml.tmpl` for
//! every caller (`orrery-standin render-envoy`, run by tools/run-stack, tools/bench-stack,
//! tools/soak and the end-to-end harness; called directly by control's lint test), so the
//! callers cannot drift apart on the template's syntax or its list of placeholders.
//!
//! Syntax (the subset of Python's `string.Template` the template uses): `${NAME}` is a
//! placeholder (`NAME`: ASCII letters, digits and `_`, not starting with a digit), `$$` is a
//! literal `$`, and any other `$` stays as it is, except before a letter, `_` or `{`, where it
//! would be a placeholder in another spelling and is refused. Rendering is strict both ways: a
//! placeholder without a value and a value the template never uses are errors, so a template
//! change cannot yield a config with a literal `${NAME}` in it, nor a caller keep filling a
//! variable that is gone. Errors name placeholders, never values (a value can be a key).
use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};
use std::fmt;

/// The variable [`jwks_line`]'s output fills in the demo template.
pub const JWKS_VAR: &str = "JWKS_JSON";

/// Why a template did not render.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RenderError {
    /// Placeholders the template uses that no variable fills.
    Unfilled(Vec<String>),
    /// Variables given that the template does not use.
    Unused(Vec<String>),
    /// A `$` that is neither `$$`, a well-formed `${NAME}`, nor a plain `$` (1-based line).
    Malformed { line: usize },
    /// A variable name that could never be a placeholder.
    BadName(String),
    /// The JWKS document is not JSON, or holds a single quote (the template quotes it with `'`).
    Jwks(String),
}

impl fmt::Display for RenderError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RenderError::Unfilled(names) => write!(
                f,
                "the template uses placeholders no variable fills: {}",
                names.join(", ")
            ),
            RenderError::Unused(names) => write!(
                f,
                "variables the template does not use: {}",
                names.join(", ")
            ),
            RenderError::Malformed { line } => write!(
                f,
                "line {line}: a `$` that is not `$$` or `${{NAME}}` (write `$$` for a literal `$`)"
            ),
            RenderError::BadName(name) => write!(f, "not a placeholder name: {name:?}"),
            RenderError::Jwks(why) => write!(f, "the JWKS document {why}"),
        }
    }
}

impl std::error::Error for RenderError {}

/// One piece of a parsed template.
enum Piece<'a> {
    Text(&'a str),
    Placeholder(&'a str),
}

fn is_name(name: &str) -> bool {
    let mut chars = name.chars();
    chars
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
}

fn parse(template: &str) -> Result<Vec<Piece<'_>>, RenderError> {
    let mut pieces = Vec::new();
    let mut rest = template;
    let line_at = |rest: &str| {
        template[..template.len() - rest.len()]
            .matches('\n')
            .count()
            + 1
    };
    while let Some(i) = rest.find('$') {
        pieces.push(Piece::Text(&rest[..i]));
        let after = &rest[i + 1..];
        if let Some(tail) = after.strip_prefix('$') {
            pieces.push(Piece::Text("$"));
            rest = tail;
        } else if let Some(tail) = after.strip_prefix('{') {
            let name = tail
                .find('}')
                .map(|end| &tail[..end])
                .filter(|n| is_name(n));
            let Some(name) = name else {
                return Err(RenderError::Malformed {
                    line: line_at(&rest[i..]),
                });
            };
            pieces.push(Piece::Placeholder(name));
            rest = &tail[name.len() + 1..];
        } else if after.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_') {
            return Err(RenderError::Malformed {
                line: line_at(&rest[i..]),
            });
        } else {
            pieces.push(Piece::Text("$"));
            rest = after;
        }
    }
    pieces.push(Piece::Text(rest));
    Ok(pieces)
}

/// The placeholder names `template` uses (sorted, each once).
pub fn placeholders(template: &str) -> Result<BTreeSet<String>, RenderError> {
    Ok(parse(template)?
        .into_iter()
        .filter_map(|p| match p {
            Piece::Placeholder(n) => Some(n.to_string()),
            Piece::Text(_) => None,
        })
        .collect())
}

/// Fill every placeholder of `template` from `vars`; every placeholder must have a value and
/// every variable must be used.
pub fn render(template: &str, vars: &BTreeMap<String, String>) -> Result<String, RenderError> {
    if let Some(bad) = vars.keys().find(|k| !is_name(k)) {
        return Err(RenderError::BadName(bad.clone()));
    }
    let pieces = parse(template)?;
    let used: BTreeSet<&str> = pieces
        .iter()
        .filter_map(|p| match p {
            Piece::Placeholder(n) => Some(*n),
            Piece::Text(_) => None,
        })
        .collect();
    let unfilled: Vec<String> = used
        .iter()
        .filter(|n| !vars.contains_key(**n))
        .map(|n| n.to_string())
        .collect();
    if !unfilled.is_empty() {
        return Err(RenderError::Unfilled(unfilled));
    }
    let unused: Vec<String> = vars
        .keys()
        .filter(|k| !used.contains(k.as_str()))
        .cloned()
        .collect();
    if !unused.is_empty() {
        return Err(RenderError::Unused(unused));
    }
    let mut out = String::with_capacity(template.len());
    for p in pieces {
        match p {
            Piece::Text(t) => out.push_str(t),
            // Present: checked above.
            Piece::Placeholder(n) => out.push_str(vars.get(n).map_or("", String::as_str)),
        }
    }
    Ok(out)
}

/// A JWKS document as the template's `${JWKS_JSON}` wants it: compact JSON on one line, with no
/// single quote (the template wraps it in `'…'`).
pub fn jwks_line(document: &str) -> Result<String, RenderError> {
    let v: Value = serde_json::from_str(document)
        .map_err(|e| RenderError::Jwks(format!("is not JSON (line {})", e.line())))?;
    let line = v.to_string();
    if line.contains('\'') {
        return Err(RenderError::Jwks("holds a single quote".into()));
    }
    Ok(line)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn vars(pairs: &[(&str, &str)]) -> BTreeMap<String, String> {
        pairs
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect()
    }

    #[test]
    fn fills_every_placeholder_and_uses_every_variable() {
        assert_eq!(
            render("a ${X} b ${X} ${Y_2}", &vars(&[("X", "1"), ("Y_2", "z")])),
            Ok("a 1 b 1 z".into())
        );
        assert_eq!(
            render("a ${X}", &vars(&[("X", "1"), ("Y", "2")])),
            Err(RenderError::Unused(vec!["Y".into()]))
        );
        assert_eq!(
            render("a ${X} ${Z} ${A}", &vars(&[("X", "1")])),
            Err(RenderError::Unfilled(vec!["A".into(), "Z".into()]))
        );
    }

    #[test]
    fn dollars_are_literal_escaped_or_refused() {
        let none = BTreeMap::new();
        assert_eq!(
            render("^/x$ 5$ $$ $${X}", &none),
            Ok("^/x$ 5$ $ ${X}".into())
        );
        assert_eq!(render("$", &none), Ok("$".into()));
        for (bad, line) in [
            ("ok\n$NAME", 2),
            ("${}", 1),
            ("a\nb\n${1X}", 3),
            ("${X", 1),
            ("${X-Y}", 1),
        ] {
            assert_eq!(
                render(bad, &none),
                Err(RenderError::Malformed { line }),
                "{bad}"
            );
        }
        assert_eq!(
            render("x", &vars(&[("not a name", "v")])),
            Err(RenderError::BadName("not a name".into()))
        );
    }

    #[test]
    fn values_are_inserted_verbatim_and_errors_never_hold_them() {
        let v = vars(&[("A", "${B} $$ secret-value")]);
        assert_eq!(render("[${A}]", &v), Ok("[${B} $$ secret-value]".into()));
        let v = vars(&[("A", "1"), ("UNUSED", "secret-value")]);
        let err = render("${A} ${MISSING}", &v).unwrap_err().to_string();
        assert!(
            err.contains("MISSING") && !err.contains("secret-value"),
            "{err}"
        );
        let err = render("${A}", &v).unwrap_err().to_string();
        assert!(
            err.contains("UNUSED") && !err.contains("secret-value"),
            "{err}"
        );
    }

    #[test]
    fn jwks_becomes_one_line_without_quotes() {
        let doc = "{\n  \"keys\": [\n    {\"kty\": \"oct\", \"k\": \"c2VjcmV0\"}\n  ]\n}\n";
        let line = jwks_line(doc).unwrap();
        assert!(!line.contains('\n') && !line.contains(": "), "{line}");
        let parsed: Value = serde_json::from_str(&line).unwrap();
        assert_eq!(parsed, serde_json::from_str::<Value>(doc).unwrap());
        assert!(matches!(
            jwks_line("{\"k\": \"it's\"}"),
            Err(RenderError::Jwks(_))
        ));
        let err = jwks_line("{\"k\": \"secret-value\"")
            .unwrap_err()
            .to_string();
        assert!(!err.contains("secret-value"), "{err}");
    }

    #[test]
    fn the_demo_template_renders_with_exactly_its_documented_placeholders() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../envoy/demo.yaml.tmpl");
        let tmpl = std::fs::read_to_string(path).unwrap();
        let names: Vec<String> = placeholders(&tmpl).unwrap().into_iter().collect();
        assert_eq!(
            names,
            [
                "ADMIN_PORT",
                "CONTROL_PORT",
                "JWKS_JSON",
                "LISTEN_PORT",
                "ORRERY_PORT",
                "WASM_PATH"
            ]
        );
        let jwks = std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../examples/demo/jwks.json"
        ))
        .unwrap();
        let mut v = vars(&[
            ("LISTEN_PORT", "10000"),
            ("ADMIN_PORT", "9902"),
            ("ORRERY_PORT", "18080"),
            ("CONTROL_PORT", "18081"),
            ("WASM_PATH", "/x/orrery_learning_filter.wasm"),
        ]);
        v.insert(JWKS_VAR.into(), jwks_line(&jwks).unwrap());
        let out = render(&tmpl, &v).unwrap();
        assert!(!out.contains("${"));
        assert!(out.contains("port_value: 10000"));
    }
}
