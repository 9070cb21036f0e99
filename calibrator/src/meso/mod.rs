//! Staggered BEM–DEM loop, A_p history and ensembles (seed 000 §5–6, Fig. 7).

pub mod cases;
