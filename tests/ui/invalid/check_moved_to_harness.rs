// The check moved to `contract-harness`: the old spelling says where it went.
fn main() {
    let manifest_dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let _ = contract_pin::check("ui", env!("CARGO_PKG_NAME"), manifest_dir, &|_: &str| None);
}
