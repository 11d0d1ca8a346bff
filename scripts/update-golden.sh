#!/usr/bin/env bash
# Rewrites the expected results of the golden scenarios (tests/golden/*.json → tests/golden/expected/*.result.json)
# from the native CLI, in English. Run it after a change that moves an estimate on purpose, then read the diff
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
