//! `cargo contract-pin`: cargo finds `cargo-contract-pin` on `PATH` (where
//! `cargo install` puts it) and runs it with `contract-pin` as the first argument.

fn main() -> std::process::ExitCode {
    contract_cli::main(contract_cli::Entry::Cargo)
}
