"""An HWPX's fields (``hp:fieldBegin``) other than links, bookmarks and click-here fields: their names and the
parameters that can hold a value, and the length-prefixed ``Command`` strings fields keep.

A field's name and parameters are no text a reader gives the tagger, and they can hold a person's name or value: a mail
merge field names its data column (``Command`` and ``FieldValue`` repeat it) and a user may name it after a party; a
memo's ``Command`` repeats its author; a formula's ``LastResult`` (and the end of its ``Command``) repeats the result
the page shows, which the redaction may have changed. So, by rule (:func:`neutralise`): a field's name that is not
generic becomes ``Field1`` … (as a click-here field's does, the same old name the same new one, :mod:`thunder_deid.
formats.hwpx_forms`), a mail merge field's column follows its name, a memo's author and a formula's last result are
emptied. A link's target goes by :func:`thunder_deid.formats.hwpx.drop_link_targets`, a bookmark's name by
:mod:`thunder_deid.formats.hwpx_bookmarks`.

Some ``Command`` strings are a set of values each prefixed by its length (a click-here field's ``Clickhere:set:<n>:``
and then ``<key>:wstring:<length>:<value> `` items, lengths in UTF-16 units): a value changed there must have its length
and the set's written again, or Hancom misreads the rest (:func:`parse_set`, :func:`format_set`, :func:`substitute`, which
the package's last sweep for replaced mentions uses).
"""

from __future__ import annotations

import re
from typing import Callable

from thunder_deid.formats.xmlzip import local

# fields whose name is their target, renamed or emptied elsewhere (hwpx.drop_link_targets, hwpx_bookmarks);
# a click-here field's name goes with its prompt (hwpx_forms)
_ELSEWHERE = frozenset({"HYPERLINK", "BOOKMARK", "CLICK_HERE"})
_SET_HEAD = re.compile(r"(\w+):set:(\d+):")
_ITEM_HEAD = re.compile(r"(\w+):(\w+):")
_LENGTH = re.compile(r"(\d+):")
# a memo's Command: MEMO/<memo shape>/<number>/<time low>/<time high>/<author>/…
_MEMO_AUTHOR = 5
_LETTER = re.compile(r"[^\W\d_]")


def string_params(field) -> dict:
    """A field's ``<hp:stringParam name=...>`` elements by name (its parameters: a command, a path, an author)."""
    return {p.get("name"): p for p in field.iter() if local(p.tag) == "stringParam"}


def utf16_len(s: str) -> int:
    """The length Hancom counts: UTF-16 code units."""
    return len(s.encode("utf-16-le")) // 2


def parse_set(command: str) -> tuple[str, list[tuple[str, str, str]]] | None:
    """A length-prefixed ``Command`` read: its kind and its ``(key, type, value)`` items; None if it is no such set or
    its lengths do not hold.

    >>> parse_set("Clickhere:set:45:Direction:wstring:3:홍길동 HelpState:wstring:0:  ")
    ('Clickhere', [('Direction', 'wstring', '홍길동'), ('HelpState', 'wstring', '')])
    >>> parse_set("?Bookmark1;0;0;0;") is None
    True
    """
    head = _SET_HEAD.match(command)
    if not head:
        return None
    items = []
    pos = head.end()
    while pos < len(command) and command[pos] != " ":
        m = _ITEM_HEAD.match(command, pos)
        if not m:
            return None
        if m.group(2) == "wstring":  # the value: that many UTF-16 units
            n = _LENGTH.match(command, m.end())
            if not n:
                return None
            units, end = int(n.group(1)), n.end()
            start = end
            while units > 0 and end < len(command):
                units -= utf16_len(command[end])
                end += 1
            if units:
                return None
        else:  # a number or a flag: up to the space
            start = m.end()
            end = command.find(" ", start)
            if end < 0:
                return None
        items.append((m.group(1), m.group(2), command[start:end]))
        pos = end + 1  # the space after each item
    return head.group(1), items


def format_set(kind: str, items: list[tuple[str, str, str]]) -> str:
    """A length-prefixed ``Command`` written, every length counted again.

    >>> format_set("Clickhere", [("Direction", "wstring", "[인명]"), ("HelpState", "wstring", "")])
    'Clickhere:set:46:Direction:wstring:4:[인명] HelpState:wstring:0:  '
    """
    payload = "".join(f"{k}:{t}:{utf16_len(v)}:{v} " if t == "wstring" else f"{k}:{t}:{v} " for k, t, v in items)
    return f"{kind}:set:{utf16_len(payload)}:{payload} "


def substitute(value: str, sub: Callable[[str], str]) -> str:
    """``sub`` applied to a value: to each item of a length-prefixed set, its lengths written again, or else to the
    whole value."""
    parsed = parse_set(value)
    if parsed is None:
        return sub(value)
    kind, items = parsed
    new = [(k, t, sub(v)) for k, t, v in items]
    return value if new == items else format_set(kind, new)


def neutralise(field, new_name: Callable[[str], str]) -> int:
    """Rename or empty what of a field (an ``hp:fieldBegin`` of a kind not handled elsewhere) can hold a person's name
    or value; ``new_name`` gives a name's new one (the same for the same name). Returns how many changed."""
    kind = field.get("type")
    if kind in _ELSEWHERE:
        return 0
    n = 0
    old = field.get("name")
    if old and new_name(old) != old:
        field.set("name", new_name(old))
        n += 1
    params = string_params(field)

    def put(key: str, text: str) -> None:
        nonlocal n
        param = params.get(key)
        if param is not None and (param.text or "") != text:
            param.text = text or None
            n += 1

    text = {k: p.text or "" for k, p in params.items()}
    if kind == "MAILMERGE":  # the data column: its name, as the field's
        for key in ("Command", "FieldValue"):
            if text.get(key):
                put(key, new_name(text[key]))
    elif kind == "MEMO" and text.get("Command"):
        put("Command", _memo_without_author(text["Command"]))
    elif kind == "FORMULA":
        put("LastResult", "")
        if "??" in text.get("Command", ""):  # <formula>??<result format>;;<last result>
            head, sep, _ = text["Command"].partition(";;")
            put("Command", head + sep)
    return n


def _memo_without_author(command: str) -> str:
    """A memo's ``Command`` with its author, and any text after it, emptied (what holds no letter is kept).

    >>> _memo_without_author("MEMO/65535/1/3625200896/31294649/홍길동/\\\\;;")
    'MEMO/65535/1/3625200896/31294649//\\\\;;'
    """
    parts = command.split("/")
    return "/".join("" if i == _MEMO_AUTHOR or (i > _MEMO_AUTHOR and _LETTER.search(p)) else p
                    for i, p in enumerate(parts))
