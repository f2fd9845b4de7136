//! The root context: reads and checks the plugin configuration and the proxy secret from the
//! VM's environment (refusing a bad or partial one, or a missing or short secret, so Envoy
//! refuses the listener or the bootstrap extension), defines the stats, and plays the
//! configured role — the HTTP filter's root (creating one [`crate::http::Http`] per request),
//! the sync service ([`crate::poller::Poller`]), or both in `lease` mode. Generic over the
//! [`Host`], like everything it creates, so a whole configure-tick-request cycle runs natively
//! against the fake host.
use crate::host::{log_error, log_info, Buffer, Host};
use crate::http::Http;
use crate::metrics::Metrics;
use crate::poller::Poller;
use crate::store::{GuardCache, SharedCache};
use orrery_learning_guard::policy::{FilterConfig, Role, SyncMode};
use proxy_wasm::traits::{Context, HttpContext, RootContext};
use proxy_wasm::types::ContextType;
use std::cell::RefCell;
use std::rc::Rc;

pub struct Root<H> {
    host: H,
    context_id: u32,
    config: Option<Rc<FilterConfig>>,
    metrics: Rc<Metrics<H>>,
    cache: SharedCache,
    poller: Option<Poller<H>>,
}

impl<H: Host + Clone> Root<H> {
    pub fn new(context_id: u32, host: H) -> Root<H> {
        Root {
            metrics: Rc::new(Metrics::undefined(host.clone())),
            host,
            context_id,
            config: None,
            cache: Rc::new(RefCell::new(GuardCache::default())),
            poller: None,
        }
    }
}

impl<H: Host + Clone> Root<H> {
    /// A request's context; without a filter configuration it answers 503 on every request.
    fn http(&self) -> Http<H> {
        let cfg = self.config.clone().filter(|c| c.role == Role::Filter);
        Http::new(
            self.host.clone(),
            cfg,
            self.metrics.clone(),
            self.cache.clone(),
        )
    }
}

impl<H: Host + Clone + 'static> Context for Root<H> {
    fn on_http_call_response(
        &mut self,
        token_id: u32,
        num_headers: usize,
        body_size: usize,
        _num_trailers: usize,
    ) {
        if let Some(p) = self.poller.as_mut() {
            p.on_http_call_response(token_id, num_headers, body_size);
        }
    }
}

impl<H: Host + Clone + 'static> RootContext for Root<H> {
    fn on_configure(&mut self, plugin_configuration_size: usize) -> bool {
        let bytes = self
            .host
            .buffer(Buffer::PLUGIN_CONFIGURATION, 0, plugin_configuration_size);
        let mut cfg = match FilterConfig::parse(&bytes) {
            Ok(c) => c,
            Err(e) => {
                log_error!(self.host, "orrery-learning: refusing to start: {e}");
                return false;
            }
        };
        // The proxy secret is never in the configuration (config_dump shows it): it comes from
        // the VM's environment, which Envoy fills from `vm_config.environment_variables`.
        let secret = match std::env::var(&cfg.control.proxy_secret_env) {
            Ok(v) => v,
            Err(_) => {
                log_error!(self.host,
                    "orrery-learning: refusing to start: {} is not set in the VM's environment (list it in vm_config.environment_variables.host_env_keys)",
                    cfg.control.proxy_secret_env
                );
                return false;
            }
        };
        if let Err(e) = cfg.control.set_proxy_secret(secret) {
            log_error!(self.host, "orrery-learning: refusing to start: {e}");
            return false;
        }
        let cfg = Rc::new(cfg);
        // Every guard set this worker compiles uses the configured oracle rule; a cache that
        // cannot take it refuses the configuration rather than guard with other rules.
        match self.cache.try_borrow_mut() {
            Ok(mut c) => c.set_rules(cfg.oracle.rules()),
            Err(_) => {
                log_error!(
                    self.host,
                    "orrery-learning: refusing to start: the guard cache is busy"
                );
                return false;
            }
        }
        if cfg.role == Role::Filter {
            // Build the matcher's word and script automata now, not on the first request.
            orrery_learning_guard::matcher::warm();
        }
        self.metrics = Rc::new(Metrics::define(self.host.clone()));
        let poll = match (cfg.role, cfg.sync) {
            (Role::Sync, _) => Some(false),
            (Role::Filter, SyncMode::Lease) => Some(true),
            (Role::Filter, SyncMode::Singleton) => None,
        };
        if let Some(leased) = poll {
            let p = Poller::new(
                self.host.clone(),
                cfg.clone(),
                self.metrics.clone(),
                leased,
                self.context_id,
            );
            if !self.host.set_tick_period(p.tick_period()) {
                log_error!(
                    self.host,
                    "orrery-learning: refusing to start: the host refused a tick period"
                );
                return false;
            }
            self.poller = Some(p);
        }
        log_info!(
            self.host,
            "orrery-learning: configured as {}{}",
            match cfg.role {
                Role::Filter => "filter",
                Role::Sync => "sync service",
            },
            if poll == Some(true) {
                " with leased sync"
            } else {
                ""
            }
        );
        self.config = Some(cfg);
        true
    }

    fn on_tick(&mut self) {
        if let Some(p) = self.poller.as_mut() {
            p.on_tick();
        }
    }

    fn create_http_context(&self, _context_id: u32) -> Option<Box<dyn HttpContext>> {
        // Always a context (the SDK traps on None).
        Some(Box::new(self.http()))
    }

    fn get_type(&self) -> Option<ContextType> {
        Some(ContextType::HttpContext)
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
    use super::*;
    use crate::host::fake::FakeHost;
    use crate::testing::{publish, SECRET};
    use proxy_wasm::types::Action;

    fn configure(host: &FakeHost, cfg: &str) -> (Root<FakeHost>, bool) {
        host.set_body(Buffer::PLUGIN_CONFIGURATION, cfg.as_bytes());
        let mut root = Root::new(1, host.clone());
        let ok = root.on_configure(cfg.len());
        (root, ok)
    }

    #[test]
    fn configure_then_tick_then_serve() {
        // A variable name of this test's own: tests run in parallel in one process.
        std::env::set_var("ROOT_TEST_SECRET", SECRET);
        let host = FakeHost::new();
        let cfg = r#"{"role":"filter","sync":"lease","control":{"cluster":"c","proxy_secret_env":"ROOT_TEST_SECRET"}}"#;
        let (mut root, ok) = configure(&host, cfg);
        assert!(ok);
        assert!(root.poller.is_some());
        assert_eq!(
            host.state().tick,
            Some(std::time::Duration::from_millis(200))
        );
        root.on_tick();
        assert_eq!(host.take_calls().len(), 1, "the leased poller polls");
        publish(&host, "L1");
        // (Not through `create_http_context`: a `dyn HttpContext` would link every SDK default
        // method, which natively has no host to call.)
        let mut http = root.http();
        host.set_headers(
            crate::host::Map::REQUEST_HEADERS,
            &[(":method", "GET"), (":path", "/sessions")],
        );
        assert_eq!(http.on_http_request_headers(2, true), Action::Continue);
        crate::testing::assert_logs_clean(&host);
    }

    #[test]
    fn a_bad_configuration_or_a_missing_secret_is_refused() {
        let host = FakeHost::new();
        let (root, ok) = configure(&host, r#"{"role":"filter"}"#);
        assert!(!ok && root.config.is_none());
        let cfg =
            r#"{"role":"sync","control":{"cluster":"c","proxy_secret_env":"ROOT_TEST_UNSET"}}"#;
        let (_, ok) = configure(&host, cfg);
        assert!(!ok);
        assert!(host
            .logs()
            .iter()
            .all(|(_, l)| l.starts_with("orrery-learning: refusing to start")));
    }
}
