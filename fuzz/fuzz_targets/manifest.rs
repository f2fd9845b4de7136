//! Fuzz target: the manifest parser. Any bytes must give a manifest or errors, never a panic;
//! every error names a fixed location and kind (never input), and an accepted manifest makes a
//! guard set that passes its own wire validation and round-trips through JSON.
#![no_main]
use libfuzzer_sys::fuzz_target;
use orrery_learning_guard::guard::{Guard, GuardSet};
use orrery_learning_guard::manifest::parse_manifest;

fuzz_target!(|data: &[u8]| {
    match parse_manifest(data) {
        Ok(m) => {
            let set = GuardSet::from_manifest(&m, Vec::new());
            assert_eq!(set.validate(), Ok(()));
            let wire = serde_json::to_vec(&set).unwrap_or_default();
            let back: GuardSet = serde_json::from_slice(&wire).expect("wire form parses");
            assert_eq!(back, set);
            let guard = Guard::compile(set);
            for level in 0..3 {
                if let Some(shown) = guard
                    .guard_reply(&m.targets[0].descriptor, level)
                    .replacement
                {
                    assert!(guard.find(&shown).is_empty());
                }
            }
        }
        Err(errors) => {
            assert!(!errors.is_empty());
            for e in errors {
                assert!(
                    e.location
                        .bytes()
                        .all(|b| b.is_ascii_alphanumeric() || b"$_.[]".contains(&b)),
                    "location {:?}",
                    e.location
                );
            }
        }
    }
});
