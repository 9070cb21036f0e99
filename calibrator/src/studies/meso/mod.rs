//! Studies on the BEM–DEM cases of [`crate::meso`]: the paired comparison of two DEM
//! integrators on the same cases (issue 31, `docs/studies/integrator/`). It sits above `meso`
//! and `fit` because it resamples the cases with the fit's clustered bootstrap.

pub mod equivalence;
