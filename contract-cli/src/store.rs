//! Reading goldens and replacing them atomically: the test harness's own store, so the
//! command and `cargo test` write goldens with one discipline (a temp file of the
//! writer's own beside the golden, synced, then renamed over it).

pub use contract_pin_lib::__private::store::{read, write_atomic};
