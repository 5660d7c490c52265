#!/usr/bin/env bash
# The README's test command (`npm install && npm test`) runs this once npm has installed the
# packages: Debian's Chromium headless shell when it is missing, then lint, type check, unit,
# integration (real Postgres), production build and end-to-end (Chromium). Steps that each use one
# core run side by side. Prints each step's time (docs/testing.md has the budget) and a closing
# "N passed, N failed" line that counts every test of every tier.
set -uo pipefail
cd "$(dirname "$0")/.."

REPORTS=.test-reports
rm -rf "$REPORTS" && mkdir -p "$REPORTS/logs"
TIMES="$REPORTS/times.txt"
status=0

step() { printf '\n=== %s ===\n' "$1"; }

# timed NAME CMD...: runs CMD, its output streamed, and notes its time and outcome in $TIMES.
timed() {
  local name=$1 start=$SECONDS rc
  shift
  "$@"
  rc=$?
  printf '%s %s %s\n' "$name" "$((SECONDS - start))" "$rc" >>"$TIMES"
  return $rc
}

# quietly NAME CMD...: the same, output kept in a log printed once it ends (for steps run side by side).
quietly() {
  local name=$1
  shift
  timed "$name" "$@" >"$REPORTS/logs/$name.log" 2>&1
  local rc=$?
  step "$name"
  cat "$REPORTS/logs/$name.log"
  return $rc
}

step "install"
# npm packages come from the README's `npm install`; the browser from Debian when it is missing
CHROMIUM="${CHROMIUM_PATH:-/usr/bin/chromium-headless-shell}"
if [ ! -x "$CHROMIUM" ]; then
  SUDO=""; [ "$(id -u)" = 0 ] || SUDO="sudo"
  timed chromium-install bash -c "$SUDO apt-get update -qq && $SUDO apt-get install -y -qq chromium-headless-shell" \
    || { echo "Chromium's headless shell could not be installed"; exit 1; }
fi
[ -d node_modules ] || { echo "node_modules is missing: run the README's test command, npm install && npm test"; exit 1; }

# lint and the type check are one process each: side by side they take the time of the longer
quietly lint npm run --silent lint & lint=$!
quietly "type-check" npm run --silent typecheck & types=$!
wait $lint || status=1
wait $types || status=1

step "unit"
timed unit npx vitest run --project unit --project unit-isolated --reporter=default --reporter=json --outputFile.json="$REPORTS/unit.json" || status=1
step "integration (Postgres)"
timed integration npx vitest run --project integration --reporter=default --reporter=json --outputFile.json="$REPORTS/integration.json" || status=1

step "build"
if timed build npx next build; then
  step "end-to-end (Chromium)"
  timed e2e npx playwright test || status=1
else
  status=1
fi

step "summary"
echo "seconds per step (budget in docs/testing.md):"
awk '{ printf "  %-18s %5d s%s\n", $1, $2, ($3 == 0 ? "" : "  (failed)") }' "$TIMES"
node tests/summarize.mjs "$REPORTS" || status=1
exit $status
