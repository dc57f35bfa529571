// `assert_golden!` in a package whose manifest does not depend on the harness: the
// error names the dev-dependency to add, before anything else is resolved.
fn main() {
    contract_macros::assert_golden!("api");
}
