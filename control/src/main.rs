//! `orrery-learning`: the control service (`serve`) and the lab author's CLI (`validate`,
//! `scan`, `lint`). Parses the command line, sets up logging (stderr, `RUST_LOG`) and hands off
//! to the library; every exit code comes from there.

use clap::{Parser, Subcommand};
use orrery_learning_control::config::{self, Config, ServeArgs};
use orrery_learning_control::{cli, server};
use std::io::IsTerminal;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Parser)]
#[command(
    name = "orrery-learning",
    version,
    about = "AEP-032 learning sandbox: control service and lab author's CLI"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Run the control service (settings: flags or environment, see docs/api.md).
    Serve(Box<ServeArgs>),
    /// Check a scenario manifest against contract v1.
    Validate {
        /// The manifest file.
        file: PathBuf,
    },
    /// Report which lines of stdin state a target value of the manifest.
    Scan {
        /// The manifest file.
        #[arg(long)]
        manifest: PathBuf,
        /// Disclosure level to scan at, 0-3 (default: the manifest's default_disclosure).
        #[arg(long)]
        level: Option<u8>,
    },
    /// Prove from rendered Envoy configs that no route to Orrery bypasses the guard (docs/lint.md).
    Lint {
        /// The Orrery cluster (repeatable; default: every cluster but the control cluster).
        #[arg(long = "orrery-cluster")]
        orrery_cluster: Vec<String>,
        /// The control service's cluster (default: the filter's control.cluster).
        #[arg(long = "control-cluster")]
        control_cluster: Option<String>,
        /// Rendered Envoy bootstrap configs (YAML or JSON).
        #[arg(required = true)]
        files: Vec<PathBuf>,
    },
}

fn exit(code: i32) -> ExitCode {
    ExitCode::from(u8::try_from(code).unwrap_or(1))
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        // A `serve` value out of type or range refuses start like any other precondition.
        Err(e) => match config::refusal(&e) {
            Some(refusal) => {
                eprintln!("orrery-learning: {refusal}");
                return ExitCode::from(2);
            }
            None => e.exit(),
        },
    };
    match cli.command {
        Command::Serve(args) => serve(*args),
        Command::Validate { file } => exit(cli::validate(
            &file,
            &mut std::io::stdout(),
            &mut std::io::stderr(),
        )),
        Command::Scan { manifest, level } => exit(cli::scan(
            &manifest,
            level,
            &mut std::io::stdin().lock(),
            &mut std::io::stdout(),
            &mut std::io::stderr(),
        )),
        Command::Lint {
            orrery_cluster,
            control_cluster,
            files,
        } => exit(orrery_learning_control::lint::run(
            &files,
            &orrery_learning_control::lint::Options {
                orrery_clusters: orrery_cluster,
                control_cluster,
            },
            &mut std::io::stdout(),
            &mut std::io::stderr(),
        )),
    }
}

fn serve(args: ServeArgs) -> ExitCode {
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info"));
    tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .with_ansi(std::io::stderr().is_terminal())
        .init();
    let config = match Config::from_args(args) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("orrery-learning: {e}");
            return ExitCode::from(2);
        }
    };
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
    {
        Ok(r) => r,
        Err(_) => {
            eprintln!("orrery-learning: refusing to start: the async runtime cannot start");
            return ExitCode::from(2);
        }
    };
    match runtime.block_on(server::serve(config)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("orrery-learning: {e}");
            ExitCode::from(2)
        }
    }
}
