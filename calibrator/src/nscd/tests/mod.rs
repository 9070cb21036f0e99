//! Tests of `nscd/`, one file per topic.

mod cohesion;
mod impact;
mod incline;
mod order;

use super::body::{Body, Shape};

/// A fixed wall: the half-plane y < 0 (`solid_below`, a floor) or y > 0 (a ceiling), driven at
/// rest.
fn fixed_half_plane(solid_below: bool) -> Body {
    Body::driven(
        [0.0, 0.0],
        [0.0, 0.0],
        vec![Shape::HalfPlane {
            y_offset: 0.0,
            solid_below,
        }],
    )
}
