#!/usr/bin/env bash
# mutate.sh — the mutation check: do the tests notice a wrong number, colour, word or trace?
#
# Applies each mutation of a list (tests/mutations/*.txt) on its own to a copy of the repository, rebuilds what it
# touches, runs the test binary the mutation names and requires it to FAIL. A mutation the tests pass is a hole in
# the suite: SURVIVED. A mutation whose search text is not in its file exactly once (code moved, a refactor
# reworded it) is NOT-APPLIED and fails the run too, so the list is kept in step with the code instead of going
# quietly stale. docs/testing.md explains the lists and how to add a mutation.
#
#   scripts/mutate.sh                  the short list (tests/mutations/short.txt): what scripts/test.sh runs
#   scripts/mutate.sh --list long      the short list and tests/mutations/long.txt: by hand, before a release
#   scripts/mutate.sh --list FILE      the mutations of another list file (same format)
#   scripts/mutate.sh --only ID        one mutation by id (either list)
#   scripts/mutate.sh --check          only that every search text is found exactly once (no build, seconds)
#   scripts/mutate.sh --with-golden    also let the golden snapshots kill (see below)
#   scripts/mutate.sh --filter PATTERN only these tests may kill (a --gtest_filter; "does my new test catch it?")
#   scripts/mutate.sh --workdir DIR    where the copy and its build live (default: $INFERSIZER_MUTATE_DIR, else
#                                      ${TMPDIR:-/tmp}/infersizer-mutate-<uid>)
#   scripts/mutate.sh -j N             build jobs (default 2)
#
# The repository itself is never written: the tracked and untracked-not-ignored files (git ls-files -co
# --exclude-standard) are copied to $WORKDIR/src, built in $WORKDIR/build (Release, no benchmarks) and kept there, so
# a second run rebuilds only what changed since. Dear ImGui comes from deps/imgui (scripts/setup.sh) or
# $INFERSIZER_IMGUI_DIR; it is needed only when a mutation is checked by the UI tests.
#
# Snapshots do not count as a kill by default: GoldenResults.* compares every number with files that
# scripts/update-golden.sh regenerates whenever a number moves on purpose, so it cannot tell a wrong number from an
# intended one (and NativeWasmParity.* only writes those results for the wasm build). A mutation must be caught by a
# test that knows the right value.
#
# Exit status: 0 when every mutation was KILLED; 1 when one SURVIVED, did not apply or did not build; 2 on a usage
# or setup error (including a test binary that fails before any mutation).
set -euo pipefail

REPO=$(cd "$(dirname "$0")/.." && pwd)
LIST=short
ONLY=""
CHECK_ONLY=0
WITH_GOLDEN=0
FILTER=""
JOBS=2
WORKDIR=${INFERSIZER_MUTATE_DIR:-${TMPDIR:-/tmp}/infersizer-mutate-$(id -u)}
TEST_TIMEOUT_S=900
PYTHON=$(command -v python3 || true)

die() { echo "mutate: $*" >&2; exit 2; }
usage() { sed -n '2,/^set -euo/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//'; exit "${1:-0}"; }

while (($#)); do
  case $1 in
    --list) LIST=${2:?--list needs short or long}; shift 2 ;;
    --list=*) LIST=${1#--list=}; shift ;;
    --only) ONLY=${2:?--only needs an id}; shift 2 ;;
    --check) CHECK_ONLY=1; shift ;;
    --with-golden) WITH_GOLDEN=1; shift ;;
    --filter) FILTER=${2:?--filter needs a gtest filter}; shift 2 ;;
    --workdir) WORKDIR=${2:?--workdir needs a folder}; shift 2 ;;
    -j) JOBS=${2:?-j needs a number}; shift 2 ;;
    -j*) JOBS=${1#-j}; shift ;;
    -h|--help) usage 0 ;;
    *) echo "mutate: unknown argument '$1'" >&2; usage 2 ;;
  esac
done

case $LIST in
  short) LIST_FILES=("$REPO/tests/mutations/short.txt") ;;
  long) LIST_FILES=("$REPO/tests/mutations/short.txt" "$REPO/tests/mutations/long.txt") ;;
  *) [[ -f $LIST ]] || die "--list must be short, long or a list file, got '$LIST'"
     LIST_FILES=("$(cd "$(dirname "$LIST")" && pwd)/$(basename "$LIST")") ;;
esac
# --only looks in both lists.
[[ -n $ONLY ]] && LIST=both && LIST_FILES=("$REPO/tests/mutations/short.txt" "$REPO/tests/mutations/long.txt")
[[ -n $PYTHON ]] || die "python3 is needed (to copy the tree and apply mutations)"
command -v git >/dev/null || die "git is needed (to list the repository's files)"

# --- The lists -----------------------------------------------------------------------------------------------
# A mutation is a block of "key: value" lines; a blank line or the next "id:" ends it; '#' lines are comments.
#   id: NAME        unique, [a-z0-9-]
#   file: PATH      relative to the repository root
#   search: TEXT    literal text, must occur exactly once in the file ("search+: TEXT" adds a line to it)
#   replace: TEXT   what it becomes ("replace+: TEXT" adds a line; an empty replace deletes the search text)
#   test: core|cli|ui   the test binary that must fail
#   why: TEXT       one line: the real error this stands for
# Values are taken verbatim after "key: " (leading spaces kept, so indented JSON lines can be matched).
M_ID=(); M_FILE=(); M_SEARCH=(); M_REPLACE=(); M_TEST=(); M_WHY=(); M_ORIGIN=()
parse_list() {
  local file=$1 n=0 line key val cur=-1 have_replace=0
  local -A seen_keys=()
  finish() {
    ((cur < 0)) && return 0
    local what
    for what in id file search test why; do
      [[ -n ${seen_keys[$what]:-} ]] || die "${M_ORIGIN[$cur]}: mutation '${M_ID[$cur]:-?}' has no '$what:'"
    done
    ((have_replace)) || die "${M_ORIGIN[$cur]}: mutation '${M_ID[$cur]}' has no 'replace:'"
    case ${M_TEST[$cur]} in core|cli|ui) ;; *) die "${M_ORIGIN[$cur]}: test must be core, cli or ui, got '${M_TEST[$cur]}'" ;; esac
    [[ ${M_ID[$cur]} =~ ^[a-z0-9][a-z0-9-]*$ ]] || die "${M_ORIGIN[$cur]}: id '${M_ID[$cur]}' must be [a-z0-9-]"
    cur=-1; have_replace=0; seen_keys=()
  }
  [[ -f $file ]] || die "no mutation list $file"
  while IFS= read -r line || [[ -n $line ]]; do
    n=$((n + 1))
    [[ $line =~ ^[[:space:]]*# ]] && continue
    if [[ -z ${line//[[:space:]]/} ]]; then finish; continue; fi
    [[ $line =~ ^([a-z+]+):(.*)$ ]] || die "$file:$n: expected 'key: value', got: $line"
    key=${BASH_REMATCH[1]}
    val=${BASH_REMATCH[2]}
    val=${val# }
    if [[ $key == id ]]; then
      finish
      cur=${#M_ID[@]}
      M_ID[cur]=$val; M_FILE[cur]=""; M_SEARCH[cur]=""; M_REPLACE[cur]=""; M_TEST[cur]=""; M_WHY[cur]=""
      M_ORIGIN[cur]="$file:$n"
      seen_keys[id]=1
      continue
    fi
    ((cur >= 0)) || die "$file:$n: '$key:' before any 'id:'"
    case $key in
      file) M_FILE[cur]=$val ;;
      search) M_SEARCH[cur]=$val ;;
      search+) [[ -n ${seen_keys[search]:-} ]] || die "$file:$n: search+ before search"; M_SEARCH[cur]+=$'\n'$val ;;
      replace) M_REPLACE[cur]=$val; have_replace=1 ;;
      replace+) ((have_replace)) || die "$file:$n: replace+ before replace"; M_REPLACE[cur]+=$'\n'$val ;;
      test) M_TEST[cur]=$val ;;
      why) M_WHY[cur]=$val ;;
      *) die "$file:$n: unknown key '$key'" ;;
    esac
    [[ $key == *+ ]] || seen_keys[$key]=1
  done <"$file"
  finish
}
for f in "${LIST_FILES[@]}"; do parse_list "$f"; done
((${#M_ID[@]})) || die "no mutations in ${LIST_FILES[*]}"
declare -A ids=()
for i in "${!M_ID[@]}"; do
  [[ -z ${ids[${M_ID[$i]}]:-} ]] || die "${M_ORIGIN[$i]}: id '${M_ID[$i]}' is used twice"
  ids[${M_ID[$i]}]=1
done
SELECTED=("${!M_ID[@]}")
if [[ -n $ONLY ]]; then
  SELECTED=()
  for i in "${!M_ID[@]}"; do [[ ${M_ID[$i]} == "$ONLY" ]] && SELECTED+=("$i"); done
  ((${#SELECTED[@]})) || die "no mutation '$ONLY' in ${LIST_FILES[*]}"
fi

# --- Applying one mutation (also used by --check) ----------------------------------------------------------
# apply ROOT INDEX [--dry]: replaces the search text in ROOT/file; exits 3 (and says why) unless it occurs once.
apply_mutation() {
  local root=$1 i=$2 dry=${3:-}
  M_PATH="$root/${M_FILE[$i]}" M_SEARCH_TEXT="${M_SEARCH[$i]}" M_REPLACE_TEXT="${M_REPLACE[$i]}" M_DRY="$dry" \
    "$PYTHON" - <<'PY'
import os, sys
path, search, replace = os.environ["M_PATH"], os.environ["M_SEARCH_TEXT"], os.environ["M_REPLACE_TEXT"]
try:
    with open(path, encoding="utf-8", newline="") as f:
        text = f.read()
except OSError as e:
    print(f"cannot read {path}: {e.strerror}", file=sys.stderr)
    sys.exit(3)
n = text.count(search)
if n != 1:
    print(f"search text found {n} times in {path} (needs exactly 1)", file=sys.stderr)
    sys.exit(3)
if search == replace:
    print("search and replace are the same text", file=sys.stderr)
    sys.exit(3)
if not os.environ.get("M_DRY"):
    with open(path, "w", encoding="utf-8", newline="") as f:
        f.write(text.replace(search, replace, 1))
PY
}

if ((CHECK_ONLY)); then
  bad=0
  for i in "${SELECTED[@]}"; do
    if msg=$(apply_mutation "$REPO" "$i" --dry 2>&1); then
      printf '  %-34s ok\n' "${M_ID[$i]}"
    else
      printf '  %-34s NOT-APPLIED: %s\n' "${M_ID[$i]}" "$msg"; bad=1
    fi
  done
  exit $bad
fi

# --- The copy and its build -----------------------------------------------------------------------------------
mkdir -p "$WORKDIR"
WORKDIR=$(cd "$WORKDIR" && pwd)
[[ $WORKDIR != "$REPO" && $WORKDIR != "$REPO"/* ]] || die "--workdir must be outside the repository ($WORKDIR)"
exec 9>"$WORKDIR/.lock"
flock -n 9 || die "another mutate.sh run holds $WORKDIR (or pass --workdir)"
SRC=$WORKDIR/src
BUILD=$WORKDIR/build
LOGS=$WORKDIR/logs
rm -rf "$LOGS" && mkdir -p "$LOGS" "$SRC"

need_ui=0
for i in "${SELECTED[@]}"; do [[ ${M_TEST[$i]} == ui ]] && need_ui=1; done

echo "mutate: copying $REPO to $SRC"
(cd "$REPO" && git ls-files -co --exclude-standard -z) | M_REPO="$REPO" M_SRC="$SRC" "$PYTHON" -c '
import os, shutil, sys, filecmp
repo, src = os.environ["M_REPO"], os.environ["M_SRC"]
names = [n for n in sys.stdin.buffer.read().decode("utf-8", "surrogateescape").split("\0") if n]
keep = set()
copied = 0
for n in names:
    a = os.path.join(repo, n)
    if not os.path.isfile(a):  # tracked but deleted in the working tree
        continue
    keep.add(n)
    b = os.path.join(src, n)
    if os.path.isfile(b) and not os.path.islink(b) and filecmp.cmp(a, b, shallow=False):
        continue  # unchanged: its mtime stays, so ninja does not rebuild it
    os.makedirs(os.path.dirname(b), exist_ok=True)
    if os.path.lexists(b):
        os.remove(b)
    shutil.copyfile(a, b)
    shutil.copymode(a, b)
    copied += 1
removed = 0
for root, dirs, files in os.walk(src):
    rel_root = os.path.relpath(root, src)
    if rel_root == ".":
        dirs[:] = [d for d in dirs if d not in ("build", "deps", ".git")]  # outputs the tests write, and ImGui
    for f in files:
        rel = os.path.normpath(os.path.join(rel_root, f))
        if rel not in keep:
            os.remove(os.path.join(root, f))
            removed += 1
print(f"mutate: {len(keep)} files, {copied} copied, {removed} removed")
'

IMGUI_DIR=${INFERSIZER_IMGUI_DIR:-$REPO/deps/imgui}
ui_flag=OFF
if ((need_ui)); then
  [[ -f $IMGUI_DIR/imgui.cpp ]] || die "a mutation is checked by the UI tests but Dear ImGui is not in $IMGUI_DIR: run scripts/setup.sh or set INFERSIZER_IMGUI_DIR"
  ui_flag=ON
elif [[ -f $IMGUI_DIR/imgui.cpp ]]; then
  ui_flag=ON  # keep an existing UI build configured the same way
fi

# Warnings stay warnings here (INFERSIZER_WERROR=OFF): a mutation that warns still tests the tests; the strict
# build is scripts/test.sh's native build.
echo "mutate: configuring $BUILD (Release, UI tests $ui_flag)"
if ! cmake -S "$SRC" -B "$BUILD" -G Ninja -DCMAKE_BUILD_TYPE=Release -DINFERSIZER_BUILD_BENCH=OFF \
    -DINFERSIZER_BUILD_UI_TESTS=$ui_flag -DINFERSIZER_IMGUI_DIR="$IMGUI_DIR" \
    -DINFERSIZER_WERROR=OFF >"$LOGS/configure.log" 2>&1; then
  tail -n 30 "$LOGS/configure.log" >&2
  die "configure failed (log: $LOGS/configure.log)"
fi

targets_of() {
  case $1 in
    core) echo infersizer_core_tests ;;
    cli) echo "infersizer infersizer_cli_tests" ;;
    ui) echo infersizer_ui_tests ;;
  esac
}
binary_of() {
  case $1 in
    core) echo "$BUILD/tests/infersizer_core_tests" ;;
    cli) echo "$BUILD/tests/infersizer_cli_tests" ;;
    ui) echo "$BUILD/tests/ui/infersizer_ui_tests" ;;
  esac
}
filter_of() {
  if [[ -n $FILTER ]]; then echo "--gtest_filter=$FILTER"
  elif [[ $1 == core && $WITH_GOLDEN == 0 ]]; then echo "--gtest_filter=-GoldenResults.*:NativeWasmParity.*"; fi
}

build() {  # build LOG TARGETS...
  local log=$1; shift
  nice ninja -C "$BUILD" -j "$JOBS" "$@" >"$log" 2>&1
}
run_tests() {  # run_tests KIND LOG [--gtest_fail_fast]
  local kind=$1 log=$2; shift 2
  local filter
  filter=$(filter_of "$kind")
  # The braces keep bash's own "Aborted" line (a binary killed by a signal) out of the output: it is in the log.
  { (cd "$BUILD" && timeout "$TEST_TIMEOUT_S" "$(binary_of "$kind")" --gtest_brief=1 ${filter:+"$filter"} "$@") >"$log" 2>&1; } 2>/dev/null
}

# Baseline: every binary the mutations use builds and passes unmutated (else every mutation would "die").
declare -A kinds=()
for i in "${SELECTED[@]}"; do kinds[${M_TEST[$i]}]=1; done
all_targets=()
for k in "${!kinds[@]}"; do read -ra t <<<"$(targets_of "$k")"; all_targets+=("${t[@]}"); done
t0=$SECONDS
echo "mutate: building ${all_targets[*]} (-j $JOBS)"
build "$LOGS/build-baseline.log" "${all_targets[@]}" || { tail -n 40 "$LOGS/build-baseline.log" >&2; die "the unmutated tree does not build"; }
for k in core cli ui; do
  [[ -n ${kinds[$k]:-} ]] || continue
  s=$SECONDS
  run_tests "$k" "$LOGS/baseline-$k.log" || { tail -n 40 "$LOGS/baseline-$k.log" >&2; die "the $k tests fail on the unmutated tree (log: $LOGS/baseline-$k.log)"; }
  echo "mutate: baseline $k tests pass ($((SECONDS - s)) s)"
done
echo "mutate: baseline ready in $((SECONDS - t0)) s"

# --- The mutations ----------------------------------------------------------------------------------------------
R_RESULT=(); R_SECONDS=()
restore_path=""
restore_copy=""
restore() {
  if [[ -n $restore_path ]]; then cp "$restore_copy" "$restore_path"; restore_path=""; fi
}
trap restore EXIT
trap 'restore; exit 130' INT TERM

for i in "${SELECTED[@]}"; do
  id=${M_ID[$i]}
  kind=${M_TEST[$i]}
  s=$SECONDS
  printf 'mutate: %-34s ' "$id"
  target="$SRC/${M_FILE[$i]}"
  restore_copy="$WORKDIR/.original"
  if [[ ! -f $target ]]; then
    R_RESULT[i]="NOT-APPLIED"; R_SECONDS[i]=0; echo "NOT-APPLIED (no file ${M_FILE[$i]})"; continue
  fi
  cp "$target" "$restore_copy"
  if ! msg=$(apply_mutation "$SRC" "$i" 2>&1); then
    R_RESULT[i]="NOT-APPLIED"; R_SECONDS[i]=0; echo "NOT-APPLIED ($msg)"; continue
  fi
  restore_path=$target
  read -ra t <<<"$(targets_of "$kind")"
  if ! build "$LOGS/$id.build.log" "${t[@]}"; then
    R_RESULT[i]="NO-BUILD"
    echo "NO-BUILD (log: $LOGS/$id.build.log)"
  else
    rc=0
    run_tests "$kind" "$LOGS/$id.test.log" --gtest_fail_fast || rc=$?
    if ((rc == 0)); then
      R_RESULT[i]="SURVIVED"
      echo "SURVIVED ($((SECONDS - s)) s)"
    else
      R_RESULT[i]="KILLED"
      # What failed first, for the log: a test's name, else how the binary ended.
      first=$(grep -m1 -E '^\[  FAILED  \] [A-Za-z_0-9]+\.' "$LOGS/$id.test.log" | sed -E 's/^\[  FAILED  \] ([^ ,]+).*/\1/' || true)
      if [[ -z $first ]]; then
        if ((rc == 124)); then first="a timeout (${TEST_TIMEOUT_S} s)"
        elif ((rc > 128)); then first="a crash (signal $((rc - 128)): $(tail -n 1 "$LOGS/$id.test.log" | cut -c1-80))"
        else first="exit $rc"; fi
      fi
      echo "KILLED by $first ($((SECONDS - s)) s)"
    fi
  fi
  R_SECONDS[i]=$((SECONDS - s))
  restore
done

# --- Summary ----------------------------------------------------------------------------------------------------
echo
note=""
[[ -n $ONLY ]] && note+=", only $ONLY"
((WITH_GOLDEN)) && note+=", golden snapshots count"
[[ -n $FILTER ]] && note+=", only tests $FILTER"
echo "==== mutation check ($LIST list$note)"
printf '  %-34s %-5s %-12s %5s  %s\n' "mutation" "test" "result" "s" "why"
status=0
killed=0
for i in "${SELECTED[@]}"; do
  printf '  %-34s %-5s %-12s %5s  %s\n' "${M_ID[$i]}" "${M_TEST[$i]}" "${R_RESULT[$i]}" "${R_SECONDS[$i]}" "${M_WHY[$i]}"
  if [[ ${R_RESULT[$i]} == KILLED ]]; then killed=$((killed + 1)); else status=1; fi
done
echo "$killed of ${#SELECTED[@]} mutations killed in $((SECONDS)) s (logs: $LOGS)"
if ((status)); then
  echo "mutate: FAILED — a SURVIVED mutation needs a test that knows the right value; NOT-APPLIED means the code moved:"
  echo "        update its search text in tests/mutations/ (docs/testing.md)"
fi
exit $status
