#[contract(set = "s")]
#[derive(Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct A<T: Clone = u8> where T: Send { pub x: Vec<T>, #[serde(default)] pub y: Option<(u8, &'static str)>, z: [u8; 4] }