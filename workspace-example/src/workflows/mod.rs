//! The Phase-6 routing substrate (seed 002): a five-node remediation subgraph whose
//! control flow is data.
//!
//! - [`ledger`]: the seven ledger kinds, the closed table of legal transitions and
//!   the semantic-boundary kinds;
//! - [`state`]: the nodes, what a node reports ([`state::NodeTransition`]) and the
//!   state routing reads;
//! - [`routing`]: the routing table, the retry cap, the exclusion sets and the
//!   `route_after_*` lookups, pinned in contract set `phase6`;
//! - [`nodes`]: one module per node; nodes compute, edges decide;
//! - [`ports`]: what nodes compute through, with a scripted implementation;
//! - [`driver`]: runs the graph over scripted outcomes;
//! - [`diagram`]: the routing table drawn as a Mermaid state diagram.

pub mod diagram;
pub mod driver;
pub mod ledger;
pub mod nodes;
pub mod ports;
pub mod routing;
pub mod state;
