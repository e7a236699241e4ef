#![cfg(target_arch = "wasm32")]
use wasm_bindgen::prelude::*;
use wasm_bindgen_test::*;
use toolnexus::spec::init_tool;

#[wasm_bindgen(inline_js = "module.exports.probe = () => Object.keys(module.parent.exports).join(',');")]
extern "C" {
    fn probe() -> String;
}

#[wasm_bindgen_test]
fn smoke() {
    let _ = init_tool as usize;
    panic!("{}", probe());
}
