"""The canonical form and its offset map (``thunder_deid.normalize``)."""

import unicodedata

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from thunder_deid.document import Document, Span
from thunder_deid.normalize import normalize, on_canonical


@pytest.mark.parametrize("source, canonical", [
    (unicodedata.normalize("NFD", "홍길동은"), "홍길동은"),
    ("가\u11a8", "각"),                                # a precomposed syllable and a final consonant
    ("김\u00a0비밀\u3000씨", "김 비밀 씨"),
    ("０１０－４８２１－７７３６", "010-4821-7736"),
    ("ｓｅｃｒｅｔ", "secret"),
    ("홍\u200b길\u200d동\ufeff", "홍길동"),
    ("\ufeff첫 줄\r\n둘째 줄\r셋째", "첫 줄\n둘째 줄\n셋째"),
    ("2020\u20133\u2212", "2020-3-"),
    ("홍길동>>>에게 <<<", "홍길동>에게 <"),
    ("e\u0301", "\u00e9"),
    ("\u2066김민준\u2069 \u200e123\u202e-456\u202c", "김민준 123-456"),   # direction marks and isolates
    ("김\u2061민\u180e준\u034f \u3164\uffa0\u115f\u17b4", "김민준 "),    # invisible operator, CGJ, fillers
    ("金\ufe00哲\U000e0100洙 \U000e0041\x00\x9f\x7f끝", "金哲洙 끝"),    # selectors, tag, NUL, C1, DEL
    ("김\u1680민준\u205f씨", "김 민준 씨"),                                 # every Zs is a space
    ("\u2fa6哲洙 \u2f7c英姬 \u2e9f", "金哲洙 老英姬 母"),                    # Kangxi and supplement radicals
    ("\t줄\x0c쪽\x1f", "\t줄\x0c쪽\x1f"),                                 # white-space controls stay
])
def test_canonical_form(source, canonical):
    assert normalize(source).text == canonical


def test_canonical_text_is_its_own_map():
    n = normalize("피고인 홍길동은 010-4821-7736으로 전화하였다.\n")
    assert n.identity and n.to_source(4, 7) == (4, 7)


def test_span_covers_whole_decomposed_syllables_and_leaves_dropped_edges_out():
    src = "\u200b" + unicodedata.normalize("NFD", "홍길동") + "\u200b은"
    n = normalize(src)
    a, b = n.to_source(0, 3)
    assert (a, b) == (1, 10) and unicodedata.normalize("NFC", src[a:b]) == "홍길동"


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_variant_has_the_same_canonical_form_and_map(pairs, data):
    base, variant, where = data.draw(pairs)
    nb, nv = normalize(base), normalize(variant)
    assert nv.text == nb.text
    for a in range(len(nb.text)):
        for b in (a + 1, len(nb.text)):
            p, q = nb.to_source(a, b)
            assert nv.to_source(a, b) == (where[p][0], where[q - 1][1])


def test_on_canonical_gives_detectors_the_canonical_text_and_keeps_the_source():
    seen = []

    def detect(docs):
        seen.extend(d.text for d in docs)
        return [d.with_spans([Span(d.text.index("홍길동"), d.text.index("홍길동") + 3, "인명")]) for d in docs]

    src = unicodedata.normalize("NFD", "피고인\u00a0홍길동은")
    (out,) = on_canonical([Document("d", src)], detect)
    assert seen == ["피고인 홍길동은"]
    assert out.text == src and unicodedata.normalize("NFC", out.span_text(out.spans[0])) == "홍길동"


def test_source_spans_map_to_whole_canonical_characters():
    src = "\u200b" + unicodedata.normalize("NFD", "홍길동") + "\u200b은"
    n = normalize(src)
    assert n.to_canonical(1, 10) == (0, 3)
    assert n.to_canonical(2, 5) == (0, 2)      # boundaries inside syllables take in the syllables
    assert n.to_canonical(0, 1) is None         # only a dropped character


def test_policy_finds_deny_list_and_other_occurrences_on_the_canonical_form(tagger):
    from thunder_deid.policy import Policy

    text = unicodedata.normalize("NFD", "피고인 김비밀은 아무개에게 말했고, 아무개\u00a0씨는 김비밀에게 답했다.")
    pol = Policy.from_dict({"deny": ["아무개"]})
    out = pol.prepare(tagger.predict(text))
    found = [(unicodedata.normalize("NFC", out.span_text(s)), s.label) for s in out.spans]
    assert found.count(("아무개", "인명")) == 2
    masked = pol.redact(tagger.predict(text), "mask")[0]
    assert "아무개" not in unicodedata.normalize("NFC", masked)


def test_allow_and_deny_entries_are_read_in_the_canonical_form_too():
    """A list typed in decomposed Hangul or with a no-break space (a macOS editor, a copied table) matches."""
    from thunder_deid.document import Document, Span
    from thunder_deid.policy import Policy

    text = "피고인 김민준은 삼우 건설과 계약했다."
    doc = Document("d", text, [Span(4, 7, "인명", score=1.0)])
    for pol in (Policy.from_dict({"mode": "court", "allow": [unicodedata.normalize("NFD", "김민준")],
                                  "deny": [{"text": "삼우\u00a0건설", "label": "사업체"}]}),
                Policy(mode="court", allow=frozenset({unicodedata.normalize("NFD", "김민준")}),
                       deny=((unicodedata.normalize("NFD", "삼우 건설"), "사업체"),))):
        assert pol.redact(doc)[0] == "피고인 김민준은 A 건설과 계약했다."  # court style keeps the type word
    with pytest.raises(Exception, match="both"):
        Policy.from_dict({"allow": [unicodedata.normalize("NFD", "삼우")], "deny": ["삼우"]})


def test_redact_builds_a_documents_map_once(tagger, monkeypatch):
    """Detection and the policy both work on the canonical form; the second reuses the first's map."""
    import thunder_deid.normalize as nm

    calls = []
    real = nm._normalize
    monkeypatch.setattr(nm, "_normalize", lambda text: calls.append(len(text)) or real(text))
    text = unicodedata.normalize("NFD", "피고인 김비밀은 2020. 3. 5. 피해자 이몽룡에게 전화하였다.") + "\u00a0끝"
    out = tagger.redact(text, mode="mask")
    assert calls == [len(text)]
    assert "김비밀" not in unicodedata.normalize("NFC", out)
    # a new string with the same content is a new document: its map is built anew, not taken by content
    tagger.redact("".join(list(text)), mode="mask")
    assert len(calls) == 2


@pytest.mark.parametrize("hide", [
    lambda v: "\u2066" + v + "\u2069",
    lambda v: "\u202a" + v + "\u202c",
    lambda v: v[:1] + "\u200e" + v[1:],
    lambda v: v[:1] + "\u2063" + v[1:],
    lambda v: v[:1] + "\ufe0f" + v[1:],
    lambda v: v[:1] + "\U000e0020" + v[1:],
    lambda v: v[:1] + "\u3164" + v[1:],
    lambda v: v[:1] + "\x00" + v[1:],
])
def test_invisible_characters_do_not_hide_a_name_or_an_account(tagger, hide):
    """Probed 2026-12-06 (unicode audit): only ZWSP/ZWNJ/ZWJ, U+2060, BOM and SHY were dropped from the text
    the tagger reads; a name between LRI and PDI (text copied from a web page), or with an LRM, an invisible
    separator, a variation selector, a tag character, a Hangul filler or a NUL inside it, stayed readable in
    court output. Characters outside the replacements are the source's own."""
    text = "피고인 김민준은 피해자 박서연에게 국민은행 계좌 123-456-789012로 돈을 보냈다."
    hidden = text
    for value in ("김민준", "박서연", "123-456-789012"):
        hidden = hidden.replace(value, hide(value))
    out = tagger.redact(hidden, mode="court")
    visible = "".join(c for c in out if c not in "\u2066\u2069\u202a\u202c\u3164")
    for value in ("김민준", "박서연", "456-789"):
        assert value not in visible and hide(value) not in out
    assert out.startswith(hidden[:hidden.index(hide("김민준"))])


def test_a_hanja_name_in_kangxi_radicals_is_replaced(tagger):
    """Probed 2026-12-06 (unicode audit): ``\u2fa6`` (KANGXI RADICAL GOLD) looks like 金; a Hanja name
    spelled with it stayed readable in court output while the same name in ordinary Hanja was replaced."""
    text = "피고인 金哲洙는 피해자 高英姬에게 돈을 주었다."
    assert "金哲洙" not in tagger.redact(text, mode="court")
    out = tagger.redact(text.replace("金", "\u2fa6"), mode="court")
    assert "哲洙" not in out and "\u2fa6" not in out
