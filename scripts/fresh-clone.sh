#!/usr/bin/env bash
# The README walked through literally on a fresh clone, as a new user would: `npm ci`, `npm start`
# (on free ports), `npm install -g .` (into a temporary prefix, put first on the PATH), then the sample
# model checked and refreshed by the `svc-excel` found on that PATH, with `--frozen-copy`; then the
# files read by openpyxl (the refreshed model: a figure in every cell of every spilled block) and by
# LibreOffice (the frozen copy: the same figures; the refreshed model: its spilled blocks recalculate
# to #NAME?, as the README says). Exit 0 when every step holds; the transcript goes to stdout.
#
#   scripts/fresh-clone.sh [REPOSITORY]     (default: this checkout's committed HEAD)
#
# Needs git, npm (the registry, or its cache), soffice and python3 with openpyxl. Takes minutes:
# `npm start` builds the add-in with webpack, as it does for a new user.
set -euo pipefail
SRC="$(cd "${1:-$(dirname "$0")/..}" && pwd)"
WORK="$(mktemp -d "${TMPDIR:-/tmp}/svc-fresh-clone-XXXXXX")"
START_PID=""
cleanup() {
  if [ -n "$START_PID" ]; then kill "$START_PID" 2>/dev/null || true; wait "$START_PID" 2>/dev/null || true; fi
  rm -rf "$WORK"
}
trap cleanup EXIT
step() { printf '\n== %s\n' "$*"; }
free_port() { node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})'; }

step "git clone $SRC"
git clone --quiet "$SRC" "$WORK/clone"
cd "$WORK/clone"
git log --oneline -1

step "npm ci"
npm ci --no-audit --no-fund 2>&1 | tail -3

PORT=$(free_port)
SANDBOX=$(free_port)
step "npm start -- --no-sideload --port $PORT --sandbox-port $SANDBOX"
npm start -- --no-sideload --port "$PORT" --sandbox-port "$SANDBOX" >"$WORK/start.log" 2>&1 &
START_PID=$!
for _ in $(seq 1 600); do
  grep -q "ready in" "$WORK/start.log" && break
  kill -0 "$START_PID" 2>/dev/null || { cat "$WORK/start.log"; echo "npm start ended"; exit 1; }
  sleep 1
done
grep -q "ready in" "$WORK/start.log" || { cat "$WORK/start.log"; echo "npm start not ready in 10 minutes"; exit 1; }
grep -E "sandbox API|workbench|ready in" "$WORK/start.log"
KEY=$(sed -n 's/.*(API key \([^;]*\);.*/\1/p' "$WORK/start.log" | head -1)

step "npm install -g --prefix $WORK/prefix ."
npm install -g --prefix "$WORK/prefix" . --no-audit --no-fund 2>&1 | grep -v "^npm warn install-scripts" | tail -2
export PATH="$WORK/prefix/bin:$PATH"
command -v svc-excel

mkdir -p "$WORK/models"
cp examples/Coverage.xlsx "$WORK/models/Coverage.xlsx"
cd "$WORK/models"
export SVC_BASE_URL="http://127.0.0.1:$SANDBOX" SVC_TOKEN="$KEY" XDG_CONFIG_HOME="$WORK/config"

step "svc-excel check Coverage.xlsx"
svc-excel check Coverage.xlsx
step "svc-excel refresh Coverage.xlsx --frozen-copy Coverage-values.xlsx"
svc-excel refresh Coverage.xlsx --frozen-copy Coverage-values.xlsx

step "openpyxl reads the refreshed model: every cell of every spilled block holds a figure"
/usr/bin/python3 - Coverage.xlsx <<'PY'
import sys, re
from openpyxl import load_workbook
formulas = load_workbook(sys.argv[1])
values = load_workbook(sys.argv[1], data_only=True)
blocks = 0
for ws in formulas:
    # openpyxl 3.0 keeps an array formula's range in formula_attributes; 3.1 in an ArrayFormula value
    spills = {k: a["ref"] for k, a in getattr(ws, "formula_attributes", {}).items() if a.get("t") == "array"}
    for row in ws.iter_rows():
        for c in row:
            if getattr(c.value, "ref", None):
                spills[c.coordinate] = c.value.ref
    for anchor, ref in spills.items():
        text = str(getattr(ws[anchor].value, "text", ws[anchor].value))
        if "SVC" not in text:
            continue
        blocks += 1
        cells = [x for r in values[ws.title][ref] for x in (r if isinstance(r, tuple) else (r,))]
        empty = [x.coordinate for x in cells if x.value is None]
        print(f"{ws.title}!{ref}: {len(cells)} cells, first {cells[0].value!r}, last {cells[-1].value!r}, empty {empty}")
        assert cells[0].value is not None and cells[-1].value is not None, "a spilled block without figures"
assert blocks > 0, "no spilled block found"
PY

step "LibreOffice reads both files"
for f in Coverage Coverage-values; do
  soffice -env:UserInstallation="file://$WORK/lo" --headless --convert-to "csv:Text - txt - csv (StarCalc):44,34,76,1,,0,false,true,false,false,false,-1" --outdir "$WORK/csv-$f" "$f.xlsx" >/dev/null 2>&1
done
count_name() { cat "$1"/*.csv | { grep -o '#NAME?' || true; } | wc -l; }
names_model=$(count_name "$WORK/csv-Coverage")
names_frozen=$(count_name "$WORK/csv-Coverage-values")
echo "refreshed model: $names_model cells read #NAME? in LibreOffice (its spilled blocks, as refresh's report says)"
echo "frozen copy:     $names_frozen cells read #NAME? in LibreOffice"
for f in "$WORK"/csv-Coverage-values/*.csv; do echo "--- $(basename "$f")"; head -8 "$f"; done
[ "$names_frozen" -eq 0 ] || { echo "the frozen copy does not read right in LibreOffice"; exit 1; }
step "done: every step of the README held"
