//! `ugolki`: configuration and wiring only; the work is done in the library.

use clap::Parser;

/// mimalloc instead of glibc's malloc: the bot allocates and frees a great deal per move
/// (parsed updates, pictures, requests), and glibc's malloc takes about a quarter of its CPU
/// (docs/BENCHMARKS.md, "Load").
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// `mi_option_purge_delay` in mimalloc 3's `mi_option_e` (mimalloc.h); the Rust bindings
/// do not name it.
const MI_OPTION_PURGE_DELAY: libmimalloc_sys::mi_option_t = 15;

fn main() {
    // Give freed pages back to the system at once instead of after mimalloc's delay: with
    // the delay the bot's peak memory under load is about a quarter higher (182 MB against
    // 144 MB; docs/BENCHMARKS.md, "Load").
    // SAFETY: sets a tuning value; mimalloc reads it when it next purges.
    unsafe { libmimalloc_sys::mi_option_set(MI_OPTION_PURGE_DELAY, 0) };
    let cli = ugolki_bot::cli::Cli::parse();
    std::process::exit(ugolki_bot::cli::main_with(cli));
}
