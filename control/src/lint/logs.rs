//! The `access-log` rule: every access log anywhere in the config (a connection manager's, a
//! listener's, a router's `upstream_log`, a TCP proxy's, the admin's) has an explicit format
//! whose command operators are on an allowlist: no path with its query string (a query can
//! carry a target value or an `access_token`), no header that can carry a credential, no
//! metadata or filter state (jwt_authn can put the token payload there). A logger with no format
//! uses Envoy's default one, which logs `%REQ(X-ENVOY-ORIGINAL-PATH?:PATH)%` with the query, so
//! it is refused; so is a logger whose format the lint cannot read (gRPC, OpenTelemetry, a format
//! in a file). An allowlist fails closed: an operator Envoy adds later is refused until judged.
use super::node::{field, text, typed};
use serde_json::Value;

const FILE_LOG: &str = "envoy.extensions.access_loggers.file.v3.FileAccessLog";
const STDOUT_LOG: &str = "envoy.extensions.access_loggers.stream.v3.StdoutAccessLog";
const STDERR_LOG: &str = "envoy.extensions.access_loggers.stream.v3.StderrAccessLog";

/// Operators that log no request content.
const PLAIN: &[&str] = &[
    "START_TIME",
    "START_TIME_LOCAL",
    "EMIT_TIME",
    "EMIT_TIME_LOCAL",
    "PROTOCOL",
    "UPSTREAM_PROTOCOL",
    "RESPONSE_CODE",
    "RESPONSE_CODE_DETAILS",
    "CONNECTION_TERMINATION_DETAILS",
    "RESPONSE_FLAGS",
    "RESPONSE_FLAGS_LONG",
    "BYTES_RECEIVED",
    "BYTES_SENT",
    "UPSTREAM_WIRE_BYTES_SENT",
    "UPSTREAM_WIRE_BYTES_RECEIVED",
    "UPSTREAM_HEADER_BYTES_SENT",
    "UPSTREAM_HEADER_BYTES_RECEIVED",
    "DOWNSTREAM_WIRE_BYTES_SENT",
    "DOWNSTREAM_WIRE_BYTES_RECEIVED",
    "DOWNSTREAM_HEADER_BYTES_SENT",
    "DOWNSTREAM_HEADER_BYTES_RECEIVED",
    "REQUEST_HEADERS_BYTES",
    "RESPONSE_HEADERS_BYTES",
    "RESPONSE_TRAILERS_BYTES",
    "DURATION",
    "REQUEST_DURATION",
    "REQUEST_TX_DURATION",
    "RESPONSE_DURATION",
    "RESPONSE_TX_DURATION",
    "COMMON_DURATION",
    "UPSTREAM_HOST",
    "UPSTREAM_HOST_NAME",
    "UPSTREAM_CLUSTER",
    "UPSTREAM_CLUSTER_RAW",
    "UPSTREAM_LOCAL_ADDRESS",
    "UPSTREAM_LOCAL_ADDRESS_WITHOUT_PORT",
    "UPSTREAM_LOCAL_PORT",
    "UPSTREAM_REMOTE_ADDRESS",
    "UPSTREAM_REMOTE_ADDRESS_WITHOUT_PORT",
    "UPSTREAM_REMOTE_PORT",
    "UPSTREAM_TRANSPORT_FAILURE_REASON",
    "UPSTREAM_REQUEST_ATTEMPT_COUNT",
    "UPSTREAM_CONNECTION_ID",
    "DOWNSTREAM_REMOTE_ADDRESS",
    "DOWNSTREAM_REMOTE_ADDRESS_WITHOUT_PORT",
    "DOWNSTREAM_REMOTE_PORT",
    "DOWNSTREAM_DIRECT_REMOTE_ADDRESS",
    "DOWNSTREAM_DIRECT_REMOTE_ADDRESS_WITHOUT_PORT",
    "DOWNSTREAM_LOCAL_ADDRESS",
    "DOWNSTREAM_LOCAL_ADDRESS_WITHOUT_PORT",
    "DOWNSTREAM_LOCAL_PORT",
    "DOWNSTREAM_TLS_VERSION",
    "DOWNSTREAM_TLS_CIPHER",
    "ROUTE_NAME",
    "VIRTUAL_CLUSTER_NAME",
    "STREAM_ID",
    "CONNECTION_ID",
    "HOSTNAME",
    "ACCESS_LOG_TYPE",
    "TRACE_ID",
];

/// Header operators (`%REQ(A?B):N%` and their long spellings).
const HEADER_OPS: &[&str] = &[
    "REQ",
    "REQUEST_HEADER",
    "RESP",
    "RESPONSE_HEADER",
    "TRAILER",
    "RESPONSE_TRAILER",
];

/// Headers that carry neither a credential nor a query (lower-case).
const SAFE_HEADERS: &[&str] = &[
    ":method",
    ":authority",
    ":scheme",
    ":status",
    "host",
    "x-request-id",
    "x-forwarded-for",
    "x-forwarded-proto",
    "user-agent",
    "content-type",
    "content-length",
    "x-envoy-upstream-service-time",
    "grpc-status",
];

/// One `%NAME(args):len%` command operator: its name and raw arguments.
#[derive(Debug, PartialEq, Eq)]
pub struct Operator {
    pub name: String,
    pub args: Option<String>,
}

/// The command operators of a format string, as Envoy's parser finds them: at a `%`, an
/// upper-case name, optional `(args)`, optional `:digits`, and a closing `%`. A `%` that does
/// not start an operator is literal text.
pub fn operators(format: &str) -> Vec<Operator> {
    let b = format.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        if b[i] != b'%' {
            i += 1;
            continue;
        }
        match operator_at(b, i + 1) {
            Some((op, end)) => {
                out.push(op);
                i = end;
            }
            None => i += 1,
        }
    }
    out
}

/// An operator starting after the `%` at `start`: it and the index after its closing `%`.
fn operator_at(b: &[u8], start: usize) -> Option<(Operator, usize)> {
    let mut j = start;
    while j < b.len() && (b[j].is_ascii_uppercase() || b[j].is_ascii_digit() || b[j] == b'_') {
        j += 1;
    }
    if j == start || !b[start].is_ascii_uppercase() {
        return None;
    }
    let name = String::from_utf8_lossy(&b[start..j]).into_owned();
    let mut args = None;
    if b.get(j) == Some(&b'(') {
        let close = b[j..].iter().position(|c| *c == b')')? + j;
        args = Some(String::from_utf8_lossy(&b[j + 1..close]).into_owned());
        j = close + 1;
    }
    if b.get(j) == Some(&b':') {
        let digits = b[j + 1..].iter().take_while(|c| c.is_ascii_digit()).count();
        if digits == 0 {
            return None;
        }
        j += 1 + digits;
    }
    (b.get(j) == Some(&b'%')).then_some((Operator { name, args }, j + 1))
}

/// Why an operator may log a value or a credential; `None` when it is on the allowlist.
pub fn refusal(op: &Operator) -> Option<String> {
    let name = op.name.as_str();
    let args = op.args.as_deref().unwrap_or("");
    if PLAIN.contains(&name) {
        return None;
    }
    if name == "PATH" {
        // `%PATH(NQ...)%`: the path without its query; the default (and `WQ`) keeps the query.
        if args.split(':').next() == Some("NQ") {
            return None;
        }
        return Some("%PATH% without NQ logs the query string (use %PATH(NQ)%)".into());
    }
    let headers: Vec<String> = args
        .split('?')
        .map(|h| h.trim().to_ascii_lowercase())
        .collect();
    if name == "REQ_WITHOUT_QUERY" {
        let ok = headers.iter().all(|h| {
            h == ":path" || h == "x-envoy-original-path" || SAFE_HEADERS.contains(&h.as_str())
        });
        return (!ok).then(|| format!("%{name}% of a header that may carry a credential"));
    }
    if HEADER_OPS.contains(&name) {
        if headers
            .iter()
            .any(|h| h == ":path" || h == "x-envoy-original-path")
        {
            return Some(format!(
                "%{name}% of the path logs its query string (use %PATH(NQ)%)"
            ));
        }
        if headers.iter().all(|h| SAFE_HEADERS.contains(&h.as_str())) {
            return None;
        }
        return Some(format!(
            "%{name}% of a header that may carry a token or a value (allowed: {})",
            SAFE_HEADERS.join(", ")
        ));
    }
    Some(format!(
        "operator %{name}% is not on the lint's allowlist (it may log the query, a header, metadata or filter state)"
    ))
}

/// Every access logger in the config, with its location.
pub fn access_logs<'a>(v: &'a Value, loc: &str, out: &mut Vec<(String, &'a Value)>) {
    match v {
        Value::Object(o) => {
            for (k, child) in o {
                let cloc = if loc.is_empty() {
                    k.clone()
                } else {
                    format!("{loc}.{k}")
                };
                let is_log = [
                    "access_log",
                    "accessLog",
                    "upstream_log",
                    "upstreamLog",
                    "access_loggers",
                    "accessLoggers",
                ]
                .contains(&k.as_str());
                match child {
                    Value::Array(a) if is_log => {
                        for (i, entry) in a.iter().enumerate() {
                            out.push((format!("{cloc}[{i}]"), entry));
                        }
                    }
                    _ => access_logs(child, &cloc, out),
                }
            }
        }
        Value::Array(a) => {
            for (i, child) in a.iter().enumerate() {
                access_logs(child, &format!("{loc}[{i}]"), out);
            }
        }
        _ => {}
    }
}

/// Every string in a JSON format dictionary.
fn strings<'a>(v: &'a Value, out: &mut Vec<&'a str>) {
    match v {
        Value::String(s) => out.push(s),
        Value::Array(a) => a.iter().for_each(|c| strings(c, out)),
        Value::Object(o) => o.values().for_each(|c| strings(c, out)),
        _ => {}
    }
}

/// The format strings of a `SubstitutionFormatString`, or why they cannot be read.
fn substitution_format(f: &Value) -> Result<Vec<&str>, String> {
    if let Some(t) = text(f, "text_format") {
        return Ok(vec![t]);
    }
    if let Some(src) = field(f, "text_format_source") {
        return match text(src, "inline_string") {
            Some(t) => Ok(vec![t]),
            None => Err(
                "text_format_source must be an inline_string (a file, bytes or an environment variable cannot be checked)"
                    .into(),
            ),
        };
    }
    if let Some(j) = field(f, "json_format") {
        let mut out = Vec::new();
        strings(j, &mut out);
        return Ok(out);
    }
    Err(
        "log_format sets no format, so Envoy's default one (the path with its query) applies"
            .into(),
    )
}

/// Check one access logger: `(location, problem)` for each problem.
pub fn check_access_log(loc: &str, entry: &Value) -> Vec<(String, String)> {
    let mut found = Vec::new();
    let Some((t, body)) = typed(entry) else {
        let name = text(entry, "name").unwrap_or("");
        return vec![(
            loc.to_string(),
            format!("access logger {name} has no typed_config: its format cannot be checked"),
        )];
    };
    if ![FILE_LOG, STDOUT_LOG, STDERR_LOG].contains(&t) {
        return vec![(
            format!("{loc}.typed_config"),
            format!("access logger {t} logs in a form the lint cannot check (gRPC and OpenTelemetry loggers send the path with its query and headers): use a file, stdout or stderr logger with an explicit format"),
        )];
    }
    let tloc = format!("{loc}.typed_config");
    let formats: Result<Vec<&str>, String> = if let Some(f) = field(body, "log_format") {
        substitution_format(f)
    } else if let Some(f) = text(body, "format") {
        Ok(vec![f])
    } else if let Some(j) = field(body, "json_format").or_else(|| field(body, "typed_json_format"))
    {
        let mut out = Vec::new();
        strings(j, &mut out);
        Ok(out)
    } else {
        Err("no format: Envoy's default format logs the path with its query string".into())
    };
    match formats {
        Err(why) => found.push((tloc, why)),
        Ok(fs) => {
            for f in fs {
                for op in operators(f) {
                    if let Some(why) = refusal(&op) {
                        found.push((tloc.clone(), why));
                    }
                }
            }
        }
    }
    // A `formatters` extension only adds operators; the allowlist above judges their use.
    found
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn names(f: &str) -> Vec<String> {
        operators(f).into_iter().map(|o| o.name).collect()
    }

    #[test]
    fn operators_are_found_as_envoy_parses_them() {
        assert_eq!(
            names("[%START_TIME%] \"%REQ(:METHOD)% %PATH(NQ)%\" %BYTES_SENT%\n"),
            ["START_TIME", "REQ", "PATH", "BYTES_SENT"]
        );
        assert_eq!(names("100% sure %REQ(X?Y):10% %x% %A"), ["REQ"]);
        let op = &operators("%REQ(X-ENVOY-ORIGINAL-PATH?:PATH):256%")[0];
        assert_eq!(op.args.as_deref(), Some("X-ENVOY-ORIGINAL-PATH?:PATH"));
    }

    #[test]
    fn refusal_table() {
        for (f, ok) in [
            ("%PATH(NQ)%", true),
            ("%PATH(NQ:ORIG)%", true),
            ("%PATH%", false),
            ("%PATH(WQ)%", false),
            ("%REQ(:PATH)%", false),
            ("%REQUEST_HEADER(X-ENVOY-ORIGINAL-PATH?:PATH)%", false),
            ("%REQ(:path)%", false),
            ("%REQ(:METHOD)%", true),
            ("%REQ(USER-AGENT)%", true),
            ("%REQ(AUTHORIZATION)%", false),
            ("%REQ(x-orrery-jwt-payload)%", false),
            ("%REQ(COOKIE)%", false),
            ("%RESP(SET-COOKIE)%", false),
            ("%REQ(:AUTHORITY?AUTHORIZATION)%", false),
            ("%REQ_WITHOUT_QUERY(X-ENVOY-ORIGINAL-PATH?:PATH)%", true),
            ("%DYNAMIC_METADATA(envoy.filters.http.jwt_authn)%", false),
            ("%FILTER_STATE(x)%", false),
            ("%CEL(request.query)%", false),
            ("%START_TIME(%s)%", true),
            ("%RESPONSE_CODE%", true),
        ] {
            let op = operators(f).into_iter().next().unwrap();
            assert_eq!(refusal(&op).is_none(), ok, "{f}");
        }
    }

    #[test]
    fn default_and_unreadable_formats_are_refused() {
        let stdout =
            "type.googleapis.com/envoy.extensions.access_loggers.stream.v3.StdoutAccessLog";
        let no_format = json!({"name": "x", "typed_config": {"@type": stdout}});
        assert_eq!(check_access_log("l", &no_format).len(), 1);
        let file = json!({"name": "x", "typed_config": {"@type": stdout,
            "log_format": {"text_format_source": {"filename": "/etc/fmt"}}}});
        assert_eq!(check_access_log("l", &file).len(), 1);
        let json_ok = json!({"name": "x", "typed_config": {"@type": stdout,
            "log_format": {"json_format": {"p": "%PATH(NQ)%", "m": "%REQ(:METHOD)%"}}}});
        assert!(check_access_log("l", &json_ok).is_empty());
        let json_bad = json!({"name": "x", "typed_config": {"@type": stdout,
            "log_format": {"json_format": {"p": "%REQ(:PATH)%"}}}});
        assert_eq!(check_access_log("l", &json_bad).len(), 1);
        let grpc = json!({"name": "x", "typed_config": {
            "@type": "type.googleapis.com/envoy.extensions.access_loggers.grpc.v3.HttpGrpcAccessLogConfig"}});
        assert_eq!(check_access_log("l", &grpc).len(), 1);
    }
}
