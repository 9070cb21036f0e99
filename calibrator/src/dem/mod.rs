//! DEM of rigid thin oblate wear flakes between two rough height maps (seed 000 §5 Step 1, Eq. 15–16).
