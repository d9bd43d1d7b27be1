"""Output names that do not repeat what the output replaced: ``김민준_공소장.docx`` -> ``A_공소장.docx``.

A folder of judgments is often named after its parties, and a de-identified folder published under the input's
file names shows them. Each output's path (relative to the output folder: its file name and the folders it lies
in) has every mention its document's output replaced, of two characters or more, replaced the same way; a
replacement that shows the mention (``tag`` mode) or that a file system refuses is written as the label in
brackets, and characters no file system takes become ``_``::

    >>> from thunder_deid.operators.base import Replacement
    >>> text = "피고인 김민준은 박서연에게"
    >>> reps = [Replacement(4, 7, "A", "인명"), Replacement(7, 8, "는"), Replacement(9, 12, "B", "인명")]
    >>> scrubbed("2020/김민준 사건/김민준_박서연 공소장.txt", text, reps)
    '2020/A 사건/A_B 공소장.txt'
    >>> scrubbed("김민준.txt", text, [Replacement(4, 7, "<<<김민준:인명>>>", "인명")])
    '[인명].txt'

:class:`Names` hands out such names without two outputs of one run meeting (``A.txt``, ``A (2).txt``).
"""

from __future__ import annotations

import re
import unicodedata
from pathlib import PurePosixPath
from typing import Iterable

from thunder_deid.operators.base import Replacement

# what Windows refuses in a name (and the separators everywhere), control characters too
_REFUSED = re.compile(r'[<>:"/\\|?*\x00-\x1f]')


def _table(text: str, reps: Iterable[Replacement]) -> list[tuple[str, str]]:
    """Each replaced mention (two characters or more, NFC) and what a file name writes for it, longest first."""
    table: dict[str, str] = {}
    for r in reps:
        if not r.label:  # a particle re-chosen, not a mention
            continue
        mention = unicodedata.normalize("NFC", text[r.start:r.end]).strip()
        if len(mention) < 2 or mention in table:
            continue
        new = unicodedata.normalize("NFC", r.text).strip()
        if not new or mention in new or _REFUSED.search(new) or new.strip(". ") != new:
            new = f"[{r.label}]"
        table[mention] = new
    return sorted(table.items(), key=lambda kv: -len(kv[0]))


def scrubbed(rel: str, text: str, reps: Iterable[Replacement]) -> str:
    """``rel`` (a relative POSIX path) with the document's replaced mentions replaced in each of its parts
    (matched in NFC: a name saved on macOS is decomposed)."""
    table = _table(text, reps)
    parts = []
    for part in PurePosixPath(rel).parts:
        part = unicodedata.normalize("NFC", part)
        for mention, new in table:
            part = part.replace(mention, new)
        parts.append(_REFUSED.sub("_", part))
    return "/".join(parts)


class Names:
    """Output paths of one run, each handed out once: a scrubbed name another output of the run has, or will
    have, takes `` (2)``, `` (3)`` … before its suffix (compared case-insensitively, as Windows and macOS do)."""

    def __init__(self, planned: Iterable[str]):
        self.taken = {p.casefold() for p in planned}

    def claim(self, wanted: str, planned: str) -> str:
        """``wanted`` for the output planned at ``planned`` (which is this output's own, so free to it)."""
        if wanted == planned:
            return planned
        path = PurePosixPath(wanted)
        stem, suffix = path.name[: len(path.name) - len(path.suffix)] if path.suffix else path.name, path.suffix
        candidate, k = wanted, 1
        while candidate.casefold() in self.taken:
            k += 1
            candidate = str(path.with_name(f"{stem} ({k}){suffix}"))
        self.taken.add(candidate.casefold())
        return candidate
