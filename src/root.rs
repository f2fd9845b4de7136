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
        // Always a context (the SDK traps on None); without a filter configuration it answers
        // 503 on every request.
        let cfg = self.config.clone().filter(|c| c.role == Role::Filter);
        Some(Box::new(Http::new(
            self.host.clone(),
            cfg,
            self.metrics.clone(),
            self.cache.clone(),
        )))
    }

    fn get_type(&self) -> Option<ContextType> {
        Some(ContextType::HttpContext)
    }
}
