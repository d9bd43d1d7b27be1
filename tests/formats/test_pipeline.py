"""``thunder-deid redact`` over files and folder trees of mixed formats, with the embedded model: a
mirrored tree, a manifest without document text, resuming, one summary line, and one document-id rule
shared with ``convert`` so ``eval`` scores one command's output against the other's."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from thunder_deid.cli import main
from thunder_deid.pipeline import manifest_path, redact_path

from .conftest import leaks

# fixed-form identifiers the validated patterns always find, whatever the model does
PHONE, RRN = "010-4821-7736", "900315-1234567"
TEXT = f"피고인 김민준(주민등록번호 {RRN})은 2020. 3. 5. 피해자에게 {PHONE}로 전화하였다.\n"


@pytest.fixture(scope="module")
def tagger():
    from thunder_deid.model.infer import Tagger

    return Tagger.load()


@pytest.fixture
def tree(tmp_path, docx_file, hwpx_file):
    """in/: UTF-8 and CP949 text, a DOCX, an HWPX and a JSONL in sub-folders, an unreadable file and a
    binary file with a text suffix."""
    root = tmp_path / "in"
    (root / "2020" / "형사").mkdir(parents=True)
    (root / "a.txt").write_text(TEXT, encoding="utf-8")
    (root / "2020" / "b.txt").write_bytes(TEXT.replace("\n", "\r\n").encode("cp949"))
    shutil.copy(docx_file, root / "2020" / "형사" / "c.docx")
    shutil.copy(hwpx_file, root / "2020" / "d.hwpx")
    (root / "e.jsonl").write_text(json.dumps({"id": "e1", "text": TEXT}, ensure_ascii=False) + "\n", encoding="utf-8")
    (root / "notes.xyz").write_bytes(b"ignored")
    (root / "bad.txt").write_bytes(b"\x00\x01\x02binary")
    return root


def test_folder_tree_is_mirrored_with_a_manifest_and_resumes(tree, tmp_path, tagger):
    out = tmp_path / "out"
    summary = redact_path(tree, out, "mask", tagger=tagger)
    assert (summary.files, summary.failed, summary.skipped) == (5, 1, 1)
    assert sorted(p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file()) == [
        "2020/b.txt", "2020/d.hwpx", "2020/형사/c.docx", "a.txt", "e.jsonl"]  # the manifest lies beside the folder
    assert (out / "2020" / "b.txt").read_bytes() == (out / "a.txt").read_text(encoding="utf-8").replace(
        "\n", "\r\n").encode("cp949")  # same redaction, the input's encoding and line endings
    for f in ("a.txt", "2020/b.txt", "e.jsonl"):
        text = (out / f).read_bytes().decode("utf-8" if f != "2020/b.txt" else "cp949")
        assert PHONE not in text and RRN not in text and "[전화번호]" in text
    assert leaks(out / "2020/형사/c.docx", ["010-1234-5678"]) == []  # the phone number in the DOCX table
    rows = [json.loads(x) for x in manifest_path(out).read_text(encoding="utf-8").splitlines()]
    by_file = {r["file"]: r for r in rows}
    assert by_file["2020/b.txt"]["encoding"] == "cp949" or by_file["2020/b.txt"]["encoding"] == "euc-kr"
    assert by_file["2020/b.txt"]["characters"] == len(TEXT) + 1 and by_file["2020/b.txt"]["spans"]["전화번호"] == 1
    assert by_file["2020/형사/c.docx"]["format"] == "docx" and by_file["2020/형사/c.docx"]["id"] == "2020/형사/c"
    assert by_file["bad.txt"]["status"] == "failed" and "binary file" in by_file["bad.txt"]["error"]
    assert by_file["notes.xyz"]["status"] == "skipped"
    manifest = manifest_path(out).read_text(encoding="utf-8")
    assert "김민준" not in manifest and PHONE not in manifest and "홍길동" not in manifest  # never document text
    # a second run skips what is done (and tries the failed file again)
    before = (out / "a.txt").stat().st_mtime_ns
    again = redact_path(tree, out, "mask", tagger=tagger)
    assert (again.files, again.resumed, again.failed) == (0, 5, 1) and (out / "a.txt").stat().st_mtime_ns == before
    # an output removed since is redone
    (out / "a.txt").unlink()
    assert redact_path(tree, out, "mask", tagger=tagger).files == 1 and (out / "a.txt").is_file()


def test_cli_prints_one_summary_line_and_fails_on_a_single_bad_file(tree, tmp_path, capsys):
    assert main(["redact", str(tree / "a.txt"), str(tmp_path / "a.out.txt")]) == 0
    out = capsys.readouterr().out.strip().splitlines()
    assert len(out) == 1 and out[0].startswith("redacted 1 file(s), 1 document(s)")
    assert main(["redact", str(tree / "bad.txt"), str(tmp_path / "bad.out.txt")]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "bad.txt: binary file" in err[0]
    assert main(["redact", str(tree / "notes.xyz"), str(tmp_path / "x.txt")]) == 2
    assert "unsupported file type '.xyz'" in capsys.readouterr().err
    assert main(["redact", str(tree), str(tree / "out")]) == 2  # an output inside the input folder
    assert "inside the input folder" in capsys.readouterr().err
    shutil.copy(tree / "2020" / "d.hwpx", tmp_path / "d.hwp")
    assert main(["redact", str(tmp_path / "d.hwp"), str(tmp_path / "d.out.hwp")]) == 2  # HWP comes out as HWPX
    assert "is written as .hwpx (or .txt); name the output *.hwpx" in capsys.readouterr().err
    (tmp_path / "e.pdf").write_bytes(b"%PDF-1.4")              # checked before the file is read
    assert main(["redact", str(tmp_path / "e.pdf"), str(tmp_path / "e.out.docx")]) == 2
    assert "a .pdf input is written as .pdf (or .txt); name the output *.pdf" in capsys.readouterr().err
    assert main(["redact", str(tree / "2020" / "형사" / "c.docx"), str(tmp_path / "c.md")]) == 2
    assert "name the output *.docx (or *.txt for its text)" in capsys.readouterr().err
    # any document can be written as plain UTF-8 text instead
    assert main(["redact", str(tree / "2020" / "형사" / "c.docx"), str(tmp_path / "c.txt")]) == 0
    text = (tmp_path / "c.txt").read_text(encoding="utf-8")
    assert text.startswith("판결\n피고인 ") and "010-1234-5678" not in text and "[전화번호]" in text


def test_every_output_mode_works_on_every_format(tree, tmp_path, tagger):
    for mode in ("tag", "mask", "court", "surrogate", "json"):
        out = tmp_path / mode
        summary = redact_path(tree, out, mode, tagger=tagger)
        assert (summary.files, summary.failed) == (5, 1), mode
        if mode == "json":
            doc = json.loads((out / "2020" / "형사" / "c.json").read_text(encoding="utf-8"))
            assert doc["id"] == "2020/형사/c" and doc["spans"]
        elif mode != "tag":
            assert leaks(out / "2020/형사/c.docx", ["010-1234-5678"]) == [], mode


def test_a_johab_file_is_redacted_and_written_in_johab(tmp_path, tagger):
    """Probed 2026-12-06 (unicode audit): a Johab file also reads as CP949, as Hanja and rare syllables; it
    was written back with the names in it (exit 0). It is read as Johab, and so is the output."""
    text = "피고인 김민준은 2020. 3. 1. 피고인 박서연에게 돈을 보냈다. 박서연의 전화번호는 010-1234-5678이다.\n"
    data = text.encode("johab")
    assert data.decode("cp949") != text
    (tmp_path / "a.txt").write_bytes(data)
    redact_path(tmp_path / "a.txt", tmp_path / "out.txt", "court", tagger=tagger)
    out = (tmp_path / "out.txt").read_bytes().decode("johab")
    assert "김민준" not in out and "박서연" not in out and "5678" not in out
    assert out.startswith("피고인 ") and out.endswith("이다.\n")


def test_one_document_id_rule_lets_eval_score_redact_against_convert(tmp_path, capsys):
    """convert names a file's document by its path without suffix, and so does redact: a folder redacted
    into one JSONL is scored against the converted gold annotations of the same folder."""
    gold_dir, raw_dir = tmp_path / "gold", tmp_path / "raw"
    for rel, annotated in (("a", f"전화 <<<{PHONE}:전화번호>>>로 연락"), ("sub/b", f"번호 <<<{RRN}:주민등록번호>>> 확인")):
        for root, text in ((gold_dir, annotated), (raw_dir, annotated.replace("<<<", "").split(":")[0]
                                                    + annotated.split(">>>")[1])):
            (root / rel).parent.mkdir(parents=True, exist_ok=True)
            (root / f"{rel}.txt").write_text(text, encoding="utf-8")
    assert main(["convert", str(gold_dir), str(tmp_path / "gold.jsonl")]) == 0
    assert main(["redact", str(raw_dir), str(tmp_path / "pred.jsonl"), "--mode", "json"]) == 0
    gold = [json.loads(x)["id"] for x in (tmp_path / "gold.jsonl").read_text(encoding="utf-8").splitlines()]
    pred = [json.loads(x)["id"] for x in (tmp_path / "pred.jsonl").read_text(encoding="utf-8").splitlines()]
    assert gold == pred == ["a", "sub/b"]
    capsys.readouterr()
    assert main(["eval", "--gold", str(tmp_path / "gold.jsonl"), "--pred", str(tmp_path / "pred.jsonl"), "--json"]) == 0
    scores = json.loads(capsys.readouterr().out)
    assert scores["documents"] == 2 and scores["missing_documents"] == 0  # every id matched
    assert scores["strict_typed"]["tp"] == 2 and scores["strict_typed"]["fn"] == 0  # both identifiers found


def test_two_files_with_one_document_id_are_refused(tmp_path, capsys):
    (tmp_path / "in").mkdir()
    (tmp_path / "in" / "a.txt").write_text("가", encoding="utf-8")
    (tmp_path / "in" / "a.md").write_text("나", encoding="utf-8")
    assert main(["redact", str(tmp_path / "in"), str(tmp_path / "out")]) == 2
    assert "both have document id 'a'" in capsys.readouterr().err


def test_a_pipe_is_neither_file_nor_folder(tmp_path, capsys):
    import os

    os.mkfifo(tmp_path / "fifo")  # what /dev/stdin is in a shell pipeline
    assert main(["redact", str(tmp_path / "fifo"), str(tmp_path / "out.txt")]) == 2
    assert "neither a regular file nor a folder" in capsys.readouterr().err


def test_an_input_folder_inside_the_output_folder_is_refused(tmp_path, capsys):
    """``redact p/sub p`` had written p/sub/a.txt's output over p/a.txt, another document."""
    (tmp_path / "p" / "sub").mkdir(parents=True)
    (tmp_path / "p" / "a.txt").write_text("다른 문서", encoding="utf-8")
    (tmp_path / "p" / "sub" / "a.txt").write_text(TEXT, encoding="utf-8")
    assert main(["redact", str(tmp_path / "p" / "sub"), str(tmp_path / "p")]) == 2
    assert "lies inside the output folder" in capsys.readouterr().err
    assert (tmp_path / "p" / "a.txt").read_text(encoding="utf-8") == "다른 문서"
    # one JSONL inside the folder it collects would be read back as an input by the next run
    assert main(["redact", str(tmp_path / "p"), str(tmp_path / "p" / "all.jsonl")]) == 2
    assert "lies inside the input folder" in capsys.readouterr().err and not (tmp_path / "p" / "all.jsonl").exists()


def test_a_folder_into_one_jsonl_holds_each_id_once_and_names_its_failures(tmp_path, capsys):
    root = tmp_path / "in"
    root.mkdir()
    (root / "a.txt").write_text(TEXT, encoding="utf-8")
    (root / "docs.jsonl").write_text(json.dumps({"id": "a", "text": TEXT}, ensure_ascii=False) + "\n", encoding="utf-8")
    assert main(["redact", str(root), str(tmp_path / "all.jsonl")]) == 2   # before anything is written
    assert "docs.jsonl holds document id 'a', as a.txt does" in capsys.readouterr().err
    assert not (tmp_path / "all.jsonl").exists()
    (root / "docs.jsonl").unlink()
    (root / "bad.txt").write_bytes(b"\x00\x01binary")
    assert main(["redact", str(root), str(tmp_path / "all.jsonl")]) == 1
    err = capsys.readouterr().err                                          # no manifest: the reason is printed
    assert "failed: " in err and "bad.txt: binary file" in err
    assert [json.loads(x)["id"] for x in (tmp_path / "all.jsonl").read_text(encoding="utf-8").splitlines()] == ["a"]


def test_a_resumed_folder_run_redoes_what_another_setting_or_an_edited_input_would_change(tmp_path, tagger):
    """Resuming had matched files by name alone: a second run in court mode left the first run's masks, and an
    input edited since kept its old output."""
    root, out = tmp_path / "in", tmp_path / "out"
    root.mkdir()
    (root / "a.txt").write_text(TEXT, encoding="utf-8")
    (root / "b.txt").write_text(TEXT, encoding="utf-8")
    assert redact_path(root, out, "mask", tagger=tagger).files == 2
    assert redact_path(root, out, "mask", tagger=tagger).resumed == 2           # same settings, same inputs
    court = redact_path(root, out, "court", tagger=tagger)
    assert (court.files, court.resumed) == (2, 0) and "[인명]" not in (out / "a.txt").read_text(encoding="utf-8")
    assert redact_path(root, out, "court", policy={"allow": ["김민준"]}, tagger=tagger).files == 2  # another policy
    import os

    (root / "b.txt").write_text(TEXT + "피해자 이서연에게 연락하였다.\n", encoding="utf-8")
    st = (root / "b.txt").stat()
    os.utime(root / "b.txt", ns=(st.st_atime_ns, st.st_mtime_ns + 10**9))
    again = redact_path(root, out, "court", policy={"allow": ["김민준"]}, tagger=tagger)
    assert (again.files, again.resumed) == (1, 1) and "연락하였다" in (out / "b.txt").read_text(encoding="utf-8")


def test_a_mapping_is_refused_where_it_could_not_be_whole_or_should_not_be(tmp_path, tagger):
    from thunder_deid.errors import ThunderDeidError

    root, out = tmp_path / "in", tmp_path / "out"
    root.mkdir()
    (root / "a.txt").write_text(TEXT, encoding="utf-8")
    for kw, message in [({"mapping": tmp_path / "m.jsonl", "mode": "json"}, "json mode replaces nothing"),
                        ({"mapping": Path("-")}, "name a file for it, not standard output"),
                        ({"mapping": root / "m.jsonl"}, "lies inside the input folder"),
                        ({"mapping": out / "m.jsonl"}, "lies inside the output folder"),
                        ({"mapping": tmp_path / "none" / "m.jsonl"}, "does not exist")]:
        with pytest.raises(ThunderDeidError, match=message):
            redact_path(root, out, **{"mode": "court", **kw}, tagger=tagger)
    assert not out.exists()
    with pytest.raises(ThunderDeidError, match="is an input; refusing to overwrite it"):
        redact_path(root / "a.txt", tmp_path / "a.out.txt", "court", mapping=root / "a.txt", tagger=tagger)
    redact_path(root, out, "court", tagger=tagger)
    # a resumed run would write the table of the files it did, not of those an earlier run did
    with pytest.raises(ThunderDeidError, match=r"1 file\(s\) .* were done by an earlier run"):
        redact_path(root, out, "court", mapping=tmp_path / "m.jsonl", tagger=tagger)
    assert redact_path(root, out, "court", mapping=tmp_path / "m.jsonl", restart=True, tagger=tagger).files == 1
    assert "김민준" in (tmp_path / "m.jsonl").read_text(encoding="utf-8")


def test_predict_writes_standard_output_for_dash_and_bad_arguments_are_one_line(tmp_path, capsys):
    (tmp_path / "d.jsonl").write_text(json.dumps({"id": "d", "text": TEXT}, ensure_ascii=False) + "\n", encoding="utf-8")
    assert main(["predict", str(tmp_path / "d.jsonl"), "-"]) == 0
    assert json.loads(capsys.readouterr().out)["spans"] and not Path("-").exists()
    assert main(["redact", str(tmp_path / "d.jsonl"), str(tmp_path / "o.jsonl"), "--device", "tpu"]) == 2
    assert "--device tpu: expected auto, cpu, cuda or cuda:N" in capsys.readouterr().err
    with pytest.raises(SystemExit) as e:
        main(["redact", str(tmp_path / "d.jsonl"), str(tmp_path / "o.jsonl"), "--threads", "-1"])
    assert e.value.code == 2 and "expected a whole number of at least 1, not '-1'" in capsys.readouterr().err


def test_an_error_on_standard_input_names_it_not_our_temporary_file(tmp_path, capsys, monkeypatch):
    import io
    import sys

    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"\x00\x01binary")))
    assert main(["redact", "-", str(tmp_path / "o.txt")]) == 2
    err = capsys.readouterr().err
    assert "<stdin>: binary file" in err and "thunder-deid-" not in err


def test_a_surrogate_seed_is_a_secret_by_default_and_never_written_beside_the_outputs(tmp_path, tagger):
    """The pseudonyms are a function of the seed, the document's id and the mention: with the default seed 0 a
    reader of the output could draw them for a list of candidate names and find the one a pseudonym hides. No
    seed now draws a secret one; of a chosen seed the manifest records only that there was one (a digest of a
    small number is undone by trying them all)."""
    root = tmp_path / "in"
    root.mkdir()
    (root / "a.txt").write_text(TEXT * 3, encoding="utf-8")
    outs = []
    for k in range(3):
        redact_path(root, tmp_path / f"s{k}", "surrogate", tagger=tagger)
        outs.append((tmp_path / f"s{k}" / "a.txt").read_text(encoding="utf-8"))
        row = json.loads(manifest_path(tmp_path / f"s{k}").read_text(encoding="utf-8").splitlines()[0])
        assert row["settings"]["seed"] is None
    assert len(set(outs)) > 1 and not any("김민준" in o for o in outs)
    a = redact_path(root, tmp_path / "k1", "surrogate", seed=918273645, tagger=tagger)
    b = redact_path(root, tmp_path / "k2", "surrogate", seed=918273645, tagger=tagger)
    assert a.files == b.files == 1
    assert (tmp_path / "k1" / "a.txt").read_bytes() == (tmp_path / "k2" / "a.txt").read_bytes()
    manifest = manifest_path(tmp_path / "k1").read_text(encoding="utf-8")
    assert "918273645" not in manifest and json.loads(manifest.splitlines()[0])["settings"]["seed"] == "chosen"
    assert redact_path(root, tmp_path / "k1", "surrogate", seed=918273645, tagger=tagger).resumed == 1


def test_output_names_do_not_repeat_the_mentions_their_outputs_replace(tmp_path, tagger, capsys):
    """A folder named after its parties had kept their names in every output's path (and a folder written into
    one JSONL, in each document's id): now they are replaced as the text is, a folder once for all its files
    (those that do not name its party too), each output named once, and the manifest pairs every input with its
    output; ``--keep-names`` keeps the input's names."""
    root = tmp_path / "in"
    (root / "김민준 사건").mkdir(parents=True)
    (root / "김민준 사건" / "김민준_공소장.txt").write_text(TEXT, encoding="utf-8")
    (root / "김민준 사건" / "목록.txt").write_text("기록 목록\n", encoding="utf-8")  # names nobody
    (root / "A.txt").write_text("기록 목록\n", encoding="utf-8")  # the name the first output would take
    out = tmp_path / "out"
    assert redact_path(root, out, "court", tagger=tagger).files == 3
    written = sorted(p.relative_to(out).as_posix() for p in out.rglob("*.txt"))
    assert written == ["A.txt", "[인명] 사건/A_공소장.txt", "[인명] 사건/목록.txt"]
    assert (out / "A.txt").read_text(encoding="utf-8") == "기록 목록\n"       # never written over
    rows = {r["file"]: r["output"] for r in map(json.loads, manifest_path(out).read_text(encoding="utf-8").splitlines())}
    assert rows["김민준 사건/김민준_공소장.txt"] == "[인명] 사건/A_공소장.txt"
    assert redact_path(root, out, "court", tagger=tagger).resumed == 3           # found again by its manifest row
    (root / "박서연.txt").write_text(TEXT.replace("김민준", "박서연"), encoding="utf-8")
    assert redact_path(root, out, "court", tagger=tagger).files == 1
    assert (out / "A (2).txt").is_file() and "박서연" not in (out / "A (2).txt").read_text(encoding="utf-8")
    redact_path(root, tmp_path / "o.jsonl", "mask", tagger=tagger)
    ids = [json.loads(line)["id"] for line in (tmp_path / "o.jsonl").read_text(encoding="utf-8").splitlines()]
    assert sorted(ids) == ["A", "[인명]", "[인명] 사건/[인명]_공소장", "[인명] 사건/목록"]
    # the documents inside a JSONL keep ids no renamed one may take
    (root / "d.jsonl").write_text(json.dumps({"id": "이서연", "text": "피고인 이서연은 도망하였다."}, ensure_ascii=False)
                                  + "\n" + json.dumps({"id": "[인명] (2)", "text": "기록"}, ensure_ascii=False) + "\n",
                                  encoding="utf-8")
    redact_path(root, tmp_path / "o2.jsonl", "mask", tagger=tagger)
    ids = [json.loads(line)["id"] for line in (tmp_path / "o2.jsonl").read_text(encoding="utf-8").splitlines()]
    assert len(ids) == len(set(ids)) == 6 and not any("서연" in i or "민준" in i for i in ids)
    assert main(["redact", str(root), str(tmp_path / "kept"), "--mode", "court", "--keep-names"]) == 0
    assert (tmp_path / "kept" / "김민준 사건" / "김민준_공소장.txt").is_file()


def test_a_folder_is_named_again_when_a_later_file_names_its_party_and_a_resumed_run_goes_on_in_it(tmp_path, tagger):
    """The second review: a folder was named at its first file, so ``정하늘 사건/01_목록.txt`` (naming nobody) kept the
    party's name for every file after it; a subfolder was named apart from its parent (박서연/2020 landed in
    김민준's output folder); a resumed run opened ``[인명] 사건 (2)``; a JSONL among the files kept its names."""
    root, out = tmp_path / "in", tmp_path / "out"
    (root / "정하늘 사건").mkdir(parents=True)
    (root / "정하늘 사건" / "01_목록.txt").write_text("기록 목록\n", encoding="utf-8")
    (root / "정하늘 사건" / "02_공소장.txt").write_text("피고인 정하늘은 피해자를 폭행하였다.\n", encoding="utf-8")
    (root / "김민준" / "2020").mkdir(parents=True)
    (root / "김민준" / "a.txt").write_text(TEXT, encoding="utf-8")
    (root / "박서연" / "2020").mkdir(parents=True)
    (root / "박서연" / "b.txt").write_text(TEXT.replace("김민준", "박서연"), encoding="utf-8")
    (root / "박서연" / "2020" / "c.txt").write_text("기록\n", encoding="utf-8")
    (root / "정하늘 사건" / "정하늘.jsonl").write_text(json.dumps({"id": "x", "text": "기록"}) + "\n", encoding="utf-8")
    assert redact_path(root, out, "court", tagger=tagger).files == 6
    written = sorted(p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file())
    assert not any(n in w for w in written for n in ("정하늘", "김민준", "박서연")), written
    by_party = {w.split("/")[0] for w in written if w.endswith(("b.txt", "c.txt"))}
    assert len(by_party) == 1 and by_party != {w.split("/")[0] for w in written if w.endswith("a.txt")}
    assert redact_path(root, out, "court", tagger=tagger).resumed == 6            # the moved rows are found again
    (root / "정하늘 사건" / "04_추가.txt").write_text("추가 기록\n", encoding="utf-8")
    assert redact_path(root, out, "court", tagger=tagger).files == 1
    again = sorted(p.relative_to(out).as_posix() for p in out.rglob("*.txt"))
    assert "[인명] 사건/04_추가.txt" in again and not any("(2)" in w and "사건" in w for w in again)


def test_the_output_folder_can_be_published_whole_and_an_old_manifest_moves_out_of_it(tmp_path, tagger):
    """The manifest pairs each input with its output, so it names the inputs (``김민준_공소장.txt``): it lay inside
    the output folder, which is what gets published, copied or zipped. Now it lies beside it, owner-only, and a
    manifest an earlier version wrote inside is moved out on the next run (the resume reads it)."""
    import os
    import stat

    root, out = tmp_path / "in", tmp_path / "out"
    root.mkdir()
    (root / "김민준_공소장.txt").write_text(TEXT, encoding="utf-8")
    (root / "목록.txt").write_text("기록 목록\n", encoding="utf-8")
    assert redact_path(root, out, "court", tagger=tagger).files == 2
    published = {p.relative_to(out).as_posix(): p.read_bytes() for p in out.rglob("*") if p.is_file()}
    assert sorted(published) == ["A_공소장.txt", "목록.txt"]
    assert not any("김민준".encode() in data for data in published.values())
    beside = tmp_path / "out.manifest.jsonl"
    assert manifest_path(out) == beside and "김민준_공소장.txt" in beside.read_text(encoding="utf-8")
    if os.name == "posix":
        assert stat.S_IMODE(beside.stat().st_mode) == 0o600
    os.replace(beside, out / "manifest.jsonl")                     # as an earlier version left it
    assert redact_path(root, out, "court", tagger=tagger).resumed == 2
    assert not (out / "manifest.jsonl").exists() and beside.is_file()
