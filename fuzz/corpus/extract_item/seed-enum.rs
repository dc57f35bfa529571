#[non_exhaustive]
#[repr(u8)]
#[serde(tag = "t")]
pub enum E { A = 1, B { x: u8 }, C(u8, u16) }