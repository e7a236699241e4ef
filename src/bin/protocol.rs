//! Prints the protocol module (`src/protocol.rs`) that scripts/build.mjs writes to
//! `pkg-template/src/protocol.js`.

fn main() {
    print!("{}", toolnexus::protocol::js_module());
}
