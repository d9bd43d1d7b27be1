"""The model's spans alone with another window length or overlap at inference than the model was trained with
(BENCHMARKS.md "Longer windows and more overlap at inference"): ``max_length`` tokens a window, ``stride`` tokens
shared by neighbouring windows (the shipped model: 512 and 64).

    python benchmarks/rounds/window_predict.py MAX_LENGTH STRIDE DOCS.jsonl OUT.jsonl [--model DIR]
"""

from __future__ import annotations

import argparse

from thunder_deid.document import load_jsonl, write_jsonl
from thunder_deid.model.infer import Tagger


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("max_length", type=int)
    ap.add_argument("stride", type=int)
    ap.add_argument("docs")
    ap.add_argument("out")
    ap.add_argument("--model", default=None)
    a = ap.parse_args()
    tagger = Tagger.load(a.model, patterns=False)
    tagger.max_length, tagger.stride = a.max_length, a.stride
    write_jsonl(a.out, tagger.predict_documents(load_jsonl(a.docs)))


if __name__ == "__main__":
    main()
