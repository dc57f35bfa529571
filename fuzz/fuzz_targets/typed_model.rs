#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| contract_pin_fuzz::typed_model(data));
