//! The path sets of Envoy route matches (`RouteMatch`, shared by routes and `jwt_authn` rules),
//! reduced to what the lint can reason about: an exact path, a prefix, or unknown (a regex, a
//! URI template, a CONNECT matcher). Every question is answered conservatively: `contains` is
//! true only when it is certain, `intersects` is false only when it is certain.
use super::node::{field, truthy};
use serde_json::Value;

/// The paths one match selects (ignoring header and query conditions: see [`Match`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PathSet {
    Exact {
        path: String,
        ci: bool,
    },
    Prefix {
        prefix: String,
        ci: bool,
    },
    /// CONNECT requests (`connect_matcher`): they have no path, so no path rule meets them.
    Connect,
    Unknown,
}

/// A parsed `RouteMatch`: its path set, and whether other conditions (headers, query
/// parameters, runtime fraction, ...) may make it match only part of that set.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Match {
    pub set: PathSet,
    pub conditional: bool,
}

const PATH_KEYS: [&str; 7] = [
    "prefix",
    "path",
    "safe_regex",
    "connect_matcher",
    "path_separated_prefix",
    "path_match_policy",
    "case_sensitive",
];

impl Match {
    /// Read a `RouteMatch` (snake_case or lowerCamelCase field names). `as_cover` picks the
    /// conservative reading of a `path_separated_prefix`: as a covering rule it is only the
    /// prefix followed by `/` (smaller), as an exemption it is the whole prefix (larger).
    pub fn parse(m: &Value, as_cover: bool) -> Match {
        let ci = field(m, "case_sensitive").is_some_and(|v| !truthy(Some(v)));
        let text = |k: &str| field(m, k).and_then(Value::as_str).map(str::to_string);
        let set = if field(m, "connect_matcher").is_some() {
            PathSet::Connect
        } else if let Some(p) = text("prefix") {
            PathSet::Prefix { prefix: p, ci }
        } else if let Some(p) = text("path") {
            PathSet::Exact { path: p, ci }
        } else if let Some(p) = text("path_separated_prefix") {
            let prefix = if as_cover { format!("{p}/") } else { p };
            PathSet::Prefix { prefix, ci }
        } else {
            PathSet::Unknown
        };
        let conditional = m
            .as_object()
            .map(|o| {
                o.keys()
                    .any(|k| !PATH_KEYS.iter().any(|p| *p == k || camel(p) == *k))
            })
            .unwrap_or(false);
        Match { set, conditional }
    }
}

fn camel(s: &str) -> String {
    super::node::camel(s)
}

fn has_letters(s: &str) -> bool {
    s.bytes().any(|b| b.is_ascii_alphabetic())
}

fn starts(hay: &str, needle: &str, ci: bool) -> bool {
    if ci {
        hay.to_ascii_lowercase()
            .starts_with(&needle.to_ascii_lowercase())
    } else {
        hay.starts_with(needle)
    }
}

/// Does `outer` certainly hold every path of `inner`?
pub fn contains(outer: &PathSet, inner: &PathSet) -> bool {
    use PathSet::*;
    match (outer, inner) {
        (Connect, Connect) => true,
        (_, Connect) | (Connect, _) => false,
        // Every request path starts with '/' (Envoy's `*` and CONNECT aside).
        (Prefix { prefix, .. }, _) if prefix.is_empty() || prefix == "/" => true,
        (_, Unknown) | (Unknown, _) => false,
        (Exact { .. }, Prefix { .. }) => false,
        (Prefix { prefix: o, ci: oci }, Prefix { prefix: s, ci: ici })
        | (Prefix { prefix: o, ci: oci }, Exact { path: s, ci: ici }) => {
            if *oci {
                starts(s, o, true)
            } else if *ici {
                // Case variants of `s` all start with `o` only if `o` has no letters.
                !has_letters(o) && s.starts_with(o.as_str())
            } else {
                s.starts_with(o.as_str())
            }
        }
        (Exact { path: o, ci: oci }, Exact { path: s, ci: ici }) => {
            if *oci {
                o.eq_ignore_ascii_case(s)
            } else if *ici {
                !has_letters(o) && o == s
            } else {
                o == s
            }
        }
    }
}

/// Could `a` and `b` share a path? Also returns the (possibly larger) set they share.
pub fn intersection(a: &PathSet, b: &PathSet) -> Option<PathSet> {
    use PathSet::*;
    match (a, b) {
        (Connect, Connect) | (Connect, Unknown) | (Unknown, Connect) => Some(Connect),
        (Connect, _) | (_, Connect) => None,
        (Unknown, _) | (_, Unknown) => Some(Unknown),
        (Exact { path: x, ci: xc }, Exact { path: y, ci: yc }) => {
            let meet = if *xc || *yc {
                x.eq_ignore_ascii_case(y)
            } else {
                x == y
            };
            meet.then(|| Exact {
                path: x.clone(),
                ci: *xc && *yc,
            })
        }
        (Exact { path, ci: xc }, Prefix { prefix, ci: pc })
        | (Prefix { prefix, ci: pc }, Exact { path, ci: xc }) => starts(path, prefix, *xc || *pc)
            .then(|| Exact {
                path: path.clone(),
                ci: *xc,
            }),
        (Prefix { prefix: p, ci: pc }, Prefix { prefix: q, ci: qc }) => {
            let ci = *pc || *qc;
            if starts(p, q, ci) {
                Some(a.clone())
            } else if starts(q, p, ci) {
                Some(b.clone())
            } else {
                None
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ex(p: &str) -> PathSet {
        PathSet::Exact {
            path: p.into(),
            ci: false,
        }
    }
    fn pre(p: &str) -> PathSet {
        PathSet::Prefix {
            prefix: p.into(),
            ci: false,
        }
    }
    fn pre_ci(p: &str) -> PathSet {
        PathSet::Prefix {
            prefix: p.into(),
            ci: true,
        }
    }

    #[test]
    fn containment_table() {
        let cases = [
            (pre("/"), PathSet::Unknown, true),
            (pre("/a"), PathSet::Unknown, false),
            (pre("/"), PathSet::Connect, false),
            (PathSet::Connect, PathSet::Connect, true),
            (pre("/a"), pre("/ab"), true),
            (pre("/ab"), pre("/a"), false),
            (pre("/a"), ex("/a/x"), true),
            (ex("/a"), pre("/a"), false),
            (ex("/a"), ex("/a"), true),
            (pre("/a"), pre_ci("/a/b"), false),
            (pre("/"), pre_ci("/a/b"), true),
            (pre_ci("/A"), pre("/a/b"), true),
        ];
        for (outer, inner, want) in cases {
            assert_eq!(contains(&outer, &inner), want, "{outer:?} ⊇ {inner:?}");
        }
    }

    #[test]
    fn intersection_table() {
        assert_eq!(
            intersection(&pre("/"), &ex("/healthz")),
            Some(ex("/healthz"))
        );
        assert_eq!(intersection(&pre("/a"), &pre("/b")), None);
        assert_eq!(intersection(&pre("/a"), &pre("/a/b")), Some(pre("/a/b")));
        assert_eq!(intersection(&ex("/x"), &ex("/y")), None);
        assert_eq!(
            intersection(&pre_ci("/A"), &ex("/a")),
            Some(ex("/a")),
            "a case-insensitive side widens the meeting"
        );
        assert_eq!(
            intersection(&pre("/a"), &PathSet::Unknown),
            Some(PathSet::Unknown)
        );
    }

    #[test]
    fn parse_reads_conditions_and_path_kinds() {
        let m: Value = serde_json::json!({"prefix": "/", "headers": [{"name": "x"}]});
        assert_eq!(
            Match::parse(&m, true),
            Match {
                set: pre("/"),
                conditional: true
            }
        );
        let m: Value = serde_json::json!({"safeRegex": {"regex": ".*"}});
        assert_eq!(Match::parse(&m, true).set, PathSet::Unknown);
        let m: Value = serde_json::json!({"path_separated_prefix": "/api"});
        assert_eq!(Match::parse(&m, true).set, pre("/api/"));
        assert_eq!(Match::parse(&m, false).set, pre("/api"));
        let m: Value = serde_json::json!({"path": "/healthz", "case_sensitive": false});
        assert_eq!(
            Match::parse(&m, false),
            Match {
                set: PathSet::Exact {
                    path: "/healthz".into(),
                    ci: true
                },
                conditional: false
            }
        );
    }
}
