//! `ugolki`: configuration and wiring only; the work is done in the library.

use clap::Parser;

fn main() {
    let cli = ugolki_bot::cli::Cli::parse();
    std::process::exit(ugolki_bot::cli::main_with(cli));
}
