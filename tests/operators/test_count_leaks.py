"""The leak counter (benchmarks/count_leaks.py), run as a script on a real prediction file."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "count_leaks.py"


def rows(tmp_path: Path, text: str, spans: list[dict]) -> dict[str, list[str]]:
    pred = tmp_path / "pred.jsonl"
    pred.write_text(json.dumps({"id": "d", "text": text, "spans": spans}, ensure_ascii=False) + "\n", encoding="utf-8")
    out = subprocess.run([sys.executable, str(SCRIPT), str(pred)], capture_output=True, text=True, check=True).stdout
    return {" ".join(line.split()[1:3]): line.split() for line in out.splitlines() if line.startswith("pred.jsonl")}


def test_a_form_left_standing_as_a_word_is_a_leak_without_consistency(tmp_path):
    text = "피고인 전문수는 전문수에게 전문수사를 맡겼다."
    r = rows(tmp_path, text, [{"start": 4, "end": 7, "label": "인명", "score": 0.9}])
    assert r["consistency on"][5] == "0" and r["consistency off"][5] == "1"  # 전문수에게, never 전문수사를


def test_a_form_left_with_a_type_word_glued_after_it_has_its_own_column(tmp_path):
    # 봄날연구소의 shows the business the output masks in 봄날에; consistency covers it since a business's type word
    # may follow its name, so the column counts it only with consistency off
    text = "피고인은 봄날에 입사하였다. 봄날연구소의 연구원이다."
    r = rows(tmp_path, text, [{"start": 5, "end": 7, "label": "사업체", "score": 0.9}])
    assert r["consistency off"][5] == "0" and r["consistency off"][7] == "1"
    assert r["consistency on"][5] == "0" and r["consistency on"][7] == "0"
