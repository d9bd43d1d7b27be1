"""Refine a coarse span label from the words around the mention, as an annotator would (paper 3.2, A.2).

The old Thunder-DeID labels sometimes record only a legal form (``주식회사``) or a place's role in the
incident (``추행장소``, ``앞 노상``), so the converter can only give the top node (``사업체``, ``그외
사건관련장소 및 이벤트``). The judgment itself often says what the entity is: ``정수기 판매업체인 주식회사
B``, ``'C' 모텔``, ``광업을 목적으로 설립된 주식회사 F``. This module reads that, through a reviewed table
(``data/context_rules.yaml``) of *frames* (where a cue may stand relative to an occurrence of the mention)
and *cue words* (industry / place-type words and their node). Every occurrence of the same mention in the
document counts (``주식회사 C`` ... ``C 편의점 앞``); cues that disagree are merged to their lowest common
ancestor; a label the annotator gave another occurrence of the same mention (the paper's ``중공업회사`` /
``주식회사`` overlap) counts as a cue. A span without a cue keeps its label -- the parent label A.2 allows when the leaf cannot be
reliably specified::

    >>> from thunder_deid.document import Document, Span
    >>> doc = Document("d", "피고인은 운송업체인 주식회사 B의 대표이다.", [Span(16, 17, "사업체", "주식회사")])
    >>> new, n = context_refiner().refine(doc)
    >>> new.spans[0].label, new.spans[0].sub, n
    ('화물운송·물류업', '주식회사', 1)
    >>> doc = Document("d", "주식회사 B의 사무실에서", [Span(5, 6, "사업체", "주식회사")])
    >>> context_refiner().refine(doc)[0].spans[0].label
    '사업체'
"""

from __future__ import annotations

import bisect
import functools
import re
from dataclasses import dataclass, replace
from importlib import resources
from pathlib import Path


from thunder_deid.document import Document, Span
from thunder_deid.errors import ThunderDeidError
from thunder_deid.taxonomy import Taxonomy, load_taxonomy

# a sentence ends at "다." or a line break; section headers (【범죄사실】, 『2020고단1』) also cut the window
_SENT_END = re.compile(r"다\.|\n|【|】|『|』")
# a word that ends in a particle or a verb ending is not part of the noun phrase that describes the entity
_NOT_NOUN = re.compile(r"(은|는|을|를|이|가|인|에|에서|에게|으로|로|와|과|의|한|하는|된|되는|하고|하며|고|서|며|했|였|었|다|던)$")
# other occurrences count only within the same case section: multi-case judgments restart the letters
_SECTION = re.compile(r"『[^』\n]{0,40}』|\n\s*20\d\d[가-힣]{1,3}\d+")
_QUOTES = "'‘’\"“”「」"
_WORD_BEFORE = re.compile(r"[A-Za-z0-9가-힣]")  # what may not stand right before an occurrence of a mention
_WORD_AFTER = re.compile(r"[A-Za-z0-9]")  # ... nor right after it
WINDOW = 60  # characters each side of an occurrence (then cut at the sentence end)


@dataclass(frozen=True)
class Cue:
    pattern: re.Pattern             # the cue anywhere in a region
    whole: re.Pattern               # the cue plus a particle as a whole region (after_noun)
    suffix: re.Pattern              # the cue ending a region (the mention itself)
    target: str
    frames: frozenset[str] | None   # None: every frame


@dataclass(frozen=True)
class Evidence:
    """One cue found for a span (kept for review tools and tests; never written into documents)."""

    frame: str
    cue: str
    target: str
    own: bool          # found at the span itself (else at another occurrence of the same mention)


class ContextRefiner:
    """Rules from ``context_rules.yaml``; :meth:`refine` returns a new document and the number of spans refined."""

    def __init__(self, rules: dict, taxonomy: Taxonomy | None = None, source: str = "<dict>"):
        self.tax = taxonomy or load_taxonomy()
        self.source = source
        self._memo: dict | None = None   # one document's cache while refine() runs
        try:
            self.refine_roots: dict[str, tuple[str, ...]] = {k: tuple(v) for k, v in rules["refine"].items()}
            self.particles = rules.get("particles", "")
            self.frames: dict[str, re.Pattern] = {k: re.compile(v) for k, v in rules["frames"].items()}
            self.vetoes: dict[str, re.Pattern] = {k: re.compile(v) for k, v in (rules.get("vetoes") or {}).items()}
            self.cues: list[Cue] = []
            for i, c in enumerate(rules["cues"]):
                frames = c.get("frames")
                if frames is not None and not set(frames) <= set(self.frames):
                    raise ThunderDeidError(f"{source}: cues[{i}] names unknown frame(s) {sorted(set(frames) - set(self.frames))}")
                cue = f"(?:{c['cue']})"
                self.cues.append(Cue(re.compile(cue), re.compile(f"{cue}{self.particles}"), re.compile(f"{cue}$"),
                                     c["target"], frozenset(frames) if frames else None))
        except (KeyError, TypeError, re.error) as e:
            raise ThunderDeidError(f"{source}: malformed context rules ({type(e).__name__}: {e})") from None
        for label, roots in self.refine_roots.items():
            for node in (label, *roots):
                if node not in self.tax:
                    raise ThunderDeidError(f"{source}: refine: {node!r} is not a taxonomy node")
        for i, c in enumerate(self.cues):
            if c.target not in self.tax:
                raise ThunderDeidError(f"{source}: cues[{i}] target {c.target!r} is not a taxonomy node")

    @classmethod
    def from_yaml(cls, path: str | Path, taxonomy: Taxonomy | None = None) -> "ContextRefiner":
        from thunder_deid.io import load_yaml

        return cls(load_yaml(path, "context rules"), taxonomy, str(path))

    # -- cue search ------------------------------------------------------------------------------------
    def _cues_in(self, region: str, frame: str, how: str) -> list[tuple[str, str]]:
        """(cue text, target) of the cues in ``region``: the longest non-overlapping matches."""
        usable = [c for c in self.cues if c.frames is None or frame in c.frames]
        if how == "whole":    # the region IS the type noun (plus a particle)
            hits = [(m.group(0), c.target) for c in usable if (m := c.whole.fullmatch(region))]
            return [max(hits, key=lambda h: len(h[0]))] if hits else []
        if how == "suffix":   # the mention ends in the type noun
            hits = [(m.group(0), c.target) for c in usable if (m := c.suffix.search(region))]
            return [max(hits, key=lambda h: len(h[0]))] if hits else []
        found = sorted(((m.start(), m.end(), c.target) for c in usable for m in c.pattern.finditer(region) if m.end() > m.start()),
                       key=lambda x: (x[0] - x[1], x[0]))
        taken: list[tuple[int, int, str]] = []
        for s, e, t in found:
            if all(e <= s2 or s >= e2 for s2, e2, _ in taken):
                taken.append((s, e, t))
        return [(region[s:e], t) for s, e, t in sorted(taken)]

    def _noun_phrase(self, region: str) -> str:
        """The trailing words of ``region`` that describe the entity (stop at a particle or verb ending)."""
        keep: list[str] = []
        for tok in reversed(region.split()):
            bare = tok.strip(",·")
            if bare in ("등", "및") or not _NOT_NOUN.search(bare) or any(c.pattern.fullmatch(bare) for c in self.cues):
                keep.append(tok)
            else:
                break
        return " ".join(reversed(keep))

    @staticmethod
    def _windows(text: str, start: int, end: int) -> tuple[str, str]:
        """The text before and after an occurrence, each cut at the sentence end."""
        before = text[max(0, start - WINDOW):start]
        cut = [m.end() for m in _SENT_END.finditer(before)]
        before = before[cut[-1]:] if cut else before
        after = text[end:end + WINDOW]
        m = _SENT_END.search(after)
        return before, (after[:m.start()] if m else after)

    def _evidence_at(self, text: str, start: int, end: int, own: bool) -> list[Evidence]:
        memo = self._memo   # one document's cache (refine): a mention recurs hundreds of times
        if memo is not None:
            key = ("at", start, end, own)
            if key not in memo:
                memo[key] = self._evidence_at_uncached(text, start, end, own)
            return list(memo[key])   # callers extend what they get
        return self._evidence_at_uncached(text, start, end, own)

    def _evidence_at_uncached(self, text: str, start: int, end: int, own: bool) -> list[Evidence]:
        before, after = self._windows(text, start, end)
        mention = text[start:end].strip(_QUOTES + " ")
        out: list[Evidence] = []
        for name, frame in self.frames.items():
            if name == "mention":
                fm, how = frame.search(mention), "suffix"
            elif name.startswith("before"):
                fm, how = frame.search(before), "phrase"
            else:
                fm, how = frame.search(after), ("whole" if name == "after_noun" else "phrase")
            if not fm:
                continue
            region = fm.group("region")
            if how == "phrase":
                region = self._noun_phrase(region)
            out += [Evidence(name, cue, target, own) for cue, target in self._cues_in(region, name, how)]
        return out

    # -- decisions --------------------------------------------------------------------------------------
    def _lca(self, labels: list[str]) -> str | None:
        paths = [[n.name for n in reversed(self.tax.ancestors(lab))] + [lab] for lab in labels]
        common = None
        for names in zip(*paths):
            if len(set(names)) != 1:
                break
            common = names[0]
        return common

    def evidence(self, doc: Document, span: Span) -> list[Evidence]:
        """The cues for ``span``: at the span itself, else at the other occurrences of its mention in the
        same case section (skipping those tagged as another kind of entity). None when an occurrence shows
        the mention is an area holding places (a veto: ``C에 있는 식당``)."""
        roots = self.refine_roots.get(span.label)
        if roots is None:
            return []
        mention = doc.text[span.start:span.end].strip(_QUOTES + " ")
        if not mention:
            return []
        memo = self._memo if self._memo is not None else {}
        if "cuts" not in memo:
            memo["cuts"] = [0, *(m.start() for m in _SECTION.finditer(doc.text)), len(doc.text)]
        cuts = memo["cuts"]
        k = bisect.bisect_right(cuts, span.start)
        lo, hi = cuts[k - 1], cuts[k] if k < len(cuts) else len(doc.text)
        okey = ("occ", mention, lo, hi)
        if okey not in memo:
            memo[okey] = self._occurrences(doc, mention, lo, hi, memo)
        occurrences = [(span.start, span.end)] + [o for o in memo[okey] if not span.start <= o[0] < span.end]
        def vetoed(s: int, e: int) -> bool:
            return any(v.search(self._windows(doc.text, s, e)[1]) for v in self.vetoes.values())

        vkey = ("veto", mention, lo, hi)
        if vkey not in memo:   # the same for every span of this mention in the section
            memo[vkey] = any(vetoed(s, e) for s, e in memo[okey])
        if memo[vkey] or vetoed(span.start, span.end):
            return []
        found = self._evidence_at(doc.text, span.start, span.end, True)
        if found:   # the cue at the span itself decides; the others only when it has none
            return found
        tops = {self.tax.at_level(r, "top") for r in roots}
        for s, e in occurrences[1:]:
            # the same letter tagged as something else (a person, an address) is another entity: skip it
            inside = self._spans_at(doc, s)
            if any(self.tax.at_level(x.label, "top") not in tops for x in inside if x.label in self.tax):
                continue
            # the annotator typed the same entity elsewhere (`중공업회사` there, `주식회사` here; paper 4.2)
            found += [Evidence("annotation", x.sub or x.label, x.label, False) for x in inside
                      if x.label in self.tax and self.tax.level(x.label) != "top" and x.label != span.label]
            found += self._evidence_at(doc.text, s, e, False)
        return found

    def _occurrences(self, doc: Document, mention: str, lo: int, hi: int, memo: dict) -> list[tuple[int, int]]:
        """Where ``mention`` stands in ``doc.text[lo:hi]`` as a word (no letter, digit or syllable before it, no
        letter or digit after it), one after another: the matches of
        ``(?<![A-Za-z0-9가-힣])mention(?![A-Za-z0-9])`` from ``lo`` to ``hi``. Every mention of the document is
        found in one pass (:func:`~thunder_deid.consistency.starts_of`), so a register of thousands of companies
        is not read once per company."""
        from thunder_deid.consistency import starts_of

        if "find" not in memo:
            mentions = {doc.text[s.start:s.end].strip(_QUOTES + " ") for s in doc.spans if s.label in self.refine_roots}
            memo["find"] = starts_of(doc.text, [m for m in mentions if m], overlapping=True)
        text, n, out, end = doc.text, len(mention), [], lo
        for a in sorted(memo["find"](mention)):
            b = a + n
            if a < end or b > hi:
                continue
            if a and _WORD_BEFORE.match(text[a - 1]) or b < hi and _WORD_AFTER.match(text[b]):
                continue
            out.append((a, b))
            end = b
        return out

    def _spans_at(self, doc: Document, pos: int) -> list[Span]:
        """The spans of ``doc`` that hold ``pos`` (cached per document during :meth:`refine`)."""
        memo = self._memo
        if memo is None:
            return [x for x in doc.spans if x.start <= pos < x.end]
        if "by_start" not in memo:
            memo["by_start"] = sorted(doc.spans, key=lambda x: x.start)
            memo["starts"] = [x.start for x in memo["by_start"]]
            memo["longest"] = max((x.end - x.start for x in doc.spans), default=0)
        spans, starts = memo["by_start"], memo["starts"]
        lo = bisect.bisect_left(starts, pos - memo["longest"])
        return [x for x in spans[lo:bisect.bisect_right(starts, pos)] if x.start <= pos < x.end]

    def decide(self, span: Span, found: list[Evidence]) -> str | None:
        """The refined label, or None: the lowest common ancestor of the cues that lie under one of the
        allowed roots, if it lies below the span's label; else nothing (the span keeps its parent label)."""
        roots = self.refine_roots.get(span.label)
        if not roots:
            return None
        # a cue for a node the span may not become names something else in the phrase (주택 in 주택 분양)
        targets = sorted({e.target for e in found if any(e.target == r or self.tax.is_descendant(e.target, r) for r in roots)})
        if not targets:
            return None
        new = self._lca(targets)
        if new is None or new == span.label or self.tax.level(new) == "top":
            return None
        if not any(new == r or self.tax.is_descendant(new, r) for r in roots):
            return None
        return new

    def refine(self, doc: Document) -> tuple[Document, int]:
        """A copy of ``doc`` with coarse spans refined; the old label is kept in ``sub`` (if there was none)."""
        spans: list[Span] = []
        n = 0
        self._memo = {}
        try:
            decided = [self.decide(s, self.evidence(doc, s)) if s.label in self.refine_roots else None for s in doc.spans]
        finally:
            self._memo = None
        for s, new in zip(doc.spans, decided):
            if new is None:
                spans.append(s)
                continue
            spans.append(replace(s, label=new, sub=s.sub or s.label))
            n += 1
        if not n:
            return doc, 0
        return replace(doc, spans=spans, meta={**doc.meta, "context_refined": n}), n


@functools.lru_cache(maxsize=4)
def context_refiner(path: str | None = None) -> ContextRefiner:
    """The packaged reviewed rules (``thunder_deid/corpus/data/context_rules.yaml``) or a user's file."""
    if path is not None:
        return ContextRefiner.from_yaml(path)
    with resources.as_file(resources.files("thunder_deid.corpus") / "data" / "context_rules.yaml") as p:
        return ContextRefiner.from_yaml(p)
