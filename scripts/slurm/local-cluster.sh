#!/usr/bin/env bash
# A real one-node Slurm cluster on this machine, for tests (issue 17).
#
#   scripts/slurm/local-cluster.sh COMMAND [ARGS...]
#       installs slurm-wlm and munge if missing, starts munged, slurmctld and slurmd as the
#       current user with a private configuration, runs COMMAND with SLURM_CONF exported (so
#       sbatch, squeue, scontrol, scancel and sacct talk to this cluster), then stops exactly the
#       daemons it started, even when COMMAND or the start-up fails, and checks by pid that none
#       survives. Exits with COMMAND's status (non-zero if the cluster could not start or a
#       daemon survived).
#
#   source scripts/slurm/local-cluster.sh; cluster_start; trap cluster_stop EXIT
#       the same as functions, for a script that wants the cluster for its whole life.
#
# Everything (slurm.conf, munge key and socket, state, spool, logs, pid files) lives in one
# temporary folder, $CLUSTER_DIR; nothing under /etc is used or changed, and a system munged or
# Slurm, if any, is left alone (own socket and ports: TRIBO_SLURMCTLD_PORT, TRIBO_SLURMD_PORT).
# The node is this host with the CPUs and memory that `slurmd -C` reports. Accounting needs a
# database (slurmdbd), so there is none: finished jobs are kept in slurmctld's memory for
# MinJobAge (scontrol show job), and every finished job and array task is appended by
# JobCompType=jobcomp/filetxt to $CLUSTER_DIR/jobcomp.log (its JobState=COMPLETED lines are
# what a test reads).
# Works as root without systemd (this repository's CI): ProctrackType=proctrack/linuxproc,
# TaskPlugin=task/none, SelectType=select/cons_tres.

cluster_log() { echo "[local-cluster] $*" >&2; }

# Installs slurm-wlm and munge from Debian's packages when a binary is missing (idempotent).
cluster_install() {
  local missing=()
  local bin
  for bin in munged munge unmunge slurmctld slurmd sbatch squeue sinfo scontrol scancel pgrep; do
    command -v "$bin" >/dev/null 2>&1 || missing+=("$bin")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  cluster_log "installing slurm-wlm, munge and procps (missing: ${missing[*]})"
  local sudo=()
  [ "$(id -u)" -eq 0 ] || sudo=(sudo)
  "${sudo[@]}" apt-get update -qq || return 1
  # policy-rc.d-less containers may try to start the packaged services; on a machine without
  # systemd they fail harmlessly, and we never use them.
  DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq slurm-wlm munge procps >/dev/null ||
    return 1
}

# Waits up to $2 seconds for the command "$1" to succeed.
cluster_wait_for() {
  local what=$1 timeout=$2 waited=0
  until eval "$what" >/dev/null 2>&1; do
    if [ "$waited" -ge $((timeout * 5)) ]; then return 1; fi
    sleep 0.2
    waited=$((waited + 1))
  done
}

# Records the pid in daemon $1's pid file $2 (waiting for the file) in $CLUSTER_DIR/started.
cluster_record_pid() {
  local name=$1 file=$2 pid
  if ! cluster_wait_for "[ -s '$file' ]" 15; then
    cluster_log "$name wrote no pid file $file"
    return 1
  fi
  pid=$(cat "$file")
  echo "$name $pid" >>"$CLUSTER_DIR/started"
  cluster_log "$name started, pid $pid"
}

cluster_write_conf() {
  local host node_line
  host=$(hostname -s)
  # slurmd -C prints this node's real line (CPUs, sockets, cores, threads, RealMemory).
  node_line=$(slurmd -C | grep '^NodeName=' | head -n 1)
  [ -n "$node_line" ] || node_line="NodeName=$host CPUs=$(nproc) RealMemory=$(($(awk '/MemTotal/ {print $2}' /proc/meminfo) / 1024))"
  cat >"$SLURM_CONF" <<EOF
# One-node test cluster written by scripts/slurm/local-cluster.sh.
ClusterName=tribo-local
SlurmctldHost=$host(127.0.0.1)
SlurmUser=$(id -un)
SlurmdUser=$(id -un)
SlurmctldPort=${TRIBO_SLURMCTLD_PORT:-6817}
SlurmdPort=${TRIBO_SLURMD_PORT:-6818}
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$CLUSTER_DIR/munge/munge.socket
StateSaveLocation=$CLUSTER_DIR/state
SlurmdSpoolDir=$CLUSTER_DIR/spool
SlurmctldPidFile=$CLUSTER_DIR/slurmctld.pid
SlurmdPidFile=$CLUSTER_DIR/slurmd.pid
SlurmctldLogFile=$CLUSTER_DIR/log/slurmctld.log
SlurmdLogFile=$CLUSTER_DIR/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
SchedulerType=sched/backfill
SchedulerParameters=sched_interval=1
MpiDefault=none
AccountingStorageType=accounting_storage/none
JobAcctGatherType=jobacct_gather/none
JobCompType=jobcomp/filetxt
JobCompLoc=$CLUSTER_DIR/jobcomp.log
MinJobAge=3600
ReturnToService=2
KillWait=5
InactiveLimit=0
SlurmctldTimeout=30
SlurmdTimeout=30
$node_line NodeAddr=127.0.0.1 State=UNKNOWN
PartitionName=local Nodes=ALL Default=YES MaxTime=INFINITE State=UP
EOF
}

# Starts the cluster; returns non-zero (leaving any started daemon for cluster_stop) on failure.
cluster_start() {
  cluster_install || { cluster_log "FAIL: cannot install slurm-wlm/munge"; return 1; }
  CLUSTER_DIR=$(mktemp -d /tmp/tribo-slurm.XXXXXX) || return 1
  export CLUSTER_DIR
  export SLURM_CONF=$CLUSTER_DIR/slurm.conf
  mkdir -p "$CLUSTER_DIR"/{munge,state,spool,log}
  chmod 700 "$CLUSTER_DIR/munge"
  : >"$CLUSTER_DIR/started"
  # Job-step daemons (slurmstepd) that slurmd will fork: those already running are not ours.
  pgrep -x slurmstepd >"$CLUSTER_DIR/stepds-before" || true
  cluster_log "cluster folder $CLUSTER_DIR"

  # munge: a fresh key for this cluster only, its own socket, pid and seed files.
  dd if=/dev/urandom of="$CLUSTER_DIR/munge/munge.key" bs=1024 count=1 status=none || return 1
  chmod 400 "$CLUSTER_DIR/munge/munge.key"
  munged --force \
    --socket="$CLUSTER_DIR/munge/munge.socket" \
    --key-file="$CLUSTER_DIR/munge/munge.key" \
    --pid-file="$CLUSTER_DIR/munge/munged.pid" \
    --seed-file="$CLUSTER_DIR/munge/munged.seed" \
    --log-file="$CLUSTER_DIR/log/munged.log" || { cluster_log "FAIL: munged did not start"; return 1; }
  cluster_record_pid munged "$CLUSTER_DIR/munge/munged.pid" || return 1
  if ! munge -n -S "$CLUSTER_DIR/munge/munge.socket" | unmunge -S "$CLUSTER_DIR/munge/munge.socket" >/dev/null; then
    cluster_log "FAIL: munge credentials do not round-trip"
    return 1
  fi

  cluster_write_conf
  slurmctld -f "$SLURM_CONF" -i || { cluster_log "FAIL: slurmctld did not start"; return 1; }
  cluster_record_pid slurmctld "$CLUSTER_DIR/slurmctld.pid" || return 1
  slurmd -f "$SLURM_CONF" || { cluster_log "FAIL: slurmd did not start"; return 1; }
  cluster_record_pid slurmd "$CLUSTER_DIR/slurmd.pid" || return 1

  # Ready when the node is idle (slurmd registered with slurmctld).
  if ! cluster_wait_for "sinfo -h -N -o '%T' | grep -qx idle" 30; then
    cluster_log "FAIL: the node did not become idle within 30 s"
    sinfo -N -l >&2 || true
    tail -n 20 "$CLUSTER_DIR/log/slurmctld.log" "$CLUSTER_DIR/log/slurmd.log" >&2 || true
    return 1
  fi
  cluster_log "up: $(sinfo -h -N -o '%N %T, %c CPUs, %m MB')"
}

# Cancels this cluster's jobs, stops exactly the daemons cluster_start recorded (slurmd, then
# slurmctld, then munged), and checks by pid that none survives (SIGKILL as a last resort, and
# then a non-zero status). Safe to call twice or after a failed start.
cluster_stop() {
  local status=0
  [ -n "${CLUSTER_DIR:-}" ] && [ -f "$CLUSTER_DIR/started" ] || return 0
  if grep -q '^slurmctld ' "$CLUSTER_DIR/started"; then
    scancel --user="$(id -un)" >/dev/null 2>&1 || true
    # Give the job steps slurmd forked (slurmstepd) their KillWait to end.
    cluster_wait_for "[ -z \"\$(squeue -h -o %i 2>/dev/null)\" ]" 15 || true
  fi
  local name pid
  local -a order=(slurmd slurmctld munged)
  for name in "${order[@]}"; do
    pid=$(awk -v n="$name" '$1 == n {print $2}' "$CLUSTER_DIR/started")
    [ -n "$pid" ] || continue
    kill -TERM "$pid" 2>/dev/null || true
    if ! cluster_wait_for "! kill -0 $pid" 15; then
      cluster_log "$name (pid $pid) ignored SIGTERM for 15 s: SIGKILL"
      kill -KILL "$pid" 2>/dev/null || true
      sleep 0.5
    fi
  done
  while read -r name pid; do
    if ps -p "$pid" -o pid= >/dev/null 2>&1; then
      cluster_log "FAIL: $name (pid $pid) survived"
      status=1
    else
      cluster_log "stopped $name (pid $pid): ps -p $pid finds nothing"
    fi
  done <"$CLUSTER_DIR/started"
  # slurmstepd processes forked by our slurmd (not running before cluster_start) must be gone.
  for pid in $(pgrep -x slurmstepd); do
    if ! grep -qx "$pid" "$CLUSTER_DIR/stepds-before"; then
      cluster_log "FAIL: slurmstepd (pid $pid) of this cluster survived: SIGKILL"
      kill -KILL "$pid" 2>/dev/null || true
      status=1
    fi
  done
  rm -f "$CLUSTER_DIR/started"
  if [ "${TRIBO_SLURM_KEEP:-0}" = 1 ]; then
    cluster_log "kept $CLUSTER_DIR (TRIBO_SLURM_KEEP=1)"
  else
    rm -rf "$CLUSTER_DIR"
  fi
  return $status
}

if [ "${BASH_SOURCE[0]}" = "$0" ]; then
  set -uo pipefail
  if [ $# -eq 0 ]; then
    echo "usage: $0 COMMAND [ARGS...]   (runs COMMAND against a one-node Slurm cluster)" >&2
    exit 2
  fi
  trap 'cluster_stop' EXIT
  trap 'exit 130' INT TERM
  cluster_start || exit 1
  rc=0
  "$@" || rc=$?
  if ! cluster_stop && [ "$rc" -eq 0 ]; then rc=1; fi
  exit "$rc"
fi
