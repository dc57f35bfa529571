//! The target features every build of the target enables by default, for the harness
//! (`contract_core::Policy::target_baseline`): what `$RUSTC --print cfg --target
//! $TARGET` prints, without this build's own flags, so that `-C target-cpu=native` on
//! one machine frees no change that the target's other builds would see. `contract-pin
//! check` asks rustc the same. Nothing is assumed when rustc cannot tell.

use std::process::Command;

fn main() {
    println!("cargo:rerun-if-env-changed=RUSTC");
    println!("cargo:rerun-if-changed=build.rs");
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".to_owned());
    let mut command = Command::new(rustc);
    command.args(["--print", "cfg"]);
    if let Ok(target) = std::env::var("TARGET") {
        command.args(["--target", &target]);
    }
    let features: Vec<String> = command
        .output()
        .ok()
        .filter(|out| out.status.success())
        .map(|out| {
            String::from_utf8_lossy(&out.stdout)
                .lines()
                .filter_map(|line| line.strip_prefix("target_feature=\""))
                .filter_map(|rest| rest.strip_suffix('"'))
                .map(str::to_owned)
                .collect()
        })
        .unwrap_or_default();
    println!(
        "cargo:rustc-env=CONTRACT_PIN_TARGET_BASELINE={}",
        features.join(",")
    );
}
