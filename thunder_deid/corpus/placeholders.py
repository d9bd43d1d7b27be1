"""Annotate the placeholders of law.go.kr judgments as taxonomy spans.

law.go.kr publishes judgments in which the court already replaced identifying information by
placeholders: ``피고인 1``, ``공소외 3 주식회사``, ``(주소 1 생략)``, ``☆☆☆공원``, ``△△시□□면``, ``甲``,
letters ``A``, ``B`` … Those placeholders mark exactly what must be de-identified, so labelling them with
the taxonomy label their context implies turns the 3,248 public precedents into a training corpus.

Span boundaries follow the paper's appendix A.2 / table 10: the minimal span, without role words or
common nouns — in ``공소외 2`` only ``2`` is the span (인명); ``(주소 1 생략)`` is one span (주소); in
``○○○ 금은방`` the span is ``○○○`` (공산품판매업). Officials acting in office (판사, 검사, 변호사 …) are
never masked. The rule tables live in ``data/placeholder_rules.yaml``::

    >>> text = "피해자 공소외 2에게 (주소 1 생략) 소재 ○○○ 금은방에서"
    >>> [(text[s.start:s.end], s.label) for s in annotate(text)]
    [('2', '인명'), ('(주소 1 생략)', '주소'), ('○○○', '공산품판매업')]
    >>> text = "공소외 3 주식회사의 직원 △△시□□면▽▽리"
    >>> [(text[s.start:s.end], s.label) for s in annotate(text)]
    [('3', '사업체'), ('△△', '주소'), ('□□', '행정구역-면'), ('▽▽', '행정구역-리')]

Each span records how its label was chosen in ``extra["rule"]`` (``omitted``, ``suffix``, ``prefix``, ``surname``,
``default``, ``propagated``), so the corpus can be filtered by confidence.
"""

from __future__ import annotations

import argparse
import functools
import logging
import re
from collections import Counter
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Iterable, Iterator

from thunder_deid.document import Document, Span
from thunder_deid.errors import ThunderDeidError
from thunder_deid.io import load_yaml, parse_yaml

log = logging.getLogger(__name__)

# particles after a word: "○○동에서", "공소외 2에게" (longest first so 에서 beats 에)
_JOSA = ("으로부터|로부터|에서는|에서도|에서의|에게서|에게|에서|까지|부터|으로|이라는|이라고|라는|라고|이나|와의|과의|"
         "의|에|은|는|이|가|을|를|와|과|로|도|만|께|측|소재|일대")
_BOUNDARY = rf"(?:(?![가-힣])|(?=(?:{_JOSA})))"
_QUOTE_CLOSE = "’'\"”」』》〉)]"


@dataclass(frozen=True)
class Cue:
    """A context word (regex) that decides a placeholder's label."""

    pattern: re.Pattern
    label: str
    address: bool = False   # an address unit ("○○동"), not propagated to other occurrences
    after_role: bool = False  # an institution head that may follow ROLE + number ("공소외 3 주식회사")
    lot: bool = False       # a prefix cue for lot numbers ("산○○-○○"): only a hyphenated placeholder
    strong: bool = False    # a prefix cue that wins over suffix cues ("학교법인 ○○학원")
    attached: bool = False  # a suffix cue that counts only without a space ("A국장")


@dataclass(frozen=True)
class OmittedKind:
    pattern: re.Pattern
    label: str | None
    refine: bool = False


@functools.lru_cache(maxsize=1)
def placeholder_marks() -> tuple[str, str]:
    """The symbols and Hanja letters law.go.kr writes for a deleted name, as the packaged rules list them
    (``symbols``, ``hanja_letters``): the annotator finds placeholders by them and the surrogate engine tells a
    placeholder by them, so the two never disagree on what the court wrote.

    >>> symbols, hanja = placeholder_marks()
    >>> all(c in symbols for c in "○△☆★▲◎"), hanja[:2]
    (True, '甲乙')
    """
    data = parse_yaml(resources.files("thunder_deid.corpus").joinpath("data/placeholder_rules.yaml").read_text("utf-8"),
                      "placeholder_rules.yaml")
    return data["symbols"], data["hanja_letters"]


@dataclass(frozen=True)
class Rules:
    """The compiled rule tables (see ``data/placeholder_rules.yaml``)."""

    role_number: re.Pattern
    list_number: re.Pattern
    org_roles: dict[str, str]
    omitted: tuple[OmittedKind, ...]
    symbol_run: re.Pattern
    masked_email: re.Pattern
    hanja: re.Pattern
    letter: re.Pattern
    letter_style: re.Pattern
    letter_stoplist: frozenset[str]
    surname_run: re.Pattern
    office_titles: re.Pattern
    address_before: re.Pattern
    url_before: re.Pattern
    # suffix cues by where they apply: "any" placeholder, "role" (after ROLE + number: institution heads),
    # "name" (refining a generic omission "(명칭 생략)": no address units); each with its cues as one
    # alternation (group k = cue k - 1)
    suffix_cues: dict[str, tuple[tuple[Cue, ...], re.Pattern]]
    prefix_cues: tuple[Cue, ...]
    default_symbol: str
    default_letter: str
    geo_labels: frozenset[str]        # 지리정보 and below: never propagated to other occurrences
    org_labels: frozenset[str]        # organisation labels: a prefix cue giving one propagates

    @classmethod
    def from_yaml(cls, path: str | Path | None = None) -> "Rules":
        where = str(path) if path is not None else "placeholder_rules.yaml"
        if path is None:
            data = parse_yaml(resources.files("thunder_deid.corpus").joinpath("data/placeholder_rules.yaml")
                              .read_text("utf-8"), where)
        else:
            data = load_yaml(path, "placeholder rules")
        try:
            return cls._compile(data, where)
        except KeyError as e:
            raise ThunderDeidError(f"{where}: missing table {e.args[0]!r}") from None

    @classmethod
    def _compile(cls, data: dict, where: str) -> "Rules":
        from thunder_deid.taxonomy import load_taxonomy

        tax = load_taxonomy()

        def label(value: str | None, field: str) -> str | None:
            if value is not None and value not in tax:
                raise ThunderDeidError(f"{where}: {field}: {value!r} is not a taxonomy label")
            return value

        def rx(src: str) -> re.Pattern:
            return re.compile(src.replace("{B}", _BOUNDARY).replace("{S}", re.escape(data["symbols"])))

        roles = sorted(data["person_roles"] + list(data["org_roles"]), key=len, reverse=True)
        units = data["number_units"]
        number = rf"(\d{{1,4}})(?!{units})(?![\d가-힣A-Za-z])|(\d{{1,4}})(?=\s?(?:{_JOSA}))(?!{units})"
        role_number = re.compile(rf"({'|'.join(roles)})\s?(?:{number})")
        list_number = re.compile(rf"(?:\s?,\s?|\s및\s)(?:{number})")
        sym = re.escape(data["symbols"])
        symbol_run = re.compile(rf"[{sym}]+[0-9A-Za-z]*(?:[ \-][{sym}]+[0-9A-Za-z]*)*")
        # an e-mail address with a masked part before or after the @ ("****@○○○.com")
        mail, host = rf"[A-Za-z0-9._*\-{sym}]", rf"[A-Za-z0-9.\-{sym}]"
        masked_email = re.compile(rf"{mail}*[*{sym}]{mail}*@{host}+\.[A-Za-z]{{2,}}|"
                                  rf"{mail}+@{host}*[{sym}]{host}*\.[A-Za-z]{{2,}}")
        hanja = re.compile(rf"(?<![\u4e00-\u9fff])[{data['hanja_letters']}]\d?(?![\u4e00-\u9fff])")
        letter = re.compile(r"(?<![A-Za-z0-9&＆/\-.·'’_@])[A-Z]{1,2}(?![A-Za-z0-9&＆/\-_@]|\.[A-Za-z])")

        def cues(items: list[dict], key: str) -> tuple[Cue, ...]:
            out = []
            for i, c in enumerate(items):
                unknown = set(c) - {"re", "label", "address", "after_role", "lot", "strong", "attached"}
                if unknown:
                    raise ThunderDeidError(f"{where}: {key}[{i}]: unknown keys {sorted(unknown)}")
                flags = {k: bool(c.get(k)) for k in ("address", "after_role", "lot", "strong", "attached")}
                out.append(Cue(rx(c["re"]), label(c["label"], f"{key}[{i}]"), **flags))
            return tuple(out)

        def alternation(items: tuple[Cue, ...]) -> re.Pattern:
            return re.compile("|".join(f"({c.pattern.pattern})" for c in items))

        suffix_cues = cues(data["suffix_cues"], "suffix_cues")
        return cls(
            role_number=role_number,
            list_number=list_number,
            org_roles={k: label(v, f"org_roles.{k}") for k, v in data["org_roles"].items()},
            omitted=tuple(OmittedKind(re.compile(o["re"]), label(o["label"], f"omitted[{i}]"), bool(o.get("refine")))
                          for i, o in enumerate(data["omitted"])),
            symbol_run=symbol_run,
            masked_email=masked_email,
            hanja=hanja,
            letter=letter,
            letter_style=re.compile(data["letter_style_cue"] + r"[A-Z]{1,2}(?![A-Za-z])"),
            letter_stoplist=frozenset(data["letter_stoplist"]),
            # "김○○", "최○주의": surname, masked syllables, at most one given-name syllable (not a josa)
            surname_run=re.compile(rf"(?<![가-힣])[{data['surnames']}][{sym}]{{1,2}}(?:[가-힣](?<![의은는이가을를에와과도]){_BOUNDARY})?"),
            office_titles=re.compile(data["office_titles"]),
            address_before=re.compile(data["address_before"]),
            url_before=re.compile(data["url_before"]),
            suffix_cues={name: (cs, alternation(cs)) for name, cs in (
                ("any", suffix_cues),
                ("role", tuple(c for c in suffix_cues if c.after_role)),
                ("name", tuple(c for c in suffix_cues if not c.address)))},
            prefix_cues=cues(data["prefix_cues"], "prefix_cues"),
            default_symbol=label(data["default_symbol"], "default_symbol"),
            default_letter=label(data["default_letter"], "default_letter"),
            geo_labels=frozenset(n.name for n in tax if n.name == "지리정보" or tax.is_descendant(n.name, "지리정보")),
            org_labels=frozenset(n.name for n in tax
                                      if any(n.name == t or tax.is_descendant(n.name, t) for t in ("사업체", "기관 및 시설", "조직"))
                                      and not (n.name == "조직체계" or tax.is_descendant(n.name, "조직체계"))),
        )


@functools.lru_cache(maxsize=1)
def default_rules() -> Rules:
    return Rules.from_yaml()


def institution_after(text: str, end: int) -> str | None:
    """The kind of institution the word right after ``end`` names, by the suffix cues that may follow a role word
    and a number (``after_role``: ``공소외 3 제약회사``, ``공소외 2 저축은행``), the ones that typed the precedents'
    businesses; other cues there name a person's things (``피고인 1 휴대폰``).

        >>> t = "공소외 늘푸른 제약회사 홈페이지, 공소외 중전기획 여행회사, 피고인 김민준 휴대폰"
        >>> [institution_after(t, t.index(w) + len(w)) for w in ("늘푸른", "중전기획", "김민준")]
        ['의약품제조업', '기타서비스업', None]
    """
    return _suffix_label(text, end, default_rules(), "role")


_CALLED = re.compile(r"(?:이)?라는(?: (?:상호|이름|명칭|상표)의)?")
_OMITTED = re.compile(r"\(([^()\n]{0,80}?)\s?생략\s?\)")


# -- context cues -----------------------------------------------------------------------------------
def _suffix_label(text: str, end: int, rules: Rules, where: str = "any") -> str | None:
    """Label implied by the word right after ``end`` ("○○저축은행", "‘○○○’ 금은방", "공소외 3 주식회사")."""
    i = end
    while i < len(text) and text[i] in _QUOTE_CLOSE and i - end < 2:
        i += 1
    if i > end and (m := _CALLED.match(text, i)):     # "‘○○○’이라는 상호의 금은방", "‘○○’라는 카페"
        i = m.end()
    spaced = i < len(text) and text[i] == " "
    if spaced:
        i += 1
    cues, combined = rules.suffix_cues[where]
    first = _cue_at(text, i, cues, combined)
    if first is not None and spaced and (first[1] - i < 2 or first[0].attached):
        first = None        # after a space only a whole word of two or more letters counts ("○○ 사이")
    # Korean compounds are head-final: in "○○ 자동차부품연구원과" the head 연구원 (the cue that ends the
    # word) names the kind, not 자동차; a bare company form (주식회사, 회사) is no head ("생명보험주식회사")
    j = first[1] if first is not None else i
    while j < len(text) and "가" <= text[j] <= "힣" and j - i < 12:
        head = _cue_at(text, j, cues, combined)
        if (head is not None and head[0].label != "사업체" and head[1] - j >= 2 and not (spaced and head[0].attached)
                and re.match(_BOUNDARY, text[head[1]:])):
            return head[0].label
        j += 1
    return first[0].label if first is not None else None


def _cue_at(text: str, i: int, cues: tuple[Cue, ...], combined: re.Pattern) -> tuple[Cue, int] | None:
    """The first cue (in table order) matching at ``i``, and where it ends."""
    m = combined.match(text, i)
    return (cues[m.lastindex - 1], m.end()) if m else None


def _prefix_label(text: str, start: int, rules: Rules, key: str, *, strong_only: bool = False) -> str | None:
    window = text[max(0, start - 12):start]
    for cue in rules.prefix_cues:
        if (strong_only and not cue.strong) or (cue.lot and "-" not in key):
            continue
        if cue.pattern.search(window):
            return cue.label
    return None


def _is_office_holder(text: str, start: int, rules: Rules) -> bool:
    return bool(rules.office_titles.search(text[max(0, start - 8):start]))


# -- detectors: each yields (start, end, label, rule, key) --------------------------------------------
Found = tuple[int, int, str, str, str]


def _omitted(text: str, rules: Rules) -> Iterator[Found]:
    for m in _OMITTED.finditer(text):
        inner = m.group(1).strip()
        for kind in rules.omitted:
            if kind.pattern.search(inner):
                break
        else:
            kind = None
        before = text[max(0, m.start() - 12):m.start()]
        lab = kind.label if kind is not None else None
        if inner.startswith("이하") and rules.address_before.search(before):
            lab = "주소"        # "서울 강남구 (이하 생략)": the rest of an address
        elif lab == "주소" and rules.url_before.search(before):
            lab = "url"         # "홈페이지(주소 생략)"
        if lab is None:
            continue
        rule = "omitted"
        if kind is not None and kind.refine:
            cue = _suffix_label(text, m.end(), rules, "name")
            if cue is not None:
                lab, rule = cue, "suffix"
        key = m.group() if re.search(r"\d", inner) else ""
        yield m.start(), m.end(), lab, rule, key


def _masked_emails(text: str, rules: Rules) -> Iterator[Found]:
    """A partly masked e-mail address ("****@○○○.com") is one 이메일주소 span."""
    for m in rules.masked_email.finditer(text):
        yield m.start(), m.end(), "이메일주소", "omitted", ""


def _role_numbers(text: str, rules: Rules) -> Iterator[Found]:
    for m in rules.role_number.finditer(text):
        role = m.group(1)
        spans = [(m.start(2), m.end(2)) if m.group(2) else (m.start(3), m.end(3))]
        pos = m.end()
        while (n := rules.list_number.match(text, pos)) is not None:   # "피고인 1, 2의" / "직원 2, 10"
            spans.append((n.start(1), n.end(1)) if n.group(1) else (n.start(2), n.end(2)))
            pos = n.end()
        for k, (s, e) in enumerate(spans):
            base = rules.org_roles.get(role, "인명")
            cue = _suffix_label(text, e, rules, "role") if k == len(spans) - 1 else None
            if cue is not None:
                yield s, e, cue, "suffix", f"{role} {text[s:e]}"
            else:
                yield s, e, base, "default", f"{role} {text[s:e]}"


def _masked_names(text: str, rules: Rules) -> Iterator[Found]:
    for m in rules.surname_run.finditer(text):
        s, e = m.start(), m.end()
        if e - s == 2 and _suffix_label(text, e, rules) not in (None, "인명"):
            continue    # "백○저수지", "대○○교육원": a symbol before a cue word, not a name
        if e - s == 2 and re.match(r"[가-힣]", text[e:e + 1]) and not re.match(_BOUNDARY, text[e:]):
            continue
        yield s, e, "인명", "surname", text[s:e]


def _symbol_runs(text: str, rules: Rules) -> Iterator[Found]:
    for m in rules.symbol_run.finditer(text):
        s, e = m.start(), m.end()
        if e - s == 1 and (e == len(text) or text[e].isspace()):
            continue    # a bullet ("○ 피고인 1은 …", "▣ 선고형"), not a placeholder
        if _is_office_holder(text, s, rules):
            continue
        s_, e_, lab, rule, key = _label_by_context(text, s, e, rules, rules.default_symbol)
        # "○" is every court's generic mask, reused for unrelated names: only distinctive runs propagate
        yield s_, e_, lab, rule, ("" if set(key) <= {"○", " "} else key)


def _hanja_letters(text: str, rules: Rules) -> Iterator[Found]:
    for m in rules.hanja.finditer(text):
        # no propagation key: a Supreme Court summary reuses 甲 for a new party in each item [1], [2] …
        yield _label_by_context(text, m.start(), m.end(), rules, "인명")[:4] + ("",)


def _letters(text: str, rules: Rules) -> Iterator[Found]:
    if not rules.letter_style.search(text):
        return      # letters are placeholders only in documents that name parties "피고인 A"
    for m in rules.letter.finditer(text):
        s, e = m.start(), m.end()
        if m.group() in rules.letter_stoplist or _is_office_holder(text, s, rules):
            continue
        nxt = text[e:e + 1]
        if re.match(r"[가-힣]", nxt) and not re.match(_BOUNDARY, text[e:]) and _suffix_label(text, e, rules) is None:
            continue    # "A죄", "D등급", "B형": a letter inside a word
        # letters name one entity each through a document ("E 주식회사{이하 ‘E’라 한다}"): they propagate
        yield _label_by_context(text, s, e, rules, rules.default_letter)


def _label_by_context(text: str, s: int, e: int, rules: Rules, default: str) -> Found:
    """Label by the words around a placeholder: a strong prefix ("학교법인 ○○학원"), then the word after,
    then the word before, else ``default``."""
    key = text[s:e]
    for lab, rule in ((_prefix_label(text, s, rules, key, strong_only=True), "prefix"),
                      (_suffix_label(text, e, rules), "suffix"),
                      (_prefix_label(text, s, rules, key), "prefix")):
        if lab is not None:
            return s, e, lab, rule, key
    return s, e, default, "default", key


# -- the annotator ----------------------------------------------------------------------------------
def annotate(text: str, rules: Rules | None = None) -> list[Span]:
    """Spans over the placeholders of one law.go.kr judgment text (sorted, non-overlapping)."""
    rules = rules or default_rules()
    taken = bytearray(len(text))     # 1 where a span already lies
    found: list[Found] = []
    # earlier detectors win overlaps: "(☆☆☆금고계좌번호 생략)" is one omission, not a symbol run
    for detect in (_omitted, _masked_emails, _role_numbers, _masked_names, _symbol_runs, _hanja_letters, _letters):
        for f in detect(text, rules):
            if not any(taken[f[0]:f[1]]):
                found.append(f)
                taken[f[0]:f[1]] = b"\x01" * (f[1] - f[0])
    found = _propagate(found, rules)
    return [Span(s, e, lab, extra={"rule": rule}) for s, e, lab, rule, _ in sorted(found)]


def _propagate(found: list[Found], rules: Rules) -> list[Found]:
    """Give an uncued occurrence the label its other occurrences got from a cue ("공소외 3 주식회사 …
    공소외 3은" -> both 사업체): a document names one entity by one placeholder. Only a clear majority
    (two thirds of the cued occurrences) propagates, and never an address unit ("○○동" says nothing
    about another "○○")."""
    cued: dict[str, Counter] = {}
    for s, e, lab, rule, key in found:
        # a title in 『』 or a name after "사이트 ‘" says little about the same symbols elsewhere
        from_cue = rule == "suffix" or (rule == "prefix" and lab in rules.org_labels)
        if key and from_cue and lab not in rules.geo_labels:
            cued.setdefault(key, Counter())[lab] += 1
    out = []
    for s, e, lab, rule, key in found:
        if rule in ("default", "omitted") and key in cued:
            best, n = cued[key].most_common(1)[0]
            if best != lab and 3 * n >= 2 * sum(cued[key].values()):
                lab, rule = best, "propagated"
        out.append((s, e, lab, rule, key))
    return out


def annotate_document(doc: Document, rules: Rules | None = None) -> Document:
    """The document with its spans replaced by the placeholder spans of its text."""
    return doc.with_spans(annotate(doc.text, rules))


# -- agreement with hand-checked spans ------------------------------------------------------------------
@dataclass
class Agreement:
    """Span agreement of predicted against gold spans: exact boundaries, then the label on matched spans."""

    gold: int = 0
    predicted: int = 0
    matched: int = 0     # same (start, end)
    typed: int = 0       # same (start, end) and same label

    def add(self, gold: Iterable[Span], predicted: Iterable[Span]) -> "Agreement":
        g = {(s.start, s.end): s.label for s in gold}
        p = {(s.start, s.end): s.label for s in predicted}
        self.gold += len(g)
        self.predicted += len(p)
        both = g.keys() & p.keys()
        self.matched += len(both)
        self.typed += sum(g[k] == p[k] for k in both)
        return self

    @property
    def precision(self) -> float:
        return self.matched / self.predicted if self.predicted else 1.0

    @property
    def recall(self) -> float:
        return self.matched / self.gold if self.gold else 1.0

    @property
    def typed_accuracy(self) -> float:
        """Share of boundary-matched spans that also carry the gold label."""
        return self.typed / self.matched if self.matched else 1.0


# -- CLI -------------------------------------------------------------------------------------------
def register(sub: argparse._SubParsersAction) -> None:
    from thunder_deid.cli import HelpFormatter

    p = sub.add_parser(
        "annotate-placeholders", formatter_class=HelpFormatter,
        help="label the court's placeholders in law.go.kr judgments (피고인 1, (주소 생략), ○○은행 …)",
        description="Mark each placeholder the court left in a law.go.kr judgment (피고인 1, 공소외 2 주식회사, "
        "(주소 1 생략), ☆☆☆공원, △△시□□면, 甲, A …) as a span with the taxonomy label its context implies. "
        "IN is JSONL or JSONL.gz: the raw precedents ({id, text, case_no, …}, other fields kept in the "
        "document's meta) or project documents (their spans are replaced).\n\nexamples:\n"
        "  thunder-deid corpus annotate-placeholders ../shared/data/precedents/precedents.jsonl.gz "
        "work/precedents.jsonl\n"
        "  thunder-deid corpus annotate-placeholders precedents.jsonl.gz raw.jsonl --convert-only")
    p.add_argument("input", metavar="IN", help="JSONL or JSONL.gz with one {id, text, …} object a line")
    p.add_argument("output", metavar="OUT", help="output JSONL (written atomically)")
    p.add_argument("--convert-only", action="store_true",
                   help="only convert the records to the project's document JSONL, without spans")
    p.add_argument("--rules", metavar="YAML", help="rule tables to use instead of the packaged ones")
    p.set_defaults(func=_cmd)


def _unique_id(doc: Document, seen: set[str]) -> Document:
    """A fresh id for a repeated one: ``ID_COURT`` (or ``ID_2``, ``ID_3`` …); the old id stays in meta."""
    court = str(doc.meta.get("court", "")).replace(" ", "")
    candidates = ([f"{doc.id}_{court}"] if court else []) + [f"{doc.id}_{k}" for k in range(2, len(seen) + 3)]
    new = next(c for c in candidates if c not in seen)
    log.warning("annotate-placeholders: repeated document id %r renamed %r", doc.id, new)
    return Document(new, doc.text, doc.spans, {**doc.meta, "original_id": doc.id})


def _cmd(args: argparse.Namespace) -> int:
    from thunder_deid.document import read_jsonl, write_jsonl
    from thunder_deid.io import refuse_overwrite_input

    refuse_overwrite_input([args.input], args.output)
    rules = Rules.from_yaml(args.rules) if args.rules else default_rules()
    stats: Counter = Counter()

    seen: set[str] = set()

    def docs() -> Iterable[Document]:
        for doc in read_jsonl(args.input):   # raw precedents: id, text, other fields kept in meta
            doc = doc.with_spans([]) if args.convert_only else annotate_document(doc, rules)
            if doc.id in seen:      # law.go.kr reuses a case number across courts (2012노10)
                doc = _unique_id(doc, seen)
            seen.add(doc.id)
            stats["documents"] += 1
            stats["spans"] += len(doc.spans)
            yield doc

    write_jsonl(args.output, docs())
    log.info("annotate-placeholders: %d documents, %d spans", stats["documents"], stats["spans"])
    print(f"{stats['documents']} documents, {stats['spans']} spans -> {args.output}")
    return 0
