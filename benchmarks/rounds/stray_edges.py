"""How many stored predicted spans have an edge the decoder now trims (2026-12-05): a control, format,
private-use or unassigned character or an emoji at either end, or a combining mark right after. None means
the change cannot move a figure scored on those predictions.

    python benchmarks/rounds/stray_edges.py runs/s39/F4.*.jsonl runs/s40/F4.*.jsonl
"""

from __future__ import annotations

import json
import sys
import unicodedata


def stray(c: str) -> bool:
    cat = unicodedata.category(c)
    return cat in ("Cc", "Cf", "Co", "Cn") or (cat == "So" and c >= "\U0001F000")


def main(paths: list[str]) -> None:
    spans = hits = 0
    for path in paths:
        with open(path, encoding="utf-8") as f:
            for line in f:
                doc = json.loads(line)
                text = doc["text"]
                for s in doc["spans"]:
                    spans += 1
                    seg, after = text[s["start"]:s["end"]], text[s["end"]:s["end"] + 1]
                    if seg and (stray(seg[0]) or stray(seg[-1]) or unicodedata.category(after or "a").startswith("M")):
                        hits += 1
    print(f"{len(paths)} files, {spans} predicted spans, {hits} with an edge the decoder now trims or widens")


if __name__ == "__main__":
    main(sys.argv[1:])
