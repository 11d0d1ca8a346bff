#!/usr/bin/env bash
# Sets up, builds and runs every test: native core + CLI + headless UI tests (ctest, built with warnings as
# errors), the core and CLI tests again under AddressSanitizer + UndefinedBehaviorSanitizer, the same core
# tests as wasm under node (ctest), the browser tests in headless Chromium, and the mutation check's short
# list (docs/testing.md). Exits non-zero if any part fails.
set -uo pipefail
cd "$(dirname "$0")/.."
export NODE_PATH=/usr/share/nodejs  # Emscripten's JS optimizer needs Debian's acorn (docs/toolchain.md)

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
build_sanitized() { cmake --preset native-debug >/dev/null && cmake --build --preset native-debug; }

part "native build" build_native
part "native tests" ctest --preset native --timeout 600 -j "$(nproc)"
part "sanitizer build (ASan+UBSan)" build_sanitized
part "sanitizer tests (core + CLI)" ctest --preset native-debug --timeout 900 -j "$(nproc)"
part "mutation check (short list)" bash scripts/mutate.sh --list short -j "$(nproc)"
# The long list runs by hand (minutes per mutation); its search texts are checked here, so code that moves under
# one fails the test command instead of leaving the mutation NOT-APPLIED until someone runs it.
part "mutation search texts (long list)" bash scripts/mutate.sh --check --list long
part "web build" build_web
part "wasm tests (node)" ctest --preset web --timeout 900
part "browser tests (chromium)" node tests/browser/run.mjs

echo
echo "==== summary"
for p in "${parts[@]}"; do echo "  $p"; done
echo "$passed passed, $failed failed"
if ((failed > 0)); then status=1; fi
exit $status
