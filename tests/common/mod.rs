//! The end-to-end harness: a real stack per test — the control service (`orrery-learning serve`),
//! the Orrery stand-in (`orrery-standin serve`) and Envoy with the learning filter, rendered from
//! `envoy/demo.yaml.tmpl` — on free loopback ports, with a temp manifest.
//!
//! Every log (Envoy's own at info with `wasm:debug`, Envoy's access log, the control service at
//! debug, the stand-in) and the audit stream go to `target/e2e/<test>/`; [`Stack::check_logs`]
//! stops Envoy (so its buffered access log is flushed) and greps them all for every value of
//! every manifest the stack has seen, in the forms the matcher knows (digits plain and grouped:
//! `5100`, `5,100`, `5 100`, `5.100`, `5_100`; strings case-insensitively), and for credentials:
//! every token the stack minted, the proxy secret, the report token, and anything JWT-shaped
//! (`eyJ…` followed by a `.`). Every test calls it at the end. Envoy's other components stay at
//! info because at debug Envoy itself dumps every request header, `authorization` included.
//! Tokens are minted by `orrery-standin token` (the demo key, which Envoy's jwt_authn
//! verifies). Envoy gets the proxy secret through its environment (`ORRERY_LEARNING_PROXY_SECRET`,
//! passed into the VM by `vm_config`), never in the rendered config. HTTP is spoken by hand over
//! `TcpStream` so tests see exactly the bytes and the timing of each chunk.
#![allow(dead_code)]

use serde_json::Value;
use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
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

pub fn envoy_bin() -> PathBuf {
    std::env::var_os("ENVOY_BIN")
        .map(PathBuf::from)
        .map(|p| if p.is_absolute() { p } else { root().join(p) })
        .unwrap_or_else(|| root().join(".venv/bin/envoy"))
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
    manifests: Vec<String>,
    control_proc: Option<Child>,
    standin_proc: Option<Child>,
    /// In a cell: [`Stack::check_logs`] (on `&self`) stops Envoy to flush its access log.
    envoy_proc: Mutex<Option<Child>>,
    control_starts: u32,
    /// Every token [`Stack::token`] minted (grepped for at the end).
    tokens: Mutex<Vec<String>>,
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

    /// The rendered Envoy config (the same template `make run` renders).
    pub fn render_envoy(&self) -> String {
        let tmpl = std::fs::read_to_string(root().join("envoy/demo.yaml.tmpl"))
            .expect("read envoy/demo.yaml.tmpl");
        let jwks = std::fs::read_to_string(root().join("examples/demo/jwks.json"))
            .expect("read examples/demo/jwks.json");
        let jwks_line: String = jwks.lines().map(str::trim).collect::<Vec<_>>().join("");
        let vars = [
            ("LISTEN_PORT", self.listen.to_string()),
            ("ADMIN_PORT", self.admin.to_string()),
            ("ORRERY_PORT", self.orrery.to_string()),
            ("CONTROL_PORT", self.control.to_string()),
            ("WASM_PATH", wasm_path().to_string_lossy().into_owned()),
            ("JWKS_JSON", jwks_line),
        ];
        let mut out = render(&tmpl, &vars);
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

    fn start_envoy(&mut self) {
        let cfg = self.dir.join("envoy.yaml");
        std::fs::write(&cfg, self.render_envoy()).expect("write envoy.yaml");
        let child = envoy_command(&cfg, &self.dir).spawn().expect("start Envoy");
        *self
            .envoy_proc
            .get_mut()
            .unwrap_or_else(std::sync::PoisonError::into_inner) = Some(child);
        let admin = self.admin;
        let mut exited = None;
        wait_until(Duration::from_secs(60), "Envoy", || {
            if let Some(Ok(Some(st))) = self
                .envoy_proc
                .get_mut()
                .unwrap_or_else(std::sync::PoisonError::into_inner)
                .as_mut()
                .map(|c| c.try_wait())
            {
                exited = Some(st);
                return true;
            }
            http(admin, "GET", "/ready", &[], None).is_ok_and(|r| r.status == 200)
        });
        if let Some(st) = exited {
            panic!(
                "Envoy exited at startup ({st}); see {}",
                self.dir.join("envoy.log").display()
            );
        }
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

    /// The secrets and tokens this stack knows (grepped for at the end).
    pub fn credentials(&self) -> Vec<String> {
        let mut out = vec![SECRET.to_string(), REPORT_TOKEN.to_string()];
        out.extend(
            self.tokens
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner)
                .iter()
                .cloned(),
        );
        out
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

    /// Stop Envoy (its access log is buffered until then), then grep every log, the access log
    /// and the audit stream for every value of every manifest this stack saw and for every
    /// credential it knows. The last thing a test does.
    pub fn check_logs(&self) {
        std::thread::sleep(Duration::from_millis(300));
        self.stop_envoy();
        let access = self.dir.join(ACCESS_LOG);
        let logged = std::fs::read_to_string(&access).unwrap_or_default();
        assert!(
            logged.lines().count() > 0,
            "Envoy's access log is empty: {}",
            access.display()
        );
        let (scanned, hits) = scan_logs(&self.dir, &self.manifests, &self.credentials());
        assert!(scanned >= 5, "expected the logs in {}", self.dir.display());
        assert!(
            hits.is_empty(),
            "values or credentials found in logs:\n{}",
            hits.join("\n")
        );
    }
}

/// Envoy's access log (its stdout) in the test directory.
pub const ACCESS_LOG: &str = "envoy-access.log";

/// Every file directly in `dir` (the logs, the access log and the audit stream; the rendered
/// Envoy config and the `inputs/` manifests are skipped), grepped for the values of `manifests`
/// (case-insensitively, on token boundaries), for each of `credentials` (exactly, anywhere) and
/// for JWT-shaped text. Returns the number of files scanned and one `file:line` per hit (never
/// the line itself).
pub fn scan_logs(dir: &Path, manifests: &[String], credentials: &[String]) -> (usize, Vec<String>) {
    let mut needles = Vec::new();
    for m in manifests {
        needles.extend(value_needles(m));
    }
    let mut hits = Vec::new();
    let mut scanned = 0;
    for entry in std::fs::read_dir(dir).expect("read the test directory") {
        let Ok(entry) = entry else { continue };
        let path = entry.path();
        if !path.is_file() || path.extension().is_some_and(|e| e == "yaml") {
            continue;
        }
        let text = String::from_utf8_lossy(&std::fs::read(&path).unwrap_or_default()).into_owned();
        scanned += 1;
        for (lineno, line) in text.lines().enumerate() {
            let at = format!("{}:{}", path.display(), lineno + 1);
            let lower = line.to_lowercase();
            if needles.iter().any(|n| contains_token(&lower, n)) {
                hits.push(format!("{at} holds a manifest value"));
            }
            if credentials
                .iter()
                .any(|c| !c.is_empty() && line.contains(c.as_str()))
            {
                hits.push(format!("{at} holds a token or secret"));
            }
            if has_jwt_shape(line) {
                hits.push(format!("{at} holds a JWT-shaped string"));
            }
        }
    }
    (scanned, hits)
}

/// `eyJ[A-Za-z0-9_-]+\.`: the start of a JWT (base64url of `{"`, then a dot).
pub fn has_jwt_shape(line: &str) -> bool {
    let b = line.as_bytes();
    let mut from = 0;
    while let Some(i) = line.get(from..).and_then(|h| h.find("eyJ")) {
        let start = from + i + 3;
        let run = b[start..]
            .iter()
            .take_while(|c| c.is_ascii_alphanumeric() || **c == b'-' || **c == b'_')
            .count();
        if run > 0 && b.get(start + run) == Some(&b'.') {
            return true;
        }
        from = start;
    }
    false
}

/// Fill a template's `${NAME}` placeholders: every variable must be used and every placeholder
/// filled (the renderers and the template agree on one list).
pub fn render(tmpl: &str, vars: &[(&str, String)]) -> String {
    let mut out = tmpl.to_string();
    for (k, v) in vars {
        let p = format!("${{{k}}}");
        assert!(out.contains(&p), "the template has no placeholder {p}");
        out = out.replace(&p, v);
    }
    assert!(
        !out.contains("${"),
        "unrendered placeholder in the Envoy template"
    );
    out
}

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

/// The spellings of each manifest value that must never appear in a log (lower-case).
pub fn value_needles(manifest: &str) -> Vec<String> {
    let v: Value = serde_json::from_str(manifest).expect("manifest JSON");
    let mut out = Vec::new();
    for t in v["targets"].as_array().into_iter().flatten() {
        match &t["value"] {
            Value::Number(n) => {
                let digits = n
                    .as_u64()
                    .map(|x| x.to_string())
                    .or_else(|| n.as_f64().map(|f| format!("{f}")))
                    .unwrap_or_default();
                out.push(digits.clone());
                if digits.len() > 3 && digits.bytes().all(|b| b.is_ascii_digit()) {
                    for sep in [",", " ", ".", "_"] {
                        out.push(group(&digits, sep));
                    }
                }
            }
            Value::String(s) => out.push(s.to_lowercase()),
            _ => {}
        }
    }
    out
}

fn group(digits: &str, sep: &str) -> String {
    let mut out = String::new();
    let n = digits.len();
    for (i, c) in digits.chars().enumerate() {
        // A separator before every digit whose distance from the end is a multiple of three.
        if i > 0 && i % 3 == n % 3 {
            out.push_str(sep);
        }
        out.push(c);
    }
    out
}

/// `needle` in `hay` not glued to a digit or letter on either side (so `5100` does not match
/// inside `15100` or a hex id, but does in `lag=5100.`).
pub fn contains_token(hay: &str, needle: &str) -> bool {
    let mut start = 0;
    while let Some(i) = hay.get(start..).and_then(|h| h.find(needle)) {
        let at = start + i;
        let before = hay[..at].chars().next_back();
        let after = hay[at + needle.len()..].chars().next();
        let glued = |c: Option<char>| c.is_some_and(|c| c.is_ascii_alphanumeric());
        if !glued(before) && !glued(after) {
            return true;
        }
        start = at + needle.len().max(1);
    }
    false
}

pub fn wait_until(limit: Duration, what: &str, mut f: impl FnMut() -> bool) {
    let start = Instant::now();
    while start.elapsed() < limit {
        if f() {
            return;
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    panic!("timed out waiting for {what}");
}

/// One HTTP response.
#[derive(Debug, Clone)]
pub struct Resp {
    pub status: u16,
    pub headers: Vec<(String, String)>,
    pub body: Vec<u8>,
}

impl Resp {
    pub fn text(&self) -> String {
        String::from_utf8_lossy(&self.body).into_owned()
    }
    pub fn json(&self) -> Option<Value> {
        serde_json::from_slice(&self.body).ok()
    }
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }
}

fn write_request(
    s: &mut TcpStream,
    port: u16,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: Option<&[u8]>,
) -> std::io::Result<()> {
    let mut req =
        format!("{method} {path} HTTP/1.1\r\nhost: 127.0.0.1:{port}\r\nconnection: close\r\n");
    for (k, v) in headers {
        req.push_str(&format!("{k}: {v}\r\n"));
    }
    if let Some(b) = body {
        req.push_str(&format!("content-length: {}\r\n", b.len()));
    }
    req.push_str("\r\n");
    let mut bytes = req.into_bytes();
    if let Some(b) = body {
        bytes.extend_from_slice(b);
    }
    s.write_all(&bytes)
}

/// A plain HTTP/1.1 exchange (connection: close), chunked bodies decoded.
pub fn http(
    port: u16,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: Option<&[u8]>,
) -> std::io::Result<Resp> {
    let mut s = TcpStream::connect(("127.0.0.1", port))?;
    s.set_read_timeout(Some(Duration::from_secs(60)))?;
    write_request(&mut s, port, method, path, headers, body)?;
    let mut raw = Vec::new();
    s.read_to_end(&mut raw)?;
    parse_response(&raw, method == "HEAD")
        .ok_or_else(|| std::io::Error::new(std::io::ErrorKind::InvalidData, "bad HTTP response"))
}

/// Raw header bytes may arrive with a non-UTF-8 value; header names are ASCII.
pub fn http_raw_headers(port: u16, raw_request: &[u8]) -> std::io::Result<Resp> {
    let mut s = TcpStream::connect(("127.0.0.1", port))?;
    s.set_read_timeout(Some(Duration::from_secs(60)))?;
    s.write_all(raw_request)?;
    let mut raw = Vec::new();
    s.read_to_end(&mut raw)?;
    parse_response(&raw, false)
        .ok_or_else(|| std::io::Error::new(std::io::ErrorKind::InvalidData, "bad HTTP response"))
}

/// Status, headers (lower-case names), and where the body starts.
type Head = (u16, Vec<(String, String)>, usize);

fn parse_head(raw: &[u8]) -> Option<Head> {
    let end = raw.windows(4).position(|w| w == b"\r\n\r\n")?;
    let head = String::from_utf8_lossy(&raw[..end]);
    let mut lines = head.split("\r\n");
    let status: u16 = lines.next()?.split(' ').nth(1)?.parse().ok()?;
    let headers = lines
        .filter_map(|l| {
            let (k, v) = l.split_once(':')?;
            Some((k.trim().to_ascii_lowercase(), v.trim().to_string()))
        })
        .collect();
    Some((status, headers, end + 4))
}

/// Decode as much of a chunked body as is complete; returns (decoded, finished).
fn dechunk(mut b: &[u8]) -> (Vec<u8>, bool) {
    let mut out = Vec::new();
    loop {
        let Some(nl) = b.windows(2).position(|w| w == b"\r\n") else {
            return (out, false);
        };
        let size_hex = String::from_utf8_lossy(&b[..nl]);
        let Ok(size) = usize::from_str_radix(size_hex.split(';').next().unwrap_or("").trim(), 16)
        else {
            return (out, false);
        };
        if size == 0 {
            return (out, true);
        }
        let start = nl + 2;
        if b.len() < start + size {
            out.extend_from_slice(&b[start..]);
            return (out, false);
        }
        out.extend_from_slice(&b[start..start + size]);
        b = &b[(start + size + 2).min(b.len())..];
    }
}

fn parse_response(raw: &[u8], head_only: bool) -> Option<Resp> {
    let (status, headers, body_at) = parse_head(raw)?;
    let rest = &raw[body_at..];
    let chunked = headers
        .iter()
        .any(|(k, v)| k == "transfer-encoding" && v.eq_ignore_ascii_case("chunked"));
    let body = if head_only {
        Vec::new()
    } else if chunked {
        dechunk(rest).0
    } else {
        rest.to_vec()
    };
    Some(Resp {
        status,
        headers,
        body,
    })
}

/// A streamed response: the decoded body, and when each part of it arrived.
#[derive(Debug)]
pub struct Streamed {
    pub status: u16,
    pub headers: Vec<(String, String)>,
    pub body: Vec<u8>,
    /// (time since the request was sent, decoded body length by then).
    pub arrivals: Vec<(Duration, usize)>,
    pub total: Duration,
}

impl Streamed {
    pub fn text(&self) -> String {
        String::from_utf8_lossy(&self.body).into_owned()
    }
    /// When the first occurrence of `needle` had fully arrived.
    pub fn arrived_at(&self, needle: &str) -> Option<Duration> {
        let at = self.text().find(needle)? + needle.len();
        self.arrivals
            .iter()
            .find(|(_, n)| *n >= at)
            .map(|(t, _)| *t)
    }
    /// The SSE frames: (event, data).
    pub fn frames(&self) -> Vec<(String, String)> {
        let text = self.text().replace("\r\n", "\n");
        text.split("\n\n")
            .filter(|f| !f.trim().is_empty())
            .map(|f| {
                let mut event = "message".to_string();
                let mut data = Vec::new();
                for line in f.lines() {
                    if let Some(e) = line.strip_prefix("event:") {
                        event = e.trim().to_string();
                    } else if let Some(d) = line.strip_prefix("data:") {
                        data.push(d.strip_prefix(' ').unwrap_or(d).to_string());
                    }
                }
                (event, data.join("\n"))
            })
            .collect()
    }
}

pub fn stream_request(port: u16, path: &str, headers: &[(&str, &str)], body: &[u8]) -> Streamed {
    let mut s = TcpStream::connect(("127.0.0.1", port)).expect("connect to Envoy");
    s.set_read_timeout(Some(Duration::from_secs(60)))
        .expect("set a read timeout");
    write_request(&mut s, port, "POST", path, headers, Some(body)).expect("send the request");
    let start = Instant::now();
    let mut raw = Vec::new();
    let mut arrivals = Vec::new();
    let mut buf = [0u8; 16384];
    loop {
        let n = match s.read(&mut buf) {
            Ok(0) => break,
            Ok(n) => n,
            Err(e) => panic!("reading the stream: {e}"),
        };
        raw.extend_from_slice(&buf[..n]);
        if let Some((_, headers, at)) = parse_head(&raw) {
            let chunked = headers
                .iter()
                .any(|(k, v)| k == "transfer-encoding" && v.eq_ignore_ascii_case("chunked"));
            let len = if chunked {
                dechunk(&raw[at..]).0.len()
            } else {
                raw.len() - at
            };
            arrivals.push((start.elapsed(), len));
        }
    }
    let total = start.elapsed();
    let resp = parse_response(&raw, false).expect("an HTTP response");
    Streamed {
        status: resp.status,
        headers: resp.headers,
        body: resp.body,
        arrivals,
        total,
    }
}

/// Base64url without padding (for forged payload headers).
pub fn b64url(data: &[u8]) -> String {
    use base64::Engine;
    base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(data)
}

/// Assert that no text in `hay` states any of this manifest's values (any spelling listed).
pub fn assert_no_value(hay: &str, manifest: &str, context: &str) {
    let lower = hay.to_lowercase();
    for n in value_needles(manifest) {
        assert!(
            !contains_token(&lower, &n),
            "{context}: a manifest value reached the learner"
        );
    }
}
