"""Make annotated law.go.kr precedents teach what a full-length judgment needs (issue 16, item 3).

law.go.kr deletes a party's name from the header entirely: ``피 고 인`` stands over the line ``피고인`` (the
role word where the name was), or over nothing at all. A model trained on that text learns that a header's
name slot holds no PII, so :func:`fill_header_names` puts a placeholder name span there (``성명1``, one per
party, so two parties never share a surrogate), which realisation then replaces by a surrogate name like
every other span::

    >>> from thunder_deid.document import Document
    >>> doc = Document("d", "피 고 인\\n피고인\\n\\n상 고 인\\n피고인\\n\\n주 문\\n\\n상고를 기각한다.")
    >>> new, n = fill_header_names(doc)
    >>> n, new.text.splitlines()[:5], [new.text[s.start:s.end] for s in new.spans]
    (1, ['피 고 인', '성명1', '', '상 고 인', '피고인'], ['성명1'])
    >>> new, n = fill_header_names(Document("d", "원고, 상고인\\n원고 (소송대리인 변호사 김철수)\\n\\n피 고 인\\n\\n주 문"))
    >>> new.text.splitlines()[:4], [(new.text[s.start:s.end], s.label) for s in new.spans]
    (['원고, 상고인', '성명1 (소송대리인 변호사 김철수)', '', '피 고 인 성명2'], [('성명1', '인명'), ('성명2', '인명')])

The line under an appellate title alone (``상 고 인`` / ``피고인``) says which party appealed, not who, and is
left as it is. :func:`prepare_precedent` also drops any ``인명`` span inside an official's line (judges,
prosecutors and counsel acting in office are not masked, appendix A.2; ``model/patterns.py`` finds those
lines) and types businesses from their context with the refiner the fact sections use.
"""

from __future__ import annotations

import argparse
import random
import re
from collections import Counter
from typing import Iterable

from thunder_deid.document import Document, Span

PLACEHOLDER = "성명{}"

_ROLES = ("피고인", "원고", "피고", "신청인", "피신청인", "청구인", "피청구인", "채권자", "채무자", "항소인",
          "피항소인", "상고인", "피상고인", "재항고인", "항고인", "상대방", "피감호청구인", "피보호감호청구인",
          "피부착명령청구자", "재심청구인")
# titles that only say who appealed: the line under them refers back to a party ("상 고 인 / 피고인")
_APPELLATE = frozenset({"상고인", "피상고인", "항소인", "피항소인", "항고인"})
_ROLE = "(?:" + "|".join(r"[ \t]?".join(r) for r in sorted(_ROLES, key=len, reverse=True)) + r")(?:\([가-힣]+\))?"
_JOIN = r"[ \t]*(?:,|및|겸)[ \t]*"
# a title line: roles only (피 고 인 / 원고, 상고인 / 피고인 겸 피감호청구인), maybe in 【】
_TITLE = re.compile(rf"^[ \t]*【?[ \t]*({_ROLE}(?:{_JOIN}{_ROLE})*)[ \t]*】?[ \t]*$")
# an entry line whose name was deleted: the role word alone, maybe with counsel in parentheses after it
_ENTRY = re.compile(rf"^[ \t]*({_ROLE})(?=[ \t]*(?:\(|$))")
_HEAD_END = re.compile(r"^[ \t]*(?:주[ \t]*문|이[ \t]*유)[ \t]*$", re.M)


def _roles(title: str) -> set[str]:
    return {re.sub(r"\s|\(.*", "", r) for r in re.split(_JOIN, title)}


def header_end(text: str) -> int:
    """Where the header ends: the ``주 문`` or ``이 유`` line (the whole text when there is neither)."""
    m = _HEAD_END.search(text)
    return m.start() if m else len(text)


def on_party_line(text: str, pos: int) -> bool:
    """Whether ``pos`` lies in the header on a party's line: a title line (``피 고 인 박도윤``) or the line under
    one (``피 고 인`` / ``박도윤 (소송대리인 …)``), not in the case summary above them.

        >>> text = "[1] 김철수가 한 행위\\n\\n피 고 인\\n박도윤\\n\\n원고 이영희 (소송대리인 변호사 X)\\n\\n주 문"
        >>> [on_party_line(text, text.index(n)) for n in ("김철수", "박도윤", "이영희")]
        [False, True, True]
    """
    if pos >= header_end(text):
        return False
    start = text.rfind("\n", 0, pos) + 1
    if re.match(rf"[ \t]*【?[ \t]*{_ROLE}", text[start:pos]):
        return True
    return _title_above(text, start) is not None


def _title_above(text: str, line_start: int) -> re.Match | None:
    """The party title on the line above the line that starts at ``line_start`` (``피 고 인`` over ``박도윤``)."""
    if line_start == 0:
        return None
    prev = text.rfind("\n", 0, line_start - 1) + 1
    return _TITLE.match(text[prev:line_start - 1])


def fill_header_names(doc: Document, label: str = "인명") -> tuple[Document, int]:
    """``doc`` with a placeholder name span wherever its header deleted a party's name, and how many."""
    lines = doc.text[:header_end(doc.text)].split("\n")
    edits: list[tuple[int, int, str]] = []   # (start, end, replacement) in the original text; never inside a span
    pos, after_title = 0, False
    for i, line in enumerate(lines):
        title = None if after_title else _TITLE.match(line)   # the line under a title is its entry, not a title
        after_title = title is not None
        if title and not _roles(title.group(1)) <= _APPELLATE:
            nxt = lines[i + 1] if i + 1 < len(lines) else ""
            entry = _ENTRY.match(nxt)
            name = PLACEHOLDER.format(len(edits) + 1)
            if not nxt.strip():                                # 피 고 인 over nothing: the one-line form
                at = pos + len(line.rstrip())
                edits.append((at, at, " " + name))
            elif entry and _roles(entry.group(1)) <= _roles(title.group(1)):
                at = pos + len(line) + 1 + entry.start(1)      # 피 고 인 / 피고인: the role word stands for the name
                edits.append((at, at + len(entry.group(1)), name))
        pos += len(line) + 1
    if not edits:
        return doc, 0
    return splice(doc, edits, label), len(edits)


def splice(doc: Document, edits: list[tuple[int, int, str]], label: str | None) -> Document:
    """Apply text ``edits`` (sorted, none overlapping a span) and make each replacement's placeholder a span
    of ``label`` (a leading space is not part of it; ``None``: plain text, no span); other spans move with
    the text."""
    pieces, added, last, shift = [], [], 0, 0
    for a, b, new in edits:
        pieces += [doc.text[last:a], new]
        lead = len(new) - len(new.lstrip())
        if label is not None:
            added.append(Span(a + shift + lead, a + shift + len(new), label, extra={"rule": "header"}))
        shift += len(new) - (b - a)
        last = b
    pieces.append(doc.text[last:])

    def moved(s: Span) -> Span:
        d = sum(len(new) - (b - a) for a, b, new in edits if b <= s.start)
        return Span(s.start + d, s.end + d, s.label, s.sub, s.score, s.extra) if d else s

    spans = sorted([moved(s) for s in doc.spans] + added, key=lambda s: (s.start, s.end))
    return Document(doc.id, "".join(pieces), spans, doc.meta)


# roles whose counsel law.go.kr writes on the party's own line, "(소송대리인 …)"; a defendant's counsel has a
# line of its own (변 호 인)
_CRIMINAL = frozenset({"피고인", "피감호청구인", "피보호감호청구인", "피부착명령청구자"})
_NOTE = re.compile(r"\(소송대리인[ \t]")


def counsel_notes(docs: Iterable[Document]) -> list[str]:
    """The counsel notes in the headers of ``docs`` (``(소송대리인 변호사 김상철)``, parentheses balanced, on one
    line), distinct and in order, without those holding a span: officials' names, unmasked (A.2).

        >>> counsel_notes([Document("d", "피고, 상고인\\n주식회사 한길 (소송대리인 법무법인 (유한) 세종 담당변호사 곽동헌)\\n\\n주 문")])
        ['(소송대리인 법무법인 (유한) 세종 담당변호사 곽동헌)']
    """
    out: dict[str, None] = {}
    for doc in docs:
        end = header_end(doc.text)
        for m in _NOTE.finditer(doc.text, 0, end):
            depth, j = 0, m.start()
            while j < end and doc.text[j] != "\n":
                depth += {"(": 1, ")": -1}.get(doc.text[j], 0)
                if depth == 0:
                    break
                j += 1
            if depth == 0 and not any(m.start() < s.end and s.start <= j for s in doc.spans):
                out[doc.text[m.start():j + 1]] = None
    return list(out)


def inline_counsel(doc: Document, rng: random.Random, share: float, notes: list[str]) -> tuple[Document, int]:
    """``doc`` with a counsel note drawn from ``notes`` after ``share`` of the party names that stand alone on
    their line under a civil party's title, and how many: the form a judgment takes before law.go.kr deletes
    the name (``원고, 피상고인`` / ``이한원 (소송대리인 변호사 김재상)``), which its few hundred filled headers
    teach too rarely for names the model has never seen (training data only: ``prepare-precedents
    --counsel-notes``). The note is plain text: counsel act in office (A.2).

        >>> doc, _ = fill_header_names(Document("d", "원고, 피상고인\\n\\n피 고 인\\n\\n주 문"))
        >>> new, n = inline_counsel(doc, random.Random(0), 1.0, ["(소송대리인 변호사 김재상)"])
        >>> n, new.text.splitlines()[:2], [new.text[s.start:s.end] for s in new.spans]
        (1, ['원고, 피상고인 성명1 (소송대리인 변호사 김재상)', ''], ['성명1', '성명2'])
    """
    if not notes or share <= 0:
        return doc, 0
    edits = []
    for s in doc.spans:
        if s.label != "인명" or not on_party_line(doc.text, s.start) or doc.text[s.end:s.end + 1] not in ("\n", ""):
            continue
        start = doc.text.rfind("\n", 0, s.start) + 1
        title = doc.text[start:s.start]
        # the one-line form (원고, 피상고인 성명1), or the name alone under its title
        m = _TITLE.match(title.rstrip()) if title.strip() else _title_above(doc.text, start)
        if m and not _roles(m.group(1)) & _CRIMINAL and rng.random() < share:
            edits.append((s.end, s.end, " " + rng.choice(notes)))
    return (splice(doc, edits, None), len(edits)) if edits else (doc, 0)


def drop_official_names(doc: Document, label: str = "인명") -> tuple[Document, int]:
    """``doc`` without ``label`` spans on an official's line (A.2: not personal data of the case)."""
    from thunder_deid.recognizers.officials import is_official, official_zones

    zones = official_zones(doc.text)
    kept = [s for s in doc.spans if not (s.label == label and is_official(doc.text, s, zones))]
    return (Document(doc.id, doc.text, kept, doc.meta), len(doc.spans) - len(kept)) if len(kept) < len(doc.spans) else (doc, 0)


def prepare_precedent(doc: Document, counts: Counter | None = None) -> Document:
    """Header names filled in, officials' names unmasked, businesses typed from context; ``counts`` adds up
    ``header_names``, ``officials_dropped`` and ``context_refined``."""
    from thunder_deid.corpus.context import context_refiner

    doc, filled = fill_header_names(doc)
    doc, dropped = drop_official_names(doc)
    doc, refined = context_refiner().refine(doc)
    if counts is not None:
        counts.update(header_names=filled, officials_dropped=dropped, context_refined=refined)
    return doc


def excerpt(doc: Document, rng: random.Random, body_chars: int) -> Document:
    """The header (up to ``주 문``), one random stretch of about ``body_chars`` of the rest and the last lines
    (the judges), cut at line breaks; spans that lie inside move with their text. A precedent averages 27,000
    characters, so a few hundred excerpts give an epoch the header and footer of each within minutes.

        >>> doc = Document("d", "피 고 인 성명1\\n\\n주 문\\n" + "가나다라\\n" * 500 + "판사 김철수", [Span(6, 9, "인명")])
        >>> ex = excerpt(doc, random.Random(0), 20)
        >>> ex.text.startswith("피 고 인 성명1\\n\\n주 문\\n가나다라"), ex.text.endswith("\\n판사 김철수"), len(ex.text) < 300
        (True, True, True)
        >>> [ex.text[s.start:s.end] for s in ex.spans]
        ['성명1']
    """
    text = doc.text
    if len(text) <= header_end(text) + body_chars + 400:
        return doc
    head = text.find("\n", header_end(text)) + 1 or len(text)
    tail = text.rfind("\n", 0, len(text) - 200)
    tail = tail + 1 if tail >= head else len(text)
    start = rng.randrange(head, max(head + 1, tail - body_chars))
    start = text.find("\n", start) + 1 or tail
    end = text.find("\n", min(start + body_chars, tail))
    end = tail if end < 0 or end > tail else end + 1
    keep = [(0, head), (min(start, tail), end), (tail, len(text))]
    pieces, spans, out = [], [], 0
    for a, b in keep:
        pieces.append(text[a:b])
        spans += [Span(s.start - a + out, s.end - a + out, s.label, s.sub, s.score, s.extra)
                  for s in doc.spans if a <= s.start and s.end <= b]
        out += b - a
    return Document(doc.id, "".join(pieces), spans, {**doc.meta, "excerpt": [list(k) for k in keep]})


# -- CLI --------------------------------------------------------------------------------------------

def register(sub: "argparse._SubParsersAction") -> None:
    from thunder_deid.cli import HelpFormatter

    p = sub.add_parser("prepare-precedents", formatter_class=HelpFormatter,
                       help="header names, officials, context typing: precedents ready for training",
                       description="Fill the party names law.go.kr deleted from headers with placeholder name spans "
                       "(realisation gives them surrogate names), drop name spans on officials' lines (A.2) and type "
                       "businesses from their context, as the fact sections are.\n\nexample:\n"
                       "  thunder-deid corpus prepare-precedents work/splits/precedents/train.jsonl runs/prec_train.jsonl")
    p.add_argument("input", help="annotated precedents (JSONL, from annotate-placeholders / split)")
    p.add_argument("output", help="output JSONL")
    p.add_argument("--counsel-notes", type=float, default=0.0, metavar="SHARE",
                   help="training data only: follow this share of the civil parties' header names with a counsel note "
                        "drawn from the input's headers, '(소송대리인 변호사 …)' (inline_counsel; default 0)")
    p.add_argument("--seed", type=int, default=0, help="seed of --counsel-notes (default 0)")
    p.set_defaults(func=_cmd)


def _cmd(a: argparse.Namespace) -> int:
    import sys

    from thunder_deid.document import read_jsonl, write_jsonl
    from thunder_deid.errors import ThunderDeidError
    from thunder_deid.io import refuse_overwrite_input

    if not 0.0 <= a.counsel_notes <= 1.0:
        raise ThunderDeidError(f"--counsel-notes: a share in [0, 1], not {a.counsel_notes}")
    refuse_overwrite_input([a.input], a.output)
    counts: Counter = Counter()
    docs = [prepare_precedent(d, counts) for d in read_jsonl(a.input)]
    if a.counsel_notes:
        rng, notes = random.Random(a.seed), counsel_notes(docs)
        for i, d in enumerate(docs):
            docs[i], k = inline_counsel(d, rng, a.counsel_notes, notes)
            counts["counsel_notes"] += k
    n = write_jsonl(a.output, docs)
    print(f"{a.output}: {n} documents, {counts['header_names']} header names filled, {counts['officials_dropped']} "
          f"official name spans dropped, {counts['context_refined']} spans typed from context"
          + (f", {counts['counsel_notes']} counsel notes added" if a.counsel_notes else ""), file=sys.stderr)
    return 0
