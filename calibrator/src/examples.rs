//! The `Examples:` block of every `tribo … --help` (issue 33). Each line is a command a user
//! can paste; `cli::tests` checks that every subcommand has at least one of itself.

/// The quick preset's wall time, with when and where it was measured: the one source of the
/// claim in `tribo --help`, README.md and docs/calibration.md (`cli::tests` checks that the
/// documents carry this very text; the measurement is in docs/performance.md).
macro_rules! quick_wall_time {
    () => {
        "6.2 min wall on 2 idle cores (2026-11-30, docs/performance.md)"
    };
}
#[cfg(test)]
pub(crate) use quick_wall_time;

/// `tribo --help`.
pub const TRIBO: &str = concat!(
    "\
Examples:
  tribo calibrate --preset quick --out out   # ",
    quick_wall_time!(),
    "
  tribo inspect --table out/tables.bin
  tribo export --table out/tables.bin --format lsdyna -o friction.k
  tribo completions bash > /etc/bash_completion.d/tribo"
);

/// `tribo calibrate --help`.
pub const CALIBRATE: &str = "\
Examples:
  tribo calibrate --preset quick --out out --seed 0
  tribo calibrate --preset standard --config measured.toml --out out --threads 2
  tribo calibrate --preset quick --print-config > my.toml    # edit, then --config my.toml
  tribo calibrate --preset standard --out out --emit-slurm   # job array + merge
  tribo calibrate --defaults --out defaults                  # documented seed-000 values, no simulation";

/// `tribo contact --help`.
pub const CONTACT: &str = "\
Examples:
  tribo contact --n 128 --length 100um --hurst 0.8 --p-min 1MPa --p-max 100MPa --out report/contact
  tribo contact --deformable-file scan.x3p --out report/scan
  tribo contact --deformable-file map.csv --spacing 0.5um --height-unit 1e-6 --elastic";

/// `tribo dem --help`.
pub const DEM: &str = "\
Examples:
  tribo dem --flakes 20 --distance 20um --out out/dem
  tribo dem --drag-frame sheet --v0 1m/s --out out/dem-sheet
  tribo dem --deformable-file def.csv --tool-file tool.csv --spacing 1um --height-unit 1e-6";

/// `tribo meso --help`.
pub const MESO: &str = "\
Examples:
  tribo meso --preset quick --pressure 20MPa --beta 0.1 --velocity 0.3 --out out/meso
  tribo meso --preset quick --case 3 --out out/meso-3
  tribo meso --preset quick --sweep --threads 2 --out out/meso-sweep";

/// `tribo random-field --help`.
pub const RANDOM_FIELD: &str = "\
Examples:
  tribo random-field --out report/random_field
  tribo random-field --mode thresholds --sigma-over-mu 0.3 --samples 2000";

/// `tribo asperity --help`.
pub const ASPERITY: &str = "\
Examples:
  tribo asperity --out asperity-report
  tribo asperity --family log-uniform --exponent 1 --loads 1,2,5,10";

/// `tribo strip-draw --help`.
pub const STRIP_DRAW: &str = "\
Examples:
  tribo strip-draw --table out/tables.bin --out out/strip-draw
  tribo strip-draw --studies tool,multipass --pressures 5MPa,25MPa --passes 3";

/// `tribo fit --help`.
pub const FIT: &str = "\
Examples:
  tribo fit strip-draw --data measured.csv --table out/tables.bin -o fitted.bin
  tribo fit saturation --table out/tables.bin --out out/fit-saturation";

/// `tribo fit strip-draw --help`.
pub const FIT_STRIP_DRAW: &str = "\
Examples:
  tribo fit strip-draw --data measured.csv --table out/tables.bin -o fitted.bin
  tribo fit strip-draw --data passes.csv --fit-particle-friction --profile --out out/fit

Data: CSV with columns tool_length_m, pressure_pa, mu_bar [, pass] (SI), or unit-suffixed
names such as tool_length_mm, pressure_MPa (old files with mm/MPa headers are read as such).";

/// `tribo fit saturation --help`.
pub const FIT_SATURATION: &str = "\
Examples:
  tribo fit saturation --table out/tables.bin --out out/fit-saturation
  tribo fit saturation --table out/tables.bin -o solved.bin --source-rule uncovered";

/// `tribo fretting --help`.
pub const FRETTING: &str = "\
Examples:
  tribo fretting incline
  tribo fretting wear --pressures 100MPa,200MPa --into-table out/tables.bin
  tribo fretting mesh-study --cells 20,40,80";

/// `tribo fretting incline --help`.
pub const FRETTING_INCLINE: &str = "\
Examples:
  tribo fretting incline --mu-static 0.25 --mu-kinetic 0.2 --out out/fretting/incline";

/// `tribo fretting circles --help`.
pub const FRETTING_CIRCLES: &str = "\
Examples:
  tribo fretting circles --out out/fretting/circles";

/// `tribo fretting asperity --help`.
pub const FRETTING_ASPERITY: &str = "\
Examples:
  tribo fretting asperity --out out/fretting/asperity";

/// `tribo fretting plate --help`.
pub const FRETTING_PLATE: &str = "\
Examples:
  tribo fretting plate --out out/fretting/plate";

/// `tribo fretting wear --help`.
pub const FRETTING_WEAR: &str = "\
Examples:
  tribo fretting wear --out out/fretting/wear
  tribo fretting wear --pressures 100MPa,200MPa --into-table out/tables.bin";

/// `tribo fretting mesh-study --help`.
pub const FRETTING_MESH_STUDY: &str = "\
Examples:
  tribo fretting mesh-study --cells 20,40,80 --pressure 200MPa --realisations 8";

/// `tribo inspect --help`.
pub const INSPECT: &str = "\
Examples:
  tribo inspect --table out/tables.bin
  tribo inspect --table out/tables.bin --json | jq .alpha
  tribo inspect --table out/tables.bin --out out/table-report";

/// `tribo export --help`.
pub const EXPORT: &str = "\
Examples:
  tribo export --table out/tables.bin --format lsdyna --units mm-s -o friction.k
  tribo export --table out/tables.bin --format abaqus --draw-lengths 10mm,35mm,140mm -o friction.inp
  tribo export --table out/tables.bin --format csv > grid.csv";

/// `tribo third-body --help`.
pub const THIRD_BODY: &str = "\
Examples:
  tribo third-body validate
  tribo third-body shear --gamma 0.5 --out out/third-body
  tribo third-body sweep --kind temperature --seeds 3 --into-table out/tables.bin";

/// `tribo completions --help`.
pub const COMPLETIONS: &str = "\
Examples:
  tribo completions bash > ~/.local/share/bash-completion/completions/tribo
  tribo completions zsh > ~/.zfunc/_tribo
  tribo completions --install ~/.local       # bash, zsh and fish under ~/.local/share";

/// `tribo man --help`.
pub const MAN: &str = "\
Examples:
  tribo man | man -l -
  tribo man --out /usr/local/share/man/man1
  tribo man --install ~/.local               # every page at every depth into ~/.local/share/man/man1";

/// `tribo study --help`.
pub const STUDY: &str = "\
Examples:
  tribo study sensitivity --plan docs/studies/sensitivity/plan.toml --out study-0.08 --threads 2";

/// `tribo study sensitivity --help`.
pub const STUDY_SENSITIVITY: &str = "\
Examples:
  tribo study sensitivity --plan docs/studies/sensitivity/plan.toml --out study-0.08 --threads 2
  tribo study sensitivity --plan docs/studies/sensitivity/plan.toml --out study-0.08 --list-cases
  tribo study sensitivity --plan docs/studies/sensitivity/fig15.toml --out study-fig15 --emit-slurm
  tribo study sensitivity --plan docs/studies/sensitivity/plan.toml --out study-0.08 --merge";
