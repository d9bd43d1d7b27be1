"""Spans back from a masked text: score a system that outputs only its de-identified text.

Other systems (Presidio, ko-pii, a prompted LLM, a vendor's service) return the document with each mention
replaced by a token -- ``[인명]``, ``<PERSON>``, ``***`` -- not spans. ``eval`` scores spans over the original
text, so ``align`` finds them: where the system's text leaves the original, the original's characters up to
where the two agree again are a replaced mention, and the token that stands there names its label::

    >>> doc = align_text("d", "피고인 김민준은 하나은행 계좌로 보냈다", "피고인 [인명]은 [은행업] 계좌로 보냈다")
    >>> [(doc.text[s.start:s.end], s.label) for s in doc.spans]
    [('김민준', '인명'), ('하나은행', '은행업')]

A token's label is the taxonomy node it names (brackets and spaces stripped), else what ``labels`` maps it to
(``{"PERSON": "인명"}``), else ``default`` (for binary scores of a system whose tokens say nothing, ``***``);
a token nothing names is an error that lists them. Tokens standing side by side (``[인명] [인명]``) are told
apart by the text between them::

    >>> doc = align_text("d", "김민준 이서연은 갔다", "<PERSON> <PERSON>은 갔다", labels={"PERSON": "인명"})
    >>> [doc.text[s.start:s.end] for s in doc.spans]
    ['김민준', '이서연']

Tokens with only spaces between them (``<DATE_TIME> <LOCATION>``) are split at the original's first space,
which is a guess where the first mention holds spaces itself (``2020. 3. 5. 서울 강남구 …``): ``align`` counts
such splits and says so. The system must keep the rest of the text as it was: a pseudonymiser whose fake name shares a first syllable
with the real one (``김민준`` -> ``김서준``) aligns from where they differ, and a system that rewrites Unicode forms
leaves spurious spans. Spaces and line ends a system collapsed or rewrote are no replacement, and nor is a particle
written in the form its token reads with (``[인명]을`` for ``박영희를``, as ``redact --mode mask`` and a careful LLM
write it)::

    >>> doc = align_text("d", "박영희를 만나 부산으로 갔다", "[인명]을 만나 [주소]로 갔다")
    >>> [(doc.text[s.start:s.end], s.label) for s in doc.spans]
    [('박영희', '인명'), ('부산', '주소')]
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Mapping

from thunder_deid.document import Document, Span
from thunder_deid.errors import ThunderDeidError
from thunder_deid.surrogates.hangul import PAIRS, is_hangul_syllable

ANCHOR = 8  # characters both texts must share again for a replacement to have ended
MAX_TOKEN = 200  # how far into the system's text a replacement may run
MAX_MENTION = 5000  # how far into the original
# a system's replacement tokens: bracketed labels (no bracket inside: "{ 피고인 [사업체] 주식회사는 … }" is the
# original's own aside around a token), and runs of the characters masks are drawn with
_INNER = r"[^\[\]<>＜＞【】《》{}\n]{1,40}"
TOKEN = re.compile(rf"\[{_INNER}\]|<{_INNER}>|＜{_INNER}＞|【{_INNER}】|《{_INNER}》|\{{{_INNER}\}}|\*{{2,}}|[○●□■◯xX#]{{2,}}")
_BRACKETS = "[]<>＜＞【】《》{}()（）"


@dataclass
class Labels:
    """How a token becomes a label: the taxonomy node it names, ``mapping``, else ``default``."""

    mapping: Mapping[str, str] = field(default_factory=dict)
    default: str | None = None
    unknown: dict[str, int] = field(default_factory=dict)  # tokens nothing named, counted
    guessed: int = 0  # replacements split from the next one at a space that was one of several

    def __post_init__(self) -> None:
        from thunder_deid.taxonomy import load_taxonomy

        self.tax = load_taxonomy()
        for token, label in self.mapping.items():
            if label not in self.tax:
                raise ThunderDeidError(f"--labels: {token!r} maps to {label!r}, not a taxonomy node"
                                       f"{self.tax.did_you_mean(label)}")
        if self.default is not None and self.default not in self.tax:
            raise ThunderDeidError(f"--default-label {self.default!r} is not a taxonomy node"
                                   f"{self.tax.did_you_mean(self.default)}")

    def __call__(self, token: str) -> str | None:
        bare = token.strip().strip(_BRACKETS).strip()
        for key in (token.strip(), bare):
            if key in self.mapping:
                return self.mapping[key]
        if bare in self.tax:
            return bare
        if self.default is None:
            self.unknown[bare] = self.unknown.get(bare, 0) + 1
        return self.default


def regions(orig: str, red: str, labels: "Labels | None" = None) -> list[tuple[int, int, int, int]]:
    """``(i, i2, j, j2)`` for each stretch where ``orig[i:i2]`` became ``red[j:j2]``, in order; the rest is
    equal. Where the system's text holds a token (:data:`TOKEN`), the stretch is the token, and the original's
    side ends where the text after the token (up to the next token, at most :data:`ANCHOR` characters) comes
    next; elsewhere it ends at the nearest place (fewest characters skipped on both sides) after which the two
    texts agree for :data:`ANCHOR` characters, or at their ends.

    >>> regions("김민준은 갔고 이서연은 남았다", "[인명]은 갔고 [인명]은 남았다")
    [(0, 3, 0, 4), (8, 11, 9, 13)]
    """
    out, i, j, n, m = [], 0, 0, len(orig), len(red)
    while i < n and j < m:
        if orig[i] == red[j] and not _token_at(orig, red, i, j):
            i, j = i + 1, j + 1
            continue
        if out and (step := _alternation(orig, red, i, j)) and _goes_on_alike(orig, red, i + step[0], j + step[1]):
            i, j = i + step[0], j + step[1]  # a particle after a token (or its aside), in the form the token reads with
            continue
        if orig[i].isspace() != red[j].isspace() or (orig[i].isspace() and red[j].isspace()):
            # spaces a system collapsed or line ends it rewrote (\r\n -> \n) are no replacement
            i, j = i + orig[i].isspace(), j + red[j].isspace()
            continue
        i2, j2 = _after_tokens(orig, red, i, j, labels) or _resync(orig, red, i, j)
        out.append((i, i2, j, j2))
        i, j = i2, j2
    if i < n or j < m:
        out.append((i, n, j, m))
    return out


@functools.lru_cache(maxsize=4096)
def _flex(literal: str, at_end: bool = False) -> re.Pattern:
    """``literal`` as a pattern in which a run of whitespace matches any run (a system may have collapsed spaces
    or rewritten line ends) and a particle where one can begin (first, or after a character that is no Hangul
    syllable: a token's, an aside's or a quote's end) any of its forms (:func:`_particle_forms`: a system may write
    the particle after a token in the form the token reads with, ``[인명]을`` for ``박영희를``, ``[인명]이고`` for
    ``김민호고``); ``at_end``: it must end the text.

    >>> bool(_flex("이고 소외").match("고  소외")), bool(_flex("’이라는 ").match("’라는 ")), bool(_flex("이고").match("가고"))
    (True, True, False)
    """
    parts = re.split(r"(\s+)", literal)
    body = "".join(r"\s+" if k % 2 else _particles_flexed(p) for k, p in enumerate(parts))
    return re.compile(body + (r"\s*\Z" if at_end else ""))


def _particles_flexed(word: str) -> str:
    forms, out, p = _particle_forms(), [], 0
    while p < len(word):
        if p == 0 or not is_hangul_syllable(word[p - 1]):
            form = next((f for f in forms if word.startswith(f, p)), None)
            if form is not None:
                out.append(forms[form])
                p += len(form)
                continue
        out.append(re.escape(word[p]))
        p += 1
    return "".join(out)


@functools.lru_cache(maxsize=1)
def _particle_forms() -> dict[str, str]:
    """Each form of a particle (:func:`_alternations`), longest first, with the pattern of every form it stands for
    (``이고``: ``(?:이고|고)``; ``야``: ``이야``, ``야`` and ``아``)."""
    alts: dict[str, set[str]] = {}
    for a, b in _alternations():
        alts.setdefault(a, {a}).add(b)
    return {f: "(?:" + "|".join(sorted(alts[f], key=lambda x: (-len(x), x))) + ")"
            for f in sorted(alts, key=lambda x: (-len(x), x))}


def _find(orig: str, literal: str, start: int, stop: int | None = None) -> int:
    """Where ``literal`` stands in ``orig[start:stop]``, whitespace matched loosely (:func:`_flex`); -1 if nowhere."""
    m = _flex(literal).search(orig, start, len(orig) if stop is None else stop)
    return m.start() if m else -1


def _token_at(orig: str, red: str, i: int, j: int) -> bool:
    """A token starts at ``red[j]`` that the original does not hold at ``orig[i]`` (law.go.kr writes ``{특정경제범죄
    가중처벌등에관한법률위반(사기)}`` itself)."""
    t = TOKEN.match(red, j)
    return t is not None and not orig.startswith(t.group(), i)


def _after_tokens(orig: str, red: str, i: int, j: int, labels: "Labels | None" = None) -> tuple[int, int] | None:
    """Where a run of tokens starting at ``red[j]`` ends on both sides, or None when none starts there."""
    j2 = j
    while (t := TOKEN.match(red, j2)) is not None:
        if j2 > j and orig.find(t.group(), i + 1, i + MAX_MENTION) >= 0:
            break  # the original's own text ("[인명]{특정...}"): the run of replacements ends before it
        j2 = t.end()  # tokens side by side ("[인명][인명]") are one stretch: nothing tells them apart
    if j2 == j:
        return None
    if j2 == len(red):
        return len(orig), j2
    nxt = len(red)  # the next replacement: a token the original does not hold nearby
    for t in TOKEN.finditer(red, j2):
        if t.start() >= j2 + ANCHOR or orig.find(t.group(), i + 1, i + MAX_MENTION) < 0:
            nxt = t.start()
            break
    literal = red[j2:min(j2 + ANCHOR, nxt)]
    k = _find(orig, literal, i + 1, min(len(orig), i + MAX_MENTION + 2 * len(literal)))
    if k > i + 1:
        k -= _longer_form_before(orig, red, k, j2)  # 부산으로 for [주소]로: the mention ends before 으
    if labels is not None and k >= 0 and nxt == j2 + len(literal) and not literal.strip():
        # the next replacement follows after spaces only: if the original holds such spaces again before the text
        # after that replacement, the split is a guess
        after = TOKEN.match(red, nxt)
        later = TOKEN.search(red, after.end()) if after else None
        then = red[after.end():min(after.end() + ANCHOR, later.start() if later else len(red))] if after else ""
        end = orig.find(then, k + 1) if then else len(orig)
        labels.guessed += orig.find(literal, k + 1, end if end >= 0 else len(orig)) >= 0
    return (k, j2) if k >= 0 else None


def _goes_on_alike(orig: str, red: str, i: int, j: int) -> bool:
    """Do both texts go on alike from ``orig[i]`` and ``red[j]`` (two characters), or with the next token after the
    same kind of gap (``박영희는 하나은행`` as ``[인명]은 [은행업]``: nothing but the space to compare)?

    >>> [_goes_on_alike(o, r, 0, 0) for o, r in ((" 전남대학교", " [학교]대학교"), (" 전남", " 서울"), ("전남", " [학교]"))]
    [True, False, False]
    """
    if orig[i:i + 2] == red[j:j + 2]:
        return True
    gap_orig, gap_red = len(orig[i:]) - len(orig[i:].lstrip()), len(red[j:]) - len(red[j:].lstrip())
    return (gap_orig > 0) == (gap_red > 0) and TOKEN.match(red, j + gap_red) is not None


@functools.lru_cache(maxsize=1)
def _alternations() -> tuple[tuple[str, str], ...]:
    """A particle's two forms, each way round, longest first (``을``/``를``, ``으로``/``로``)."""
    pairs = [*PAIRS, ("으로", "로")]
    return tuple(sorted({*pairs, *((b, a) for a, b in pairs)}, key=lambda p: -len(p[0]) - len(p[1])))


def _alternation(orig: str, red: str, i: int, j: int) -> tuple[int, int] | None:
    """The lengths of one particle's two forms where the original holds one at ``i`` and the system's text the
    other at ``j``, or None."""
    for theirs, ours in _alternations():
        if orig.startswith(theirs, i) and red.startswith(ours, j):
            return len(theirs), len(ours)
    return None


def _longer_form_before(orig: str, red: str, k: int, j: int) -> int:
    """How many characters before ``orig[k]`` belong to the longer form of the particle the system's text holds
    at ``j`` (the ``으`` of ``으로`` where the system wrote ``로``); 0 if none."""
    for theirs, ours in _alternations():
        extra = len(theirs) - len(ours)
        if extra > 0 and theirs.endswith(ours) and red.startswith(ours, j) and orig.startswith(theirs, k - extra):
            return extra
    return 0


def _resync(orig: str, red: str, i: int, j: int) -> tuple[int, int]:
    n, m = len(orig), len(red)
    best: tuple[int, int, int] | None = None
    for dj in range(0, min(MAX_TOKEN, m - j) + 1):
        if best is not None and dj >= best[0]:
            break  # no later start can cost less
        a = red[j + dj:j + dj + ANCHOR]
        if len(a) < ANCHOR:  # the system's text ends here: the original must end with the same
            end = _flex(a, at_end=True).search(orig, i) if a.strip() else None
            k = end.start() if end else (n if not a.strip() else -1)
        else:
            k = _find(orig, a, i, min(n, i + MAX_MENTION + 2 * ANCHOR))
        if k >= 0 and (best is None or (k - i) + dj < best[0]):
            best = ((k - i) + dj, k, j + dj)
    return (best[1], best[2]) if best else (n, m)


def split_region(orig: str, red: str) -> list[tuple[int, int, str]] | None:
    """A stretch holding several tokens, ``(start, end, token)`` over ``orig`` for each, when the text between
    the tokens is found in order in the original; None when it is one replacement.

    >>> split_region("김민준 이서연", "[인명] [인명]")
    [(0, 3, '[인명]'), (4, 7, '[인명]')]
    """
    tokens = list(TOKEN.finditer(red))
    if len(tokens) < 2:
        return None
    literals = [red[:tokens[0].start()]] + [red[a.end():b.start()] for a, b in zip(tokens, tokens[1:])] + \
        [red[tokens[-1].end():]]
    head = _flex(literals[0]).match(orig)
    tail = _flex(literals[-1], at_end=True).search(orig, head.end() if head else 0)
    if head is None or tail is None:
        return None
    at, end, out = head.end(), tail.start(), []
    for t, lit in zip(tokens, literals[1:-1]):
        m = _flex(lit).search(orig, at + 1, end) if lit else None
        if m is None:
            return None
        out.append((at, m.start(), t.group()))
        at = m.end()
    return out + [(at, end, tokens[-1].group())]


def align_text(doc_id: str, original: str, redacted: str, labels: Labels | Mapping[str, str] | None = None,
               default: str | None = None) -> Document:
    """The original text with a span for each replacement the system made (see the module docstring)."""
    if not isinstance(labels, Labels):
        labels = Labels(labels or {}, default)
    spans = []
    for i, i2, j, j2 in regions(original, redacted, labels):
        parts = split_region(original[i:i2], redacted[j:j2]) or [(0, i2 - i, redacted[j:j2])]
        for a, b, token in parts:
            a, b = _strip(original, i + a, i + b)
            if a < b:
                label = labels(token) if token.strip() else labels.default
                if label is None and not token.strip():
                    labels.unknown["(deleted text)"] = labels.unknown.get("(deleted text)", 0) + 1
                if label is not None:
                    spans.append(Span(a, b, label))
    return Document(doc_id, original, spans)


def _strip(text: str, a: int, b: int) -> tuple[int, int]:
    while a < b and text[a].isspace():
        a += 1
    while a < b and text[b - 1].isspace():
        b -= 1
    return a, b


def read_labels(path: str | Path) -> dict[str, str]:
    """A YAML mapping of tokens to taxonomy labels (``PERSON: 인명``); a label that is no node is an error
    naming ``file:line``."""
    from thunder_deid.io import load_yaml
    from thunder_deid.taxonomy import load_taxonomy

    data, lines = load_yaml(path, "--labels", lines=True)
    if not isinstance(data, dict):
        raise ThunderDeidError(f"{path}: expected a mapping of tokens to labels (PERSON: 인명)")
    tax = load_taxonomy()
    for token, label in data.items():
        if not isinstance(label, str) or label not in tax:
            raise ThunderDeidError(f"{path}:{lines.get((token,), 1)}: {token!r} maps to {label!r}, not a taxonomy "
                                   f"node{tax.did_you_mean(label) if isinstance(label, str) else ''}")
    return {str(k): v for k, v in data.items()}


def read_redacted(path: Path) -> dict[str, str]:
    """The system's texts by document id: a JSONL of ``{"id", "text"}``, or a folder of text files (ids by
    :func:`~thunder_deid.formats.document_id`, as ``redact`` and ``convert`` name them)."""
    from thunder_deid.document import read_jsonl
    from thunder_deid.formats import document_id
    from thunder_deid.formats.base import read_bytes
    from thunder_deid.formats.text import decode_text

    out: dict[str, str] = {}
    if path.is_dir():
        for p in sorted(q for q in path.rglob("*") if q.is_file() and q.suffix.lower() in (".txt", ".md")):
            doc_id = document_id(p, path)
            out[doc_id] = decode_text(read_bytes(p), p, doc_id).text
        if not out:
            raise ThunderDeidError(f"{path}: no .txt or .md files in this folder")
        return out
    for doc in read_jsonl(path):
        if doc.id in out:
            raise ThunderDeidError(f"{path}: duplicate document id {doc.id!r}")
        out[doc.id] = doc.text
    return out


def align_files(original: Path, redacted: Path, out: Path, labels: Labels) -> tuple[int, int, int]:
    """Align every document of ``original`` (JSONL; its spans are not read) with its text in ``redacted`` and
    write the spans over the original text to ``out`` (JSONL, as ``eval --pred`` reads it). Returns
    (documents written, spans, original documents the system returned no text for). Nothing is written when a
    token has no label or the system returned a document the original does not hold."""
    from thunder_deid.document import read_jsonl, write_jsonl

    texts = read_redacted(redacted)
    docs, seen, total = [], set(), 0
    for d in read_jsonl(original):
        total += 1
        if d.id in texts:
            seen.add(d.id)
            docs.append(align_text(d.id, d.text, texts[d.id], labels))
    extra = sorted(set(texts) - seen)
    if extra:
        raise ThunderDeidError(f"{redacted}: {len(extra)} document(s) the original {original} does not hold, e.g. "
                               f"{extra[0]!r}")
    if labels.unknown:
        named = ", ".join(f"{t!r} x{n}" for t, n in sorted(labels.unknown.items(), key=lambda x: -x[1])[:10])
        raise ThunderDeidError(f"{sum(labels.unknown.values())} replacement(s) whose token names no label: {named}; "
                               "map them with --labels FILE (TOKEN: label) or give --default-label")
    write_jsonl(out, docs)
    return len(docs), sum(len(d.spans) for d in docs), total - len(docs)


__all__ = ["Labels", "align_files", "align_text", "read_labels", "read_redacted", "regions", "split_region"]
