//! `orrery-standin`: the CLI of the Orrery stand-in — `serve` (the HTTP server), `token` (a demo
//! JWT for the demo stack), `jwks` (the demo JWKS) and `render-envoy` (fills an Envoy config
//! template: the one renderer tools/run-stack, tools/bench-stack, tools/soak and the end-to-end
//! harness all run; see [`orrery_standin::render`]). See the library doc for routes and the
//! echo/test-tool prefixes.
//!
//! `serve` writes exactly one line before anything else, on stderr, for harnesses that bind port 0:
//! `orrery-standin listening on 127.0.0.1:PORT (scripted scenario NAME)` (or `(generic)`); then one
//! log line per request (method, path, status). Ctrl-C or SIGTERM stops it.
use clap::{Parser, Subcommand};
use orrery_standin::render::{jwks_line, render, JWKS_VAR};
use orrery_standin::script::Script;
use orrery_standin::server::{serve, AppState};
use orrery_standin::token::{demo_jwks, demo_token_with_role, Kind};
use std::collections::BTreeMap;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

#[derive(Parser)]
#[command(
    name = "orrery-standin",
    version,
    about = "Orrery stand-in for development and tests"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Serve the Orrery API shapes (prints the bound address on stderr; port 0 picks one).
    Serve {
        #[arg(long, default_value = "127.0.0.1:18080")]
        listen: String,
        /// A scenario script (e.g. examples/kafka-lag/script.json); without it, a generic reply.
        #[arg(long)]
        script: Option<PathBuf>,
        /// Reset every Nth model turn (`POST /chat`, `/chat/stream`) mid-body; 0: never.
        #[arg(long, default_value_t = 0)]
        reset_every: u64,
        #[command(flatten)]
        model: ModelArgs,
    },
    /// Print a demo-stack token (HS256, the demo key, iss orrery-learning-demo, aud orrery).
    Token {
        #[arg(long)]
        sub: String,
        #[arg(long, value_enum, default_value = "human")]
        kind: Kind,
        /// A `role` claim (e.g. `instructor`: the learning filter's default instructor claim).
        #[arg(long)]
        role: Option<String>,
        /// Lifetime; a negative value mints an already-expired token.
        #[arg(long, default_value_t = 3600, allow_negative_numbers = true)]
        ttl_seconds: i64,
    },
    /// Print the demo JWKS (the content of examples/demo/jwks.json).
    Jwks,
    /// Fill an Envoy config template's `${NAME}` placeholders (e.g. envoy/demo.yaml.tmpl). Fails
    /// (exit 1) on a placeholder no variable fills and on a variable the template does not use.
    RenderEnvoy {
        /// The template.
        template: PathBuf,
        /// A variable, `NAME=VALUE` (repeatable).
        #[arg(long = "var", value_name = "NAME=VALUE")]
        vars: Vec<String>,
        /// A JSON object of variables (`{"NAME": "value" or number}`); `-` reads standard input
        /// (values kept out of argv).
        #[arg(long = "vars-json", value_name = "FILE")]
        vars_json: Option<PathBuf>,
        /// A JWKS document (e.g. examples/demo/jwks.json) to fill `${JWKS_JSON}` with, on one line.
        #[arg(long, value_name = "FILE")]
        jwks: Option<PathBuf>,
        /// Write the result here (mode 0600) instead of standard output.
        #[arg(long, value_name = "FILE")]
        out: Option<PathBuf>,
    },
}

/// Model mode (see `orrery_standin::model`): set `--model-url` to answer every chat turn with
/// an OpenAI-compatible model server instead of the script.
#[derive(clap::Args)]
struct ModelArgs {
    /// Base URL of an OpenAI-compatible API, ending in `/v1` (plain HTTP), e.g.
    /// http://127.0.0.1:18090/v1. A bearer key, if the server wants one, comes from
    /// ORRERY_STANDIN_MODEL_API_KEY.
    #[arg(long)]
    model_url: Option<String>,
    /// The `model` name sent upstream.
    #[arg(long, default_value = "smollm2-135m-instruct")]
    model_name: String,
    /// The scenario's seeded evidence (tool output), put in the model's context.
    #[arg(long)]
    model_evidence: Option<PathBuf>,
    #[arg(long, default_value_t = 128)]
    model_max_tokens: u32,
    #[arg(long, default_value_t = 0.7)]
    model_temperature: f32,
    /// Seconds to wait for the model's next bytes.
    #[arg(long, default_value_t = 120)]
    model_timeout_seconds: u64,
}

impl ModelArgs {
    fn model(self) -> Result<Option<orrery_standin::model::Model>, String> {
        let Some(url) = self.model_url else {
            return Ok(None);
        };
        let evidence = match &self.model_evidence {
            Some(p) => std::fs::read_to_string(p).map_err(|e| format!("{}: {e}", p.display()))?,
            None => String::new(),
        };
        Ok(Some(orrery_standin::model::Model {
            url,
            name: self.model_name,
            evidence,
            max_tokens: self.model_max_tokens,
            temperature: self.model_temperature,
            api_key: std::env::var("ORRERY_STANDIN_MODEL_API_KEY")
                .ok()
                .filter(|k| !k.is_empty()),
            read_timeout: std::time::Duration::from_secs(self.model_timeout_seconds),
        }))
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::Token {
            sub,
            kind,
            role,
            ttl_seconds,
        } => {
            println!(
                "{}",
                demo_token_with_role(&sub, kind, role.as_deref(), ttl_seconds)
            );
            ExitCode::SUCCESS
        }
        Command::Jwks => {
            println!("{}", demo_jwks());
            ExitCode::SUCCESS
        }
        Command::Serve {
            listen,
            script,
            reset_every,
            model,
        } => match model.model() {
            Ok(m) => run_server(&listen, script, reset_every, m),
            Err(e) => {
                eprintln!("orrery-standin: {e}");
                ExitCode::FAILURE
            }
        },
        Command::RenderEnvoy {
            template,
            vars,
            vars_json,
            jwks,
            out,
        } => match render_envoy(
            &template,
            &vars,
            vars_json.as_deref(),
            jwks.as_deref(),
            out.as_deref(),
        ) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("orrery-standin render-envoy: {e}");
                ExitCode::FAILURE
            }
        },
    }
}

/// `render-envoy`: gather the variables (`--vars-json`, then `--var`, then `--jwks`; a name given
/// twice is an error), render, write. Messages name files and variables, never values.
fn render_envoy(
    template: &Path,
    pairs: &[String],
    vars_json: Option<&Path>,
    jwks: Option<&Path>,
    out: Option<&Path>,
) -> Result<(), String> {
    let read = |p: &Path| {
        if p == Path::new("-") {
            let mut s = String::new();
            std::io::stdin()
                .read_to_string(&mut s)
                .map(|_| s)
                .map_err(|e| format!("standard input: {e}"))
        } else {
            std::fs::read_to_string(p).map_err(|e| format!("{}: {e}", p.display()))
        }
    };
    let mut vars = BTreeMap::new();
    let mut add = |name: String, value: String| {
        if vars.contains_key(&name) {
            return Err(format!("variable {name} given twice"));
        }
        vars.insert(name, value);
        Ok(())
    };
    if let Some(p) = vars_json {
        let doc: serde_json::Value = serde_json::from_str(&read(p)?)
            .map_err(|e| format!("{}: not JSON (line {})", p.display(), e.line()))?;
        let Some(obj) = doc.as_object() else {
            return Err(format!("{}: not a JSON object", p.display()));
        };
        for (name, v) in obj {
            let value = match v {
                serde_json::Value::String(s) => s.clone(),
                serde_json::Value::Number(n) => n.to_string(),
                _ => return Err(format!("{}: {name} is not a string or number", p.display())),
            };
            add(name.clone(), value)?;
        }
    }
    for pair in pairs {
        let Some((name, value)) = pair.split_once('=') else {
            return Err("--var wants NAME=VALUE".into());
        };
        add(name.to_string(), value.to_string())?;
    }
    if let Some(p) = jwks {
        let line = jwks_line(&read(p)?).map_err(|e| format!("{}: {e}", p.display()))?;
        add(JWKS_VAR.to_string(), line)?;
    }
    let text =
        render(&read(template)?, &vars).map_err(|e| format!("{}: {e}", template.display()))?;
    match out {
        None => {
            print!("{text}");
            Ok(())
        }
        Some(p) => write_private(p, &text).map_err(|e| format!("{}: {e}", p.display())),
    }
}

/// Write `text` to `path`, readable by its owner only (a rendered config holds the JWKS key).
fn write_private(path: &Path, text: &str) -> std::io::Result<()> {
    use std::io::Write;
    let mut opts = std::fs::OpenOptions::new();
    opts.write(true).create(true).truncate(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::{OpenOptionsExt, PermissionsExt};
        opts.mode(0o600);
        let mut f = opts.open(path)?;
        f.set_permissions(std::fs::Permissions::from_mode(0o600))?;
        f.write_all(text.as_bytes())
    }
    #[cfg(not(unix))]
    {
        opts.open(path)?.write_all(text.as_bytes())
    }
}

fn run_server(
    listen: &str,
    script: Option<PathBuf>,
    reset_every: u64,
    model: Option<orrery_standin::model::Model>,
) -> ExitCode {
    tracing_subscriber::fmt()
        .with_writer(std::io::stderr)
        .with_ansi(std::io::IsTerminal::is_terminal(&std::io::stderr()))
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env()
                .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info")),
        )
        .init();
    let script = match script.map(|p| Script::load(&p)).transpose() {
        Ok(s) => s,
        Err(e) => {
            eprintln!("orrery-standin: {e}");
            return ExitCode::FAILURE;
        }
    };
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
    {
        Ok(rt) => rt,
        Err(e) => {
            eprintln!("orrery-standin: cannot start the runtime: {e}");
            return ExitCode::FAILURE;
        }
    };
    runtime.block_on(async move {
        let listener = match tokio::net::TcpListener::bind(listen).await {
            Ok(l) => l,
            Err(e) => {
                eprintln!("orrery-standin: cannot listen on {listen}: {e}");
                return ExitCode::FAILURE;
            }
        };
        let addr = match listener.local_addr() {
            Ok(a) => a,
            Err(e) => {
                eprintln!("orrery-standin: {e}");
                return ExitCode::FAILURE;
            }
        };
        let mode = match (&model, &script) {
            (Some(m), _) => format!("model {} at {}", m.name, m.url),
            (None, Some(s)) => format!("scripted scenario {}", s.scenario),
            (None, None) => "generic".to_string(),
        };
        eprintln!("orrery-standin listening on {addr} ({mode})");
        let state = match model {
            Some(m) => AppState::with_model(m, reset_every),
            None => AppState::with_reset_every(script, reset_every),
        };
        match serve(listener, state, shutdown_signal()).await {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("orrery-standin: {e}");
                ExitCode::FAILURE
            }
        }
    })
}

/// Resolves on Ctrl-C or SIGTERM.
async fn shutdown_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let term = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let term = std::future::pending::<()>();
    tokio::select! {
        _ = ctrl_c => {},
        _ = term => {},
    }
}
