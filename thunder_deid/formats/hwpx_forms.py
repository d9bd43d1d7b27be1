"""An HWPX's form objects and click-here fields (누름틀): what of them shows is read, the rest is neutralised.

What a form shows on the page is text like the body's and is read and redacted with it, where it stands in its
paragraph (:func:`shown`): an edit box's text (``<hp:edit><hp:text>``), a check box's, radio button's or
button's caption, and the entry a combo box or list box shows (its ``selectedValue``'s ``hp:listItem``). The rest
is no text a reader gives the tagger, and it goes by rule, as alt text goes (:mod:`thunder_deid.formats.xmlzip`):

- the entries a combo box or list box does not show are removed (:func:`drop_hidden_entries`, before the text's
  replacements), and the one shown keeps its (redacted) text as its value;
- a form object's name, group and radio group (``name``, ``groupName``, ``radioGroupName``) and a click-here field's
  name (``<hp:fieldBegin type="CLICK_HERE" name="피해자 성명">``) become ``Form1``, ``Group1``, ``Field1`` … where they
  are not generic (``CheckBox12``), the same old name always the same new one (a radio group stays one group);
- a click-here field's prompt and help text (its ``Direction`` and ``HelpState`` parameters, free text; a prompt
  shown in the body while the field is empty is a text run, read as the body) are emptied, and its ``Command``, which
  repeats them with their lengths, is written again;
- a form object's ``command`` (what it runs when used: a script's call, which can carry a value) is emptied;
- the other fields' names share the click-here fields' renaming (Hancom fills same-named fields alike), and what else
  of them can hold a value goes by :mod:`thunder_deid.formats.hwpx_fields`.
"""

from __future__ import annotations

import re

from thunder_deid.formats import hwpx_fields as fields
from thunder_deid.formats.xmlzip import NewNames, Package, local

_LISTS = frozenset({"comboBox", "listBox"})
_FORMS = frozenset({"checkBtn", "radioBtn", "btn", "edit", "comboBox", "listBox", "scrollBar"})
_CAPTIONED = frozenset({"checkBtn", "radioBtn", "btn"})
# names Hancom and python-hwpx give form objects and fields themselves
_GENERIC_NAME = re.compile(r"(?i)(?:check ?(?:box|btn)|radio ?(?:button|btn)?|combo ?box|list ?box|edit|"
                           r"(?:push ?)?button|btn|scroll ?bar|field|form|group|누름틀|체크 ?박스|라디오 ?단추|"
                           r"콤보 ?상자|목록 ?상자|입력 ?상자|명령 ?단추)[ _-]*\d*")
_NAMES = (("name", "Form"), ("groupName", "Group"), ("radioGroupName", "Group"))
_CLICK_HERE_TEXT = ("Direction", "HelpState")
# a click-here field's Command: "Clickhere:set:<n>:" and then "<key>:<type>:<length>:<value> " items, lengths
# in UTF-16 units (hwpx_fields.parse_set)
_COMMAND_HEAD = re.compile(r"Clickhere:set:\d+:")


def shown(el) -> str | None:
    """Where the text an HWPX form object shows stands: ``"text"`` (an edit box's ``hp:text``) or ``"@"`` and an
    attribute (a caption, the shown entry of a list); None for any other element."""
    name = local(el.tag)
    parent = el.getparent()
    up = local(parent.tag) if parent is not None else ""
    if name == "text" and up == "edit":
        return "text"
    if name in _CAPTIONED and el.get("caption"):
        return "@caption"
    if name == "listItem" and up in _LISTS and _selected(parent) is el:
        return "@displayText" if el.get("displayText") else "@value" if el.get("value") else None
    if name in _LISTS and el.get("selectedValue") and _selected(el) is None:
        return "@selectedValue"  # a combo box's own text, typed in, no entry of its list
    return None


def _selected(box):
    """The entry a combo box or list box shows: the first whose value is its ``selectedValue``."""
    value = box.get("selectedValue")
    if not value:
        return None
    return next((i for i in box if local(i.tag) == "listItem" and value in (i.get("value"), i.get("displayText"))),
                None)


def _boxes(pkg: Package, parts: list[str]):
    for part in parts:
        if b"comboBox" in pkg.data[part] or b"listBox" in pkg.data[part]:
            for el in pkg.tree(part).iter():
                if local(el.tag) in _LISTS:
                    yield part, el


def drop_hidden_entries(pkg: Package, parts: list[str]) -> int:
    """Remove the entries of each combo box and list box that it does not show (before the replacements, which may
    change the shown one's text past recognising); returns how many went."""
    n = 0
    for part, box in _boxes(pkg, parts):
        keep = _selected(box)
        for item in [i for i in box if local(i.tag) == "listItem" and i is not keep]:
            box.remove(item)
            n += 1
            pkg.changed.add(part)
    return n


def neutralise(pkg: Package, parts: list[str]) -> int:
    """After the replacements: the shown entry's value made its (redacted) text, form and field names renamed, the
    click-here fields' prompt and help text emptied; returns how many names and values changed."""
    n = 0
    for part, box in _boxes(pkg, parts):
        item = _selected(box)  # an lxml element without children is false: no "or"
        if item is None:
            item = next((i for i in box if local(i.tag) == "listItem"), None)
        if item is not None:
            text = item.get("displayText") or item.get("value") or ""
            if item.get("value") != text or box.get("selectedValue") != text:
                item.set("value", text)
                box.set("selectedValue", text)
                n += 1
                pkg.changed.add(part)
    named = [(part, el) for part in parts
             if any(f"hp:{f}".encode() in pkg.data[part] for f in _FORMS) or b"fieldBegin" in pkg.data[part]
             for el in pkg.tree(part).iter() if local(el.tag) in _FORMS or local(el.tag) == "fieldBegin"]
    # a new name is one no form object or field of the document has (a field already called Field1 beside one
    # renamed Field1 would be filled alike); Hancom compares these names as written
    taken = {v for _, el in named for attr in ("name", "groupName", "radioGroupName") if (v := el.get(attr))}
    names = {p: NewNames(p, _generic, taken, fold=False) for p in ("Form", "Group", "Field")}
    for part, el in named:
        if local(el.tag) in _FORMS:
            m = sum(_rename(el, attr, names[prefix]) for attr, prefix in _NAMES)
            if el.get("command"):  # what the object runs when used (a script's call): it can carry a value
                el.set("command", "")
                m += 1
        elif el.get("type") == "CLICK_HERE":
            m = _rename(el, "name", names["Field"]) + _empty_click_here(el)
        else:  # one name space for all fields: Hancom fills same-named fields alike
            m = fields.neutralise(el, names["Field"].get)
        if m:
            n += m
            pkg.changed.add(part)
    return n


def _rename(el, attr: str, names: NewNames) -> int:
    old = el.get(attr)
    if not old or names.get(old) == old:
        return 0
    el.set(attr, names.get(old))
    return 1


def _generic(name: str) -> bool:
    """A name Hancom or python-hwpx gave the object itself (``CheckBox12``, ``누름틀3``)."""
    return bool(_GENERIC_NAME.fullmatch(name.strip()))


def _empty_click_here(field) -> int:
    """Empty a click-here field's prompt and help text, in their parameters and in its ``Command``; returns how many
    were not empty."""
    params = fields.string_params(field)
    n = 0
    for key in _CLICK_HERE_TEXT:
        if params.get(key) is not None and params[key].text:
            params[key].text = None
            n += 1
    command = params.get("Command")
    if command is not None and command.text:
        new = _emptied_command(command.text)
        if new != command.text:
            command.text = new
            n = max(n, 1)
    return n


def _emptied_command(command: str) -> str:
    """A click-here field's ``Command`` with its prompt and help text emptied and every length written again; a
    ``Command`` of another shape becomes the one an empty field has.

    >>> _emptied_command("Clickhere:set:52:Direction:wstring:7:홍길동의 주소 HelpState:wstring:3:도움말  ")
    'Clickhere:set:42:Direction:wstring:0: HelpState:wstring:0:  '
    """
    parsed = fields.parse_set(command)
    items = parsed[1] if parsed and _COMMAND_HEAD.match(command) else []
    if not items:
        items = [(k, "wstring", "") for k in _CLICK_HERE_TEXT]
    return fields.format_set("Clickhere", [(k, t, "" if k in _CLICK_HERE_TEXT else v) for k, t, v in items])
