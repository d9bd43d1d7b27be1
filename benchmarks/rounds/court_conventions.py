"""How law.go.kr writes its placeholders, counted (BENCHMARKS.md: "The court round trip realised as the court
writes", "Financial businesses in symbols", "An address's reference note"; the closing note of 2026-12-04).

    python benchmarks/rounds/court_conventions.py [--realized runs/s10/prec_valid.court_bare.jsonl]

1. type words after placeholders in the 3,249 shared precedents (``공소외 5 회사``; ``(명칭 생략)대학``);
2. the placeholders of financial labels in the precedents training split, by kind, in documents;
3. omitted addresses with and without a parenthesised note after them, in the shared precedents;
4. bank placeholders of the fact training split with ``은행`` outside the span (``B은행``) or bare (``B``);
5. with ``--realized`` (precedents validation): spans realised inside the court's parentheses (``(관악)대학``);
6. words glued after placeholders of businesses and institutions in the precedents training split (a particle
   or the word's end after them), in documents, and whether the surrogate lexicon knows them as type words;
7. the same by label, from one syllable (``○○점``, ``○○역``), leaving out what court style already keeps there
   (``trailing_type_word(..., units=True)``): the evidence for ``surrogates.engine.COURT_WORDS`` (so run at
   03f4be7, before the table, for the counts in BENCHMARKS.md).
"""

from __future__ import annotations

import argparse
import gzip
import json
import re
from collections import Counter, defaultdict
from pathlib import Path

from thunder_deid.document import load_jsonl
from thunder_deid.surrogates.engine import trailing_type_word, type_word_after

ROOT = Path(__file__).resolve().parents[2]
SHARED = ROOT.parent / "shared" / "data" / "precedents" / "precedents.jsonl.gz"
TYPE_WORDS = ("주식회사", "상사", "건설", "은행", "병원", "마트", "식당", "회사", "산업", "학교", "교회", "아파트", "조합",
              "협회", "재단", "공사", "모텔", "호텔", "커피", "약국", "의원", "농협", "금고", "저축은행", "카드", "유한회사")
FINANCIAL = ("금융업", "은행업", "보험업", "증권업", "여신금융업", "대부업", "신탁업")


def texts():
    with gzip.open(SHARED, "rt", encoding="utf-8") as f:
        for line in f:
            yield json.loads(line)["text"]


def kind(mention: str) -> str:
    return ("symbol" if re.match(r"[○△□◇☆◎▽●▲■◆★]", mention) else "letter" if re.match(r"[A-Z]", mention)
            else "number" if re.match(r"(공소외 )?\d", mention) else "other")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--realized", help="a realisation of work/splits/precedents/valid.jsonl")
    args = ap.parse_args()
    after, glued, notes = Counter(), Counter(), Counter()
    for t in texts():
        for m in re.finditer(r"(?<![A-Za-z])([A-Z]{1,2}|공소외 \d+)(\s?)([가-힣]{1,4})", t):
            for w in TYPE_WORDS:  # every word the next word starts with (저축은행 is not also 은행)
                if m.group(3).startswith(w):
                    after[("spaced " if m.group(2) else "glued ") + w] += 1
        for m in re.finditer(r"\((지번|상세지번|주소|상호명|명칭)[^()]{0,6}생략\)([가-힣]{0,3})", t):
            glued[f"({m.group(1)} … 생략){m.group(2)[:2]}"] += 1
        for m in re.finditer(r"\(주소[^()]{0,6}생략\)(\s?\([^()]{0,30}\))?", t):
            notes["with a note" if m.group(1) else "without"] += 1
    print("1a. type words after a letter or 공소외 N:", dict(after.most_common(12)))
    print("1b. words glued to an omission:", dict(glued.most_common(30)))
    docs: dict[tuple[str, str], set[str]] = defaultdict(set)
    for d in load_jsonl(ROOT / "work/splits/precedents/train.jsonl"):
        for s in d.spans:
            if s.label.split(":")[0] in FINANCIAL:
                docs[s.label.split(":")[0], kind(d.text[s.start:s.end])].add(d.id)
    print("2. financial placeholders, documents:", {f"{a} {b}": len(v) for (a, b), v in sorted(docs.items())})
    print("3. (주소 … 생략):", dict(notes))
    banks = Counter()
    for d in load_jsonl(ROOT / "work/splits/thunder/train.jsonl"):
        for s in d.spans:
            if s.label.split(":")[0] == "은행업":
                m = d.text[s.start:s.end]
                banks["type word inside" if trailing_type_word(m, "은행업") else
                      "type word after" if type_word_after(d.text[s.end:s.end + 32], "은행업") else "bare"] += 1
    print("4. bank placeholders, fact training split:", dict(banks))
    if args.realized:
        gold = load_jsonl(ROOT / "work/splits/precedents/valid.jsonl")
        real = {d.id: d for d in load_jsonl(args.realized)}
        n = wrapped = 0
        for g in gold:
            r = real[g.id]
            if len(r.spans) != len(g.spans):
                continue
            for a, b in zip(g.spans, r.spans):
                n += 1
                wrapped += (g.text[a.start] == "(" and r.text[b.start - 1:b.start] == "("
                            and r.text[b.end:b.end + 1] == ")")
        print(f"5. spans realised inside the court's parentheses: {wrapped} of {n}")
    prec_train = load_jsonl(ROOT / "work/splits/precedents/train.jsonl")
    print("6. words glued after business and institution placeholders, documents (known to the lexicon):",
          glued_words(prec_train, 20))
    print("7. words glued after placeholders by label, from one syllable, not yet kept by court style, documents:",
          glued_by_label(prec_train, 5))


def _glued(docs, shortest: int) -> dict[tuple[str, str], set[str]]:
    """(label, word) -> documents: the shortest run of ``shortest`` syllables or more glued after a placeholder of
    a business, an institution or a place that a particle or the word's end follows (``경찰서`` is read ``경찰``
    + ``서``)."""
    from thunder_deid.consistency import particle_follows
    from thunder_deid.taxonomy import load_taxonomy, split_label

    tax = load_taxonomy()
    seen: dict[tuple[str, str], set[str]] = defaultdict(set)
    for d in docs:
        for s in d.spans:
            base = split_label(s.label)[0]
            if (base not in tax or tax.is_name(base) or tax.is_descendant(base, "주소")
                    or particle_follows(d.text[s.end:s.end + 12])):
                continue
            m = re.match(r"[가-힣]+", d.text[s.end:s.end + 12])
            for k in range(shortest, len(m.group(0)) + 1) if m else ():
                if particle_follows(d.text[s.end + k:s.end + k + 12]):
                    seen[(base, m.group(0)[:k])].add(d.id)
                    break
    return seen


def glued_words(docs, top: int) -> list[tuple[str, int, bool]]:
    """Words of two syllables or more glued after placeholders (:func:`_glued`), any label, by documents, and
    whether the lexicon knows them."""
    from thunder_deid.surrogates.engine import UNIT_WORDS
    from thunder_deid.surrogates.places import all_type_words

    known = set(all_type_words()) | set(UNIT_WORDS)
    by_word: dict[str, set[str]] = defaultdict(set)
    for (_, w), ids in _glued(docs, 2).items():
        by_word[w] |= ids
    rows = sorted(((len(v), w) for w, v in by_word.items()), reverse=True)[:top]
    return [(w, n, w in known) for n, w in rows]


def glued_by_label(docs, min_docs: int) -> list[tuple[str, str, int]]:
    """Per label, the words of one syllable or more glued after its placeholders (:func:`_glued`) that court
    style does not already keep, in ``min_docs`` documents or more."""
    rows = sorted(((len(v), k) for k, v in _glued(docs, 1).items()
                   if len(v) >= min_docs and trailing_type_word("가나" + k[1], k[0], units=True) != k[1]), reverse=True)
    return [(label, w, n) for n, (label, w) in rows]


if __name__ == "__main__":
    main()
