"""Names joined by a middle dot before one type word share it: ``조선·중앙·동아일보`` is three newspapers and
``국민·신한·우리은행`` three banks, the type word written once, after the last. The tagger reads the last name, the
one the type word stands beside, and leaves the others as if they were words of the sentence; this step of the
policy (:meth:`thunder_deid.policy.Policy.prepare`, after the recognizers) gives each name before it the last
one's label, so court style writes ``A·B·C일보`` and ``○○·△△·□□은행``::

    >>> from thunder_deid.document import Span
    >>> t = "그린·승일·늘푸른일보의 광고주, 국민·신한 은행, 김민준·이서연"
    >>> at = lambda w, n, label: Span(t.index(w), t.index(w) + n, label)
    >>> sp = [at("늘푸른", 5, "언론관련산업"), at("신한", 2, "은행업"), at("이서연", 3, "인명")]
    >>> [(t[s.start:s.end], s.label) for s in coordinated(sp, t)]
    [('그린', '언론관련산업'), ('승일', '언론관련산업'), ('늘푸른일보', '언론관련산업'), ('국민', '은행업'), ('신한', '은행업'), ('이서연', '인명')]

Only a business's or an institution's span lends its label (``consistency.named_by_type``), only to names of two
characters or more joined to it by middle dots alone, and never over another span. Persons are left to the
tagger: ``김민준·이서연`` is two people whatever the tagger read. It is not the decoder's: the names are right,
but the label the last one lends is its own leaf (``언론관련산업``), where an annotation may give the list its
parent (BENCHMARKS.md, "Names joined by middle dots share the type word after the last").
"""

from __future__ import annotations

import re
from typing import Sequence

from thunder_deid.consistency import named_by_type
from thunder_deid.document import Span

# names of two to twelve letters, each followed by a middle dot (U+00B7, or the Hangul one, U+318D), ending a stretch
_BEFORE = re.compile(r"(?<![0-9A-Za-z가-힣])((?:[0-9A-Za-z가-힣]{2,12}[·ㆍ])+)$")
_LOOK = 80  # characters before a span searched for the names
_WORD = re.compile(r"[0-9A-Za-z가-힣]")


def coordinated(spans: Sequence[Span], text: str) -> list[Span]:
    """``spans`` and a span for each name joined by middle dots to a business's or institution's span after it."""
    spans = sorted(spans, key=lambda s: (s.start, s.end))
    out = list(spans)
    for i, s in enumerate(spans):
        if named_by_type(s.label) is None:
            continue
        lo = max(spans[i - 1].end if i else 0, s.start - _LOOK)  # never over the span before
        m = _BEFORE.search(text[lo:s.start])
        if m is None or (m.start() == 0 and lo > 0 and _WORD.match(text[lo - 1])):
            continue  # the stretch began inside a word (or right after the span before: 한빛|건설·)
        a = lo + m.start(1)
        for name in re.finditer(r"[0-9A-Za-z가-힣]+", m.group(1)):
            out.append(Span(a + name.start(), a + name.end(), s.label, score=s.score, extra={"coordinated": True}))
    return sorted(out, key=lambda s: (s.start, s.end))
