//! `orrery-standin render-envoy`, the one Envoy template renderer the tools and the end-to-end
//! harness run: variables from `--var`, `--vars-json` and `--jwks`; exit 1 (naming placeholders,
//! never values) on an unfilled placeholder, an unused variable or a name given twice; `--out`
//! writes a file only its owner can read.
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

fn repo(path: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..").join(path)
}

fn run(args: &[&str], stdin: &str) -> Output {
    use std::io::Write;
    let mut child = Command::new(env!("CARGO_BIN_EXE_orrery-standin"))
        .arg("render-envoy")
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(stdin.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}

fn scratch(name: &str, text: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("render_envoy");
    std::fs::create_dir_all(&dir).unwrap();
    let p = dir.join(name);
    std::fs::write(&p, text).unwrap();
    p
}

#[test]
fn renders_the_demo_template_from_vars_and_the_demo_jwks() {
    let tmpl = repo("envoy/demo.yaml.tmpl");
    let jwks = repo("examples/demo/jwks.json");
    let o = run(
        &[
            tmpl.to_str().unwrap(),
            "--var",
            "LISTEN_PORT=10000",
            "--var",
            "ADMIN_PORT=9902",
            "--vars-json",
            "-",
            "--jwks",
            jwks.to_str().unwrap(),
        ],
        r#"{"ORRERY_PORT": 18080, "CONTROL_PORT": "18081", "WASM_PATH": "/w/f.wasm"}"#,
    );
    let out = String::from_utf8(o.stdout).unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(!out.contains("${"));
    for want in [
        "port_value: 10000",
        "port_value: 18080",
        "/w/f.wasm",
        r#"'{"keys":[{"#,
    ] {
        assert!(out.contains(want), "{want}");
    }
}

#[test]
fn refuses_unfilled_unused_and_repeated_variables_without_printing_values() {
    let tmpl = scratch("t.tmpl", "a: ${A}\nb: ${B}\n");
    let t = tmpl.to_str().unwrap();
    for (args, want) in [
        (vec!["--var", "A=secret-value"], "B"),
        (
            vec![
                "--var",
                "A=secret-value",
                "--var",
                "B=1",
                "--var",
                "C=secret-value",
            ],
            "C",
        ),
        (
            vec!["--var", "A=1", "--var", "A=secret-value", "--var", "B=1"],
            "A given twice",
        ),
        (vec!["--var", "A"], "NAME=VALUE"),
    ] {
        let mut all = vec![t];
        all.extend(args);
        let o = run(&all, "");
        let err = String::from_utf8(o.stderr).unwrap();
        assert_eq!(o.status.code(), Some(1), "{err}");
        assert!(o.stdout.is_empty());
        assert!(err.contains(want) && !err.contains("secret-value"), "{err}");
    }
}

#[test]
fn out_is_written_for_its_owner_only() {
    let tmpl = scratch("o.tmpl", "k: '${K}'\n");
    let out = tmpl.with_file_name("o.yaml");
    let o = run(
        &[
            tmpl.to_str().unwrap(),
            "--var",
            "K=v",
            "--out",
            out.to_str().unwrap(),
        ],
        "",
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(o.stdout.is_empty());
    assert_eq!(std::fs::read_to_string(&out).unwrap(), "k: 'v'\n");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(&out).unwrap().permissions().mode();
        assert_eq!(mode & 0o777, 0o600);
    }
}
