"""Formats of the generated values (one row per generator)."""

import ipaddress
import random
import re

import pytest

from thunder_deid.surrogates import generators as g
from thunder_deid.surrogates import places as p
from thunder_deid.surrogates.base import Ctx, Surrogate
from thunder_deid.surrogates.lexicon import packaged


def text(v):
    return v.text if isinstance(v, Surrogate) else v


@pytest.mark.parametrize("gen,ctx,pattern", [
    (g.age, Ctx("나이"), r"\d{2}세"),
    (g.birth_date, Ctx("출생일자"), r"(19[5-9]\d|200\d)\. \d{1,2}\. \d{1,2}\."),
    (g.time_info, Ctx("시간정보", mention="10:30"), r"\d{2}:\d{2}"),
    (g.phone, Ctx("전화번호"), r"(010-\d{4}-\d{4}|0\d{1,2}-\d{3,4}-\d{4}|070-\d{4}-\d{4}|1[56]\d{2}-\d{4})"),
    (g.plate, Ctx("차량번호"), r"([가-힣]{2})?\d{2,3}[가-힣]\d{4}"),
    (g.court_case, Ctx("재판사건번호"), r"20\d{2}[가-힣]{1,2}\d{3,6}"),
    (g.police_case, Ctx("경찰사건번호"), r"(20\d{2}-\d{6}|제20\d{2}-\d{5}호)"),
    (g.lot_no, Ctx("번지"), r"(산 )?\d{1,3}(-\d{1,2})?번지"),
    (g.unit_no, Ctx("건물동호수"), r"\d{3,4}동 \d{3,4}호"),
    (g.unit_no, Ctx("건물동호수", after="호에서"), r"\d{3,4}호"),
    (g.floor_no, Ctx("건물층"), r"(지하 )?\d{1,2}층"),
    (g.postal_code, Ctx("우편번호"), r"\d{5}"),
    (g.passport, Ctx("여권번호"), r"[MS]\d{8}|[MS]\d{3}[A-H]\d{4}"),
    (g.wallet, Ctx("가상화폐개인지갑주소"), r"0x[0-9a-f]{40}|bc1q[02-9ac-hj-np-z]{38}|[13][1-9A-HJ-NP-Za-km-z]{33}"),
    (p.below_district, Ctx("주소", before="서울 강남구 "), r"[가-힣0-9]+(동|로|길|대로) \d{1,3}(-\d{1,2})?"),
    (p.road, Ctx("도로명"), r"[가-힣0-9]+(로|길)"),
    (g.military_no, Ctx("군번"), r"[12]\d-[57]\d{7}"),
    (g.patent_no, Ctx("특허"), r"제10-[12]\d{6}호"),
    (g.room_no, Ctx("방번호"), r"[1-9][0-2][1-9]호"),
    (g.document_no, Ctx("문서관리번호"), r"제20(1[5-9]|2[0-4])-\d{4}호"),
])
def test_format(gen, ctx, pattern):
    rng = random.Random(5)
    for _ in range(100):
        v = text(gen(rng, ctx))
        assert re.fullmatch(pattern, v), v


def test_reserved_domains_and_documentation_ips():
    rng = random.Random(3)
    for _ in range(200):
        e = g.email(rng, Ctx("이메일주소"))
        assert e.split("@")[1] in g.RESERVED_DOMAINS
        host = re.match(r"https://([^/]+)", g.url(rng, Ctx("url"))).group(1)
        assert any(host == d or host.endswith("." + d) for d in g.RESERVED_DOMAINS)
        ip = ipaddress.ip_address(g.ip_address(rng, Ctx("IP주소")))
        assert any(ip in ipaddress.ip_network(n) for n in ("192.0.2.0/24", "198.51.100.0/24", "203.0.113.0/24"))


@pytest.mark.parametrize("before,codes", [
    ("대법원 ", {"도", "다", "두", "므"}),
    ("서울고등법원 ", {"노", "나", "누", "르"}),
    ("서울가정법원 ", {"드단", "드합", "느단"}),
])
def test_court_case_follows_court(before, codes):
    rng = random.Random(0)
    for _ in range(50):
        v = g.court_case(rng, Ctx("재판사건번호", before=before))
        assert re.fullmatch(r"20\d{2}([가-힣]+)\d+", v).group(1) in codes


def test_court_case_keeps_mention_code():
    assert "고합" in g.court_case(random.Random(0), Ctx("재판사건번호", mention="2019고합123"))


def test_account_follows_named_bank():
    bank = next(b for b in packaged()["finance"]["banks"] if b["full"] == "신한은행")
    v = g.account(random.Random(0), Ctx("계좌번호", before="피고인 명의 신한은행 계좌("))
    assert re.fullmatch(bank["layout"].replace("#", r"\d"), v)


def test_compose_uses_following_type_word():
    s = p.compose("식당")(random.Random(0), Ctx("식당", type_word="가든"))
    assert s.text == s.stem + "가든"


@pytest.mark.parametrize("before,dongs", [
    ("서울 강남구 ", {"역삼동", "삼성동", "대치동", "논현동", "신사동"}),
    ("부산광역시 해운대구 ", {"우동", "중동", "좌동", "재송동", "반여동"}),
    ("수원시 영통구 ", {"인계동", "매탄동", "영통동", "권선동", "정자동"}),
])
def test_address_continues_in_named_district(before, dongs):
    local = p.local_area(before)
    assert local is not None and set(local["dong"]) == dongs
    for seed in range(20):
        v = p.below_district(random.Random(seed), Ctx("주소", before=before)).text
        assert v.split(" ")[0] in dongs or v.split(" ")[0] in local["roads"], v


@pytest.mark.parametrize("gen,mention,pattern", [
    (g.phone, "010-1234-5678", r"010-\d{4}-\d{4}"),
    (g.phone, "051-123-4567", r"051-\d{3,4}-\d{4}"),
    (g.phone, "1588-1234", r"1588-\d{4}"),
    (g.account, "123-45-678901", r"\d{3}-\d{2}-\d{6}"),
])
def test_real_value_keeps_its_kind(gen, mention, pattern):
    for seed in range(20):
        v = gen(random.Random(seed), Ctx("x", mention=mention))
        assert re.fullmatch(pattern, v) and v != mention, v
