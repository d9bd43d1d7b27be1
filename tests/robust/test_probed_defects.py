"""The defects issue 15 probed, on the embedded model: each form of the text is now read like plain NFC."""

import unicodedata

import pytest

SENTENCE = "피고인은 2020. 3. 4. 서울 강남구에서 피해자 홍길동{}에게 전화하여 돈을 요구하였다."


def _found(tagger, text):
    return [(unicodedata.normalize("NFC", text[s.start:s.end]), s.label) for s in tagger.predict(text).spans]


@pytest.mark.parametrize("variant", [
    lambda t: unicodedata.normalize("NFD", t),
    lambda t: t.replace(" ", "\u00a0"),
    lambda t: t.replace("홍길동", "홍\u200b길동"),
    lambda t: "\ufeff" + t.replace("2020", "２０２０"),
])
def test_forms_of_the_same_text_find_the_same_name(tagger, variant):
    text = SENTENCE.format("")
    assert ("홍길동", "인명") in _found(tagger, text)
    found = _found(tagger, variant(text))
    assert ("홍길동" if "\u200b" not in variant(text) else "홍\u200b길동", "인명") in found


@pytest.mark.parametrize("glued", [":", ">>>", ">", "》"])
def test_a_name_glued_to_punctuation_is_found_without_it(tagger, glued):
    assert ("홍길동", "인명") in _found(tagger, SENTENCE.format(glued))


def test_full_width_phone_number_is_one_span(tagger):
    text = "피고인은 휴대전화 ０１０－４８２１－７７３６으로 연락하였다."
    assert ("０１０－４８２１－７７３６", "전화번호") in _found(tagger, text)


def test_an_ascii_id_is_masked_whole(tagger):
    text = "피해자의 아이디(secret)와 비밀번호를 알아내어 로그인하였다."
    assert tagger.redact(text, "mask") == "피해자의 아이디([아이디])와 비밀번호를 알아내어 로그인하였다."


def test_a_policy_given_in_python_as_a_mapping_is_read_like_the_file(tagger, tmp_path):
    """Probed 2026-12-05: ``tagger.redact(text, policy={...})`` raised a bare TypeError."""
    from thunder_deid.errors import ThunderDeidError

    text = "피고인 김민준은 하나은행 계좌로 송금받았다."
    rules = {"mode": "court", "labels": {"인명": "keep"}}
    (tmp_path / "p.yaml").write_text("mode: court\nlabels:\n  인명: keep\n", encoding="utf-8")
    assert tagger.redact(text, policy=rules) == tagger.redact(text, policy=tmp_path / "p.yaml") == \
        "피고인 김민준은 ○○은행 계좌로 송금받았다."
    with pytest.raises(ThunderDeidError, match="policy: labels.인명"):
        tagger.redact(text, policy={"labels": {"인명": "erase"}})
    with pytest.raises(ThunderDeidError, match="expected a Policy, a mapping or a YAML file's path, not list"):
        tagger.redact(text, policy=["court"])


@pytest.mark.parametrize("value, message", [
    (None, "text must be str, not NoneType"),
    ("피고인 홍길동".encode("cp949"), r"text must be str, not bytes: decode it first"),
    (123, "text must be str, not int"),
])
def test_the_python_api_names_a_wrong_argument(tagger, value, message):
    """Probed 2026-12-05: redact(b"...") and redact(None) failed inside unicodedata with `is_normalized()
    argument 2 must be str`, naming nothing the caller wrote."""
    with pytest.raises(TypeError, match=message):
        tagger.redact(value)
    with pytest.raises(TypeError, match=message):
        tagger.predict(value)
    with pytest.raises(TypeError, match="seed must be an int or None, not str"):
        tagger.redact("피고인 홍길동", mode="surrogate", seed="7")


def test_a_tables_field_names_are_never_replaced(tagger):
    """Probed 2026-12-05: a DOCX table's header cell ``성명`` came out as ``C`` in court style (the model tagged it
    a name, 0.52) and ``연락처:`` was tagged an address; a field's name is never its value."""
    table = "성명\n박민수\n계좌\n국민은행 123-456-789012\n"
    form = "성명 박민수, 주민등록번호 800101-1234567\n연락처 010-1234-5678"
    for text in (table, form):
        found = _found(tagger, text)
        assert ("박민수", "인명") in found
        assert not [f for f in found if f[0] in ("성명", "계좌", "연락처")]
    assert tagger.redact(table, "court").startswith("성명\nA\n계좌\n")


def test_every_name_in_a_tables_person_column_is_replaced(tagger):
    """Probed 2026-12-05: in a crime list of eight rows (tab-separated, as a spreadsheet pastes it) the model
    found seven victims' names and left ``장우진`` readable; a column the header names after people holds names."""
    names = ["김서윤", "이도현", "박준서", "최민지", "정하윤", "윤채원", "장우진", "한예린"]
    rows = ["순번\t일시\t피해자\t편취금액"] + [f"{i}\t2024. {i}. {i + 2}.\t{n}\t{i * 100}만 원" for i, n in enumerate(names, 1)]
    text = "별지 범죄일람표\n" + "\n".join(rows) + "\n합계\t\t\t3,600만 원\n"
    out = tagger.redact(text, "court")
    assert not [n for n in names if n in out]
    assert out.splitlines()[1] == "순번\t일시\t피해자\t편취금액" and out.endswith("합계\t\t\t3,600만 원\n")


@pytest.mark.parametrize("header", ["순번\t일시\t입금자(피해자)\t금액", None])
def test_a_names_column_under_a_compound_header_or_none_is_replaced_in_every_row(tagger, header):
    """Probed 2026-12-05: with the header ``입금자(피해자)``, or no header row, the person-column rule did not
    apply and ``장우진`` stayed readable in court style; a header holding a person word and no other field's word
    names people, and a column the tagger itself read as names holds names."""
    names = ["김서윤", "이도현", "박준서", "최민지", "정하윤", "윤채원", "장우진", "한예린", "오지율", "서하람", "남궁민", "황보윤"]
    rows = ([header] if header else []) + [f"{i}\t2024. {i}. {i + 2}.\t{n}\t{i * 100}만 원" for i, n in enumerate(names, 1)]
    out = tagger.redact("별지 범죄일람표\n" + "\n".join(rows) + "\n", "court")
    assert not [n for n in names if n in out]
    assert "\t2024. 7. 9.\t" in out and "\t700만 원" in out


def test_an_address_reference_note_is_replaced_in_every_style(tagger):
    """Probed 2026-12-05 on a civil header: the note ``(우동, 센텀파크)`` after a road-name address kept its
    apartment readable in surrogate style (``(성주동, 센텀파크)``) or gave it a person's name (``(선부동, 김말자)``), and
    became ``(E동, 센텀파크)`` in court style: the note's dong and building are spans of their kinds now."""
    text = ("사 건 2023가합512345 손해배상(기)\n원 고 1. 박지훈\n2. 주식회사 한빛테크\n서울 강남구 테헤란로 152, 7층(역삼동)\n"
            "대표이사 송민재\n원고들 소송대리인 법무법인 정인\n담당변호사 이수경\n피 고 김영희\n"
            "부산 해운대구 센텀중앙로 97, 101동 1203호(우동, 센텀파크)\n소송대리인 변호사 조태현\n변 론 종 결 2024. 9. 12.\n")
    found = _found(tagger, text)
    assert ("우동", "행정구역-동") in found and ("센텀파크", "주거시설") in found   # the model: 우 alone, 센텀파크 a person
    assert tagger.redact(text, "court").splitlines()[8] == "부산 해운대구 (주소 2 생략)"
    for seed in range(4):
        line = tagger.redact(text, "surrogate", seed=seed).splitlines()[8]
        assert "센텀" not in line and "(우동" not in line and line.startswith("부산 해운대구 ") and line.endswith(")")


def test_a_buildings_room_after_an_address_read_without_it_is_replaced(tagger):
    """Probed 2026-12-07 on a made-up criminal header: the tagger read ``반포대로 58`` and ``101`` but not ``202``, and
    court style wrote ``서울 서초구 (주소 생략) 202호``, the room readable; the numbers chained to an address are spans
    now (``address_units``), and a floor is not one."""
    text = "피 고 인 박영수 (720315-1234567), 회사원\n주거 서울 서초구 반포대로 58, 101동 202호\n\n주 문\n"
    assert ("202", "건물동호수") in _found(tagger, text)
    assert tagger.redact(text, "court").splitlines()[1] == "주거 서울 서초구 (주소 생략)"
    for seed in range(3):
        line = tagger.redact(text, "surrogate", seed=seed).splitlines()[1]
        assert "202호" not in line and "반포대로" not in line and line.startswith("주거 서울 서초구 ")
    assert tagger.redact("피고인은 서울 강남구 테헤란로 152, 7층에서", "court").endswith(", 7층에서")


def test_an_address_cut_inside_its_roads_name_is_replaced_whole(tagger):
    """Probed 2026-12-07 on a made-up civil header: under a company's line the tagger read ``테헤란`` of ``테헤란로
    123``, and court style wrote ``서울 강남구 (주소 생략)으로 123``, the number readable and ``로`` read as a particle."""
    text = "피 고 주식회사 한빛소프트\n서울 강남구 테헤란로 123\n대표이사 김철수"
    assert ("테헤란로 123", "주소") in _found(tagger, text)
    assert tagger.redact(text, "court").splitlines()[1] == "서울 강남구 (주소 생략)"
    assert "123" not in tagger.redact(text, "surrogate", seed=0).splitlines()[1]


def test_a_crime_list_a_site_and_a_latin_gloss_in_court_style(tagger):
    """Probed (BENCHMARKS.md "A crime list's column names, a site's whole address, a Latin gloss"): the list's
    header cell 금액 came out as a person, a site's address as ``(계정명 생략).co.kr``, and ``VAN HUNG`` of a Latin
    gloss stayed readable."""
    text = ("피고인 응우옌 반 훙 (NGUYEN VAN HUNG, 1990. 5. 7.생)은 인터넷 사이트 '중고나라'(www.joonggonara.co.kr)에 "
            "휴대전화를 판매한다는 글을 올렸다.\n범죄일람표\n순번\t일시\t피해자\t금액\t입금계좌\n"
            "1\t2023. 8. 3.\t최민호\t800,000\t농협 352-1234-5678-93\n2\t2023. 8. 5.\t박지성\t650,000\t농협 3333-01-2345678")
    out = tagger.redact(text, "court")
    assert "VAN" not in out and "HUNG" not in out and "NGUYEN" not in out, out
    assert ".co.kr" not in out and "(계정명 생략)" not in out, out
    assert "순번\t일시\t피해자\t금액\t입금계좌" in out and "최민호" not in out and "박지성" not in out, out


def test_an_employee_number_is_replaced_whole_and_a_nationality_is_no_names_reading(tagger):
    """Probed 2026-12-07 on made-up judgments: the tagger read ``-1234`` of ``사번 A-1234`` and court style wrote ``사번
    A(전화번호 생략)``, the letter left reading as the defendant's; and ``베트남 국적`` in the parentheses after a Latin
    name was replaced as the name's Hangul reading, ``피고인 A(A, 여권번호 …)``."""
    out = tagger.redact("피고인 김철수는 주식회사 한빛소프트의 직원(사번 A-1234)으로 근무하였다.", "court")
    assert "사번 A" not in out and "1234" not in out, out
    text = "피고인 Nguyen Van Minh(베트남 국적, 여권번호 C1234567)은 피해자와 다투었다."
    out = tagger.redact(text, "court")
    assert out.startswith("피고인 A(베트남 국적, 여권번호 (여권번호 생략))는"), out
    assert tagger.redact("피해자 Nguyen Van An(응우옌 반 안, 베트남 국적)은", "court") == "피해자 A(A, 베트남 국적)는"
