#!/usr/bin/env bash
# `npm test`: every suite. TEST_DATABASE_URL adds the PostgreSQL runs, REDIS_URL the multi-instance
# runs; with CI set a missing Chromium, PostgreSQL or Redis fails the run instead of skipping.
set -euo pipefail
cd "$(dirname "$0")/.."
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
# Every suite runs on the Node 24 that npm installed (node_modules/.bin is first on PATH here).
node scripts/node-runtime.mjs "npm test"

if [ -n "${CI:-}" ]; then
  [ -n "${TEST_DATABASE_URL:-}" ] || { echo "CI: TEST_DATABASE_URL is required" >&2; exit 1; }
  [ -n "${REDIS_URL:-}" ] || { echo "CI: REDIS_URL is required" >&2; exit 1; }
fi

# Each stage's wall time, printed when the run ends (passed or not): the suite's budget is 15 min.
STAGES=()
stage_name=""
end_stage() {
  if [ -n "$stage_name" ]; then STAGES+=("$(printf '%5d s  %s' $((SECONDS - stage_started)) "$stage_name")"); fi
  stage_name=""
}
print_stages() {
  end_stage
  printf '\nStage times (%d s in all):\n' "$SECONDS"
  printf '  %s\n' "${STAGES[@]}"
}
trap print_stages EXIT
step() {
  end_stage
  stage_name="$1"
  stage_started=$SECONDS
  printf '\n\033[1m== %s\033[0m\n' "$1"
}
step "lint (biome)"; npx biome check .
step "history words: reasons, not work items or runs, in tracked files"
node --test scripts/check-history-words.test.mjs
node scripts/check-history-words.mjs
step "types (tsc)"; npm run typecheck --silent
step "server: unit + API tests"; npm run test -w @helio/server
step "web: unit tests"; npm run test -w @helio/web
step "web: message catalogues in step with the code and translated in every locale"; node scripts/i18n-check.mjs
step "Chromium for the browser tests (Debian's package)"
set +e; bash scripts/ensure-chromium.sh; chromium=$?; set -e
if [ "$chromium" = "3" ]; then
  echo "SKIPPED the browser tests: no Chromium (CI would fail here)."
  exit 0
elif [ "$chromium" != "0" ]; then
  exit 1
fi
step "build: the web app and the compiled server, which the browser tests run"; npm run build
step "first-load JavaScript budget per route (Vite manifest)"; node scripts/first-load-budget.mjs
step "Lighthouse on /login and the dashboard: accessibility 100, best practices ≥ 95 (performance printed)"
node bench/web.mjs --no-build --gate
step "browser tests: every spec against its worker's server"; npm run e2e -w @helio/web
step "browser tests across two server processes (PostgreSQL + Redis)"
if [ -n "${TEST_DATABASE_URL:-}" ] && [ -n "${REDIS_URL:-}" ]; then
  (cd apps/web && npx playwright test -c playwright.multi.config.ts)
else
  echo "SKIPPED the multi-process browser test: it needs TEST_DATABASE_URL and REDIS_URL (CI requires both)."
fi
step "cluster: 3 processes behind HAProxy under load, with a SIGKILL and a rolling restart"
if [ -n "${TEST_DATABASE_URL:-}" ] && [ -n "${REDIS_URL:-}" ]; then
  npm run test:cluster --silent
else
  echo "SKIPPED the cluster test: it needs TEST_DATABASE_URL and REDIS_URL (CI requires both)."
fi
