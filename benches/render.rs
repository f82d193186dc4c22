use ugolki_bot::engine::{Variant, VariantId};
use ugolki_bot::render::{RenderOptions, Renderer};
fn main() {
    let r = Renderer::new();
    let pos = Variant::new(VariantId::Classic).start();
    let o = RenderOptions::default();
    let _ = r.render_png(&pos, &o).unwrap();
    let t = std::time::Instant::now();
    for _ in 0..50 {
        let _ = r.render(&pos, &o).unwrap();
    }
    println!("render only {:?}/iter", t.elapsed() / 50);
    let t = std::time::Instant::now();
    let mut n = 0;
    for _ in 0..50 {
        n = r.render_png(&pos, &o).unwrap().len();
    }
    println!("{} bytes {:?}/iter", n, t.elapsed() / 50);
}
