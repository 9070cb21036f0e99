/*
 * vfric_stroke.c: one contact point of a strip draw through the tribo C ABI, called the way
 * an Abaqus VFRIC / LS-DYNA user friction routine calls it: once per increment with the slip
 * increment, contact pressure and slip rate, returning mu and the shear stress and carrying
 * beta, the elastic slip and the contact state as its state variables.
 *
 *   vfric_stroke TABLES_BIN [CORRUPT_BYTE_INDEX]
 *
 * Prints one line per increment, every float as its IEEE-754 bits in hex:
 *   increment pressure slip_rate mu beta elastic_slip shear_stress contact
 * `cargo run -p tribo-core-ffi --example vfric_reference -- TABLES_BIN` prints the same lines
 * from tribo-core's own interface tick; .ci/run diffs the two (bit for bit).
 * With CORRUPT_BYTE_INDEX the byte at that index is flipped before tribo_model_init: the
 * program then prints the status to stderr, evaluates nothing, and exits with the status code.
 *
 * Build (what .ci/run does):
 *   cargo build -p tribo-core-ffi --release
 *   cc -std=c99 -O2 -ffp-contract=off -Wall -Wextra -Werror -Icore-ffi/include \
 *      core-ffi/examples/c/vfric_stroke.c target/release/libtribo_core_ffi.a \
 *      -lpthread -ldl -lm -lgcc_s -o vfric_stroke
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tribo.h"

/* The stroke; the same numbers as examples/vfric_reference.rs. */
#define INCREMENTS 600u
static const float DT = 1.0e-3f;               /* s: explicit increment */
static const float PRESSURE = 20.0e6f;          /* Pa: tool pressure */
static const float DRAW_SPEED = 0.08f;          /* m/s: seed 000's strip-draw speed */
static const float REVERSE_SPEED = -0.03f;      /* m/s: short reversal */

/* Pressure and slip rate of increment i: closing ramp, steady draw (35 mm), dwell (stick),
 * reversal (unloading, reverse slip), then the point leaves the tool (open). */
static void schedule(unsigned i, float *p, float *v) {
    float ramp = (float)(i < 50u ? i : 50u) / 50.0f;
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

    /* Caller-owned model: validated once, then shared read-only by every contact point. */
    static TriboModel model;
    const float shear_stiffness = 55.0e9f / 0.75e-3f; /* Pa/m: E* over h_B, 1.5 mm sheet */
    TriboStatus s = tribo_model_init(&model, table, len, shear_stiffness);
    if (s != TRIBO_STATUS_OK) {
        fprintf(stderr, "tribo_model_init: %s (status %d); nothing evaluated\n",
                tribo_status_name(s), (int)s);
        return (int)s;
    }
    TriboModelInfo info;
    if (tribo_model_info(&model, &info) == TRIBO_STATUS_OK)
        fprintf(stderr, "model: mu0 = %.6f, seed = %llu, %s\n", (double)info.mu0,
                (unsigned long long)info.seed,
                info.calibrated ? "calibrated" : "documented defaults/example");

    /* The routine's state variables for this contact point: all zero = fresh sheet. */
    TriboNodeState state = {0};
    float last_mu = 0.0f;
    for (unsigned i = 0; i < INCREMENTS; ++i) {
        TriboNodeInput in;
        schedule(i, &in.pressure, &in.slip_rate);
        in.dt = DT;
        in.slip_increment = in.slip_rate * DT; /* what the FE code hands over as dslip */
        TriboNodeOutput out;
        s = tribo_node_step(&model, &state, &in, &out);
        if (s != TRIBO_STATUS_OK) {
            fprintf(stderr, "tribo_node_step at increment %u: %s\n", i, tribo_status_name(s));
            return (int)s;
        }
        last_mu = out.mu;
        printf("%4u %08x %08x %08x %08x %08x %08x %u\n", i, bits(in.pressure),
               bits(in.slip_rate), bits(out.mu), bits(state.beta), bits(state.elastic_slip),
               bits(out.shear_stress), (unsigned)state.contact);
    }
    fprintf(stderr, "final: beta = %.6f, mu = %.6f after %u increments\n", (double)state.beta,
            (double)last_mu, INCREMENTS);
    return 0;
}
