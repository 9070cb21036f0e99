#!/usr/bin/env bash
# Plots that never cost a result, and one page to open (issue 20), run by .ci/run:
#  1. the release `tribo` links no font library (ldd: no libfontconfig, no libfreetype);
#  2. a tiny calibration on *measured* surfaces (a CSV map in µm and an ISO 25178-72 X3P map,
#     written by tests/tests/measured_surfaces.rs) runs with fontconfig pointed nowhere
#     (FONTCONFIG_FILE=/nonexistent, FONTCONFIG_PATH empty) and writes tables.bin, every CSV,
#     every figure and report/index.html, with no figure warning;
#  3. `--no-plots` writes the same table and no PNG;
#     every figure passes the audit (smallest text >= 10 px, no data point under a legend, no
#     parenthetical remark nested in another, no combining mark such as the bar of μ̄);
#  4. every <img> of index.html exists and decodes as a PNG (tests/tests/report_index.rs);
#  5. headless Chromium (Debian's `chromium`) renders index.html to a screenshot.
# Takes about a minute of CPU on 2 cores beyond the release build.
set -euo pipefail
cd "$(dirname "$0")/../.."
export TRIBO_NO_PROGRESS=1

fail() {
  echo "FAIL: $*" >&2
  exit 1
}

cargo build --release --bin tribo --quiet
tribo=${CARGO_TARGET_DIR:-$PWD/target}/release/tribo

echo "-- ldd target/release/tribo (no font library may be linked)"
if ldd "$tribo" | grep -Ei 'fontconfig|freetype'; then
  fail "the tribo binary links a system font library"
fi

work=$(mktemp -d /tmp/tribo-render.XXXXXX)
trap 'rm -rf "$work"' EXIT
TRIBO_FIXTURE_DIR="$work" cargo test -q -p tribo-tests --test measured_surfaces -- --ignored write_fixtures >/dev/null

echo "-- tiny calibration on a measured CSV + X3P pair, without fontconfig"
(
  cd "$work"
  FONTCONFIG_FILE=/nonexistent FONTCONFIG_PATH="" TRIBO_FIGURE_AUDIT="$work/audit.tsv" \
    "$tribo" calibrate --config tiny-measured.toml --seed 3 --out run 2>run.err | tee run.log
)
cat "$work/run.err"
[ -s "$work/run/tables.bin" ] || fail "no tables.bin"
if grep -q "warning: figure" "$work/run.err"; then
  fail "a figure failed without fontconfig (see the warnings above)"
fi
report=$work/run/report
pngs=$(find "$report" -name '*.png' | wc -l)
csvs=$(find "$report" -name '*.csv' | wc -l)
echo "report: $pngs PNG figures, $csvs CSV files"
[ "$pngs" -gt 10 ] || fail "only $pngs figures"
grep -q "measured: ./deformable.csv" "$report/surface/surfaces.csv" || fail "surfaces.csv does not name the measured map"
grep -q "measured: ./tool.x3p" "$report/surface/surfaces.csv" || fail "surfaces.csv does not name the X3P map"

echo "-- figure audit (report/audit.rs): text >= 10 px, no data point under a legend, no nested (remark (in a remark)), no combining mark, no P_N-style underscore in a rendered label, PNGs >= 1800 px wide with anti-aliased edges, every PNG"
audited=$(wc -l <"$work/audit.tsv")
[ "$audited" -eq "$pngs" ] || fail "$audited figures audited, $pngs PNG files"
if awk -F'\t' '$2 < 10 || $3 > 0 || $4 > 0 || $5 > 0 || $6 > 0 || $7 < 1800 || $8 <= 0' "$work/audit.tsv" | grep .; then
  fail "figures above fail the audit (columns: file, smallest text px, covered points, texts with nested remarks, texts with combining marks, labels with an underscored subscript, PNG width px, fraction of anti-aliased pixels)"
fi
echo "-- every figure has a non-empty caption, without a doubled word"
while IFS= read -r png; do
  cap=${png%.png}.caption.txt
  [ -s "$cap" ] || fail "empty or missing caption: ${cap#"$report"/}"
  if grep -Eiq '\b([[:alpha:]]+) \1\b' "$cap"; then
    fail "doubled word in ${cap#"$report"/}: $(grep -Eio '\b([[:alpha:]]+) \1\b' "$cap" | head -1)"
  fi
done < <(find "$report" -name '*.png')

echo "-- the same run with --no-plots: same table, no figure"
(cd "$work" && "$tribo" calibrate --no-plots --config tiny-measured.toml --seed 3 --out noplots >/dev/null 2>&1)
cmp "$work/run/tables.bin" "$work/noplots/tables.bin" || fail "--no-plots changed the table"
[ "$(find "$work/noplots/report" -name '*.png' | wc -l)" -eq 0 ] || fail "--no-plots wrote figures"

echo "-- every <img> of index.html is a decodable PNG"
TRIBO_REPORT_DIR="$report" cargo test -q -p tribo-tests --test report_index -- --ignored

echo "-- headless Chromium renders report/index.html"
if ! command -v chromium >/dev/null; then
  apt-get update -qq && apt-get install -y -qq chromium >/dev/null
fi
shot=$work/index.png
timeout 120 chromium --headless --no-sandbox --disable-gpu --disable-background-networking \
  --disable-component-update --disable-sync --no-first-run --user-data-dir="$(mktemp -d)" \
  --window-size=1400,2400 --screenshot="$shot" "file://$report/index.html" 2>/dev/null || true
[ -s "$shot" ] || fail "Chromium wrote no screenshot"
mkdir -p target/report-check
cp "$shot" target/report-check/index-screenshot.png
echo "screenshot: target/report-check/index-screenshot.png ($(stat -c %s "$shot") bytes)"

echo "-- DOM of report/index.html in headless Chromium: no literal **, no duplicate section, every <img> loads at print resolution and has its CSV"
# A copy of the page beside it (same relative links) with a check that runs after every image
# has loaded and writes its verdict into the DOM, which Chromium dumps.
check=$report/.dom-check.html
sed 's|</body>|<script>\
window.addEventListener("load", () => {\
  const bad = [];\
  if (document.body.innerText.includes("**")) bad.push("literal ** in the text");\
  const heads = [...document.querySelectorAll("h2,h3")].map(h => h.textContent.trim());\
  heads.forEach((t, i) => { if (heads.indexOf(t) !== i) bad.push("duplicate section: " + t); });\
  const imgs = [...document.querySelectorAll("img")];\
  if (imgs.length === 0) bad.push("no image");\
  for (const img of imgs) {\
    if (!(img.complete \&\& img.naturalWidth > 0)) bad.push("image does not load: " + img.getAttribute("src"));\
    else if (img.naturalWidth < 1800) bad.push("PNG below print resolution (2 x 900 px): " + img.getAttribute("src"));\
    const fig = img.closest("figure");\
    if (!fig \|\| !fig.querySelector("a[href$=\\".csv\\"]")) bad.push("no CSV link: " + img.getAttribute("src"));\
  }\
  const out = document.createElement("pre");\
  out.id = "dom-check";\
  out.textContent = bad.length ? "DOM-CHECK-FAIL " + bad.join("; ") : "DOM-CHECK-OK " + imgs.length + " images";\
  document.body.appendChild(out);\
});\
</script></body>|' "$report/index.html" >"$check"
dom=$(timeout 120 chromium --headless --no-sandbox --disable-gpu --disable-background-networking \
  --disable-component-update --disable-sync --no-first-run --user-data-dir="$(mktemp -d)" \
  --allow-file-access-from-files --virtual-time-budget=10000 --dump-dom "file://$check" 2>/dev/null || true)
rm -f "$check"
verdict=$(printf '%s' "$dom" | grep -o 'id="dom-check">DOM-CHECK-[A-Z]* [^<]*' | head -1 | sed 's/^id="dom-check">//')
echo "${verdict:-no verdict}"
case "$verdict" in
  DOM-CHECK-OK*) ;;
  *) fail "the DOM check of index.html: ${verdict:-Chromium wrote no verdict}" ;;
esac
