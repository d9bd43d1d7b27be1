"""Realise a document: every span replaced by a type-compatible surrogate, Korean repaired, spans re-anchored.

    >>> from thunder_deid.inline import parse_inline
    >>> doc = parse_inline("피고인은 <<<B:인명>>>가 운영하는 <<<C:식당>>>식당에서 <<<B:인명>>>를 만났다.", "d1")
    >>> out, report = realize_document(doc, seed=1)
    >>> [out.span_text(s) for s in out.spans][0] == [out.span_text(s) for s in out.spans][2]
    True
    >>> report.realized, report.groups
    (3, 2)

Pipeline (appendix F): (i) boundary repair and label normalisation (:mod:`.preprocess`); (ii) one surrogate
per group of spans with the same (mention, label), drawn from an RNG seeded by a stable hash of (seed,
document id, group key) — so a document's output never depends on which other documents are processed;
(iii) surface repair: a type word that follows the span keeps the surrogate's stem (``한빛`` + ``식당``), a
literal overlap is removed (``1203호`` + ``호``), the particle after the span is re-chosen for the
surrogate's last syllable, and spans are recomputed on the new text. A span whose replacement is skipped
or fails stays as plain text and is not a span of the output; the report counts it.
"""

from __future__ import annotations

import bisect
import functools
import hashlib
import random
import re
import unicodedata
from collections import Counter
from dataclasses import dataclass, field, replace
from typing import Iterable, Iterator, Sequence

from thunder_deid.document import Document, Span
from thunder_deid.errors import LabelError
from thunder_deid.surrogates.base import Ctx, Surrogate
from thunder_deid.surrogates.dates import document_shift
from thunder_deid.surrogates.hangul import fix_particle, find_particle, is_hangul_syllable
from thunder_deid.surrogates.lexicon import Inventory
from thunder_deid.surrogates.people import name_part, rare_header_names, split_name
from thunder_deid.surrogates.phones import digit_key, written_like
from thunder_deid.surrogates.places import all_type_words, check_novel, novel_stems, type_words
from thunder_deid.surrogates.preprocess import QUOTES, is_placeholder, normalize, repair
from thunder_deid.surrogates.registry import Registry
from thunder_deid.surrogates.sources import SHARED_SOURCES, check_part, in_part, source_part
from thunder_deid.taxonomy import load_taxonomy

WINDOW = 32
# Unit and type words that may stand right after a span and must not be doubled by the surrogate.
UNIT_WORDS = ("번지", "학년", "개월", "블록", "로트", "호차", "층", "호", "동", "번", "세", "년", "기", "원", "편",
              "구", "시", "군", "읍", "면", "리", "은행", "지점", "점", "대로", "로", "길", "역", "주식회사", "팀", "부서")
# Words law.go.kr keeps after a placeholder of one label (``(도담)○○점``, ``○○지청``, ``A당``), one syllable
# allowed because the label says what it is; counted in the precedents training split by line 7 of
# benchmarks/rounds/court_conventions.py (five documents or more; titles and stray words left out).
COURT_WORDS = {"사업체": ("그룹", "사"), "정치·의사결정": ("당",), "치안및교정기관": ("경찰서", "지청", "지방법원"),
               "교통·안전시설": ("역",), "학교": ("대",), "지점": ("점",), "은행업": ("새마을금고", "금고", "농협"),
               "지역명": ("지역",), "조직 내 세부부서": ("팀",), "중앙행정·지방자치기관": ("군청",), "주거시설": ("단지",),
               # law.go.kr writes ○○동, △△리: the unit stays outside the placeholder (140 of 140 dongs in the training split)
               "행정구역-동": ("동",), "행정구역-리": ("리",), "행정구역-면": ("면",), "행정구역-읍": ("읍",)}
_SPACED_UNITS = ("역",)  # "C 역 3번 출구": the station word may stand apart from the name
_OMITTED = re.compile(r"\s*생략(?=\s*\))")
_TRIES = 96  # draws for a value inside a train/eval part (a quarter of values are eval: 96 misses ~ 1e-12)
CORP_MARKERS = ("주식회사", "(주)", "㈜", "유한회사", "(유)", "합자회사", "사단법인", "재단법인")


def epoch_seed(train_seed: int, epoch: int) -> int:
    """Replacement seed of a per-epoch schedule (appendix F): ``(train − 1199)·10000 + 2000 + epoch``.

    >>> [epoch_seed(1200, e) for e in (1, 30)], epoch_seed(1202, 1)
    ([12001, 12030], 32001)
    """
    if epoch < 1:
        raise ValueError("epochs are numbered from 1")
    return (train_seed - 1199) * 10000 + 2000 + epoch


def group_mention(mention: str) -> str:
    """The mention part of a group key: whitespace collapsed, a trailing ``생략`` dropped, so
    ``차량번호 1`` and ``차량번호 1 생략`` are one vehicle."""
    mention = unicodedata.normalize("NFC", mention)  # NFD text names the same entity
    return re.sub(r"\s+", " ", re.sub(r"\s*생략$", "", mention)).strip() or mention


def group_rng(seed: int, doc_id: str, key: tuple[str, str]) -> random.Random:
    """A per-group RNG from a stable hash (never Python's salted ``hash()``)."""
    h = hashlib.blake2b(f"{seed}\x1f{doc_id}\x1f{key[0]}\x1f{key[1]}".encode("utf-8"), digest_size=8)
    return random.Random(int.from_bytes(h.digest(), "big"))


@dataclass
class RealizeReport:
    """Counts of one or many realised documents (adds up with ``+``)."""

    documents: int = 0
    spans_in: int = 0
    realized: int = 0
    groups: int = 0
    repaired: int = 0
    particles_changed: int = 0
    overlaps_removed: int = 0
    out_of_part: int = 0  # groups whose value had to come from the other source part (tiny value spaces)
    skipped: Counter = field(default_factory=Counter)  # reason -> count (rendered as text, not spans)
    sources: Counter = field(default_factory=Counter)  # rule source -> groups served

    def update(self, other: "RealizeReport") -> "RealizeReport":
        """Add ``other``'s counts into this report (in place) and return it."""
        for f in ("documents", "spans_in", "realized", "groups", "repaired", "particles_changed", "overlaps_removed",
                  "out_of_part"):
            setattr(self, f, getattr(self, f) + getattr(other, f))
        self.skipped.update(other.skipped)
        self.sources.update(other.sources)
        return self

    def __add__(self, other: "RealizeReport") -> "RealizeReport":
        return RealizeReport().update(self).update(other)

    def to_dict(self) -> dict:
        return {"documents": self.documents, "spans_in": self.spans_in, "realized": self.realized, "groups": self.groups,
                "repaired": self.repaired, "particles_changed": self.particles_changed,
                "overlaps_removed": self.overlaps_removed, "out_of_part": self.out_of_part, "skipped": dict(self.skipped), "sources": dict(self.sources)}


# skip reasons that mean the input span itself is wrong (its original value would stay in the output)
INVALID = ("bad_offsets", "empty_mention", "unknown_label", "overlap")


def invalid_spans(report: RealizeReport) -> dict[str, int]:
    """The counts of ``report``'s skips that are invalid input spans (see :data:`INVALID`)."""
    return {r: report.skipped[r] for r in INVALID if report.skipped[r]}


@dataclass
class _Item:
    span: Span
    start: int
    end: int
    label: str
    sub: str | None
    key: tuple[str, str] | None = None
    suffix: str = ""  # a type word the mention writes after a stem the document also names alone (그린텍|코리아)


class Realizer:
    """Holds the registry (and its inventory) so many documents share one set-up.

    ``inventory`` defaults to the folders named in ``$THUNDER_DEID_INVENTORY`` (none: packaged lexicons
    only); ``keep`` lists labels left as they are (rendered as text, not spans, and counted as skipped);
    ``source`` is the part of every surrogate source drawn from (``all``, ``train`` or ``eval``,
    :mod:`.sources`): training realises from ``train``, held-out evaluation sets from ``eval``.
    ``stems``: where a value is written without its own type word besides before a type word (:data:`STEMS`):
    ``in_words``, a span that ends inside a word, whose rest is the mention's own (``달빛`` of ``달빛정원``:
    not ``산곡변전소`` + ``정원``; the ``surrogate`` output mode, for a model's spans); ``court_bare``, a
    court placeholder of any label court style writes as a letter or a symbol (a business, an institution, a
    place), since courts keep an entity's type word outside the placeholder (``○○은행``, ``B 주식회사``, ``(명칭
    생략)대학``), so the placeholder stood for the name without one, read by court style's own test (the court
    round trip's realisation, so that it is what court style inverts; ``train --extra-stems``).
    Realisations of annotated data for training and evaluation use neither by default.
    ``novel``: the share of composed business and place stems made of recombined syllables
    (:func:`.places.novel_stems`; training data only, ``train --novel-stems``); 0, the default, realises
    exactly as before.
    ``rare_header``: the share of a precedent's filled-in header names (``성명1``) drawn rare
    (:func:`.people.rare_header_names`; training data only, ``train --rare-header-names``); 0, the default,
    realises exactly as before.
    ``like_mention``: a person's pseudonym of the sex and generation the mention's given name reads as
    (``김민준`` gets a young man's name, ``이말순`` an old woman's) where the text does not say them (the
    ``surrogate`` output mode, whose mentions are real names; annotated data's mentions are placeholders);
    there also no pseudonym equals a real mention of the document, and its dates, birth dates and ages move by
    one offset per document (:mod:`.dates`).
    """

    def __init__(self, inventory: Inventory | None = None, keep: Iterable[str] = (), source: str = "all",
                 stems: Iterable[str] = (), novel: float = 0.0, like_mention: bool = False,
                 rare_header: float = 0.0):
        self.taxonomy = load_taxonomy()
        self.registry = Registry(self.taxonomy, inventory if inventory is not None else Inventory.from_env(), keep)
        self.source = check_part(source)
        self.stems = check_stems(stems)
        self.novel = check_novel(novel)
        self.rare_header = check_novel(rare_header, "rare header name share")
        self.like_mention = bool(like_mention)

    # -- stage (i) ---------------------------------------------------------------------------------
    def _prepare(self, doc: Document, report: RealizeReport) -> list[_Item]:
        items: list[_Item] = []
        last_end = -1
        for sp in doc.spans:
            report.spans_in += 1
            if not (0 <= sp.start < sp.end <= len(doc.text)):
                report.skipped["bad_offsets"] += 1
                continue
            fixed = repair(doc.text, sp)
            if fixed is None:
                report.skipped["empty_mention"] += 1
                continue
            if fixed != (sp.start, sp.end):
                report.repaired += 1
            try:
                label, sub = normalize(sp.label, sp.sub, self.taxonomy)
            except LabelError:
                report.skipped["unknown_label"] += 1
                continue
            s, e = fixed
            m = _OMITTED.match(doc.text, e)
            if m:  # "(<<<차량번호 1>>> 생략)": the whole placeholder is the mention
                e = m.end()
                report.repaired += fixed == (sp.start, sp.end)
            if s < last_end:
                report.skipped["overlap"] += 1
                continue
            # a gloss (金哲洙 of 김철수(金哲洙)) joins its mention's group: one pseudonym for both
            same = sp.extra.get("same_as")
            mention = group_mention(same if isinstance(same, str) else doc.text[s:e])
            if self.like_mention:  # a phone number written two ways (010-2345-6789, 01023456789) is one number
                mention = digit_key(mention, label) or mention
            items.append(_Item(sp, s, e, label, sub, (mention, label)))
            last_end = e
        return items

    # -- stage (ii) --------------------------------------------------------------------------------
    def _surrogate(self, doc: Document, seed: int, key: tuple[str, str], members: list[_Item], before: str,
                   used: set[str], report: RealizeReport, items: list[_Item] = (),
                   shift: int | None = None, real: frozenset[str] = frozenset()) -> tuple[str, Surrogate | None]:
        first = members[0]
        label, sub = first.label, next((m.sub for m in members if m.sub), None)
        tw = None
        for m in members:
            tw = type_word_after(doc.text[m.end : m.end + WINDOW], label)
            if tw:
                break
        after = doc.text[first.end : first.end + WINDOW]
        kept = _kept(doc.text, first.end, len(after), items) if self.like_mention else None
        ctx = Ctx(label, sub, key[0], before, after, tw, self.like_mention, kept, shift)
        source, fn = self.registry.generator(label, sub, tw)
        if fn is None:
            return source, None
        rng = group_rng(seed, doc.id, key)
        value: Surrogate | None = None
        fallback: Surrogate | None = None
        split = self.source != "all" and source not in SHARED_SOURCES
        is_name = self.registry.taxonomy.is_name(label)
        for _ in range(_TRIES if split else 8):
            # a candidate that still shows the placeholder or the mention is drawn again, and so is one that
            # another group of this document already has (two people must not merge into one; nor two
            # businesses, 유니온 and 유니온기획, that read as one once a type word is set aside), and one
            # outside the source part (a value is train or eval as a whole, whatever its parts)
            raw = fn(rng, ctx)
            value = raw if isinstance(raw, Surrogate) else Surrogate(str(raw))
            if value.shifted:  # a date or an age moved with the whole document: no other value would agree
                return source, value
            names = identities(value, label, is_name)
            if (not value.text or _leaks(key[0], value) or names & used or _shows(value, real)
                    or (self.like_mention and (is_name or label == "닉네임") and _reads_like(key[0], value))
                    or (self.like_mention and _written_as(key[0], value, label))
                    or (is_name and len(value.text) > 1 and _holds(doc.text, value.text))):
                # (the last: a name the text already holds is a real person's, the prosecutor of the 검 사 line,
                # so the pseudonym would make someone else of the document into that person)
                continue
            # a value's identity is its stem (한빛 of 한빛식당); its full text counts too where no type word
            # follows, since the span then shows it whole
            if not split or (in_part(value.stem or value.text) and (tw is not None or in_part(value.text))):
                used.update(names)
                return source, value
            fallback = fallback or value
        if fallback is not None:  # a tiny value space (a grade, a floor) with nothing in this part
            report.out_of_part += 1
            used.update(identities(fallback, label, is_name))
            return source, fallback
        if value is not None and self.like_mention and (identities(value, label, is_name) & used or _shows(value, real)):
            return source, None  # every draw named someone of the document: masked rather than misattributed
        return source, None if value is None or not value.text or _leaks(key[0], value) else value

    @staticmethod
    def _fix_gap(gap: str, prev_form: str | None, paren_owner: str | None, report: RealizeReport) -> tuple[str, str | None]:
        """Re-choose the particle that follows the previous span, or that follows the ``)`` closing a
        parenthetical opened right after an earlier span (``D(가명 E)가``: the particle agrees with D)."""
        fixed = fix_particle(prev_form, gap) if prev_form is not None else gap
        if paren_owner is not None and ")" in fixed:
            i = fixed.index(")") + 1
            fixed = fixed[:i] + fix_particle(paren_owner, fixed[i:])
            paren_owner = None
        if prev_form is not None and gap.startswith("(") and ")" not in gap:
            paren_owner = prev_form
        report.particles_changed += fixed != gap
        return fixed, paren_owner

    # -- stage (iii) -------------------------------------------------------------------------------
    def realize(self, doc: Document, seed: int) -> tuple[Document, RealizeReport]:
        with source_part(self.source), novel_stems(self.novel), rare_header_names(self.rare_header):
            return self._realize(doc, seed)

    def _realize(self, doc: Document, seed: int) -> tuple[Document, RealizeReport]:
        report = RealizeReport(documents=1)
        items = self._prepare(doc, report)
        if self.like_mention:
            items = _with_short_names(items, doc.text, self.registry.taxonomy.is_name)
        groups: dict[tuple[str, str], list[_Item]] = {}
        for it in items:
            groups.setdefault(it.key, []).append(it)  # type: ignore[arg-type]
        # Surrogates are drawn at a group's first occurrence, in document order, so a generator sees the
        # already realised text before it (an account number follows the surrogate bank's layout).
        values: dict[tuple[str, str], Surrogate | None] = {}
        used: set[str] = set()
        if self.like_mention:
            # output mentions are real: a pseudonym equal to another group's mention (the victim's name drawn
            # for the defendant) would name a real person of the document in someone else's role
            used = real_identities(groups, self.registry.taxonomy.is_name)
        # output moves every date by one offset per document (:mod:`.dates`), so their order and distances hold
        shift = document_shift(group_rng(seed, doc.id, ("", "date shift"))) if self.like_mention else None
        # nor may a pseudonym hold a real mention whole (a lot-number address drawn in the very dong the text names
        # beside it: 테헤란로 152, 7층(역삼동) had become 역삼동 192, 7층(응암동))
        real = frozenset(m for it in items if _worded(m := text_of(doc.text, it), it.label)) if self.like_mention else frozenset()

        text = doc.text
        out: list[str] = []
        spans: list[Span] = []
        length = 0
        pos = 0
        prev_form: str | None = None
        paren_owner: str | None = None  # a span followed by "(" whose ")" lies beyond the next span
        for it in items:
            gap, paren_owner = self._fix_gap(text[pos : it.start], prev_form, paren_owner, report)
            out.append(gap)
            length += len(gap)
            if it.key not in values:
                source, v = self._surrogate(doc, seed, it.key, groups[it.key], _recent(out), used, report, items, shift, real)  # type: ignore[index,arg-type]
                values[it.key] = v  # type: ignore[index]
                report.sources[source] += 1
                if v is None:
                    report.skipped["keep" if source == "keep" else "no_surrogate"] += len(groups[it.key])  # type: ignore[index]
                else:
                    report.groups += 1
            value = values[it.key]  # type: ignore[index]
            if value is None:
                out.append(text[it.start : it.end])
                length += it.end - it.start
                prev_form = None
                pos = it.end
                continue
            # a stem's group writes the stem's pseudonym as the stem's own mentions do, then the mention's own type
            # word (성지|코리아)
            mention = text[it.start : it.end - len(it.suffix)]
            after = text[it.end : it.end + WINDOW]
            before = _recent(out)
            where = {w for w in self.stems if w != "court_bare" or is_placeholder(mention)}
            # in output (like_mention) a business written with its type word keeps one before a legal form:
            # 동신건설 주식회사 had become 엠트론 주식회사 while its other mentions read 엠트론건설
            own = trailing_type_word(mention, it.label) if self.like_mention else None
            # ... or the word the value's stem leaves out (은행 of 현남은행 for 대구은행 of 대구은행계좌)
            tail = value.text[len(value.stem):] if value.stem and value.text.startswith(value.stem) else ""
            whole = own is not None or (self.like_mention and tail != "" and mention.endswith(tail))
            form, trimmed = surface_form(value, it.label, before, after, self.registry.taxonomy.is_name(it.label),
                                         stems=where, own_type=whole)
            report.overlaps_removed += trimmed
            if "part" in it.span.extra and self.registry.taxonomy.is_name(it.label):  # 김 씨 of 김민준: 정 씨
                same = it.span.extra.get("same_as")
                form = name_part(form, it.span.extra["part"], mention, same if isinstance(same, str) else None)
            if self.like_mention and not self.registry.taxonomy.is_name(it.label):
                form = shaped_like(form, mention, it.label)
                if own and trailing_type_word(form, it.label) is None and after.lstrip().startswith(CORP_MARKERS):
                    form += own  # 엘원주식회사 before 주식회사: 엘원건설, not 엘원
            if self.like_mention and digit_key(mention, it.label):
                form = written_like(form, mention)  # one number's pseudonym, in this mention's own layout
            elif self.like_mention and mention.strip().isdigit() and (bare := _UNIT_NUMBER.fullmatch(form)):
                form = bare.group(1)  # 3029 of a 3029호 written elsewhere: 1608, as the mention writes it
            form += it.suffix
            out.append(form)
            extra = {k: v for k, v in it.span.extra.items() if k != "text"}
            if "text" in it.span.extra:
                extra["text"] = form
            spans.append(Span(length, length + len(form), it.label, it.sub, it.span.score, extra))
            length += len(form)
            report.realized += 1
            prev_form = form
            pos = it.end
        tail, _ = self._fix_gap(text[pos:], prev_form, paren_owner, report)
        out.append(tail)
        meta = dict(doc.meta)
        meta["surrogate_seed"] = seed
        return Document(doc.id, "".join(out), spans, meta), report


def _with_short_names(items: list[_Item], text: str, is_name) -> list[_Item]:
    """Output mentions keyed by their stem where the document also names the business or place by the stem alone
    (``그린텍코리아(이하 '그린텍'이라 한다)``): one group, so one pseudonym, ``성지코리아(이하 '성지'라 한다)``, as court
    style writes ``G코리아(이하 'G'라 한다)``; two groups had drawn ``글로벌코리아`` and ``성지``, two companies. The
    longer mention is then written as the stem's pseudonym and its own type word."""
    short = {it.key for it in items if it.key is not None and not is_name(it.label)}
    out = []
    for it in items:
        if it.key is not None and (w := trailing_type_word(it.key[0], it.label)):
            stem = it.key[0][:-len(w)].rstrip()
            if (stem, it.label) in short and (suffix := _written_tail(text[it.start:it.end], w)):
                it = replace(it, key=(stem, it.label), suffix=suffix)
        out.append(it)
    return out


def _written_tail(mention: str, word: str) -> str:
    """The characters ``mention`` ends with that read as ``word``, in its own Unicode form, with the spaces before
    them (``그린텍 코리아``: `` 코리아``); empty where none do.

    >>> nfd = unicodedata.normalize("NFD", "그린텍코리아")
    >>> _written_tail("그린텍 코리아", "코리아"), _written_tail(nfd, "코리아") == nfd[-6:], _written_tail("그린텍", "코리아")
    (' 코리아', True, '')
    """
    for k in range(1, len(mention)):
        if unicodedata.normalize("NFC", mention[-k:]) == word:
            while k < len(mention) - 1 and mention[-k - 1].isspace():
                k += 1
            return mention[-k:]
    return ""


def _recent(pieces: list[str], n: int = WINDOW) -> str:
    """The last ``n`` characters of ``"".join(pieces)`` without joining the whole document each time."""
    tail: list[str] = []
    size = 0
    for p in reversed(pieces):
        tail.append(p)
        size += len(p)
        if size >= n:
            break
    return "".join(reversed(tail))[-n:]


def _kept(text: str, start: int, n: int, items: Sequence[_Item]) -> str:
    """``text[start:start + n]`` with the mentions of ``items`` (in document order, not overlapping) blanked
    (``\ufffd``): what of the text after a span the output keeps, so that a bank named after an account number
    counts only where it stays. Found by bisection: a register of thousands of parties is not quadratic."""
    chars = list(text[start : start + n])
    # the first mention ending after ``start`` (their ends ascend); not items[k:]: a copy of the rest each time
    for k in range(bisect.bisect_right(items, start, key=lambda it: it.end), len(items)):
        it = items[k]
        if it.start >= start + n:
            break
        for i in range(max(it.start, start), min(it.end, start + n)):
            chars[i - start] = "\ufffd"
    return "".join(chars)


def text_of(text: str, it: _Item) -> str:
    return text[it.start : it.end].strip()


_LONGEST_MENTION = 40  # characters: longer mentions (a whole address) are not looked for inside a pseudonym


def _worded(mention: str, label: str) -> bool:
    """A mention a pseudonym must not hold whole: two Hangul syllables or more (역삼동, 김민준) besides a unit or
    type word it ends in. A number (a lot's 12, ``12번지``, a unit's 3) turns up inside any phone, account or lot
    by chance and tells nothing, nor does a type word tagged alone (``물류센터``, ``산업``): every pseudonym of its
    kind holds one, and output had masked ``다래 물류센터`` as ``[산업시설] 물류센터`` for it.

    >>> _worded("역삼동", "행정구역-동"), _worded("김민준", "인명"), _worded("12번지", "번지"), _worded("12", "번지")
    (True, True, False, False)
    >>> _worded("물류센터", "산업시설"), _worded("산업", "은행업"), _worded("다래물류센터", "산업시설")
    (False, False, True)
    """
    if sum(1 for c in mention if "가" <= c <= "힣") < 2 or mention.strip() in _strip_words(label, True):
        return False
    w = trailing_type_word(mention, label, units=True)
    return sum(1 for c in (mention[: -len(w)] if w else mention) if "가" <= c <= "힣") >= 2


_SCAN = 50_000  # characters of text a draw searches whole; a longer one (a register) is indexed once


def _holds(text: str, name: str) -> bool:
    """Does ``text`` hold ``name`` anywhere? A register of thousands of parties draws a name per party: searching
    its whole text for each had made a surrogate output quadratic, so a long text is indexed once by the two
    characters each name starts with.

    >>> _holds("검 사\\n김준호\\n\\n공소외 1", "김준호"), _holds("x" * _SCAN + "김준호", "김준호"), _holds("김준", "김준호")
    (True, True, False)
    """
    if len(text) <= _SCAN:
        return name in text
    return any(text.startswith(name, i) for i in _heads(text).get(name[:2], ()))


@functools.lru_cache(maxsize=1)
def _heads(text: str) -> dict[str, list[int]]:
    """Where each two characters of ``text`` start (the document being realised: one entry)."""
    out: dict[str, list[int]] = {}
    for i in range(len(text) - 1):
        out.setdefault(text[i:i + 2], []).append(i)
    return out


def _shows(value: Surrogate, real: frozenset[str]) -> bool:
    """Does the pseudonym hold one of ``real`` (the document's mentions) whole? Its substrings are looked up, so
    a register of thousands of mentions costs what one pseudonym holds.

    >>> _shows(Surrogate("역삼동 192"), frozenset({"역삼동", "테헤란로 152"})), _shows(Surrogate("응암동 19"), frozenset({"역삼동"}))
    (True, False)
    """
    if not real:
        return False
    t = value.text
    return any(t[i:j] in real for i in range(len(t)) for j in range(i + 2, min(len(t), i + _LONGEST_MENTION) + 1))


def _same_surname(mention: str, value: Surrogate) -> bool:
    """A surname named alone (``김`` of ``김 씨``, no full name to link it to) drawn again: its pseudonym's surname
    would write it unchanged."""
    parts = split_name(value.text)
    return parts is not None and parts[0] == mention


def _reads_like(mention: str, value: Surrogate) -> bool:
    """A pseudonym that reads like the real name it stands for: the real given name under another surname
    (``박주희`` -> ``이주희``), two syllables of it in a row (``박채원`` -> ``박채은``, ``박이준`` -> ``이준우``, the nickname
    ``따뜻한감자`` -> ``따뜻한소년``), or the surname named alone drawn again (``김 씨``). Output draws from the
    mention's generation and sex, whose common names are few, so without this check a tenth of pseudonyms did.

        >>> [_reads_like(m, Surrogate(v)) for m, v in (("박주희", "이주희"), ("박채원", "박채은"), ("박주희", "박서연"), ("김", "김민준"))]
        [True, True, False, True]
    """
    a, b = split_name(mention), split_name(value.text)
    if a is not None and b is not None and a[1] == b[1]:
        return True
    return _same_surname(mention, value) or any(mention[i:i + 2] in value.text for i in range(len(mention) - 1)
                                                if re.fullmatch(r"[가-힣]{2}", mention[i:i + 2]))


# the one-syllable units written after a number (3029호, 2층, 12번), which type words leave out: a pseudonym is
# written without its unit where its mention is, and never as the mention once its unit is set aside
_NUMBER_UNITS = "(?:번지|호|동|층|실|번)"
_UNIT_NUMBER = re.compile(rf"(\d+)\s*{_NUMBER_UNITS}")


def _written_as(mention: str, value: Surrogate, label: str) -> bool:
    """Would the pseudonym be written as the mention once the unit or type word the text already has after it is
    left out? (``1702호`` drawn for ``1702`` before ``호`` had given ``1702`` back.)

        >>> _written_as("1702", Surrogate("1702호"), "건물동호수"), _written_as("1702", Surrogate("1802호"), "건물동호수")
        (True, False)
    """
    t = value.text
    w = trailing_type_word(t, label, units=True)
    unit = re.fullmatch(rf"(.+?)\s*{_NUMBER_UNITS}", t)
    return mention.strip() in {t[: -len(w)].rstrip() if w else None, unit.group(1) if unit else None}


def _leaks(mention: str, value: Surrogate) -> bool:
    """Does the surrogate still show the original placeholder (``B`` as a token, ``생략``) or the mention?"""
    m = mention.strip(QUOTES + " ")
    for form in {value.text, value.stem or value.text}:
        if form == m:
            return True
        if is_placeholder(m) and re.search(rf"(?<![A-Za-z0-9]){re.escape(m)}(?![A-Za-z0-9])", form):
            return True
        if "생략" in form:
            return True
    return False


def type_word_after(after: str, label: str) -> str | None:
    """The type word standing right after a span (``식당`` in ``A식당에서``, or ``A 식당``), label-specific
    words first. A one-syllable word counts only when adjacent and before a word boundary or a particle
    (so ``바로`` is not ``바`` + ``로``), and never when it *is* the particle (``로``, ``과``)."""
    if not after:
        return None
    particle = find_particle(after)
    for index in _type_indexes(label):
        if len(after) > 1 and after[0] == " ":
            for w in index.get(after[1], ()):
                if len(w) >= 2 and after.startswith(w, 1):
                    return w
        for w in index.get(after[0], ()):
            if not after.startswith(w):
                continue
            rest = after[len(w) :]
            if len(w) >= 2 or not rest or not is_hangul_syllable(rest[0]) or find_particle(rest) is not None:
                if particle is not None and particle[0] == 0 and particle[1] == len(w):
                    continue
                return w
    return None


# Words law.go.kr glues after the placeholder of a business or an institution that the surrogate lexicon has no
# type for, in ten training documents or more (benchmarks/rounds/court_conventions.py, line 6): ``△△그룹``.
# Court style reads the fuller per-label table, COURT_WORDS; the decoder's widenings stopping before all of its
# words cost six placeholders of the court round trip (BENCHMARKS.md, "One table of the court's words").
COURT_KEPT_WORDS = ("경찰서", "그룹")


def type_word_follows(text: str, b: int, base: str) -> bool:
    """Does a type word of ``base`` (or of any business or place, or a unit word) or a word the court keeps after a
    placeholder (``COURT_KEPT_WORDS``) stand right at ``text[b]``, glued or after one space? The decoder's widenings
    stop there, and consistency spreads a business's name over it.

        >>> t = "라이포스그룹의 회장, 국민 은행에, 하나로 가서"
        >>> type_word_follows(t, 4, "사업체"), type_word_follows(t, 14, "은행업"), type_word_follows(t, 21, "사업체")
        (True, True, False)
    """
    return type_word_after(text[b:b + 32], base) is not None or text.startswith(COURT_KEPT_WORDS, b)


@functools.lru_cache(maxsize=None)
def _index(words: tuple[str, ...]) -> dict[str, tuple[str, ...]]:
    """Words by first character, longest first (type-word lookup is the engine's inner loop)."""
    out: dict[str, list[str]] = {}
    for w in sorted(set(words), key=len, reverse=True):
        out.setdefault(w[0], []).append(w)
    return {k: tuple(v) for k, v in out.items()}


@functools.lru_cache(maxsize=None)
def _type_indexes(label: str) -> tuple[dict[str, tuple[str, ...]], ...]:
    return (_index(type_words(label)), _index(all_type_words()), _index(UNIT_WORDS))


@functools.lru_cache(maxsize=None)
def _strip_words(label: str, units: bool) -> tuple[str, ...]:
    words = set(type_words(label)) | set(all_type_words()) | (set(UNIT_WORDS) if units else set())
    words = {w for w in words if len(w) >= 2} | (set(COURT_WORDS.get(label, ())) if units else set())
    return tuple(sorted(words, key=len, reverse=True))


@functools.lru_cache(maxsize=None)
def _strip_index(label: str, units: bool) -> dict[str, tuple[str, ...]]:
    """:func:`_strip_words` by last character, longest first: a register's tens of thousands of mentions each
    look at the few words that could end them, not at all of them."""
    out: dict[str, list[str]] = {}
    for w in _strip_words(label, units):
        out.setdefault(w[-1], []).append(w)
    return {c: tuple(ws) for c, ws in out.items()}


def trailing_type_word(form: str, label: str, units: bool = False) -> str | None:
    """The type word ``form`` ends in, when two characters remain before it (``units``: unit words such as
    ``지점`` and ``번지`` count too, and the label's ``COURT_WORDS``, as court style reads a mention); the
    engine's and court style's one test.

    >>> trailing_type_word("조조공인중개사사무소", "부동산중개업"), trailing_type_word("강남지점", "지점", units=True)
    ('공인중개사사무소', '지점')
    >>> trailing_type_word("작전점", "지점", units=True), trailing_type_word("작전점", "지점"), trailing_type_word("작점", "지점", units=True)
    ('점', None, None)
    """
    for w in _strip_index(label, units).get(form[-1:], ()):
        if form.endswith(w) and len(form) - len(w) >= 2:
            return w
    return None


def shaped_like(form: str, mention: str, label: str) -> str:
    """A business or place surrogate with the type word of the real mention it replaces, or with none where the
    mention has none (the ``surrogate`` output mode, ``like_mention``): the value is drawn for the tagger's
    label, and a label read wrongly had put another kind of place into the text (``카페 '달빛정원'`` typed
    에너지·자원시설 came out as ``카페 '일산동발전소'``). A form that would give the mention back stays as drawn.

    >>> shaped_like("일산동발전소", "달빛정원", "에너지·자원시설"), shaped_like("참빛상가", "행복마트", "도소매및유통업")
    ('일산동', '참빛마트')
    >>> shaped_like("도담산업", "도담", "사업체"), shaped_like("대구은행", "새솔은행", "은행업"), shaped_like("이든", "한별", "사업체")
    ('도담산업', '대구은행', '이든')
    """
    have = trailing_type_word(form, label)
    own = trailing_type_word(mention, label)
    if have is None or have == own:
        return form
    new = form[: -len(have)].rstrip() + (own or "")
    return form if new == mention else new


def identities(value: Surrogate, label: str, is_name: bool = False) -> set[str]:
    """What a value reads as, a type word set aside: ``유니온기획`` is also ``유니온``, so a document's other
    groups may be neither.

    >>> sorted(identities(Surrogate("유니온기획", "유니온"), "사업체")), sorted(identities(Surrogate("김은행"), "인명", True))
    (['유니온', '유니온기획'], ['김은행'])
    """
    out = {value.text}
    if value.stem:
        out.add(value.stem)
    stripped = None if is_name else _strip_type(value.text, label)
    if stripped:
        out.add(stripped)
    return out


def real_identities(groups: Iterable[tuple[str, str]], is_name) -> set[str]:
    """The identities (:func:`identities`) of every group's real mention, which no pseudonym may take in output.

    >>> sorted(real_identities([("김재후", "인명"), ("미래건설", "건설시공업")], lambda label: label == "인명"))
    ['김재후', '미래', '미래건설']
    """
    out: set[str] = set()
    for mention, label in groups:
        out |= identities(Surrogate(mention), label, is_name(label))
    return out


def _strip_type(form: str, label: str, units: bool = False) -> str | None:
    """``조조공인중개사사무소`` -> ``조조``: a sampled name minus its own type word, when two syllables remain
    (``units``: as court style reads a mention, :func:`trailing_type_word`)."""
    w = trailing_type_word(form, label, units)
    if not w:
        return None
    out = form[: -len(w)].rstrip()
    while units and (w := trailing_type_word(out, label, units)):  # court style would read 전략기획 as A기획
        out = out[: -len(w)].rstrip()
    return out


@functools.lru_cache(maxsize=None)
def _court_keeps_type_word(label: str) -> bool:
    """Does court style keep a type word after this label's placeholder (a letter or a symbol, not an omission)?"""
    from thunder_deid.operators.court import court_style

    return court_style(label) != "omit"


def surface_form(value: Surrogate, label: str, before: str, after: str, is_name: bool = False,
                 stems: Iterable[str] = (), own_type: bool = False) -> tuple[str, bool]:
    """The surrogate's form for one occurrence and whether an overlap with the context was removed;
    ``stems``: where else the value's stem is written (:class:`Realizer`; ``court_bare`` here means the
    occurrence was a court placeholder); ``own_type``: the mention holds its own type word (``동신건설`` of
    ``동신건설 주식회사``), so a legal form after it does not stand for that word.

    >>> v = Surrogate("산곡변전소")
    >>> surface_form(v, "에너지·자원시설", "카페 '", "정원'에서"), surface_form(v, "에너지·자원시설", "카페 '", "정원'에서", stems={"in_words"})
    (('산곡변전소', False), ('산곡', True))
    >>> b = Surrogate("도담주식회사")
    >>> surface_form(b, "사업체", "(", ") 그룹"), surface_form(b, "사업체", "(", ") 그룹", stems={"court_bare"})
    (('도담주식회사', False), ('도담', True))
    >>> surface_form(Surrogate("경웅은행"), "은행업", "명의의 ", "계좌로", stems={"in_words"}, own_type=True)
    ('경웅은행', False)
    """
    if is_name:
        return value.text, False
    tw = type_word_after(after, label)
    if own_type:  # a whole name whatever follows it: 대구은행 지점 is 현남은행 지점, not 현남 지점
        tw = None
    # a mention ending in its own type word is a whole name, whatever is glued after it (대구은행 of 대구은행계좌)
    glued = ("in_words" in stems and not own_type and tw is None and after[:1] != "" and is_hangul_syllable(after[0])
             and not _particles_follow(after))
    # a court placeholder that court style gives a letter or a symbol (a business, an institution, a place)
    # covers the name without the type word court style keeps, whether one follows (C 주식회사) or not: the
    # stem is read by court style's own test (``□□□특허법률사무소`` is never ``명성법무법인특허법률사무소``)
    bare = "court_bare" in stems and _court_keeps_type_word(label)
    glued = glued or bare
    form = value.form(type_follows=tw is not None or glued)
    trimmed = False
    # literal overlap with what follows (``서울이태원지구대`` + ``지구대``, ``1203호`` + ``호``, across one space)
    a = after[1:] if after.startswith(" ") else after
    for k in range(min(len(form) - 1, 12), 0, -1):
        suf = form[-k:]
        if not a.startswith(suf) or not all(is_hangul_syllable(c) for c in suf):
            continue
        if k == 1 and (suf not in UNIT_WORDS or (after.startswith(" ") and suf not in _SPACED_UNITS)):
            continue
        p = find_particle(after)
        if p is not None and p[0] == 0 and p[1] == k:
            continue  # the overlap is a particle (로, 과): keep it
        form, trimmed = form[:-k].rstrip(), True
        break
    if not trimmed and (value.stem is None or bare) and (glued or (tw is not None and len(tw) >= 2 and tw in type_words(label))):
        # a sampled name whose type word differs from the label's type word that follows (다방 + 커피숍), or
        # from the word's own rest (산곡변전소 + 정원); a court placeholder's stem that still ends in one (에버테크)
        stem = _strip_type(form, label, units=bare)
        if stem:
            form, trimmed = stem, True
    for mk in CORP_MARKERS:
        if before.rstrip().endswith(mk) and form.startswith(mk) and len(form) > len(mk):
            form, trimmed = form[len(mk) :].lstrip(), True
        if after.lstrip().startswith(mk) and form.endswith(mk) and len(form) > len(mk):
            form, trimmed = form[: -len(mk)].rstrip(), True
    # a counted number whose unit differs from the one that follows (``203호`` + ``실``) drops its unit
    m = _COUNTED.match(form)
    if m and not trimmed and after[:1] and is_hangul_syllable(after[0]) and any(after.startswith(u) for u in _FOLLOW_UNITS):
        form, trimmed = m.group(1), True
    return form, trimmed


STEMS = ("in_words", "court_bare")


def check_stems(stems: Iterable[str]) -> frozenset[str]:
    """``stems`` of a :class:`Realizer`, checked: a typo must not silently realise another way."""
    out = frozenset(stems)
    bad = sorted(out - set(STEMS))
    if bad:
        raise ValueError(f"stems: unknown {', '.join(bad)} (choose from {', '.join(STEMS)})")
    return out


def _particles_follow(after: str) -> bool:
    from thunder_deid.consistency import particle_follows  # particles as consistency reads them (에, 에서의)

    return particle_follows(after[:12])


_COUNTED = re.compile(r"^(.*\d)(번|호|층|세|기|년|동|번지|블록|로트|학년)$")
_FOLLOW_UNITS = ("번", "호", "층", "세", "기", "년", "동", "실", "차", "선", "블록", "로트", "학년", "개월", "회", "명", "원", "대", "칸", "라인")


_DEFAULT: dict[tuple[str, frozenset[str], float, bool, float], Realizer] = {}


def default_realizer(source: str = "all", stems: Iterable[str] = (), novel: float = 0.0,
                     like_mention: bool = False, rare_header: float = 0.0) -> Realizer:
    """The shared realizer of a source part (``train`` for training data, ``eval`` for held-out sets),
    ``stems``, ``novel``, ``like_mention`` and ``rare_header`` (:class:`Realizer`)."""
    key = (source, check_stems(stems), check_novel(novel), bool(like_mention),
           check_novel(rare_header, "rare header name share"))
    if key not in _DEFAULT:
        _DEFAULT[key] = Realizer(source=source, stems=key[1], novel=key[2], like_mention=key[3], rare_header=key[4])
    return _DEFAULT[key]


def realize_document(doc: Document, seed: int, realizer: Realizer | None = None) -> tuple[Document, RealizeReport]:
    """Realise one document with replacement seed ``seed``."""
    return (realizer or default_realizer()).realize(doc, seed)


def realize_documents(docs: Iterable[Document], seed: int, realizer: Realizer | None = None,
                      report: RealizeReport | None = None) -> Iterator[Document]:
    """Realise documents lazily; counts are added into ``report`` when one is given."""
    r = realizer or default_realizer()
    for doc in docs:
        out, rep = r.realize(doc, seed)
        if report is not None:
            report.update(rep)
        yield out
