//! `orrery-learning`: the control service (`serve`) and the lab author's CLI (`validate`, `scan`).
fn main() {
    println!("orrery-learning: not yet built");
}
