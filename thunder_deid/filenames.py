"""Output names that do not repeat what the output replaced: ``김민준 사건/김민준_공소장.docx`` ->
``[인명] 사건/A_공소장.docx``.

A folder of judgments is often named after its parties, and a de-identified folder published under the input's
names shows them. An output's file name has every mention its document's output replaced (two characters or
more) replaced the same way; a replacement that shows the mention (``tag`` mode) or that a file system refuses is
written as the label in brackets, and characters no file system takes become ``_``::

    >>> from thunder_deid.operators.base import Replacement
    >>> text = "피고인 김민준은 박서연에게"
    >>> reps = [Replacement(4, 7, "A", "인명"), Replacement(7, 8, "는"), Replacement(9, 12, "B", "인명")]
    >>> names = Names([])
    >>> names.output("김민준 사건/김민준_박서연 공소장.txt", text, reps)
    '[인명] 사건/A_B 공소장.txt'
    >>> names.output("김민준 사건/목록.txt", "기록 목록", [])  # the folder is named once, for every file in it
    '[인명] 사건/목록.txt'
    >>> names.output("김민준 사건/김민준.jsonl", "", [])  # a name showing a party another document named
    '[인명] 사건/[인명].jsonl'

A folder holds many documents, whose letters differ, so its name is decided once, at its first output, and its
mentions are written as their labels: those of every document the run has replaced so far, and those the tagger
finds in the folder's name itself (``found``, a person's, business's or organisation's name read from the name
alone, for a folder whose first document does not mention its party); the tagger reads each file name too.
Each name is handed out once (``A.txt``, ``A (2).txt``; folders likewise).
"""

from __future__ import annotations

import re
import unicodedata
from collections import ChainMap
from pathlib import PurePosixPath
from typing import Callable, Iterable, Mapping

from thunder_deid.operators.base import Replacement

# what Windows refuses in a name (and the separators everywhere), control characters too
_REFUSED = re.compile(r'[<>:"/\\|?*\x00-\x1f]')
Found = Callable[[str], Iterable[tuple[int, int, str]]]  # a name's text -> (start, end, label) of names in it


def _table(text: str, reps: Iterable[Replacement]) -> dict[str, tuple[str, str]]:
    """Each replaced mention (two characters or more, NFC) -> (what a file name writes for it, its label)."""
    table: dict[str, tuple[str, str]] = {}
    for r in reps:
        if not r.label:  # a particle re-chosen, not a mention
            continue
        mention = unicodedata.normalize("NFC", text[r.start:r.end]).strip()
        if len(mention) < 2 or mention in table:
            continue
        new = unicodedata.normalize("NFC", r.text).strip()
        if not new or mention in new or _REFUSED.search(new) or new.strip(". ") != new:
            new = f"[{r.label}]"
        table[mention] = (new, r.label)
    return table


def _split_suffix(name: str) -> tuple[str, str]:
    """``name`` as its stem and its suffix (the suffix kept as it is: it names the format, not a party).

        >>> _split_suffix("정하늘.jsonl"), _split_suffix("정하늘 사건"), _split_suffix(".hidden")
        (('정하늘', '.jsonl'), ('정하늘 사건', ''), ('.hidden', ''))
    """
    suffix = PurePosixPath(name).suffix
    return (name[: -len(suffix)], suffix) if suffix else (name, "")


def _scrub(part: str, table: Mapping[str, str], found: Found | None, rank: Mapping[str, int] | None = None,
           suffix: str = "") -> str:
    """``part`` with the mentions of ``table`` replaced, longest first (then in ``table``'s order, ``rank``), and
    then the names ``found`` reads in it, ``suffix`` added after. Only the mentions the name holds are looked at
    (its substrings looked up): a run's table grows with every document, and a folder named per document had cost
    the whole table."""
    part = unicodedata.normalize("NFC", part)  # a name saved on macOS is decomposed
    rank = rank if rank is not None else {m: k for k, m in enumerate(table)}
    after: tuple[int, int] | None = None  # the order of the last mention replaced: the next comes after it

    def order(m: str) -> tuple[int, int]:
        return -len(m), rank[m]

    while True:
        held = {part[i:j] for i in range(len(part)) for j in range(i + 2, len(part) + 1)}
        present = [m for m in held if m in table and (after is None or order(m) > after)]
        if not present:
            break
        mention = min(present, key=order)
        part, after = part.replace(mention, table[mention]), order(mention)
    if found is not None:  # '_' joins words in names: the tagger reads it as a space
        for a, b, label in sorted(found(part.replace("_", " ")), reverse=True):
            part = part[:a] + f"[{label}]" + part[b:]
    return _fit(_REFUSED.sub("_", part + suffix))


_MAX_NAME = 255  # bytes of one name in a path (ext4, APFS; NTFS counts 255 UTF-16 units, which this also keeps)


def _fit(part: str) -> str:
    """``part`` cut to what a file system takes, its suffix kept: a pseudonym longer than the name it replaces
    must not make the output unwritable.

        >>> len(_fit("가" * 90 + ".docx").encode()), _fit("가" * 90 + ".docx")[-5:]
        (254, '.docx')
    """
    if len(part.encode("utf-8")) <= _MAX_NAME:
        return part
    suffix = PurePosixPath(part).suffix if len(PurePosixPath(part).suffix) <= 16 else ""
    stem = part[: len(part) - len(suffix)]
    while stem and len((stem + suffix).encode("utf-8")) > _MAX_NAME:
        stem = stem[:-1]
    return stem + suffix


class Names:
    """Output paths of one run (relative POSIX paths, or one JSONL's ids), each handed out once: a name another
    output of the run has, or is planned to have, takes `` (2)``, `` (3)`` … (compared case-insensitively, as
    Windows and macOS do). ``known``: the output folder of each input folder an earlier run of this output began
    (a resumed run goes on in them). A folder is named part by part under its parent's new name; where a later
    document names what its name still shows, it is named again and :attr:`moves` holds ``(old, new)`` for the
    caller to move on disk (its files already written go with it)."""

    def __init__(self, planned: Iterable[str], found: Found | None = None, known: dict[str, str] | None = None):
        planned = list(planned)
        self.taken = {p.casefold() for p in planned}
        self.taken_folders = {f.as_posix().casefold() for p in planned for f in PurePosixPath(p).parents if f.parts}
        self.found = found
        self.seen: dict[str, str] = {}  # every mention the run replaced so far -> its label in brackets
        self.rank: dict[str, int] = {}  # each of them -> its place in ``seen`` (which of two as long goes first)
        self.folders: dict[str, str] = dict(known or {})  # a folder of the input -> its name in the output
        self.taken_folders |= {f.casefold() for f in self.folders.values()}
        self.moves: list[tuple[str, str]] = []

    def output(self, planned: str, text: str, reps: Iterable[Replacement]) -> str:
        """The name for the output of ``text`` (its replacements ``reps``) planned at ``planned``."""
        table = _table(text, reps)
        fresh = [m for m in table if m not in self.seen]
        for mention, (_, label) in table.items():
            if mention not in self.seen:
                self.seen[mention] = f"[{label}]"
                self.rank[mention] = len(self.rank)
        path = PurePosixPath(planned)
        folder = path.parent.as_posix() if path.parent.parts else ""
        if fresh:
            self._rename_showing(fresh, folder)
        # its own mentions as its output wrote them, then those other documents of the run replaced (a JSONL's or a
        # list's name shows a party its own text never names), looked up in the run's table, not copied from it
        # (it grows with every document); the suffix is no part of the name to read
        own = {m: new for m, (new, _) in table.items()}
        rank = ChainMap({m: k - len(own) for k, m in enumerate(own)}, self.rank)
        stem, suffix = _split_suffix(path.name)
        name = _scrub(stem, ChainMap(own, self.seen), self.found, rank, suffix=suffix)
        out_folder = self.folder(folder)
        return self._claim(f"{out_folder}/{name}" if out_folder else name, planned)

    def folder(self, folder: str) -> str:
        """The output name of the input folder ``folder`` (relative, POSIX; '' for the top)."""
        if not folder:
            return ""
        if folder not in self.folders:
            p = PurePosixPath(folder)
            parent = self.folder(p.parent.as_posix()) if len(p.parts) > 1 else ""
            part = _scrub(p.name, self.seen, self.found, self.rank)
            self.folders[folder] = self._claim(f"{parent}/{part}" if parent else part, folder, folder=True)
        return self.folders[folder]

    def _rename_showing(self, mentions: list[str], folder: str) -> None:
        """This document's folder and its parents, already named, named again where their input name holds one of
        ``mentions`` (new to the run) that their output name still shows."""
        chain = [p.as_posix() for p in reversed(PurePosixPath(folder).parents) if p.parts] + ([folder] if folder else [])
        for f in chain:
            done = self.folders.get(f)
            if done is None or not any(m in PurePosixPath(done).name for m in mentions):
                continue  # not named yet, or its name no longer shows them
            name = PurePosixPath(f).name
            parent = self.folders.get(PurePosixPath(f).parent.as_posix(), "") if len(PurePosixPath(f).parts) > 1 else ""
            again = _scrub(name, self.seen, self.found, self.rank)
            new = self._claim(f"{parent}/{again}" if parent else again, f, folder=True)
            self.moves.append((done, new))
            for g, out in list(self.folders.items()):  # the folder and everything named under it
                if out == done or out.startswith(done + "/"):
                    self.folders[g] = new + out[len(done):]

    def _claim(self, wanted: str, planned: str, folder: bool = False) -> str:
        if wanted == planned:
            return planned
        path = PurePosixPath(wanted)
        stem, suffix = (path.name, "") if folder or not path.suffix else (path.name[: -len(path.suffix)], path.suffix)
        taken = self.taken_folders if folder else self.taken
        candidate, k = wanted, 1
        while candidate.casefold() in taken:
            k += 1
            candidate = str(path.with_name(f"{stem} ({k}){suffix}"))
        taken.add(candidate.casefold())
        return candidate
