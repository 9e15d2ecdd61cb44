#!/usr/bin/env bash
# The whole test suite: types, lint (ESLint + Prettier), unit, integration (real PostgreSQL), browser (Chromium, JS on and off).
# Steps that do not depend on each other run side by side (CI has 2 cores, and most steps leave one
# idle); each step's output is printed whole when it ends, with its time.
set -euo pipefail
cd "$(dirname "$0")/.."
logs="$(mktemp -d)"
started=$SECONDS

# Starts a step in the background: its output goes to a file, shown by `finish`. (If the suite
# stops early, steps still running finish on their own, writing only to their files.)
begin() {
  local name="$1"
  shift
  echo "$SECONDS" >"$logs/$name.start"
  (
    set +e
    "$@" >"$logs/$name.log" 2>&1
    rc=$?
    echo "$SECONDS" >"$logs/$name.end"
    echo $rc >"$logs/$name.rc"
  ) &
}
# Waits for a step, prints its output and time, and stops the suite if it failed.
finish() {
  local name="$1" rc
  while [ ! -f "$logs/$name.rc" ]; do sleep 1; done
  rc="$(cat "$logs/$name.rc")"
  # the step's own time (from its start to its end), not the time until the suite came to wait for it
  echo "== $name ($(($(cat "$logs/$name.end") - $(cat "$logs/$name.start"))) s, done $((SECONDS - $(cat "$logs/$name.end"))) s before it was waited for)"
  cat "$logs/$name.log"
  if [ "$rc" != 0 ]; then
    echo "== $name failed (exit $rc) after $((SECONDS - started)) s"
    exit "$rc"
  fi
}
# Runs a step in the foreground, its output as it comes.
run() {
  local name="$1" t0=$SECONDS
  shift
  echo "== $name"
  "$@" || {
    echo "== $name failed after $((SECONDS - started)) s"
    exit 1
  }
  echo "== $name: $((SECONDS - t0)) s"
}

# The browser tests' database (GB market data, library runs…) is prepared from the start, beside
# the other steps; the browser tests' server clones it (tests/e2e/support/prepared-database.ts).
begin "prepare the browser tests' database" npx tsx tests/e2e/support/prepare.ts
begin typecheck npx tsc --noEmit
begin lint npm run lint
# Built once: vitest's integration project (tests/support/build-compiled.global.ts) and the browser
# tests' server use this build, and do not rebuild it (VOLTCAST_TEST_BUILT below): they run side by side.
begin build npm run build
# Before vitest (tests/integration/forecastMachineBody.test.ts writes the same generated client):
# its steps are one process at a time (a server, Redocly, tsc), beside the start's steps.
api_check="the API as a product: lint, typed client, a run through it"
begin "$api_check" npx tsx tests/api-client/check.ts
finish build
export VOLTCAST_TEST_BUILT=1
# The browser tests from here, beside the rest (decision 0517): they mostly wait (pages, polls, runs
# on the server's queue), which left a core idle when they ran alone after vitest; their server
# waits for the prepared database (the prepare step holds its lock until it is published). vitest is
# CPU-bound and yields to them (nice): it takes the cycles they leave.
begin "browser tests" npx playwright test
finish typecheck
finish lint
finish "$api_check"
run "unit and integration tests" nice -n 10 npx vitest run
finish "prepare the browser tests' database"
finish "browser tests"
echo "== all passed in $((SECONDS - started)) s"
