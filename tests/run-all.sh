#!/usr/bin/env bash
# The whole test suite: types, unit, integration (real PostgreSQL), browser (Chromium, JS on and off).
set -euo pipefail
cd "$(dirname "$0")/.."
echo "== typecheck"; npx tsc --noEmit
echo "== unit and integration tests"; npx vitest run
echo "== build"; npx remix build
echo "== browser tests"; npx playwright test
