"""Policy files: per-label modes and thresholds inherited down the taxonomy, allow/deny, recognizers,
consistency; bad files give file:line errors."""

from __future__ import annotations

import textwrap

import pytest

from thunder_deid.document import Document, Span
from thunder_deid.errors import ConfigError
from thunder_deid.policy import Policy, load_policy

TEXT = "피고인 김민준은 2020. 3. 5. 하나은행 계좌(123-456)로 HR-2024-001 건을 처리하였고, 김민준의 나이는 36세이다."


def at(text: str, word: str, label: str, score: float | None = None, k: int = 0) -> Span:
    a = text.index(word, k)
    return Span(a, a + len(word), label, score=score)


DOC = Document("d", TEXT, [at(TEXT, "김민준", "인명", 0.9), at(TEXT, "하나은행", "은행업", 0.4),
                           at(TEXT, "123-456", "계좌번호", 0.95), at(TEXT, "36세", "나이", 0.8)])


def write(tmp_path, body: str):
    p = tmp_path / "policy.yaml"
    p.write_text(textwrap.dedent(body), encoding="utf-8")
    return p


def test_modes_and_thresholds_inherit_down_the_tree(tmp_path):
    p = load_policy(write(tmp_path, """\
        mode: court
        threshold: 0.5
        labels:
          사건관련숫자정보: mask     # 계좌번호 lies below it
          연령정보: keep
          사업체: {threshold: 0.3}
        recognizers:
          - {name: 내부번호, label: 업무관리번호, pattern: 'HR-\\d{4}-\\d{3}'}
        """))
    assert p.mode_for("계좌번호") == "mask" and p.mode_for("나이") == "keep" and p.mode_for("인명") == "court"
    assert p.threshold_for("은행업") == 0.3 and p.threshold_for("인명") == 0.5
    out, reps = p.redact(DOC)
    assert out == ("피고인 A는 2020. 3. 5. ○○은행 계좌([계좌번호])로 [업무관리번호] 건을 처리하였고, A의 나이는 36세이다.")
    # the caller's mode replaces the default mode only; labels with their own mode keep it
    out2, _ = p.redact(DOC, "tag")
    assert "<<<김민준:인명>>>" in out2 and "[계좌번호]" in out2 and "36세이다" in out2


def test_default_policy_is_consistent_and_thresholds_drop_spans():
    out, _ = Policy(mode="mask").redact(DOC)
    assert out.count("[인명]") == 2 and "김민준" not in out  # the second 김민준 was never tagged
    out, _ = Policy(mode="mask", consistency=False).redact(DOC)
    assert out.count("[인명]") == 1 and "김민준의" in out
    out, _ = Policy(mode="mask", threshold=0.5).redact(DOC)
    assert "하나은행" in out


def test_allow_and_deny_lists():
    p = Policy.from_dict({"mode": "mask", "allow": ["하나은행"], "deny": ["HR", {"text": "처리", "label": "사업체"}]})
    out, _ = p.redact(DOC)
    assert "하나은행" in out
    assert "[인명]-2024" in out  # 'HR' stands as a word before the hyphen
    assert "[사업체]하였고" not in out  # '처리하였고' is one word: a deny entry never matches inside a word
    d = Document("d", "피고인 삼우는 삼우에게, 삼우산업은 아니다", [])
    assert Policy.from_dict({"deny": ["삼우"], "mode": "court"}).redact(d)[0] == "피고인 A는 A에게, 삼우산업은 아니다"


def test_an_allowed_form_stays_with_a_particle_the_model_took_in():
    d = Document("d", "피고인 김민준은 갔고 김민준호는 남았다", [Span(4, 8, "인명"), Span(12, 16, "인명")])
    assert Policy.from_dict({"mode": "court", "allow": ["김민준"]}).redact(d)[0] == "피고인 김민준은 갔고 A는 남았다"


def test_json_mode_renders_the_prepared_spans():
    import json

    d = json.loads(Policy.from_dict({"labels": {"나이": "keep"}}).redact(DOC, "json")[0])
    assert d["text"] == TEXT and len(d["spans"]) == 4  # 김민준 twice, bank, account; age kept


@pytest.mark.parametrize("body, line, message", [
    ("mode: court\nthreshhold: 0.5\n", 2, "unknown setting 'threshhold'"),
    ("labels:\n  인명: {threshold: 1.5}\n", 2, "a threshold is a number from 0 to 1"),
    ("labels:\n  이름: court\n  사람: mask\n", 3, "'사람' is not a taxonomy node"),
    ("labels:\n  인명: json\n", 2, "unknown mode 'json'"),
    ("mode: court\nrecognizers:\n  - label: 업무관리번호\n    pattern: '[0-9'\n", 4, "invalid regular expression"),
    ("recognizers:\n  - {label: 업무관리번호, pattern: 'x*'}\n", 2, "cannot match empty text"),
    ("deny:\n  - 삼우\n  - {text: 해피, label: 웹사이트}\n", 3, "'웹사이트' is not a taxonomy node"),
    ("allow: [삼우]\ndeny: [삼우]\n", 1, "in both 'allow' and 'deny'"),
    ("consistency: yes please\n", 1, "'consistency' must be true or false"),
    ("mode: court\nlabels: [인명]\n", 2, "'labels' maps taxonomy nodes"),
    ("mode: court\nlabels: {인명: mask\n", 3, "invalid YAML"),
    ("mode: court\nthreshold: 0.2\nmode: mask\n", 3, "key 'mode' given again (first on line 1)"),
    ("labels:\n  인명: {threshold: 0.5}\n  사업체: keep\n  인명: mask\n", 4, "key '인명' given again"),
    ("deny:\n  - 삼우\n  - ''\n", 3, "entry 2 of 'deny' must be non-empty text"),
    ("allow: [삼우, 해피, 7]\n", 1, "entry 3 of 'allow' must be non-empty text"),
    # an entry of invisible characters only is empty once canonical: as an allow entry it had kept every span
    ("mode: court\nallow: [\"\\u200b\"]\n", 2, "entry 1 of 'allow' must be non-empty text (it holds only invisible"),
    ("deny:\n  - \"\\ufeff\"\n", 2, "entry 1 of 'deny' must be non-empty text"),
    ("labels: &a {인명: *a}\n", 1, "unknown key '인명' for a label"),  # an alias of itself: one error, not a recursion
    ("[" * 3000 + "\n", None, "invalid YAML (nested too deeply)"),
])
def test_bad_policy_files_name_file_and_line(tmp_path, body, line, message):
    p = tmp_path / "bad.yaml"
    p.write_text(body, encoding="utf-8")
    with pytest.raises(ConfigError) as e:
        load_policy(p)
    assert str(e.value).startswith(f"{p}:{line}" if line else f"{p}: ") and message in str(e.value)


def test_nested_aliases_are_read_once(tmp_path):
    """Seven levels of aliases, each holding the one below nine times: walking every alias again had taken
    24.8 s (9**7 nodes) before the error; each node is walked once."""
    import time

    body = "a: &a [x, x, x, x, x, x, x, x, x]\n" + "".join(
        f"{k}: &{k} [{', '.join(['*' + prev] * 9)}]\n" for prev, k in zip("abcdefg", "bcdefgh"))
    p = write(tmp_path, body)
    t = time.perf_counter()
    with pytest.raises(ConfigError, match="unknown setting 'a'"):
        load_policy(p)
    assert time.perf_counter() - t < 5  # walking 9**7 nodes took 24.8 s; a walk of each node once is instant


@pytest.mark.parametrize("data, message", [
    ({"labels": {"인명": "erase"}}, "policy: labels.인명: unknown mode 'erase'"),
    ({"deny": ["삼우", {"text": " "}]}, "policy: deny[1].text: entry 2 of 'deny' must be non-empty text"),
    ({"recognizers": [{"label": "업무관리번호", "pattern": "[0-9"}]}, "policy: recognizers[0].pattern: invalid regular"),
    ({"threshhold": 0.5}, "policy: threshhold: unknown setting 'threshhold'"),
    ({"allow": ["\u200b\u00ad"]}, "policy: allow[0]: entry 1 of 'allow' must be non-empty text"),
    ("court.yaml", "policy court.yaml: no such file"),                  # text is a path
    (3, "expected a Policy, a mapping or a YAML file's path, not int"),
])
def test_bad_policy_mappings_from_python_name_the_field(data, message):
    from thunder_deid.errors import ThunderDeidError

    with pytest.raises(ThunderDeidError) as e:
        load_policy(data)
    assert message in str(e.value)


def test_a_mapping_is_the_policy_its_yaml_file_is(tmp_path):
    body = "mode: court\nthreshold: 0.4\nlabels:\n  인명: {mode: surrogate, threshold: 0.9}\ndeny: [삼우]\n"
    assert load_policy(write(tmp_path, body)) == load_policy(
        {"mode": "court", "threshold": 0.4, "labels": {"인명": {"mode": "surrogate", "threshold": 0.9}}, "deny": ["삼우"]})
    assert load_policy(None) == Policy() and load_policy(p := Policy(mode="court")) is p


def test_a_policy_built_in_python_is_checked_and_read_as_its_file_is():
    """``Policy(deny=["삼우"])`` had unpacked the name into ('삼', '우') and denied nothing; ``labels={"인명":
    "keep"}`` was ignored; ``allow="김민준"`` became a set of letters."""
    from thunder_deid.policy import LabelRule

    d = Document("d", "피고인 김민준은 삼우에 갔다", [Span(4, 7, "인명")])
    assert Policy(mode="court", deny=["삼우"]).redact(d)[0] == "피고인 A는 B에 갔다"
    assert Policy(mode="court", deny=[("삼우", "사업체")]).deny == (("삼우", "사업체"),)
    assert Policy(mode="court", labels={"인명": "keep"}).redact(d)[0] == "피고인 김민준은 삼우에 갔다"
    assert Policy(labels={"인명": {"mode": "keep"}}).labels == {"인명": LabelRule(mode="keep")}
    assert Policy(mode="court", deny=["삼우"]) == load_policy({"mode": "court", "deny": ["삼우"]})
    for kw, message in [({"allow": "김민준"}, "Policy: allow: 'allow' is a collection of texts"),
                        ({"threshold": "0.3"}, "Policy: threshold: a threshold is a number from 0 to 1"),
                        ({"mode": "erase"}, "Policy: mode: unknown mode 'erase'"),
                        ({"labels": {"사람": "keep"}}, "Policy: labels.사람: '사람' is not a taxonomy node"),
                        ({"allow": ["삼우"], "deny": ["삼우"]}, "in both 'allow' and 'deny'"),
                        ({"pictures": "hide"}, "Policy: pictures: 'pictures' is one of blank, keep")]:
        with pytest.raises(ConfigError) as e:
            Policy(**kw)
        assert message in str(e.value), kw


def test_a_deny_entry_is_replaced_even_where_its_label_is_kept():
    d = Document("d", "피고인 김민준은 갔고 이서연은 남았다", [Span(11, 14, "인명")])
    p = Policy.from_dict({"mode": "court", "labels": {"인명": "keep"}, "deny": ["김민준"]})
    assert p.redact(d)[0] == "피고인 A는 갔고 이서연은 남았다"                      # the document's mode
    assert Policy.from_dict({"mode": "keep", "deny": ["김민준"]}).redact(d)[0] == "피고인 [인명]은 갔고 이서연은 남았다"
    import json

    assert [s["start"] for s in json.loads(p.redact(d, "json")[0])["spans"]] == [4]


def test_a_sub_label_rule_applies_to_its_spans_only():
    d = Document("d", "맛나식당과 대박식당", [Span(0, 4, "식당", sub="한식당"), Span(6, 10, "식당", sub="분식점")])
    assert Policy.from_dict({"mode": "mask", "labels": {"식당:한식당": "keep"}}).redact(d)[0] == "맛나식당과 [식당]"


def test_label_keys_saved_in_decomposed_hangul_name_their_nodes(tmp_path):
    import unicodedata

    p = write(tmp_path, unicodedata.normalize("NFD", "labels:\n  인명: keep\n"))
    assert load_policy(p).labels == {"인명": load_policy({"labels": {"인명": "keep"}}).labels["인명"]}


def test_empty_file_is_the_default_policy(tmp_path):
    p = write(tmp_path, "# nothing set\n")
    assert load_policy(p) == Policy()


def test_cli_policy_option_reports_bad_file(tmp_path, capsys):
    from thunder_deid.cli import main

    (tmp_path / "a.txt").write_text("피고인 김민준", encoding="utf-8")
    bad = write(tmp_path, "mode: court\nlabels:\n  인명: {treshold: 0.2}\n")
    assert main(["redact", str(tmp_path / "a.txt"), str(tmp_path / "o.txt"), "--policy", str(bad)]) == 2
    assert f"{bad}:3" in capsys.readouterr().err and not (tmp_path / "o.txt").exists()


def test_the_policy_file_documented_in_the_module_loads(tmp_path):
    """The module docstring's example had a recognizer key (``score``) the loader refuses."""
    from thunder_deid import policy

    block = policy.__doc__.split("::\n\n", 1)[1].split("\n\nA bad file")[0]
    (tmp_path / "policy.yaml").write_text("\n".join(line[4:] for line in block.splitlines()) + "\n", encoding="utf-8")
    p = policy.load_policy(tmp_path / "policy.yaml")
    assert p.mode == "court" and p.pictures == "blank" and len(p.recognizers) == 1 and p.consistency


def test_the_policy_file_in_the_readme_loads(tmp_path):
    from pathlib import Path

    from thunder_deid import policy

    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    block = readme.split("A YAML file (`--policy FILE`) sets more:\n\n```yaml\n", 1)[1].split("```", 1)[0]
    (tmp_path / "policy.yaml").write_text(block, encoding="utf-8")
    p = policy.load_policy(tmp_path / "policy.yaml")
    assert p.mode == "court" and p.pictures == "blank" and ("해피", "기타사이트") in p.deny


def test_consistency_leaves_an_officials_line_alone_and_reaches_a_glossed_name():
    """Consistency had put the prosecutor's name back into his own header line (검사 B(기소)) from a body
    mention the model tagged, and had replaced 한상철 in the header without its Hanja gloss (B(韓相哲))."""
    t = ("피고인 1. 김철수(金哲洙)\n2. 한상철(韓相哲)\n검사 이정훈(기소)\n\n이유\n"
         "피고인 한상철은 검사 이정훈이 제출한 증거를 다투었다.\n피고인 김철수는 갔다.")
    spans = [at(t, "김철수", "인명"), at(t, "한상철", "인명", k=t.index("이유")), at(t, "이정훈", "인명", k=t.index("이유"))]
    out, _ = Policy(mode="court").redact(Document("d", t, spans))
    assert "검사 이정훈(기소)" in out and "2. B(B)" in out and "韓" not in out
    assert "피고인 B는 검사 C가 제출한" in out        # the body's mention stays replaced: it is the model's


@pytest.mark.parametrize("after, expected", [("으로서는", "로서는"), ("으로부터는", "로부터는"), ("이야말로", "야말로"),
                                             ("으로부터의", "로부터의"), ("으로써", "로써"), ("은", "는")])
def test_a_particle_of_two_parts_is_chosen_for_the_replacement(after, expected):
    t = f"피고인 최지훈{after} 갔다"
    out, _ = Policy(mode="court").redact(Document("d", t, [at(t, "최지훈", "인명")]))
    assert out == f"피고인 A{expected} 갔다"


def test_a_deny_entry_in_an_officials_line_is_replaced():
    """Only the spans consistency adds in an official's line go: a deny entry or a recognizer's match there had
    been dropped with them, leaving the name the user asked to be replaced readable."""
    t = "피고인 김민준은 무죄.\n\n검사 이정훈(기소)\n변호인 변호사 박서연"
    for consistency in (True, False):
        p = Policy(mode="mask", deny=["이정훈", "박서연"], consistency=consistency)
        assert p.redact(Document("d", t, [Span(4, 7, "인명")]))[0].count("[인명]") == 3
    p = Policy.from_dict({"mode": "mask", "recognizers": [{"label": "인명", "pattern": "이정훈"}]})
    assert "이정훈" not in p.redact(Document("d", t, []))[0]


def test_names_joined_by_middle_dots_before_a_business_share_its_label_in_every_mode():
    """The tagger reads the bank the type word stands beside; the banks listed before it are banks too."""
    text = "피해자 명의의 하나·신한·우리은행 계좌로, 김민준·이서연에게 송금하였다."
    bank = text.index("우리")
    doc = Document("d", text, [Span(bank, bank + 2, "은행업", score=0.9), Span(text.index("이서연"), text.index("이서연") + 3, "인명")])
    assert Policy(mode="court").redact(doc)[0] == "피해자 명의의 ○○·△△·□□은행 계좌로, 김민준·A에게 송금하였다."
    assert Policy(mode="mask").redact(doc)[0].startswith("피해자 명의의 [은행업]·[은행업]·[은행업]은행 계좌로")
