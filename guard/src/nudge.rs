//! The nudge ladder (PLACEHOLDER: being written).

/// The nudge for a target at a level (0, 1, 2). Never contains a value.
pub fn nudge(descriptor: &str, level: u8) -> String {
    let _ = (descriptor, level);
    "I can't give that value yet.".to_string()
}
