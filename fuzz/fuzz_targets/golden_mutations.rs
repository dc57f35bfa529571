#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| contract_pin_fuzz::golden_mutations(data));
