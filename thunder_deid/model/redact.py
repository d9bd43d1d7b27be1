"""Render a tagged document for output: inline tags, label placeholders, or Document JSON.

=====  ==========================================================================================
mode   output
=====  ==========================================================================================
tag    the inline format of the corpus, ``<<<MENTION:LABEL>>>`` (``thunder_deid.inline``)
mask   each span replaced by its label in brackets, ``[인명]`` (the label is the model's target,
       e.g. ``[인명]``, ``[은행업]``, ``[주소]`` … at the level the model was trained on)
json   one Document JSON object (``{"id", "text", "spans"}``), text unchanged
=====  ==========================================================================================

    >>> from thunder_deid.document import Document, Span
    >>> d = Document("d", "피고인 김민준은 하나은행에", [Span(4, 7, "인명"), Span(9, 13, "은행업")])
    >>> render(d, "mask")
    '피고인 [인명]은 [은행업]에'
    >>> render(d, "tag")
    '피고인 <<<김민준:인명>>>은 <<<하나은행:은행업>>>에'
"""

from __future__ import annotations

import json

from thunder_deid.document import Document

MODES = ("tag", "mask", "json")


def mask(doc: Document) -> str:
    out, pos = [], 0
    for s in sorted(doc.spans, key=lambda s: (s.start, s.end)):
        if s.start < pos:  # overlapping predictions cannot happen from BIO decoding; keep the first
            continue
        out += [doc.text[pos:s.start], f"[{s.label}]"]
        pos = s.end
    out.append(doc.text[pos:])
    return "".join(out)


def render(doc: Document, mode: str) -> str:
    if mode == "mask":
        return mask(doc)
    if mode == "tag":
        from thunder_deid.inline import render_inline

        return render_inline(doc)
    if mode == "json":
        return json.dumps(doc.to_dict(), ensure_ascii=False)
    raise ValueError(f"unknown mode {mode!r}; choose one of {', '.join(MODES)}")
