//! The event log the orchestrator reports to. It is injected (a trait object passed
//! to [`RemediationOrchestrator::new`](super::RemediationOrchestrator::new)), never
//! global, so every run and every test has its own.

use std::sync::Mutex;

use serde::Serialize;

use super::report::RemediationStatus;

/// Something that happened during a run.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "event", rename_all = "snake_case")]
#[non_exhaustive]
pub enum Event {
    /// An attempt started with a transform.
    AttemptStarted {
        /// 1-based.
        attempt: u32,
        /// What the transform does.
        transform: String,
    },
    /// The transform did not apply.
    TransformFailed {
        /// 1-based.
        attempt: u32,
        /// Why.
        error: String,
    },
    /// Stage-6 validation judged the candidate.
    Validated {
        /// 1-based.
        attempt: u32,
        /// The outcome's kind (`trusted`, `needs_review`, `rejected`).
        outcome: String,
    },
    /// The recipe engine had no transform to offer.
    NoRecipe {
        /// 1-based.
        attempt: u32,
    },
    /// The run ended.
    Finished {
        /// How.
        status: RemediationStatus,
        /// Attempts made.
        attempts: u32,
    },
}

/// Where events go.
pub trait EventLog: Send + Sync {
    /// Records one event.
    fn record(&self, event: Event);
}

/// An event log in memory, for tests and for callers that read it after the run.
#[derive(Debug, Default)]
pub struct MemoryEventLog {
    events: Mutex<Vec<Event>>,
}

impl MemoryEventLog {
    /// An empty log.
    pub fn new() -> MemoryEventLog {
        MemoryEventLog::default()
    }

    /// Every event so far, in order.
    pub fn events(&self) -> Vec<Event> {
        self.events
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .clone()
    }
}

impl EventLog for MemoryEventLog {
    fn record(&self, event: Event) {
        self.events
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .push(event);
    }
}
