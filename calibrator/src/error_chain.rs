//! An error and its causes on one line, outermost first (`a: b: c`) — what the binary prints
//! for an error (`anyhow`'s `{:#}`), available to library code without `anyhow` (issue 18):
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
        source: std::io::Error,
    }

    #[test]
    fn the_chain_is_what_anyhow_prints_with_the_alternate_flag() {
        let e = Outer {
            n: 1,
            source: std::io::Error::other("inner"),
        };
        assert_eq!(chain(&e), "outer 1: inner");
        // The binary's `{:#}` (anyhow) is the oracle.
        let a = anyhow::Error::from(Outer {
            n: 1,
            source: std::io::Error::other("inner"),
        });
        assert_eq!(chain(&e), format!("{a:#}"));
    }
}
