"""Pseudonyms that read like the real value they stand for, in the ``surrogate`` output mode, side by side.

    python benchmarks/bench_pseudonyms.py PRED.jsonl [PRED.jsonl …] [--seeds 7 8] [--baseline WORKTREE]

PRED files are the tagger's predictions (``thunder-deid predict``). Each document is redacted in the ``surrogate``
mode under the default policy with each seed, in this checkout and, with ``--baseline``, in another (a git
worktree), and every replacement is checked against the mention it replaces, by a test written here:

* **persons** (인명, 예명, 세례명, 법명) and **nicknames**: the pseudonym holds two syllables of the mention in a row
  (``박채원`` -> ``박채은``, ``따뜻한감자`` -> ``따뜻한소년``) or, for a Korean name, its given name (``박주희`` ->
  ``이주희``);
* **addresses** (주소): the pseudonym holds the name of a road or 동 the mention names (``감삼동 553-13`` ->
  ``감삼동 112-53``, ``대학로 241`` -> ``대학로 179``), the unit word aside.

* **any label**: the mention masked (``[은행업]``) where no pseudonym could be drawn, a mask inside pseudonymised text
  (``masked``), or written back as it was (``unchanged``: ``1702`` before ``호``).

Rows: replacements checked and those that read like their mention (or, for the last, were masked), per kind,
summed over the seeds.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from checkouts import run_in  # noqa: E402

_CHILD = r"""
import json, re, sys
from thunder_deid.document import load_jsonl
from thunder_deid.policy import Policy

seeds, files = [int(x) for x in sys.argv[1].split(",")], sys.argv[2:]
PERSON = {"인명", "예명", "세례명", "법명"}
SURNAMES = re.compile(r"(?:남궁|황보|제갈|선우|독고|사공|서문)|[가-힣]")

def bigram(real, new):
    return any(re.fullmatch(r"[가-힣]{2}", real[i:i + 2]) and real[i:i + 2] in new for i in range(len(real) - 1))

def given(real, new):
    a, b = SURNAMES.match(real), SURNAMES.match(new)
    return (re.fullmatch(r"[가-힣]{2,5}", real) and re.fullmatch(r"[가-힣]{2,5}", new) and a and b
            and real[a.end():] == new[b.end():])

def place(real, new):
    return any(w[:-1] in new for w in re.findall(r"[가-힣0-9]{2,}(?:로|길|동|리)(?![가-힣])", real) if len(w) > 2)

n = {k: [0, 0] for k in ("persons", "nicknames", "addresses", "masked", "unchanged")}
policy = Policy(mode="surrogate")
docs = [d for f in files for d in load_jsonl(f)]
for seed in seeds:
    for d in docs:
        _, reps = policy.redact(d, seed=seed)
        for r in reps:
            real, new = d.text[r.start:r.end], r.text
            if r.label:
                n["masked"][0] += 1
                n["masked"][1] += new.startswith("[")
                n["unchanged"][0] += 1
                n["unchanged"][1] += new == real
            kind = "persons" if r.label in PERSON else "nicknames" if r.label == "닉네임" else "addresses" if r.label == "주소" else None
            if kind is None or new.startswith("["):
                continue
            bad = place(real, new) if kind == "addresses" else bigram(real, new) or (kind == "persons" and given(real, new))
            n[kind][0] += 1
            n[kind][1] += bool(bad)
print(json.dumps(n))
"""


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("pred", nargs="+", type=Path)
    ap.add_argument("--seeds", type=int, nargs="+", default=[7, 8])
    ap.add_argument("--baseline", type=Path, help="a checkout to compare with (git worktree)")
    args = ap.parse_args()
    root = Path(__file__).resolve().parent.parent
    files = [str(p.resolve()) for p in args.pred]
    seeds = ",".join(map(str, args.seeds))
    runs = [("this checkout", run_in(root, _CHILD, seeds, *files))]
    if args.baseline:
        runs.append(("baseline", run_in(args.baseline.resolve(), _CHILD, seeds, *files)))
    print(f"{'checkout':<14} {'kind':<10} {'replaced':>9} {'reads like the mention':>23}")
    for name, n in runs:
        for kind, (total, bad) in n.items():
            print(f"{name:<14} {kind:<10} {total:>9} {bad:>14} ({bad / max(total, 1):6.1%})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
