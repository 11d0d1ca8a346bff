#!/usr/bin/env bash
# The repository explains itself: no tracked file points outside it (at ../shared or the design notes it once
# came with), and every docs/ page of ours cited in code, data, scripts and tests exists (paths inside other
# repositories, cited with their repository or URL, are not ours and are skipped). Run by ctest
# (self_contained); exits non-zero with the offending lines.
set -uo pipefail
cd "$(dirname "$0")/.."
status=0
files=$(git ls-files -co --exclude-standard -- src web tests scripts data bench docs README.md CMakeLists.txt shell.html \
        | grep -v -e '^scripts/check_self_contained.sh$' -e '^tests/data/' -e '^tests/mutations/')

outside=$(grep -nE '\.\./shared|(^|[^a-z/])shared/(design|reference|spec|calibration)|(^|[^/a-z])(design|spec)/(estimation|contract|toolchain|serving|page|style)\.md|brief\.md' $files 2>/dev/null)
if [[ -n $outside ]]; then
  echo "references outside the repository:"
  echo "$outside"
  status=1
fi

missing=0
while IFS= read -r path; do
  [[ -e $path ]] || { echo "cited but missing: $path"; missing=1; }
done < <(grep -hE '(^|[^A-Za-z0-9_/.-])docs/(references/)?[a-z0-9-]+\.md' $(grep -v '^docs/references/' <<<"$files") \
           | grep -viE 'github|https?://' | grep -oE '(^|[^A-Za-z0-9_/.-])docs/(references/)?[a-z0-9-]+\.md' \
           | sed -E 's|^[^d]*||' | sort -u)
((missing)) && status=1

((status == 0)) && echo "self-contained: no references outside the repository; every cited docs/ file exists"
exit $status
