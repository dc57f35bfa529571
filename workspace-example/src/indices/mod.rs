//! The index-health probe (seed 001).
