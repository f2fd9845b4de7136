//! The Orrery stand-in: a dev/test server speaking Orrery's API shapes (scripted and echo modes).
fn main() {
    println!("orrery-standin: not yet built");
}
