#!/usr/bin/env bash
# Probe of the `tribo` binary with generated bad inputs and faults (issues 32 and 46).
#
# Every numeric or text option of every subcommand (read from `tribo SUB --help`, so renamed
# or new flags are picked up) gets each meaningless value below; then output faults (stdout to
# /dev/full, -o onto a device, a FIFO, a folder, a symlink), corrupted tables and budget
# variables. Each probe runs under a time limit (PROBE_TIMEOUT s, default 5) and a memory limit
# (PROBE_MEM_KB of virtual memory, default 8 GiB), in a fresh folder. Printed: counts per class.
#
# Classes: panic (exit 101 or "panicked"), abort (killed by a signal other than the timeout's:
# 134 SIGABRT from an allocation failure, 139 ...), hang (the time limit, in a subcommand whose
# defaults alone end within it), accepted (exit 0 on a meaningless input, or the time limit in a
# subcommand whose defaults alone run longer than it: a refusal comes before any work, so an
# input still running at the limit was accepted), refused-unnamed (clean refusal whose message
# names no flag, key or file), refused (clean refusal naming the input), destroyed (an output
# fault that replaced a device, FIFO, folder or symlink, or an input overwritten by its own
# output), mixed (a foreign folder changed, or two runs' files in one folder), valid (a value that is a valid input,
# such as --seed 2⁶⁴−1: any outcome but a panic or an abort is right; not counted as a failure).
# Details of every probe not "refused" or "valid" go to $OUT/findings.txt.
#
# Each subcommand is first run with its defaults (and `--out`) under the same limit: that
# decides whether a timeout of its probes is a hang or an accepted long run.
#
# Usage: scripts/probe/run.sh [path/to/tribo] [max probes]
#   (default: target/debug/tribo; build it first with `cargo build -p tribo-calibrator`)
# The table with a valid CRC and an absurd law comes from the corpus test, and the edge probes
# of the rule table (edges.txt: `name|args`) from the property test:
#   TRIBO_CORPUS_KEEP=/tmp/probe-fixtures cargo test -p tribo-calibrator --test reliability corpus
#   TRIBO_CORPUS_KEEP=/tmp/probe-fixtures cargo test -p tribo-calibrator --test reliability inputs_property
set -uo pipefail
cd "$(dirname "$0")/../.."
BIN=$(realpath "${1:-target/debug/tribo}")
MAX=${2:-100000}
T=${PROBE_TIMEOUT:-5}
MEM=${PROBE_MEM_KB:-8388608}
OUT=$(mktemp -d /tmp/tribo-probe.XXXXXX)
GOLDEN=$(realpath core/tests/golden/format3-filled.bin)
FIX=${PROBE_FIXTURES:-/tmp/probe-fixtures}
export TRIBO_NO_PROGRESS=1
declare -A COUNT=([panic]=0 [abort]=0 [hang]=0 [accepted]=0 [refused-unnamed]=0 [refused]=0 [destroyed]=0 [mixed]=0 [valid]=0)
N=0
LONG_DEFAULTS=0  # 1 while probing a subcommand whose defaults run past the limit
VALID=0          # 1 while probing a value that is a valid input

finding() { echo "[$1] $2" >>"$OUT/findings.txt"; }

# probe NAME-FRAGMENT ARGS...: runs tribo ARGS in a fresh folder; NAME-FRAGMENT is what a clean
# refusal must name (a flag, key or file).
probe() {
  local name=$1; shift
  [ "$N" -ge "$MAX" ] && return
  N=$((N + 1))
  local dir; dir=$(mktemp -d "$OUT/p.XXXXXX")
  local rc=0
  (cd "$dir" && ulimit -v "$MEM" && exec timeout -k 2 "$T" "$BIN" "$@") >"$dir/stdout" 2>"$dir/stderr" </dev/null || rc=$?
  classify "$rc" "$dir/stderr" "$name" "$*"
  rm -rf "$dir"
}

classify() {
  local rc=$1 err=$2 name=$3 what=$4 class
  if grep -q "panicked" "$err" || [ "$rc" -eq 101 ]; then class=panic
  elif [ "$VALID" -eq 1 ] && { [ "$rc" -le 128 ] || [ "$rc" -eq 137 ] || [ "$rc" -eq 141 ]; }; then class=valid
  elif [ "$rc" -eq 124 ] || [ "$rc" -eq 137 ]; then
    if [ "$LONG_DEFAULTS" -eq 1 ]; then class=accepted; else class=hang; fi
  elif [ "$rc" -gt 128 ] && [ "$rc" -ne 141 ]; then class=abort
  elif [ "$rc" -eq 0 ]; then class=accepted
  elif grep -qF -- "$name" "$err"; then class=refused
  else class=refused-unnamed
  fi
  COUNT[$class]=$((COUNT[$class] + 1))
  case $class in refused|valid) ;; *) finding "$class" "rc=$rc tribo $what :: $(head -c 300 "$err" | tr '\n' ' ')";; esac
}

# Options taking a value, from the help text: "--flag <VALUE>".
options_of() { "$BIN" "$@" --help 2>/dev/null | grep -oE -- '--[a-z0-9-]+ <[A-Z_]+>' | awk '{print $1}' | sort -u; }

BAD_VALUES=(NaN inf -inf 1e300 -1e300 18446744073709551615 -1 abc "1,5,x" "")

# Subcommands, with the extra words each needs (an action, required options with good values).
SUBS=(
  "calibrate"
  "contact"
  "dem"
  "meso"
  "random-field"
  "asperity"
  "strip-draw"
  "fit strip-draw"
  "fit saturation --table $GOLDEN"
  "fretting incline"
  "fretting circles"
  "fretting asperity"
  "fretting plate"
  "fretting wear"
  "fretting mesh-study"
  "inspect $GOLDEN"
  "export --table $GOLDEN --format csv"
  "third-body shear"
  "third-body sweep"
  "study sensitivity --plan $(realpath docs/studies/sensitivity/plan.toml)"
)
for sub in "${SUBS[@]}"; do
  read -ra words <<<"$sub"
  # help of the subcommand without its positional/required extras
  help_words=()
  for w in "${words[@]}"; do case $w in --*|/*) break;; *) help_words+=("$w");; esac; done
  # `export` and `inspect` write no folder (export takes -o FILE, a probe of its own below).
  case ${words[0]} in export|inspect) out_words=();; *) out_words=(--out out);; esac
  rc=0
  (d=$(mktemp -d "$OUT/b.XXXXXX") && cd "$d" && ulimit -v "$MEM" && exec timeout -k 2 "$T" "$BIN" "${words[@]}" "${out_words[@]}") >/dev/null 2>&1 </dev/null || rc=$?
  if [ "$rc" -eq 124 ] || [ "$rc" -eq 137 ]; then LONG_DEFAULTS=1; else LONG_DEFAULTS=0; fi
  echo "defaults of '$sub': rc=$rc (long: $LONG_DEFAULTS)" >>"$OUT/baselines.txt"
  for opt in $(options_of "${help_words[@]}"); do
    case $opt in --out|--output|--report|--table|--format|--config|--data|--plan|--preset|--studies|--sweep|--kind|--units|--thermal|--sweep-order|--mode|--criterion|--source-rule|--json) continue;; esac
    for v in "${BAD_VALUES[@]}"; do
      # Any u64 is a seed (and a seed index): 2⁶⁴−1 is a valid input there.
      case "$opt=$v" in --seed=18446744073709551615|--seed-index=18446744073709551615) VALID=1;; *) VALID=0;; esac
      # A path option's refusal may name the file instead of the flag.
      case $opt in --into-table|--placement|--deformable-file|--tool-file|--junctions) name="$v";; *) name="$opt";; esac
      [ -z "$name" ] && name="$opt"
      probe "$name" "${words[@]}" "$opt=$v" "${out_words[@]}"
    done
  done
done
VALID=0
LONG_DEFAULTS=0
rm -rf "$OUT"/b.*

# Inputs whose run time had no bound (issue 32): refused up front by the work budget.
for cmd in "--duration asperity --duration 1e12" "--steps third-body shear --steps 1000000000000" \
  "--steps third-body sweep --steps 1000000000000" "--element-size strip-draw --element-size 1e-9m" \
  "--element-size strip-draw --element-size 2um" "--cells fretting circles --cells 250" \
  "--cells fretting wear --cells 2000" "--cells fretting mesh-study --cells 20,2000" \
  "--cells fretting plate --cells 2000" "--preshear third-body shear --eq17 --preshear 100000000000"; do
  read -ra w <<<"$cmd"
  probe "${w[0]}" "${w[@]:1}" --out out
done
# --into-table checked before the simulation: a missing, foreign, absurd or folder table.
# (The golden table is seed 000's pair: foreign to the temperature sweep's and the wear's
# sections, the lubricated sweep's own.)
for sub in "third-body sweep --kind temperature" "third-body sweep --kind lubricated" "fretting wear"; do
  read -ra w <<<"$sub"
  for t in /nonexistent.bin "$GOLDEN" "$OUT" /dev/null; do
    [ "$t" = "$GOLDEN" ] && [ "${w[3]:-}" = lubricated ] && continue
    probe "$t" "${w[@]}" --into-table "$t" --out out
  done
done

# Output faults: stdout to /dev/full, -o onto a device, a folder, a FIFO, a symlink.
for cmd in "inspect $GOLDEN" "inspect $GOLDEN --json" "export --table $GOLDEN --format csv" "export --table $GOLDEN --format json" "calibrate --print-config"; do
  N=$((N + 1)); rc=0
  read -ra w <<<"$cmd"
  timeout -k 2 "$T" "$BIN" "${w[@]}" >/dev/full 2>"$OUT/err" || rc=$?
  classify "$rc" "$OUT/err" "stdout" "$cmd >/dev/full"
done
for fmt in csv json lsdyna abaqus; do
  for target in /dev/full /dev/null "$OUT"; do
    N=$((N + 1)); rc=0
    before=$(stat -c %F "$target")
    timeout -k 2 "$T" "$BIN" export --table "$GOLDEN" --format $fmt -o "$target" 2>"$OUT/err" >/dev/null || rc=$?
    if [ "$(stat -c %F "$target")" != "$before" ]; then COUNT[destroyed]=$((COUNT[destroyed] + 1)); finding destroyed "export -o $target"; else classify "$rc" "$OUT/err" "$target" "export --format $fmt -o $target"; fi
  done
  N=$((N + 1)); rc=0
  mkfifo "$OUT/fifo"
  timeout -k 2 "$T" "$BIN" export --table "$GOLDEN" --format $fmt -o "$OUT/fifo" 2>"$OUT/err" >/dev/null || rc=$?
  if [ ! -p "$OUT/fifo" ]; then COUNT[destroyed]=$((COUNT[destroyed] + 1)); finding destroyed "export -o FIFO"; else classify "$rc" "$OUT/err" "$OUT/fifo" "export --format $fmt -o FIFO"; fi
  rm -f "$OUT/fifo"
  # a symlink is followed: the link stays, its target gets the export
  N=$((N + 1))
  echo old >"$OUT/target.txt"; ln -sf "$OUT/target.txt" "$OUT/link.txt"
  if "$BIN" export --table "$GOLDEN" --format $fmt -o "$OUT/link.txt" 2>/dev/null && [ -L "$OUT/link.txt" ] && [ "$(cat "$OUT/target.txt")" != old ]; then
    COUNT[refused]=$((COUNT[refused] + 1))  # correct behaviour, counted with the clean outcomes
  else COUNT[destroyed]=$((COUNT[destroyed] + 1)); finding destroyed "export -o symlink ($fmt)"; fi
  rm -f "$OUT/link.txt" "$OUT/target.txt"
done

# Corrupted tables: flipped bytes, truncations, the absurd law with a valid CRC.
size=$(stat -c %s "$GOLDEN")
for i in $(seq 0 37 $((size - 1))); do
  cp "$GOLDEN" "$OUT/t.bin"
  printf "$(printf '\\x%02x' $(( ($(od -An -tu1 -j "$i" -N1 "$GOLDEN") ^ 0x5A) & 255 )))" | dd of="$OUT/t.bin" bs=1 seek="$i" conv=notrunc status=none
  probe "t.bin" inspect "$OUT/t.bin"
done
for n in 0 1 9 10 13 100 1000 $((size - 1)); do
  head -c "$n" "$GOLDEN" >"$OUT/t.bin"
  probe "t.bin" inspect "$OUT/t.bin"
done
if [ -f "$FIX/implausible.bin" ]; then
  for cmd in "inspect" "export --format csv --table" "strip-draw --out out --table"; do
    read -ra w <<<"$cmd"
    probe "μ0" "${w[@]}" "$FIX/implausible.bin"
  done
fi

# Budget variables that must not parse as "unlimited".
for b in inf 1e300 1e300TiB -1 0 abc 1e400; do
  N=$((N + 1)); rc=0
  (cd "$OUT" && TRIBO_MEMORY_BUDGET=$b timeout -k 2 "$T" "$BIN" calibrate --out "$OUT/cal") >/dev/null 2>"$OUT/err" </dev/null || rc=$?
  classify "$rc" "$OUT/err" "TRIBO_MEMORY_BUDGET" "TRIBO_MEMORY_BUDGET=$b calibrate"
done

# Issue 46: the edges of the process and of each file a run reads or writes.
# Numeric TRIBO_* variables: refused naming the variable, never a panic or a silent default.
for var in TRIBO_PROGRESS_INTERVAL TRIBO_WORK_BUDGET TRIBO_MEMORY_BUDGET; do
  for v in 1e20 2e19 1e300 abc -1 inf NaN 0 1e-300 ""; do
    N=$((N + 1)); rc=0
    env "$var=$v" timeout -k 2 "$T" "$BIN" inspect "$GOLDEN" >/dev/null 2>"$OUT/err" </dev/null || rc=$?
    classify "$rc" "$OUT/err" "$var" "$var=$v inspect"
  done
done
# stdout onto a full device: every command's --help, --version, completions and man.
for cmd in "--help" "--version" "man" "completions bash" "completions zsh" "completions fish" \
  "completions elvish" "completions powershell" "inspect $GOLDEN" "calibrate --print-config"; do
  N=$((N + 1)); rc=0
  read -ra w <<<"$cmd"
  timeout -k 2 "$T" "$BIN" "${w[@]}" >/dev/full 2>"$OUT/err" </dev/null || rc=$?
  classify "$rc" "$OUT/err" "stdout" "$cmd >/dev/full"
done
for sub in "${SUBS[@]}"; do
  read -ra words <<<"$sub"
  help_words=()
  for w in "${words[@]}"; do case $w in --*|/*) break;; *) help_words+=("$w");; esac; done
  N=$((N + 1)); rc=0
  timeout -k 2 "$T" "$BIN" "${help_words[@]}" --help >/dev/full 2>"$OUT/err" </dev/null || rc=$?
  classify "$rc" "$OUT/err" "stdout" "${help_words[*]} --help >/dev/full"
done
# A FIFO as the figure audit (an output) is refused before the run; as an input it is a stream.
mkfifo "$OUT/audit.fifo"
N=$((N + 1)); rc=0
(cd "$OUT" && TRIBO_FIGURE_AUDIT="$OUT/audit.fifo" timeout -k 2 "$T" "$BIN" inspect "$GOLDEN" --out "$OUT/rep-fifo") >/dev/null 2>"$OUT/err" </dev/null || rc=$?
classify "$rc" "$OUT/err" "TRIBO_FIGURE_AUDIT" "TRIBO_FIGURE_AUDIT=FIFO inspect --out"
rm -f "$OUT/audit.fifo"
N=$((N + 1)); rc=0
(cd "$OUT" && timeout -k 2 "$T" "$BIN" calibrate --config <(printf '[material]\ntau0 = 1e30\n') --out "$OUT/cal-fifo") >/dev/null 2>"$OUT/err" </dev/null || rc=$?
classify "$rc" "$OUT/err" "material.tau0" "calibrate --config <(…) (a pipe is read as a stream)"
# Same-file input and output: the table must survive, byte for byte.
for fmt in csv json lsdyna abaqus; do
  for spelling in "t.bin" "./t.bin" "link.bin"; do
    N=$((N + 1)); rc=0
    cp "$GOLDEN" "$OUT/t.bin"; ln -sf "$OUT/t.bin" "$OUT/link.bin"
    (cd "$OUT" && timeout -k 2 "$T" "$BIN" export --table t.bin --format $fmt -o "$spelling") >/dev/null 2>"$OUT/err" </dev/null || rc=$?
    if ! cmp -s "$GOLDEN" "$OUT/t.bin"; then COUNT[destroyed]=$((COUNT[destroyed] + 1)); finding destroyed "export --table t.bin -o $spelling ($fmt)"
    else classify "$rc" "$OUT/err" "--output $spelling" "export --table t.bin --format $fmt -o $spelling"; fi
    rm -f "$OUT/t.bin" "$OUT/link.bin"
  done
done
# Folders and devices where a file is read.
for cmd in "inspect --table DIR" "export --format csv --table DIR" "calibrate --out out --config DIR" "contact --out out --spacing 1um --deformable-file DIR" \
  "inspect --table /dev/zero" "export --format csv --table /dev/zero" "meso --out out --config /dev/zero" \
  "study sensitivity --out out --plan DIR" "study sensitivity --out out --plan /dev/zero" \
  "study sensitivity --out out --plan /nonexistent.toml"; do
  read -ra w <<<"${cmd//DIR/$OUT}"
  name=${w[-1]}
  probe "$name" "${w[@]}"
done
# (inspect's folder is --out since issue 45; --report is its hidden alias, and a refusal names --out.)
# A foreign non-empty folder as --out is refused and its files are untouched; a folder
# held by a running command's lock is refused (mixed).
mkdir -p "$OUT/mine"; echo keep >"$OUT/mine/summary.md"
N=$((N + 1)); rc=0
timeout -k 2 "$T" "$BIN" inspect "$GOLDEN" --out "$OUT/mine" >/dev/null 2>"$OUT/err" </dev/null || rc=$?
if [ "$(cat "$OUT/mine/summary.md")" != keep ] || [ "$(ls -A "$OUT/mine" | wc -l)" -ne 1 ]; then COUNT[mixed]=$((COUNT[mixed] + 1)); finding mixed "inspect --out into a foreign folder"
else classify "$rc" "$OUT/err" "--out" "inspect --out foreign folder"; fi
# Concurrent inspect --out into one folder: at most one writes, the others are refused
# naming the lock; the folder holds one run's files.
mkdir -p "$OUT/conc"
for i in 1 2 3 4; do
  (timeout -k 2 "$T" "$BIN" inspect "$GOLDEN" --out "$OUT/conc/r" >/dev/null 2>"$OUT/conc/err$i" </dev/null; echo $? >"$OUT/conc/rc$i") &
done
wait
for i in 1 2 3 4; do
  N=$((N + 1)); rc=$(cat "$OUT/conc/rc$i")
  if [ "$rc" -eq 0 ]; then COUNT[refused]=$((COUNT[refused] + 1))  # the run that held the lock
  else classify "$rc" "$OUT/conc/err$i" "in use by another tribo run" "concurrent inspect --out ($i)"; fi
done
N=$((N + 1))
if sort "$OUT/conc/r/.tribo-manifest" | uniq -d | grep -q .; then COUNT[mixed]=$((COUNT[mixed] + 1)); finding mixed "concurrent inspect --report: a file listed twice"
else COUNT[refused]=$((COUNT[refused] + 1)); fi
# Edges of every numeric option's domain, from the rule table (docs/inputs.md): just outside
# each end, 0, ±1e-300, ±1e300, NaN, ±inf and a unit-suffixed form, each must be refused naming
# the option (the reliability test `inputs_property` runs the same values).
if [ -f "$FIX/edges.txt" ]; then
  while IFS='|' read -r name args; do
    read -ra w <<<"$args"
    probe "$name" "${w[@]}"
  done <"$FIX/edges.txt"
fi

echo "probes: $N (timeout ${T}s, memory ${MEM} kB each)"
for c in panic abort hang accepted refused-unnamed destroyed mixed refused valid; do
  printf '%-16s %d\n' "$c" "${COUNT[$c]}"
done
echo "findings (every probe not cleanly refused): $OUT/findings.txt"
