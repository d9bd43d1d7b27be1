"""Vietnamese-style names the tagger read in part: ``응우옌`` of ``응우옌 반 안``, widened over the given name."""

from __future__ import annotations

import functools
import re
from dataclasses import replace

from thunder_deid.consistency import Ranges, particle_follows
from thunder_deid.document import Document

@functools.lru_cache(maxsize=1)
def _spaced_families() -> frozenset[str]:
    """Family names of the nations whose given names are written in words after them (베트남: 응우옌 반 안)."""
    from thunder_deid.surrogates.lexicon import packaged

    return frozenset(f for spec in packaged()["names"]["foreign"].values()
                     if spec.get("order") != "given_first" and any(" " in g for g in spec["given"])
                     for f in spec["family"])


_GIVEN_WORDS = re.compile(r"(?:[ \t][가-힣]{1,2}){1,2}")
_HANGUL_WORD = re.compile(r"[가-힣]+")
_NAME_WORDS = 3  # family, middle and given name: 응우옌 반 안


def whole_foreign_names(doc: Document) -> Document:
    """A person-name span that starts with a Vietnamese-style family name (``응우옌``, ``쩐``) and stops before the
    name's three words widened over the short words after it (``응우옌 반 안은``: the model read ``응우옌`` or
    ``쩐 반``, and the rest would stay readable), to where a particle or the word's end follows.

        >>> from thunder_deid.document import Span
        >>> t = "피해자 응우옌 반 안은 피고인 응우옌에게, 응우옌 티 흐엉(29세), 쩐 반 훙에게"
        >>> sp = [Span(4, 7, "인명"), Span(17, 20, "인명"), Span(24, 27, "인명"), Span(39, 42, "인명")]
        >>> [t[s.start:s.end] for s in whole_foreign_names(Document("d", t, sp)).spans]
        ['응우옌 반 안', '응우옌', '응우옌 티 흐엉', '쩐 반 훙']
    """
    families = _spaced_families()
    taken = Ranges((s.start, s.end) for s in doc.spans)
    out, changed = [], False
    for s in doc.spans:
        have = doc.text[s.start:s.end].split()
        m = _GIVEN_WORDS.match(doc.text, s.end) if (s.label == "인명" and have and have[0] in families
                                                    and len(have) < _NAME_WORDS) else None
        words = [w.span() for w in _HANGUL_WORD.finditer(doc.text, m.start(), m.end())] if m else []
        # the longest reading whose last word ends before a particle; a particle glued to it stays out
        end = next((a + cut for a, b in reversed(words[:_NAME_WORDS - len(have)]) for cut in range(1, b - a + 1)
                    if particle_follows(doc.text[a + cut:a + cut + 12])), None)
        if end is not None and not taken.overlaps(s.end, end):
            out.append(replace(s, end=end))
            changed = True
        else:
            out.append(s)
    return doc.with_spans(out) if changed else doc

