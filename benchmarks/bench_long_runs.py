"""``predict`` on a long run of Hangul without a space, this checkout against a baseline checkout, in one run.

A badly extracted document (a PDF text layer without spaces) or a hostile one may hold a run of hundreds of
thousands of characters with no whitespace: one pre-token for the tokenizer's search, and a stretch of tokens
without a sure ``O`` for the streaming decoder. Each step must cost what the run holds, not its square. For
each N this times ``td.load().predict(text)`` on the first N characters of a fictional judgment paragraph
(written for this benchmark, no real person) repeated without its spaces and line breaks, in a fresh process
per checkout (the model loaded and warmed first, outside the timing), and says whether both outputs (the
spans) are the same. ``--kind letters`` (the default) keeps its Hangul only, so the run is one word of N
characters for the tokenizer (the worst case); ``--kind text`` keeps its digits and punctuation, which cut
the run into words::

    git worktree add /tmp/base 13bcb59
    python benchmarks/bench_long_runs.py --baseline /tmp/base --n 25000 50000 100000 200000
"""

from __future__ import annotations

import argparse
from pathlib import Path

from checkouts import run_in

ROOT = Path(__file__).resolve().parent.parent

# fictional: names, numbers and places made up for this benchmark
PARAGRAPH = """피고인 한도윤은 2021. 3. 14. 15:30경 서울 마포구 성미산로 27에 있는 피해자 유서진이 운영하는 해오름상사
사무실에서, 피해자에게 "물품 대금을 곧 지급하겠다"고 거짓말하여 이에 속은 피해자로부터 피고인 명의의 새솔은행 계좌
(계좌번호 1002-345-678901)로 2,300만 원을 송금받았다. 피고인은 같은 해 4. 2.경 피해자의 휴대전화(010-2718-2818)로
연락하여 추가 대금을 요구하였으나, 피해자는 이를 거절하였고, 이후 피고인은 공소외 강하람과 함께 경기도 고양시 일산동구
호수로 595 소재 카페에서 피해자를 다시 만나 변제를 약속하였다. 이로써 피고인은 피해자를 기망하여 재물을 교부받았다.
"""


def unspaced(n: int, kind: str = "letters") -> str:
    """The first ``n`` characters of the paragraph repeated, without whitespace (``letters``: Hangul only)."""
    run = "".join(PARAGRAPH.split())
    if kind == "letters":
        run = "".join(c for c in run if "가" <= c <= "힣")
    return (run * (n // len(run) + 1))[:n]


_CHILD = r"""
import hashlib, json, sys, time
sys.path.insert(0, sys.argv[2])
import thunder_deid as td
from bench_long_runs import unspaced
assert td.__file__.startswith(sys.argv[3]), td.__file__
t = td.load(threads=2)
t.predict("피고인 김민준은 피해자 이서연에게")
text = unspaced(int(sys.argv[1]), sys.argv[4])
a = time.perf_counter()
doc = t.predict(text)
spans = [[s.start, s.end, s.label] for s in doc.spans]
print(json.dumps({"seconds": time.perf_counter() - a, "spans": len(spans),
                  "sha": hashlib.sha256(json.dumps(spans, ensure_ascii=False).encode()).hexdigest()[:12]}))
"""


def run(tree: Path, n: int, kind: str) -> dict:
    return run_in(tree, _CHILD, n, ROOT / "benchmarks", tree.resolve(), kind)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--baseline", type=Path, required=True, help="a checkout of the baseline commit (git worktree)")
    ap.add_argument("--n", type=int, nargs="+", default=[25_000, 50_000, 100_000, 200_000])
    ap.add_argument("--kind", choices=("letters", "text"), default="letters",
                    help="letters: Hangul only (one word); text: digits and punctuation kept")
    a = ap.parse_args()
    print(f"--kind {a.kind}")
    print(f"{'characters':>11} {'spans':>6} {'this checkout s':>16} {'baseline s':>11} same spans")
    for n in a.n:
        now, was = run(ROOT, n, a.kind), run(a.baseline, n, a.kind)
        print(f"{n:11,d} {now['spans']:6d} {now['seconds']:16.1f} {was['seconds']:11.1f} "
              f"{'yes' if now['sha'] == was['sha'] else 'no'}", flush=True)


if __name__ == "__main__":
    main()
