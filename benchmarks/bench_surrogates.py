"""Throughput and surface quality of the surrogate engine, side by side with a naive baseline.

    python benchmarks/bench_surrogates.py [CORPUS.jsonl] [--limit N] [--inventory DIR]

CORPUS defaults to the judgment corpus converted from ``../shared/data/thunder_deid/documents``. Rows:

* ``naive``      — the baseline: every span replaced by one fixed value per label, no particle or
                   type-word repair (what a string-replace script does);
* ``engine``     — the full engine with the packaged lexicons only;
* ``engine+inv`` — the full engine plus the old scheme's inventory (``--inventory``, default the shared one);
* ``+inv train`` / ``+inv eval`` — the same, drawing from one source part (``realize --source``).

``--diversity FILE …`` counts distinct person names, given names and business names of realised files.

For each: documents/s and spans/s (one process, one thread), and the share of checked particles that
disagree with the replaced span's final syllable (the check of tests/surrogates/conftest.py).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests" / "surrogates"))

from conftest import jong, particle_after, particle_ok  # noqa: E402  (the independent test check)

from thunder_deid.document import Document, Span, load_jsonl  # noqa: E402
from thunder_deid.surrogates import Inventory, Realizer  # noqa: E402

SHARED = REPO.parent / "shared" / "data" / "thunder_deid"


def naive(doc: Document) -> Document:
    out, spans, pos, n = [], [], 0, 0
    for s in doc.spans:
        gap = doc.text[pos : s.start]
        out.append(gap)
        n += len(gap)
        value = "홍길동" if s.label == "인명" else f"{s.label[:2]}1"
        out.append(value)
        spans.append(Span(n, n + len(value), s.label, s.sub))
        n += len(value)
        pos = s.end
    out.append(doc.text[pos:])
    return Document(doc.id, "".join(out), spans)


def disagreements(docs: list[Document]) -> tuple[int, int]:
    checked = bad = 0
    for d in docs:
        for s in d.spans:
            j, p = jong(d.text[s.start : s.end]), particle_after(d.text, s.end)
            if j is not None and p is not None:
                checked += 1
                bad += not particle_ok(j, p)
    return checked, bad


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("corpus", nargs="?")
    ap.add_argument("--limit", type=int, default=0)
    ap.add_argument("--inventory", default=str(SHARED / "replacement" / "subset"))
    ap.add_argument("--seed", type=int, default=1199)
    ap.add_argument("--examples", type=int, default=0, help="also print N realised sentences, spans in [brackets]")
    ap.add_argument("--diversity", nargs="+", metavar="FILE",
                    help="instead: count distinct person names, given names and business names in realised files")
    args = ap.parse_args()
    if args.diversity:
        return diversity(args.diversity)
    if args.corpus:
        docs = load_jsonl(args.corpus)
    else:
        from thunder_deid.corpus.thunder import convert_thunder

        docs = convert_thunder(SHARED / "documents")
    if args.limit:
        docs = docs[: args.limit]
    n_spans = sum(len(d.spans) for d in docs)
    rows = [("naive", naive)]
    plain = Realizer(Inventory())
    rows.append(("engine", lambda d: plain.realize(d, args.seed)[0]))
    if Path(args.inventory).exists():
        inv = Realizer(Inventory.from_paths([args.inventory]))
        rows.append(("engine+inv", lambda d: inv.realize(d, args.seed)[0]))
        # a source part costs redraws: a quarter of the values are eval, so eval redraws most
        for part in ("train", "eval"):
            r = Realizer(Inventory.from_paths([args.inventory]), source=part)
            rows.append((f"+inv {part}", lambda d, r=r: r.realize(d, args.seed)[0]))
    print(f"{len(docs)} documents, {n_spans} spans, seed {args.seed}")
    print(f"{'method':<12} {'docs/s':>8} {'spans/s':>9} {'particles checked':>18} {'disagree':>9}")
    for name, fn in rows:
        fn(docs[0])  # warm caches (lexicon loading) outside the timing
        t0 = time.perf_counter()
        out = [fn(d) for d in docs]
        dt = time.perf_counter() - t0
        checked, bad = disagreements(out)
        print(f"{name:<12} {len(docs) / dt:>8.1f} {n_spans / dt:>9.0f} {checked:>18} {bad / max(checked, 1):>8.1%}")
    if args.examples:
        print_examples(out, args.examples)
    return 0


def diversity(files: list[str]) -> int:
    """Distinct surrogate values per realised file: what a model trained on it could memorise."""
    from collections import Counter

    from thunder_deid.surrogates.lexicon import packaged
    from thunder_deid.taxonomy import load_taxonomy

    tax = load_taxonomy()
    surnames = packaged()["names"]["surnames"]
    print(f"{'file':<58} {'names':>7} {'distinct':>8} {'given':>6} {'top given':>9} {'business':>8} {'distinct':>8}")
    for f in files:
        names, given, business = Counter(), Counter(), Counter()
        for d in load_jsonl(f):
            for s in d.spans:
                v = d.text[s.start : s.end]
                if s.label == "인명" and " " not in v and len(v) >= 2:
                    names[v] += 1
                    given[v[2:] if v[:2] in surnames and len(v) > 3 else v[1:]] += 1
                elif s.label == "사업체" or (s.label in tax and tax.is_descendant(s.label, "사업체")):
                    business[v] += 1
        top = given.most_common(1)[0][1] / max(sum(given.values()), 1)
        print(f"{f:<58} {sum(names.values()):>7} {len(names):>8} {len(given):>6} {top:>9.1%} "
              f"{sum(business.values()):>8} {len(business):>8}")
    return 0


def print_examples(docs: list[Document], n: int) -> None:
    """Short realised sentences with at least three spans of three labels (spans shown in brackets)."""
    import random
    import re

    found = []
    for d in docs:
        for m in re.finditer(r"[^\n]+?(?:다\.|$)", d.text):
            spans = [s for s in d.spans if m.start() <= s.start and s.end <= m.end()]
            if len(spans) >= 3 and len({s.label for s in spans}) >= 3 and m.end() - m.start() <= 170:
                parts, pos = [], m.start()
                for s in spans:
                    parts += [d.text[pos : s.start], "[", d.text[s.start : s.end], "]"]
                    pos = s.end
                parts.append(d.text[pos : m.end()])
                found.append((d.id, "".join(parts).strip(), ", ".join(s.label for s in spans)))
    for doc_id, text, labels in random.Random(0).sample(found, min(n, len(found))):
        print(f"{doc_id}\t{text}\t{labels}")


if __name__ == "__main__":
    sys.exit(main())
