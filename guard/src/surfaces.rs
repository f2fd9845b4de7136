//! JSON surface rewrites (PLACEHOLDER: being written).
