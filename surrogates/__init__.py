"""Surrogate engine: seeded, group-consistent, particle-correct replacement of PII spans (appendix F/G).

    >>> from thunder_deid.inline import parse_inline
    >>> doc = parse_inline("<<<B:인명>>>는 <<<C:은행업>>>은행 계좌(<<<계좌번호 1 생략:계좌번호>>>)로 송금했다.", "d")
    >>> out, rep = realize_document(doc, seed=1199)
    >>> rep.realized, "생략" in out.text
    (3, False)
    >>> epoch_seed(1200, 1)
    12001
"""

from thunder_deid.surrogates.base import Ctx, Surrogate
from thunder_deid.surrogates.engine import RealizeReport, Realizer, epoch_seed, group_rng, realize_document, realize_documents
from thunder_deid.surrogates.lexicon import Inventory
from thunder_deid.surrogates.registry import Registry

__all__ = ["Ctx", "Inventory", "RealizeReport", "Realizer", "Registry", "Surrogate", "epoch_seed", "group_rng",
           "realize_document", "realize_documents"]
