#!/usr/bin/env bash
# The README's test command runs this: installs what the tests need, then lint, type check,
# unit, integration (real Postgres), production build and end-to-end (Chromium).
# Prints a closing "N passed, N failed" line that counts every test of every tier.
set -uo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n=== %s ===\n' "$1"; }

step "install"
npm install --no-audit --no-fund || exit 1
if [ ! -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ]; then
  SUDO=""; [ "$(id -u)" = 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq && $SUDO apt-get install -y -qq chromium || { echo "Chromium could not be installed"; exit 1; }
fi

rm -rf .test-reports && mkdir -p .test-reports
status=0

step "lint"
npm run --silent lint || status=1
step "type check"
npm run --silent typecheck || status=1

step "unit"
npx vitest run --project unit --reporter=default --reporter=json --outputFile.json=.test-reports/unit.json || status=1
step "integration (Postgres)"
npx vitest run --project integration --reporter=default --reporter=json --outputFile.json=.test-reports/integration.json || status=1

step "build"
if npx next build; then
  step "end-to-end (Chromium)"
  npx playwright test || status=1
else
  status=1
fi

step "summary"
node tests/summarize.mjs .test-reports || status=1
exit $status
