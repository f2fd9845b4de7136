//! The value the code evaluators compute ([`super::code`], [`super::program`],
//! [`super::prefix`]): a number, a string, or a list, and the text each prints or concatenates
//! as. One type, so that `51 + "00"` reads the same in a call, a statement and a Lisp form.
//! How a string converts to a number stays each evaluator's own choice (its language's rule),
//! passed to [`Val::coerce`].

/// A literal or an evaluated expression's value.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Val {
    Num(f64),
    Str(String),
    List(Vec<Val>),
}

impl Val {
    /// A number only (a string is not one: a call's arguments as the language types them).
    pub(crate) fn num(&self) -> Option<f64> {
        match self {
            Val::Num(n) => Some(*n),
            _ => None,
        }
    }

    /// A number, or a string `parse` reads as one once trimmed (`"5100"` → 5100).
    pub(crate) fn coerce(&self, parse: impl Fn(&str) -> Option<f64>) -> Option<f64> {
        match self {
            Val::Num(n) => Some(*n),
            Val::Str(s) => parse(s.trim()),
            Val::List(_) => None,
        }
    }

    /// The text a value prints or concatenates as (`5100` for 5100.0, a string as it is).
    pub(crate) fn text(&self) -> Option<String> {
        match self {
            Val::Num(n) => Some(fmt_num(*n)),
            Val::Str(s) => Some(s.clone()),
            Val::List(_) => None,
        }
    }
}

/// A number as a program prints it: integral values without a point.
pub(crate) fn fmt_num(n: f64) -> String {
    if n.fract() == 0.0 && n.abs() < 1e15 {
        format!("{}", n as i64)
    } else {
        format!("{n}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_and_numbers() {
        assert_eq!(Val::Num(5100.0).text().as_deref(), Some("5100"));
        assert_eq!(Val::Num(51.5).text().as_deref(), Some("51.5"));
        assert_eq!(Val::List(vec![]).text(), None);
        assert_eq!(Val::Str("51".into()).num(), None);
        assert_eq!(
            Val::Str(" 51 ".into()).coerce(|s| s.parse().ok()),
            Some(51.0)
        );
        assert_eq!(Val::List(vec![]).coerce(|s| s.parse().ok()), None);
    }
}
