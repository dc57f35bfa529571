#[contract_pin::contract(set = "Bad Set", name = "r#type", golden = "../x.json", crate = 3, nme = 1)]
struct S;