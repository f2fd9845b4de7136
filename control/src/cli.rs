//! `validate` and `scan` (PLACEHOLDER: being written).
