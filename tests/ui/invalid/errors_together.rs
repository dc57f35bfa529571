// A bad argument and an unsupported item: both reported, and the union still
// exists (no cascade of "cannot find type" errors where it is used).
#[contract_pin::contract(colour = "blue")]
pub union Bits {
    pub a: u32,
    pub b: f32,
}

fn use_bits(bits: Bits) -> u32 {
    unsafe { bits.a }
}

fn main() {
    let _ = use_bits;
}
