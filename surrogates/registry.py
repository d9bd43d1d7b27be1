"""The one label registry of the surrogate engine: every taxonomy node used as a label -> a rule.

A rule is ``generate`` (a seeded generator), ``sample`` (an entry of a packaged or external lexicon),
``keep`` (the mention stays as it is) or ``fallback`` (a mid/top label served by a descendant's rule).
Sub-labels steer the choice first: an external inventory list keyed by the sub-label (``식당:한식당``
draws from the ``한식당`` list) or a built-in sub-label rule (``호`` -> a unit number)::

    >>> reg = Registry()
    >>> reg.rule("인명").kind, reg.rule("이름").kind, reg.rule("이름").target
    ('generate', 'fallback', '인명')
    >>> sorted({reg.rule(n.name).kind for n in reg.taxonomy.leaves()})
    ['generate', 'sample']
    >>> reg.uncovered()
    []

``thunder-deid surrogates coverage`` prints the table.
"""

from __future__ import annotations

import functools
import random
import re
from dataclasses import dataclass
from typing import Iterable, Literal

from thunder_deid.surrogates import generators as g
from thunder_deid.surrogates import places as p
from thunder_deid.surrogates.base import Ctx, Generator, Surrogate
from thunder_deid.surrogates.institutions import institution
from thunder_deid.surrogates.lexicon import Inventory, packaged
from thunder_deid.surrogates.people import person_name
from thunder_deid.surrogates.sources import current_part, in_part
from thunder_deid.taxonomy import Taxonomy, load_taxonomy

Kind = Literal["generate", "sample", "keep", "fallback"]


@dataclass(frozen=True)
class Rule:
    kind: Kind
    target: str  # generator name, lexicon name, or the label a fallback defers to
    fn: Generator | None = None
    inventory: bool = True  # may an external list keyed by the sub-label serve this label?


def gen(fn: Generator, inventory: bool = False) -> Rule:
    return Rule("generate", getattr(fn, "__name__", "generator"), fn, inventory)


def sample(name: str, fn: Generator) -> Rule:
    return Rule("sample", name, fn, True)


def _list(name: str) -> Rule:
    return sample(f"entities.lists.{name}", p.from_list(name))


def _office(name: str, fn: Generator) -> Rule:
    # in output an institution keeps the kind its mention's type word says (a court stays a court)
    return sample(name, institution(fn))


def _geo(name: str) -> Rule:
    return sample(f"geo.{name}", p.from_geo(name))


def _compose(label: str) -> Rule:
    # Composed names draw stems and type words from entities.yaml; external lists keyed by sub-label win.
    return Rule("sample", f"entities.compose.{label}", p.compose(label), True)


def _mixed(*fns: Generator) -> Generator:
    def f(rng: random.Random, ctx: Ctx) -> Surrogate | str:
        return rng.choice(fns)(rng, ctx)

    f.__name__ = "+".join(getattr(x, "__name__", "?") for x in fns)
    return f


# Structured values: never served by external lists (they would bring real identifiers back).
LEAF_RULES: dict[str, Rule] = {
    # B.1 direct identifiers
    "인명": gen(person_name, inventory=True), "세례명": gen(g.baptismal_name, True),
    "법명": gen(g.dharma_name), "예명": gen(g.stage_name, True), "아이디": gen(g.user_id), "닉네임": gen(g.nickname, True),
    "이메일주소": gen(g.email), "IP주소": gen(g.ip_address), "출생일자": gen(g.birth_date), "나이": gen(g.age),
    "여명": gen(g.remaining_life), "학년": gen(g.grade), "경력": gen(g.years), "기수": gen(g.cohort),
    "수상경력": _list("awards"),
    # B.2 numbers
    "주민등록번호": gen(g.rrn), "계좌번호": gen(g.account), "가상화폐개인지갑주소": gen(g.wallet), "전화번호": gen(g.phone),
    "군번": gen(g.military_no), "면허번호": gen(g.licence_no), "사업자등록번호": gen(g.brn), "법인등록번호": gen(g.corp_no),
    "여권번호": gen(g.passport), "훈장번호": gen(g.medal_no), "수험번호": gen(g.exam_no), "보훈번호": gen(g.veteran_no),
    "차량번호": gen(g.plate), "차대번호": gen(g.vin), "선박번호": gen(g.vessel_no), "업무관리번호": gen(g.task_no),
    "문서관리번호": gen(g.document_no), "물류관리번호": gen(g.tracking_no), "결제수단관련번호": gen(g.card_number),
    "금융증표관련번호": gen(g.instrument_no), "교통노선관련번호": gen(g.route_no), "재판사건번호": gen(g.court_case),
    "경찰사건번호": gen(g.police_case), "비밀번호": gen(g.password), "우편번호": gen(g.postal_code),
    "시간정보": gen(g.time_info), "운행편번호": gen(g.flight_no), "수치": gen(g.number), "방번호": gen(g.room_no),
    "출구번호": gen(g.exit_no),
    # B.3 geography
    "행정구역-일반구": gen(p.district, True), "행정구역-동": _geo("dong"), "행정구역-읍": _geo("eup"),
    "행정구역-면": _geo("myeon"), "행정구역-리": _geo("ri"), "국가명": _geo("countries"), "해외지명": _geo("foreign_places"),
    "해외주소": gen(p.foreign_address), "도로명": gen(p.road, True), "번지": gen(g.lot_no), "건물동호수": gen(g.unit_no),
    "건물층": gen(g.floor_no), "블록": gen(g.block_no), "로트": gen(g.lot_block),
    "마을": _compose("마을"), "선거구": gen(p.constituency), "지사·지청": _office("entities.lists.offices", p.from_list("offices")), "지점": gen(p.branch, True),
    "지구": _compose("지구"), "자연지형": _geo("natural"),
    "길": gen(p.road_path, True), "거리": _compose("거리"), "골목": _compose("골목"), "교차로": _compose("교차로"),
    "인터체인지": _compose("인터체인지"), "로터리": _compose("로터리"), "도로": gen(p.road, True), "고속도로": _geo("highways"),
    "고속도로구간": gen(p.highway_section), "철도구간": gen(p.rail_section),
    # B.4 institutions and facilities
    "중앙행정·지방자치기관": _office("entities.lists.institutions_*", _mixed(p.from_list("institutions_central"), p.from_list("institutions_local"))),
    "국방기관": _list("defense"), "치안및교정기관": _office("entities.lists.police", p.from_list("police")),
    "소방기관": _office("entities.lists.fire", p.from_list("fire")), "금융기관": _list("financial_agency"),
    # B.5 businesses: banking has its own list with account layouts
    "은행업": sample("finance.banks", p.bank),
    # B.6 organisations
    "가계": gen(p.lineage, True), "군사편제": _list("military_units"), "조직 내 세부부서": _list("departments"),
    "조직내 업무·권한 등": _list("duties"),
    # B.7 places and events
    "시설부속공간": _list("spaces"), "시설부속구조물": _list("structures"),
    # B.8 products, services, contents
    "식품": _list("food_products"), "의약품": _list("drugs"), "반려동물": _list("pets"), "공산품": _list("goods"),
    "투자상품": gen(p.securities_fund, True), "보험상품": gen(p.insurance_product, True), "가상자산": _list("crypto"),
    "url": gen(g.url), "텍스트콘텐츠": gen(p.titled(""), True), "이미지·영상콘텐츠": gen(p.titled("영화 "), True),
    "음원콘텐츠": gen(p.titled(""), True), "공연콘텐츠": gen(p.titled("뮤지컬 "), True), "오락·스포츠콘텐츠": _list("sports_content"),
    "국가유산": _list("heritage"), "사건": _list("incidents"), "과목": _list("subjects"), "특허": gen(g.patent_no),
}

# Mid/top labels: which descendant (or dedicated generator) serves them.
FALLBACKS: dict[str, str] = {
    "이름": "인명", "온라인식별자": "아이디", "연령정보": "나이", "이력사항": "경력", "인적번호": "전화번호",
    "사물·관리 번호": "수치", "기타사건관련숫자": "수치", "지역명": "마을", "교통로": "도로", "구간": "고속도로구간",
    "공공기관": "중앙행정·지방자치기관", "학술·교육기관": "학교", "사회기반시설": "주민편의시설", "의료시설": "병·의원",
    "사회·경제시설": "주거시설", "외식업": "식당", "도소매및유통업": "종합물품판매업", "운수·물류업": "화물운송·물류업",
    "금융업": "여신금융업", "전문직 서비스업": "변호사업", "건설·부동산업": "건설시공업", "정보통신업": "소프트웨어개발업",
    "제조업": "공산품제조업", "자원채취·생산업": "농업", "숙박업": "소형숙박업", "여가산업": "오락·스포츠업",
    "외모관리산업": "두발피부미용업", "기타산업": "기타서비스업", "사회·문화조직": "친목", "정치·경제조직": "경제적 권익",
    "국방조직": "군사편제", "조직체계": "조직 내 세부부서", "불법단체": "형법상 범죄단체", "시설부속장소": "시설부속공간",
    "특정시설에 부속되지 않는 공간": "건설현장", "이벤트": "민간 행사", "일반상품": "공산품", "금융상품": "대출상품",
    "디지털상품": "게임상품", "디지털서비스": "기타사이트", "사회문화콘텐츠": "텍스트콘텐츠", "지식재산": "상표",
    "사건관계인특정정보": "인명", "사건관련숫자정보": "수치", "지리정보": "주소", "기관 및 시설": "주민편의시설",
    "사업체": "기타서비스업", "조직": "친목", "그외 사건관련장소 및 이벤트": "시설부속공간", "상품·서비스·콘텐츠": "공산품",
}
# Mid labels with a generator of their own (a bare "address" is the commonest fallback label).
MID_RULES: dict[str, Rule] = {"주소": gen(p.address, True)}

# Built-in rules for old-scheme sub-labels whose format differs from their label's default.
SUB_RULES: dict[str, Rule] = {
    "호": gen(g.unit_no), "동": gen(g.unit_no), "층": gen(g.floor_no), "번": gen(g.exit_no), "번지": gen(g.lot_no),
    "은행": Rule("sample", "finance.banks", p.bank, False), "주민등록번호": gen(g.rrn), "날짜": gen(g.date), "생년월일": gen(g.birth_date),
    "게임": Rule("sample", "entities.compose.게임", p.compose("게임")),
}
# Old sub-labels that say *what kind of thing* a mid/top-labelled span is (a building, a company, the
# place in front of which something happened): their names are composed like the leaves'.
for _kind, _subs in {
    "건물": ("건물", "건물이름", "구아래주소건물", "시아래주소건물", "군아래주소건물", "빌딩"),
    "회사": ("회사", "사무실", "(주)", "회사명", "유한회사", "거래처", "주식회사", "업체", "사업장"),
    "한식당": ("한식당", "한식"), "중식당": ("중식당", "중국음식점", "중국집"), "일식당": ("일식당", "일식집", "횟집"),
    "양식당": ("양식당", "레스토랑"), "분식점": ("분식점", "분식집"),
    "장소": ("앞 노상", "앞노상", "앞", "앞길", "앞 길", "앞 도로", "부근", "인근", "추행장소", "사기장소", "폭행장소", "범행장소"),
}.items():
    for _s in _subs:
        SUB_RULES[_s] = Rule("sample", f"entities.compose.{_kind}", p.compose(_kind))
for _old in ("구아래주소", "시아래주소", "군아래주소", "구이하주소", "시이하주소", "군이하주소", "동아래주소", "읍아래주소", "면아래주소"):
    SUB_RULES[_old] = gen(p.below_district)


class Registry:
    """Resolves ``(label, sub)`` to the rule and generator that serve it."""

    def __init__(self, taxonomy: Taxonomy | None = None, inventory: Inventory | None = None, keep: Iterable[str] = ()):
        self.taxonomy = taxonomy or load_taxonomy()
        self.inventory = inventory or Inventory()
        self._pools: dict[str, Generator] = {}
        self._has_part: dict[tuple[str, str], bool] = {}
        self._rules: dict[str, Rule] = dict(LEAF_RULES)
        self._rules.update(MID_RULES)
        for label in packaged()["entities"]["compose"]:
            if label in self.taxonomy and self.taxonomy.level(label) == "leaf" and label not in self._rules:
                self._rules[label] = _compose(label)
        for label, target in FALLBACKS.items():
            self._rules.setdefault(label, Rule("fallback", target))
        for label in keep:  # labels the user wants left as they are (rendered as text, not spans)
            self._rules[self.taxonomy[label].name] = Rule("keep", "mention kept")

    def rule(self, label: str) -> Rule:
        r = self._rules.get(label)
        if r is None:
            raise KeyError(label)
        return r

    def resolve(self, label: str) -> tuple[str, Rule]:
        """Follow fallbacks to the label whose rule produces the value."""
        seen = set()
        r = self.rule(label)
        while r.kind == "fallback":
            if label in seen:
                raise ValueError(f"fallback cycle at {label!r}")
            seen.add(label)
            label = r.target
            r = self.rule(label)
        return label, r

    def generator(self, label: str, sub: str | None, type_word: str | None = None) -> tuple[str, Generator | None]:
        """``(source, generator)`` for a span: sub-label list, built-in sub rule, then the label's rule.

        A broad (mid/top) label followed by a type word that belongs to one of its leaves is served by that
        leaf: ``<<<C:사업체>>> 식당`` draws a restaurant name.
        """
        final, rule = self.resolve(label)
        if rule.kind == "keep":
            return "keep", None
        if type_word and self._rules[label].kind == "fallback" and not sub_rule_applies(sub, self.inventory):
            leaf = self._leaf_for_type(label, type_word)
            if leaf is not None:
                final, rule = leaf, self._rules[leaf]
        if sub:
            builtin = SUB_RULES.get(sub)
            # built-in sub rules for structured values (units, numbers, banks with account layouts) are
            # not overridden by external lists; those for kinds of names (건물, 회사 …) are
            strata = None if (builtin is not None and not builtin.inventory) else self.inventory.strata(sub)
            if strata and rule.inventory and self._in_part(sub, strata):
                if sub not in self._pools:
                    self._pools[sub] = _sample_strata(strata)
                return f"inventory:{sub}", self._pools[sub]
            # a sub rule naming a kind of name (건물, 한식당 …) serves only labels that take names; one for a
            # structured value (호, 층, 구아래주소 …) any label but a person's name
            if builtin is not None and not self.taxonomy.is_name(final) and (builtin.kind != "sample" or rule.inventory):
                return f"sub:{sub}", builtin.fn
        return f"{rule.kind}:{rule.target}", rule.fn

    def _in_part(self, sub: str, strata: tuple[tuple[str, ...], ...]) -> bool:
        """Does the inventory list hold a value of the current source part? (A list of a few values may not:
        the label's own rule serves it then.)"""
        key = (sub, current_part())
        if key not in self._has_part:
            self._has_part[key] = any(in_part(v, key[1]) for vs in strata for v in _usable(vs))
        return self._has_part[key]

    def _leaf_for_type(self, label: str, type_word: str) -> str | None:
        for leaf in _labels_by_type().get(type_word, ()):
            if leaf in self._rules and self.taxonomy.is_descendant(leaf, label):
                return leaf
        return None

    def uncovered(self) -> list[str]:
        """Taxonomy nodes with no rule (must stay empty; a test checks it)."""
        out = []
        for n in self.taxonomy.nodes():
            try:
                self.resolve(n.name)
            except (KeyError, ValueError):
                out.append(n.name)
        return out

    def coverage(self) -> list[tuple[str, str, str, str]]:
        """``(label, level, kind, detail)`` for every taxonomy node, in taxonomy order."""
        rows = []
        for n in self.taxonomy.nodes():
            try:
                r = self.rule(n.name)
                final, fr = self.resolve(n.name)
                detail = r.target if r.kind != "fallback" else f"-> {final} ({fr.kind}: {fr.target})"
                rows.append((n.name, n.level, r.kind, detail))
            except (KeyError, ValueError):
                rows.append((n.name, n.level, "MISSING", ""))
        return rows


def sub_rule_applies(sub: str | None, inventory: Inventory) -> bool:
    """Does the sub-label itself already say what to draw (a list or a built-in rule)?"""
    return bool(sub) and (sub in SUB_RULES or inventory.get(sub) is not None)


@functools.lru_cache(maxsize=None)
def _labels_by_type() -> dict[str, tuple[str, ...]]:
    """Type word -> the taxonomy leaves whose composed names end with it (식당 -> 식당, …)."""
    tax = load_taxonomy()
    out: dict[str, list[str]] = {}
    for label, spec in packaged()["entities"]["compose"].items():
        if label in tax and tax.level(label) == "leaf":
            for t in spec.get("types", ()):
                if t:
                    out.setdefault(t, []).append(label)
    return {k: tuple(v) for k, v in out.items()}


_PLACEHOLDER_LIKE = re.compile(r"^[A-Z]{1,2}(?=[가-힣\s]|$)|[○◯]|생략|\*\*")


def _usable(values: tuple[str, ...]) -> tuple[str, ...]:
    """Inventory entries minus those that look like court placeholders (``A클럽``, ``○○빌딩``)."""
    return tuple(v for v in values if not _PLACEHOLDER_LIKE.search(v)) or values


def _sample_strata(strata: tuple[tuple[str, ...], ...]) -> Generator:
    """Stratified sampling: a source file uniformly, then one of its (usable) values of the source part."""
    everything = tuple(p for p in (_usable(vs) for vs in strata) if p)
    by_part: dict[str, tuple[tuple[str, ...], ...]] = {}

    def f(rng: random.Random, ctx: Ctx) -> str:
        part = current_part()
        if part not in by_part:
            by_part[part] = tuple(p for p in (tuple(v for v in vs if in_part(v, part)) for vs in everything) if p)
        pools = by_part[part]
        return rng.choice(rng.choice(pools) if len(pools) > 1 else pools[0])

    return f
