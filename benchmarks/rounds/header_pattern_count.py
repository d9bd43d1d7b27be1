"""Person-name spans of the fixed-form patterns against the gold names of a realised precedents file: how many
are exactly a gold name, how many are not (BENCHMARKS.md, "Header names on the line under the party title").

    thunder-deid realize runs/train/prec_train.jsonl /tmp/prec_train.real.jsonl --seed 7 --source train
    python benchmarks/rounds/header_pattern_count.py /tmp/prec_train.real.jsonl
    (cd OTHER_CHECKOUT && PYTHONPATH=$PWD python /path/to/header_pattern_count.py /tmp/prec_train.real.jsonl)

Training split only: the count chooses a pattern, so it must not look at validation or test.
"""

from __future__ import annotations

import sys

from thunder_deid.document import load_jsonl
from thunder_deid.recognizers import find_patterns


def main() -> None:
    exact = other = 0
    for d in load_jsonl(sys.argv[1]):
        gold = {(s.start, s.end) for s in d.spans if s.label == "인명"}
        for s in find_patterns(d.text):
            if s.label == "인명":
                exact, other = (exact + 1, other) if (s.start, s.end) in gold else (exact, other + 1)
    print(f"pattern name spans: {exact} exactly a gold name, {other} not")


if __name__ == "__main__":
    main()
