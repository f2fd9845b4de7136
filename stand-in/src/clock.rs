//! Wall-clock helpers: RFC 3339 UTC timestamps for the `at`, `timestamp` and `last_update_time`
//! fields (formatted by the `time` crate; the stand-in needs only "now", formatted).
use std::time::{SystemTime, UNIX_EPOCH};
use time::format_description::well_known::Rfc3339;
use time::OffsetDateTime;

/// Seconds since the Unix epoch (0 if the clock is before it).
pub fn unix_now() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0)
}

/// The current time as `YYYY-MM-DDTHH:MM:SSZ`.
pub fn now_rfc3339() -> String {
    rfc3339(unix_now())
}

/// Formats Unix seconds as `YYYY-MM-DDTHH:MM:SSZ` (UTC); past year 9999 (never "now"), the
/// Unix epoch.
pub fn rfc3339(secs: u64) -> String {
    let t = i64::try_from(secs)
        .ok()
        .and_then(|s| OffsetDateTime::from_unix_timestamp(s).ok())
        .unwrap_or(OffsetDateTime::UNIX_EPOCH);
    // Whole seconds: Rfc3339 then writes no fraction, and UTC as `Z`.
    t.format(&Rfc3339)
        .unwrap_or_else(|_| "1970-01-01T00:00:00Z".to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats_known_instants() {
        let cases = [
            (0, "1970-01-01T00:00:00Z"),
            (951_782_400, "2000-02-29T00:00:00Z"),
            (1_793_354_400, "2026-10-30T10:00:00Z"),
            (4_102_444_799, "2099-12-31T23:59:59Z"),
            (253_402_300_800, "1970-01-01T00:00:00Z"),
            (u64::MAX, "1970-01-01T00:00:00Z"),
        ];
        for (secs, want) in cases {
            assert_eq!(rfc3339(secs), want, "{secs}");
        }
    }
}
