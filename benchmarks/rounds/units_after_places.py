"""주소 spans the text follows with a unit, 시, 군, 도 or 구 (``○○군수``, ``○○도지사``), per file, and how many of them
hold a space or a digit (a whole address realised before the unit: ``… 연화리 69군수``; BENCHMARKS.md "A place's
placeholder before its unit").

    python benchmarks/rounds/units_after_places.py DOCS.jsonl [DOCS.jsonl …]

Counts only, never the text.
"""

from __future__ import annotations

import re
import sys

from thunder_deid.document import load_jsonl


def main(paths: list[str]) -> None:
    print("| file | 주소 spans | before 시, 군, 도 or 구 | of them holding a space or a digit |")
    print("|---|---:|---:|---:|")
    for path in paths:
        total = before = whole = 0
        for d in load_jsonl(path):
            for s in d.spans:
                if s.label != "주소":
                    continue
                total += 1
                if d.text[s.end:s.end + 1] in ("시", "군", "도", "구"):
                    before += 1
                    whole += bool(re.search(r"[\s\d]", d.text[s.start:s.end]))
        print(f"| {path} | {total:,} | {before:,} | {whole:,} |")


if __name__ == "__main__":
    main(sys.argv[1:])
