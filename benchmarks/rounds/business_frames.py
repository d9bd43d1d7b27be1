"""The shipped model (patterns off) on business names of each source part in four frames: ``+`` the name found
exactly, ``~`` a span overlapping it, ``-`` nothing (BENCHMARKS.md "Round 53": a held-out name is missed in a
plain frame where a training name is found). Exploration; no decision reads it.

    python benchmarks/rounds/business_frames.py
"""

from __future__ import annotations

import thunder_deid as td
from thunder_deid.surrogates.sources import part_of

NAMES = ("아이오티플러스", "허브디티", "필리즈아미고", "비스놉", "메인큐앤디", "포비스", "지메디언스", "한빛테크", "엔세이지",
         "씨에프테크놀로지")
FRAMES = ("피고인은 {}에서 영업사원으로 근무하였다.", "피고인은 주식회사 {}의 대표이사이다.",
          "피해자 주식회사 {}(대표이사 김민준)에게", "피고인은 서울 강남구에 있는 주식회사 {} 사무실에서")


def main() -> None:
    model = td.load(patterns=False)
    print({n: part_of(n) for n in NAMES})
    for frame in FRAMES:
        row = []
        for n in NAMES:
            t = frame.format(n)
            i = t.index(n)
            row.append("".join("+" if t[s.start:s.end] == n else "~" for s in model.predict(t).spans
                               if s.end > i and s.start < i + len(n)) or "-")
        print(frame, row)


if __name__ == "__main__":
    main()
