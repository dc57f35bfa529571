//! The Phase-6 routing substrate (seed 002).
