"""Speed of the word-segment scorer on 1,000 judgment-length documents, against a naive baseline.

    python benchmarks/bench_eval.py [--docs 1000] [--chars 4500]

Documents are annotated judgments from ``../shared/data/thunder_deid/annotated.jsonl`` concatenated to
about ``--chars`` characters each (the length of a full judgment; synthetic Hangul text when the data
is absent), with seeded perturbed predictions: shifted boundaries, wrong labels, missing and spurious
spans. It prints documents per second for the scorer (with and without per-label counts), for the
whole ``thunder-deid eval --json`` command (JSONL parsing included), and for a per-character Python
baseline that applies the same rules with sets, and checks that the two agree.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import tempfile
import time
from pathlib import Path

from thunder_deid.cli import main as cli_main
from thunder_deid.document import Document, Span, read_jsonl, write_jsonl
from thunder_deid.eval import VARIANTS, score_documents

DATA = Path(__file__).resolve().parents[2] / "shared" / "data" / "thunder_deid" / "annotated.jsonl"


def judgment_length(docs: list[Document], n: int, chars: int, rng: random.Random) -> list[Document]:
    """``n`` documents, each short documents joined by blank lines until it reaches ``chars`` characters."""
    out = []
    for i in range(n):
        text, spans = "", []
        while len(text) < chars:
            d = rng.choice(docs)
            off = len(text)
            spans += [Span(s.start + off, s.end + off, s.label) for s in d.spans]
            text += d.text + "\n\n"
        out.append(Document(f"doc{i:05d}", text, spans))
    return out


def synthetic(n: int, chars: int, rng: random.Random) -> list[Document]:
    labels = ["인명", "전화번호", "계좌번호", "식당", "주소"]
    out = []
    for i in range(n):
        words, spans, pos = [], [], 0
        while pos < chars:
            w = "".join(chr(rng.randint(0xAC00, 0xD7A3)) for _ in range(rng.randint(1, 5)))
            if rng.random() < 0.08:
                spans.append(Span(pos, pos + len(w), rng.choice(labels)))
            words.append(w)
            pos += len(w) + 1
        out.append(Document(f"doc{i:05d}", " ".join(words), spans))
    return out


def perturb(doc: Document, rng: random.Random, labels: list[str]) -> Document:
    n, out = len(doc.text), []
    for s in doc.spans:
        if rng.random() < 0.1:
            continue
        start, end, label = s.start, s.end, s.label
        if rng.random() < 0.3:
            start = min(max(0, start + rng.randint(-2, 2)), n - 1)
            end = max(min(n, end + rng.randint(-2, 2)), start + 1)
        if rng.random() < 0.1:
            label = rng.choice(labels)
        out.append(Span(start, end, label))
    for _ in range(rng.randint(0, 10)):
        start = rng.randrange(n)
        out.append(Span(start, min(n, start + rng.randint(1, 12)), rng.choice(labels)))
    return doc.with_spans(out)


def naive(gold: list[Document], pred: list[Document]) -> dict[str, list[int]]:
    """The rules one character at a time with Python sets: the baseline a straightforward scorer would be."""
    total = {v: [0, 0, 0] for v in VARIANTS}
    for g, p in zip(gold, pred):
        text, in_gold, segs = g.text, set(), []
        for s in g.spans:
            in_gold.update(range(s.start, s.end))
            chars = {i for i in range(s.start, s.end) if not text[i].isspace()}
            if chars:
                segs.append((chars, s.label))
        run: set[int] = set()
        for i, ch in enumerate(text + " "):
            if i == len(text) or ch.isspace() or i in in_gold:
                if run:
                    segs.append((run, None))
                run = set()
            else:
                run.add(i)
        at: dict[int, set[str]] = {}
        for s in p.spans:
            for i in range(s.start, s.end):
                at.setdefault(i, set()).add(s.label)
        for chars, label in segs:
            cov = sum(i in at for i in chars)
            if label is None:
                for v in VARIANTS:
                    total[v][1] += cov > 0
                continue
            own = sum(label in at.get(i, ()) for i in chars)
            other = any(at.get(i, set()) - {label} for i in chars)
            ok = {"strict_typed": own == len(chars), "partial_typed": own > 0,
                  "strict_binary": cov == len(chars), "partial_binary": cov > 0}
            for v in VARIANTS:
                total[v][0 if ok[v] else 2] += 1
                total[v][1] += (not ok[v]) and v.endswith("typed") and other
    return total


def timed(fn, repeat: int = 3) -> tuple[float, float, object]:
    """Best wall-clock and best CPU seconds over ``repeat`` runs (CPU time is steadier on a shared machine)."""
    wall, cpu, result = float("inf"), float("inf"), None
    for _ in range(repeat):
        t, c = time.perf_counter(), time.process_time()
        result = fn()
        wall, cpu = min(wall, time.perf_counter() - t), min(cpu, time.process_time() - c)
    return wall, cpu, result


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--docs", type=int, default=1000)
    ap.add_argument("--chars", type=int, default=4500)
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    if DATA.is_file():
        source = f"annotated judgments from {DATA}"
        gold = judgment_length(list(read_jsonl(DATA)), args.docs, args.chars, rng)
    else:
        source = "synthetic Hangul text (shared data absent)"
        gold = synthetic(args.docs, args.chars, rng)
    labels = sorted({s.label for d in gold for s in d.spans})
    pred = [perturb(d, rng, labels) for d in gold]
    n_chars = sum(len(d.text) for d in gold)
    print(f"{len(gold)} documents, {n_chars / len(gold):.0f} characters and "
          f"{sum(len(d.spans) for d in gold) / len(gold):.1f} gold spans each on average; {source}")

    rows = []
    *t, fast = timed(lambda: score_documents(gold, pred))
    rows.append(("score_documents", *t))
    *t, _ = timed(lambda: score_documents(gold, pred, per_type=True))
    rows.append(("score_documents per_type=True", *t))
    with tempfile.TemporaryDirectory() as tmp:
        g, p = Path(tmp) / "gold.jsonl", Path(tmp) / "pred.jsonl"
        write_jsonl(g, gold)
        write_jsonl(p, pred)
        *t, _ = timed(lambda: _quiet(lambda: cli_main(["eval", "--gold", str(g), "--pred", str(p), "--json"])))
        rows.append(("thunder-deid eval --json (with JSONL parsing)", *t))
    *t, slow = timed(lambda: naive(gold, pred), repeat=1)
    rows.append(("baseline: per-character Python sets", *t))

    width = max(len(r[0]) for r in rows)
    print(f"{'':{width}}  {'wall s':>7}  {'CPU s':>7}  {'docs/s (CPU)':>12}")
    for name, wall, cpu in rows:
        print(f"{name:{width}}  {wall:7.2f}  {cpu:7.2f}  {len(gold) / cpu:12.0f}")
    got = {v: [fast.counts[v].tp, fast.counts[v].fp, fast.counts[v].fn] for v in VARIANTS}  # type: ignore[union-attr]
    print("counts agree with the baseline:", got == slow)
    print(json.dumps({v: dict(zip(("tp", "fp", "fn"), got[v])) for v in VARIANTS}, ensure_ascii=False))


def _quiet(fn):
    """Run ``fn`` with stdout swallowed (the CLI prints its JSON)."""
    real, sys.stdout = sys.stdout, open("/dev/null", "w")
    try:
        return fn()
    finally:
        sys.stdout.close()
        sys.stdout = real


if __name__ == "__main__":
    main()
