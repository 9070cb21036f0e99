//! Property tests: no panic, no NaN, for any input to the Coulomb law, the interface tick and
//! the strip-draw bar (NaN, ±∞, negative loads, absurd parameters). Every call either returns
//! an `Err` or finite values.

use proptest::prelude::*;
use tribo_core::bar::{BarParams, BarStorage, InterfaceLine, StripDraw, seed_000_law};
use tribo_core::coulomb::CoulombSpring;
use tribo_core::transport::TransportParams;

fn wild() -> impl Strategy<Value = f32> {
    prop_oneof![
        any::<f32>(),
        Just(f32::NAN),
        Just(f32::INFINITY),
        Just(f32::NEG_INFINITY),
        Just(0.0f32),
        -1e8f32..1e8,
    ]
}

fn wild64() -> impl Strategy<Value = f64> {
    prop_oneof![
        any::<f64>(),
        Just(f64::NAN),
        Just(f64::INFINITY),
        Just(-1.0f64),
        Just(0.0f64),
    ]
}

proptest! {
    #[test]
    fn coulomb_traction_is_always_finite(
        inputs in prop::collection::vec((wild(), wild(), wild(), wild(), wild()), 1..20)
    ) {
        let mut s = CoulombSpring::new();
        for (du, ks, p, mu_s, mu_k) in inputs {
            let t = s.update_static_kinetic(du, ks, p, mu_s, mu_k);
            prop_assert!(t.is_finite(), "T = {t}");
            prop_assert!(!s.elastic_slip().is_nan());
        }
    }

    #[test]
    fn interface_tick_never_panics_or_returns_nan(
        p in prop::collection::vec(wild(), 8),
        v in prop::collection::vec(wild(), 8),
        dt in wild(),
        ks in wild(),
    ) {
        let law = seed_000_law().unwrap();
        let tp = TransportParams::seed_000(1.0e-3);
        let mut line = InterfaceLine::<8>::new();
        let pr: [f32; 8] = p.try_into().unwrap();
        let vel: [f32; 8] = v.try_into().unwrap();
        if let Ok(t) = line.tick(&law, &tp, ks, dt, &pr, &vel) {
            prop_assert!(t.iter().all(|x| x.is_finite()));
            prop_assert!(line.beta.iter().all(|b| !b.is_nan() && *b >= 0.0));
        }
    }

    #[test]
    fn bar_rejects_or_runs_finite(
        pressure in wild64(),
        tool in wild64(),
        e_star in prop_oneof![Just(55.0e9f64), wild64()],
        l_e in prop_oneof![Just(1.0e-3f64), wild64()],
        zeta in wild(),
        k in wild(),
        v0 in prop_oneof![Just(0.08f64), wild64()],
    ) {
        let law = seed_000_law().unwrap();
        let mut params = BarParams::seed_000(0.005, 20.0e6, 0.002);
        params.element_length = l_e;
        params.tool_pressure = pressure;
        params.tool_length = tool;
        params.e_star = e_star;
        params.zeta = zeta;
        params.archard_k = k;
        params.pull_velocity = v0;
        let mut storage = BarStorage::<16>::new();
        if let Ok(mut bar) = StripDraw::new(&params, &law, storage.buffers()) {
            for _ in 0..40 {
                match bar.step() {
                    Ok(f) => {
                        prop_assert!(f.mu_friction().is_finite() && f.mu_pull().is_finite());
                    }
                    Err(_) => break,
                }
            }
            prop_assert!(bar.beta().iter().all(|b| !b.is_nan()));
        }
    }
}
