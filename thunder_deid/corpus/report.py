"""``thunder-deid corpus report FILE.jsonl [--json]``: what an annotated corpus holds.

Documents, spans, the share of spans annotated at leaf / mid / top level, spans whose label is not a
taxonomy node ("unmapped"), spans whose label a context rule refined (``meta["context_refined"]``, set by
the Thunder-DeID converter), the label histogram, spans per document, and documents per case type::

    >>> from thunder_deid.document import Document, Span
    >>> r = corpus_report([Document("a", "홍길동 A식당", [Span(0, 3, "인명"), Span(4, 5, "식당")]),
    ...                    Document("b", "B", [Span(0, 1, "주소", "구아래주소")])])
    >>> r["documents"], r["spans"], r["levels"]["leaf"], r["spans_per_document"]["mean"]
    (2, 3, {'count': 2, 'share': 0.6667}, 1.5)
"""

from __future__ import annotations

import argparse
import collections
import json
import statistics
from typing import Any, Iterable

from thunder_deid.document import Document, read_jsonl
from thunder_deid.taxonomy import Taxonomy, load_taxonomy


def _share(n: int, total: int) -> dict[str, float | int]:
    return {"count": n, "share": round(n / total, 4) if total else 0.0}


def corpus_report(docs: Iterable[Document], taxonomy: Taxonomy | None = None) -> dict[str, Any]:
    """The report as a plain dict (the ``--json`` output)."""
    tax = taxonomy or load_taxonomy()
    levels: collections.Counter = collections.Counter()
    labels: collections.Counter = collections.Counter()
    subs: collections.Counter = collections.Counter()
    unmapped: collections.Counter = collections.Counter()
    case_types: collections.Counter = collections.Counter()
    per_doc: list[int] = []
    chars = 0
    refined_docs = refined_spans = 0
    for d in docs:
        per_doc.append(len(d.spans))
        if d.meta.get("context_refined"):
            refined_docs += 1
            refined_spans += int(d.meta["context_refined"])
        chars += len(d.text)
        case_types[str(d.meta.get("case_type", "-"))] += 1
        for s in d.spans:
            node = tax.get(s.label)
            if node is None:
                unmapped[s.label] += 1
                continue
            levels[node.level] += 1
            labels[node.name] += 1
            if s.sub:
                subs[s.sub] += 1
    n_spans = sum(per_doc)
    mapped = n_spans - sum(unmapped.values())
    return {
        "documents": len(per_doc),
        "characters": chars,
        "spans": n_spans,
        "levels": {lv: _share(levels[lv], n_spans) for lv in ("leaf", "mid", "top")},
        "leaf_or_mid": _share(levels["leaf"] + levels["mid"], n_spans),
        "unmapped": _share(sum(unmapped.values()), n_spans) | {"labels": dict(unmapped.most_common())},
        "mapped": _share(mapped, n_spans),
        "context_refined": _share(refined_spans, n_spans) | {"documents": refined_docs},
        "distinct_labels": len(labels),
        "distinct_sub_labels": len(subs),
        "labels": {lab: {"count": c, "level": tax.level(lab)} for lab, c in labels.most_common()},
        "top_level_labels": {t.name: sum(c for lab, c in labels.items() if tax.at_level(lab, "top") == t.name)
                             for t in tax.nodes("top")},
        "spans_per_document": {
            "mean": round(statistics.fmean(per_doc), 2) if per_doc else 0.0,
            "median": statistics.median(per_doc) if per_doc else 0,
            "min": min(per_doc, default=0),
            "max": max(per_doc, default=0),
            "zero": sum(1 for n in per_doc if n == 0),
        },
        "case_types": dict(sorted(case_types.items())),
    }


def format_report(r: dict[str, Any], top_n: int = 30) -> str:
    """Human-readable form of :func:`corpus_report`."""
    lines = [
        f"documents            {r['documents']:,}  ({r['characters']:,} characters)",
        f"spans                {r['spans']:,}",
        "annotated at level   " + ", ".join(f"{lv} {r['levels'][lv]['count']:,} ({r['levels'][lv]['share']:.1%})"
                                          for lv in ("leaf", "mid", "top")),
        f"leaf or mid          {r['leaf_or_mid']['share']:.1%}",
        f"unmapped             {r['unmapped']['count']:,}" + (
            "  (" + ", ".join(f"{k} x{v}" for k, v in list(r["unmapped"]["labels"].items())[:10]) + ")"
            if r["unmapped"]["count"] else ""),
        f"context-refined      {r['context_refined']['count']:,} spans in {r['context_refined']['documents']:,} documents",
        f"distinct labels      {r['distinct_labels']} (sub-labels: {r['distinct_sub_labels']})",
        "spans per document   mean {mean}, median {median}, min {min}, max {max}, documents without spans {zero}"
        .format(**r["spans_per_document"]),
        "case types           " + ", ".join(f"{k} {v}" for k, v in r["case_types"].items()),
        "top-level categories " + ", ".join(f"{k} {v:,}" for k, v in r["top_level_labels"].items() if v),
        f"labels (top {top_n}):",
    ]
    for lab, info in list(r["labels"].items())[:top_n]:
        lines.append(f"  {info['count']:>7,}  {lab} ({info['level']})")
    return "\n".join(lines)


def _cmd(args: argparse.Namespace) -> int:
    r = corpus_report(read_jsonl(args.file), load_taxonomy(args.taxonomy) if args.taxonomy else None)
    print(json.dumps(r, ensure_ascii=False, indent=1) if args.json else format_report(r, args.top))
    return 0


def register(sub: "argparse._SubParsersAction") -> None:
    from thunder_deid.cli import HelpFormatter

    p = sub.add_parser("report", help="statistics of an annotated JSONL corpus", formatter_class=HelpFormatter,
                       description="Documents, spans, share of spans annotated at leaf/mid/top level, labels that\n"
                       "are not taxonomy nodes, label histogram and spans per document.\n\nexample:\n"
                       "  thunder-deid corpus report work/judgments.jsonl --json")
    p.add_argument("file", help="JSONL corpus")
    p.add_argument("--json", action="store_true", help="print the full report as JSON")
    p.add_argument("--top", type=int, default=30, help="labels to list in the text report")
    p.add_argument("--taxonomy", default=None, help="taxonomy YAML (default: the packaged one)")
    p.set_defaults(func=_cmd)


