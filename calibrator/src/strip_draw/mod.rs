//! Strip-draw studies driving the core's bar (seed 000 §7).
