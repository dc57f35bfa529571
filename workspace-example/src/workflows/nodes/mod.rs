//! The five nodes of the subgraph, one module each.
//!
//! A node computes through its [`Ports`](crate::workflows::ports::Ports) and returns a
//! [`NodeTransition`](crate::workflows::state::NodeTransition); it never calls another
//! node: the routing table decides what runs next (edges own control flow). Each
//! module exposes `run` and `EMITS`, the ledger kinds whose checkpoint its decisions
//! write. `tests/workflows_node_fence.rs` holds every file here to this: no import of
//! a peer node, no call of a peer's `run`.
//!
//! This file declares the modules only; it is not a node.

pub mod apply_recipe;
pub mod ingest_cve;
pub mod match_recipe;
pub mod stage6_validate;
pub mod write_branch;
