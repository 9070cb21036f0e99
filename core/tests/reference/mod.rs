//! All-f64 reference strip-draw bar: the same model and discretisation as
//! `tribo_core::bar` (Eq. 2, 4–5, 9, 12–14, 23–24, 31–32), written naively and
//! independently in f64 throughout — U^p stored as in Eq. 4, β and μ in f64, the friction law
//! re-derived from its parameters. It is the oracle for the f32/f64 design of the core.

use tribo_core::bar::BarParams;
use tribo_core::law::FrictionLaw;

pub struct Reference {
    pub mean_mu_friction: f64,
    pub mean_mu_pull: f64,
    pub beta: Vec<f64>,
}

pub fn run(p: &BarParams, law: &FrictionLaw, n: usize, slide: f64, window: f64) -> Reference {
    // Friction law in f64 (Eq. 9, 23, 24) with α(v) = α∞·(1 − exp(−|v|/v_ref)) + α0·exp(…);
    // the reference takes a law-only α curve (no samples).
    let lp = law.params();
    assert!(
        law.alpha_curve().v.is_empty(),
        "the f64 reference needs a law-only α curve"
    );
    let sat = law.alpha_curve().law.expect("a law-only α curve has a law");
    let (tau0, kappa, e_law, slope) = (
        f64::from(lp.tau0),
        f64::from(lp.kappa),
        f64::from(lp.e_star),
        f64::from(lp.slope_rms),
    );
    let (a_inf, a_0, v_ref) = (
        f64::from(sat.alpha_inf),
        f64::from(sat.alpha_0),
        f64::from(sat.v_ref),
    );
    let mu0 = tau0 * kappa / (e_law * slope);
    let alpha_of = |v: f64| {
        let decay = (-v.abs() / v_ref).exp();
        a_inf * (1.0 - decay) + a_0 * decay
    };
    let beta_thres = |alpha: f64| {
        if alpha > 0.0 {
            kappa / (alpha * slope)
        } else {
            f64::INFINITY
        }
    };
    let mu_of = |alpha: f64, beta: f64| (mu0 * (1.0 - beta / beta_thres(alpha))).max(0.0);

    // Bar constants.
    let l = p.element_length;
    let length = (n - 1) as f64 * l;
    let mass = p.density * p.mass_scaling * p.height * l;
    let k_ax = p.e_star * p.height / l;
    let ks = p.shear_stiffness;
    let dt = p.courant * 2.0 / ((4.0 * k_ax + 2.0 * ks * l) / mass).sqrt();
    let c = (p.e_star / (p.density * p.mass_scaling)).sqrt();
    let damping = 2.0 * p.damping_ratio * std::f64::consts::PI * c / (2.0 * length);
    let (xa, xb) = (p.tool_entry, p.tool_entry + p.tool_length);
    let coverage = |x: f64| {
        let lo = (x - 0.5 * l).max(xa);
        let hi = (x + 0.5 * l).min(xb);
        ((hi - lo) / l).max(0.0)
    };
    let (k_wear, hard, hp, zeta) = (
        f64::from(p.archard_k),
        f64::from(p.hardness),
        f64::from(p.particle_thickness),
        f64::from(p.zeta),
    );

    let mut u = vec![0.0f64; n];
    let mut v = vec![p.initial_velocity; n];
    v[n - 1] = p.pull_velocity;
    let mut a = vec![0.0f64; n];
    let mut up = vec![0.0f64; n]; // U^p of Eq. 4
    let mut open = vec![true; n];
    let mut mark = vec![0.0f64; n];
    let mut alpha = vec![alpha_of(p.initial_velocity); n];
    let mut beta = vec![0.0f64; n];
    let mut t = 0.0f64;
    let mut t_mark = 0.0f64;
    let steps = (slide / (p.pull_velocity * dt)).ceil() as u64;
    let (mut sn, mut ss, mut sp) = (0.0, 0.0, 0.0);
    for step in 1..=steps {
        t += dt;
        let u_old = u.clone();
        for i in 0..n - 1 {
            u[i] += dt * v[i] + 0.5 * dt * dt * a[i];
        }
        u[n - 1] = p.pull_velocity * t;
        let (mut f_n, mut f_s, mut f_pull) = (0.0, 0.0, 0.0);
        let eps_end = (u[n - 1] - u[n - 2]) / l;
        for i in 0..n {
            let mut f = 0.0;
            if i > 0 {
                f += k_ax * (u[i - 1] - u[i]);
            }
            if i + 1 < n {
                f += k_ax * (u[i + 1] - u[i]);
            }
            let pressure = p.tool_pressure * coverage(i as f64 * l + u[i]);
            // Eq. 4–5 with U^p: opening sets U^p = U (unloaded spring).
            let traction = if pressure > 0.0 {
                if open[i] {
                    up[i] = u_old[i];
                    open[i] = false;
                }
                let limit = pressure * mu_of(alpha[i], beta[i]);
                let trial = ks * (u[i] - up[i]);
                if trial.abs() <= limit {
                    trial
                } else {
                    up[i] = u[i] - trial.signum() * limit / ks;
                    trial.signum() * limit
                }
            } else {
                open[i] = true;
                0.0
            };
            f_n += pressure * l;
            f_s += traction * l;
            if i + 1 < n {
                let m_i = if i == 0 { 0.5 * mass } else { mass };
                let v_half = v[i] + 0.5 * dt * a[i];
                let eps = if i == 0 {
                    (u[1] - u[0]) / l
                } else {
                    (u[i + 1] - u[i - 1]) / (2.0 * l)
                };
                let v_steady = p.pull_velocity * (1.0 + eps) / (1.0 + eps_end);
                let a_new = (f - traction * l - damping * m_i * (v_half - v_steady)) / m_i;
                v[i] += 0.5 * dt * (a[i] + a_new);
                a[i] = a_new;
            } else {
                f_pull = traction * l - f;
            }
        }
        if p.pull_velocity * t >= slide - window {
            sn += f_n;
            ss += f_s;
            sp += f_pull;
        }
        if step % u64::from(p.transport_every) == 0 {
            // Eq. 14, donor cell, tool-edge rules of tribo_core::transport.
            let dtb = t - t_mark;
            let vel: Vec<f64> = (0..n).map(|i| (u[i] - mark[i]) / dtb).collect();
            let pr: Vec<f64> = (0..n)
                .map(|i| p.tool_pressure * coverage(i as f64 * l + u[i]))
                .collect();
            for i in 0..n {
                alpha[i] = alpha_of(vel[i]);
            }
            let nu_max = (0..n)
                .filter(|&i| pr[i] > 0.0)
                .map(|i| dtb * zeta * vel[i].abs() / l)
                .fold(0.0, f64::max);
            let subs = nu_max.ceil().max(1.0) as usize;
            let h = dtb / subs as f64;
            for _ in 0..subs {
                let old = beta.clone();
                let face = |i: usize| -> f64 {
                    // rightward amount across the face between i and i+1
                    if pr[i] > 0.0 && pr[i + 1] > 0.0 {
                        h * zeta / l
                            * ((-vel[i]).max(0.0) * old[i] - vel[i + 1].max(0.0) * old[i + 1])
                    } else {
                        0.0
                    }
                };
                for i in 0..n {
                    let left = if i == 0 {
                        if pr[0] > 0.0 && vel[0] > 0.0 {
                            -h * zeta / l * vel[0] * old[0]
                        } else {
                            0.0
                        }
                    } else {
                        face(i - 1)
                    };
                    let right = if i + 1 == n {
                        if pr[i] > 0.0 && vel[i] < 0.0 {
                            -h * zeta / l * vel[i] * old[i]
                        } else {
                            0.0
                        }
                    } else {
                        face(i)
                    };
                    let src = if pr[i] > 0.0 {
                        h * k_wear * pr[i] * vel[i].abs() / (hard * hp)
                    } else {
                        0.0
                    };
                    beta[i] = (old[i] + src + left - right).clamp(0.0, beta_thres(alpha[i]));
                }
            }
            mark.copy_from_slice(&u);
            t_mark = t;
        }
    }
    Reference {
        mean_mu_friction: ss / sn,
        mean_mu_pull: sp / sn,
        beta,
    }
}
