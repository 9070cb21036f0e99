//! Independent-asperity onset-of-sliding model (seed 003).
