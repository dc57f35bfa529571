//! `contract-pin`: where every pinned contract of a workspace stands, from the sources.

fn main() -> std::process::ExitCode {
    contract_cli::main(contract_cli::Entry::Direct)
}
