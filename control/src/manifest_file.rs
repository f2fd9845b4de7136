//! Reading a manifest file (PLACEHOLDER: being written): regular files only.
