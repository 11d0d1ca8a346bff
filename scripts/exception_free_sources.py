#!/usr/bin/env python3
"""The core sources the WebAssembly build compiles with -fignore-exceptions (docs/performance.md).

The wasm build uses WebAssembly's own exceptions (-fwasm-exceptions); a function with something to clean up still
carries a landing pad for each call that may throw (the cleanup that runs destructors while an exception passes) —
about 23 KB gzip of the page over these sources. -fignore-exceptions drops the landing pads, and an exception thrown
below such a source (none is expected: a defect) still travels up through it to the boundary that catches it
(estimate(), which turns it into an error result); only that source's own `catch` blocks would be dropped, silently.

A source qualifies when, followed through its quoted #includes within src/core, no file it reads contains `throw`,
`try {`, `catch (` or includes nlohmann. The nlohmann rule matters most: its inline functions compiled here would
lose their own catch blocks, and link-time optimisation may keep that copy for the parsers too.

Usage: exception_free_sources.py SRC_CORE_DIR            prints the qualifying .cpp files, one per line
       exception_free_sources.py SRC_CORE_DIR --check F…  fails naming any listed file that does not qualify
"""
import pathlib
import re
import sys

INCLUDE = re.compile(r'^\s*#\s*include\s*([<"])([^">]+)[">]', re.M)
THROWS = re.compile(r'\bthrow\b|\btry\s*\{|\bcatch\s*\(')
COMMENT = re.compile(r'//[^\n]*|/\*.*?\*/', re.S)


def reasons(path, core, seen):
    """Why `path` (or a file it includes) needs exceptions; empty when it does not."""
    if path in seen:
        return []
    seen.add(path)
    text = path.read_text(encoding="utf-8")
    code = COMMENT.sub("", text)
    found = []
    m = THROWS.search(code)
    if m:
        found.append(f"{path.name}: `{m.group(0)}`")
    for kind, name in INCLUDE.findall(code):
        if "nlohmann" in name:
            found.append(f"{path.name}: includes <{name}>")
        elif kind == '"' and (core / name).exists():
            found += reasons(core / name, core, seen)
    return found


def main(argv):
    core = pathlib.Path(argv[1])
    if len(argv) > 2 and argv[2] == "--check":
        bad = [(f, reasons(core / f, core, set())) for f in argv[3:]]
        bad = [(f, r) for f, r in bad if r]
        for f, r in bad:
            print(f"{f} cannot be compiled without exceptions: {r[0]}", file=sys.stderr)
        return 1 if bad else 0
    for src in sorted(core.glob("*.cpp")):
        if not reasons(src, core, set()):
            print(src.name)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
