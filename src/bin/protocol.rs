//! Prints the protocol module (`src/protocol/`) that scripts/build.mjs writes to
//! `pkg-template/src/protocol.js`.

fn main() {
    print!("{}", toolnexus::protocol::js_module());
}
