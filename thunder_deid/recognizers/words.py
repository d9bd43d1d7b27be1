"""The words a judgment writes after a role word that name nobody: ``피고인 명의의``, ``피해자 소속 회사``,
``공소외 주식회사``, ``피고 대한민국``. Every frame that reads a name after a role word (a header's party, a
business before its legal form, a name repeated after role words) sets these aside; one list, so a word found
to be no name is no name to all of them.

    >>> {"명의", "소속", "대한민국"} <= NOT_NAMES, "김철수" in NOT_NAMES
    (True, False)

:func:`common_words` are the words legal text writes everywhere, counted in the legal corpus by ``thunder-deid
corpus common-words`` (:mod:`thunder_deid.corpus.common_words`): consistency takes none of them for a name the
tagger was unsure of (:func:`thunder_deid.consistency.without_unsure_common_words`).

    >>> {"공소사실", "대한", "당심"} <= common_words(), "삼화일보" in common_words()
    (True, False)

The decoder's steps and the recognizers read the same lists of what a name is not: :data:`PERSON_WORDS` (a word for
people in a person's place), :data:`FIELD_WORDS` (a form's field, never its value), :data:`LEGAL_FORMS` and
:data:`COMPANY` (what stands beside a company's name). They live here, not in ``model/``, since the recognizers run
without a model.

    >>> "조카" in PERSON_WORDS, "연락처" in FIELD_WORDS, "주식회사" in LEGAL_FORMS
    (True, True, True)
"""

from __future__ import annotations

import functools
from importlib import resources


def word_list(text: str) -> frozenset[str]:
    """The words of a list as ``thunder-deid corpus common-words`` writes it: one a line, ``#`` starts its header.

        >>> sorted(word_list("# stems held by at least 2 lines\\n공소\\n대한\\n"))
        ['공소', '대한']
    """
    return frozenset(w for w in text.split("\n") if w and not w.startswith("#"))


@functools.lru_cache(maxsize=1)
def common_words() -> frozenset[str]:
    """The shipped list of common words (``thunder_deid/data/common_words.txt``)."""
    return word_list(resources.files("thunder_deid").joinpath("data/common_words.txt").read_text(encoding="utf-8"))


# written by hand from the legal corpus's matches of each frame (a relation, a document, a belonging, a place of
# business, a pronoun, a party word; before a legal form, a word that says what kind of company or what it is like),
# their particles aside
NOT_NAMES = frozenset("""
    공소외 공소외인 소외 소외인 주식회사 유한회사 유한공사 조합 노동조합 공사 기금 명의 명의자 소유 주장 진술
    진술서 진술조서 신문조서 조서 구제 지원 이외 조사 신분 신원 신병 정보 신상정보 인적사항 주거지 주소 주소지
    주민 위협 신체 원심 신문 소속 이름 성명 인근 지위 구조 구출 유족 유족들 유가족 가족 가족들 명칭 연령 현황
    유인 배상 공모 한분 나름 나름대로 이하 이상 우리 하여금 인정 방어권 명예 금액 기타 주재 지점 진단 진단서
    지시 선정 소지 소환 변호인 변호사 구치소 정리회사 일행 부부 모녀 부자 모자 형제 자매 남매 본인 자신 스스로
    전원 모두 각자 개인 신고 신청 치료 상해 사망 사체 시신 위에 서적 명단 변소 정도 주장대로 주장처럼 이거
    구속 구속송치 석방 송치 고소 고발 조정 합의 양형 오토바이 자동차 승용차 화물차 차량 택시 버스 노래방 주점
    식당 가게 매장 점포 사무실 주택 건물 토지 근무 재직 운영 경영 설립 대표 관련 투자 인수 산하 계열 관계
    거래 해당 당해 상대 당시 현재 이전 종전 또는 및 등 각 위 그 이 다른 같은 모든 대리인 소송대리인 회장님
    참가인 보조참가인 공동소송참가인 독립당사자참가인 검사 대한민국 국가 불상 미상 성명불상
    따른 아닌 새로운 갖춘 그런 어려운 어느 어떤 여러 여타 이들 저희 당신 귀하 자기 피고인들 사건 본건 경우 특정
    일반 동일 기존 신설 최초 실제 직접 자체 전체 일부 다수 대다수 대부분 각각 주요 중요 상기 외부 국내 해외 외국
    일본 비상장 대형 소형 중소형 대규모 소규모 연간 평균 기준 구분 향후 이후 직후 최근 과거 현행 지금 이제 이때
    이미 원래 그간 무렵 동안 지난 한편 아울러 만약 만일 비록 오히려 달리 의거 대출 차입 발행 발급 지급 등록 가입
    의뢰 분석 합병 정리 보유 부실 불매 책임 기반 계약 채권 대주주 계열사 주거래 예금거래 자금지원 후순위 금융
    서비스 단체 의료기기 다음 이란 계좌 실물 부품 기재 입주자 사업자 여행자 무료 일자 도난 영위 여전 밀접 시스템 모델
    법인 호주 레미콘 헤드헌팅 트럼프 종합금융 가진 임무 기한 반도체 웨이퍼 골프장 무배당
    재벌 재계 대기업 중견 다국적기업 워킹 스터디 타깃 타겟 대조 실험 소수 상위 하위 여성 교원 상품 이익 손실
    수익 매출 동류 해킹 자문 권한 차주 보장 지주 금융지주 사업 출연
    유명 우량 건실 영세 유령 페이퍼 가짜 동종 경쟁 협력 하청 원청 하도급 합작 국영 민간 공공 신생 벤처""".split())
# what a judgment writes in a person's place (피해자 조카, 불상의 남성): a word for people, never one's name
PERSON_WORDS = frozenset("""
    아버지 어머니 아빠 엄마 부모 부친 모친 아들 큰아들 작은아들 큰딸 작은딸 막내 남편 아내 아내분 부인 전처 전남편
    형님 큰형 큰형님 작은형 누나 큰누나 언니 오빠 동생 남동생 여동생 조카 조카딸 삼촌 외삼촌 숙부 숙모 이모 이모부
    고모 고모부 사촌 할머니 할아버지 외할머니 외할아버지 손자 손녀 장인 장모 시아버지 시어머니 며느리 사위 처남
    처제 매형 매제 형수 제수 올케 시누이 친구 지인 애인 여자친구 남자친구 연인 동거인 이웃 남성 여성 남자 여자
    사람 직원 일행 가족 본인 고인 상대방 손님 주민
    국적 국적자 외국인 내국인 교포 동포 출신 한국인 중국인 일본인 미국인
    정범 공범 공동정범 간접정범 교사범 방조범 종범 주범 공모자 가담자 설정자 근저당권자 근저당권설정자 저당권자
    질권자 담보권자 수익자 위탁자 수탁자 양도인 양수인 상속인 피상속인 증여자 수증자 응모자 청약자 입찰자 낙찰자
    발행인 배서인 소지인 수취인 명의자 명의인 차명인 예금주 가입자 계약자 피보험자 수급인 도급인 하수급인
    """.split())  # 베트남 국적: not a second person; 정범, 설정자: a role in law, which the judgment's people hold
# the names of a form's fields (a table's 성명 column, 연락처: 010-…): the field, never its value
FIELD_WORDS = frozenset("""
    성명 이름 주소 주거 주소지 거소 연락처 전화번호 휴대전화 휴대폰 주민등록번호 생년월일 성별 나이 직업 직위 소속
    등록기준지 본적 계좌 계좌번호 예금주 이메일 이메일주소 아이디 비밀번호 차량번호 소재지 상호 카드번호 신용카드번호
    여권번호 운전면허번호 사업자등록번호 법인등록번호 외국인등록번호 주민번호 휴대전화번호
    순번 번호 연번 일시 일자 날짜 금액 금원 입금액 송금액 피해액 피해금액 편취액 편취금액 입금계좌 송금계좌 비고""".split())
# (the second line: a crime list's columns, 순번 일시 피해자 금액 입금계좌, whose header cells the tagger read as names)
# the legal forms of a company (상법, 민법): a name written beside one is the company's
LEGAL_FORMS = ("주식회사", "유한회사", "유한책임회사", "합자회사", "합명회사", "농업회사법인", "(주)", "㈜", "(유)")
# the court's plain word for a company after its name (공소외 그린팜 회사): of the 21,489 spans the precedents'
# training split has right before it, 21,487 are businesses (benchmarks/rounds/labels_before_word.py)
COMPANY = "회사"
