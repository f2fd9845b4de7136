//! Reading an Envoy config tree the way Envoy's proto-JSON parser does: a field may be spelled
//! in snake_case or lowerCamelCase, a bool may be wrapped (`BoolValue`), and an extension's
//! `typed_config` may hide behind a `TypedStruct`. The lint looks fields up only through these
//! helpers, so a config cannot slip past a rule by spelling a field the other way.
use serde_json::Value;

/// `http_filters` → `httpFilters`.
pub fn camel(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut up = false;
    for c in s.chars() {
        if c == '_' {
            up = true;
        } else if up {
            out.push(c.to_ascii_uppercase());
            up = false;
        } else {
            out.push(c);
        }
    }
    out
}

/// A message field by its proto name, in either JSON spelling.
pub fn field<'a>(v: &'a Value, name: &str) -> Option<&'a Value> {
    let o = v.as_object()?;
    o.get(name).or_else(|| o.get(&camel(name)))
}

/// A string field.
pub fn text<'a>(v: &'a Value, name: &str) -> Option<&'a str> {
    field(v, name).and_then(Value::as_str)
}

/// A repeated field (absent → empty).
pub fn items<'a>(v: &'a Value, name: &str) -> &'a [Value] {
    field(v, name)
        .and_then(Value::as_array)
        .map(Vec::as_slice)
        .unwrap_or(&[])
}

/// A bool or `BoolValue` set to true (also the string "true", as YAML writers sometimes quote).
pub fn truthy(v: Option<&Value>) -> bool {
    match v {
        Some(Value::Bool(b)) => *b,
        Some(Value::String(s)) => s == "true",
        Some(Value::Object(o)) => truthy(o.get("value")),
        _ => false,
    }
}

/// An enum field equal to `name` (or to its number, as proto-JSON also accepts).
pub fn enum_is(v: Option<&Value>, name: &str, number: u64) -> bool {
    match v {
        Some(Value::String(s)) => s == name,
        Some(Value::Number(n)) => n.as_u64() == Some(number),
        _ => false,
    }
}

/// The last segment of an `Any` type URL: `type.googleapis.com/a.b.C` → `a.b.C`.
fn short_type(url: &str) -> &str {
    url.rsplit('/').next().unwrap_or(url)
}

/// An extension's type (short name) and body, unwrapping a `TypedStruct`. `None` when the
/// extension has no `typed_config` (Envoy then picks the factory by `name`).
pub fn typed(ext: &Value) -> Option<(&str, &Value)> {
    let tc = field(ext, "typed_config")?;
    unwrap_any(tc)
}

/// The type and body of an `Any` (unwrapping a `TypedStruct`).
pub fn unwrap_any(any: &Value) -> Option<(&str, &Value)> {
    let t = short_type(any.get("@type")?.as_str()?);
    if t == "udpa.type.v1.TypedStruct" || t == "xds.type.v3.TypedStruct" {
        let inner = short_type(text(any, "type_url")?);
        return Some((inner, field(any, "value").unwrap_or(&Value::Null)));
    }
    Some((t, any))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn fields_read_in_both_spellings() {
        let v = json!({"httpFilters": [1], "normalize_path": {"value": true}});
        assert_eq!(items(&v, "http_filters").len(), 1);
        assert!(truthy(field(&v, "normalize_path")));
        assert!(!truthy(field(&v, "merge_slashes")));
        assert_eq!(
            camel("path_with_escaped_slashes_action"),
            "pathWithEscapedSlashesAction"
        );
    }

    #[test]
    fn typed_struct_is_unwrapped() {
        let v = json!({"typed_config": {
            "@type": "type.googleapis.com/xds.type.v3.TypedStruct",
            "type_url": "type.googleapis.com/envoy.extensions.filters.http.wasm.v3.Wasm",
            "value": {"config": {}}}});
        let (t, body) = typed(&v).unwrap();
        assert_eq!(t, "envoy.extensions.filters.http.wasm.v3.Wasm");
        assert!(body.get("config").is_some());
    }
}
