//! Local friction law of seed 000 (Eq. 6–9, 23–24).
