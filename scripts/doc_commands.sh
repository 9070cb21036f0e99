#!/usr/bin/env bash
# Every fenced shell command of README.md and docs/**/*.md, run as written (issue 45), by .ci/run.
#
# A shell block is a fenced block marked sh/bash/shell/console, or an unmarked one whose first
# command starts with `tribo`, `cargo`, `TRIBO_` or `./`. Each line is one command (a trailing
# `\` continues it), run from the repository root with bash, `tribo` on the PATH (the release
# build), HOME in a scratch folder (so `~/.local` installs land there) and, where the docs
# assume cargo's default `./target/`, the CARGO_TARGET_DIR in its place. Commands run in
# document order, so a table written by a `calibrate` line is what later lines read (the
# README's `TRIBO_TABLE=run7/tables.bin cargo build …` embeds the table its quick start wrote).
#
# A command that runs but warns of an old spelling (`warning: '--load' of `tribo contact` is
# still accepted: use --deformable-file …`, calibrator/src/renamed_flags.rs) fails: the
# documents show the current grammar.
#
# Slow commands carry the marker `[slow: <time>]` in their trailing comment. A slow
# `calibrate` runs with a tiny configuration instead (scripts/doc_commands_tiny.toml: appended
# as `--config`, or written as the named `--config` file when that file does not exist); any
# other slow command is skipped, with its time as the reason. A `tribo study` that would run its
# cases runs with `--list-cases` appended (the plan is read and checked, the case list written). The few commands that cannot run
# here are skipped by the rules of `skip_reason` below, each with its reason. Everything is
# counted and the skipped commands are listed.
#
#   scripts/doc_commands.sh          run them (needs a checkout without untracked outputs)
#   scripts/doc_commands.sh --list   print every command and its treatment, run nothing
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
list_only=0
[ "${1:-}" = "--list" ] && list_only=1
export TRIBO_NO_PROGRESS=1
export CARGO_TERM_COLOR=never
export CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-$root/target}
export CARGO_HOME=${CARGO_HOME:-$HOME/.cargo}
export RUSTUP_HOME=${RUSTUP_HOME:-$HOME/.rustup}
tiny=$root/scripts/doc_commands_tiny.toml
timeout_s=${DOC_COMMAND_TIMEOUT:-900}

# README.md and every Markdown file under docs/ (docs/studies/*/README.md included).
mapfile -t documents < <(echo README.md; find docs -name '*.md' | LC_ALL=C sort)

# file:line <TAB> command, for every command of every shell block.
extract() {
  awk '
    function flush(   i, n, first, cmd, start) {
      n = nb; nb = 0
      first = ""
      for (i = 1; i <= n; i++) if (buf[i] !~ /^[ \t]*(#.*)?$/) { first = buf[i]; break }
      if (!(lang ~ /^(sh|bash|shell|console)$/ || (lang == "" && first ~ /^[ \t]*(tribo |cargo |TRIBO_|\.\/)/))) return
      cmd = ""
      for (i = 1; i <= n; i++) {
        line = buf[i]
        if (cmd == "") { if (line ~ /^[ \t]*(#.*)?$/) continue; start = lno[i] }
        if (line ~ /\\[ \t]*$/) { sub(/\\[ \t]*$/, "", line); cmd = cmd line " "; continue }
        cmd = cmd line
        sub(/^[ \t]*(\$ )?/, "", cmd)
        printf "%s:%d\t%s\n", FILENAME, start, cmd
        cmd = ""
      }
    }
    /^```/ {
      if (inblock) { flush(); inblock = 0 }
      else { inblock = 1; lang = substr($0, 4); gsub(/[ \t]/, "", lang); nb = 0 }
      next
    }
    inblock { buf[++nb] = $0; lno[nb] = FNR }
  ' "${documents[@]}"
}

# Why a command cannot run here (empty: it runs).
skip_reason() {
  case "$1" in
    "cargo test --workspace"*) echo "CI runs it as its own step (.ci/run: cargo test --workspace)" ;;
    *"slurm/submit.sh"*) echo "needs Slurm's sbatch: scripts/slurm/e2e.sh submits the same scripts on a real one-node cluster" ;;
    *my_routine.c* | *my_vfric.f90*) echo "the reader's own routine: .ci/run compiles core-ffi/examples/{c,fortran} with this link line and checks them bit for bit" ;;
    *"[slow:"*)
      if [[ "$1" =~ (^|[[:space:]])(tribo|--bin[[:space:]]tribo[[:space:]]--)[[:space:]]+calibrate ]]; then
        echo ""
      else
        echo "slow (${1##*\[slow: }" | sed 's/\].*$/)/'
      fi
      ;;
  esac
}

# A `tribo study` command that would run its cases (no --list-cases, --merge, --emit-slurm or
# --case): hours on 2 cores (docs/studies/sensitivity/README.md). It runs as written with
# `--list-cases` appended, which reads and checks the plan and writes the study's case list.
runs_study_cases() {
  [[ "$1" =~ (^|[[:space:]/])(tribo|--)[[:space:]]+study[[:space:]] ]] &&
    ! [[ "$1" =~ --(list-cases|merge|emit-slurm|case)([[:space:]=]|$) ]]
}

# The command as run: a slow calibrate on the tiny configuration, a study's case list instead of
# its cases, ./target/ → CARGO_TARGET_DIR.
as_run() {
  local cmd=$1
  if runs_study_cases "$cmd"; then
    local code=${cmd%%#*}
    code=${code%"${code##*[![:space:]]}"}
    cmd="$code --list-cases"
  fi
  if [[ "$cmd" == *"[slow:"* ]]; then
    local code=${cmd%%#*}
    code=${code%"${code##*[![:space:]]}"}
    if [[ "$code" =~ --config[[:space:]]+([^[:space:]]+) ]]; then
      local file=${BASH_REMATCH[1]}
      # (not with --list, which runs and writes nothing)
      [ -e "$file" ] || [ "$list_only" -eq 1 ] || cp "$tiny" "$file"
      cmd=$code
    else
      cmd="$code --config $tiny"
    fi
  fi
  if [ "$CARGO_TARGET_DIR" != "$root/target" ]; then
    cmd=${cmd//.\/target\//$CARGO_TARGET_DIR/}
    cmd=${cmd//target\/release\//$CARGO_TARGET_DIR/release/}
  fi
  printf '%s' "$cmd"
}

mapfile -t commands < <(extract)
total=${#commands[@]}
[ "$total" -gt 0 ] || { echo "FAIL: no fenced shell command found" >&2; exit 1; }

if [ "$list_only" -eq 1 ]; then
  for entry in "${commands[@]}"; do
    where=${entry%%$'\t'*}
    cmd=${entry#*$'\t'}
    reason=$(skip_reason "$cmd")
    if [ -n "$reason" ]; then
      printf 'SKIP %s  %s\n     (%s)\n' "$where" "$cmd" "$reason"
    elif [[ "$cmd" == *"[slow:"* ]]; then
      printf 'TINY %s  %s\n' "$where" "$(as_run "$cmd")"
    elif runs_study_cases "$cmd"; then
      printf 'LIST %s  %s\n' "$where" "$(as_run "$cmd")"
    else
      printf 'RUN  %s  %s\n' "$where" "$cmd"
    fi
  done
  echo "$total commands"
  exit 0
fi

# The commands write into the checkout (out/, run7/, …): start from one without untracked
# outputs, and remove what they created at its top level. A new untracked path inside a tracked
# folder (calibrator/src/…) is named and left alone: with DOC_COMMANDS_DIRTY_OK a developer may
# be adding source files while the commands run, and no documented command writes there.
before=$(git status --porcelain --ignored --untracked-files=normal | grep '^[?!][?!] ' | grep -v ' target/$' || true)
if [ -n "$before" ] && [ -z "${DOC_COMMANDS_DIRTY_OK:-}" ]; then
  echo "FAIL: untracked or ignored files in the checkout (the documented commands write out/, run7/, …):" >&2
  echo "$before" >&2
  exit 1
fi
scratch=$(mktemp -d /tmp/tribo-doc-commands.XXXXXX)
cleanup() {
  git status --porcelain --ignored --untracked-files=normal | grep '^[?!][?!] ' | cut -c4- |
    grep -v '^target/$' | while read -r p; do
      if grep -qxF "?? $p" <<<"$before" || grep -qxF "!! $p" <<<"$before"; then
        continue
      fi
      case ${p%/} in
        */*) echo "left alone (new inside a tracked folder, not a documented output): $p" >&2 ;;
        *) rm -rf -- "$p" ;;
      esac
    done
  rm -rf "$scratch"
}
trap cleanup EXIT
mkdir -p "$scratch/home"

echo "-- building the release tribo the commands call"
cargo build --release --bin tribo --quiet
export PATH=$CARGO_TARGET_DIR/release:$PATH

ran=0 tinied=0 listed=0 failed=0
skipped=()
for entry in "${commands[@]}"; do
  where=${entry%%$'\t'*}
  cmd=${entry#*$'\t'}
  reason=$(skip_reason "$cmd")
  if [ -n "$reason" ]; then
    skipped+=("$where  $cmd  ($reason)")
    continue
  fi
  run=$(as_run "$cmd")
  [[ "$cmd" == *"[slow:"* ]] && tinied=$((tinied + 1))
  runs_study_cases "$cmd" && listed=$((listed + 1))
  echo "-- $where: $run"
  log=$scratch/cmd.log
  rc=0
  t0=$SECONDS
  HOME=$scratch/home timeout "$timeout_s" bash -o pipefail -c "$run" >"$log" 2>&1 </dev/null || rc=$?
  echo "   ($((SECONDS - t0)) s)"
  ran=$((ran + 1))
  if [ "$rc" -ne 0 ]; then
    failed=$((failed + 1))
    echo "FAIL ($where, exit $rc$([ "$rc" -eq 124 ] && echo ": over ${timeout_s} s, mark it [slow: …]")): $cmd"
    tail -n 15 "$log" | sed 's/^/   | /'
  elif grep -q "^warning: .* is still accepted: " "$log"; then
    # An old spelling runs, with a warning (calibrator/src/renamed_flags.rs): the documents
    # show the current one.
    failed=$((failed + 1))
    echo "FAIL ($where): an old spelling: $cmd"
    grep "^warning: .* is still accepted: " "$log" | sed 's/^/   | /'
  fi
done

echo "== documented commands: $total in README.md and docs/**/*.md; $ran run ($tinied of them slow calibrations on the tiny configuration, $listed studies as --list-cases), ${#skipped[@]} skipped, $failed failed"
for s in "${skipped[@]}"; do
  echo "   skipped: $s"
done
[ "$failed" -eq 0 ] || { echo "FAIL: $failed documented command(s) do not run as written" >&2; exit 1; }
