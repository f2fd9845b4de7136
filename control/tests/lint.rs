//! `orrery-learning lint`: each rule has a fixture (control/tests/data/lint/) that breaks only
//! that rule and must fail with only that rule's id; the clean fixtures, the rendered demo
//! template and envoy/orrery-example.yaml must pass; no output ever holds a configured secret.
use orrery_learning_control::lint::{lint_text, run, Options, Rule};
use orrery_standin::render;
use proptest::prelude::*;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// A secret written into every fixture (the JWKS key; inline as the proxy secret in the
/// `proxy-secret` fixtures): no lint output may hold it.
const FIXTURE_SECRET: &str = "fixture-secret-DO-NOT-PRINT";

fn data(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/lint")
        .join(name)
}

fn repo(path: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..").join(path)
}

fn lint_files(files: &[PathBuf], opts: &Options) -> (i32, String, String) {
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let code = run(files, opts, &mut out, &mut err);
    (
        code,
        String::from_utf8(out).unwrap(),
        String::from_utf8(err).unwrap(),
    )
}

/// The rule ids of `FILE: LOCATION: RULE: explanation` lines.
fn rule_ids(out: &str) -> BTreeSet<String> {
    out.lines()
        .map(|l| {
            let parts: Vec<&str> = l.splitn(4, ": ").collect();
            assert_eq!(parts.len(), 4, "not a finding line: {l}");
            parts[2].to_string()
        })
        .collect()
}

/// Each fixture breaks exactly one rule.
const BROKEN: &[(&str, Rule)] = &[
    ("chain-order-swapped.yaml", Rule::ChainOrder),
    ("chain-order-no-wasm.yaml", Rule::ChainOrder),
    ("chain-order-second-listener.yaml", Rule::ChainOrder),
    ("chain-order-cluster-header.yaml", Rule::ChainOrder),
    ("chain-order-upgrade-chain.yaml", Rule::ChainOrder),
    ("foreign-filter-lua.yaml", Rule::ForeignFilter),
    ("foreign-filter-ext-proc.yaml", Rule::ForeignFilter),
    ("fail-open.yaml", Rule::FailOpen),
    ("fail-open-policy.yaml", Rule::FailOpen),
    ("fail-open-optional.yaml", Rule::FailOpen),
    ("per-route-disable-jwt.yaml", Rule::PerRouteDisable),
    ("per-route-disable-wasm-vhost.yaml", Rule::PerRouteDisable),
    ("per-route-disable-weighted.yaml", Rule::PerRouteDisable),
    ("per-route-disable-filter.yaml", Rule::PerRouteDisable),
    ("jwt-required-allow-missing.yaml", Rule::JwtRequired),
    ("jwt-required-uncovered.yaml", Rule::JwtRequired),
    ("jwt-required-exempt-path.yaml", Rule::JwtRequired),
    ("jwt-required-exempt-case.yaml", Rule::JwtRequired),
    ("jwt-required-exempt-chat.yaml", Rule::JwtRequired),
    ("jwt-required-exempt-page-prefix.yaml", Rule::JwtRequired),
    (
        "jwt-required-exempt-unconfigured-page.yaml",
        Rule::JwtRequired,
    ),
    ("jwt-required-exempt-static-wider.yaml", Rule::JwtRequired),
    ("jwt-required-exempt-static-case.yaml", Rule::JwtRequired),
    (
        "jwt-required-exempt-static-unconfigured.yaml",
        Rule::JwtRequired,
    ),
    ("jwt-required-requirement-name.yaml", Rule::JwtRequired),
    ("jwt-required-connect.yaml", Rule::JwtRequired),
    ("jwt-required-weighted-requirement.yaml", Rule::JwtRequired),
    ("jwt-payload-header.yaml", Rule::JwtPayloadHeader),
    ("hcm-hardening-normalize.yaml", Rule::HcmHardening),
    ("hcm-hardening-escaped.yaml", Rule::HcmHardening),
    ("sync-singleton-missing.yaml", Rule::SyncSingleton),
    ("sync-singleton-vm-id.yaml", Rule::SyncSingleton),
    ("sync-singleton-not-singleton.yaml", Rule::SyncSingleton),
    ("sync-singleton-two.yaml", Rule::SyncSingleton),
    ("plugin-config-invalid.yaml", Rule::PluginConfig),
    ("control-loopback.yaml", Rule::ControlLoopback),
    ("tcp-to-orrery.yaml", Rule::TcpToOrrery),
    ("static-only-xds.yaml", Rule::StaticOnly),
    ("static-only-rds.yaml", Rule::StaticOnly),
    ("no-orrery-route.yaml", Rule::NoOrreryRoute),
    ("access-log-default-format.yaml", Rule::AccessLog),
    ("access-log-full-path.yaml", Rule::AccessLog),
    ("access-log-credential-header.yaml", Rule::AccessLog),
    ("access-log-upstream-log.yaml", Rule::AccessLog),
    ("jwt-token-source-default.yaml", Rule::JwtTokenSource),
    ("jwt-token-source-params.yaml", Rule::JwtTokenSource),
    ("jwt-forward.yaml", Rule::JwtForward),
    (
        "headers-with-underscores.yaml",
        Rule::HeadersWithUnderscores,
    ),
    ("proxy-secret-inline.yaml", Rule::ProxySecret),
    ("proxy-secret-key-values.yaml", Rule::ProxySecret),
    ("proxy-secret-not-passed.yaml", Rule::ProxySecret),
];

const CLEAN: &[&str] = &[
    "good.yaml",
    "clean-lease.yaml",
    "clean-probe-route.yaml",
    "clean-camel.json",
    "clean-requirement-name.yaml",
    "clean-upgrade-chain.yaml",
    "clean-forward-verifies-bearer.yaml",
    "clean-access-log-json.yaml",
    "clean-static-prefix.yaml",
];

#[test]
fn each_broken_fixture_fails_with_only_its_rule() {
    for (file, rule) in BROKEN {
        let (code, out, err) = lint_files(&[data(file)], &Options::default());
        assert_eq!(code, 1, "{file}: {out}{err}");
        assert!(err.is_empty(), "{file}: {err}");
        let want: BTreeSet<String> = [rule.id().to_string()].into();
        assert_eq!(rule_ids(&out), want, "{file}:\n{out}");
        let shown = data(file).display().to_string();
        assert!(
            out.lines().all(|l| l.starts_with(&format!("{shown}: "))),
            "{out}"
        );
    }
}

#[test]
fn every_rule_has_a_failing_fixture() {
    let covered: BTreeSet<Rule> = BROKEN.iter().map(|(_, r)| *r).collect();
    for rule in Rule::ALL {
        assert!(covered.contains(&rule), "no fixture breaks {}", rule.id());
    }
}

#[test]
fn clean_fixtures_pass_with_one_summary_line() {
    for file in CLEAN {
        let (code, out, err) = lint_files(&[data(file)], &Options::default());
        assert_eq!(code, 0, "{file}: {out}{err}");
        assert_eq!(out.lines().count(), 1, "{out}");
        assert!(
            out.starts_with("clean: 1 file(s); 1 HTTP connection manager(s)"),
            "{out}"
        );
    }
    let all: Vec<PathBuf> = CLEAN.iter().map(|f| data(f)).collect();
    let (code, out, _) = lint_files(&all, &Options::default());
    assert_eq!(code, 0);
    assert!(out.starts_with("clean: 9 file(s); 9 HTTP"), "{out}");
}

#[test]
fn a_broken_file_among_clean_ones_fails_the_run() {
    let files = [data("good.yaml"), data("fail-open.yaml")];
    let (code, out, _) = lint_files(&files, &Options::default());
    assert_eq!(code, 1);
    assert_eq!(rule_ids(&out), ["fail-open".to_string()].into());
}

#[test]
fn unreadable_unparseable_and_unrendered_input_exits_2() {
    let cases = [
        ("placeholder.yaml", "unrendered placeholder ${LISTEN_PORT}"),
        ("unparseable.yaml", "not valid YAML (line"),
        ("does-not-exist.yaml", "unreadable ("),
    ];
    for (file, want) in cases {
        let (code, out, err) = lint_files(&[data(file)], &Options::default());
        assert_eq!(code, 2, "{file}");
        assert!(out.is_empty(), "{out}");
        assert!(err.contains(want), "{file}: {err}");
    }
    // Exit 2 wins over findings in another file.
    let files = [data("fail-open.yaml"), data("unparseable.yaml")];
    assert_eq!(lint_files(&files, &Options::default()).0, 2);
}

#[test]
fn cluster_flags_pick_orrery_and_control() {
    let named = Options {
        orrery_clusters: vec!["orrery".into()],
        control_cluster: Some("learning_control".into()),
    };
    assert_eq!(lint_files(&[data("good.yaml")], &named).0, 0);
    // A TCP proxy to a cluster that is not the named Orrery cluster is not a route to Orrery.
    let other = Options {
        orrery_clusters: vec!["some_other".into()],
        control_cluster: None,
    };
    let (code, out, _) = lint_files(&[data("tcp-to-orrery.yaml")], &other);
    assert_eq!(code, 1);
    assert_eq!(
        rule_ids(&out),
        ["no-orrery-route".to_string()].into(),
        "{out}"
    );
    // A control cluster the filter does not name.
    let control = Options {
        orrery_clusters: vec![],
        control_cluster: Some("elsewhere".into()),
    };
    let (code, out, _) = lint_files(&[data("good.yaml")], &control);
    assert_eq!(code, 1);
    let ids = rule_ids(&out);
    assert!(
        ids.contains("plugin-config") && ids.contains("control-loopback"),
        "{out}"
    );
}

#[test]
fn no_output_holds_the_proxy_secret() {
    let mut files: Vec<PathBuf> = BROKEN.iter().map(|(f, _)| data(f)).collect();
    files.extend(CLEAN.iter().map(|f| data(f)));
    for f in &files {
        let text = std::fs::read_to_string(f).unwrap();
        assert!(
            text.contains(FIXTURE_SECRET),
            "{} lost its secret",
            f.display()
        );
        let (_, out, err) = lint_files(std::slice::from_ref(f), &Options::default());
        assert!(
            !out.contains(FIXTURE_SECRET) && !err.contains(FIXTURE_SECRET),
            "{out}{err}"
        );
        assert!(!out.contains("DO-NOT-PRINT"), "{out}");
    }
}

/// The demo template rendered by the renderer every tool and test stack uses
/// (`orrery_standin::render`, behind `orrery-standin render-envoy`): exactly its placeholders (the
/// proxy secret is not one: Envoy reads it from its environment). `secret` stands in for the
/// JWKS key, the one secret the rendered file holds.
fn render_demo(secret: &str, port_base: u16) -> String {
    let tmpl = std::fs::read_to_string(repo("envoy/demo.yaml.tmpl")).unwrap();
    let jwks = format!(r#"{{"keys":[{{"kty":"oct","kid":"demo","alg":"HS256","k":"{secret}"}}]}}"#);
    let vars = [
        ("LISTEN_PORT", port_base.to_string()),
        ("ADMIN_PORT", (port_base + 1).to_string()),
        ("ORRERY_PORT", (port_base + 2).to_string()),
        ("CONTROL_PORT", (port_base + 3).to_string()),
        ("WASM_PATH", "/tmp/orrery_learning_filter.wasm".to_string()),
        (render::JWKS_VAR, render::jwks_line(&jwks).unwrap()),
    ]
    .into_iter()
    .map(|(k, v)| (k.to_string(), v))
    .collect();
    render::render(&tmpl, &vars).unwrap_or_else(|e| panic!("envoy/demo.yaml.tmpl: {e}"))
}

#[test]
fn the_rendered_demo_config_is_clean() {
    let text = render_demo("demo-proxy-secret-0123456789", 10000);
    let report = lint_text(&text, &Options::default()).unwrap();
    assert!(report.findings.is_empty(), "{:#?}", report.findings);
    assert_eq!(report.guarded_hcms, 1);
    let named = Options {
        orrery_clusters: vec!["orrery".into()],
        control_cluster: Some("learning_control".into()),
    };
    assert!(lint_text(&text, &named).unwrap().findings.is_empty());
}

#[test]
fn the_unrendered_demo_template_is_refused() {
    let (code, _, err) = lint_files(&[repo("envoy/demo.yaml.tmpl")], &Options::default());
    assert_eq!(code, 2);
    assert!(err.contains("unrendered placeholder"), "{err}");
}

#[test]
fn the_real_orrery_example_is_clean() {
    let example = repo("envoy/orrery-example.yaml");
    if !example.exists() {
        return;
    }
    let (code, out, err) = lint_files(&[example], &Options::default());
    assert_eq!(code, 0, "{out}{err}");
}

#[test]
fn the_binary_speaks_the_same_contract() {
    let bin = env!("CARGO_BIN_EXE_orrery-learning");
    let run = |args: &[&str]| {
        let o = std::process::Command::new(bin).args(args).output().unwrap();
        (
            o.status.code().unwrap(),
            String::from_utf8(o.stdout).unwrap(),
        )
    };
    let good = data("good.yaml");
    let bad = data("fail-open.yaml");
    let (code, out) = run(&["lint", good.to_str().unwrap()]);
    assert_eq!((code, out.lines().count()), (0, 1), "{out}");
    let (code, out) = run(&[
        "lint",
        "--orrery-cluster",
        "orrery",
        "--control-cluster",
        "learning_control",
        bad.to_str().unwrap(),
    ]);
    assert_eq!(code, 1);
    assert_eq!(rule_ids(&out), ["fail-open".to_string()].into());
    let (code, _) = run(&["lint", data("placeholder.yaml").to_str().unwrap()]);
    assert_eq!(code, 2);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// Whatever the secret and ports, the demo renders clean, and a broken plugin configuration
    /// is reported without its secret.
    #[test]
    fn demo_renders_clean_and_never_prints_the_secret(
        secret in "[A-Za-z0-9_-]{16,48}",
        port_base in 1024u16..60000,
    ) {
        let text = render_demo(&secret, port_base);
        let report = lint_text(&text, &Options::default()).unwrap();
        prop_assert!(report.findings.is_empty(), "{:?}", report.findings);
        let broken = text.replace(
            r#""role": "filter", "control""#,
            r#""role": "filter", "limits": {"max_body_bytes": 1}, "control""#,
        );
        prop_assert_ne!(&broken, &text);
        let report = lint_text(&broken, &Options::default()).unwrap();
        prop_assert_eq!(report.findings.len(), 1);
        let f = &report.findings[0];
        prop_assert_eq!(f.rule, Rule::PluginConfig);
        prop_assert!(!f.message.contains(&secret) && !f.location.contains(&secret));
        // An inline proxy secret is found in both roles and never printed.
        let inline = text.replace(
            r#""proxy_secret_env": "#,
            &format!(r#""proxy_secret": "{secret}", "proxy_secret_env": "#),
        );
        let report = lint_text(&inline, &Options::default()).unwrap();
        prop_assert_eq!(report.findings.len(), 2);
        for f in &report.findings {
            prop_assert_eq!(f.rule, Rule::ProxySecret);
            prop_assert!(!f.message.contains(&secret) && !f.location.contains(&secret));
        }
    }
}
