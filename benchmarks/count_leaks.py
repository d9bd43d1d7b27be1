"""Inconsistent-masking leaks: a form the output replaced somewhere that is still readable elsewhere in it.

    python benchmarks/count_leaks.py PRED.jsonl [PRED.jsonl …] [--mode court] [--limit N]

PRED files are the tagger's predictions (``thunder-deid predict``) on the realised test splits. Each
document is redacted under the default policy (consistency on) and, as the baseline, with consistency
off. For every distinct form (two characters or more, and no number of two digits, which names nothing by itself)
the policy detected as PII, the script looks for the same form left in the output outside any replacement,
standing as a word: not preceded by a letter,
digit or syllable, and followed by the end, a non-Hangul character or a Korean particle. The check is
written here, apart from :mod:`thunder_deid.consistency`, with its own particle list (up to two stacked).

The ``+type word`` column counts, for forms other than persons' names, the form left readable with a type word
of two or more syllables glued after it and then the word's end (``봄날연구소의`` where ``봄날`` was replaced):
the surrogate lexicon's type and unit words, the same particle list.
"""

from __future__ import annotations

import argparse
import functools
import re
import sys
from pathlib import Path

from thunder_deid.document import load_jsonl
from thunder_deid.operators.base import placed
from thunder_deid.policy import Policy
from thunder_deid.taxonomy import load_taxonomy, split_label

PARTICLES = ("으로", "로", "은", "는", "이", "가", "을", "를", "의", "에", "와", "과", "도", "만", "께", "씨", "측",
             "등", "한테", "까지", "부터", "보다", "처럼", "이다", "이고", "이며", "이나", "라는", "이라는", "에게", "에서")


def _hangul(c: str) -> bool:
    return "가" <= c <= "힣"


def _ends_word(rest: str) -> bool:
    """Nothing Hangul follows, or a particle -- or two -- and then nothing Hangul."""
    if not rest or not _hangul(rest[0]):
        return True
    for p in PARTICLES:
        if rest.startswith(p):
            tail = rest[len(p):]
            if not tail or not _hangul(tail[0]):
                return True
            for q in PARTICLES:
                if tail.startswith(q) and (len(tail) == len(q) or not _hangul(tail[len(q)])):
                    return True
    return False


def _readable(text: str, forms: set[str], covered: list[tuple[int, int]]):
    """(form, start, end) of every occurrence of a form outside the replacements that starts a word."""
    for form in forms:
        for m in re.finditer(re.escape(form), text):
            a, b = m.start(), m.end()
            if any(x < b and a < y for x, y in covered):
                continue
            if a and (_hangul(text[a - 1]) or text[a - 1].isalnum()) and (_hangul(form[0]) or form[0].isalnum()):
                continue
            yield form, a, b


def leaks(text: str, forms: set[str], covered: list[tuple[int, int]]) -> dict[str, int]:
    out: dict[str, int] = {}
    for form, a, b in _readable(text, forms, covered):
        if not _ends_word(text[b:b + 8]):
            continue  # a longer word (제1항, 71번, 임시의장), not the form
        if b < len(text) and text[b].isalnum() and not _hangul(text[b]) and form[-1].isalnum():
            continue
        out[form] = out.get(form, 0) + 1
    return out


@functools.lru_cache(maxsize=1)
def _type_words() -> tuple[str, ...]:
    from thunder_deid.surrogates.engine import UNIT_WORDS
    from thunder_deid.surrogates.places import all_type_words

    return tuple(sorted({w for w in (*all_type_words(), *UNIT_WORDS) if len(w) >= 2}, key=len, reverse=True))


def typed_leaks(text: str, forms: set[str], covered: list[tuple[int, int]]) -> dict[str, int]:
    """Forms left readable with a type word glued after them (``봄날연구소의``), counted per form."""
    words = _type_words()
    out: dict[str, int] = {}
    for form, a, b in _readable(text, forms, covered):
        if any(text.startswith(w, b) and _ends_word(text[b + len(w):b + len(w) + 8]) for w in words):
            out[form] = out.get(form, 0) + 1
    return out


def count(docs, policy: Policy, mode: str) -> tuple[int, int, int, int, list[str]]:
    """(documents, distinct forms replaced, forms leaked, forms leaked with a glued type word, examples)."""
    tax = load_taxonomy()
    n_forms = n_leaked = n_typed = 0
    examples = []
    for d in docs:
        text, reps = policy.redact(d, mode, seed=1)
        spans = [s for s in policy.prepare(d).spans if policy.mode_for(s.label, mode) != "keep"]
        forms = {d.text[s.start:s.end] for s in spans}
        # a number of one or two digits names nothing by itself (the 12 of 압수목록 12번 is not a date's month):
        # not counted, as consistency does not spread it
        forms = {f for f in forms if f == f.strip() and len(f) >= 2 and not (len(f) <= 2 and f.isdigit())}
        bases = [split_label(s.label)[0] for s in spans]
        named = {d.text[s.start:s.end] for s, base in zip(spans, bases)
                 if base in tax and not tax.is_name(base)}
        covered = [(a, b) for a, b, r in placed(reps)]
        found = leaks(text, forms, covered)
        typed = typed_leaks(text, forms & named, covered)
        n_forms += len(forms)
        n_leaked += len(found)
        n_typed += len(typed)
        examples += [f"{d.id}: {len(f)} chars" for f in (*found, *typed)][:2]
    return len(docs), n_forms, n_leaked, n_typed, examples


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("pred", nargs="+", type=Path)
    ap.add_argument("--mode", default="court")
    ap.add_argument("--limit", type=int, default=0)
    args = ap.parse_args()
    print(f"{'file':<34} {'policy':<16} {'docs':>5} {'forms replaced':>14} {'leaked':>7} {'share':>7} {'+type word':>10}")
    for path in args.pred:
        docs = load_jsonl(path)[: args.limit or None]
        for name, policy in (("consistency on", Policy()), ("consistency off", Policy(consistency=False))):
            n, forms, leaked, typed, examples = count(docs, policy, args.mode)
            print(f"{path.name:<34} {name:<16} {n:>5} {forms:>14} {leaked:>7} {leaked / max(forms, 1):>7.1%} {typed:>10}")
            if (leaked or typed) and name == "consistency on":
                print("  e.g. " + "; ".join(examples[:6]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
