"""The embedded model on hostile variants of judgment-like texts: the spans it finds do not depend on the
Unicode form, spaces, widths, invisible characters or line ends, and every output mode keeps the source
exactly as it was outside the spans."""

import json
import re

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from thunder_deid.document import Document
from thunder_deid.inline import parse_inline
from thunder_deid.normalize import normalize
from thunder_deid.operators import get_operator, operator_names

SETTINGS = settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _key(doc, where=None):
    m = (lambda a, b: (where[a][0], where[b - 1][1])) if where else (lambda a, b: (a, b))
    return [(*m(s.start, s.end), s.label) for s in doc.spans]


@SETTINGS
@given(st.data())
def test_spans_on_a_variant_are_the_nfc_spans_mapped(tagger, pairs, data):
    base, variant, where = data.draw(pairs)
    assert _key(tagger.predict(variant)) == _key(tagger.predict(base), where)


def outside_pattern(text: str, ranges) -> re.Pattern:
    """A pattern that matches any output equal to ``text`` outside ``ranges``, whatever replaces them."""
    parts, pos = [], 0
    for a, b in ranges:
        parts.append(re.escape(text[pos:a]))
        pos = b
    parts.append(re.escape(text[pos:]))
    return re.compile(".*?".join(parts), re.S)


# what court style omits with an address found in pieces (operators.court.address_runs): spaces, commas, unit words
# between the pieces, and a parenthesised reference note after them
_ADDRESS_GLUE = re.compile(r"[\s,·()]*(?:(?:동|호실|호|층|번지|블록|로트|가|리|아파트|빌라|오피스텔|맨션|빌딩|타운|마을|단지|주택)"
                           r"[\s,·()]*)*")


def _one_address(text: str, spans, r) -> bool:
    """Does court's replacement ``r`` cover detected pieces of one address, from the first's start, with nothing but
    the address's glue between and after them?"""
    pieces = sorted((a, b) for a, b in spans if r.start <= a and b <= r.end)
    if not pieces or pieces[0][0] != r.start:
        return False
    gaps = [(b, c) for (_, b), (c, _) in zip(pieces, pieces[1:])] + [(max(b for _, b in pieces), r.end)]
    return all(_ADDRESS_GLUE.fullmatch(normalize(text[a:b]).text) for a, b in gaps if a < b)


@SETTINGS
@given(st.data())
def test_every_mode_keeps_the_source_outside_spans(tagger, pairs, data):
    """Outside the spans an operator may only insert (the tag format's escapes) or re-choose the particle
    right after a mention (court, surrogate); a mention's replacement lies inside its span (court keeps a
    type word: ``주식회사 B``); everything else is the source, character for character."""
    _, variant, _ = data.draw(pairs)
    doc = tagger.predict(variant)
    assert doc.text == variant
    spans = {(s.start, s.end) for s in doc.spans}
    ends = {s.end for s in doc.spans}
    for mode in operator_names():
        op = get_operator(mode, **({"seed": 7} if mode == "surrogate" else {}))
        if mode == "json":
            assert Document.from_dict(json.loads(op.render(doc))) == doc
            continue
        out, reps = op.redact(doc)
        for r in reps:
            inside = any(a <= r.start and r.end <= b for a, b in spans)  # court may keep a type word of a span
            inside = inside or (mode == "court" and _one_address(variant, spans, r))
            # a particle is re-chosen where it stands: right after the mention, or after invisible characters
            after_end = r.start in ends or any(e < r.start and not normalize(variant[e:r.start]).text for e in ends)
            # ... or after a parenthetical that opens right after a mention: the particle agrees with that mention
            # (operators.particles: 휴대전화(010-…)으로 -> A(전화번호 생략)로, as 비즈(BIZ)를)
            after_paren = any(e < r.start and re.fullmatch(r"\([^()]*\)", normalize(variant[e:r.start]).text)
                              for e in ends)
            assert inside if r.label else (r.start == r.end or after_end or after_paren), (mode, r)
        assert outside_pattern(doc.text, [(r.start, r.end) for r in reps]).fullmatch(out), mode
        if mode == "tag":  # and reading the tags back gives the source and its spans
            again = parse_inline(out, doc.id)
            assert again.text == variant and _key(again) == _key(doc)


@SETTINGS
@given(st.data())
def test_every_mode_reads_a_variant_as_its_base(tagger, pairs, data):
    """Particles, letters and pseudonyms are chosen on the canonical form: the output on a variant, read
    canonically, is the output on the plain text (``김민준은`` decomposed becomes ``A는``, not ``A은``)."""
    base, variant, _ = data.draw(pairs)
    for mode in ("court", "surrogate", "mask"):
        op = get_operator(mode, **({"seed": 7} if mode == "surrogate" else {}))
        ours, plain = op.redact(tagger.predict(variant))[0], op.redact(tagger.predict(base))[0]
        assert normalize(ours).text == normalize(plain).text, mode


def test_a_particle_after_a_decomposed_or_hidden_boundary_is_repaired():
    """The cases the property draws rarely, written out: NFD, a zero-width space before the particle, NBSP."""
    import unicodedata

    from thunder_deid.document import Span

    for text in (unicodedata.normalize("NFD", "피고인 김민준은 (주소 생략)에 산다"), "피고인 김민준\u200b은 갔다",
                 "피고인\u00a0김민준을\u00a0보았다"):
        a = text.index("김") if "김" in text else text.index(unicodedata.normalize("NFD", "김"))
        b = a + len(unicodedata.normalize("NFD", "김민준")) if "김" not in text else a + 3
        doc = Document("d", text, [Span(a, b, "인명")])
        court = normalize(get_operator("court").render(doc)).text
        assert court[:6] in ("피고인 A는", "피고인 A를"), court
        assert court == normalize(get_operator("court").render(Document("d", normalize(text).text,
                                                                         [Span(4, 7, "인명")]))).text


def test_a_decomposed_text_stays_decomposed_in_every_mode(tagger):
    """Probed: a judgment saved decomposed (NFD) came out of `court` with its replacements in NFC, `(계정명 생략)`
    and `는` among jamo; a text is now written in one form throughout, and reads, composed, as the composed
    text's output."""
    import unicodedata

    plain = ("피고는 카카오톡 아이디 'malsoon77'과 이메일(malsoon77@naver.com)을 이용하여 고객 명단을 그린텍 직원 "
             "박철수에게 전달하였고, 피고인 김민준은 서울 강남구 테헤란로 152에서 갔다.")
    nfd = unicodedata.normalize("NFD", plain)
    for mode in ("court", "mask", "surrogate"):
        op = get_operator(mode, **({"seed": 7} if mode == "surrogate" else {}))
        out, reps = op.redact(tagger.predict(nfd))
        assert reps and unicodedata.is_normalized("NFD", out), (mode, out)
        assert unicodedata.normalize("NFC", out) == op.redact(tagger.predict(plain))[0], mode
