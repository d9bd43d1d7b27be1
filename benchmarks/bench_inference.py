"""Tagger inference: backends side by side on the same documents, memory at scale, Ray scaling.

    python benchmarks/bench_inference.py                          # all parts, embedded model, judgment test split
    python benchmarks/bench_inference.py --parts backends --limit 405
    python benchmarks/bench_inference.py --parts memory ray

Each measured path runs in its own fresh process (so its peak RSS is its own) on the same documents:

* ``backends``: the pre-streaming loop kept here verbatim as the baseline (all windows of a call batched,
  every window's log-probs held), the torch backend, ONNX Runtime and ONNX int8 -- characters/s, peak
  memory, W. Strict Typed F1 (model spans alone, ``--no-patterns``) and whether spans equal the baseline's;
* ``memory``: peak memory of ``thunder-deid predict`` (streaming) on 100 long judgments (law.go.kr test
  split) and on 10,000 documents (the judgment test split repeated, each cut to ``--many-chars``
  characters to keep the run short), with the baseline on the 100 if ``--memory-baseline``;
* ``ray``: ``predict --engine ray`` at 1 and 2 workers, characters/s (Ray start-up included) and output
  equal to the local path's.

Figures go to BENCHMARKS.md ("Inference backends and scale") with the command that produced them.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
THUNDER_TEST = REPO / "work/realized/thunder/test.jsonl"
THUNDER_VALID = REPO / "work/realized/thunder/valid.jsonl"
PRECEDENTS_TEST = REPO / "work/realized/precedents/test.jsonl"


def baseline_viterbi(logprobs, tags):
    """``bio.constrained_viterbi`` as it was before tag pruning (commit 8c47ebe): numpy over all tags."""
    import numpy as np

    from thunder_deid.bio import BioConstraints

    lp = np.asarray(logprobs, dtype=np.float64)
    n, k = lp.shape
    if n == 0:
        return []
    c = BioConstraints(tags)
    score = c.start(lp[0])
    back = np.zeros((n, k), dtype=np.int64)
    for t in range(1, n):
        score, back[t] = c.step(score, lp[t])
    path = [int(np.argmax(score))]
    for t in range(n - 1, 0, -1):
        path.append(int(back[t, path[-1]]))
    return path[::-1]


def baseline_decode_spans(logprobs, tags, offsets, text):
    """``decode.decode_spans`` as it was, on :func:`baseline_viterbi`."""
    import numpy as np

    from thunder_deid.bio import bio_to_spans
    from thunder_deid.model.decode import tidy

    if len(offsets) == 0:
        return []
    path = baseline_viterbi(logprobs, tags)
    probs = np.exp(logprobs[np.arange(len(path)), path]).tolist()
    return tidy(bio_to_spans(offsets, [tags[i] for i in path], text, scores=probs), text)


def baseline_predict(model, tokenizer, labels, docs, max_length, stride, batch_tokens=8192):
    """``predict_documents`` as it was before backends and streaming (commit 6a76d26), for comparison."""
    import torch

    from thunder_deid.document import Document
    from thunder_deid.model.decode import merge_windows
    from thunder_deid.model.windows import encode

    encs = [encode(d.text, tokenizer, max_length, stride) for d in docs]
    items = [(i, w, b - a + 2) for i, e in enumerate(encs) for w, (a, b) in enumerate(e.spans)]
    items.sort(key=lambda x: -x[2])
    out_lp = {}
    cls_id, sep_id, pad_id = tokenizer.cls_token_id, tokenizer.sep_token_id, tokenizer.pad_token_id
    k = 0
    with torch.no_grad():
        while k < len(items):
            longest = items[k][2]
            chunk = items[k:k + max(1, batch_tokens // longest)]
            k += len(chunk)
            ids = torch.full((len(chunk), longest), pad_id, dtype=torch.long)
            mask = torch.zeros((len(chunk), longest), dtype=torch.long)
            for r, (i, w, L) in enumerate(chunk):
                ids[r, :L] = torch.tensor(encs[i].window_ids(w, cls_id, sep_id))
                mask[r, :L] = 1
            lp = torch.log_softmax(model(input_ids=ids, attention_mask=mask).logits.float(), -1).numpy()
            for r, (i, w, L) in enumerate(chunk):
                out_lp[(i, w)] = lp[r, 1:L - 1]
    result = []
    for i, (doc, enc) in enumerate(zip(docs, encs)):
        spans = []
        if enc.ids:
            merged = merge_windows([out_lp[(i, w)] for w in range(len(enc.spans))], enc.spans, len(enc.ids))
            spans = baseline_decode_spans(merged, labels.tags, enc.offsets, doc.text)
        result.append(Document(doc.id, doc.text, spans, doc.meta))
    return result


def worker(a: argparse.Namespace) -> None:
    """One path in this process: ``--worker baseline|torch|bf16|onnx|onnx-int8``; prints a JSON line."""
    import torch

    from thunder_deid.document import Document, load_jsonl, write_jsonl
    from thunder_deid.model.infer import Tagger

    torch.set_num_threads(a.threads)
    docs = [Document(d.id, d.text, []) for d in load_jsonl(a.input)[: a.limit]]
    backend = "onnx" if a.worker.startswith("onnx") else "bf16" if a.worker == "bf16" else "torch"
    tagger = Tagger.load(a.model, patterns=False, backend=backend, threads=a.threads, cache_dir=a.cache_dir,
                         int8=a.worker == "onnx-int8")
    # Steady state, as on a corpus: every path first runs on other documents (the validation split), so
    # per-shape kernel set-up is not timed, and the tokenizer's word cache holds no timed document's words.
    warm = [Document(d.id, d.text, []) for d in load_jsonl(a.warm)[:200]] if a.warm and a.warm.is_file() else docs[:4]
    if a.worker == "baseline":
        baseline_predict(tagger.model, tagger.tokenizer, tagger.labels, warm, tagger.max_length, tagger.stride)
        t0 = time.perf_counter()
        out = []
        for k in range(0, len(docs), 64):  # as `predict` called it: 64 documents a call
            out += baseline_predict(tagger.model, tagger.tokenizer, tagger.labels, docs[k:k + 64], tagger.max_length,
                                    tagger.stride)
    else:
        tagger.predict_documents(warm)
        t0 = time.perf_counter()
        out = list(tagger.iter_predict(docs))
    seconds = time.perf_counter() - t0
    write_jsonl(a.out, out)
    print(json.dumps({"seconds": seconds, "forward": forward_seconds(tagger, docs), "chars": sum(len(d.text) for d in docs),
                      "docs": len(docs), "peak_mib": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}))


def forward_seconds(tagger, docs) -> float:
    """Seconds of the backend's forward pass alone over the documents' windows, batched as ``predict``
    batches them (the baseline path runs the same torch module): the floor under any end-to-end time."""
    from thunder_deid.model.infer import _batch, _specials, batches
    from thunder_deid.model.windows import encode_long

    tok = tagger.tokenizer
    encs = [encode_long(d.text, tok, tagger.max_length, tagger.stride) for d in docs]
    chunks = list(batches(encs, tagger.backend.batch_tokens))
    t0 = time.perf_counter()
    for chunk in chunks:
        _batch(tagger.backend, encs, chunk, *_specials(tok))
    return time.perf_counter() - t0


def run_worker(path: str, a: argparse.Namespace, out: Path, inp: Path, limit: int) -> dict:
    cmd = [sys.executable, __file__, "--worker", path, "--input", str(inp), "--limit", str(limit), "--out", str(out),
           "--warm", str(a.warm),
           "--threads", str(a.threads), "--cache-dir", str(a.cache_dir)] + (["--model", str(a.model)] if a.model else [])
    res = subprocess.run(cmd, capture_output=True, text=True, check=True)
    return json.loads(res.stdout.strip().splitlines()[-1])


def peak_of(cmd: list[str]) -> tuple[float, float]:
    """``(seconds, peak RSS MiB)`` of one child process (wait4: that child's own high-water mark)."""
    t0 = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(proc.pid, 0)
    seconds = time.perf_counter() - t0
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode:
        raise SystemExit(f"{' '.join(cmd[2:5])}: exit {proc.returncode}: {proc.stderr.read().decode()[-2000:]}")
    return seconds, usage.ru_maxrss / 1024


def spans_key(path: Path) -> list:
    return [[(s["start"], s["end"], s["label"]) for s in json.loads(x)["spans"]] for x in path.read_text(encoding="utf-8").splitlines()]


def part_backends(a: argparse.Namespace, tmp: Path) -> None:
    """Each path in a fresh process, ``--repeat`` rounds, the paths interleaved within a round (a shared or
    virtual machine's speed drifts by tens of percent over minutes); seconds are each path's median, the
    speed-up the median of its per-round ratios to the first path of the same round; ``forward`` the median
    seconds of the forward pass alone over the same windows (:func:`forward_seconds`)."""
    import statistics

    from thunder_deid.document import load_jsonl
    from thunder_deid.eval import score_documents

    gold = load_jsonl(a.input)[: a.limit]
    print(f"\n## backends: {len(gold)} documents of {a.input.name}, {sum(len(d.text) for d in gold):,} characters, "
          f"{a.threads} threads, model {a.model or 'embedded'}, {a.repeat} round(s), paths interleaved")
    runs: dict[str, list[dict]] = {p: [] for p in a.paths}
    for _ in range(a.repeat):
        for path in a.paths:
            runs[path].append(run_worker(path, a, tmp / f"{path}.jsonl", a.input, a.limit))
    print(f"{'path':<22}{'seconds':>9}{'forward':>9}{'chars/s':>10}{'speed-up':>9}  {'per round':<22}{'peak MiB':>9}"
          f"{'W.ST F1':>9}  spans = first path")
    first = a.paths[0]
    for path in a.paths:
        out = tmp / f"{path}.jsonl"
        f1 = score_documents(gold, load_jsonl(out)).counts["strict_typed"].f1
        secs = [r["seconds"] for r in runs[path]]
        ratios = [b["seconds"] / r["seconds"] for b, r in zip(runs[first], runs[path])]
        sec = statistics.median(secs)
        rate = runs[path][0]["chars"] / sec
        rounds = " ".join(f"{x:.2f}" for x in ratios)
        same = spans_key(out) == spans_key(tmp / f"{first}.jsonl")
        fwd = statistics.median(r["forward"] for r in runs[path])
        print(f"{path:<22}{sec:>9.2f}{fwd:>9.2f}{rate:>10,.0f}{statistics.median(ratios):>8.2f}x  {rounds:<22}"
              f"{max(r['peak_mib'] for r in runs[path]):>9,.0f}{f1:>9.4f}  {same}")


def part_memory(a: argparse.Namespace, tmp: Path) -> None:
    from thunder_deid.document import Document, load_jsonl, write_jsonl

    long_docs = sorted(load_jsonl(PRECEDENTS_TEST), key=lambda d: -len(d.text))[:100]
    write_jsonl(tmp / "long100.jsonl", [Document(d.id, d.text, []) for d in long_docs])
    short = [Document(d.id, d.text[: a.many_chars], []) for d in load_jsonl(THUNDER_TEST)]
    many = [Document(f"{d.id}#{k}", d.text, []) for k in range(10_000 // len(short) + 1) for d in short][:10_000]
    write_jsonl(tmp / "many10k.jsonl", many)
    print(f"\n## memory: thunder-deid predict --backend {a.memory_backend}, {a.threads} threads (one process each)")
    print(f"{'input':<44}{'characters':>12}{'seconds':>9}{'chars/s':>10}{'peak MiB':>10}")
    cli = [sys.executable, "-m", "thunder_deid.cli", "predict", "--no-patterns", "--threads", str(a.threads),
           "--backend", a.memory_backend, "--cache-dir", str(a.cache_dir)] + (["--model", str(a.model)] if a.model else [])
    for name, docs in (("long100", long_docs), ("many10k", many)):
        chars = sum(len(d.text) for d in docs)
        seconds, peak = peak_of(cli + [str(tmp / f"{name}.jsonl"), str(tmp / f"{name}.out.jsonl")])
        label = "100 longest law.go.kr test judgments" if name == "long100" else \
            f"10,000 documents (test split, <= {a.many_chars} chars)"
        print(f"{label:<44}{chars:>12,}{seconds:>9.1f}{chars / seconds:>10,.0f}{peak:>10,.0f}")
    if not a.memory_baseline:
        return
    r = run_worker("baseline", a, tmp / "long100.base.jsonl", tmp / "long100.jsonl", 100)
    chars = sum(len(d.text) for d in long_docs)
    print(f"{'baseline (old loop) on the 100 long ones':<44}{chars:>12,}{r['seconds']:>9.1f}{chars / r['seconds']:>10,.0f}"
          f"{r['peak_mib']:>10,.0f}")
    print(f"spans equal to the baseline's on the 100 long ones: "
          f"{spans_key(tmp / 'long100.out.jsonl') == spans_key(tmp / 'long100.base.jsonl')}")


def compare(out: Path, ref: Path) -> str:
    """Bytes equal, or else whether ids, texts and spans are and how far scores are apart (batches that
    group other documents pad differently, which moves scores in the 7th digit)."""
    if out.read_bytes() == ref.read_bytes():
        return "identical bytes"
    a = [json.loads(x) for x in out.read_text(encoding="utf-8").splitlines()]
    b = [json.loads(x) for x in ref.read_text(encoding="utf-8").splitlines()]
    same = [(x["id"], x["text"], spans_key_of(x)) for x in a] == [(x["id"], x["text"], spans_key_of(x)) for x in b]
    diff = max((abs(s["score"] - t["score"]) for x, y in zip(a, b) for s, t in zip(x["spans"], y["spans"])), default=0.0)
    return f"ids, texts, spans {'equal' if same else 'DIFFER'}; scores within {diff:.1e}"


def spans_key_of(row: dict) -> list:
    return [(s["start"], s["end"], s["label"]) for s in row["spans"]]


def part_ray(a: argparse.Namespace, tmp: Path) -> None:
    from thunder_deid.document import Document, load_jsonl, write_jsonl

    docs = [Document(d.id, d.text, []) for d in load_jsonl(a.input)[: a.limit]]
    write_jsonl(tmp / "ray_in.jsonl", docs)
    chars = sum(len(d.text) for d in docs)
    cli = [sys.executable, "-m", "thunder_deid.cli", "predict", "--no-patterns"] + (["--model", str(a.model)] if a.model else [])
    local_s, _ = peak_of(cli + ["--threads", "1", str(tmp / "ray_in.jsonl"), str(tmp / "local.jsonl")])
    print(f"\n## ray: predict --engine ray, {len(docs)} documents, {chars:,} characters, one thread per actor "
          "(process start, Ray start-up and model loads included)")
    print(f"{'engine':<28}{'seconds':>9}{'chars/s':>10}  output vs local")
    print(f"{'local, 1 thread':<28}{local_s:>9.1f}{chars / local_s:>10,.0f}  -")
    for n in (1, 2):
        out = tmp / f"ray{n}.jsonl"
        s, _ = peak_of(cli + ["--engine", "ray", "--num-workers", str(n), str(tmp / "ray_in.jsonl"), str(out)])
        print(f"{f'ray, {n} worker(s)':<28}{s:>9.1f}{chars / s:>10,.0f}  {compare(out, tmp / 'local.jsonl')}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--model", type=Path, help="model directory (default: the embedded model)")
    ap.add_argument("--input", type=Path, default=THUNDER_TEST, help="JSONL with gold spans (default: judgment test split)")
    ap.add_argument("--limit", type=int, default=405, help="documents to time")
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--warm", type=Path, default=THUNDER_VALID, help="backends part: documents each path runs "
                    "before it is timed (default: 200 of the judgment validation split)")
    ap.add_argument("--repeat", type=int, default=3, help="backends part: rounds, paths interleaved in each")
    ap.add_argument("--parts", nargs="+", default=["backends", "memory", "ray"], choices=("backends", "memory", "ray"))
    ap.add_argument("--paths", nargs="+", default=["baseline", "torch", "bf16", "onnx", "onnx-int8"])
    ap.add_argument("--memory-backend", default="onnx")
    ap.add_argument("--many-chars", type=int, default=120, help="memory part: characters kept of each of the 10,000")
    ap.add_argument("--memory-baseline", action="store_true", help="memory part: also the old loop on the 100 long ones")
    ap.add_argument("--cache-dir", type=Path, help="ONNX cache (default: a temporary folder, built once per run)")
    ap.add_argument("--worker", help=argparse.SUPPRESS)
    ap.add_argument("--out", type=Path, help=argparse.SUPPRESS)
    a = ap.parse_args()
    if a.worker:
        worker(a)
        return
    with tempfile.TemporaryDirectory() as t:
        tmp = Path(t)
        a.cache_dir = a.cache_dir or tmp / "cache"
        for part in a.parts:
            {"backends": part_backends, "memory": part_memory, "ray": part_ray}[part](a, tmp)
            sys.stdout.flush()


if __name__ == "__main__":
    main()
