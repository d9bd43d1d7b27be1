"""What a frame recognizer (``legal_forms``, ``repeated_names``) takes for a name in text it was not written from.

    python benchmarks/bench_legal_forms.py [--recognizer repeated_names] [--corpus ../shared/data/ko_legal_corpus/ko_legal_corpus.txt.gz] [--show 100]

Runs the recognizer over every line of the Korean legal corpus (law texts and judgments as law.go.kr publishes
them: parties' and big companies' names where the court kept them, numbers and letters where it did not) with no
tagger spans, and prints each distinct name with its count and one context, so a reader can mark the ones that
name no business (``legal_forms``) or no person (``repeated_names``). The corpus is read at run time, never copied.
"""

from __future__ import annotations

import argparse
import gzip
import sys
from collections import Counter
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from thunder_deid.document import Document  # noqa: E402
from thunder_deid.recognizers import recognizers  # noqa: E402


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--corpus", type=Path, default=REPO.parent / "shared/data/ko_legal_corpus/ko_legal_corpus.txt.gz")
    ap.add_argument("--show", type=int, default=100, help="how many distinct names to print")
    ap.add_argument("--recognizer", default="legal_forms", choices=("legal_forms", "repeated_names"))
    args = ap.parse_args()
    if not args.corpus.exists():
        print(f"{args.corpus}: no such file (the shared legal corpus)", file=sys.stderr)
        return 2
    (frame,) = recognizers([args.recognizer])
    names: Counter = Counter()
    context: dict[tuple[str, str], str] = {}
    lines = 0
    with gzip.open(args.corpus, "rt", encoding="utf-8") as f:
        for line in f:
            lines += 1
            for s in frame.find(Document("line", line)):
                key = (line[s.start:s.end], s.label)
                names[key] += 1
                context.setdefault(key, line[max(0, s.start - 12):s.end + 10].strip())
    print(f"{args.corpus.name}: {lines:,} lines, {sum(names.values())} matches, {len(names)} distinct names")
    for (name, label), n in names.most_common(args.show):
        print(f"{n:5d}  {name}  {label}  | {context[name, label]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
