//! Reading, locking and atomically replacing goldens: the test harness's store
//! (`contract-store`),
//! so the command and `cargo test` write goldens with one discipline (the golden's
//! lock held from the read to the write; a temp file of the writer's own beside the
//! golden, synced, then renamed over it), in one transaction ([`transact`]).

pub use contract_store::store::transact;
