//! Stack control: one real stack per test (the control service, the Orrery stand-in and Envoy
//! with the learning filter) on free loopback ports, with a temp manifest, each process's log in
//! `target/e2e/<test>/`; starting, restarting and stopping its processes; the Envoy config,
//! rendered from `envoy/demo.yaml.tmpl` by `orrery-standin render-envoy` (the renderer
//! `make run` uses too); tokens minted by `orrery-standin token`; and the stack's own reads
//! (requests through Envoy, stats, audit, report) on top of [`super::client`].
use super::client::{http, stream_request, Resp, Streamed};
use serde_json::Value;
use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::Mutex;
use std::time::{Duration, Instant};

pub const SECRET: &str = "e2e-proxy-secret-0123456789";
/// The environment variable the filter configuration names for the proxy secret.
pub const SECRET_ENV: &str = "ORRERY_LEARNING_PROXY_SECRET";
/// The control service's report token (`GET /v1/report`, read directly on loopback).
pub const REPORT_TOKEN: &str = "e2e-report-token-0123456789";

pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn bin(name: &str) -> PathBuf {
    root().join("target/release").join(name)
}

pub fn wasm_path() -> PathBuf {
    root().join("target/wasm32-wasip1/release/orrery_learning_filter.wasm")
}

/// `ENVOY_BIN` as the Makefile and the tools take it: an absolute path, a path relative to the
/// repository (`make` runs there), or a bare name looked up on `PATH` (func-e's `envoy`);
/// unset, the project's `.venv/bin/envoy`.
pub fn envoy_bin() -> PathBuf {
    let Some(v) = std::env::var_os("ENVOY_BIN").filter(|v| !v.is_empty()) else {
        return root().join(".venv/bin/envoy");
    };
    let p = PathBuf::from(&v);
    if p.is_absolute() {
        return p;
    }
    if p.components().count() == 1 {
        if let Some(found) = std::env::var_os("PATH").and_then(|path| {
            std::env::split_paths(&path)
                .map(|d| d.join(&p))
                .find(|c| c.is_file())
        }) {
            return found;
        }
    }
    root().join(p)
}

/// The binaries the stack needs; a clear message rather than a hang when one is missing.
fn require_built() {
    for p in [
        bin("orrery-learning"),
        bin("orrery-standin"),
        wasm_path(),
        envoy_bin(),
    ] {
        assert!(
            p.exists(),
            "{} is missing: run `make build` (or `cargo build --release -p orrery-learning-control -p orrery-standin` and \
             `cargo build -p orrery-learning-filter --target wasm32-wasip1 --release`) and `make envoy` first",
            p.display()
        );
    }
}

pub fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .unwrap_or_else(|e| panic!("no free port: {e}"))
}

/// The example-like manifest the tests use: a number, a second number, a string.
pub fn manifest(scenario_id: &str, lag: u64, partition: u64, consumer: &str) -> String {
    serde_json::json!({
        "schema_version": 1,
        "scenario_id": scenario_id,
        "seeded_at": "2026-10-30T10:00:00Z",
        "default_disclosure": 0,
        "targets": [
            {"id": "total_lag", "descriptor": "total lag of group orders-processor",
             "value": lag, "unit": "messages"},
            {"id": "worst_partition_lag",
             "descriptor": "lag of the most-lagged partition of topic orders in group orders-processor",
             "value": partition, "unit": "messages"},
            {"id": "stalled_consumer",
             "descriptor": "client id of the consumer instance that stopped committing offsets",
             "value": consumer}
        ]
    })
    .to_string()
}

pub fn default_manifest() -> String {
    manifest("kafka-lag-7f3a", 5100, 2750, "orders-worker-kestrel")
}

/// How to start a stack.
#[derive(Clone)]
pub struct Options {
    pub manifest: String,
    pub hint_interval_seconds: u64,
    pub grace_seconds: u64,
    /// Start the control service (false: Envoy comes up with its control service unreachable).
    pub start_control: bool,
    /// Rewrite the rendered Envoy config (e.g. lease mode, a bad filter config).
    pub edit_envoy: Option<fn(String) -> String>,
    /// Wait until `/healthz` through Envoy is ready.
    pub wait_ready: bool,
    /// Build the whole Envoy config instead of rendering the demo template (tests/istio.rs
    /// derives it from the rendered deploy/ overlay); `edit_envoy` still applies after it.
    pub render: Option<fn(&Stack) -> String>,
    /// Probe detection on the control service (`--probe-threshold`, `--probe-window-seconds`);
    /// `None` keeps its default (5 in 600 s).
    pub probe_threshold: Option<u32>,
    pub probe_window_seconds: Option<u64>,
    /// The filter's `probe.cooldown_seconds` (0: the default, off).
    pub cooldown_seconds: u64,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            manifest: default_manifest(),
            hint_interval_seconds: 1,
            grace_seconds: 3600,
            start_control: true,
            edit_envoy: None,
            wait_ready: true,
            render: None,
            probe_threshold: None,
            probe_window_seconds: None,
            cooldown_seconds: 0,
        }
    }
}

pub struct Stack {
    pub name: String,
    pub dir: PathBuf,
    pub listen: u16,
    pub admin: u16,
    pub orrery: u16,
    pub control: u16,
    pub manifest_path: PathBuf,
    opts: Options,
    /// Every manifest this stack has served (their values are grepped for at the end).
    pub(super) manifests: Vec<String>,
    control_proc: Option<Child>,
    standin_proc: Option<Child>,
    /// In a cell: [`Stack::check_logs`] (on `&self`) stops Envoy to flush its access log.
    envoy_proc: Mutex<Option<Child>>,
    control_starts: u32,
    /// Every token [`Stack::token`] minted (grepped for at the end).
    pub(super) tokens: Mutex<Vec<String>>,
}

fn log_file(dir: &Path, name: &str) -> std::fs::File {
    std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(dir.join(name))
        .unwrap_or_else(|e| panic!("open {name}: {e}"))
}
impl Stack {
    pub fn start(name: &str, opts: Options) -> Stack {
        require_built();
        let dir = root().join("target/e2e").join(name);
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("inputs")).expect("create the test directory");
        let manifest_path = dir.join("inputs/manifest.json");
        std::fs::write(&manifest_path, &opts.manifest).expect("write the manifest");
        let mut s = Stack {
            name: name.into(),
            dir,
            listen: free_port(),
            admin: free_port(),
            orrery: free_port(),
            control: free_port(),
            manifest_path,
            manifests: vec![opts.manifest.clone()],
            opts: opts.clone(),
            control_proc: None,
            standin_proc: None,
            envoy_proc: Mutex::new(None),
            control_starts: 0,
            tokens: Mutex::new(Vec::new()),
        };
        s.start_standin();
        if opts.start_control {
            s.start_control();
        }
        s.start_envoy();
        if opts.wait_ready {
            s.wait_ready();
        }
        s
    }

    fn start_standin(&mut self) {
        let child = Command::new(bin("orrery-standin"))
            .args(["serve", "--listen", &format!("127.0.0.1:{}", self.orrery)])
            .env("RUST_LOG", "debug")
            .stdin(Stdio::null())
            .stdout(log_file(&self.dir, "standin.log"))
            .stderr(log_file(&self.dir, "standin.log"))
            .spawn()
            .expect("start the stand-in");
        self.standin_proc = Some(child);
        wait_until(Duration::from_secs(20), "the stand-in", || {
            http(self.orrery, "GET", "/healthz", &[], None).is_ok_and(|r| r.status == 200)
        });
    }

    pub fn start_control(&mut self) {
        self.control_starts += 1;
        let audit = self.dir.join("audit.jsonl");
        let child = Command::new(bin("orrery-learning"))
            .args([
                "serve",
                "--listen",
                &format!("127.0.0.1:{}", self.control),
                "--manifest",
                &self.manifest_path.to_string_lossy(),
                "--audit",
                &audit.to_string_lossy(),
                // Under inputs/ (it holds values, like the manifests): grace survives a restart.
                "--grace-file",
                &self.dir.join("inputs/grace.json").to_string_lossy(),
                "--hint-interval-seconds",
                &self.opts.hint_interval_seconds.to_string(),
                "--grace-seconds",
                &self.opts.grace_seconds.to_string(),
                "--report-token",
                REPORT_TOKEN,
            ])
            .args(
                self.opts
                    .probe_threshold
                    .map(|t| ["--probe-threshold".to_string(), t.to_string()])
                    .into_iter()
                    .flatten(),
            )
            .args(
                self.opts
                    .probe_window_seconds
                    .map(|w| ["--probe-window-seconds".to_string(), w.to_string()])
                    .into_iter()
                    .flatten(),
            )
            .env("ORRERY_LEARNING_PROXY_SECRET", SECRET)
            .env("RUST_LOG", "debug")
            .stdin(Stdio::null())
            .stdout(log_file(&self.dir, "control.log"))
            .stderr(log_file(&self.dir, "control.log"))
            .spawn()
            .expect("start the control service");
        self.control_proc = Some(child);
        wait_until(Duration::from_secs(20), "the control service", || {
            http(self.control, "GET", "/healthz", &[], None).is_ok_and(|r| r.status == 200)
        });
    }

    pub fn stop_control(&mut self) {
        if let Some(mut c) = self.control_proc.take() {
            let _ = c.kill();
            let _ = c.wait();
        }
    }

    /// The rendered Envoy config (the same template and renderer `make run` uses).
    pub fn render_envoy(&self) -> String {
        let mut out = match self.opts.render {
            Some(render) => render(self),
            None => render_demo(self.listen, self.admin, self.orrery, self.control),
        };
        if self.opts.cooldown_seconds > 0 {
            // The HTTP filter's configuration only (the sync service's is `"role": "sync"`).
            let filter = r#"{"role": "filter", "#;
            assert_eq!(out.matches(filter).count(), 1, "one filter configuration");
            out = out.replace(
                filter,
                &format!(
                    r#"{{"role": "filter", "probe": {{"cooldown_seconds": {}}}, "#,
                    self.opts.cooldown_seconds
                ),
            );
        }
        match self.opts.edit_envoy {
            Some(f) => f(out),
            None => out,
        }
    }

    /// Start Envoy; when a port picked by [`free_port`] was taken in the meantime (another test
    /// or a client socket got it between the pick and Envoy's bind), pick new ones and retry.
    fn start_envoy(&mut self) {
        let log_path = self.dir.join("envoy.log");
        for _ in 0..4 {
            let cfg = self.dir.join("envoy.yaml");
            std::fs::write(&cfg, self.render_envoy()).expect("write envoy.yaml");
            // The log is appended to: only what this try wrote counts.
            let log_from = std::fs::metadata(&log_path).map_or(0, |m| m.len() as usize);
            let mut child = envoy_command(&cfg, &self.dir).spawn().expect("start Envoy");
            let started = std::time::Instant::now();
            let mut ready = false;
            while started.elapsed() < slack(Duration::from_secs(60)) {
                if let Ok(Some(_)) = child.try_wait() {
                    break;
                }
                if http(self.admin, "GET", "/ready", &[], None).is_ok_and(|r| r.status == 200) {
                    ready = true;
                    break;
                }
                std::thread::sleep(Duration::from_millis(50));
            }
            if ready {
                *self
                    .envoy_proc
                    .get_mut()
                    .unwrap_or_else(std::sync::PoisonError::into_inner) = Some(child);
                return;
            }
            let _ = child.kill();
            let st = child.wait();
            let log = std::fs::read(&log_path).unwrap_or_default();
            let lost_port = String::from_utf8_lossy(log.get(log_from..).unwrap_or_default())
                .contains("Address already in use");
            if !lost_port {
                panic!(
                    "Envoy exited at startup or was not ready in time ({st:?}); see {}",
                    log_path.display()
                );
            }
            eprintln!(
                "{}: an Envoy port was taken meanwhile; new ports",
                self.name
            );
            self.listen = free_port();
            self.admin = free_port();
        }
        panic!("{}: no free ports for Envoy after four tries", self.name);
    }

    /// Until `/healthz` through Envoy is 200 with a scenario id (the filter has its snapshot).
    pub fn wait_ready(&self) {
        wait_until(Duration::from_secs(30), "the filter's snapshot", || {
            http(self.listen, "GET", "/healthz", &[], None).is_ok_and(|r| r.status == 200)
        });
    }

    /// Until `/healthz` through Envoy shows this scenario id.
    pub fn wait_scenario(&self, id: &str) {
        wait_until(Duration::from_secs(30), "the new scenario id", || {
            self.get("/healthz", None)
                .json()
                .is_some_and(|v| v["scenario_id"] == id)
        });
    }

    /// Replace the manifest atomically (write a temp file, rename over).
    pub fn replace_manifest(&mut self, json: &str) {
        let tmp = self.dir.join("inputs/manifest.json.tmp");
        std::fs::write(&tmp, json).expect("write the new manifest");
        std::fs::rename(&tmp, &self.manifest_path).expect("rename the new manifest");
        self.manifests.push(json.to_string());
    }

    pub fn restart_control(&mut self) {
        self.stop_control();
        self.start_control();
    }

    pub fn token(&self, sub: &str, kind: &str) -> String {
        let out = Command::new(bin("orrery-standin"))
            .args(["token", "--sub", sub, "--kind", kind])
            .output()
            .expect("run orrery-standin token");
        assert!(out.status.success(), "orrery-standin token failed");
        let t = String::from_utf8_lossy(&out.stdout).trim().to_string();
        self.tokens
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .push(t.clone());
        t
    }

    /// A human token carrying the claim `"role": <role>` (the filter's default instructor
    /// claim is `"role": "instructor"`).
    pub fn token_with_role(&self, sub: &str, kind: &str, role: &str) -> String {
        let out = Command::new(bin("orrery-standin"))
            .args(["token", "--sub", sub, "--kind", kind, "--role", role])
            .output()
            .expect("run orrery-standin token");
        assert!(out.status.success(), "orrery-standin token failed");
        let t = String::from_utf8_lossy(&out.stdout).trim().to_string();
        self.remember_token(&t);
        t
    }

    /// Record a token minted elsewhere, so the final log check looks for it too.
    pub fn remember_token(&self, token: &str) {
        self.tokens
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .push(token.to_string());
    }

    /// Stop Envoy gracefully (SIGTERM, so it flushes its access log) and wait for it; killed
    /// if it has not exited within 20 s. Nothing after this can go through Envoy.
    pub fn stop_envoy(&self) {
        let Some(mut c) = self
            .envoy_proc
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .take()
        else {
            return;
        };
        let _ = Command::new("kill")
            .args(["-TERM", &c.id().to_string()])
            .status();
        let start = Instant::now();
        while start.elapsed() < Duration::from_secs(20) {
            if let Ok(Some(_)) = c.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        let _ = c.kill();
        let _ = c.wait();
    }

    pub fn request(
        &self,
        method: &str,
        path: &str,
        token: Option<&str>,
        headers: &[(&str, &str)],
        body: Option<&[u8]>,
    ) -> Resp {
        let auth = token.map(|t| format!("Bearer {t}"));
        let mut h: Vec<(&str, &str)> = headers.to_vec();
        if let Some(a) = &auth {
            h.push(("authorization", a));
        }
        if body.is_some() {
            h.push(("content-type", "application/json"));
        }
        http(self.listen, method, path, &h, body)
            .unwrap_or_else(|e| panic!("{method} {path} through Envoy: {e}"))
    }

    pub fn get(&self, path: &str, token: Option<&str>) -> Resp {
        self.request("GET", path, token, &[], None)
    }

    pub fn post(&self, path: &str, token: Option<&str>, body: &Value) -> Resp {
        let b = body.to_string();
        self.request("POST", path, token, &[], Some(b.as_bytes()))
    }

    /// `POST /chat` with a message (and a session to continue).
    pub fn chat(&self, token: &str, message: &str, session: Option<&str>) -> Resp {
        let mut body = serde_json::json!({ "message": message });
        if let Some(s) = session {
            body["session_id"] = Value::String(s.to_string());
        }
        self.post("/chat", Some(token), &body)
    }

    pub fn hint(&self, token: &str) -> Resp {
        self.request("POST", "/learning/hint", Some(token), &[], Some(b"{}"))
    }

    /// `POST /chat/stream`, recording when each decoded byte arrived.
    pub fn stream(&self, token: &str, message: &str) -> Streamed {
        let body = serde_json::json!({ "message": message }).to_string();
        let auth = format!("Bearer {token}");
        stream_request(
            self.listen,
            "/chat/stream",
            &[
                ("authorization", &auth),
                ("content-type", "application/json"),
            ],
            body.as_bytes(),
        )
    }

    /// What the stand-in received (the `x-orrery-learning-*` and payload headers of each request).
    pub fn standin_requests(&self) -> Vec<Value> {
        let r = http(self.orrery, "GET", "/_standin/requests", &[], None)
            .expect("GET /_standin/requests");
        r.json()
            .and_then(|v| v["requests"].as_array().cloned())
            .unwrap_or_default()
    }

    pub fn clear_standin_requests(&self) {
        let _ = http(self.orrery, "DELETE", "/_standin/requests", &[], None);
    }

    /// An Envoy counter of the filter (`wasmcustom.orrery_learning.<name>`), 0 when absent.
    pub fn stat(&self, name: &str) -> u64 {
        let full = format!("wasmcustom.orrery_learning.{name}");
        let r = http(
            self.admin,
            "GET",
            "/stats?filter=orrery_learning",
            &[],
            None,
        )
        .expect("GET /stats");
        r.text()
            .lines()
            .find_map(|l| {
                let (k, v) = l.split_once(": ")?;
                (k == full).then(|| v.trim().parse().ok())?
            })
            .unwrap_or(0)
    }

    /// The audit entries so far.
    pub fn audit(&self) -> Vec<Value> {
        std::fs::read_to_string(self.dir.join("audit.jsonl"))
            .unwrap_or_default()
            .lines()
            .filter_map(|l| serde_json::from_str(l).ok())
            .collect()
    }

    /// The control service's help report (`GET /v1/report`), read directly on loopback.
    pub fn report(&self) -> Value {
        let auth = format!("Bearer {REPORT_TOKEN}");
        let r = http(
            self.control,
            "GET",
            "/v1/report",
            &[("authorization", &auth)],
            None,
        )
        .expect("GET /v1/report");
        assert_eq!(r.status, 200, "report: {}", r.text());
        r.json().expect("report JSON")
    }

    /// The control service's metric line `series` (exactly as rendered), if present.
    pub fn control_metric(&self, series: &str) -> Option<f64> {
        let r = http(self.control, "GET", "/metrics", &[], None).expect("GET /metrics");
        r.text().lines().find_map(|l| {
            l.strip_prefix(series)
                .and_then(|rest| rest.strip_prefix(' '))
                .and_then(|v| v.trim().parse().ok())
        })
    }

    /// Until the audit stream holds `n` entries of this event kind.
    pub fn wait_audit(&self, event: &str, n: usize) -> Vec<Value> {
        let mut found = Vec::new();
        wait_until(Duration::from_secs(15), "audit entries", || {
            found = self
                .audit()
                .into_iter()
                .filter(|e| e["event"] == event)
                .collect();
            found.len() >= n
        });
        found
    }
}

/// Envoy's access log (its stdout) in the test directory.
pub const ACCESS_LOG: &str = "envoy-access.log";
impl Drop for Stack {
    fn drop(&mut self) {
        for c in [
            self.envoy_proc
                .get_mut()
                .unwrap_or_else(std::sync::PoisonError::into_inner)
                .take(),
            self.control_proc.take(),
            self.standin_proc.take(),
        ]
        .into_iter()
        .flatten()
        {
            let mut c = c;
            let _ = c.kill();
            let _ = c.wait();
        }
    }
}

/// Envoy on `cfg`, with the proxy secret in its environment (a test may override or remove it),
/// its own log (stderr) in `envoy.log` and its access log (stdout) in [`ACCESS_LOG`].
pub fn envoy_command(cfg: &Path, dir: &Path) -> Command {
    let mut cmd = Command::new(envoy_bin());
    cmd.args([
        "-c",
        &cfg.to_string_lossy(),
        "-l",
        "info",
        "--component-log-level",
        "wasm:debug",
        "--disable-hot-restart",
        "--concurrency",
        "2",
    ])
    .env(SECRET_ENV, SECRET)
    .stdin(Stdio::null())
    .stdout(log_file(dir, ACCESS_LOG))
    .stderr(log_file(dir, "envoy.log"));
    cmd
}
/// A liveness bound stretched by `E2E_SLACK` (default 4). The bounds are written for an idle
/// machine; under CI's load (two cores, several Envoys compiling the 3 MB filter in V8 at once)
/// a start took past 30 s. Waiting longer costs nothing when things go well, and no test uses a
/// bound to assert that something does not happen.
pub fn slack(limit: Duration) -> Duration {
    let factor = std::env::var("E2E_SLACK")
        .ok()
        .and_then(|v| v.parse::<u32>().ok())
        .filter(|f| *f >= 1)
        .unwrap_or(4);
    limit * factor
}

/// Until `f` holds, within [`slack`]`(limit)`; panics naming `what` (never a value).
pub fn wait_until(limit: Duration, what: &str, mut f: impl FnMut() -> bool) {
    let start = Instant::now();
    let limit = slack(limit);
    while start.elapsed() < limit {
        if f() {
            return;
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    panic!("timed out waiting for {what}");
}

/// `tmpl` rendered by `orrery-standin render-envoy` (the one renderer of the tools and tests:
/// strict both ways, so a placeholder left unfilled or a variable the template lost fails here),
/// with `vars` and, when `jwks` names a file, `${JWKS_JSON}` from it. Panics with the renderer's
/// message (it names placeholders, never values).
pub fn render_template(tmpl: &Path, vars: &[(&str, String)], jwks: Option<&Path>) -> String {
    let mut cmd = Command::new(bin("orrery-standin"));
    cmd.arg("render-envoy").arg(tmpl);
    for (k, v) in vars {
        cmd.arg("--var").arg(format!("{k}={v}"));
    }
    if let Some(j) = jwks {
        cmd.arg("--jwks").arg(j);
    }
    let out = cmd.output().expect("run orrery-standin render-envoy");
    assert!(
        out.status.success(),
        "orrery-standin render-envoy {}: {}",
        tmpl.display(),
        String::from_utf8_lossy(&out.stderr).trim()
    );
    String::from_utf8(out.stdout).expect("a UTF-8 Envoy config")
}

/// `envoy/demo.yaml.tmpl` rendered for these ports, this build's filter and the demo JWKS.
pub fn render_demo(listen: u16, admin: u16, orrery: u16, control: u16) -> String {
    render_template(
        &root().join("envoy/demo.yaml.tmpl"),
        &[
            ("LISTEN_PORT", listen.to_string()),
            ("ADMIN_PORT", admin.to_string()),
            ("ORRERY_PORT", orrery.to_string()),
            ("CONTROL_PORT", control.to_string()),
            ("WASM_PATH", wasm_path().to_string_lossy().into_owned()),
        ],
        Some(&root().join("examples/demo/jwks.json")),
    )
}
