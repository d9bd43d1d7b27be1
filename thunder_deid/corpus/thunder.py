"""Convert the old Thunder-DeID annotations (``<<<LABEL>>>MENTION<<</LABEL>>>``) to project documents.

    $ thunder-deid corpus convert-thunder ../shared/data/thunder_deid/documents work/judgments.jsonl

Each ``SRC_DIR/<case type>/doc_*.md`` becomes one document: id ``<case type>/<stem>``, the file's text
byte for byte with the markup removed, and one span per tag. The old label is mapped onto the taxonomy
by ``taxonomy/data/thunder_label_map.yaml`` (through the normalisation engine, so unseen labels are
handled by its wildcard / suffix rules) and kept as the span's ``sub``. A span that the old label only
places at a top or mid node (``주식회사`` -> ``사업체``) is then refined from the words around it by
:mod:`thunder_deid.corpus.context` where the judgment states the industry or place type; the number of
refined spans is ``meta["context_refined"]``::

    >>> text, spans, notes = parse_old_markup("피해자 <<<내국인이름>>>D<<</내국인이름>>>(남, 36세)")
    >>> text, spans
    ('피해자 D(남, 36세)', [(4, 5, '내국인이름')])
    >>> doc = to_document("crime_of_violence/doc_00000", "피해자 <<<내국인이름>>>D<<</내국인이름>>>에게")
    >>> [(doc.span_text(s), s.label, s.sub) for s in doc.spans], doc.meta["case_type"]
    ([('D', '인명', '내국인이름')], 'crime_of_violence')

The source files have a few markup faults, all repaired here and counted in ``meta["conversion_notes"]``
(names of faults only, never text):

* ``fragment_tag``   a tag pair wrapped around a piece of another tag's marker
                     (``<<<<<L>>><<<</L>>>/X>>>`` is ``<<</X>>>`` with a stray ``L`` tag inside it);
* ``two_bracket_tag`` a complete pair written with two brackets (``<<면>>00<</면>>``);
* ``mixed_bracket_marker`` a marker with two brackets on one side (``<<L>>>``, ``<<</L>>``): read as a marker;
* ``stray_open`` / ``stray_close`` a marker without its partner (``<<<L>>><<<L>>>B<<</L>>>``): removed;
* ``mismatched_close`` a close whose label differs from the open one (``<<<요가학원>>>B<<</요가>>>``):
                     it closes the innermost open tag, whose label is used;
* ``nested_inner_dropped`` a tag inside another (``<<<계좌번호>>>C<<<내국인이름>>>T<<</…>>><<</계좌번호>>>``):
                     the outer span is kept -- the inner ones in these files are placeholder letters
                     re-tagged inside a longer placeholder by the old tool;
* ``trimmed_whitespace`` spaces inside a tag (``<<<계좌번호>>>계좌번호 1 생략 <<</계좌번호>>>``): the text
                     keeps them, the span does not (minimal span, appendix A.2);
* ``empty_tag``      a pair with nothing (or only spaces) inside: no span;
* ``leftover_marker`` ``<<<`` or ``>>>`` left in the text after all of the above (none in the shared
                     corpus): not repaired, only counted so that the conversion summary shows it.
"""

from __future__ import annotations

import argparse
import collections
import functools
import re
import sys
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path

from thunder_deid.corpus.context import ContextRefiner, context_refiner
from thunder_deid.document import Document, Span, write_jsonl
from thunder_deid.errors import DocumentError, LabelError, ThunderDeidError
from thunder_deid.taxonomy import label_key, load_taxonomy
from thunder_deid.taxonomy.normalize import RULE_KINDS, Normalizer, Resolution

_TAG = re.compile(r"<<<(/?)([^<>\n]{1,60}?)>>>")
# a tag pair around a piece of another marker: <<<L>>>< <<</L>>>  (the old tool tagged a letter in a marker)
_FRAGMENT = re.compile(r"<<<([^<>/\n][^<>\n]{0,59}?)>>>([<>/]{1,3})<<</\1>>>")
# a complete pair written with two brackets; not part of a three-bracket marker (no < before, no > after)
_TWO_BRACKET = re.compile(r"(?<!<)<<([^<>/\n][^<>\n]{0,29}?)>>(?!>)([^<>\n]{0,200}?)(?<!<)<</\1>>(?!>)")
# a marker with three brackets on one side and two on the other (<<L>>>, <<</L>>): a marker, one bracket short
_MIXED_BRACKET = re.compile(r"(?<!<)<<(/?[^<>\n]{1,60}?)>>>|<<<(/?[^<>\n]{1,60}?)>>(?!>)")


def parse_old_markup(markup: str) -> tuple[str, list[tuple[int, int, str]], collections.Counter]:
    """Strip old-scheme markup: (text, spans as (start, end, raw label), counts of repaired faults)."""
    notes: collections.Counter = collections.Counter()
    while True:  # a repair can expose another fragment around the same marker
        markup, n = _FRAGMENT.subn(r"\2", markup)
        if not n:
            break
        notes["fragment_tag"] += n
    markup, n = _TWO_BRACKET.subn(r"<<<\1>>>\2<<</\1>>>", markup)
    notes["two_bracket_tag"] += n
    markup, n = _MIXED_BRACKET.subn(lambda m: f"<<<{m.group(1) or m.group(2)}>>>", markup)
    notes["mixed_bracket_marker"] += n

    pieces: list[str] = []
    pos = out_len = 0
    stack: list[tuple[str, int]] = []            # (label, text offset where its mention starts)
    raw_spans: list[tuple[int, int, str]] = []
    for m in _TAG.finditer(markup):
        pieces.append(markup[pos : m.start()])
        out_len += m.start() - pos
        pos = m.end()
        closing, label = m.group(1) == "/", m.group(2).strip()
        if not closing:
            stack.append((label, out_len))
            continue
        match = next((i for i in range(len(stack) - 1, -1, -1) if stack[i][0] == label), None)
        if match is None:
            if not stack:
                notes["stray_close"] += 1
                continue
            notes["mismatched_close"] += 1
            match = len(stack) - 1
        notes["stray_open"] += len(stack) - 1 - match   # opens above the match never close
        open_label, start = stack[match]
        del stack[match:]
        raw_spans.append((start, out_len, open_label))
    pieces.append(markup[pos:])
    notes["stray_open"] += len(stack)
    text = "".join(pieces)
    # anything marker-like still in the text (a label over 60 characters, a broken marker) is reported
    notes["leftover_marker"] += text.count("<<<") + text.count(">>>")

    spans: list[tuple[int, int, str]] = []
    for start, end, label in raw_spans:
        s, e = start, end
        while s < e and text[s].isspace():
            s += 1
        while e > s and text[e - 1].isspace():
            e -= 1
        if s == e:
            notes["empty_tag"] += 1
            continue
        if (s, e) != (start, end):
            notes["trimmed_whitespace"] += 1
        spans.append((s, e, label))
    # nested tags: keep the outermost span (longest first at each start, then drop what lies inside)
    spans.sort(key=lambda x: (x[0], -x[1]))
    flat: list[tuple[int, int, str]] = []
    for sp in spans:
        if flat and sp[0] < flat[-1][1]:
            notes["nested_inner_dropped" if sp[1] <= flat[-1][1] else "overlap_dropped"] += 1
            continue
        flat.append(sp)
    return text, flat, +notes


@functools.lru_cache(maxsize=4)
def thunder_normalizer(path: str | None = None) -> Normalizer:
    """The reviewed old-label map (``taxonomy/data/thunder_label_map.yaml``) or a user's own rules file."""
    if path is not None:
        return Normalizer.from_yaml(path)
    with resources.as_file(resources.files("thunder_deid.taxonomy") / "data" / "thunder_label_map.yaml") as p:
        return Normalizer.from_yaml(p)


def map_span(start: int, end: int, old: str, res: Resolution) -> Span:
    """A taxonomy span; the old label becomes the sub-label unless it is the node's own name."""
    return Span(start, end, res.label, None if old == res.label else old)  # type: ignore[arg-type]


@dataclass
class ConversionStats:
    """What a conversion saw: counts only (labels and fault names, never document text)."""

    documents: int = 0
    spans: int = 0
    notes: collections.Counter = field(default_factory=collections.Counter)     # repaired markup faults
    unmapped: collections.Counter = field(default_factory=collections.Counter)  # old label -> spans
    dropped: collections.Counter = field(default_factory=collections.Counter)   # "label (reason)" -> spans
    rule_spans: collections.Counter = field(default_factory=collections.Counter)  # rule kind -> spans
    rule_labels: dict[str, str] = field(default_factory=dict)                     # old label -> rule kind
    refined: collections.Counter = field(default_factory=collections.Counter)     # "old node -> new node" -> spans


def to_document(doc_id: str, markup: str, normalizer: Normalizer | None = None,
                stats: ConversionStats | None = None, refiner: ContextRefiner | None | bool = None) -> Document:
    """One old-scheme file's content as a :class:`Document`.

    With ``stats``, labels no rule maps are counted there and left out (the caller decides); without
    it they raise :class:`LabelError`. ``refiner``: the context rules (default: the packaged ones;
    ``False``: keep the label map's nodes as they are).
    """
    norm = normalizer or thunder_normalizer()
    text, raw_spans, notes = parse_old_markup(markup)
    spans: list[Span] = []
    for start, end, old in raw_spans:
        try:
            res = norm.resolve(old)
        except LabelError:
            if stats is None:
                raise LabelError(f"document {doc_id!r}: old label {old!r} at offset {start} has no mapping") from None
            stats.unmapped[old] += 1
            continue
        if stats is not None:
            stats.rule_spans[res.kind] += 1
            stats.rule_labels[old] = res.kind
        if res.dropped:
            if stats is not None:
                stats.dropped[f"{old} ({res.reason})"] += 1
            continue
        spans.append(map_span(start, end, old, res))
    meta: dict = {"case_type": doc_id.split("/", 1)[0], "source": "thunder_deid"}
    if notes:
        meta["conversion_notes"] = dict(sorted(notes.items()))
    doc = Document(doc_id, text, spans, meta)
    if refiner is not False:
        before = doc.spans
        doc, _ = (refiner or context_refiner()).refine(doc)
        if stats is not None:
            stats.refined.update(f"{a.label} -> {b.label}" for a, b in zip(before, doc.spans) if a.label != b.label)
    if stats is not None:
        stats.documents += 1
        stats.spans += len(spans)
        stats.notes.update(notes)
    return doc


def source_files(src_dir: str | Path) -> list[tuple[str, Path]]:
    """``(doc id, path)`` for every ``<case type>/doc_*.md`` under ``src_dir``, sorted by id."""
    src = Path(src_dir)
    if not src.is_dir():
        raise ThunderDeidError(f"{src}: not a directory (expected <case type>/doc_*.md files under it)")
    files = sorted((f"{p.parent.name}/{p.stem}", p) for p in src.glob("*/doc_*.md"))
    if not files:
        raise ThunderDeidError(f"{src}: no <case type>/doc_*.md files found")
    return files


def convert_thunder(src_dir: str | Path, normalizer: Normalizer | None = None,
                    stats: ConversionStats | None = None, refiner: ContextRefiner | None | bool = None) -> list[Document]:
    """All documents of ``src_dir``; raises :class:`LabelError` listing every unmapped label with its count."""
    stats = stats if stats is not None else ConversionStats()
    norm = normalizer or thunder_normalizer()
    docs: list[Document] = []
    for doc_id, path in source_files(src_dir):
        try:
            with open(path, encoding="utf-8", newline="") as f:  # newline="": keep the bytes' line ends
                markup = f.read()
        except UnicodeDecodeError as e:
            raise DocumentError(f"{path}: not UTF-8 (byte offset {e.start})") from None
        docs.append(to_document(doc_id, markup, norm, stats, refiner))
    if stats.unmapped:
        listing = ", ".join(f"{lab!r} x{n}" for lab, n in stats.unmapped.most_common())
        raise LabelError(f"{sum(stats.unmapped.values())} span(s) with {len(stats.unmapped)} old label(s) that no "
                         f"rule maps onto the taxonomy: {listing}. Add them to the label map (or a drop rule "
                         f"with a reason): {norm.source}")
    return docs


def held_out_coverage(label_counts: collections.Counter, keep: int = 150, map_path: str | None = None) -> dict:
    """How well the map's RULES alone handle labels they were not written for.

    Keeps only the explicit (``exact`` and ``compatibility``) entries of the ``keep`` most frequent labels,
    then resolves every less frequent label: how many the rules still map, and how many land on the node
    the reviewed explicit entry (where there is one) or the full map gives.
    """
    from thunder_deid.io import load_yaml

    full = thunder_normalizer(map_path)
    rules = load_yaml(full.source, "label map")
    frequent = {label_key(lab) for lab, _ in label_counts.most_common(keep)}
    held = Normalizer(dict(rules, **{section: {k: v for k, v in (rules.get(section) or {}).items() if label_key(k) in frequent}
                                     for section in ("exact", "compatibility")}))
    tail = [lab for lab, _ in label_counts.most_common()[keep:]]
    covered: list[str] = []
    agree = 0
    for lab in tail:
        try:
            res = held.resolve(lab)
        except LabelError:
            continue
        covered.append(lab)
        agree += res.label == full.resolve(lab).label
    return {"kept_explicit": len(frequent), "tail_labels": len(tail), "tail_spans": sum(label_counts[x] for x in tail),
            "covered_labels": len(covered), "covered_spans": sum(label_counts[x] for x in covered),
            "agree_labels": agree, "uncovered": [x for x in tail if x not in set(covered)]}


# -- CLI --------------------------------------------------------------------------------------------
def _cmd(args: argparse.Namespace) -> int:
    stats = ConversionStats()
    refiner = False if args.no_context else context_refiner(args.context_rules)
    docs = convert_thunder(args.src_dir, thunder_normalizer(args.map), stats, refiner)
    if Path(args.out).resolve().is_relative_to(Path(args.src_dir).resolve()):
        raise ThunderDeidError(f"output {args.out} lies inside the input folder {args.src_dir}; refusing to write there")
    write_jsonl(args.out, docs)
    tax = load_taxonomy()
    levels = collections.Counter(tax.level(s.label) for d in docs for s in d.spans)
    share = ", ".join(f"{lv} {levels[lv] / max(1, stats.spans):.1%}" for lv in ("leaf", "mid", "top"))
    print(f"wrote {stats.documents} documents, {stats.spans} spans to {args.out} ({share})", file=sys.stderr)
    if stats.notes:
        print("repaired markup faults: " + ", ".join(f"{k} {v}" for k, v in sorted(stats.notes.items())), file=sys.stderr)
    by_kind = collections.Counter(stats.rule_labels.values())
    print("old labels mapped by rule kind (labels/spans): " + ", ".join(
        f"{k} {by_kind[k]}/{stats.rule_spans[k]}" for k in RULE_KINDS if by_kind[k]), file=sys.stderr)
    if stats.refined:
        print(f"refined from context: {sum(stats.refined.values())} spans in "
              f"{sum(1 for d in docs if d.meta.get('context_refined'))} documents ("
              + ", ".join(f"{k} x{v}" for k, v in stats.refined.most_common(8)) + ", ...)", file=sys.stderr)
    if stats.dropped:
        print("dropped by rule: " + ", ".join(f"{k} x{v}" for k, v in stats.dropped.most_common()), file=sys.stderr)
    return 0


def register(sub: "argparse._SubParsersAction") -> None:
    from thunder_deid.cli import HelpFormatter

    p = sub.add_parser("convert-thunder", help="convert old Thunder-DeID annotations to taxonomy JSONL",
                       formatter_class=HelpFormatter,
                       description="Convert SRC_DIR/<case type>/doc_*.md files in the old Thunder-DeID markup\n"
                       "(<<<LABEL>>>MENTION<<</LABEL>>>) to one JSONL document each, mapping every old label onto\n"
                       "the taxonomy (the old label is kept as the sub-label). An old label that no rule maps is\n"
                       "an error listing each such label and its count. Spans the old label leaves at a top or mid\n"
                       "node are refined from the words around them where the judgment states the industry or\n"
                       "place type (thunder_deid/corpus/data/context_rules.yaml).\n\nexample:\n"
                       "  thunder-deid corpus convert-thunder ../shared/data/thunder_deid/documents work/judgments.jsonl")
    p.add_argument("src_dir", help="folder holding <case type>/doc_*.md files")
    p.add_argument("out", help="output JSONL (written atomically)")
    p.add_argument("--map", default=None, help="label-map YAML in the normalisation rule format "
                   "(default: the packaged taxonomy/data/thunder_label_map.yaml)")
    p.add_argument("--context-rules", default=None, help="context-rules YAML (default: the packaged "
                   "thunder_deid/corpus/data/context_rules.yaml)")
    p.add_argument("--no-context", action="store_true", help="keep the label map's nodes; no context refinement")
    p.set_defaults(func=_cmd)
