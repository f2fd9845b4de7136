//! Filter configuration and route classification (PLACEHOLDER: being written).
