"""Which documents two realisations of one split write differently, and the persons' names of the first that the
source text already holds (the realiser's redraw, BENCHMARKS.md "The realiser draws no person's name the text
already holds").

    python benchmarks/diff_realisations.py --source work/splits/precedents/valid.jsonl OLD.jsonl NEW.jsonl

One line per changed document: its id and the names of OLD's person spans found in the source text, counted; the
last line the totals. Names are printed only as a count per document: they may be a real official's.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from thunder_deid.document import load_jsonl
from thunder_deid.taxonomy import load_taxonomy, split_label


def held_names(source_text: str, doc) -> set[str]:
    """Person values of a realised document that occur in its source text."""
    tax = load_taxonomy()
    out = set()
    for s in doc.spans:
        base = split_label(s.label)[0]
        form = doc.text[s.start:s.end]
        if base in tax and tax.is_name(base) and len(form) > 1 and form in source_text:
            out.add(form)
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--source", type=Path, required=True, help="the split the realisations were made from")
    ap.add_argument("old", type=Path)
    ap.add_argument("new", type=Path)
    args = ap.parse_args()
    sources = {d.id: d.text for d in load_jsonl(args.source)}
    old, new = load_jsonl(args.old), {d.id: d for d in load_jsonl(args.new)}
    changed = explained = 0
    for d in old:
        if new[d.id].text == d.text:
            continue
        names = held_names(sources[d.id], d)
        changed += 1
        explained += bool(names)
        print(f"{d.id}: {len(names)} drawn name(s) the source text holds")
    print(f"{changed} of {len(old)} documents changed; {explained} with a drawn name the source text holds")
    return 0


if __name__ == "__main__":
    sys.exit(main())
