#!/usr/bin/env bash
# Rewrites the expected results of the golden scenarios (tests/golden/*.json → tests/golden/expected/*.result.json)
# from the native CLI, in English, and the markdown reports of REPORT_SCENARIOS in both languages
# (tests/golden/expected/<name>.report.<zh|en>.md; tests/core/test_report.cpp and the browser's test_export.mjs
# compare them). Run it after a change that moves an estimate on purpose, then read the diff
# (`git diff tests/golden/expected`): every changed number or sentence there is what the change does to users.
set -euo pipefail
cd "$(dirname "$0")/.."
cmake --build --preset native --target infersizer >/dev/null
mkdir -p tests/golden/expected
for scenario in tests/golden/*.json; do
  name=$(basename "$scenario" .json)
  build/native/infersizer estimate --scenario "$scenario" --json --lang en |
    python3 -c 'import json, sys; r = json.load(sys.stdin); r.pop("version", None); print(json.dumps(r, indent=1, ensure_ascii=False, sort_keys=True))' \
    > "tests/golden/expected/$name.result.json"
  echo "wrote tests/golden/expected/$name.result.json"
done
# Keep in step with kReportScenarios in tests/core/test_report.cpp.
REPORT_SCENARIOS="personal_8b_4090 chat_70b_h100_200_users"
for name in $REPORT_SCENARIOS; do
  for lang in zh en; do
    build/native/infersizer estimate --scenario "tests/golden/$name.json" --format markdown --lang "$lang" \
      > "tests/golden/expected/$name.report.$lang.md"
    echo "wrote tests/golden/expected/$name.report.$lang.md"
  done
done
