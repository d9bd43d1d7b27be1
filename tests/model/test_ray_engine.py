"""``predict --engine ray``: Ray Data actors in local mode give the local path's output, in order."""

from __future__ import annotations

import json

import pytest

from thunder_deid.document import Document, write_jsonl
from thunder_deid.errors import ThunderDeidError

ray = pytest.importorskip("ray")

LINE = "피고인은 2020. 3. 5. 피해자 김민준에게 하나은행 계좌(123-456-789012)로 송금하게 하였다."


@pytest.fixture(scope="module")
def local_ray():
    ray.init(num_cpus=4, include_dashboard=False, log_to_driver=False, configure_logging=False)
    yield
    ray.shutdown()


@pytest.fixture(scope="module")
def corpus(tmp_path_factory):
    """Documents of many lengths (so Ray's batches pad differently from the local path's), tagged locally
    by the embedded model, whose scores show any last-digit difference."""
    from thunder_deid.cli import main

    tmp = tmp_path_factory.mktemp("ray")
    docs = [Document(f"d{i:03d}", "\n".join([LINE[: 15 + 7 * (i % 11)]] * (1 + i % 4)), [], {"n": i})
            for i in range(60)]
    write_jsonl(tmp / "in.jsonl", docs)
    assert main(["predict", str(tmp / "in.jsonl"), str(tmp / "local.jsonl"), "--threads", "1"]) == 0
    return tmp


@pytest.mark.parametrize("workers", [1, 2])
def test_ray_output_equals_local_output(local_ray, corpus, workers):
    from thunder_deid.cli import main

    out = corpus / f"ray{workers}.jsonl"
    assert main(["predict", str(corpus / "in.jsonl"), str(out), "--engine", "ray", "--num-workers", str(workers)]) == 0
    assert out.read_bytes() == (corpus / "local.jsonl").read_bytes()


def test_ray_reads_a_folder_of_shards_in_name_order(local_ray, corpus):
    from thunder_deid.model.ray_engine import predict_ray

    lines = (corpus / "in.jsonl").read_text(encoding="utf-8").splitlines(keepends=True)
    shards = corpus / "shards"
    shards.mkdir()
    for k in range(0, 60, 20):  # uneven batches: 13 documents per actor call across 20-document shards
        (shards / f"part{k:03d}.jsonl").write_text("".join(lines[k:k + 20]), encoding="utf-8")
    assert predict_ray([shards], corpus / "sharded.jsonl", num_workers=2, batch_size=13) == 60
    assert (corpus / "sharded.jsonl").read_bytes() == (corpus / "local.jsonl").read_bytes()


def test_ray_reads_parquet_shards(local_ray, corpus):
    pa = pytest.importorskip("pyarrow")
    pq = pytest.importorskip("pyarrow.parquet")
    from thunder_deid.model.ray_engine import predict_ray

    rows = [json.loads(line) for line in (corpus / "in.jsonl").read_text(encoding="utf-8").splitlines()]
    shards = corpus / "parquet"
    shards.mkdir()
    for k in range(0, 60, 25):
        pq.write_table(pa.Table.from_pylist(rows[k:k + 25]), shards / f"part{k:03d}.parquet")
    assert predict_ray([shards], corpus / "parquet.jsonl", num_workers=2) == 60
    assert (corpus / "parquet.jsonl").read_bytes() == (corpus / "local.jsonl").read_bytes()


def test_ray_bad_line_is_a_one_line_error(local_ray, tmp_path, model_dir):
    from thunder_deid.model.ray_engine import predict_ray

    (tmp_path / "bad.jsonl").write_text('{"id": "a", "text": "x"}\n{"id": "b"}\n',
                                        encoding="utf-8")
    with pytest.raises(ThunderDeidError) as e:
        predict_ray([tmp_path / "bad.jsonl"], tmp_path / "o.jsonl", model_dir, num_workers=1)
    assert "\n" not in str(e.value) and not (tmp_path / "o.jsonl").exists()
    with pytest.raises(ThunderDeidError, match="no such file"):
        predict_ray([tmp_path / "missing.jsonl"], tmp_path / "o.jsonl", model_dir)
