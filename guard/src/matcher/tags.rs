//! Other spellings of a version tag (part of `Rules::loose_strings`). A target such as
//! `v2.7.1-rc` is as plainly stated by `2.7.1-rc` (how an image reference writes it:
//! `shop/checkout:2.7.1-rc`) or `2.7.1 release candidate`. This module owns those spellings;
//! the loose string view matches them with its usual digit-boundary controls, so `12.7.1-rc`
//! or `2.7.10-rc` stay visible.

/// The extra spellings of `t` (none for a target that is not a `v`-prefixed or `rc` tag).
pub(crate) fn variants(t: &str) -> Vec<String> {
    let mut out = Vec::new();
    let bare = match t.strip_prefix(['v', 'V']) {
        Some(rest) if rest.starts_with(|c: char| c.is_ascii_digit()) => Some(rest),
        _ => None,
    };
    let forms: Vec<&str> = std::iter::once(t).chain(bare).collect();
    for f in &forms {
        if *f != t {
            out.push((*f).to_string());
        }
        let lower = f.to_ascii_lowercase();
        for suffix in ["-rc", ".rc", "_rc", "rc"] {
            if let Some(head) = lower.strip_suffix(suffix) {
                if head.ends_with(|c: char| c.is_ascii_digit()) {
                    let head = f.get(..head.len()).unwrap_or(head);
                    out.push(format!("{head} release candidate"));
                }
                break;
            }
        }
    }
    // Only spellings that still carry a digit and three characters of substance.
    out.retain(|v| {
        v.chars().any(|c| c.is_ascii_digit())
            && v.chars().filter(|c| c.is_alphanumeric()).count() >= 3
    });
    out
}

#[cfg(test)]
mod tests {
    use super::variants;

    #[test]
    fn tags() {
        assert_eq!(
            variants("v2.7.1-rc"),
            vec![
                "v2.7.1 release candidate".to_string(),
                "2.7.1-rc".to_string(),
                "2.7.1 release candidate".to_string()
            ]
        );
        assert!(variants("orders-worker-kestrel").is_empty());
        assert!(variants("very-7").is_empty());
    }
}
