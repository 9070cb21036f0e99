#!/usr/bin/env bash
# End to end on a real one-node Slurm cluster (issue 17), run by .ci/run:
#  1. a tiny calibration run locally in one process (--threads 1): the reference tables.bin;
#  2. the same config and seed as `tribo calibrate --emit-slurm` + submit.sh: a job array of
#     its cases and a dependent merge through sbatch; every task COMPLETED and the table
#     byte-identical to the reference (cmp);
#  3. again, with one array task cancelled mid-case (scancel): no case file for it (case files
#     are written atomically), the merge never runs, `tribo calibrate --merge` lists exactly
#     the missing case and exits non-zero; resubmitting only that index (submit.sh --indices)
#     completes the run with a table byte-identical to the reference.
# Fails (never skips) if Slurm cannot be installed or started; every wait is bounded. The
# daemons are stopped by pid on exit (scripts/slurm/local-cluster.sh) and checked with ps.
set -euo pipefail
cd "$(dirname "$0")/../.."
export TRIBO_NO_PROGRESS=1

# Each wait for the cluster is bounded by this many seconds (the whole script takes ~1-2 min).
WAIT_LIMIT=${TRIBO_SLURM_WAIT:-90}
# Seed and the cancelled array index of step 3.
SEED=3
KILL_INDEX=1

fail() {
  echo "FAIL: $*" >&2
  exit 1
}
say() { echo "[e2e +$(($(date +%s) - started_at)) s] $*"; }

started_at=$(date +%s)
cargo build --release --bin tribo --quiet
tribo=$PWD/target/release/tribo
say "release binary built (or up to date); the e2e clock starts now"
started_at=$(date +%s)

work=$(mktemp -d /tmp/tribo-slurm-e2e.XXXXXX)
# shellcheck source=scripts/slurm/local-cluster.sh
source scripts/slurm/local-cluster.sh
on_exit() {
  local rc=$?
  if ! cluster_stop; then
    echo "FAIL: a daemon of the local cluster survived" >&2
    rc=1
  fi
  rm -rf "$work"
  exit "$rc"
}
trap on_exit EXIT
trap 'exit 130' INT TERM

cp scripts/slurm/e2e.toml "$work/tiny.toml"
say "starting the local Slurm cluster"
cluster_start || fail "Slurm could not be started (see the messages above)"

cd "$work"
calibrate=("$tribo" calibrate --config tiny.toml --seed "$SEED")

say "reference: the whole calibration in one process, --threads 1"
"$tribo" calibrate --threads 1 --config tiny.toml --seed "$SEED" --out local
[ -s local/tables.bin ] || fail "the local run wrote no table"


# Waits (bounded) until none of the jobs "$@" is pending or running.
wait_jobs() {
  local waited=0
  while [ -n "$(squeue -h -j "$(IFS=,; echo "$*")" -o %i 2>/dev/null)" ]; do
    if [ "$waited" -ge $((WAIT_LIMIT * 2)) ]; then
      squeue >&2 || true
      fail "jobs $* not finished after $WAIT_LIMIT s"
    fi
    sleep 0.5
    waited=$((waited + 1))
  done
}

# Prints "task STATE" per array task of job $1 and "merge STATE" for job $2 (scontrol keeps
# finished jobs for MinJobAge; the same states are in the jobcomp/filetxt log).
job_states() {
  scontrol -o show job "$1" | sed -n 's/.*ArrayTaskId=\([0-9]*\) .*JobState=\([A-Z_]*\).*/task \1 \2/p' |
    sort -k2 -n
  scontrol -o show job "$2" | sed -n 's/.*JobState=\([A-Z_]*\).*/merge \1/p'
}

# Submits with submit.sh "$@" from run folder $1; sets $array and $merge.
submit() {
  local run=$1 line
  shift
  line=$("$run/slurm/submit.sh" "$@")
  echo "$line"
  array=$(sed -n 's/^case array: job \([0-9]*\) .*/\1/p' <<<"$line")
  merge=$(sed -n 's/.*; merge: job \([0-9]*\) .*/\1/p' <<<"$line")
  if [ -z "$array" ] || [ -z "$merge" ]; then fail "cannot read the job ids from submit.sh's output"; fi
  say "submitted: array job $array, merge job $merge"
}

expect_states() {
  local states=$1 want=$2
  if [ "$states" != "$want" ]; then
    echo "expected:" >&2
    echo "$want" >&2
    fail "unexpected job states (above: got, then expected)"
  fi
}

all_completed() {
  local n=$1 i
  for ((i = 0; i < n; i++)); do echo "task $i COMPLETED"; done
  echo "merge COMPLETED"
}

compare_tables() {
  if cmp "$1/tables.bin" local/tables.bin; then
    say "cmp: $1/tables.bin is byte-identical to the one-process run ($(stat -c %s local/tables.bin) bytes)"
  else
    fail "$1/tables.bin differs from the one-process run"
  fi
}

cases=$("${calibrate[@]}" --out run --emit-slurm | sed -n 's/^\([0-9]*\) cases written.*/\1/p')
[ "${cases:-0}" -gt 1 ] || fail "--emit-slurm did not report the case count"
say "== clean run: $cases cases as a job array plus a dependent merge"
submit run
wait_jobs "$array" "$merge"
say "job states from scontrol show job (sacct needs a slurmdbd accounting database; this cluster has none):"
states=$(job_states "$array" "$merge")
echo "$states"
expect_states "$states" "$(all_completed "$cases")"
compare_tables run

say "== killed run: array task $KILL_INDEX cancelled mid-case, then only that index resubmitted"
"${calibrate[@]}" --out killed --emit-slurm >/dev/null
submit killed
waited=0
until [ "$(squeue -h -j "${array}_${KILL_INDEX}" -o %T 2>/dev/null)" = RUNNING ]; do
  [ "$waited" -lt $((WAIT_LIMIT * 10)) ] || fail "task $KILL_INDEX never started"
  sleep 0.1
  waited=$((waited + 1))
done
case_file=$(printf 'killed/cases/case-%05d.json' "$KILL_INDEX")
# Freeze the task's process before the cancel: scancel reaches it through slurmctld and slurmd,
# and on a loaded machine that took longer than the case itself (CI, stop 48: the task ended
# CANCELLED with its case file written). A stopped process writes nothing, so the cancel lands
# mid-case whatever the load; Slurm sends SIGCONT with its SIGTERM, and tribo dies of the
# SIGTERM's default action.
pid=""
waited=0
until pid=$(pgrep -f -- "--out killed .*--case ${KILL_INDEX}\$" | head -n 1) && [ -n "$pid" ]; do
  [ "$waited" -lt $((WAIT_LIMIT * 10)) ] || fail "task $KILL_INDEX has no tribo process"
  sleep 0.1
  waited=$((waited + 1))
done
kill -STOP "$pid" || fail "task $KILL_INDEX's process $pid ended before it could be frozen"
[ ! -e "$case_file" ] || fail "case $KILL_INDEX finished before it could be frozen and cancelled"
scancel "${array}_${KILL_INDEX}"
say "scancel ${array}_${KILL_INDEX} while it was RUNNING (its process $pid frozen mid-case)"
wait_jobs "$array" "$merge"
states=$(job_states "$array" "$merge")
echo "$states"
want=$(all_completed "$cases" | sed -e "s/^task $KILL_INDEX COMPLETED/task $KILL_INDEX CANCELLED/" \
  -e 's/^merge COMPLETED/merge CANCELLED/')
expect_states "$states" "$want"
grep -h "CANCELLED" killed/slurm/logs/case-"$KILL_INDEX"-job*.log || true
[ ! -e "$case_file" ] || fail "the cancelled case left a case file $case_file"
[ ! -e killed/tables.bin ] || fail "the merge ran although a case was cancelled"
leftovers=$(find killed/cases -name ".case-$(printf %05d "$KILL_INDEX")*" | wc -l)
say "no case file for the cancelled case ($leftovers temporary file(s) of an interrupted write)"

rc=0
"${calibrate[@]}" --out killed --merge 2>merge.err || rc=$?
cat merge.err
[ "$rc" -ne 0 ] || fail "--merge with a missing case exited 0"
if ! grep -q "1 of $cases cases have no result" merge.err || ! grep -q "cases $KILL_INDEX\." merge.err; then
  fail "--merge did not list exactly the missing case $KILL_INDEX"
fi
say "--merge exited $rc and listed the missing case"

submit killed --indices "$KILL_INDEX"
wait_jobs "$array" "$merge"
states=$(job_states "$array" "$merge")
echo "$states"
expect_states "$states" "$(printf 'task %s COMPLETED\nmerge COMPLETED' "$KILL_INDEX")"
compare_tables killed

say "job completion log (jobcomp/filetxt):"
awk '{ line = ""
  for (i = 1; i <= NF; i++) if ($i ~ /^(JobId|Name|JobState|ArrayJobId|ArrayTaskId)=/) line = line " " $i
  print line }' "$CLUSTER_DIR/jobcomp.log"
say "stopping the cluster"
cluster_stop || fail "a daemon of the local cluster survived"
say "PASS: Slurm end to end in $(($(date +%s) - started_at)) s (after the build)"
