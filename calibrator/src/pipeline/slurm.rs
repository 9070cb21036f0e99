//! A command's case list as a Slurm job array: one array task per case (`--case
//! $SLURM_ARRAY_TASK_ID`) and a merge job (`--merge`) that runs after every task succeeded
//! (`--dependency=afterok`). Generic over any command that follows the case-list convention
//! (`--list-cases`, `--case I`, `--merge`, output folder `--out`): today `calibrate`; the
//! seed-001 and seed-002 sweeps reuse it by calling [`emit`] with their own name and count.
//!
//! [`emit`] writes into `<run>/slurm/`:
//! - `case.sbatch`: runs `tribo <command> … --threads ${SLURM_CPUS_PER_TASK:-1} --case
//!   $SLURM_ARRAY_TASK_ID` (one CPU per task unless the user asks `--cpus-per-task`);
//! - `merge.sbatch`: the same command line with `--merge`;
//! - `submit.sh [--indices LIST] [SBATCH OPTIONS…]`: submits the array (all cases, or only LIST
//!   to resubmit what a cancelled run left out) and the dependent merge, logs in `slurm/logs/`.
//!
//! The jobs rerun this process's own command line (the binary by absolute path, the working
//! folder as `--chdir`), minus the mode flags and `--threads`, so every option the user gave
//! (preset, config, seed, output folder) reaches the tasks unchanged.

use std::ffi::OsString;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use crate::report::write_atomic;

/// Folder of the scripts, inside the run folder.
pub const SLURM_DIR: &str = "slurm";

/// Why the recipe cannot be written.
#[derive(Debug, thiserror::Error)]
pub enum SlurmError {
    /// The command line does not contain the subcommand.
    #[error("the command line does not contain the subcommand `{0}`")]
    NoCommand(String),
    /// An argument is not valid UTF-8 (the scripts are text).
    #[error("argument {0:?} is not valid UTF-8")]
    NotUnicode(OsString),
    /// An argument cannot be quoted for the shell (it contains a NUL byte).
    #[error("argument {0:?} cannot be quoted for the shell")]
    Unquotable(String),
    /// The list has no case.
    #[error("`{0}` has no case to run")]
    NoCases(String),
    /// A file or folder could not be written.
    #[error("{0}")]
    Io(#[from] io::Error),
}

/// A case list to run as a job array.
#[derive(Clone, Debug)]
pub struct CaseArray {
    /// The subcommand whose cases these are (`calibrate`); names the jobs.
    pub command: String,
    /// Number of cases: array indices `0..cases`.
    pub cases: usize,
    /// The run folder (the command's `--out`).
    pub run_dir: PathBuf,
}

/// The generated scripts' text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Scripts {
    /// One case per array task.
    pub case: String,
    /// The merge.
    pub merge: String,
    /// Submits both.
    pub submit: String,
}

/// Where [`emit`] wrote the recipe.
#[derive(Clone, Debug)]
pub struct Recipe {
    /// `submit.sh` (absolute).
    pub submit: PathBuf,
    /// The logs folder (absolute).
    pub logs: PathBuf,
}

/// Slurm's default `MaxArraySize`: array indices must be below it.
pub const DEFAULT_MAX_ARRAY_SIZE: usize = 1001;

/// Flags of the case-list convention that the jobs set themselves.
const MODE_FLAGS: [&str; 4] = ["--emit-slurm", "--list-cases", "--merge", "--print-config"];
/// Options with a value that the jobs set themselves (`--case I`, `--threads N`).
const MODE_OPTIONS: [&str; 2] = ["--case", "--threads"];

/// The command line to forward to the jobs: `argv` without the program name, the mode flags,
/// `--case` and `--threads` (both `--x v` and `--x=v` forms), wherever they stand.
///
/// # Errors
///
/// [`SlurmError::NotUnicode`] for an argument that is not UTF-8; [`SlurmError::NoCommand`] when
/// `command` does not appear in `argv`.
pub fn forwarded_args<I>(command: &str, argv: I) -> Result<Vec<String>, SlurmError>
where
    I: IntoIterator<Item = OsString>,
{
    let mut out = Vec::new();
    let mut args = argv.into_iter().skip(1);
    while let Some(a) = args.next() {
        let a = a.into_string().map_err(SlurmError::NotUnicode)?;
        if MODE_FLAGS.contains(&a.as_str()) {
            continue;
        }
        if MODE_OPTIONS.contains(&a.as_str()) {
            args.next();
            continue;
        }
        if MODE_OPTIONS
            .iter()
            .any(|o| a.strip_prefix(o).is_some_and(|rest| rest.starts_with('=')))
        {
            continue;
        }
        out.push(a);
    }
    if !out.iter().any(|a| a == command) {
        return Err(SlurmError::NoCommand(command.to_owned()));
    }
    Ok(out)
}

fn quote(words: &[&str]) -> Result<String, SlurmError> {
    shlex::try_join(words.iter().copied()).map_err(|_| SlurmError::Unquotable(words.join(" ")))
}

/// Slurm array syntax for `indices` (sorted, distinct): runs collapse to `a-b`, e.g.
/// `[1, 2, 3, 5, 7, 8]` → `1-3,5,7-8`.
pub fn array_spec(indices: &[usize]) -> String {
    let mut parts = Vec::new();
    let mut i = 0;
    while i < indices.len() {
        let start = indices[i];
        let mut end = start;
        while i + 1 < indices.len() && indices[i + 1] == end + 1 {
            i += 1;
            end = indices[i];
        }
        parts.push(if end > start {
            format!("{start}-{end}")
        } else {
            start.to_string()
        });
        i += 1;
    }
    parts.join(",")
}

/// The scripts for `array`, running `exe` with `args` (from [`forwarded_args`]) in `workdir`.
/// All paths should be absolute: the jobs may start anywhere.
///
/// # Errors
///
/// [`SlurmError::NoCases`] for an empty case array; [`SlurmError::NotUnicode`] for a path (`exe`,
/// `workdir`, the logs or scripts) that is not UTF-8; [`SlurmError::Unquotable`] for arguments
/// that cannot be quoted for the shell.
pub fn render(
    array: &CaseArray,
    exe: &Path,
    args: &[String],
    workdir: &Path,
) -> Result<Scripts, SlurmError> {
    if array.cases == 0 {
        return Err(SlurmError::NoCases(array.command.clone()));
    }
    let exe = exe
        .to_str()
        .ok_or_else(|| SlurmError::NotUnicode(exe.into()))?;
    // `--threads` follows the command: it is the command's flag (issue 33: no global flags).
    let command_line = format!(
        "{} {} --threads \"${{SLURM_CPUS_PER_TASK:-1}}\"",
        quote(&[exe])?,
        quote(&args.iter().map(String::as_str).collect::<Vec<_>>())?
    );
    let dir = array.run_dir.join(SLURM_DIR);
    let path = |p: &Path| -> Result<String, SlurmError> {
        let s = p.to_str().ok_or_else(|| SlurmError::NotUnicode(p.into()))?;
        quote(&[s])
    };
    let name = &array.command;
    let header = |what: &str| {
        format!(
            "#!/bin/sh\n# tribo {name}: {what}.\n# Generated by `tribo {name} --emit-slurm` \
             (tribo {}); submit with submit.sh next to this file.\nset -eu\n",
            env!("CARGO_PKG_VERSION")
        )
    };
    // The command line's relative paths are relative to the folder it was typed in.
    let cd = format!("cd {}\n", path(workdir)?);
    let case = format!(
        "{}{cd}exec {command_line} --case \"$SLURM_ARRAY_TASK_ID\"\n",
        header("one case of the list per Slurm array task")
    );
    let merge = format!(
        "{}{cd}exec {command_line} --merge\n",
        header("the merge of the case results, after every array task succeeded")
    );
    let last = array.cases - 1;
    let logs = dir.join("logs");
    let common = format!("--chdir={}", path(workdir)?);
    let submit = format!(
        r#"#!/bin/sh
# Submits `tribo {name}` as a Slurm job array of its {cases} cases (0-{last}) and a merge job that
# runs after every array task succeeded (generated by `tribo {name} --emit-slurm`).
#
#   submit.sh [--indices LIST] [SBATCH OPTIONS...]
#
# --indices LIST    only these cases, in Slurm's array syntax (e.g. 3,7-9): resubmits what a
#                   cancelled or failed run left out (`tribo {name} --merge` names them).
# SBATCH OPTIONS    go to both jobs, e.g. --partition=long --time=2:00:00 --cpus-per-task=4
#                   (each task's --threads follows --cpus-per-task; default 1).
# Slurm refuses array indices at or above its MaxArraySize (default 1001; `scontrol show
# config` shows the cluster's): a longer case list needs a cluster with a larger one.
# Logs: {logs_text}/ (case-I-jobJ.log per task, merge-jobJ.log).
set -eu
indices=0-{last}
if [ "${{1:-}}" = --indices ]; then
  if [ $# -lt 2 ]; then
    echo "submit.sh: --indices needs a list, e.g. 3,7-9" >&2
    exit 2
  fi
  indices=$2
  shift 2
fi
mkdir -p {logs}
array=$(sbatch --parsable --array="$indices" --job-name=tribo-{name}-case {common} \
  --output={case_log} "$@" {case_script})
array=${{array%%;*}}
merge=$(sbatch --parsable --dependency=afterok:"$array" --kill-on-invalid-dep=yes \
  --job-name=tribo-{name}-merge {common} --output={merge_log} "$@" {merge_script})
merge=${{merge%%;*}}
echo "case array: job $array (cases $indices); merge: job $merge (after every case succeeded)"
echo "watch: squeue -j $array,$merge; logs in {logs_text}"
"#,
        cases = array.cases,
        logs_text = logs.display(),
        logs = path(&logs)?,
        case_log = path(&logs.join("case-%a-job%A.log"))?,
        merge_log = path(&logs.join("merge-job%j.log"))?,
        case_script = path(&dir.join("case.sbatch"))?,
        merge_script = path(&dir.join("merge.sbatch"))?,
    );
    Ok(Scripts {
        case,
        merge,
        submit,
    })
}

/// Writes the recipe for `array` into `<run>/slurm/` (atomically; `submit.sh` executable),
/// forwarding `argv` (this process's command line, [`forwarded_args`]).
///
/// # Errors
///
/// Those of [`forwarded_args`] and [`render`]; [`SlurmError::Io`] when the executable, the working
/// folder or the run folder cannot be resolved, or a script cannot be written or made executable.
pub fn emit<I>(array: &CaseArray, argv: I) -> Result<Recipe, SlurmError>
where
    I: IntoIterator<Item = OsString>,
{
    let args = forwarded_args(&array.command, argv)?;
    let exe = std::env::current_exe()?;
    let workdir = std::env::current_dir()?;
    let array = CaseArray {
        run_dir: std::path::absolute(&array.run_dir)?,
        ..array.clone()
    };
    let scripts = render(&array, &exe, &args, &workdir)?;
    if array.cases > DEFAULT_MAX_ARRAY_SIZE {
        crate::errln!(
            "warning: {} cases: array indices up to {} need a cluster whose MaxArraySize \
             exceeds Slurm's default {DEFAULT_MAX_ARRAY_SIZE} (scontrol show config)",
            array.cases,
            array.cases - 1
        );
    }
    let dir = array.run_dir.join(SLURM_DIR);
    let logs = dir.join("logs");
    fs::create_dir_all(&logs)?;
    write_atomic(&dir.join("case.sbatch"), scripts.case.as_bytes())?;
    write_atomic(&dir.join("merge.sbatch"), scripts.merge.as_bytes())?;
    let submit = dir.join("submit.sh");
    write_atomic(&submit, scripts.submit.as_bytes())?;
    for f in ["case.sbatch", "merge.sbatch", "submit.sh"] {
        make_executable(&dir.join(f))?;
    }
    Ok(Recipe { submit, logs })
}

#[cfg(unix)]
fn make_executable(path: &Path) -> io::Result<()> {
    use std::os::unix::fs::PermissionsExt;
    fs::set_permissions(path, fs::Permissions::from_mode(0o755))
}

#[cfg(not(unix))]
fn make_executable(_path: &Path) -> io::Result<()> {
    Ok(())
}

/// The message of a merge that lacks case results (`missing` of `total`, looked for in
/// `results_dir`): all of them, in array syntax, with the command that resubmits exactly those
/// when [`emit`] wrote a recipe into `run_dir`.
pub fn missing_cases_message(
    run_dir: &Path,
    results_dir: &Path,
    total: usize,
    missing: &[usize],
) -> String {
    let spec = array_spec(missing);
    let first = missing.first().copied().unwrap_or(0);
    let submit = run_dir.join(SLURM_DIR).join("submit.sh");
    let slurm = if submit.is_file() {
        format!("; on Slurm: {} --indices {spec}", submit.display())
    } else {
        String::new()
    };
    format!(
        "{} of {total} cases have no result in {}: cases {spec}. Run them with --case I \
         (e.g. --case {first}){slurm}",
        missing.len(),
        results_dir.display()
    )
}

#[cfg(test)]
mod tests;
