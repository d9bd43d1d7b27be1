"""How exactly ``thunder-deid align`` recovers spans from a masked text: each file's predicted spans are rendered
as ``[label]`` masks (overlapping spans: the first kept), aligned back with the original, and compared span for
span (edges without spaces, as ``align`` writes them).

    python benchmarks/bench_align.py runs/s40/F4.prec150.34299.jsonl runs/s40/F4.fact.34299.jsonl
    python benchmarks/bench_align.py --collapse-spaces runs/s40/F4.prec150.34299.jsonl   # as a system that
                                                                     # collapses runs of spaces and blank lines
    python benchmarks/bench_align.py --repair-particles FILE.jsonl   # the particle after each mask in the form
                                                                     # the label reads with, as redact --mode mask writes
"""

from __future__ import annotations

import re
import sys
import time

from thunder_deid.document import read_jsonl
from thunder_deid.eval.align import Labels, align_text


def masked(doc) -> tuple[str, list[tuple[int, int, str]]]:
    out, kept, k = [], [], 0
    for s in doc.spans:
        if s.start < k:
            continue
        out += [doc.text[k:s.start], f"[{s.label}]"]
        a, b = s.start, s.end
        while a < b and doc.text[a].isspace():
            a += 1
        while a < b and doc.text[b - 1].isspace():
            b -= 1
        if a < b:
            kept.append((a, b, s.label))
        k = s.end
    return "".join(out + [doc.text[k:]]), kept


def collapsed(text: str) -> str:
    """What a system that tidies whitespace returns: runs of spaces one space, CRLF LF, blank lines gone."""
    text = re.sub(r"[ \t]+", " ", text).replace("\r\n", "\n")
    return re.sub(r"\n{2,}", "\n", text)


def repaired(doc) -> str:
    """The masks as ``redact --mode mask`` writes them: the particle after each in the form its label reads with."""
    from thunder_deid.operators import get_operator

    return get_operator("mask").render(doc)


def main(paths: list[str], collapse: bool = False, repair: bool = False) -> None:
    print("| file | documents | characters | spans | recovered exactly | missed | extra | guesses counted | seconds |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    for path in paths:
        docs = list(read_jsonl(path))
        n = chars = spans = same = missed = extra = guessed = 0
        t = time.perf_counter()
        for d in docs:
            red, want = masked(d)
            red = repaired(d.with_spans(s for s in d.spans if any(s.start <= a and b <= s.end for a, b, _ in want))) \
                if repair else red
            red = collapsed(red) if collapse else red
            labels = Labels()
            got = {(s.start, s.end, s.label) for s in align_text(d.id, d.text, red, labels).spans}
            n, chars, spans, guessed = n + 1, chars + len(d.text), spans + len(want), guessed + labels.guessed
            same += len(got & set(want))
            missed += len(set(want) - got)
            extra += len(got - set(want))
        print(f"| {path} | {n} | {chars:,} | {spans:,} | {same:,} | {missed} | {extra} | {guessed} | "
              f"{time.perf_counter() - t:.1f} |")


if __name__ == "__main__":
    args = sys.argv[1:]
    main([a for a in args if not a.startswith("--")], "--collapse-spaces" in args, "--repair-particles" in args)
