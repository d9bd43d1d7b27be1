"""A person named by part after being named in full: the surname with ``씨`` (``김 씨``, ``박씨``), the given
name alone (``민준이는``).

Statements and judgments name a party in full once and by part after. Read as mentions of their own, a part
becomes a new person (``김 씨는`` -> ``C는`` beside ``피고인 A``; ``나현숙은`` beside ``김재후``), and an undetected
``박씨`` shows the surname of a masked ``박서연``. Where exactly one person of the document bears the surname (or
the given name), the part is that person's: linked by ``extra["same_as"]`` as a gloss is, with ``extra["part"]``
saying which part, so ``court`` gives it the person's letter (``A 씨는``) and ``surrogate`` the pseudonym's own
surname or given name. The honorific stays outside the span::

    >>> from thunder_deid.document import Document, Span
    >>> t = "피고인 김민준은 피해자 박서연에게 연락하였다. 김 씨는 부인하였고 박씨는 신고하였다. 민준이는 도망갔다."
    >>> spans = [Span(4, 7, "인명"), Span(13, 16, "인명"), Span(26, 29, "인명"), Span(48, 51, "인명")]
    >>> [(t[s.start:s.end], s.extra) for s in with_name_parts(Document("d", t, spans)).spans]  # doctest: +NORMALIZE_WHITESPACE
    [('김민준', {}), ('박서연', {}), ('김', {'same_as': '김민준', 'part': 'surname'}),
     ('박', {'same_as': '박서연', 'part': 'surname', 'propagated': True}), ('민준이', {'same_as': '김민준', 'part': 'given'})]

Two people of one surname leave ``김 씨`` unlinked (still a surname, read as one), and no span is added for it.
A given name is linked only where the model read it as a name (``지원``, ``수정`` are words too).
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import replace

from thunder_deid.consistency import Ranges, particle_follows
from thunder_deid.document import Document, Span
from thunder_deid.surrogates.hangul import has_final
from thunder_deid.surrogates.lexicon import packaged
from thunder_deid.surrogates.people import split_name

# honorifics and forms of address after a surname: kept outside the span (court style writes "A 씨"); not all of
# the decoder's NAME_SUFFIXES, as 님 and 옹 also end given names (주꽃님 is no 주꽃 addressed)
_TITLE = re.compile(r"[ \t]?(?:씨|군|양)$")
# an undetected reference: a surname standing as a word, then 씨 ending the word (not 씨앗)
_REFERENCE = re.compile(r"(?<![가-힣])([가-힣]{1,2})[ \t]?씨")
# words that are a surname's syllable and 씨 without naming anyone: 성씨 (a surname), 종씨 (one of the same clan),
# 모씨 (someone), 제씨 (gentlemen)
_NOT_REFERENCES = frozenset({"성씨", "종씨", "모씨", "제씨", "씨씨"})
# the 이 of address before a particle (민준이에게, 민준이는): not the subject particle of 민준이 왔다
_AFTER_CALLED = r"(?=(?:에게|한테|는|가|를|와|의|도|만|랑|하고)(?![가-힣]))"
_CALLED = re.compile("이" + _AFTER_CALLED)
# an undetected given name so called: 지원이는 (지원 of a masked 최지원; 지원이 가능하다 is not one)
_ADDRESSED = re.compile(r"(?<![가-힣])[가-힣]{2,}?이" + _AFTER_CALLED)


def _is_name(span: Span) -> bool:
    from thunder_deid.taxonomy import load_taxonomy

    return load_taxonomy().is_name(span.full_label)


def _form(text: str, s: Span) -> str:
    return unicodedata.normalize("NFC", text[s.start:s.end]).strip()


def _called(given: str) -> str | None:
    """A given name with the ``이`` of address (``민준이``), for a given name of two syllables or more that ends in
    a consonant; None otherwise."""
    return given + "이" if len(given) >= 2 and has_final(given) else None


def _untitled(text: str, s: Span, surnames) -> Span:
    """``s`` without a trailing ``씨``/``군``/``양`` where what is left is a surname or a name (``김민준 씨``
    is ``김민준``'s mention, the same entity)."""
    title = _TITLE.search(text, s.start, s.end)
    if title is None or title.start() == s.start:
        return s
    bare = _form(text, replace(s, end=title.start()))
    return replace(s, end=title.start()) if bare in surnames or split_name(bare) is not None else s


class _People:
    """The full names of a document's people, looked up by surname and by given name (a register of thousands
    of parties costs what it holds)."""

    def __init__(self, forms: set[str]):
        named = {f: p for f in forms if (p := split_name(f)) is not None and p[1] != "모"}  # 김모: someone
        self.by_given: dict[str, set[str]] = {}
        for f, (_, given) in named.items():
            if len(given) >= 2:
                for g in filter(None, (given, _called(given))):
                    self.by_given.setdefault(g, set()).add(f)
        # a form that is another's given name (민준 of 김민준, read 민 + 준) is a part, not a person
        self.fulls = {f for f in named if not self.by_given.get(f, set()) - {f}}
        self.by_surname: dict[str, set[str]] = {}
        for f in self.fulls:
            self.by_surname.setdefault(named[f][0], set()).add(f)
        self.given = {f: named[f][1] for f in self.fulls}

    @staticmethod
    def _one(found: set[str] | None) -> str | None:
        return next(iter(found)) if found and len(found) == 1 else None

    def of_surname(self, surname: str) -> str | None:
        return self._one(self.by_surname.get(surname))

    def of_given(self, form: str) -> str | None:
        return self._one(self.by_given.get(form, set()) & self.fulls)


def with_name_parts(doc: Document, add: bool = True) -> Document:
    """``doc`` with its person spans that name someone by part linked to the full name (see the module);
    ``add``: also a span for each undetected ``<surname> 씨`` or ``<given name>이<particle>`` of a person the
    document names in full."""
    text = doc.text
    surnames = packaged()["names"]["surnames"]
    named = [_is_name(s) for s in doc.spans]
    spans = [_untitled(text, s, surnames) if is_name else s for s, is_name in zip(doc.spans, named)]
    changed = any(a.end != b.end for a, b in zip(spans, doc.spans))
    people = {i: _form(text, s) for i, s in enumerate(spans)
              if named[i] and "part" not in s.extra and "same_as" not in s.extra}  # span index -> its form
    known = _People(set(people.values()))
    first: dict[str, Span] = {}
    for i, f in people.items():
        first.setdefault(f, spans[i])
    for i, f in people.items():
        s = spans[i]
        if f in known.fulls:
            continue
        if f in surnames:
            part, who = "surname", known.of_surname(f)
        elif (who := known.of_given(f)) is not None:
            part = "given"
            if f == known.given[who] and _called(f) and _CALLED.match(text, s.end):
                s = replace(s, end=s.end + 1)  # 서연|이에게: the 이 of address is the name's, 에게 the particle
        else:
            continue
        spans[i] = replace(s, extra={**s.extra, **({"same_as": who} if who else {}), "part": part})
        changed = True
    if add:
        taken = Ranges((s.start, s.end) for s in spans)
        found = [(m.start(1), m.end(1), "surname", known.of_surname(m.group(1))) for m in _REFERENCE.finditer(text)
                 if particle_follows(text[m.end():m.end() + 12]) and m.group() not in _NOT_REFERENCES]
        found += [(m.start(), m.end(), "given", known.of_given(m.group())) for m in _ADDRESSED.finditer(text)]
        for a, b, part, who in found:
            if who is None or taken.overlaps(a, b):
                continue
            model = first[who]
            spans.append(Span(a, b, model.label, model.sub, model.score,
                              {"same_as": who, "part": part, "propagated": True}))
            taken.add(a, b)
            changed = True
    return doc.with_spans(sorted(spans, key=lambda s: (s.start, s.end))) if changed else doc
