//! `ugolki`: configuration and wiring only; the work is done in the library.

use clap::Parser;

/// sled allocates and frees a node copy on every write; mimalloc makes that markedly
/// cheaper than glibc malloc (see `ugolki bench timers` / `bench store` in the README).
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() {
    let cli = ugolki_bot::cli::Cli::parse();
    std::process::exit(ugolki_bot::cli::main_with(cli));
}
