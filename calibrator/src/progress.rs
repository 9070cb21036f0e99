//! Progress bars for long work (indicatif). Drawn on stderr, hidden when stderr is not a
//! terminal (CI logs) or when `TRIBO_NO_PROGRESS` is set.

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// A progress bar of `len` steps labelled `what`.
pub fn bar(len: u64, what: &str) -> ProgressBar {
    let pb = ProgressBar::new(len);
    if std::env::var_os("TRIBO_NO_PROGRESS").is_some() {
        pb.set_draw_target(ProgressDrawTarget::hidden());
    }
    let style = ProgressStyle::with_template(
        "{msg:>14} [{elapsed_precise}] {wide_bar:.cyan/blue} {pos}/{len} (eta {eta})",
    )
    .unwrap_or_else(|_| ProgressStyle::default_bar());
    pb.set_style(style);
    pb.set_message(what.to_owned());
    pb
}
