"""``surrogate``: realistic pseudonyms from the seeded surrogate engine (:mod:`thunder_deid.surrogates`).

One pseudonym per mention group (the same mention and label), of the mention's type, particles repaired;
the same ``seed`` gives the same output, and no seed a secret one (a known seed lets anyone test candidate names
against the output). The engine rewrites a whole document; this operator reads its
output back as replacements over the source text, so a format-preserving writer can apply them too.

    >>> from thunder_deid.document import Document, Span
    >>> text = "피고인 김민준은 김민준의 어머니와 함께 살았다."
    >>> doc = Document("d", text, [Span(4, 7, "인명"), Span(9, 12, "인명")])
    >>> reps = Surrogate(seed=7).replacements(doc)
    >>> names = [r.text for r in reps if r.label]
    >>> names[0] == names[1] != "김민준"
    True
    >>> from thunder_deid.operators.base import apply
    >>> out = apply(text, reps)
    >>> out.startswith("피고인 " + names[0]) and out.endswith("의 어머니와 함께 살았다.")
    True
"""

from __future__ import annotations

import difflib
import secrets
from dataclasses import replace

from thunder_deid.document import Document, Span
from thunder_deid.operators.base import Operator, Replacement, apply, non_overlapping, register

_MARK = "_operator_span"  # carried through the engine in Span.extra to pair output spans with input spans


@register
class Surrogate(Operator):
    name = "surrogate"
    description = "seeded realistic pseudonyms, one per mention group, particles repaired"

    def __init__(self, seed: int | None = None, realizer=None):
        # no seed: a secret one. The pseudonyms are a function of the seed, the document's id and the mention, so
        # whoever knows the seed (0, say) can draw them for a list of candidate names and find which one a
        # published pseudonym hides
        self.seed = secrets.randbits(63) if seed is None else int(seed)
        self.realizer = realizer

    def replacements(self, doc: Document) -> list[Replacement]:
        from thunder_deid.surrogates.engine import default_realizer, realize_document

        spans = list(non_overlapping(doc))
        marked = doc.with_spans(replace(s, extra={**s.extra, _MARK: i}) for i, s in enumerate(spans))
        # a model's span can stop inside a word (달빛 of 달빛정원): its surrogate is then a stem
        # and a person's pseudonym reads like the real name it replaces (sex, generation)
        out, _ = realize_document(marked, self.seed,
                                  self.realizer or default_realizer(stems={"in_words"}, like_mention=True))
        reps = as_replacements(doc.text, spans, out)
        # a mention the engine has no surrogate for must not stay readable: it is masked as in `mask` mode
        done = {o.extra[_MARK] for o in out.spans}
        for i, sp in enumerate(spans):
            if i not in done and not any(r.start < sp.end and sp.start < r.end for r in reps):
                reps.append(Replacement(sp.start, sp.end, f"[{sp.label}]", sp.label))
        return sorted(reps, key=lambda r: (r.start, r.end))


def as_replacements(src: str, spans: list[Span], out: Document) -> list[Replacement]:
    """The replacements that turn ``src`` into ``out.text``: each realised span in full, and the few
    characters the engine changed between them (particles)."""
    reps: list[Replacement] = []
    spos = opos = 0
    for o in out.spans:
        s = spans[o.extra[_MARK]]
        reps += _diff(src, spos, s.start, out.text[opos:o.start])
        reps.append(Replacement(s.start, s.end, out.text[o.start:o.end], s.label))
        spos, opos = s.end, o.end
    reps += _diff(src, spos, len(src), out.text[opos:])
    if apply(src, reps) != out.text:  # the engine's output must be reproduced exactly
        raise AssertionError("surrogate replacements do not reproduce the engine's output")
    return reps


def _diff(src: str, a: int, b: int, new: str) -> list[Replacement]:
    old = src[a:b]
    if old == new:
        return []
    ops = difflib.SequenceMatcher(None, old, new, autojunk=False).get_opcodes()
    return [Replacement(a + i1, a + i2, new[j1:j2]) for tag, i1, i2, j1, j2 in ops if tag != "equal"]
