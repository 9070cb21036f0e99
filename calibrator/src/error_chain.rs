//! An error and its causes on one line, outermost first (`a: b: c`) — what the binary prints
//! for an error (`{:#}` of its catch-all error), available to library code (issue 18):
//! for a message that lists other errors (the case files `--merge` refuses) and for tests that
//! check a whole chain.

use std::error::Error;

/// `err`'s message followed by each of its [`Error::source`]s, joined by `": "`.
pub fn chain(err: &(dyn Error + 'static)) -> String {
    let mut s = err.to_string();
    let mut cause = err.source();
    while let Some(c) = cause {
        s.push_str(": ");
        s.push_str(&c.to_string());
        cause = c.source();
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, thiserror::Error)]
    #[error("outer {n}")]
    struct Outer {
        n: u8,
        #[source]
        source: Middle,
    }

    #[derive(Debug, thiserror::Error)]
    #[error("middle")]
    struct Middle(#[source] std::io::Error);

    #[test]
    fn every_cause_is_printed_once_outermost_first() {
        // The oracle is the format the binary's `{:#}` prints (its error crate's documented
        // alternate form): each message of the source chain, joined by ": ".
        let e = Outer {
            n: 1,
            source: Middle(std::io::Error::other("inner")),
        };
        assert_eq!(chain(&e), "outer 1: middle: inner");
        assert_eq!(chain(&std::io::Error::other("alone")), "alone");
    }
}
