"""``thunder-deid taxonomy stats|show|check|normalize``."""

from __future__ import annotations

import argparse
import json
from importlib import resources

from thunder_deid.taxonomy.tree import Taxonomy, load_taxonomy


def _show(tax: Taxonomy, name: str | None, depth: int = 0) -> None:
    nodes = [tax[name]] if name else tax.children(None)
    for n in nodes:
        print("  " * depth + f"{n.code} {n.name} ({n.en})")
        for c in tax.children(n.name):
            _show(tax, c.name, depth + 1)


def cmd_stats(args: argparse.Namespace) -> int:
    counts = load_taxonomy().counts()
    print(json.dumps(counts) if args.json else "\n".join(f"{k}: {v}" for k, v in counts.items()))
    return 0


def cmd_show(args: argparse.Namespace) -> int:
    _show(load_taxonomy(), args.node)
    return 0


def cmd_check(args: argparse.Namespace) -> int:
    tax = load_taxonomy()
    bad = 0
    for label in args.labels:
        node = tax.get(label)
        if node is None:
            print(f"{label}\tINVALID")
            bad += 1
        else:
            print(f"{label}\t{node.level}\t{node.code}\t{' > '.join(a.name for a in reversed(tax.ancestors(label)))}")
    return 1 if bad else 0


def cmd_normalize(args: argparse.Namespace) -> int:
    """Per label: the normalised label and the rule that decided; exit 1 if a label has no rule."""
    from thunder_deid.errors import LabelError
    from thunder_deid.taxonomy.normalize import Normalizer, default_normalizer

    if args.rules:
        norm = Normalizer.from_yaml(args.rules)
    elif args.thunder:
        with resources.as_file(resources.files("thunder_deid.taxonomy") / "data" / "thunder_label_map.yaml") as p:
            norm = Normalizer.from_yaml(p)
    else:
        norm = default_normalizer()
    rows, bad = [], 0
    for raw in args.labels:
        try:
            r = norm.resolve(raw)
        except LabelError:
            rows.append({"label": raw, "normalized": None, "kind": None, "rule": None, "reason": "no rule maps it"})
            bad += 1
            continue
        rows.append({"label": raw, "normalized": None if r.dropped else r.full_label, "kind": r.kind, "rule": r.rule,
                     "reason": r.reason})
    if args.json:
        print(json.dumps(rows, ensure_ascii=False, indent=1))
    else:
        for row in rows:
            if row["kind"] is None:
                print(f"{row['label']}\tUNMAPPED\t-\tno rule maps it ({norm.source})")
            elif row["normalized"] is None:
                print(f"{row['label']}\tDROPPED ({row['reason']})\t{row['kind']}\t{row['rule']}")
            else:
                print(f"{row['label']}\t{row['normalized']}\t{row['kind']}\t{row['rule']}")
    return 1 if bad else 0


def register(sub: argparse._SubParsersAction) -> None:
    from thunder_deid.cli import HelpFormatter

    p = sub.add_parser("taxonomy", help="inspect the three-tier PII taxonomy", formatter_class=HelpFormatter,
                       description="Inspect the taxonomy of appendix B.\n\nexamples:\n"
                       "  thunder-deid taxonomy stats --json\n  thunder-deid taxonomy show 주소\n"
                       "  thunder-deid taxonomy check 인명 식당:한식당\n  thunder-deid taxonomy normalize 바다횟집 '식당:한식당'")
    s = p.add_subparsers(dest="taxonomy_command", metavar="ACTION", required=True)
    q = s.add_parser("stats", help="node counts per level", formatter_class=HelpFormatter,
                     description="Count nodes per level from the data file.\n\nexample:\n  thunder-deid taxonomy stats --json")
    q.add_argument("--json", action="store_true", help="print JSON instead of a table")
    q.set_defaults(func=cmd_stats)
    q = s.add_parser("show", help="print the tree or a subtree", formatter_class=HelpFormatter,
                     description="Print the tree, or the subtree under NODE.\n\nexample:\n  thunder-deid taxonomy show 사업체")
    q.add_argument("node", nargs="?", help="show only the subtree under this node (default: the whole tree)")
    q.set_defaults(func=cmd_show)
    q = s.add_parser("check", help="validate labels", formatter_class=HelpFormatter,
                     description="Check that each LABEL (optionally LABEL:SUB) is a taxonomy node; exit 1 if any is not.\n\n"
                     "example:\n  thunder-deid taxonomy check 인명 식당:한식당")
    q.add_argument("labels", nargs="+", help="labels to check, LABEL or LABEL:SUB")
    q.set_defaults(func=cmd_check)
    q = s.add_parser("normalize", help="normalise raw labels and show the deciding rule", formatter_class=HelpFormatter,
                     description="Normalise each raw LABEL (optionally LABEL:SUB) onto the taxonomy and print, tab-separated,\n"
                     "the label, the normalised label, the rule kind and the rule that decided; exit 1 if a label has\n"
                     "no rule. Default rules: the packaged taxonomy/data/normalization.yaml.\n\n"
                     "examples:\n  thunder-deid taxonomy normalize 바다횟집 '식당:한식당' 주식회사\n"
                     "  바다횟집\t식당\tsuffix\tsuffix 횟집 -> 식당\n"
                     "  thunder-deid taxonomy normalize --thunder '앞 노상' 구아래주소 --json")
    q.add_argument("labels", nargs="+", metavar="LABEL", help="raw labels to normalise")
    q.add_argument("--rules", default=None, help="rules YAML in the normalisation format (default: the packaged rules)")
    q.add_argument("--thunder", action="store_true", help="use the old Thunder-DeID label map "
                   "(taxonomy/data/thunder_label_map.yaml)")
    q.add_argument("--json", action="store_true", help="print a JSON list of {label, normalized, kind, rule, reason}")
    q.set_defaults(func=cmd_normalize)
