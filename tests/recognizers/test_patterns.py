"""Fixed-form identifiers (resident registration numbers, phone numbers, e-mail) merged over model spans."""

from __future__ import annotations

import pytest

from thunder_deid.document import Document, Span
from thunder_deid.recognizers import apply_patterns, find_patterns


@pytest.mark.parametrize("text, found", [
    # resident registration numbers, plain and masked
    ("그 피고인 박도윤 (900315-1234567), 회사원", [("주민등록번호", "900315-1234567")]),
    ("피고인 (9X0315-1XXXXXX)", [("주민등록번호", "9X0315-1XXXXXX")]),
    ("주민등록번호 870923-2******", [("주민등록번호", "870923-2******")]),
    ("외국인등록번호 950101-5123456", [("주민등록번호", "950101-5123456")]),
    ("901301-1234567", []),                          # month 13
    ("900345-1234567", []),                          # day 45
    ("XXXXXX-1XXXXXX", []),                          # nothing left to check
    ("900315-9234567", []),                          # no such sex/century digit
    ("계좌 1900315-1234567", []),                     # longer group: not this form
    ("900315-12345678", []),
    # phone numbers
    ("휴대전화(010-4821-7736)로", [("전화번호", "010-4821-7736")]),
    ("사무실 02-123-4567, 팩스 051-272-5769", [("전화번호", "02-123-4567"), ("전화번호", "051-272-5769")]),
    ("070-1234-5678", [("전화번호", "070-1234-5678")]),
    ("302-1188-4471-09", []),                        # an account number
    ("010-4821-77361", []),
    ("2024-1234-5678", []),
    ("1588-1234", []),                               # a company's service number, not a person's
    # e-mail
    ("메일(kim.minjun@example.co.kr)로", [("이메일주소", "kim.minjun@example.co.kr")]),
    ("@example.com", []),
    ("kim@localhost", []),
    # IPv4 addresses (the shipped model has no IP주소 tag; 192.168.0.1 was left readable)
    ("IP 주소 192.168.0.1에서 접속", [("IP주소", "192.168.0.1")]),
    ("아이피(211.36.142.7),", [("IP주소", "211.36.142.7")]),
    ("버전 1.2.3.4.5 또는 256.1.1.1", []),
    ("제1.2.3.4항", []),
    # dates of birth written as such (the model read "1980. 1." of "1980. 1. 1.생", leaving the day)
    ("피해자 김철수(1980. 1. 1.생)에게", [("출생일자", "1980. 1. 1.")]),
    ("피해자((1992. 4. 17.)생 )", [("출생일자", "1992. 4. 17.")]),
    ("생년월일: 1980-01-01, 주소", [("출생일자", "1980-01-01")]),
    ("피고인(1980년 1월 1일생)은", [("출생일자", "1980년 1월 1일")]),
    ("피고인(80.1.15.생)", [("출생일자", "80.1.15.")]),
    ("2020. 13. 1.생", []),                                              # no 13th month
    ("피고인은 2020. 3. 5. 생활비를", []),                                # 생활, not 생
    # account names the text introduces as such
    ("피해자의 아이디(secret)와 비밀번호", [("아이디", "secret")]),
    ("아이디: hong_77 로 접속", [("아이디", "hong_77")]),
    ("ID(kim.k2)", [("아이디", "kim.k2")]),
    ("아이디 happy123으로 로그인", [("아이디", "happy123")]),
    ("아이디 ‘happy123’으로", [("아이디", "happy123")]),
    ("아이디 및 비밀번호", []),
    ("상품계정 100억 원, 미착품계정 130억 원", []),                      # bookkeeping accounts
    ("아이디 12345로", []),
    ("계정(kim@example.com)", [("이메일주소", "kim@example.com")]),      # an e-mail address stays one
    ("아이디(가나다)", []),                                              # Hangul: the model's to read
    ("아이디(ab)", []),                                                  # too short to be sure
    ("이메일 계정( https://m.example.com/board/8982)으로", [("url", "https://m.example.com/board/8982")]),  # whole
    ("트위터 계정 (http://x.test)", []),                                # a site's bare address: the model's
    # phone numbers as people write them, and numbers of fixed layout (probed 2026-12-05: 010 1234 5678 and
    # 010.1234.5678 were left readable; 01012345678 was read as a plate, a licence as a lot number)
    ("휴대전화 010 1234 5678로", [("전화번호", "010 1234 5678")]),
    ("전화번호 010.1234.5678로", [("전화번호", "010.1234.5678")]),
    ("휴대전화(01012345678)로", [("전화번호", "01012345678")]),
    ("사무실 (02)1234-5678로", [("전화번호", "(02)1234-5678")]),
    ("010-1234 5678", []),                                              # two separators: not one number's form
    ("금액 1.010.1234.5678원", []),
    ("운전면허번호 11-12-123456-78을", [("면허번호", "11-12-123456-78")]),
    ("사업자등록번호 123-45-67890인", [("사업자등록번호", "123-45-67890")]),
    ("국민은행 123-45-67890 계좌로", []),                                # an account's layout too: the model's
    ("여권번호 M12345678을", [("여권번호", "M12345678")]),
    ("여권(AB1234567)을", [("여권번호", "AB1234567")]),
    ("모델 M12345678을", []),                                          # no passport named
    # links, cards and number plates (probed 2026-12-05: a link took the particle after it, 12가3456호 was read as
    # an apartment's number, a card number as an account and a phone number)
    ("https://blog.naver.com/minsuk77 에 게시된", [("url", "https://blog.naver.com/minsuk77")]),
    ("(https://example.com/a?b=1).", [("url", "https://example.com/a?b=1")]),
    ("www.naver.com/minsuk77에서 검색", [("url", "www.naver.com/minsuk77")]),
    ("벅스뮤직(www.bugsmusic.co.kr)에서", []),
    ("신용카드(카드번호 5310-1234-5678-9012)를", [("결제수단관련번호", "5310-1234-5678-9012")]),
    ("카드 5310-12**-****-9012로", [("결제수단관련번호", "5310-12**-****-9012")]),
    ("카드 ****-****-****-9012로", []),                                 # too little left to be sure
    ("저축은행신용카드(4043-6097-5653-5562)를", [("결제수단관련번호", "4043-6097-5653-5562")]),
    ("계좌 1234-5678-9012-3456으로", []),                               # an account's: the model's to read
    ("12가3456호 쏘나타 승용차", [("차량번호", "12가3456")]),
    ("서울12가3456 차량, 123허 4567 렌터카", [("차량번호", "서울12가3456"), ("차량번호", "123허 4567")]),
    ("대법원 1992. 3. 10. 선고 92도1329 판결", []),                     # an old-form case number
    ("92도1329, 93도2345 판결 참조", []),
    ("2019고단4321 사건", []),
    # party names in judgment header lines
    ("피 고 인 박도윤 (9X0315-1XXXXXX), 회사원",
     [("인명", "박도윤"), ("주민등록번호", "9X0315-1XXXXXX")]),
    ("【피고인】 박도윤\n【변호인】 변호사 최민호", [("인명", "박도윤")]),   # counsel acting in office: not masked (A.2)
    ("원고, 피상고인 김하늘\n피고, 상고인 주식회사 한빛", [("인명", "김하늘")]),
    ("피고인 최형준 외 6인", [("인명", "최형준")]),
    ("원 고 남궁민수", [("인명", "남궁민수")]),                          # two-syllable surname
    ("채무자 이서연(주소 생략)", [("인명", "이서연")]),
    ("피 고 인\n피고인\n\n상 고 인\n검사", []),                        # law.go.kr: the role word stands for the name
    # the name on the line under the title, roles joined by 겸 (law.go.kr headers)
    ("원고, 상고인 겸 피상고인\n강전지현 (소송대리인 법무법인 케이씨엘)", [("인명", "강전지현")]),
    ("피 고 인\n오웅진외 4인", [("인명", "오웅진")]),
    ("피고, 피상고인\n대한민국\n\n원심판결", []),
    ("피 고 인\n\n김민준", []),                                         # a blank line ends the header entry
    # a body line that opens like a header line: the particle stays outside where the text shows the bare name
    ("피고인 김기철은, 사실은 갚을 생각이 없었다.\n김기철이 말하였다.", [("인명", "김기철")]),
    ("피고인 김지은, 피고인 박도윤을 각 벌금에 처한다.", [("인명", "김지은")]),
    # a line that ends in a particle after the name: the name alone (a one-line text, a line wrapped after the subject)
    ("피고인 이효리는", [("인명", "이효리")]),
    ("피고인 김민준은\n피해자에게", [("인명", "김민준")]),
    ("피 고 인\n사공하은", [("인명", "사공하은")]),                    # a two-syllable surname: 사공 + 하은
    ("피 고 인 신다솜이", [("인명", "신다솜이")]),                      # 이 ends given names: 다솜이, 한송이
    ("피 고 인 김지은", [("인명", "김지은")]),
    ("피고인 어머니를", []),                                             # no Korean surname 어
    ("피고 대한민국", []),
    ("피고인 김민준은 하나은행에", []),                                  # a sentence, not a header line
    ("이 사건 피고인 김민준", []),                                       # the role must open the line
    ("피고인 어머니", []),                                               # no Korean surname 어
])
def test_find_patterns(text, found):
    assert [(s.label, text[s.start:s.end]) for s in find_patterns(text)] == found


def test_a_match_replaces_the_model_spans_it_overlaps():
    text = "위 피고인 김민준(9X0315-1XXXXXX), 전화 010-4821-7736, 하나은행"
    model = [Span(6, 9, "인명", score=0.9), Span(10, 11, "차량번호", score=0.4), Span(11, 18, "계좌번호", score=0.5),
             Span(29, 42, "계좌번호", score=0.8), Span(45, 49, "은행업", score=0.9)]
    out = apply_patterns(Document("d", text, model))
    assert [(s.label, text[s.start:s.end], s.score) for s in out.spans] == [
        ("인명", "김민준", 0.9), ("주민등록번호", "9X0315-1XXXXXX", 1.0), ("전화번호", "010-4821-7736", 1.0),
        ("은행업", "하나은행", 0.9)]


def test_labels_follow_the_model_target_level():
    doc = apply_patterns(Document("d", "010-4821-7736", []), level="mid")
    assert [s.label for s in doc.spans] == ["인적번호"]


def test_no_match_returns_the_document_unchanged():
    doc = Document("d", "피고인은 2024. 3. 5. 송금하였다.", [Span(0, 3, "인명")])
    assert apply_patterns(doc) is doc


@pytest.mark.parametrize("text, names, kept", [
    # judges in the footer, including the presiding and reporting judges' marks
    ("판결한다.\n\n대법관 김재형(재판장) 민유숙 이동원(주심) 노태악", ["김재형", "민유숙", "이동원", "노태악"], []),
    ("판사 김성준(재판장) 김현석 최희정", ["김성준", "김현석", "최희정"], []),
    ("판 사 허경무", ["허경무"], []),
    # prosecutors and counsel in the header, on the title's line or the next one
    ("검 사\n추일환 외 1인\n\n변 호 인\n법무법인 다우 담당변호사 조창기외 6인", ["추일환", "조창기"], []),
    ("【변호인】 변호사 최민호", ["최민호"], []),
    ("원고, 피상고인 김하늘 (소송대리인 변호사 박철수, 홍길순)", ["박철수", "홍길순"], ["김하늘"]),  # the party: by pattern
    # the presiding judge named in running text
    ("서울중앙지방법원 제41민사부(재판장 김민수 부장판사)가 선고한", ["김민수"], []),
    # a party named in an official's line stays a name
    ("상 고 인\n검사 및 피고인 김만수", ["김만수"], ["김만수"]),
    ("변호사 홍현옥 외 3인(피고인 강지유를 위한)", ["홍현옥", "강지유"], ["강지유"]),
    ("변호사 서창근( 피고인 김정미, 이미진, 김영미를 위한 국선)", ["서창근", "김정미", "이미진", "김영미"],
     ["김정미", "이미진", "김영미"]),
    # not a header line: a sentence (it holds 다.) or a title followed by a particle
    ("검사는 피고인 김민준에게 징역 1년을 구형하였다.", ["김민준"], ["김민준"]),
    ("변호사 박민수는 피해자 최지훈에게 돈을 받았다.", ["박민수", "최지훈"], ["박민수", "최지훈"]),
    ("피고인은 변호사 박민수에게 돈을 주었다.", ["박민수"], ["박민수"]),
])
def test_names_of_officials_in_office_are_removed(text, names, kept):
    model = [Span(text.index(n), text.index(n) + len(n), "인명") for n in names]
    out = apply_patterns(Document("d", text, model))
    assert [text[s.start:s.end] for s in out.spans if s.label == "인명"] == kept


def test_only_name_spans_are_removed_in_an_official_line():
    text = "판사 김성준(재판장) 서울중앙지방법원"
    model = [Span(3, 6, "인명"), Span(12, 20, "기관 및 시설")]
    assert [s.label for s in apply_patterns(Document("d", text, model)).spans] == ["기관 및 시설"]
    mid = [Span(3, 6, "이름")]
    assert apply_patterns(Document("d", text, mid), level="mid").spans == []
