#!/usr/bin/env bash
# The one-way layers of calibrator/src (ARCHITECTURE.md, issue 35), checked over the `use`
# lines and inline `crate::…` paths of the library and binary code (test code excluded:
# `tests/` folders, `tests.rs`, files and inline modules declared under `#[cfg(test)]`):
#   (a) no cycle between top-level modules of calibrator/src;
#   (b) no import from a physics module into a layer above it (report, table, studies,
#       pipeline, validate, commands).
#
# Usage: scripts/check_layers.sh [SRC_DIR]     (default calibrator/src; exit 1 on a violation)
#        scripts/check_layers.sh --self-test   (plants violations in a scratch tree and fails
#                                               unless each one is caught)
#        scripts/check_layers.sh --edges [SRC_DIR]   (prints every edge `from to file:line`)
#
# Edges still open in another branch's scope are listed in scripts/layers_open.txt (one
# `from to file` a line): they are reported but tolerated; an entry that no longer matches an
# edge of the code fails the check, so the list can only shrink.
set -euo pipefail
cd "$(dirname "$0")/.."

PHYSICS="bem dem meso dde nscd thermal surface asperity random_field strip_draw third_body"
ABOVE_PHYSICS="report table studies pipeline validate commands"
OPEN_LIST=scripts/layers_open.txt

# Prints `from to file:line` for every reference from one top-level module to another.
edges() {
  local src=$1
  local tops
  tops=$(cd "$src" && for f in *; do
    case $f in
      lib.rs | main.rs) ;;
      *.rs) echo "${f%.rs}" ;;
      *) [ -d "$f" ] && echo "$f" ;;
    esac
  done | tr '\n' ' ')
  # Files declared as test modules (`#[cfg(test)]` then `mod name;`) are test code.
  local test_files
  test_files=$(cd "$src" && grep -rn --include='*.rs' -A1 '#\[cfg(test)\]' . |
    sed -n 's|^\./\(.*\)-[0-9]*-[[:space:]]*\(pub[^ ]* \)\{0,1\}mod \([a-z0-9_]*\);.*|\1 \3|p' |
    while read -r file name; do
      dir=$(dirname "$file")
      base=$(basename "$file" .rs)
      case $base in mod | lib | main) ;; *) dir="$dir/$base" ;; esac
      echo "${dir#./}/$name.rs ${dir#./}/$name/"
    done | tr '\n' ' ')
  (cd "$src" && find . -name '*.rs' | sed 's|^\./||' | sort) | while read -r rel; do
    case "/$rel" in */tests/* | */tests.rs) continue ;; esac
    local skip=0 t
    for t in $test_files; do
      case $rel in "$t" | "$t"*) [ "${t%/}" != "$t" ] || [ "$rel" = "$t" ] && skip=1 ;; esac
    done
    [ "$skip" = 1 ] && continue
    local top=${rel%%/*}
    top=${top%.rs}
    case $top in lib | main) continue ;; esac
    # Module depth: a/b/c.rs -> 3, a/b/mod.rs -> 2, a.rs -> 1.
    local depth
    depth=$(echo "$rel" | awk -F/ '{ n = NF; if ($NF == "mod.rs") n--; print n }')
    awk -v top="$top" -v tops=" $tops " -v depth="$depth" -v file="$rel" '
      function emit(name) {
        if (name != top && index(tops, " " name " ") > 0) print top, name, file ":" FNR
      }
      # The names at brace depth 1 of a `crate::{ ... }` group.
      function group(text,   i, c, d, word, start) {
        d = 0; start = 1; word = ""
        for (i = 1; i <= length(text); i++) {
          c = substr(text, i, 1)
          if (c == "{") { d++; if (d == 1) { start = 1; word = ""; continue } }
          if (c == "}") { if (d == 1 && start && word != "") emit(word); d--; if (d == 0) return }
          if (d == 1) {
            if (c == ",") { if (start && word != "") emit(word); start = 1; word = ""; continue }
            if (start && c ~ /[a-z0-9_]/) { word = word c; continue }
            if (start && c == ":" && word != "") { emit(word); start = 0; word = ""; continue }
            if (start && c ~ /[ \t]/ && word == "") continue
            if (start && c ~ /[ \t]/) { emit(word); start = 0; word = ""; continue }
            start = 0
          }
        }
      }
      BEGIN { skip_depth = -1; pending_cfg_test = 0; acc = "" }
      {
        line = $0
        # Inline test modules: skip from `#[cfg(test)]` + `mod x {` to the closing brace.
        if (skip_depth >= 0) {
          skip_depth += gsub(/{/, "{", line) - gsub(/}/, "}", line)
          if (skip_depth <= 0) skip_depth = -1
          next
        }
        if (line ~ /^[ \t]*#\[cfg\(test\)\]/) { pending_cfg_test = 1; next }
        if (pending_cfg_test) {
          pending_cfg_test = 0
          if (line ~ /^[ \t]*(pub[^ ]* )?mod [a-z0-9_]+[ \t]*\{/) {
            skip_depth = gsub(/{/, "{", line) - gsub(/}/, "}", line)
            if (skip_depth <= 0) skip_depth = -1
            next
          }
          if (line ~ /^[ \t]*(pub[^ ]* )?(mod|use|fn|impl|struct|enum|const|static)[ \t]/) next
        }
        if (line ~ /^[ \t]*\/\//) next
        sub(/[ \t]\/\/.*$/, "", line)
        # A `crate::{` group may span lines: gather it up to its `;`.
        if (acc != "") {
          acc = acc " " line
          if (line ~ /;/) { group(acc); acc = "" }
          next
        }
        rest = line
        while (match(rest, /(crate|tribo_calibrator)::(\{|[a-z0-9_]+)/)) {
          m = substr(rest, RSTART, RLENGTH)
          if (substr(rest, RSTART - 1, 1) ~ /[A-Za-z0-9_]/) { rest = substr(rest, RSTART + RLENGTH); continue }
          if (m ~ /tribo_calibrator/ && file !~ /^(commands\/|cli\.rs|renamed_flags\.rs|examples\.rs)/) {
            rest = substr(rest, RSTART + RLENGTH); continue
          }
          sub(/^(crate|tribo_calibrator)::/, "", m)
          if (m == "{") {
            g = substr(rest, RSTART + RLENGTH - 1)
            if (g ~ /;/ || g ~ /}[ \t]*$/) group(g); else acc = g
            rest = ""
            break
          }
          emit(m)
          rest = substr(rest, RSTART + RLENGTH)
        }
        # super::super::x that climbs to the crate root.
        rest = line
        while (match(rest, /(super::)+[a-z0-9_]+/)) {
          m = substr(rest, RSTART, RLENGTH)
          k = gsub(/super::/, "", m)
          if (k >= depth && substr(rest, RSTART - 1, 1) !~ /[A-Za-z0-9_:]/) emit(m)
          rest = substr(rest, RSTART + RLENGTH)
        }
      }' "$src/$rel"
  done
}

check() {
  local src=$1 open_list=$2 all bad=0 from to where line
  all=$(edges "$src" | sort -u | awk 'NF')
  # Edges of the open list are reported and taken out of both checks.
  : >"$tmp/used_open"
  : >"$tmp/kept"
  while read -r from to where; do
    [ -n "$from" ] || continue
    line=$(awk -v f="$from" -v t="$to" -v w="${where%%:*}" \
      '$1 == f && $2 == t && $3 == w { print; exit }' "$open_list" 2>/dev/null || true)
    if [ -n "$line" ]; then
      echo "open (tolerated by $open_list): $from -> $to  $where"
      echo "$line" >>"$tmp/used_open"
    else
      echo "$from $to $where" >>"$tmp/kept"
    fi
  done <<<"$all"
  awk '{ print $1, $2 }' "$tmp/kept" | sort -u >"$tmp/pairs"
  # (a) cycles: tsort names the members of a loop on stderr.
  if ! tsort "$tmp/pairs" >/dev/null 2>"$tmp/tsort"; then
    echo "FAIL (a): a cycle between top-level modules of $src:"
    grep -v 'input contains a loop' "$tmp/tsort" | sed 's/^tsort: /  /'
    echo "  the edges among them:"
    local members
    members=" $(grep -v 'input contains a loop' "$tmp/tsort" | sed 's/^tsort: //' | tr '\n' ' ') "
    while read -r from to where; do
      case $members in *" $from "*) case $members in *" $to "*) echo "    $from -> $to  $where" ;; esac ;; esac
    done <"$tmp/kept"
    bad=1
  fi
  # (b) physics importing a layer above it.
  local p a
  while read -r from to where; do
    for p in $PHYSICS; do
      [ "$from" = "$p" ] || continue
      for a in $ABOVE_PHYSICS; do
        [ "$to" = "$a" ] || continue
        echo "FAIL (b): physics module $from imports $to (above it)  $where"
        bad=1
      done
    done
  done <"$tmp/kept"
  if [ -f "$open_list" ]; then
    while read -r line; do
      case $line in '' | '#'*) continue ;; esac
      if ! grep -qxF "$line" "$tmp/used_open"; then
        echo "FAIL: $open_list lists \`$line\`, which is no longer an edge of the code: delete that line"
        bad=1
      fi
    done <"$open_list"
  fi
  return $bad
}

self_test() {
  local t=$tmp/tree
  mkdir -p "$t/dem" "$t/report" "$t/alpha" "$t/beta" "$t/surface/deep"
  echo 'pub mod x;' >"$t/dem/mod.rs"
  printf '%s\n' '//! doc: [`crate::report`] is a link, not an import' \
    'use crate::report::Figure;' >"$t/dem/x.rs"
  echo 'pub fn f() {}' >"$t/report/mod.rs"
  echo 'use crate::beta::B;' >"$t/alpha.rs"
  printf '%s\n' 'use crate::{' '    alpha::A,' '    numerics,' '};' >"$t/beta.rs"
  echo 'pub fn g() {}' >"$t/numerics.rs"
  printf '%s\n' 'pub mod deep;' '#[cfg(test)]' 'mod tests {' '    use crate::report::Figure;' '}' >"$t/surface/mod.rs"
  printf '%s\n' 'pub fn h() { super::super::report::f() }' >"$t/surface/deep/mod.rs"
  : >"$tmp/none"
  local out rc=0
  out=$(check "$t" "$tmp/none") || rc=$?
  echo "$out" | sed 's/^/  self-test> /'
  local want
  for want in 'FAIL (a)' 'alpha -> beta' 'beta -> alpha' \
    'physics module dem imports report (above it)  dem/x.rs:2' \
    'physics module surface imports report (above it)  surface/deep/mod.rs:1'; do
    if ! grep -qF "$want" <<<"$out"; then
      echo "SELF-TEST FAIL: the planted violation \`$want\` was not reported"
      exit 1
    fi
  done
  if grep -q 'surface/mod.rs' <<<"$out" || grep -q 'dem/x.rs:1' <<<"$out" || [ "$rc" -eq 0 ]; then
    echo "SELF-TEST FAIL: test code or a doc link was counted, or the exit status was 0"
    exit 1
  fi
  # The same tree without the violations passes, and a stale open entry fails.
  rm "$t/dem/x.rs" "$t/surface/deep/mod.rs" "$t/alpha.rs"
  echo 'pub mod x;' >"$t/dem/mod.rs"
  echo 'use crate::numerics::g;' >"$t/dem/x.rs"
  echo 'pub fn h() {}' >"$t/surface/deep/mod.rs"
  check "$t" "$tmp/none" >/dev/null || { echo "SELF-TEST FAIL: a clean tree was refused"; exit 1; }
  echo 'dem report dem/x.rs' >"$tmp/stale"
  if check "$t" "$tmp/stale" >/dev/null; then
    echo "SELF-TEST FAIL: a stale entry of the open list was accepted"
    exit 1
  fi
  echo "self-test: every planted violation caught (cycle, physics -> report by use, by a crate group, by super::super), test code and doc links ignored, stale open entries refused"
}

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
case ${1:-} in
  --self-test) self_test ;;
  --edges) edges "${2:-calibrator/src}" | sort -u ;;
  *)
    src=${1:-calibrator/src}
    if check "$src" "$OPEN_LIST"; then
      echo "layers: no cycle between the top-level modules of $src, no physics module imports report/table/studies/pipeline/validate/commands"
    else
      exit 1
    fi
    ;;
esac
