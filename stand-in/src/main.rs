//! `orrery-standin`: the CLI of the Orrery stand-in — `serve` (the HTTP server), `token` (a demo
//! JWT for the demo stack) and `jwks` (the demo JWKS). See the library doc for routes and the
//! echo/test-tool prefixes.
//!
//! `serve` writes exactly one line before anything else, on stderr, for harnesses that bind port 0:
//! `orrery-standin listening on 127.0.0.1:PORT (scripted scenario NAME)` (or `(generic)`); then one
//! log line per request (method, path, status). Ctrl-C or SIGTERM stops it.
use clap::{Parser, Subcommand};
use orrery_standin::script::Script;
use orrery_standin::server::{serve, AppState};
use orrery_standin::token::{demo_jwks, demo_token_with_role, Kind};
use std::path::PathBuf;
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
        } => run_server(&listen, script, reset_every),
    }
}

fn run_server(listen: &str, script: Option<PathBuf>, reset_every: u64) -> ExitCode {
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
        let mode = match &script {
            Some(s) => format!("scripted scenario {}", s.scenario),
            None => "generic".to_string(),
        };
        eprintln!("orrery-standin listening on {addr} ({mode})");
        match serve(
            listener,
            AppState::with_reset_every(script, reset_every),
            shutdown_signal(),
        )
        .await
        {
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
