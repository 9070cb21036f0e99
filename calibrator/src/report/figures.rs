//! When and whether figures are drawn, so that a figure never costs a result (issue 20):
//!
//! - `--no-plots` ([`set_enabled`]) skips every figure; CSVs and tables are still written;
//! - a figure that fails (an error or a panic inside the renderer) is a warning on stderr naming
//!   the file, never an error of the command ([`render_soft`]);
//! - inside a [`Deferred`] scope (e.g. `tribo calibrate`), figures drawn on that thread are
//!   queued and drawn when the scope finishes — after `tables.bin` and every CSV are written.

use std::cell::RefCell;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::Path;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use super::error::ReportError;

static DISABLED: AtomicBool = AtomicBool::new(false);
static FAILED: AtomicUsize = AtomicUsize::new(0);

/// A figure waiting for the end of a [`Deferred`] scope.
type Job = Box<dyn FnOnce()>;

thread_local! {
    static QUEUE: RefCell<Option<Vec<Job>>> = const { RefCell::new(None) };
}

/// Turns every figure of this process on or off (`--no-plots`).
pub fn set_enabled(enabled: bool) {
    DISABLED.store(!enabled, Ordering::Relaxed);
}

/// Whether figures are drawn.
pub fn enabled() -> bool {
    !DISABLED.load(Ordering::Relaxed)
}

/// How many figures of this process failed (each was reported as a warning).
pub fn failures() -> usize {
    FAILED.load(Ordering::Relaxed)
}

/// Draws one figure file now with `draw`; an error or a panic becomes a warning naming `path`.
/// Does nothing when figures are disabled. Never fails.
pub fn render_soft(path: &Path, draw: impl FnOnce() -> Result<(), ReportError>) {
    if !enabled() {
        return;
    }
    let outcome = catch_unwind(AssertUnwindSafe(draw));
    let why = match outcome {
        Ok(Ok(())) => return,
        Ok(Err(e)) => e.chain(),
        Err(panic) => panic
            .downcast_ref::<&str>()
            .map(|s| (*s).to_string())
            .or_else(|| panic.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "the plotting library panicked".into()),
    };
    FAILED.fetch_add(1, Ordering::Relaxed);
    crate::errln!(
        "warning: figure {} not written ({why}); the tables and CSV files are unaffected",
        path.display()
    );
}

/// Draws a figure now, or queues it if this thread is inside a [`Deferred`] scope.
pub fn schedule(job: impl FnOnce() + 'static) {
    if !enabled() {
        return;
    }
    let job: Job = Box::new(job);
    let left = QUEUE.with(|q| match q.borrow_mut().as_mut() {
        Some(queue) => {
            queue.push(job);
            None
        }
        None => Some(job),
    });
    if let Some(job) = left {
        job();
    }
}

/// A scope in which figures drawn on the current thread wait until [`Deferred::finish`] (or
/// the scope's drop), so the results they illustrate are written first.
#[derive(Debug)]
pub struct Deferred {
    outer: bool,
}

impl Deferred {
    /// Starts deferring figures on this thread (nested scopes join the outermost one).
    pub fn start() -> Self {
        let outer = QUEUE.with(|q| {
            let mut q = q.borrow_mut();
            let outer = q.is_none();
            if outer {
                *q = Some(Vec::new());
            }
            outer
        });
        Self { outer }
    }

    /// Draws every queued figure, in the order they were asked for; returns how many.
    pub fn finish(self) -> usize {
        self.drain()
    }

    fn drain(&self) -> usize {
        if !self.outer {
            return 0;
        }
        let jobs = QUEUE.with(|q| q.borrow_mut().take()).unwrap_or_default();
        let n = jobs.len();
        for job in jobs {
            job();
        }
        n
    }
}

impl Drop for Deferred {
    fn drop(&mut self) {
        // A scope left early (an error after some stages) still draws what it queued: the
        // CSVs of those stages exist and their figures help find the error.
        self.drain();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::cell::Cell;
    use std::rc::Rc;

    #[test]
    fn deferred_figures_wait_for_the_end_of_the_scope_in_order() {
        let log = Rc::new(RefCell::new(Vec::new()));
        let scope = Deferred::start();
        for k in 0..3 {
            let log = log.clone();
            schedule(move || log.borrow_mut().push(k));
        }
        let inner = Deferred::start();
        assert_eq!(inner.finish(), 0, "a nested scope joins the outer one");
        assert!(
            log.borrow().is_empty(),
            "a figure was drawn inside the scope"
        );
        assert_eq!(scope.finish(), 3);
        assert_eq!(*log.borrow(), vec![0, 1, 2]);
        let now = Rc::new(Cell::new(false));
        let n2 = now.clone();
        schedule(move || n2.set(true));
        assert!(now.get(), "outside a scope a figure is drawn at once");
    }

    #[test]
    fn failing_and_panicking_figures_are_warnings() {
        let before = failures();
        let dir = tempfile::tempdir().unwrap();
        render_soft(&dir.path().join("a.png"), || Err(ReportError::EmbeddedFont));
        render_soft(&dir.path().join("b.png"), || panic!("renderer bug"));
        render_soft(&dir.path().join("c.png"), || Ok(()));
        // Other tests of this process may fail figures on purpose too: at least our two.
        assert!(failures() >= before + 2);
    }
}
