//! The service's clock: wall time in Unix milliseconds, plus an offset that only the hidden
//! `--test-hooks` flag can move (through `POST /v1/test/advance-clock`). Grace expiry, the hint
//! rate limit and audit timestamps all read this one clock, so a test can jump an hour ahead
//! without sleeping. In production the offset stays 0: nothing else ever writes it.

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{SystemTime, UNIX_EPOCH};

/// Wall-clock time with a forward-only test offset.
#[derive(Debug, Default)]
pub struct Clock {
    offset_ms: AtomicU64,
}

impl Clock {
    /// Milliseconds since the Unix epoch, as this service sees them.
    pub fn now_ms(&self) -> u64 {
        let wall = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map(|d| u64::try_from(d.as_millis()).unwrap_or(u64::MAX))
            .unwrap_or(0);
        wall.saturating_add(self.offset_ms.load(Ordering::SeqCst))
    }

    /// Move the clock forward (tests only; the offset never goes back, as real time doesn't).
    pub fn advance_ms(&self, ms: u64) {
        self.offset_ms.fetch_add(ms, Ordering::SeqCst);
    }
}

/// RFC 3339 UTC with milliseconds (`2026-11-29T14:51:49.123Z`) for audit lines (the `time`
/// crate, as the stand-in uses). An instant `time` cannot represent reads as the epoch.
pub fn rfc3339_ms(unix_ms: u64) -> String {
    const FORMAT: &[time::format_description::FormatItem<'static>] = time::macros::format_description!(
        "[year]-[month]-[day]T[hour]:[minute]:[second].[subsecond digits:3]Z"
    );
    let nanos = i128::from(unix_ms) * 1_000_000;
    time::OffsetDateTime::from_unix_timestamp_nanos(nanos)
        .ok()
        .and_then(|t| t.format(FORMAT).ok())
        .unwrap_or_else(|| "1970-01-01T00:00:00.000Z".to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats_known_instants() {
        let cases = [
            (0, "1970-01-01T00:00:00.000Z"),
            (951_782_400_000, "2000-02-29T00:00:00.000Z"),
            (1_796_000_000_123, "2026-11-30T00:53:20.123Z"),
            (4_102_444_799_999, "2099-12-31T23:59:59.999Z"),
        ];
        for (ms, want) in cases {
            assert_eq!(rfc3339_ms(ms), want, "{ms}");
        }
    }

    #[test]
    fn advance_moves_forward() {
        let c = Clock::default();
        let before = c.now_ms();
        c.advance_ms(3_600_000);
        assert!(c.now_ms() >= before + 3_600_000);
    }
}
