//! Envoy stats of the filter: typed counters. Each stat is an enum variant ([`Withheld`],
//! [`Refusal`], [`SyncStat`]) with one fixed name, so a stat the code increments but nobody
//! defined is a compile error, not a silently dropped count. The counters are defined once per
//! VM ([`Metrics::define`]) into tables indexed by the variant: an increment is an array read
//! and one host call (no name formatting, no map lookup). Names are fixed words only (a surface,
//! a fail-closed reason, a sync outcome), never anything from a request or the manifest; Envoy
//! shows them as `wasmcustom.orrery_learning.<group>.<name>`.
use crate::host::Host;
use orrery_learning_guard::policy::{DenyReason, Route};
use orrery_learning_guard::surfaces::Surface;

/// A group of counters: the variants, their fixed names, and their slot in the group's table.
pub trait Stat: Copy + 'static {
    /// The middle word of the stat name (`orrery_learning.<GROUP>.<name>`).
    const GROUP: &'static str;
    /// Every variant, in declaration order (the slot of a variant is its position here).
    const ALL: &'static [Self];
    fn name(self) -> &'static str;
    fn slot(self) -> usize;
}

/// Declares a stat enum, its names and its `Stat` impl from one table, so a variant cannot lack
/// a name or a slot.
macro_rules! stats {
    ($(#[$doc:meta])* $ty:ident, $group:literal { $($(#[$vdoc:meta])* $v:ident => $name:literal,)+ }) => {
        $(#[$doc])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq)]
        pub enum $ty { $($(#[$vdoc])* $v,)+ }

        impl Stat for $ty {
            const GROUP: &'static str = $group;
            const ALL: &'static [$ty] = &[$($ty::$v,)+];
            fn name(self) -> &'static str {
                match self { $($ty::$v => $name,)+ }
            }
            fn slot(self) -> usize {
                self as usize
            }
        }
    };
}

stats! {
    /// Surfaces that count withheld answers (the same words as the event lines' `surface`).
    Withheld, "withheld" {
        Chat => "chat",
        ChatStream => "chat_stream",
        Transcript => "transcript",
        Sessions => "sessions",
        Triage => "triage",
        Activity => "activity",
        Confirmations => "confirmations",
        Me => "me",
        /// An Orrery console page (`routes.console_pages`).
        Page => "page",
        Other => "other",
    }
}

stats! {
    /// Fail-closed and other refusals.
    Refusal, "refused" {
        NotReady => "not_ready",
        TooLarge => "too_large",
        Compressed => "compressed",
        Upgrade => "upgrade",
        Admin => "admin",
        Studio => "studio",
        UnknownRoute => "unknown_route",
        LearningNotFound => "learning_not_found",
        /// A learning route only an instructor may use (`GET /learning/report`).
        NotInstructor => "not_instructor",
        /// A request body over `limits.max_body_bytes` (answered 413).
        RequestTooLarge => "request_too_large",
        StreamFailed => "stream_failed",
        ProbeCooldown => "probe_cooldown",
        BodyWriteFailed => "body_write_failed",
        HeaderWriteFailed => "header_write_failed",
        /// The host refused a local reply (the request stays unanswered until Envoy's timeout).
        LocalReplyFailed => "local_reply_failed",
        /// A response the filter reset after its headers had left (over the limit, or a body
        /// rewrite the host refused).
        StreamReset => "stream_reset",
        /// The host refused even the reset.
        ResetFailed => "reset_failed",
    }
}

stats! {
    /// Sync-service outcomes (and the event queue, which both roles write).
    SyncStat, "sync" {
        WatchOk => "watch_ok",
        WatchError => "watch_error",
        GuardUpdated => "guard_updated",
        GuardRefused => "guard_refused",
        LevelsFullResync => "levels_full_resync",
        EventsPosted => "events_posted",
        EventsPostError => "events_post_error",
        /// Events dropped: over the pending-queue bound, after repeated CAS contention, or
        /// refused by the control service with a 4xx.
        EventsDropped => "events_dropped",
        HintLevelWritten => "hint_level_written",
        RepliesReported => "replies_reported",
        ProbeFlagWritten => "probe_flag_written",
    }
}

impl Withheld {
    /// The surface a route's withheld answers count under.
    pub fn of_route(route: Route) -> Withheld {
        match route {
            Route::Guarded(s) => match s {
                Surface::Chat => Withheld::Chat,
                Surface::Transcript => Withheld::Transcript,
                Surface::Sessions => Withheld::Sessions,
                Surface::Triage => Withheld::Triage,
                Surface::Activity => Withheld::Activity,
                Surface::Confirmations => Withheld::Confirmations,
                Surface::Me => Withheld::Me,
                Surface::Other => Withheld::Other,
            },
            Route::ChatStream => Withheld::ChatStream,
            Route::Page => Withheld::Page,
            Route::Health | Route::Hint | Route::Report | Route::LearningAsset | Route::Deny(_) => {
                Withheld::Other
            }
        }
    }
}

impl From<DenyReason> for Refusal {
    fn from(r: DenyReason) -> Refusal {
        match r {
            DenyReason::Admin => Refusal::Admin,
            DenyReason::Studio => Refusal::Studio,
            DenyReason::Unknown => Refusal::UnknownRoute,
            DenyReason::LearningNotFound => Refusal::LearningNotFound,
            DenyReason::Upgrade => Refusal::Upgrade,
            DenyReason::NotInstructor => Refusal::NotInstructor,
        }
    }
}

const N_WITHHELD: usize = Withheld::ALL.len();
const N_REFUSAL: usize = Refusal::ALL.len();
const N_SYNC: usize = SyncStat::ALL.len();

/// Counter ids, one table per group, indexed by [`Stat::slot`], and the host they count on.
/// `None`: the host refused to define that counter (it stays uncounted; nothing else changes).
pub struct Metrics<H> {
    host: H,
    withheld: [Option<u32>; N_WITHHELD],
    refused: [Option<u32>; N_REFUSAL],
    sync: [Option<u32>; N_SYNC],
}

/// `orrery_learning.<group>.<name>`: the full stat name (Envoy prefixes `wasmcustom.`).
pub fn stat_name<S: Stat>(s: S) -> String {
    format!("orrery_learning.{}.{}", S::GROUP, s.name())
}

fn define_group<S: Stat, const N: usize>(host: &impl Host, table: &mut [Option<u32>; N]) {
    for s in S::ALL {
        if let Some(slot) = table.get_mut(s.slot()) {
            *slot = host.define_counter(&stat_name(*s));
        }
    }
}

impl<H: Host> Metrics<H> {
    /// No counter defined yet (before the configuration): every increment is dropped.
    pub fn undefined(host: H) -> Metrics<H> {
        Metrics {
            host,
            withheld: [None; N_WITHHELD],
            refused: [None; N_REFUSAL],
            sync: [None; N_SYNC],
        }
    }

    /// Define every counter (once per VM, at configuration).
    pub fn define(host: H) -> Metrics<H> {
        let mut m = Metrics::undefined(host);
        define_group::<Withheld, N_WITHHELD>(&m.host, &mut m.withheld);
        define_group::<Refusal, N_REFUSAL>(&m.host, &mut m.refused);
        define_group::<SyncStat, N_SYNC>(&m.host, &mut m.sync);
        m
    }

    fn bump(&self, id: Option<&Option<u32>>, n: u64) {
        if let Some(Some(id)) = id {
            self.host
                .increment(*id, i64::try_from(n).unwrap_or(i64::MAX));
        }
    }

    pub fn withheld(&self, s: Withheld, n: u64) {
        self.bump(self.withheld.get(s.slot()), n);
    }

    pub fn refused(&self, r: Refusal) {
        self.bump(self.refused.get(r.slot()), 1);
    }

    pub fn sync(&self, s: SyncStat) {
        self.sync_add(s, 1);
    }

    pub fn sync_add(&self, s: SyncStat, n: u64) {
        self.bump(self.sync.get(s.slot()), n);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    fn check<S: Stat + std::fmt::Debug>() -> Vec<String> {
        let mut names = HashSet::new();
        for (i, s) in S::ALL.iter().enumerate() {
            assert_eq!(s.slot(), i, "{s:?}: slot is its position in ALL");
            let n = s.name();
            assert!(
                !n.is_empty() && n.bytes().all(|b| b.is_ascii_lowercase() || b == b'_'),
                "{s:?}: a stat name is a lower-case word"
            );
            assert!(names.insert(n), "{s:?}: duplicate stat name {n}");
        }
        S::ALL.iter().map(|s| stat_name(*s)).collect()
    }

    #[test]
    fn every_stat_has_a_unique_fixed_name() {
        let mut all = check::<Withheld>();
        all.extend(check::<Refusal>());
        all.extend(check::<SyncStat>());
        let unique: HashSet<_> = all.iter().collect();
        assert_eq!(unique.len(), all.len());
        // The names tests and docs grep for stay as they were.
        for n in [
            "orrery_learning.withheld.chat",
            "orrery_learning.withheld.page",
            "orrery_learning.refused.too_large",
            "orrery_learning.refused.not_ready",
            "orrery_learning.sync.events_dropped",
            "orrery_learning.sync.watch_ok",
        ] {
            assert!(all.iter().any(|a| a == n), "{n} is defined");
        }
    }

    #[test]
    fn surfaces_and_deny_reasons_map_to_their_own_names() {
        for s in [
            Surface::Chat,
            Surface::Transcript,
            Surface::Sessions,
            Surface::Triage,
            Surface::Activity,
            Surface::Confirmations,
            Surface::Me,
            Surface::Other,
        ] {
            assert_eq!(Withheld::of_route(Route::Guarded(s)).name(), s.name());
        }
        assert_eq!(Withheld::of_route(Route::Page), Withheld::Page);
        assert_eq!(Withheld::of_route(Route::ChatStream).name(), "chat_stream");
        for r in [
            DenyReason::Admin,
            DenyReason::Studio,
            DenyReason::Unknown,
            DenyReason::LearningNotFound,
            DenyReason::Upgrade,
            DenyReason::NotInstructor,
        ] {
            assert_eq!(Refusal::from(r).name(), r.name());
        }
    }

    #[test]
    fn counters_are_defined_once_and_counted_by_slot() {
        use crate::host::fake::FakeHost;
        let host = FakeHost::new();
        let m = Metrics::define(host.clone());
        let defined = host.state().counters.len();
        assert_eq!(defined, N_WITHHELD + N_REFUSAL + N_SYNC);
        m.refused(Refusal::TooLarge);
        m.withheld(Withheld::Page, 3);
        m.sync_add(SyncStat::EventsDropped, 2);
        assert_eq!(host.counter("orrery_learning.refused.too_large"), 1);
        assert_eq!(host.counter("orrery_learning.withheld.page"), 3);
        assert_eq!(host.counter("orrery_learning.sync.events_dropped"), 2);
        // Increments define nothing more.
        assert_eq!(host.state().counters.len(), defined);
        // Before the configuration nothing is counted, and nothing fails.
        let none = Metrics::undefined(host.clone());
        none.refused(Refusal::TooLarge);
        assert_eq!(host.counter("orrery_learning.refused.too_large"), 1);
    }
}
