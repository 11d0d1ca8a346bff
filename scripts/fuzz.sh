#!/usr/bin/env bash
# scripts/fuzz.sh SECONDS [name...] — runs each libFuzzer target of tests/fuzz for SECONDS (all targets when no
# name is given: catalog, scenario, url, hf_config, and any *_fuzz.cpp added since), under ASan + UBSan with
# float-cast-overflow (the `fuzz` preset, clang), and prints each one's executions and coverage.
#
# Seeds come from tests/fuzz/corpus/<name>/; what the fuzzer adds to its corpus stays in build/fuzz/corpus/<name>/
# (it grows with every run, and is not committed); a crash, leak, oom or timeout is written into
# tests/fuzz/corpus/<name>/ as crash-*/leak-*/oom-*/timeout-*: fix it, and commit the file, so that the normal
# test command (ctest: fuzz_replay_<name>) replays it for good. Exit status: 1 when any target found something.
set -uo pipefail
cd "$(dirname "$0")/.."

seconds="${1:-}"
if [[ ! "$seconds" =~ ^[0-9]+$ ]]; then
  echo "usage: scripts/fuzz.sh SECONDS [name...]   (names: $(ls tests/fuzz/*_fuzz.cpp | xargs -n1 basename | sed 's/_fuzz.cpp//' | tr '\n' ' '))" >&2
  exit 2
fi
shift
names=("$@")
if [ ${#names[@]} -eq 0 ]; then
  for f in tests/fuzz/*_fuzz.cpp; do names+=("$(basename "$f" _fuzz.cpp)"); done
fi

cmake --preset fuzz >/dev/null && cmake --build --preset fuzz || { echo "fuzz.sh: the fuzz build failed" >&2; exit 2; }

found=0
printf '%-12s %12s %10s %10s %8s  %s\n' target executions exec/s coverage features result
for name in "${names[@]}"; do
  bin="build/fuzz/tests/fuzz/${name}_fuzz"
  seeds="tests/fuzz/corpus/${name}"
  work="build/fuzz/corpus/${name}"
  log="build/fuzz/${name}.log"
  [ -x "$bin" ] || { echo "fuzz.sh: no target '$name' ($bin)" >&2; exit 2; }
  mkdir -p "$work" "$seeds"
  # -rss_limit_mb: a scenario or catalog that costs gigabytes is a bug (an oom-* file), not a slow input.
  ASAN_OPTIONS=detect_leaks=1:allocator_may_return_null=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
    "$bin" "$work" "$seeds" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
      -print_final_stats=1 -artifact_prefix="$seeds/" >"$log" 2>&1
  status=$?
  execs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | tail -1 | awk '{print $2}')
  rate=$(grep -o 'stat::average_exec_per_sec: *[0-9]*' "$log" | tail -1 | awk '{print $2}')
  cov=$(grep -o 'cov: [0-9]*' "$log" | tail -1 | awk '{print $2}')
  ft=$(grep -o 'ft: [0-9]*' "$log" | tail -1 | awk '{print $2}')
  result=ok
  if [ $status -ne 0 ]; then
    result="FOUND (see $log; artifact in $seeds/)"
    found=1
  fi
  printf '%-12s %12s %10s %10s %8s  %s\n' "$name" "${execs:-?}" "${rate:-?}" "${cov:-?}" "${ft:-?}" "$result"
done
exit $found
