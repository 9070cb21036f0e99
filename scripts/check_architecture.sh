#!/usr/bin/env bash
# ARCHITECTURE.md held against the code (issue 44). Checks, and fails (exit 1) listing each
# miss:
#   (a) every file or folder path it names in backticks exists — `calibrator/src/bem/sweep.rs`,
#       or a path relative to calibrator/src/ (`bem/sweep.rs`), core/src/ or the repository
#       (`scripts/check_layers.sh`); `{a,b}` alternatives are expanded;
#   (b) every "`path` :: `item`, `item2`" of the equation index and data flow names an item
#       defined in that file (the last segment of `Type::item`: a fn, type, const, module,
#       enum variant or field declared at the start of a line);
#   (c) every claim written "`Name` lives in `path`" holds: `Name` is declared in that file;
#   (d) the layer list: the diagram names every top-level module of calibrator/src (and no
#       other), and its "Physics folders:" / "Above the physics:" lines are check_layers.sh's
#       PHYSICS and ABOVE_PHYSICS lists, word for word;
#   (e) core/Cargo.toml's docs.rs metadata asks for one math backend only.
#
# Usage: scripts/check_architecture.sh [FILE]      (default ARCHITECTURE.md; exit 1 on a miss)
#        scripts/check_architecture.sh --self-test (plants one wrong claim of each kind in a
#                                                  copy and fails unless each is caught)
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "${1:-}" = --self-test ]; then
  scratch=$(mktemp -d)
  trap 'rm -rf "$scratch"' EXIT
  planted=(
    's#\(`io/x3p.rs`, into#(`io/x3p_gone.rs`, into#'
    's#(`core/src/bar.rs` :: `)StepForces::mu_pull#\1StepForces::no_such_item#'
    's#`X3pError` lives in `io/x3p.rs`#`X3pError` lives in `surface/measured.rs`#'
    's#^(Physics folders \(check_layers.sh PHYSICS\): `bem) #\1 ghost #'
    's#^  report/ \(#  reports/ (#'
  )
  n=0
  for edit in "${planted[@]}"; do
    n=$((n + 1))
    sed -E "$edit" ARCHITECTURE.md >"$scratch/doc$n.md"
    if cmp -s ARCHITECTURE.md "$scratch/doc$n.md"; then
      echo "self-test: planted edit $n ($edit) changed nothing: update the self-test"
      exit 1
    fi
    if "$0" "$scratch/doc$n.md" >/dev/null; then
      echo "self-test: planted error $n ($edit) was not caught"
      exit 1
    fi
  done
  echo "self-test: all $n planted errors caught"
  exit 0
fi
doc=${1:-ARCHITECTURE.md}
fail=0
miss() {
  echo "ARCHITECTURE.md: $*"
  fail=1
}

# A path as the document writes it → the existing file or folder, or nothing.
resolve() {
  local p=$1 base
  for base in "" calibrator/src/ core/src/ calibrator/; do
    if [ -e "$base$p" ]; then
      echo "$base$p"
      return
    fi
  done
}

# Expands one level of `{a,b,c}` in a path.
expand() {
  local p=$1
  if [[ $p =~ ^(.*)\{([^}]*)\}(.*)$ ]]; then
    local pre=${BASH_REMATCH[1]} alts=${BASH_REMATCH[2]} post=${BASH_REMATCH[3]} a
    IFS=, read -ra parts <<<"$alts"
    for a in "${parts[@]}"; do expand "$pre$a$post"; done
  else
    echo "$p"
  fi
}

# Is `name` declared in `file`? (a definition keyword before it, or the name opening a line:
# an enum variant, a field, a `mod` entry).
declared() {
  local name=$1 file=$2
  if [ -d "$file" ]; then
    file=$(find "$file" -name '*.rs' | tr '\n' ' ')
  fi
  # shellcheck disable=SC2086
  grep -qE "(fn|struct|enum|type|trait|const|static|mod|macro_rules!|union) +$name\b|^[[:space:]]*(pub(\([a-z]+\))? +)?$name\b[[:space:]]*[:,({=]|^[[:space:]]*(pub(\([a-z]+\))? +)?$name[[:space:]]*$|^[[:space:]]*pub use .*\b$name\b" $file
}

# (a) paths.
grep -oE '`[^` ]+`' "$doc" | tr -d '`' | sort -u | while read -r tok; do
  path=${tok%%::*}
  case $path in
    ../* | */ | *.rs | *.md | *.sh | *.toml | *.txt | *.json | *.bin) ;;
    */*) [[ $path == *.* || $path == */* ]] || continue ;;
    *) continue ;;
  esac
  # Only things that look like repository paths (a folder/ prefix or a file extension).
  [[ $path == */* || $path =~ \.(rs|md|sh|toml|txt)$ ]] || continue
  [[ $path == ../* ]] && continue # outside the repository (the seeds)
  [[ $path =~ ^[a-z_0-9./{},-]+/?$ ]] || continue
  while read -r p; do
    [ -n "$(resolve "$p")" ] || echo "path \`$p\` does not exist"
  done < <(expand "$path")
done >"${TMPDIR:-/tmp}/arch_paths.$$" || true
if [ -s "${TMPDIR:-/tmp}/arch_paths.$$" ]; then
  sed 's/^/ARCHITECTURE.md: /' "${TMPDIR:-/tmp}/arch_paths.$$"
  fail=1
fi
rm -f "${TMPDIR:-/tmp}/arch_paths.$$"

# (b) `path` :: `item`, `item` …
while IFS= read -r claim; do
  path=$(echo "$claim" | sed -E 's/^`([^`]+)`.*/\1/')
  file=$(resolve "$path")
  [ -n "$file" ] || continue # reported by (a)
  items=$(echo "$claim" | sed -E 's/^`[^`]+` :: //' | grep -oE '`[^`]+`' | tr -d '`')
  for item in $items; do
    name=${item##*::}
    name=${name%%(*}
    [[ $name =~ ^[A-Za-z_][A-Za-z0-9_]*$ ]] || continue
    declared "$name" "$file" || miss "\`$path\` :: \`$item\`: no \`$name\` declared in $file"
  done
done < <(
  grep -oE '`[^` ]+\.rs` :: `[^`]+`(, `[^`]+`)*' "$doc"
  # `path.rs::item` in one span: the same claim.
  grep -oE '`[^` ]+.rs::[A-Za-z0-9_:]+`' "$doc" | sed -E 's/^`([^`]+)::([^`]+)`$/`\1` :: `\2`/'
)

# (c) `Name` lives in `path`.
while IFS= read -r claim; do
  name=$(echo "$claim" | sed -E 's/^`([^`]+)`.*/\1/')
  path=$(echo "$claim" | sed -E 's/.*lives in `([^`]+)`$/\1/')
  file=$(resolve "$path")
  if [ -z "$file" ]; then
    miss "\`$name\` lives in \`$path\`: no such file"
    continue
  fi
  declared "${name##*::}" "$file" || miss "\`$name\` lives in \`$path\`: not declared there"
done < <(grep -oE '`[A-Za-z0-9_:]+` lives in `[^`]+`' "$doc")

# (d) the layer list.
tops=$(cd calibrator/src && for f in *; do
  case $f in
    lib.rs | main.rs) ;;
    *.rs) echo "${f%.rs}" ;;
    *) [ -d "$f" ] && echo "$f" ;;
  esac
done)
diagram=$(awk '/^## Layers/ { on = 1 } on && /^```/ { n++; if (n == 2) exit; next } on && n == 1' "$doc")
[ -n "$diagram" ] || miss "no diagram (a fenced block) under '## Layers'"
for t in $tops; do
  echo "$diagram" | grep -qE "(^|[[:space:](+])$t(/|\.rs)([[:space:],)]|$)" ||
    miss "the layer diagram does not name calibrator/src/$t (as \`$t/\` or \`$t.rs\`)"
done
# Every `name/` or `name.rs` of the diagram's calibrator part is a module (or a folder under one).
echo "$diagram" | awk 'on; /^calibrator\/src\// { on = 1 }' |
  grep -oE '(^|[[:space:](])[a-z_0-9]+(/|\.rs)' | sed -E 's/^[[:space:](]//; s#/$##; s#\.rs$##' |
  sort -u | while read -r name; do
  [ -e "calibrator/src/$name" ] || [ -e "calibrator/src/$name.rs" ] ||
    [ -n "$(find calibrator/src -maxdepth 2 \( -name "$name" -o -name "$name.rs" \) -print -quit)" ] ||
    echo "ARCHITECTURE.md: the layer diagram names \`$name\`, which is no module of calibrator/src"
done | tee "${TMPDIR:-/tmp}/arch_layers.$$"
[ -s "${TMPDIR:-/tmp}/arch_layers.$$" ] && fail=1
rm -f "${TMPDIR:-/tmp}/arch_layers.$$"
for list in PHYSICS ABOVE_PHYSICS; do
  script=$(sed -nE "s/^$list=\"([^\"]*)\"/\1/p" scripts/check_layers.sh)
  label=$([ $list = PHYSICS ] && echo "Physics folders" || echo "Above the physics")
  written=$(sed -nE "s/^$label \(check_layers\.sh $list\): (.*)\.$/\1/p" "$doc" | tr -d '`')
  [ "$written" = "$script" ] ||
    miss "'$label (check_layers.sh $list): …' reads '$written', the script has '$script'"
done

# (e) docs.rs builds the core with one math backend: `all-features` (both backends, the core's
# compile_error!) or a feature list with both is refused. The build itself:
# `cargo doc -p tribo-core --no-deps --no-default-features --features libm,defmt`.
docsrs=$(awk '/^\[package.metadata.docs.rs\]/ { on = 1; next } /^\[/ { on = 0 } on' core/Cargo.toml)
if echo "$docsrs" | grep -qE '^all-features *= *true' ||
  { echo "$docsrs" | grep -q '"libm"' && echo "$docsrs" | grep -q '"micromath"'; }; then
  echo "core/Cargo.toml: [package.metadata.docs.rs] turns on both math backends (compile_error!)"
  fail=1
fi

if [ "$fail" = 0 ]; then
  echo "ARCHITECTURE.md: paths, items, 'lives in' claims and the layer list agree with the code"
fi
exit "$fail"
