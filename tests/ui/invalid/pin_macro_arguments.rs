// `pin_macro!` names a `macro_rules!` of its own file, then takes the attribute's
// arguments.
macro_rules! square {
    ($x:expr) => {
        $x * $x
    };
}

contract_pin::pin_macro!(cube);
contract_pin::pin_macro!("square");
contract_pin::pin_macro!(square set = "api");
contract_pin::pin_macro!(square, sett = "api");

fn main() {
    let _ = square!(2);
}
