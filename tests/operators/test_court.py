

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
