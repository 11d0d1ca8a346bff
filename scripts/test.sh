#!/usr/bin/env bash
# Sets up, builds and runs every test: native core + CLI + headless UI tests (ctest), the same core tests
# as wasm under node (ctest), and the browser tests in headless Chromium. Exits non-zero if any part fails.
set -uo pipefail
cd "$(dirname "$0")/.."
export NODE_PATH=/usr/share/nodejs  # Emscripten's JS optimizer needs Debian's acorn (toolchain.md)

bash scripts/setup.sh || { echo "setup failed"; exit 1; }

status=0
passed=0
failed=0
declare -a parts

# Runs one part; ctest parts add their counts from ctest's summary line.
part() {
  local name=$1; shift
  echo
  echo "==== $name: $*"
  local log
  log=$(mktemp)
  "$@" 2>&1 | tee "$log"
  local rc=${PIPESTATUS[0]}
  local line
  line=$(grep -E "tests passed, [0-9]+ tests? failed out of [0-9]+" "$log" | tail -n1)
  if [[ -n $line ]]; then
    local total fail
    total=$(sed -E 's/.*out of ([0-9]+).*/\1/' <<<"$line")
    fail=$(sed -E 's/.*passed, ([0-9]+) tests? failed.*/\1/' <<<"$line")
    passed=$((passed + total - fail)); failed=$((failed + fail))
  fi
  line=$(grep -E "^[0-9]+ passed, [0-9]+ failed" "$log" | tail -n1)
  if [[ -n $line ]]; then
    passed=$((passed + $(sed -E 's/^([0-9]+) passed.*/\1/' <<<"$line")))
    failed=$((failed + $(sed -E 's/^[0-9]+ passed, ([0-9]+) failed.*/\1/' <<<"$line")))
  fi
  rm -f "$log"
  if ((rc != 0)); then status=1; parts+=("$name: FAILED (exit $rc)"); else parts+=("$name: ok"); fi
  return 0
}

build_native() { cmake --preset native >/dev/null && cmake --build --preset native; }
build_web() { cmake --preset web >/dev/null && cmake --build --preset web; }

part "native build" build_native
part "native tests" ctest --preset native --timeout 600
part "web build" build_web
part "wasm tests (node)" ctest --preset web --timeout 900
part "browser tests (chromium)" node tests/browser/run.mjs

echo
echo "==== summary"
for p in "${parts[@]}"; do echo "  $p"; done
echo "$passed passed, $failed failed"
if ((failed > 0)); then status=1; fi
exit $status
