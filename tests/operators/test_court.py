

def test_an_address_detected_in_pieces_is_one_omission():
    """law.go.kr omits an address whole; a list of addresses stays a list."""
    from thunder_deid.document import Document, Span
    from thunder_deid.operators import render

    t = "주거 서울 양천구 목동동로 417, 203동 1104호(목동), 등록기준지 인천 서구 북부동 590, 부산 중구 대청로 1, 2층에서"
    at = lambda w, label: Span(t.index(w), t.index(w) + len(w), label)
    spans = [at("목동동로 417", "주소"), at("203", "건물동호수"), at("1104", "건물동호수"), at("인천 서구", "주소"),
             at("북부동 590", "주소"), at("부산 중구 대청로 1", "주소"),
             Span(t.rindex("2층"), t.rindex("2층") + 1, "건물층")]
    assert render(Document("d", t, spans), "court") == \
        "주거 서울 양천구 (주소 1 생략)(목동), 등록기준지 (주소 2 생략), (주소 3 생략)에서"


def test_court_keeps_the_word_law_go_kr_keeps_after_each_kind_of_placeholder():
    """law.go.kr writes ``(도담)○○○점``, ``○○지청``, ``A당``: the label's kept word stays outside the placeholder,
    one syllable too; a span of another label keeps its syllable, and two syllables must remain."""
    from thunder_deid.document import Document, Span
    from thunder_deid.operators import render

    t = "작전점과 천안지청, 민주당에서 만난 대한사 직원이 작전점 물건을 샀다. 점포 동점과 작점"
    at = lambda w, label, n=0: Span(t.index(w, n), t.index(w, n) + len(w), label)
    spans = [at("작전점", "지점"), at("천안지청", "치안및교정기관"), at("민주당", "정치·의사결정"),
             at("대한사", "사업체"), at("작전점", "지점", 10), at("동점", "식당"), at("작점", "지점")]
    assert render(Document("d", t, spans), "court") == \
        "○○점과 △△지청, A당에서 만난 B사 직원이 ○○점 물건을 샀다. 점포 C와 □□"
