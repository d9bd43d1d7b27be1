"""What a frame recognizer (``legal_forms``, ``repeated_forms``, ``repeated_names``) takes for a name in text it was not written from.

    python benchmarks/bench_legal_forms.py [--recognizer repeated_names] [--corpus ../shared/data/ko_legal_corpus/ko_legal_corpus.txt.gz] [--show 100]
    python benchmarks/bench_legal_forms.py --recognizer repeated_names --documents work/splits/precedents/train.jsonl
    python benchmarks/bench_legal_forms.py --recognizer repeated_forms --documents work/splits/precedents/train.jsonl

Runs the recognizer over every line of the Korean legal corpus (law texts and judgments as law.go.kr publishes
them: parties' and big companies' names where the court kept them, numbers and letters where it did not) with no
tagger spans, and prints each distinct name with its count and one context, so a reader can mark the ones that
name no business (``legal_forms``) or no person (``repeated_names``). The corpus is read at run time, never copied.
``--documents`` reads a JSONL of documents instead (one document each, as a judgment is read) and counts only the
matches outside its gold spans: on the precedents' court text, names the court left.
"""

from __future__ import annotations

import argparse
import gzip
import sys
from collections import Counter
from pathlib import Path
from typing import Iterator

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from thunder_deid.document import Document, load_jsonl  # noqa: E402
from thunder_deid.recognizers import recognizers  # noqa: E402


def _texts(args: argparse.Namespace) -> Iterator[tuple[str, list[tuple[int, int]]]]:
    """Each text to read and its gold spans: the documents' (``--documents``), else the corpus's lines (none)."""
    if args.documents:
        for d in load_jsonl(args.documents):
            yield d.text, [(s.start, s.end) for s in d.spans]
        return
    with gzip.open(args.corpus, "rt", encoding="utf-8") as f:
        for line in f:
            yield line, []


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--corpus", type=Path, default=REPO.parent / "shared/data/ko_legal_corpus/ko_legal_corpus.txt.gz")
    ap.add_argument("--show", type=int, default=100, help="how many distinct names to print")
    ap.add_argument("--recognizer", default="legal_forms", choices=("legal_forms", "repeated_forms", "repeated_names"))
    ap.add_argument("--documents", type=Path, help="a JSONL of documents, read whole, instead of the corpus's lines")
    args = ap.parse_args()
    source = args.documents or args.corpus
    if not source.exists():
        print(f"{source}: no such file", file=sys.stderr)
        return 2
    (frame,) = recognizers([args.recognizer])
    names: Counter = Counter()
    context: dict[tuple[str, str], str] = {}
    for text, gold in _texts(args):
        for s in frame.find(Document("text", text)):
            if any(a < s.end and s.start < b for a, b in gold):
                continue
            key = (text[s.start:s.end], s.label)
            names[key] += 1
            context.setdefault(key, text[max(0, s.start - 12):s.end + 10].replace("\n", " ").strip())
    print(f"{source.name}: {sum(names.values())} matches, {len(names)} distinct names")
    for (name, label), n in names.most_common(args.show):
        print(f"{n:5d}  {name}  {label}  | {context[name, label]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
