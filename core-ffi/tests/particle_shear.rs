//! Issue 30 through the C ABI: the friction μ_p of the particle-borne area reaches
//! `tribo_mu` through the core's `Table::friction_law`: a format-3 table with the section has
//! μ = μ_p at and beyond β_thres, a format-2 table is seed 000's law (μ = 0 there), bit for bit
//! the Rust law in both. Issue 45: init of a table without μ_p returns the warning
//! `WarningMuReachesZero` (the model works), and `TriboModelInfo` says μ_p, its origin and the
//! file's format. Issue 42: the α samples with their statistical, systematic and total
//! intervals (`tribo_model_alpha_sample`).

mod common;

use tribo_core::table::Table;
use tribo_core_ffi::*;

const V2_FILLED: &[u8] = include_bytes!("../../core/tests/golden/format2-filled.bin");
const V3_FILLED: &[u8] = include_bytes!("../../core/tests/golden/format3-filled.bin");
const V4_FILLED: &[u8] = include_bytes!("../../core/tests/golden/format4-filled.bin");

fn mu_through_the_abi(bytes: &[u8], v: f32, beta: f32) -> f32 {
    let (model, s) = common::init(bytes);
    // A format-2 table has no μ_p: the warning, and the model works.
    assert!(matches!(
        s,
        TriboStatus::Ok | TriboStatus::WarningMuReachesZero
    ));
    assert!(s.is_warning() || s == TriboStatus::Ok);
    let mut mu = f32::NAN;
    // SAFETY: an initialised model and a writable f32.
    let s = unsafe { tribo_mu(&*model, 20.0e6, v, beta, &mut mu) };
    assert_eq!(s, TriboStatus::Ok);
    mu
}

#[test]
fn mu_p_reaches_the_c_abi_and_old_tables_keep_their_law() {
    for (bytes, floor) in [(V3_FILLED, 0.046f32), (V2_FILLED, 0.0)] {
        let law = Table::from_bytes(bytes).unwrap().friction_law().unwrap();
        assert_eq!(law.mu_saturated(), floor);
        for v in [0.08f32, 1.0, 30.0] {
            let bt = law.beta_thres(v);
            for beta in [0.0, 0.3 * bt, 0.9 * bt, bt, 3.0 * bt] {
                let mu = mu_through_the_abi(bytes, v, beta);
                assert_eq!(mu.to_bits(), law.mu(v, beta).to_bits(), "v {v} β {beta}");
            }
            assert_eq!(mu_through_the_abi(bytes, v, 3.0 * bt), floor);
        }
    }
}

fn info_of(bytes: &[u8]) -> (Box<TriboModel>, TriboStatus, TriboModelInfo) {
    let (model, s) = common::init(bytes);
    let mut info = TriboModelInfo::default();
    // SAFETY: a model and a writable info.
    let got = unsafe { tribo_model_info(&*model, &mut info) };
    assert_eq!(got, TriboStatus::Ok);
    (model, s, info)
}

fn name(info: &TriboModelInfo) -> &str {
    let end = info
        .dominant_systematic
        .iter()
        .position(|&b| b == 0)
        .unwrap();
    std::str::from_utf8(&info.dominant_systematic[..end]).unwrap()
}

#[test]
fn an_old_table_warns_at_init_and_the_info_says_mu_p_and_the_format() {
    let (_m, s, info) = info_of(V2_FILLED);
    assert_eq!(s, TriboStatus::WarningMuReachesZero);
    assert_eq!(s as i32, 50);
    assert!(s.is_warning());
    assert_eq!(info.format_version, 2);
    assert_eq!(info.particle_friction_origin, TRIBO_MU_P_NONE);
    assert_eq!(info.particle_friction, 0.0);
    assert_eq!((info.has_systematic, name(&info)), (0, ""));
    for (bytes, format) in [(V3_FILLED, 3), (V4_FILLED, 4)] {
        let (_m, s, info) = info_of(bytes);
        assert_eq!(s, TriboStatus::Ok, "format {format}");
        assert_eq!(info.format_version, format);
        let t = Table::from_bytes(bytes).unwrap();
        let p = t.particle_shear.as_ref().unwrap();
        assert_eq!(info.particle_friction, p.particle_friction);
        assert_eq!(info.particle_friction_interval, p.ci95);
        assert_eq!(info.particle_friction_origin, TRIBO_MU_P_FITTED_STRIP_DRAW);
        assert_eq!(info.alpha_samples as usize, t.alpha.curve.v.len());
        assert_eq!(info.has_systematic, u32::from(format == 4));
        let want = t.dominant_systematic().map_or("", |d| d.name.as_str());
        assert_eq!(name(&info), want);
    }
    // The description of the warning says what happens.
    let text = unsafe { std::ffi::CStr::from_ptr(tribo_status_name(50)) };
    assert!(
        text.to_str()
            .unwrap()
            .contains("mu reaches 0 at saturation")
    );
}

#[test]
fn alpha_samples_carry_both_intervals_and_the_total() {
    let t = Table::from_bytes(V4_FILLED).unwrap();
    // mm-tonne-s: the slip rate comes back in mm/s.
    let (model, s) = common::init_in(V4_FILLED, TRIBO_UNITS_MM_TONNE_S, common::K_S * 1e-9);
    assert_eq!(s, TriboStatus::Ok);
    for i in 0..t.alpha.curve.v.len() {
        let mut a = TriboAlphaSample::default();
        // SAFETY: a model and a writable sample.
        assert_eq!(
            unsafe { tribo_model_alpha_sample(&*model, i as u32, &mut a) },
            TriboStatus::Ok
        );
        let (au, bu) = (
            t.alpha_uncertainty(i).unwrap(),
            t.beta_thres_uncertainty(i).unwrap(),
        );
        // One f64 product by 10³ rounded to f32 (the boundary's conversion): within an ulp.
        let mm_per_s = f64::from(t.alpha.curve.v[i]) * 1e3;
        assert!((f64::from(a.slip_rate) - mm_per_s).abs() <= 1e-7 * mm_per_s);
        assert_eq!((a.alpha, a.alpha_statistical), (au.value, au.statistical));
        assert_eq!(
            (Some(a.alpha_systematic), a.alpha_total),
            (au.systematic, au.total)
        );
        assert_eq!((a.beta_thres, a.beta_thres_total), (bu.value, bu.total));
        assert_eq!(a.has_systematic, 1);
        assert!(a.alpha_total[0] <= a.alpha_statistical[0].min(a.alpha_systematic[0]));
    }
    let mut a = TriboAlphaSample::default();
    let past = t.alpha.curve.v.len() as u32;
    // SAFETY: as above.
    assert_eq!(
        unsafe { tribo_model_alpha_sample(&*model, past, &mut a) },
        TriboStatus::OutOfDomain
    );
    assert_eq!(
        unsafe { tribo_model_alpha_sample(&*model, 0, std::ptr::null_mut()) },
        TriboStatus::NullPointer
    );
    // A format-3 table: systematic unknown (NaN), total = statistical.
    let (model, _) = common::init(V3_FILLED);
    // SAFETY: as above.
    assert_eq!(
        unsafe { tribo_model_alpha_sample(&*model, 0, &mut a) },
        TriboStatus::Ok
    );
    assert!(a.alpha_systematic.iter().all(|x| x.is_nan()) && a.has_systematic == 0);
    assert_eq!(a.alpha_total, a.alpha_statistical);
}
