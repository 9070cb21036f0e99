/*
 * vfric_stroke.c: one contact point of a strip draw through the tribo C ABI, called the way
 * an Abaqus/Explicit VFRIC routine would: a model in mm-tonne-s (N, MPa, mm, s, tonne)
 * created once, then per increment the two tangential slip increments, the normal force and
 * the contact area in, the friction force out, with beta, the elastic slip vector and the
 * contact state as the four state variables. examples/fortran/vfric_stroke.f90 is the same
 * routine in Fortran; `cargo run -p tribo-core-ffi --example vfric_reference -- TABLES_BIN`
 * prints the same lines from tribo-core's own interface tick in SI; .ci/run diffs the three
 * (bit for bit, 600 increments).
 *
 *   vfric_stroke TABLES_BIN [CORRUPT_BYTE_INDEX]
 *
 * Prints one line per increment, every float as its IEEE-754 bits in hex:
 *   increment pressure slip1 mu beta e1 e2 f1 f2 contact
 * (pressure in MPa and slip1 in mm as handed over; e1, e2 the state's elastic slip in m;
 * f1, f2 the friction force on the point in N, -force of the ABI as VFRIC's fTangential).
 * With CORRUPT_BYTE_INDEX the byte at that index is flipped before tribo_model_init: the
 * program then prints the status to stderr, evaluates nothing, and exits with the status code.
 * A table without mu_p (formats 1 and 2) gives the warning TRIBO_STATUS_WARNING_MU_REACHES_ZERO:
 * it is logged and the stroke runs (mu reaches 0 at saturation).
 *
 * Build (what .ci/run does):
 *   cargo build -p tribo-core-ffi --release
 *   cc -std=c99 -O2 -ffp-contract=off -Wall -Wextra -Werror -Icore-ffi/include \
 *      core-ffi/examples/c/vfric_stroke.c target/release/libtribo_core_ffi.a \
 *      -lgcc_s -lutil -lrt -lpthread -lm -ldl -lc -o vfric_stroke
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tribo.h"

/* The stroke, in mm-tonne-s; the same numbers as vfric_stroke.f90 and vfric_reference.rs.
 * Every value is dyadic, so its conversion to SI is exact. */
#define INCREMENTS 600u
#define RAMP 64u
static const float DT = 1.0f / 1024.0f;          /* s: explicit increment, ~1 ms */
static const float PRESSURE = 20.0f;             /* MPa: tool pressure */
static const float DRAW_SPEED = 78.125f;         /* mm/s: ~seed 000's 0.08 m/s */
static const float REVERSE_SPEED = -31.25f;      /* mm/s: short reversal */
static const float AREA = 0.25f;                 /* mm^2: the point's contact area */
static const float SHEAR_STIFFNESS = 64000.0f;   /* MPa/mm: E* over h_B, ~0.86 mm half-sheet */

/* Pressure and slip rate of increment i: closing ramp, steady draw, dwell (stick),
 * reversal (unloading, reverse slip), then the point leaves the tool (open). */
static void schedule(unsigned i, float *p, float *v) {
    float ramp = (float)(i < RAMP ? i : RAMP) / (float)RAMP;
    if (i < 450u) {
        *p = PRESSURE * ramp;
        *v = DRAW_SPEED * ramp;
    } else if (i < 480u) {
        *p = PRESSURE;
        *v = 0.0f;
    } else if (i < 520u) {
        *p = PRESSURE;
        *v = REVERSE_SPEED;
    } else {
        *p = 0.0f;
        *v = DRAW_SPEED;
    }
}

static unsigned bits(float x) {
    unsigned u;
    memcpy(&u, &x, sizeof u);
    return u;
}

/* The VFRIC-shaped routine: nblock contact points; dslip[2*k], fnormal[k], area[k] in,
 * state[4*k] (beta, e1, e2, contact) updated, ftangential[2*k] and mu[k] out. Returns the
 * first non-zero status (the analysis must then stop: see tribo.h). */
static TriboStatus vfric_like(const TriboModel *model, int nblock, float dt, const float *dslip,
                              const float *fnormal, const float *area, float *state,
                              float *ftangential, float *mu) {
    for (int k = 0; k < nblock; ++k) {
        TriboPointState st = {state[4 * k], {state[4 * k + 1], state[4 * k + 2]},
                              (uint32_t)state[4 * k + 3]};
        TriboPointInput in = {dt, {dslip[2 * k], dslip[2 * k + 1]}, fnormal[k] / area[k],
                              area[k]};
        TriboPointOutput out;
        TriboStatus s = tribo_point_step(model, &st, &in, &out);
        if (s != TRIBO_STATUS_OK) return s;
        state[4 * k] = st.beta;
        state[4 * k + 1] = st.elastic_slip[0];
        state[4 * k + 2] = st.elastic_slip[1];
        state[4 * k + 3] = (float)st.contact;
        ftangential[2 * k] = -out.force[0];
        ftangential[2 * k + 1] = -out.force[1];
        mu[k] = out.mu;
    }
    return TRIBO_STATUS_OK;
}

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: %s TABLES_BIN [CORRUPT_BYTE_INDEX]\n", argv[0]);
        return 64;
    }
    static uint8_t table[TRIBO_MAX_TABLE_BYTES + 1];
    FILE *f = fopen(argv[1], "rb");
    if (!f) {
        perror(argv[1]);
        return 66;
    }
    size_t len = fread(table, 1, sizeof table, f);
    fclose(f);
    if (argc > 2) {
        size_t at = (size_t)strtoul(argv[2], NULL, 10);
        if (at < len) table[at] ^= 0xFFu;
    }

    /* Once per process (VEXTERNALDB at the start of the analysis): caller-owned model,
     * validated, then shared read-only by every contact point and thread. */
    static TriboModel model;
    TriboStatus s = tribo_model_init(&model, sizeof model, TRIBO_ABI_VERSION, table, len,
                                     TRIBO_UNITS_MM_TONNE_S, SHEAR_STIFFNESS);
    if (s == TRIBO_STATUS_WARNING_MU_REACHES_ZERO) {
        /* A warning: the model is built and works (an old table without mu_p). Log it. */
        fprintf(stderr, "tribo_model_init: %s\n", tribo_status_name(s));
    } else if (s != TRIBO_STATUS_OK) {
        fprintf(stderr, "tribo_model_init: %s (status %d, library ABI %u); nothing evaluated\n",
                tribo_status_name(s), (int)s, (unsigned)tribo_abi_version());
        return (int)s;
    }
    TriboModelInfo info;
    if (tribo_model_info(&model, &info) == TRIBO_STATUS_OK) {
        fprintf(stderr, "model: table format %u, mu0 = %.6f, seed = %llu, %s; pressure %g..%g MPa\n",
                (unsigned)info.format_version, (double)info.mu0, (unsigned long long)info.seed,
                info.calibrated ? "calibrated" : "documented defaults/example",
                (double)info.pressure_min, (double)info.pressure_max);
        if (info.particle_friction_origin == TRIBO_MU_P_NONE)
            fprintf(stderr, "model: no mu_p: mu reaches 0 at saturation\n");
        else
            fprintf(stderr, "model: mu_p = %.4f [%.4f, %.4f] (origin %u): mu in [mu_p, mu0]\n",
                    (double)info.particle_friction, (double)info.particle_friction_interval[0],
                    (double)info.particle_friction_interval[1],
                    (unsigned)info.particle_friction_origin);
        /* alpha with both intervals: the statistical one alone is not the accuracy. */
        TriboAlphaSample a;
        if (info.alpha_samples > 0 && tribo_model_alpha_sample(&model, 0, &a) == TRIBO_STATUS_OK) {
            fprintf(stderr, "model: alpha(%g mm/s) = %.3g, statistical 95%% [%.3g, %.3g]",
                    (double)a.slip_rate, (double)a.alpha, (double)a.alpha_statistical[0],
                    (double)a.alpha_statistical[1]);
            if (a.has_systematic)
                fprintf(stderr, ", systematic [%.3g, %.3g], total [%.3g, %.3g] (dominant: %s)\n",
                        (double)a.alpha_systematic[0], (double)a.alpha_systematic[1],
                        (double)a.alpha_total[0], (double)a.alpha_total[1],
                        (const char *)info.dominant_systematic);
            else
                fprintf(stderr, ", systematic unknown (table without a budget)\n");
        }
    }

    /* The state variables of this contact point: all zero = fresh sheet. */
    float state[4] = {0.0f, 0.0f, 0.0f, 0.0f};
    for (unsigned i = 0; i < INCREMENTS; ++i) {
        float p, v;
        schedule(i, &p, &v);
        const float dslip[2] = {v * DT, 0.0f};
        const float fnormal = p * AREA; /* N: what VFRIC hands over with areaCont */
        float ftangential[2], mu;
        s = vfric_like(&model, 1, DT, dslip, &fnormal, &AREA, state, ftangential, &mu);
        if (s != TRIBO_STATUS_OK) {
            fprintf(stderr, "tribo_point_step at increment %u: %s\n", i, tribo_status_name(s));
            return (int)s;
        }
        printf("%4u %08X %08X %08X %08X %08X %08X %08X %08X %u\n", i, bits(p), bits(dslip[0]),
               bits(mu), bits(state[0]), bits(state[1]), bits(state[2]), bits(ftangential[0]),
               bits(ftangential[1]), (unsigned)state[3]);
    }
    return 0;
}
