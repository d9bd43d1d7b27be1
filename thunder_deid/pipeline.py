"""``thunder-deid redact``: one file, a JSONL or a folder tree in any readable format, de-identified out.

==================  ===================================================================================
input -> output     what is written
==================  ===================================================================================
file -> file        the file in its own format (``.txt`` keeps its encoding, BOM and line endings; ``.docx``
                    and ``.hwpx`` keep runs, styles and tables; ``.hwp`` -> ``.hwpx``; ``.pdf`` -> its pages drawn),
                    UTF-8 text when OUTPUT ends in ``.txt``, or, in ``json`` mode, one Document JSON line
JSONL -> JSONL      ``{"id", "text"}`` a line (``json`` mode: Documents with their spans)
folder -> folder    the same tree, one output per readable file (``<name>.json`` in json mode; a name holding a
                    mention the output replaces is written with it replaced, ``keep_names`` aside), and beside
                    it ``<folder>.manifest.jsonl`` (:func:`manifest_path`): per file its format, encoding,
                    characters, spans per label, status and the run's settings, never document text. A second
                    run skips the files the manifest lists as done from the same input under the same settings
                    (``--restart`` redoes them all)
folder -> x.jsonl   every document of the tree in one JSONL, ids by :func:`~thunder_deid.formats.document_id`
==================  ===================================================================================

Memory stays bounded whatever the corpus size: documents are read lazily, tagged in batches of at most
``batch_chars`` characters, and written before the next batch is read. The progress bar counts
characters, document by document as the tagger finishes them.
Outputs are written atomically and never replace an input.
"""

from __future__ import annotations

import json
import os
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from typing import TYPE_CHECKING, Iterator, Sequence

from thunder_deid.document import Document
from thunder_deid.errors import TERMINATING, ThunderDeidError
from thunder_deid.filenames import Names
from thunder_deid.formats import Format, Source, apply_replacements, document_id, formats, get_format, suffixes
from thunder_deid.formats.base import write_text
from thunder_deid.io import atomic_writer, check_output_file, refuse_overwrite_input

if TYPE_CHECKING:
    from thunder_deid.model.infer import Tagger
    from thunder_deid.policy import Policy

MANIFEST = "manifest.jsonl"  # where a folder's manifest lay until 2026-12-06, inside it: moved out on the next run


def manifest_path(out: Path) -> Path:
    """Where an output folder's manifest lies: beside the folder (``published`` -> ``published.manifest.jsonl``),
    not in it. It pairs each input with its output, so it names the inputs (``김민준_공소장.hwp``), and a folder
    of de-identified outputs is what gets published, copied or zipped whole.

        >>> manifest_path(Path("/data/published")).as_posix()
        '/data/published.manifest.jsonl'
    """
    out = Path(os.path.abspath(out))
    return out.with_name(out.name + ".manifest.jsonl")


def _move_old_manifest(out: Path) -> None:
    """A manifest an earlier version wrote inside the output folder goes beside it (after any rows already there:
    a manifest is read in order, the last row of a file deciding)."""
    old, new = out / MANIFEST, manifest_path(out)
    if not old.is_file():
        return
    if new.is_file():
        with atomic_writer(new, "wb", encoding=None) as f:
            f.write(old.read_bytes() + new.read_bytes())
        old.unlink()
    else:
        os.replace(old, new)
MAX_BATCH_DOCS = 64


@dataclass
class Job:
    """One input file: where it is, its document id, its format and where its output goes."""

    path: Path
    rel: str
    id: str
    fmt: Format
    out: Path | None
    as_text: bool = False  # write the replaced text as UTF-8 instead of the file's own format


@dataclass
class Summary:
    files: int = 0
    documents: int = 0
    characters: int = 0
    spans: int = 0
    failed: int = 0
    skipped: int = 0
    resumed: int = 0
    seconds: float = 0.0
    failures: list[str] = field(default_factory=list)  # the files (relative paths) that failed
    reasons: list[str] = field(default_factory=list)   # one line each: the file and why (never document text)
    notes: list[str] = field(default_factory=list)  # "<file>: <what the reader had to leave out>"

    def line(self, out: Path) -> str:
        s = (f"redacted {self.files} file(s), {self.documents} document(s), {self.characters:,} characters, "
             f"{self.spans:,} spans in {self.seconds:.1f}s -> {out}")
        extra = [f"{n} {what}" for n, what in ((self.resumed, "already done"), (self.skipped, "not readable formats"),
                                               (self.failed, "failed")) if n]
        if self.notes:
            extra.append(f"{len(self.notes)} note(s)")
        if not extra:
            return s
        where = f"; see {manifest_path(out)}" if manifest_path(out).is_file() else ""
        return f"{s} ({', '.join(extra)}{where})"

    def add(self, documents: int, characters: int, labels: Counter) -> None:
        self.documents += documents
        self.characters += characters
        self.spans += sum(labels.values())


def plan(inp: Path, out: Path, mode: str) -> tuple[list[Job], list[Path], set[str] | None]:
    """The jobs for ``inp``, the files of a folder no format reads, and, where all goes into one JSONL, every
    id it will hold (those of the documents inside JSONL inputs too); None otherwise."""
    if not inp.exists():
        raise ThunderDeidError(f"{inp}: no such file or folder")
    refuse_overwrite_input([inp], out)
    if inp.is_file():
        fmt = get_format(inp)
        want = None if mode == "json" else fmt.output_suffix  # .hwp -> .hwpx, .pdf -> .txt
        as_text = mode != "json" and fmt.name not in ("text", "jsonl") and out.suffix.lower() == ".txt"
        if want and out.suffix.lower() != want and not as_text:
            also = " (or .txt)" if want != ".txt" else ""
            raise ThunderDeidError(f"output {out}: a {inp.suffix} input is written as {want}{also}; "
                                   f"name the output *{want}")
        other = next((f for f in formats().values() if out.suffix.lower() in f.suffixes), None)
        if mode != "json" and not want and not as_text and other is not None and other.name != fmt.name:
            # text written under a .docx or .jsonl name opens in nothing that name promises
            also = " (or *.txt for its text)" if fmt.name not in ("text", "jsonl") else ""
            raise ThunderDeidError(f"output {out}: a {inp.suffix or 'text'} input is written as it is read, not as "
                                   f"{other.name.upper()}; name the output *{inp.suffix or '.txt'}{also}")
        return [Job(inp, inp.name, document_id(inp), fmt, out, as_text)], [], None
    if not inp.is_dir():
        raise ThunderDeidError(f"{inp}: neither a regular file nor a folder (a pipe or a device); save it to a file first")
    into_jsonl = out.suffix == ".jsonl"
    dest, src = out.resolve(), inp.resolve()
    if dest == src or src in dest.parents:  # a later run would read the outputs as inputs
        raise ThunderDeidError(f"output {out} lies inside the input folder {inp}; choose a folder outside it")
    if not into_jsonl:
        if out.exists() and not out.is_dir():
            raise ThunderDeidError(f"output {out} is a file; a folder input writes a folder (or a .jsonl file)")
        if dest in src.parents:  # a/b.txt's output would be written over the input's neighbour a/../b.txt
            raise ThunderDeidError(f"input folder {inp} lies inside the output folder {out}; outputs would replace "
                                   "the files beside it: choose a folder outside it")
    readable = set(suffixes())
    jobs, unreadable, ids = [], [], {}
    for p in sorted(inp.rglob("*")):
        if not p.is_file() or any(part.startswith(".") for part in p.relative_to(inp).parts):
            continue
        if p.suffix.lower() not in readable:
            unreadable.append(p)
            continue
        rel = p.relative_to(inp).as_posix()
        doc_id = document_id(p, inp)
        if doc_id in ids:
            raise ThunderDeidError(f"{ids[doc_id]} and {rel} both have document id {doc_id!r}; rename one")
        ids[doc_id] = rel
        fmt = get_format(p)
        target = None
        if not into_jsonl:
            json_doc = mode == "json" and fmt.name != "jsonl"  # one Document JSON per single-document file
            target = out / (Path(rel).with_suffix(".json").as_posix() if json_doc else fmt.out_name(rel))
        jobs.append(Job(p, rel, doc_id, fmt, target))
    if not jobs:
        raise ThunderDeidError(f"{inp}: no readable files in this folder ({', '.join(sorted(readable))})")
    return jobs, unreadable, _unique_ids(jobs) if into_jsonl else None


def _unique_ids(jobs: list[Job]) -> set[str]:
    """One JSONL holds each id once: the documents inside a folder's JSONL files keep their own ids, which may
    be another file's (``a.txt`` and a JSONL holding a document ``a``); checked before anything is written.
    Returns them all, which an id renamed for the mentions it holds must not take."""
    ids = {j.id: j.rel for j in jobs if j.fmt.name != "jsonl"}
    for j in jobs:
        if j.fmt.name != "jsonl":
            continue
        try:
            held = [src.id for src in j.fmt.read(j.path, j.id)]
        except ThunderDeidError:
            continue  # an unreadable JSONL fails on its turn, named in the summary
        for doc_id in held:
            if doc_id in ids:
                raise ThunderDeidError(f"{j.rel} holds document id {doc_id!r}, as {ids[doc_id]} does; one JSONL "
                                       "output holds each id once: rename one (or write a folder)")
            ids[doc_id] = j.rel
    return set(ids)


def finished(out: Path, settings: dict | None = None, jobs: Sequence[Job] = ()) -> set[str]:
    """Input files (relative paths) an earlier run of this output folder finished, from its manifest: under
    ``settings`` (a run in another mode, seed or policy wrote something else) and from the input as it is now
    (its size and modification time; a file edited since is redone). Rows of a manifest older than these fields
    count as done."""
    done: set[str] = set()
    now = {j.rel: _stat(j.path) for j in jobs}
    for row in _manifest_rows(out):
        same = ((settings is None or row.get("settings", settings) == settings)
                and row.get("input", now.get(row.get("file"))) == now.get(row.get("file")))
        if row.get("status") == "ok" and (out / row.get("output", "\0")).is_file() and same:
            done.add(row["file"])
        elif row.get("file") in done:
            done.discard(row["file"])
    return done


def _manifest_rows(out: Path) -> list[dict]:
    """The rows of the output folder's manifest, in order (none where there is none; an interrupted run's last
    line, cut short, is left out)."""
    try:
        lines = manifest_path(out).read_text(encoding="utf-8").splitlines()
    except (FileNotFoundError, NotADirectoryError):
        return []
    rows = []
    for line in lines:
        try:
            rows.append(json.loads(line))
        except json.JSONDecodeError:
            continue
    return rows


def _names_in(tagger):
    """The tagger reading a file or folder name alone: where it finds a person's, business's or organisation's
    name of two Hangul syllables or more (on a few words without a sentence it is often wrong: ``판결문 모음`` an
    event, a file ``a`` a bar)."""
    from thunder_deid.recognizers.glosses import names_an_entity

    def found(name: str) -> list[tuple[int, int, str]]:
        return [(s.start, s.end, s.label) for s in tagger.predict(name, "name").spans
                if names_an_entity(s.label) and sum("가" <= c <= "힣" for c in name[s.start:s.end]) >= 2]

    return found


def done_outputs(out: Path, done: set[str]) -> tuple[list[str], dict[str, str]]:
    """The outputs (relative paths) the manifest gives for the files an earlier run finished, which a renamed
    output of this run must not take, and the output folder of each input folder they lie in, where this run
    goes on (its manifest's last word for each file)."""
    last: dict[str, str] = {}
    for row in _manifest_rows(out) if done else ():
        if row.get("status") == "ok" and row.get("file") in done and isinstance(row.get("output"), str):
            last[row["file"]] = row["output"]
    folders: dict[str, str] = {}
    for file, output in last.items():
        ins, outs = PurePosixPath(file).parents, PurePosixPath(output).parents
        if len(ins) == len(outs):
            folders.update((a.as_posix(), b.as_posix()) for a, b in zip(ins, outs) if a.parts)
    return list(last.values()), folders


def _stat(path: Path) -> list[int] | None:
    try:
        st = path.stat()
    except OSError:
        return None
    return [st.st_size, st.st_mtime_ns]


class Run:
    """Reads, tags and writes the jobs in bounded batches; the manifest and the summary follow along."""

    def __init__(self, tagger, policy, mode: str, seed: int | None, bar, batch_chars: int, manifest, jsonl_out,
                 mapping_rows, settings: dict, names: Names | None = None):
        self.tagger, self.policy, self.mode, self.seed, self.bar = tagger, policy, mode, seed, bar
        self.batch_chars, self.manifest, self.jsonl_out = batch_chars, manifest, jsonl_out
        self.mapping = mapping_rows
        self.names = names  # a folder's outputs (or one JSONL's ids) named without the mentions they replace
        self.written: dict[str, dict] = {}  # output (relative) -> its manifest row, for a folder moved later
        self.summary = Summary()
        self.settings = settings  # run_settings: what each manifest row records

    def tag(self, sources: list[Source]) -> list[Document]:
        return self.tagger.predict_documents([Document(s.id, s.text, [], s.meta) for s in sources], self.bar)

    def batches(self, sources: Iterator[Source]) -> Iterator[list[tuple[Source, Document]]]:
        buf: list[Source] = []
        size = 0
        for s in sources:
            buf.append(s)
            size += len(s.text)
            if size >= self.batch_chars or len(buf) >= MAX_BATCH_DOCS:
                yield list(zip(buf, self.tag(buf)))
                buf, size = [], 0
        if buf:
            yield list(zip(buf, self.tag(buf)))

    def output(self, doc: Document) -> tuple[str, list]:
        """The JSON of ``doc`` in json mode (no replacements), else its replacements (by the policy)."""
        text, reps = self.policy.redact(doc, self.mode, self.seed)
        if self.mode == "json":
            return text, []
        if self.mapping is not None:
            from thunder_deid.operators.mapping import mapping_rows

            self.mapping.extend(mapping_rows(doc, reps))
        return "", reps

    def done(self, job: Job, documents: int, characters: int, labels: Counter, encoding: str | None,
             notes: Sequence[str] = ()) -> None:
        """Count a finished file into the summary and the manifest (with the reader's notes, if any)."""
        self.summary.add(documents, characters, labels)
        self.summary.notes += [f"{job.rel}: {n}" for n in notes]
        self.record(job, "ok", format=job.fmt.name, encoding=encoding, documents=documents, characters=characters,
                    spans=dict(sorted(labels.items())), **({"notes": list(notes)} if notes else {}),
                    input=_stat(job.path), settings=self.settings)

    def record(self, job: Job, status: str, **info) -> None:
        if status == "ok":
            self.summary.files += 1
        elif status == "failed":
            self.summary.failed += 1
            self.summary.failures.append(job.rel)
            self.summary.reasons.append(info.get("error") or job.rel)
        if self.manifest is not None:
            row = {"file": job.rel, "id": job.id, "status": status, **info}
            if job.out is not None and status == "ok":
                row["output"] = job.out.relative_to(self.manifest.root).as_posix()
                self.written[row["output"]] = row
            self.manifest.write(json.dumps(row, ensure_ascii=False) + "\n")
            self.manifest.flush()

    def _rename(self, job: Job, text: str, reps: list) -> None:
        """``job``'s output named without the mentions ``text``'s replacements ``reps`` replace, and any folder a
        new mention shows renamed on disk."""
        root = self.manifest.root
        job.out = root / self.names.output(job.out.relative_to(root).as_posix(), text, reps)
        self._move_folders()

    def _move_folders(self) -> None:
        """Carry out the folder renames :class:`~thunder_deid.filenames.Names` asked for (a later document named
        what a folder's name still showed): the folder moves with the outputs already in it, and the manifest
        gets their rows again under the new paths, so a resumed run finds them."""
        root = self.manifest.root
        for old, new in self.names.moves:
            if (root / old).is_dir():
                (root / new).parent.mkdir(parents=True, exist_ok=True)
                (root / old).rename(root / new)
            for rel in [r for r in self.written if r.startswith(old + "/")]:
                row = {**self.written.pop(rel), "output": new + rel[len(old):]}
                self.written[row["output"]] = row
                self.manifest.write(json.dumps(row, ensure_ascii=False) + "\n")
            self.manifest.flush()
        self.names.moves.clear()

    def write_one(self, job: Job, src: Source, doc: Document) -> None:
        text, reps = self.output(doc)
        doc_id = src.id
        if self.names is not None and self.mode != "json":
            if self.jsonl_out is not None:
                doc_id = self.names.output(src.id, src.text, reps)
                self.names.moves.clear()  # ids already written stay as they are
            elif job.out is not None and self.manifest is not None:
                self._rename(job, src.text, reps)
        if self.jsonl_out is not None:
            line = text if self.mode == "json" else json.dumps(
                {"id": doc_id, "text": apply_replacements(src.text, reps)}, ensure_ascii=False)
            self.jsonl_out.write(line + "\n")
        elif self.mode == "json":
            with atomic_writer(job.out) as f:
                f.write(text + "\n")
        elif job.as_text:
            write_text(job.out, [(src, reps)])
        else:
            src.meta["pictures"] = self.policy.pictures
            job.fmt.write(job.out, [(src, reps)])

    def run_multi(self, job: Job) -> None:
        """A JSONL input: its documents stream through in batches into one output file."""
        labels: Counter = Counter()
        n = chars = 0

        def pairs():
            nonlocal n, chars
            for batch in self.batches(job.fmt.read(job.path, job.id)):
                for src, doc in batch:
                    labels.update(s.label for s in doc.spans)
                    n, chars = n + 1, chars + len(src.text)
                    yield src, doc

        if self.jsonl_out is not None:
            for src, doc in pairs():
                self.write_one(job, src, doc)
        elif self.mode == "json":
            with atomic_writer(job.out) as f:
                for src, doc in pairs():
                    f.write(self.output(doc)[0] + "\n")
        else:
            if self.names is not None and job.out is not None and self.manifest is not None:
                self._rename(job, "", [])  # a JSONL among a folder's files: its name read by the tagger alone
            job.fmt.write(job.out, ((src, self.output(doc)[1]) for src, doc in pairs()))
        self.done(job, n, chars, labels, "utf-8")

    def run(self, jobs: list[Job], strict: bool) -> Summary:
        start = time.perf_counter()
        pending: list[tuple[Job, Source]] = []

        def flush() -> None:
            docs = self.tag([s for _, s in pending]) if pending else []
            for (job, src), doc in zip(pending, docs):
                try:
                    self.write_one(job, src, doc)
                except Exception as e:  # noqa: BLE001 - one bad file must not stop a folder
                    if strict or TERMINATING.is_set():
                        raise
                    self.record(job, "failed", error=_reason(job, e))
                    continue
                self.done(job, 1, len(src.text), Counter(s.label for s in doc.spans), src.encoding, src.notes)
            pending.clear()

        for job in jobs:
            try:
                if job.fmt.name == "jsonl":
                    flush()
                    self.run_multi(job)
                    continue
                (src,) = job.fmt.read(job.path, job.id)
            except Exception as e:  # noqa: BLE001 - one bad file must not stop a folder
                if strict or TERMINATING.is_set():
                    raise
                self.record(job, "failed", error=_reason(job, e))
                continue
            pending.append((job, src))
            if sum(len(s.text) for _, s in pending) >= self.batch_chars or len(pending) >= MAX_BATCH_DOCS:
                flush()
        flush()
        self.summary.seconds = time.perf_counter() - start
        return self.summary


def run_settings(policy, mode: str, seed: int | None, patterns: bool | Sequence[str] = True) -> dict:
    """What decides an output besides its input and the model: a manifest row records it. A seed is a key (it
    lets anyone test candidate names against the pseudonyms) and the manifest lies beside the outputs, so only
    whether one was chosen is recorded: any function of a small number is undone by trying them all. Each
    document's pseudonyms depend on its own seed alone, so a resumed run under another seed mixes nothing."""
    return {"mode": mode, "seed": None if seed is None else "chosen", "policy": policy.fingerprint(),
            "patterns": patterns if isinstance(patterns, bool) else sorted(patterns)}


def count_characters(jobs: list[Job]) -> int:
    """The characters the jobs hold (a first, reading-only pass that keeps nothing: the bar's total)."""
    total = 0
    for job in jobs:
        try:
            total += sum(len(s.text) for s in job.fmt.read(job.path, job.id))
        except ThunderDeidError:
            pass  # reported when the file's turn comes
    return total


def _reason(job: Job, e: Exception) -> str:
    """The one-line reason a file failed: our own errors name file and place; anything else only by its
    type, since a library's message may quote document text."""
    return str(e) if isinstance(e, ThunderDeidError) else f"{job.path}: unexpected {type(e).__name__} while processing"


class _Manifest:
    """The manifest of an output folder (beside it: :func:`manifest_path`), appended a line per file and flushed,
    so a crash loses nothing."""

    def __init__(self, root: Path, restart: bool):
        root.mkdir(parents=True, exist_ok=True)
        self.root = root
        # owner-only where it is made: it names the inputs
        fd = os.open(manifest_path(root), os.O_WRONLY | os.O_CREAT | (os.O_TRUNC if restart else os.O_APPEND), 0o600)
        self.f = os.fdopen(fd, "w", encoding="utf-8")

    def write(self, s: str) -> None:
        self.f.write(s)

    def flush(self) -> None:
        self.f.flush()

    def close(self) -> None:
        self.f.close()


def redact_path(inp: Path, out: Path, mode: str | None, model: Path | None = None, device: str = "cpu",
                patterns: bool | Sequence[str] = True, *, seed: int | None = None, mapping: Path | None = None,
                policy: "Policy | dict | str | Path | None" = None, restart: bool = False, batch_chars: int = 50_000,
                tagger: "Tagger | None" = None, keep_names: bool = False, **load_options) -> Summary:
    """De-identify ``inp`` (a file, a JSONL or a folder tree) into ``out`` in output mode ``mode``
    (:mod:`thunder_deid.operators`; None: the policy's) under ``policy`` (what
    :func:`thunder_deid.policy.load_policy` takes: a Policy, a mapping, a YAML path or None);
    ``mapping``: also write the original -> replacement table there; ``tagger``: a loaded
    :class:`~thunder_deid.model.infer.Tagger` (else one is loaded with ``load_options``). A folder's outputs (and
    the ids of a folder written into one JSONL) are named without the mentions their documents replace
    (:mod:`thunder_deid.filenames`; the manifest pairs each input with its output) unless ``keep_names``."""
    from tqdm import tqdm

    from thunder_deid.policy import load_policy

    inp, out = Path(inp), Path(out)
    policy = load_policy(policy)
    mode = mode or policy.mode
    jobs, unreadable, ids = plan(inp, out, mode)
    into_jsonl = ids is not None
    folder = inp.is_dir() and not into_jsonl
    settings = run_settings(policy, mode, seed, tagger.patterns if tagger is not None else patterns)
    if folder:
        _move_old_manifest(out)
    done = set() if restart or not folder else finished(out, settings, jobs)
    if mapping is not None:
        from thunder_deid.operators.mapping import check_mapping_path

        if mode == "json":
            raise ThunderDeidError("--mapping: json mode replaces nothing, so there is no table to write")
        check_mapping_path(mapping, [inp, out], out if folder else None)
        if done:
            raise ThunderDeidError(f"--mapping: {len(done)} file(s) in {out} were done by an earlier run, whose "
                                   "table this run cannot write; add --restart to redo them all, or leave out "
                                   "--mapping")
    todo = [j for j in jobs if j.rel not in done]
    if into_jsonl or not folder:
        check_output_file(out)
    if tagger is None:
        from thunder_deid.model.infer import Tagger

        tagger = Tagger.load(model, device, patterns, **load_options)
    bar = tqdm(total=count_characters(todo) if sys.stderr.isatty() else None, unit="char", unit_scale=True,
               file=sys.stderr, disable=None)
    rows: list[dict] | None = [] if mapping is not None else None
    manifest = _Manifest(out, restart) if folder else None
    names = None
    if not keep_names and ids is not None:
        names = Names(ids, _names_in(tagger))
    elif not keep_names and folder:
        outputs, folders = done_outputs(out, done)
        names = Names([j.out.relative_to(out).as_posix() for j in jobs if j.out is not None] + outputs,
                      _names_in(tagger), folders)
    try:
        if into_jsonl:
            with atomic_writer(out) as f:
                summary = Run(tagger, policy, mode, seed, bar, batch_chars, None, f, rows, settings, names).run(
                    todo, strict=False)
        else:
            summary = Run(tagger, policy, mode, seed, bar, batch_chars, manifest, None, rows, settings, names).run(
                todo, strict=not folder)
        if manifest is not None:
            for p in unreadable:
                manifest.write(json.dumps({"file": p.relative_to(inp).as_posix(), "status": "skipped",
                                           "error": f"unsupported file type {p.suffix or '(no suffix)'!r}"}) + "\n")
    finally:
        bar.close()
        if manifest is not None:
            manifest.close()
    summary.skipped, summary.resumed = len(unreadable), len(jobs) - len(todo)
    if mapping is not None:
        from thunder_deid.operators.mapping import write_mapping

        write_mapping(mapping, rows)
    return summary
