"""Operators: replacements leave the rest of the text alone; each mode's output; the registry."""

from __future__ import annotations

import random
import re

import pytest

from thunder_deid.document import Document, Span
from thunder_deid.errors import ThunderDeidError
from thunder_deid.inline import parse_inline
from thunder_deid.operators import Operator, Replacement, apply, get_operator, operator_names, register, render

from conftest import jong, particle_after, particle_ok  # tests/surrogates/conftest.py: independent check

JUDGMENT = parse_inline(
    "피고인 <<<김민준:인명>>>은 <<<2020. 3. 5.:출생일자>>> <<<서울 강남구 테헤란로 12:주소>>>에서 "
    "피해자 <<<이서연:인명>>>에게 <<<하나은행:은행업>>> 계좌(<<<123-456-789012:계좌번호>>>)로 돈을 보내게 하였다. "
    "<<<김민준:인명>>>과 <<<이서연:인명>>>은 <<<한빛초등학교:학교>>> 동창이고, <<<박도윤:인명>>>이 "
    "<<<부산 해운대구 우동 1:주소>>>으로 이사하였다. <<<김민준:인명>>>이 <<<한빛초등학교:학교>>>에 갔다.", "j1")


def spans_of(doc: Document, text: str) -> list[str]:
    return [text[s.start:s.end] for s in doc.spans]


def test_builtin_modes_are_registered_in_order():
    assert operator_names()[:5] == ("tag", "mask", "court", "surrogate", "json")
    with pytest.raises(ThunderDeidError, match="unknown mode 'nope'"):
        get_operator("nope")
    with pytest.raises(ThunderDeidError, match="mode 'mask'"):
        get_operator("mask", seed=3)  # an option the mode does not take is an error, not ignored


def test_a_new_mode_is_one_registered_class():
    @register
    class Initials(Operator):
        name = "initials-test"

        def replacements(self, doc):
            return [Replacement(s.start, s.end, doc.text[s.start] + "○", s.label) for s in doc.spans]

    assert "initials-test" in operator_names()
    assert render(Document("d", "피고인 김민준은", [Span(4, 7, "인명")]), "initials-test") == "피고인 김○은"


@pytest.mark.parametrize("mode", ["tag", "mask", "court", "surrogate"])
def test_characters_outside_replacements_never_change(mode):
    text, reps = get_operator(mode).redact(JUDGMENT)
    assert text == apply(JUDGMENT.text, reps)
    covered = set()
    for r in reps:
        covered.update(range(r.start, r.end))
        assert r.label is not None or len(JUDGMENT.text[r.start:r.end]) <= 2  # repairs are particles only
    # rebuild the output from the uncovered source characters and the replacement texts alone
    rebuilt, pos = [], 0
    for r in reps:
        rebuilt += [JUDGMENT.text[pos:r.start], r.text]
        pos = r.end
    assert "".join(rebuilt) + JUDGMENT.text[pos:] == text
    # every span gets one labelled replacement, from its start (court keeps a trailing type word: ○○초등학교)
    labelled = [(r.start, r.end) for r in reps if r.label]
    assert [a for a, _ in labelled] == [s.start for s in JUDGMENT.spans]
    assert all(s.start < b <= s.end for (_, b), s in zip(labelled, JUDGMENT.spans))


def test_apply_rejects_overlapping_or_out_of_range_replacements():
    with pytest.raises(ThunderDeidError, match="overlapping"):
        apply("가나다", [Replacement(0, 2, "X"), Replacement(1, 3, "Y")])
    with pytest.raises(ThunderDeidError, match="outside"):
        apply("가나다", [Replacement(2, 5, "X")])


def test_apply_on_random_replacements_keeps_gaps():
    rng = random.Random(0)
    text = "".join(rng.choice("가나다라 ABC.") for _ in range(200))
    for _ in range(50):
        cuts = sorted(rng.sample(range(201), 10))
        reps = [Replacement(a, b, "#" * rng.randint(0, 3)) for a, b in zip(cuts[::2], cuts[1::2])]
        out = apply(text, reps)
        pos, o = 0, 0
        for r in reps:
            gap = text[pos:r.start]
            assert out[o:o + len(gap)] == gap
            o += len(gap) + len(r.text)
            pos = r.end
        assert out[o:] == text[pos:]


def test_mask_tag_json():
    d = Document("d", "피고인 김민준은 하나은행에", [Span(4, 7, "인명", score=0.5), Span(9, 13, "은행업")])
    assert render(d, "mask") == "피고인 [인명]은 [은행업]에"
    assert parse_inline(render(d, "tag"), "d").spans == [Span(4, 7, "인명"), Span(9, 13, "은행업")]
    assert Document.from_dict(__import__("json").loads(render(d, "json"))) == d
    assert get_operator("json").replacements(d) == []


def test_court_style():
    out = render(JUDGMENT, "court")
    assert out.startswith("피고인 A는 (생년월일 생략) (주소 1 생략)에서 피해자 B에게 ○○은행 계좌(계좌번호 생략)로 ")
    assert "A와 B는 △△초등학교 동창이고, C가 (주소 2 생략)으로 이사하였다. A가 △△초등학교에 갔다." in out
    for name in ("김민준", "이서연", "박도윤", "하나은행", "한빛", "테헤란로", "해운대", "123-456"):
        assert name not in out


def test_court_letters_follow_first_appearance_and_go_past_z():
    names = [f"{a}{b}" for a in "김이박최정" for b in "민서도하지윤"]  # 30 distinct two-syllable names
    text = " ".join(names) + " " + names[0]
    spans, pos = [], 0
    for n in names + [names[0]]:
        spans.append(Span(pos, pos + 2, "인명"))
        pos += 3
    out = render(Document("d", text, spans), "court").split()
    assert out[:3] == ["A", "B", "C"] and out[25:28] == ["Z", "AA", "AB"] and out[-1] == "A"


def test_court_symbols_differ_per_place():
    d = parse_inline("<<<한빛:학교>>>학교와 <<<새솔:학교>>>학교, 다시 <<<한빛:학교>>>학교", "d")
    assert render(d, "court") == "○○학교와 △△학교, 다시 ○○학교"


@pytest.mark.parametrize("mode", ["court", "surrogate"])
def test_particles_after_replacements_agree(mode):
    text, reps = get_operator(mode, **({"seed": 3} if mode == "surrogate" else {})).redact(JUDGMENT)
    checked = 0
    shift = 0
    for r in reps:
        end = r.start + shift + len(r.text)
        shift += len(r.text) - (r.end - r.start)
        if r.label is None:
            continue
        j, p = jong(r.text.strip("()")), particle_after(text, end)
        if j is not None and p is not None:
            assert particle_ok(j, p), (r.text, p)
            checked += 1
    assert checked >= 6


def test_surrogate_is_seeded_and_consistent():
    a = get_operator("surrogate", seed=1).redact(JUDGMENT)
    assert a == get_operator("surrogate", seed=1).redact(JUDGMENT)
    assert a[0] != get_operator("surrogate", seed=2).render(JUDGMENT)
    by_mention: dict[str, set[str]] = {}
    for r in a[1]:
        if r.label:
            by_mention.setdefault(JUDGMENT.text[r.start:r.end], set()).add(r.text)
    assert all(len(v) == 1 for v in by_mention.values())
    assert len({next(iter(by_mention[m])) for m in ("김민준", "이서연", "박도윤")}) == 3
    assert not any(m in a[0] for m in ("김민준", "이서연", "박도윤"))


def test_surrogate_replacements_reproduce_the_engine():
    from thunder_deid.surrogates import realize_document
    from thunder_deid.surrogates.engine import default_realizer

    out, _ = realize_document(JUDGMENT, seed=5, realizer=default_realizer(like_mention=True))
    assert get_operator("surrogate", seed=5).render(JUDGMENT) == out.text


def test_a_pseudonym_reads_like_the_name_it_replaces():
    """Probed 2026-12-05: 김민준 came out as 이말순. Now a name's sex and generation carry over where the text
    does not state them, what it states wins, and a name that says neither is drawn as before."""
    from thunder_deid.surrogates.people import reads_as

    text = "피고인 김민준은 피해자 정미숙과 이영호(여)를 만났다."
    spans = [Span(text.index(n), text.index(n) + 3, "인명") for n in ("김민준", "정미숙", "이영호")]
    doc = Document("d", text, spans)
    for seed in range(12):
        out = get_operator("surrogate", seed=seed).replacements(doc)
        a, b, c = [r.text for r in out if r.label]
        assert reads_as(a)[0] in ("male", None) and reads_as(b)[0] in ("female", None)
        assert reads_as(c)[0] in ("female", None)          # "(여)" written after the name decides
    sexes = [reads_as(r.text)[0] for seed in range(12)
             for r in get_operator("surrogate", seed=seed).replacements(doc) if r.label][::3]
    assert sexes.count("male") >= 6                         # most draws read as a man's name at all


def test_surrogate_masks_what_the_engine_cannot_replace():
    d = Document("d", "피고인 김민준은 ㅁㅁ를 보았다", [Span(4, 7, "인명"), Span(9, 11, "알수없는라벨")])
    out = get_operator("surrogate", seed=1).render(d)
    assert "[알수없는라벨]를" in out and "김민준" not in out


def test_a_surrogate_inside_a_word_is_a_stem():
    """The model tagged 달빛 of 달빛정원 (a cafe) with an odd type: the surrogate must not bring a type word of
    its own before the text's own (산곡변전소정원), in any seed."""
    from thunder_deid.surrogates.places import all_type_words

    text = "서울 영등포구에 있는 카페 '달빛정원'에서 피해자를 만났다. 달빛정원은 문을 닫았다."
    at = [i for i in range(len(text)) if text.startswith("달빛", i)]
    doc = Document("d", text, [Span(a, a + 2, "에너지·자원시설") for a in at])
    words = [w for w in all_type_words() if len(w) >= 2]
    for seed in range(20):
        reps = [r for r in get_operator("surrogate", seed=seed).redact(doc)[1] if r.label]
        assert len({r.text for r in reps}) == 1 and not any(r.text.endswith(w) for r in reps for w in words)


def test_a_pseudonym_takes_the_nationality_written_for_its_own_person():
    """Probed 2026-12-05: in ``피해자 레티투(베트남 국적)는 피고인 이민수에게`` the Korean defendant got a Vietnamese
    pseudonym (the nationality stood within 24 characters before his name); the victim's, written in her own
    parentheses, went unread. Training realisations (no ``like_mention``) are drawn as before."""
    from thunder_deid.surrogates.engine import default_realizer

    text = "피해자 레티투(베트남 국적)는 피고인 이민수에게 맞았다. 베트남 국적의 피해자 부티란은 울었다."
    spans = [Span(text.index(n), text.index(n) + len(n), "인명") for n in ("레티투", "이민수", "부티란")]
    doc = Document("d", text, spans)
    for seed in range(8):
        victim, defendant, other = [r.text for r in get_operator("surrogate", seed=seed).replacements(doc) if r.label]
        assert " " in victim and " " in other          # Vietnamese names are written with spaces
        assert " " not in defendant and 2 <= len(defendant) <= 4   # a Korean name
    from thunder_deid.surrogates import realize_document

    # the training engine keeps its old reading, so the realisations of record are reproduced seed for seed
    training = realize_document(doc, seed=3, realizer=default_realizer())[0]
    assert " " in training.text[training.text.index("피고인 ") + 4:].split("에게")[0]


def test_a_foreigner_s_pseudonym_reads_as_a_foreigner_s_name():
    """Probed 2026-12-05: `피해자 John Smith` and `응우옌 반 안` got Korean pseudonyms. A Latin-letter name now
    reads as an English one, a Hangul one in words with a listed family name as that nation's; a Korean name
    as before."""
    from thunder_deid.surrogates.lexicon import packaged

    foreign = packaged()["names"]["foreign"]
    text = "피해자 John Smith와 응우옌 반 안은 피고인 김민준에게 맞았다."
    spans = [Span(text.index(n), text.index(n) + len(n), "인명") for n in ("John Smith", "응우옌 반 안", "김민준")]
    doc = Document("d", text, spans)
    for seed in range(6):
        western, vietnamese, korean = [r.text for r in get_operator("surrogate", seed=seed).replacements(doc) if r.label]
        assert western.split()[-1] in foreign["영어이름"]["family"]
        assert vietnamese.split()[0] in foreign["베트남이름"]["family"]
        assert " " not in korean


def test_a_business_pseudonym_keeps_the_shape_of_the_real_name():
    """Probed 2026-12-05 on the sample judgment: the tagger typed ``카페 '달빛정원'`` as 에너지·자원시설 (0.38) and
    ``한별투자`` as 산업시설 (0.29), and surrogate style wrote ``카페 '일산동발전소'`` and ``이든농공단지의 내부 정보``:
    a pseudonym drawn for the label carried the label's type word into the text. It now takes the mention's own
    type word, or none where the mention has none; training realisations draw as before."""
    from thunder_deid.surrogates import realize_document
    from thunder_deid.surrogates.engine import default_realizer
    from thunder_deid.surrogates.places import all_type_words, type_words

    text = "카페 '달빛정원'에서 한별투자의 정보를 들었고, '행복마트' 앞에서 만났다. 한별투자는 문을 닫았다."
    names = {"달빛정원": "에너지·자원시설", "한별투자": "산업시설", "행복마트": "도소매및유통업"}
    spans = sorted((Span(a, a + len(n), lab) for n, lab in names.items() for a in range(len(text)) if text.startswith(n, a)),
                   key=lambda s: s.start)
    doc = Document("d", text, spans)
    words = [w for w in all_type_words() if len(w) >= 2]
    trained = []
    for seed in range(12):
        reps = [r for r in get_operator("surrogate", seed=seed).replacements(doc) if r.label]
        cafe, firm, mart, firm2 = (r.text for r in reps)
        assert firm == firm2 and firm != "한별투자" and mart != "행복마트"
        assert not any(w for w in words if cafe.endswith(w) or firm.endswith(w))   # the mentions have no type word
        assert mart.endswith("마트")
        training = realize_document(doc, seed=seed, realizer=default_realizer())[0]
        trained += [training.text[s.start:s.end] for s in training.spans if s.label == "산업시설"]
    # without like_mention (training realisations), the label's own type words are drawn as before
    assert any(t.endswith(type_words("산업시설")) for t in trained)


def test_a_pseudonym_is_of_the_sex_the_text_states():
    """강은별(남, 33세), 조훈(여, 52세): the sexes' shared pools (native and one-syllable names) and a first and a
    second syllable of one sex reading as the other (복 + 순) had given 17 of 300 men with a stated sex a
    woman's-looking name."""
    from thunder_deid.surrogates.people import packaged, reads_as

    from thunder_deid.document import Document, Span

    names = packaged()["names"]
    shared = set(names["given_single"]) | set(names["given_native"]) | set(names["given_native3"])
    own = {sex: {g for pools in names["given"].values() for g in pools[sex]["common"]} for sex in ("male", "female")}
    wrong = []
    for i in range(300):
        for who, sex in (("이민호", "남"), ("김영숙", "여")):
            text = f"피해자 {who}({sex}, {33 if sex == '남' else 52}세)에게 돈을 빌렸다."
            out = get_operator("surrogate", seed=3).redact(Document(f"d{i}", text, [Span(4, 7, "인명")]))[0]
            name = out[4:out.index("(")]
            read = reads_as(name)[0]
            mine = own["male" if sex == "남" else "female"]
            if (name[1:] in shared and name[1:] not in mine) or read == ("female" if sex == "남" else "male"):
                wrong.append(name)
    assert wrong == []


@pytest.mark.parametrize("label", ["건설업", "사업체"])
def test_a_business_keeps_its_type_word_before_its_legal_form(label):
    """동신건설 주식회사(이하 '동신건설'이라 한다) had become 엠트론 주식회사(이하 '엠트론건설'...): one company under two
    names, since the legal form after the first mention was read as the type word the pseudonym's stem stands for."""
    text = "피고인은 동신건설 주식회사(이하 '동신건설'이라 한다)의 현장소장이다. 피고인은 동신건설의 자금을 횡령하였다."
    spans = [Span(i, i + 4, label) for i in (5, 19, 45)]
    assert [text[s.start:s.end] for s in spans] == ["동신건설"] * 3
    for seed in range(1, 6):
        out = get_operator("surrogate", seed=seed).redact(Document("d", text, spans))[0]
        first = out[5:out.index(" 주식회사")]
        assert first.endswith("건설") and out.count(first) == 3, out


def test_a_persons_registration_number_agrees_with_the_sex_age_and_birth_date_the_output_states():
    """이혜경(여, 52세, 주민등록번호 530125-2…) made her about 70; 이라결(1979. 9. 19.생, 주민등록번호 051126-3…) was
    born twice. A value still to come is never read: it may be one the output replaces."""
    from thunder_deid.surrogates.people import REFERENCE_YEAR

    for seed in range(1, 30):
        t = "피해자 김영숙(여, 52세, 주민등록번호 710805-2123456)은 맞았다."
        spans = [Span(4, 7, "인명"), Span(t.index("710805"), t.index("710805") + 14, "주민등록번호")]
        out = get_operator("surrogate", seed=seed).redact(Document("d", t, spans))[0]
        rrn = re.search(r"(\d{6})-(\d)", out)
        assert rrn.group(2) == "2" and 1900 + int(rrn.group(1)[:2]) in (REFERENCE_YEAR - 52, REFERENCE_YEAR - 53), out
        t = "피고인 김철수(1985. 3. 12.생, 주민등록번호 850312-1234567)은 때렸다."
        spans = [Span(4, 7, "인명"), Span(8, 20, "출생일자"), Span(t.index("850312"), t.index("850312") + 14, "주민등록번호")]
        out = get_operator("surrogate", seed=seed).redact(Document("d", t, spans))[0]
        born = re.search(r"(\d{4})\. (\d{1,2})\. (\d{1,2})\.생", out)
        y, m, d = map(int, born.groups())
        assert f"{y % 100:02d}{m:02d}{d:02d}-" in out and (y, m, d) != (1985, 3, 12), out
        t = "피해자 응우옌 반 안(남, 30세, 외국인등록번호 930101-5123456)은 맞았다."
        a = t.index("930101")
        out = get_operator("surrogate", seed=seed).redact(Document("d", t, [Span(a, a + 14, "주민등록번호")]))[0]
        assert re.search(r"\d{6}-5", out), out          # a foreign resident's, a man's, born before 2000


def test_mask_mode_s_particles_follow_the_label_and_never_tell_the_name_s_last_sound():
    """Probed 2026-12-07: ``이민호는`` and ``한지민은`` came out ``[인명]는`` and ``[인명]은``, the particle telling
    whether the masked name ends in a final consonant (and ``[인명]는`` reading wrongly)."""
    text = "이민호는 한지민과 박서준에게 갔고, 이민호가 서울로, 한지민이 부산으로 갔다"
    spans = [Span(m.start(), m.end(), "인명") for m in re.finditer("이민호|한지민|박서준", text)]
    spans += [Span(text.index("서울"), text.index("서울") + 2, "주소"), Span(text.index("부산"), text.index("부산") + 2, "주소")]
    out = get_operator("mask").render(Document("d", text, sorted(spans, key=lambda s: s.start)))
    assert out == "[인명]은 [인명]과 [인명]에게 갔고, [인명]이 [주소]로, [인명]이 [주소]로 갔다"
