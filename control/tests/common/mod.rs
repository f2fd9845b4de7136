//! Shared harness for the control service's socket tests: a lab directory under
//! `target/tmp/control-tests/` holding the manifest, the service's stderr log and its audit file;
//! the real `orrery-learning` binary started on a free loopback port; a ureq client that returns
//! every status instead of erroring; and `finish`, which stops the service and greps its log and
//! audit file for every target value the lab ever wrote.
#![allow(dead_code)]

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

pub const SECRET: &str = "test-proxy-secret-0123456789";
pub const REPORT_TOKEN: &str = "test-report-token-0123456789";
pub const BIN: &str = env!("CARGO_BIN_EXE_orrery-learning");

/// Every target value any test writes. Digits long enough that no port, pid or timestamp in a
/// log line can contain them; strings no log text would contain by chance.
pub const NUMBER_VALUES: [u64; 4] = [9_876_543, 8_765_432, 7_654_321, 6_543_219];
pub const STRING_VALUES: [&str; 2] = ["zanzibar-quokka", "marmalade-ocelot"];

/// The root every test writes its files under (`target/tmp/control-tests`).
pub fn logs_root() -> PathBuf {
    PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("control-tests")
}

/// A manifest with the given targets: (id, value as JSON).
pub fn manifest_json(scenario: &str, default: u8, targets: &[(&str, &str)]) -> String {
    let t: Vec<String> = targets
        .iter()
        .map(|(id, v)| {
            format!(r#"{{"id":"{id}","descriptor":"the {id} of the seeded fault","value":{v},"unit":"things"}}"#)
        })
        .collect();
    format!(
        r#"{{"schema_version":1,"scenario_id":"{scenario}","seeded_at":"2026-10-30T10:00:00Z","default_disclosure":{default},"targets":[{}]}}"#,
        t.join(",")
    )
}

pub fn lab_a() -> String {
    manifest_json(
        "lab-a",
        0,
        &[("total_lag", "9876543"), ("culprit", "\"zanzibar-quokka\"")],
    )
}

pub struct Lab {
    pub dir: PathBuf,
    pub manifest: PathBuf,
}

impl Lab {
    /// A fresh directory `control-tests/<name>` with `manifest.json` holding `manifest`.
    pub fn new(name: &str, manifest: &str) -> Lab {
        let dir = logs_root().join(name);
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let lab = Lab {
            manifest: dir.join("manifest.json"),
            dir,
        };
        lab.replace(manifest);
        lab
    }

    /// The seeder's way: a temp file in the same directory, then rename.
    pub fn replace(&self, manifest: &str) {
        let tmp = self.dir.join(".manifest.json.tmp");
        std::fs::write(&tmp, manifest).unwrap();
        std::fs::rename(&tmp, &self.manifest).unwrap();
    }

    pub fn stderr_path(&self) -> PathBuf {
        self.dir.join("stderr.log")
    }

    pub fn audit_path(&self) -> PathBuf {
        self.dir.join("audit.jsonl")
    }

    /// The serve command with this lab's manifest, secret, audit file and a free port.
    pub fn command(&self, extra: &[&str]) -> Command {
        let mut c = self.command_without_secret(extra);
        c.args(["--proxy-secret", SECRET]);
        c
    }

    /// The serve command without a proxy secret (the caller names where it comes from).
    pub fn command_without_secret(&self, extra: &[&str]) -> Command {
        let mut c = Command::new(BIN);
        c.env_clear()
            .env("RUST_LOG", "debug")
            .arg("serve")
            .args(["--manifest", self.manifest.to_str().unwrap()])
            .args(["--listen", "127.0.0.1:0"])
            .args(["--audit", self.audit_path().to_str().unwrap()])
            .args(["--report-token", REPORT_TOKEN])
            .args(extra);
        c
    }

    pub fn start(&self, extra: &[&str]) -> Service {
        self.spawn(self.command(extra))
    }

    /// Start `command` (one of this lab's), its stderr appended to the lab's log.
    pub fn spawn(&self, mut command: Command) -> Service {
        let log = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(self.stderr_path())
            .unwrap();
        let child = command
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::from(log))
            .spawn()
            .unwrap();
        Service::wait_ready(child, self)
    }

    pub fn audit_lines(&self) -> Vec<serde_json::Value> {
        std::fs::read_to_string(self.audit_path())
            .unwrap_or_default()
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect()
    }

    pub fn stderr(&self) -> String {
        std::fs::read_to_string(self.stderr_path()).unwrap_or_default()
    }
}

pub struct Service {
    child: Child,
    pub base: String,
    files: Vec<PathBuf>,
}

/// A response's status, headers we look at, and body.
#[derive(Debug)]
pub struct Reply {
    pub status: u16,
    pub retry_after: Option<String>,
    pub body: String,
}

impl Reply {
    pub fn json(&self) -> serde_json::Value {
        serde_json::from_str(&self.body).unwrap_or_else(|_| panic!("not JSON: {}", self.body))
    }
}

pub fn agent() -> ureq::Agent {
    ureq::AgentBuilder::new()
        .timeout(Duration::from_secs(90))
        .build()
}

pub fn send(req: ureq::Request, body: Option<&str>) -> Reply {
    let r = match body {
        Some(b) => req.set("content-type", "application/json").send_string(b),
        None => req.call(),
    };
    let resp = match r {
        Ok(r) => r,
        Err(ureq::Error::Status(_, r)) => r,
        Err(e) => panic!("transport error: {e}"),
    };
    let status = resp.status();
    let retry_after = resp.header("retry-after").map(str::to_string);
    let mut body = String::new();
    resp.into_reader().read_to_string(&mut body).unwrap();
    Reply {
        status,
        retry_after,
        body,
    }
}

impl Service {
    fn wait_ready(mut child: Child, lab: &Lab) -> Service {
        let deadline = Instant::now() + Duration::from_secs(30);
        loop {
            let log = lab.stderr();
            // The last "listening on" line is this process's (the log file is appended to).
            if let Some(line) = log.lines().rev().find(|l| l.contains("listening on ")) {
                let addr = line
                    .rsplit("listening on ")
                    .next()
                    .unwrap()
                    .trim()
                    .to_string();
                if child.try_wait().unwrap().is_none() && !addr.is_empty() {
                    // A restart appends: make sure this is not a previous run's line.
                    if agent()
                        .get(&format!("http://{addr}/healthz"))
                        .call()
                        .is_ok_and(|r| r.status() == 200)
                    {
                        return Service {
                            child,
                            base: format!("http://{addr}"),
                            files: vec![lab.stderr_path(), lab.audit_path()],
                        };
                    }
                }
            }
            if let Some(status) = child.try_wait().unwrap() {
                panic!("service exited with {status}: {log}");
            }
            assert!(Instant::now() < deadline, "service did not start: {log}");
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    pub fn url(&self, path: &str) -> String {
        format!("{}{path}", self.base)
    }

    /// A request carrying the proxy secret.
    pub fn authed(&self, method: &str, path: &str) -> ureq::Request {
        agent()
            .request(method, &self.url(path))
            .set("x-orrery-learning-proxy-secret", SECRET)
    }

    /// A hint press by `subject` with principal kind `principal`, through the "filter".
    pub fn hint(&self, subject: &str, principal: &str) -> Reply {
        send(
            self.authed("POST", "/learning/hint")
                .set("x-orrery-learning-subject", subject)
                .set("x-orrery-learning-principal", principal),
            None,
        )
    }

    pub fn healthz(&self) -> serde_json::Value {
        send(agent().get(&self.url("/healthz")), None).json()
    }

    pub fn metrics(&self) -> String {
        send(agent().get(&self.url("/metrics")), None).body
    }

    /// The value of one metric line (`name{labels}` exactly as rendered).
    pub fn metric(&self, series: &str) -> Option<f64> {
        self.metrics().lines().find_map(|l| {
            l.strip_prefix(series)
                .and_then(|rest| rest.strip_prefix(' '))
                .and_then(|v| v.trim().parse().ok())
        })
    }

    /// `GET /v1/report` (optionally `?scenario_id=`) with the report token, directly.
    pub fn report(&self, query: &str) -> serde_json::Value {
        send(
            agent()
                .get(&self.url(&format!("/v1/report{query}")))
                .set("authorization", &format!("Bearer {REPORT_TOKEN}")),
            None,
        )
        .json()
    }

    pub fn watch(&self, query: &str) -> Reply {
        send(self.authed("GET", &format!("/v1/watch?{query}")), None)
    }

    pub fn advance_clock(&self, seconds: u64) -> serde_json::Value {
        send(
            self.authed("POST", "/v1/test/advance-clock"),
            Some(&format!(r#"{{"seconds":{seconds}}}"#)),
        )
        .json()
    }

    /// Stop the service, then assert its log and audit file hold no target value.
    pub fn finish(mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        for f in &self.files {
            assert_no_values(f);
        }
    }
}

impl Drop for Service {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Panic if `path` contains any known target value (numbers as digits, strings in any case), a
/// descriptor, the proxy secret or the report token.
pub fn assert_no_values(path: &Path) {
    let text = std::fs::read_to_string(path)
        .unwrap_or_default()
        .to_lowercase();
    for n in NUMBER_VALUES {
        assert!(
            !text.contains(&n.to_string()),
            "{} leaks a number value",
            path.display()
        );
    }
    for s in STRING_VALUES {
        assert!(!text.contains(s), "{} leaks a string value", path.display());
    }
    // Descriptors (see `manifest_json`) and the credentials are never logged either.
    assert!(
        !text.contains("of the seeded fault"),
        "{} leaks a descriptor",
        path.display()
    );
    for secret in [SECRET, REPORT_TOKEN] {
        assert!(
            !text.contains(secret),
            "{} leaks a credential",
            path.display()
        );
    }
}

/// Parse a watch reply's cursor as a query string for the next poll.
pub fn cursor(w: &serde_json::Value) -> String {
    format!(
        "epoch={}&manifest_generation={}&level_seq={}",
        w["epoch"].as_str().unwrap(),
        w["manifest_generation"],
        w["level_seq"]
    )
}

/// Poll `f` until it holds; panic naming `what` if it does not within `bound` (a generous bound
/// for "eventually", never a timing assertion).
pub fn wait_until(bound: Duration, what: &str, mut f: impl FnMut() -> bool) {
    let deadline = Instant::now() + bound;
    while !f() {
        assert!(Instant::now() < deadline, "not within {bound:?}: {what}");
        std::thread::sleep(Duration::from_millis(50));
    }
}
