// Without a build script of its own, maturin's source changes (every .py edit) rebuild the
// crate; with this line only the crate's own files do.
fn main() {
    println!("cargo:rerun-if-changed=build.rs");
}
