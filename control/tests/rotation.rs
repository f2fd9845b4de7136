//! Proxy secret rotation without a restart (issue 8, docs/api.md "Proxy secret rotation"): the
//! secret file is swapped the way a Kubernetes Secret volume swaps it (a `..data` symlink
//! renamed onto a new directory); the service picks the new secret up, accepts old and new for
//! the overlap, then only the new. A bad file keeps the secret in force. No secret in any log or
//! audit line.

mod common;
use common::*;
use std::os::unix::fs::symlink;
use std::path::{Path, PathBuf};
use std::time::Duration;

const OLD: &str = "rotation-old-secret-0123456789";
const NEW: &str = "rotation-new-secret-9876543210";
const NEWER: &str = "rotation-newer-secret-5555555555";
const SHORT: &str = "short-secret";

/// A Secret volume: `secret` -> `..data/secret`, `..data` -> `..v<n>`.
struct Volume {
    dir: PathBuf,
    n: u32,
}

impl Volume {
    fn new(dir: &Path, first: &str) -> Volume {
        let dir = dir.join("secret-volume");
        std::fs::create_dir_all(&dir).unwrap();
        let mut v = Volume { dir, n: 0 };
        v.swap(first);
        symlink("..data/secret", v.path()).unwrap();
        v
    }

    fn path(&self) -> PathBuf {
        self.dir.join("secret")
    }

    /// What the kubelet does: write a new timestamped directory, then rename a fresh `..data`
    /// symlink over the old one (atomic).
    fn swap(&mut self, content: &str) {
        self.n += 1;
        let version = format!("..v{}", self.n);
        std::fs::create_dir_all(self.dir.join(&version)).unwrap();
        std::fs::write(
            self.dir.join(&version).join("secret"),
            format!("{content}\n"),
        )
        .unwrap();
        let tmp = self.dir.join("..data_tmp");
        let _ = std::fs::remove_file(&tmp);
        symlink(&version, &tmp).unwrap();
        std::fs::rename(&tmp, self.dir.join("..data")).unwrap();
    }
}

/// The status of a watch call (answers at once: the caller holds nothing) with `secret`.
fn status_with(s: &Service, secret: &str) -> u16 {
    send(
        agent()
            .get(&s.url("/v1/watch?timeout_ms=1"))
            .set("x-orrery-learning-proxy-secret", secret),
        None,
    )
    .status
}

fn advance(s: &Service, secret: &str, seconds: u64) {
    let r = send(
        agent()
            .post(&s.url("/v1/test/advance-clock"))
            .set("x-orrery-learning-proxy-secret", secret),
        Some(&format!(r#"{{"seconds":{seconds}}}"#)),
    );
    assert_eq!(r.status, 200, "{}", r.body);
}

fn no_secret_in(path: &Path) {
    let text = std::fs::read_to_string(path).unwrap_or_default();
    for secret in [OLD, NEW, NEWER, SHORT] {
        assert!(
            !text.contains(secret),
            "{} holds a proxy secret",
            path.display()
        );
    }
}

#[test]
fn a_swapped_secret_file_rotates_with_an_overlap_then_only_the_new_one_works() {
    let lab = Lab::new("rotation-overlap", &lab_a());
    let mut volume = Volume::new(&lab.dir, OLD);
    let mut c = lab.command_without_secret(&["--test-hooks"]);
    c.args(["--proxy-secret-file", volume.path().to_str().unwrap()])
        .args(["--proxy-secret-overlap-seconds", "300"]);
    let s = lab.spawn(c);
    assert_eq!(status_with(&s, OLD), 200);
    assert_eq!(status_with(&s, NEW), 401);
    assert_eq!(
        s.metric("orrery_learning_proxy_secrets_accepted"),
        Some(1.0)
    );

    // Rotate: within a few polls the new secret works, and the old one still does.
    volume.swap(NEW);
    wait_until(Duration::from_secs(15), "the new secret accepted", || {
        status_with(&s, NEW) == 200
    });
    assert_eq!(
        status_with(&s, OLD),
        200,
        "the old secret within the overlap"
    );
    assert_eq!(
        s.metric("orrery_learning_proxy_secret_rotations_total"),
        Some(1.0)
    );
    assert_eq!(
        s.metric("orrery_learning_proxy_secrets_accepted"),
        Some(2.0)
    );
    let rotated: Vec<_> = lab
        .audit_lines()
        .into_iter()
        .filter(|l| l["event"] == "learning_proxy_secret_rotated")
        .collect();
    assert_eq!(rotated.len(), 1);
    let mut entry = rotated[0].clone();
    entry.as_object_mut().unwrap().remove("ts");
    assert_eq!(
        entry,
        serde_json::json!({"event": "learning_proxy_secret_rotated", "overlap_seconds": 300})
    );

    // The overlap ends (the service clock moved past it): only the new secret.
    advance(&s, NEW, 301);
    assert_eq!(status_with(&s, OLD), 401);
    assert_eq!(status_with(&s, NEW), 200);
    // The hint endpoint goes through the same check.
    let hint = |secret: &str| {
        send(
            agent()
                .post(&s.url("/learning/hint"))
                .set("x-orrery-learning-proxy-secret", secret)
                .set("x-orrery-learning-subject", "alice")
                .set("x-orrery-learning-principal", "human"),
            None,
        )
        .status
    };
    assert_eq!(hint(OLD), 401);
    assert_eq!(hint(NEW), 200);

    // A file that holds no valid secret changes nothing; it is counted.
    volume.swap(SHORT);
    wait_until(Duration::from_secs(15), "the short secret refused", || {
        s.metric("orrery_learning_proxy_secret_errors_total") == Some(1.0)
    });
    assert_eq!(status_with(&s, NEW), 200);
    assert_eq!(status_with(&s, SHORT), 401);
    // Nor does a vanished one.
    std::fs::remove_file(volume.path()).unwrap();
    wait_until(Duration::from_secs(15), "the missing file refused", || {
        s.metric("orrery_learning_proxy_secret_errors_total") == Some(2.0)
    });
    assert_eq!(status_with(&s, NEW), 200);
    symlink("..data/secret", volume.path()).unwrap();

    // SIGHUP re-reads at once (the poll would too, later).
    volume.swap(NEWER);
    let killed = std::process::Command::new("kill")
        .args(["-HUP", &s.pid().to_string()])
        .status()
        .unwrap();
    assert!(killed.success());
    wait_until(Duration::from_secs(15), "the newer secret accepted", || {
        status_with(&s, NEWER) == 200
    });
    assert_eq!(
        status_with(&s, NEW),
        200,
        "the previous one, in its overlap"
    );
    assert_eq!(status_with(&s, OLD), 401);
    assert_eq!(
        s.metric("orrery_learning_proxy_secret_rotations_total"),
        Some(2.0)
    );
    // The metrics page is public: it never carries a secret either.
    let metrics = s.metrics();
    for secret in [OLD, NEW, NEWER, SHORT] {
        assert!(!metrics.contains(secret));
    }
    s.finish();
    no_secret_in(&lab.stderr_path());
    no_secret_in(&lab.audit_path());
    assert!(lab.stderr().contains("proxy secret rotated"));
    assert!(lab.stderr().contains("proxy secret file refused"));
}

#[test]
fn a_bad_secret_file_at_start_is_refused_by_name() {
    let lab = Lab::new("rotation-start", &lab_a());
    let volume = Volume::new(&lab.dir, SHORT);
    let out = lab
        .command_without_secret(&[])
        .args(["--proxy-secret-file", volume.path().to_str().unwrap()])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("shorter than 16"), "{err}");
    assert!(!err.contains(SHORT));
    let out = lab
        .command_without_secret(&[])
        .args(["--proxy-secret-file", volume.path().to_str().unwrap()])
        .args(["--proxy-secret-overlap-seconds", "abc"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("PROXY_SECRET_OVERLAP_SECONDS"));
}
