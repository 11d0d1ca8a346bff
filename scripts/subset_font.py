#!/usr/bin/python3
"""Cut the page's CJK font down to the characters the page can show.

Run by CMake at build time (web/app/CMakeLists.txt) with Debian's /usr/bin/python3, which has fontTools
(python3-fonttools). The character set is:
  * ASCII printable (U+0020..U+007E), so typed input always renders;
  * every non-ASCII character in the UI sources (web/app: the i18n table and any literal) and in the core's
    sources (src/core: the verdict, decision and warning sentences it generates in Chinese);
  * every character of every string (keys and values) in the catalog (data/*.json): model and hardware
    names, families, format descriptions.
Over-inclusion (a CJK character in a comment) costs a few hundred bytes; a missing glyph shows as '?', so
the set errs on the side of more. The same text is written to --out-text: app_load_fonts builds the
glyph ranges from it (ImGui 1.86 needs explicit ranges) and tests/ui checks coverage against the atlas.

A second, larger cut (--common-out-font/--common-out-text) holds the characters users type or paste that
the page itself never shows: every character of GB2312 (GB/T 2312-1980, enumerated with Python's gb2312
codec: 6,763 hanzi plus its punctuation, fullwidth forms, kana, Greek and Cyrillic), the CJK Symbols and
Punctuation block (U+3000..U+303F) and the fullwidth ASCII forms (U+FF01..U+FF5E). The page starts with the
small cut and loads this one only when a typed name has a character the small cut lacks (web/app/fonts.cpp).

Usage: subset_font.py --font F.ttc [--font-number 0] --out-font OUT.ttf --out-text OUT.txt
                      --sources DIR... --data DIR [--common-out-font C.ttf --common-out-text C.txt]
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile

SOURCE_SUFFIXES = (".cpp", ".hpp", ".h")
ASCII_PRINTABLE = "".join(chr(c) for c in range(0x20, 0x7F))


def source_chars(dirs):
    chars = set()
    for top in dirs:
        for root, _, files in os.walk(top):
            for name in sorted(files):
                if name.endswith(SOURCE_SUFFIXES):
                    with open(os.path.join(root, name), encoding="utf-8") as f:
                        chars.update(c for c in f.read() if ord(c) >= 0x80)
    return chars


def json_strings(node, out):
    if isinstance(node, str):
        out.update(node)
    elif isinstance(node, dict):
        for k, v in node.items():
            out.update(k)
            json_strings(v, out)
    elif isinstance(node, list):
        for v in node:
            json_strings(v, out)


def data_chars(data_dir):
    chars = set()
    if not os.path.isdir(data_dir):
        return chars
    for name in sorted(os.listdir(data_dir)):
        if name.endswith(".json"):
            with open(os.path.join(data_dir, name), encoding="utf-8") as f:
                json_strings(json.load(f), chars)
    return chars


def common_chars():
    """GB2312's every double-byte character, CJK punctuation and fullwidth ASCII (see the module doc)."""
    chars = set()
    for hi in range(0xA1, 0xF8):
        for lo in range(0xA1, 0xFF):
            try:
                chars.add(bytes([hi, lo]).decode("gb2312"))
            except UnicodeDecodeError:
                pass  # an unassigned position of the GB2312 grid
    chars.update(chr(c) for c in range(0x3000, 0x3040))
    chars.update(chr(c) for c in range(0xFF01, 0xFF5F))
    return chars


def cut(font, font_number, text, out_font):
    with tempfile.NamedTemporaryFile("w", encoding="utf-8", suffix=".txt", delete=False) as tmp:
        tmp.write(text)
        tmp_path = tmp.name
    try:
        subprocess.run(
            [sys.executable, "-m", "fontTools.subset", font, "--font-number=" + font_number,
             "--text-file=" + tmp_path, "--output-file=" + out_font,
             # ImGui reads only glyf/loca/cmap/hmtx metrics: drop hinting and layout tables.
             "--no-hinting", "--layout-features=", "--drop-tables+=GSUB,GPOS,GDEF,DSIG"],
            check=True)
    finally:
        os.unlink(tmp_path)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--font", required=True)
    ap.add_argument("--font-number", default="0")
    ap.add_argument("--out-font", required=True)
    ap.add_argument("--out-text", required=True)
    ap.add_argument("--sources", nargs="*", default=[])
    ap.add_argument("--data", default="")
    ap.add_argument("--common-out-font", default="")
    ap.add_argument("--common-out-text", default="")
    args = ap.parse_args()

    chars = set(ASCII_PRINTABLE) | source_chars(args.sources) | data_chars(args.data)
    # Control and format characters have no glyph and only confuse the range builder.
    chars = {c for c in chars if ord(c) >= 0x20 and not (0x7F <= ord(c) < 0xA0) and c not in "\ufeff\u200b"}
    text = "".join(sorted(chars))
    with open(args.out_text, "w", encoding="utf-8") as f:
        f.write(text)

    cut(args.font, args.font_number, text, args.out_font)

    # Report characters the source font lacks: they would render as '?'.
    from fontTools.ttLib import TTFont
    cmap = TTFont(args.out_font).getBestCmap()
    missing = [c for c in text if ord(c) not in cmap and c != " "]
    print("subset_font: %d characters, %d glyphs mapped, %d bytes -> %s" %
          (len(text), len(cmap), os.path.getsize(args.out_font), args.out_font))
    if missing:
        print("subset_font: warning: the font has no glyph for: " +
              " ".join("U+%04X(%s)" % (ord(c), c) for c in missing))

    if args.common_out_font:
        from fontTools.ttLib import TTFont as _TTFont
        source_cmap = _TTFont(args.font, fontNumber=int(args.font_number)).getBestCmap()
        # Only characters the source font has: the text is what the page reports as covered once loaded.
        common = "".join(sorted(c for c in common_chars() if ord(c) in source_cmap))
        with open(args.common_out_text, "w", encoding="utf-8") as f:
            f.write(common)
        cut(args.font, args.font_number, common, args.common_out_font)
        print("subset_font: common cut %d characters, %d bytes -> %s" %
              (len(common), os.path.getsize(args.common_out_font), args.common_out_font))


if __name__ == "__main__":
    main()
