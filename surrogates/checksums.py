"""Check digits of Korean and international identifiers, so generated surrogates are *valid-looking*.

    >>> rrn_check_digit("870923200001")
    7
    >>> brn_check_digit("123456789"), corp_check_digit("110111123456"), luhn_check_digit("411111111111111")
    (1, 9, 1)

- resident registration number (주민등록번호): weights 2..9,2..5 over 12 digits, ``(11 - s % 11) % 10``;
- business registration number (사업자등록번호): weights 1,3,7,1,3,7,1,3,5 plus ``⌊5·d9/10⌋``, ``(10 - s % 10) % 10``;
- corporate registration number (법인등록번호): weights 1,2 alternating over 12 digits, ``(10 - s % 10) % 10``;
- card numbers: Luhn; vehicle identification numbers (VIN): ISO 3779 position-9 check character.
"""

from __future__ import annotations

_RRN_W = (2, 3, 4, 5, 6, 7, 8, 9, 2, 3, 4, 5)
_BRN_W = (1, 3, 7, 1, 3, 7, 1, 3, 5)


def _digits(s: str, n: int) -> list[int]:
    d = [int(c) for c in s if c.isdigit()]
    if len(d) != n:
        raise ValueError(f"expected {n} digits, got {len(d)}")
    return d


def rrn_check_digit(first12: str) -> int:
    d = _digits(first12, 12)
    return (11 - sum(a * b for a, b in zip(d, _RRN_W)) % 11) % 10


def brn_check_digit(first9: str) -> int:
    d = _digits(first9, 9)
    s = sum(a * b for a, b in zip(d, _BRN_W)) + (d[8] * 5) // 10
    return (10 - s % 10) % 10


def corp_check_digit(first12: str) -> int:
    d = _digits(first12, 12)
    return (10 - sum(a * (1 if i % 2 == 0 else 2) for i, a in enumerate(d)) % 10) % 10


def luhn_check_digit(body: str) -> int:
    """The digit that makes ``body + digit`` pass the Luhn test."""
    total = 0
    for i, c in enumerate(reversed([int(x) for x in body if x.isdigit()])):
        v = c * 2 if i % 2 == 0 else c
        total += v - 9 if v > 9 else v
    return (10 - total % 10) % 10


_VIN_VAL = {**{str(i): i for i in range(10)}, **dict(zip("ABCDEFGH", range(1, 9))), **dict(zip("JKLMN", range(1, 6))),
            "P": 7, "R": 9, **dict(zip("STUVWXYZ", range(2, 10)))}
_VIN_W = (8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2)


def vin_check_char(vin17: str) -> str:
    """ISO 3779 check character for a 17-character VIN (position 9 is ignored in the sum)."""
    if len(vin17) != 17:
        raise ValueError("a VIN has 17 characters")
    r = sum(_VIN_VAL[c] * w for c, w in zip(vin17.upper(), _VIN_W)) % 11
    return "X" if r == 10 else str(r)
