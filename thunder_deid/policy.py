"""Redaction policy: per-label output modes and thresholds, allow and deny lists, custom recognizers.

A policy is a YAML file (every key optional)::

    mode: court                # the output mode of every label not set below (tag, mask, court, surrogate)
    threshold: 0.0             # spans the model scored below this are not PII
    labels:                    # per taxonomy node, inherited by every node below it
      이름: {threshold: 0.2}   # lower the bar for names
      나이: keep               # never replace ages
      사건관련숫자정보: mask    # numbers as [계좌번호] even in court mode
    allow: [대한민국]           # never replaced
    deny:                      # always replaced, wherever they stand as a word (particles may follow)
      - 삼우                    # a plain entry is a person's name (인명)
      - {text: 해피, label: 기타사이트}
    recognizers:               # regular expressions, merged like the built-in patterns
      - {name: 내부사건번호, label: 업무관리번호, pattern: 'HR-\\d{4}-\\d{3}'}
    consistency: true          # a form detected once is replaced everywhere in the document
    common_words: 0.5          # with consistency, a common word of legal text the model scored below this wherever
                               # it tagged it is no name (공소사실, 당심); 0 takes the model's every guess
    pictures: blank            # a DOCX/HWPX/HWP/PDF output's pictures: blank (a photo or a seal can show a name) or keep

A bad file is a :class:`~thunder_deid.errors.ConfigError` naming ``file:line``.

    >>> from thunder_deid.document import Document, Span
    >>> p = Policy.from_dict({"labels": {"이름": {"threshold": 0.5}}, "deny": ["삼우"], "mode": "court"})
    >>> doc = Document("d", "김민준은 이서연과 삼우에게 갔고 김민준도 갔다", [Span(0, 3, "인명", score=0.9),
    ...                Span(5, 8, "인명", score=0.3)])
    >>> p.redact(doc)[0]
    'A는 이서연과 B에게 갔고 A도 갔다'
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import MISSING, dataclass, field, fields
from pathlib import Path
from typing import Any

from thunder_deid.consistency import (UNSURE, joined_pieces, occurrences, particle_follows, propagate, sure_scores,
                                      without_unsure_common_words)
from thunder_deid.document import Document, Span
from thunder_deid.recognizers.patterns import ROLE_WORDS
from thunder_deid.errors import ConfigError, ThunderDeidError
from thunder_deid.operators import Replacement, get_operator, operator_names
from thunder_deid.operators.base import apply, source_replacements
from thunder_deid.taxonomy import load_taxonomy, split_label

KEEP = "keep"
_KEYS = ("mode", "threshold", "labels", "allow", "deny", "recognizers", "consistency", "common_words", "pictures")
_LISTS = ("labels", "allow", "deny", "recognizers")  # settings whose empty value is their default
PICTURES = ("blank", "keep")  # what a DOCX, HWPX, HWP or PDF output does with the pictures it holds
_TEXT_MODES = ("tag", "mask", "court", "surrogate")  # modes that replace text (json only renders the spans)


@dataclass
class LabelRule:
    mode: str | None = None
    threshold: float | None = None


@dataclass
class Policy:
    """What happens to each span; :meth:`prepare` decides the spans, :meth:`redact` writes the output."""

    mode: str = "mask"
    threshold: float = 0.0
    labels: dict[str, LabelRule] = field(default_factory=dict)
    allow: frozenset[str] = frozenset()
    deny: tuple[tuple[str, str], ...] = ()
    recognizers: tuple = ()  # thunder_deid.recognizers.Pattern
    consistency: bool = True
    common_words: float = UNSURE  # see thunder_deid.consistency.without_unsure_common_words
    pictures: str = "blank"  # PICTURES

    def __post_init__(self) -> None:
        # A policy built in Python is checked as a file is (errors name the field: "Policy: deny[0]: ..."), and
        # its values are taken in the file's shapes too: deny=["삼우"], labels={"인명": "keep"}.
        _Reader("Policy", {}).check(self)

    # -- rules by label ----------------------------------------------------------------------------
    def _rule(self, label: str, attr: str):
        tax = load_taxonomy()
        base, _ = split_label(label)
        # a rule for a sub-label (식당:한식당) is nearer than its label's
        chain = ([label] if label != base else []) + [base] + ([n.name for n in tax.ancestors(base)] if base in tax else [])
        for name in chain:  # the nearest node that sets the attribute decides
            value = getattr(self.labels.get(name), attr, None)
            if value is not None:
                return value
        return None

    def mode_for(self, label: str, mode: str | None = None) -> str:
        """The output mode of a label: its own or an ancestor's, else ``mode`` (the caller's) or the policy's."""
        return self._rule(label, "mode") or mode or self.mode

    def _mode(self, span: Span, mode: str | None) -> str:
        """A span's mode; a deny entry is replaced even where its label is kept (in the document's mode, or as
        a mask where that keeps too)."""
        out = self.mode_for(span.full_label, mode)
        if out == KEEP and span.extra.get("deny"):
            out = next((m for m in (mode, self.mode) if m and m not in (KEEP, "json")), "mask")
        return out

    def threshold_for(self, label: str) -> float:
        t = self._rule(label, "threshold")
        return self.threshold if t is None else t

    # -- spans -------------------------------------------------------------------------------------
    def prepare(self, doc: Document) -> Document:
        """The spans the output replaces: scores over their thresholds, recognizers and deny list merged
        over the model's spans, allowed forms removed, other occurrences of each form added -- all found on
        the document's canonical form (:mod:`thunder_deid.normalize`) and mapped back to its text."""
        from thunder_deid.normalize import on_canonical

        return on_canonical([doc], lambda canon: [self._prepare(canon[0])])[0]

    def _prepare(self, doc: Document) -> Document:
        from thunder_deid.recognizers import find_patterns, overlay
        from thunder_deid.recognizers.coordination import coordinated
        from thunder_deid.recognizers.glosses import linked, with_glosses
        from thunder_deid.recognizers.name_parts import with_name_parts
        from thunder_deid.recognizers.officials import without_officials
        from thunder_deid.recognizers.words import common_words

        best = sure_scores(doc.spans, doc.text) if self.consistency else {}
        spans = [s for s in doc.spans if s.score is None
                 or best.get(doc.text[s.start:s.end], s.score) >= self.threshold_for(s.full_label)]
        found = find_patterns(doc.text, self.recognizers) if self.recognizers else []
        for text, label in self.deny:
            found += [Span(a, b, label, score=1.0, extra={"deny": True}) for a, b in occurrences(doc.text, text)
                      if not any(f.start < b and a < f.end for f in found)]
        out = overlay(doc.with_spans(spans), sorted(found, key=lambda s: s.start))
        out = out.with_spans(coordinated(joined_pieces(out.spans, doc.text), doc.text))  # 국민·신한·○○은행
        out = with_glosses(out)  # a deny entry's or a recognizer's match may have its Hanja beside it too
        allow = self.allow | ROLE_WORDS
        out = out.with_spans(s for s in out.spans if not allowed(doc.text[s.start:s.end].strip(), allow)
                             and not (s.extra.get("same_as") and allowed(s.extra["same_as"], allow)))
        if self.consistency:
            # consistency puts a form back wherever it stands: in an official's line too (an official's name the
            # model tagged in the body), and beside a gloss the name's first detection had not reached; a
            # person's surname with 씨 is that person's wherever the document names one person so. A common word
            # the tagger only guessed at is no name it missed elsewhere: neither spread nor kept.
            out = without_unsure_common_words(out, common_words(), self.common_words)
            out = with_glosses(without_officials(with_name_parts(propagate(out, allow))))
        else:
            out = with_name_parts(out, add=False)
        return linked(out)

    def redact(self, doc: Document, mode: str | None = None, seed: int | None = None) -> tuple[str, list[Replacement]]:
        """The output text of ``doc`` and its replacements; ``mode`` replaces the policy's default mode
        (labels the policy gives their own mode keep it); ``seed``: surrogate mode's (None: a secret one)."""
        doc = self.prepare(doc)
        if (mode or self.mode) == "json":
            kept = doc.with_spans(s for s in doc.spans if self._mode(s, mode) != KEEP)
            return get_operator("json").redact(kept)
        groups: dict[str, list[Span]] = {}
        for s in doc.spans:
            groups.setdefault(self._mode(s, mode), []).append(s)
        reps: list[Replacement] = []
        for name, spans in groups.items():
            if name != KEEP:
                op = get_operator(name, **({"seed": seed} if name == "surrogate" else {}))
                reps += source_replacements(op, doc.with_spans(spans))
        reps = _merge(reps)
        return apply(doc.text, reps), reps

    def fingerprint(self) -> str:
        """A short digest of every setting, the same in every process (a manifest records it, so a folder run
        resumed under another policy redoes what the first one wrote).

        >>> Policy(mode="court", deny=["삼우"]).fingerprint() == Policy(mode="court", deny=["삼우"]).fingerprint()
        True
        >>> Policy(threshold=0.2).fingerprint() == Policy(threshold=0.3).fingerprint()
        False

        The mode is left out: a run's mode (``--mode`` or the policy's) is recorded beside it.
        """
        import hashlib
        import json

        settings = {"threshold": self.threshold, "consistency": self.consistency,
                    "pictures": self.pictures, "allow": sorted(self.allow), "deny": sorted(self.deny),
                    "labels": {k: [r.mode, r.threshold] for k, r in sorted(self.labels.items())},
                    "recognizers": [[p.label, p.regex.pattern, p.regex.flags, p.group] for p in self.recognizers]}
        if self.common_words != UNSURE:  # the default left out: runs begun before the setting existed resume
            settings["common_words"] = self.common_words
        return hashlib.sha256(json.dumps(settings, ensure_ascii=False).encode()).hexdigest()[:16]

    # -- loading -----------------------------------------------------------------------------------
    @classmethod
    def from_yaml(cls, path: str | Path) -> "Policy":
        from thunder_deid.io import load_yaml

        data, lines = load_yaml(path, "policy", lines=True)
        return cls.from_dict(data or {}, str(path), lines)

    @classmethod
    def from_dict(cls, data: Any, where: str = "policy", lines: dict[tuple, int] | None = None) -> "Policy":
        return _Reader(where, lines or {}).policy(data)


def allowed(form: str, allow: frozenset[str]) -> bool:
    """An allowed form, also with particles after it: the model may take a particle into a span.

    >>> [allowed(f, frozenset({"김민준"})) for f in ("김민준", "김민준은", "김민준에게서", "김민준호")]
    [True, True, True, False]
    """
    return form in allow or any(len(a) < len(form) and form.startswith(a) and particle_follows(form[len(a):])
                                for a in allow)


def _merge(reps: list[Replacement]) -> list[Replacement]:
    """Replacements of several operators in order; a particle repair that collides with a mention's
    replacement gives way to it."""
    reps.sort(key=lambda r: (r.start, r.end, r.label is None))
    out: list[Replacement] = []
    for r in reps:
        if out and r.start < out[-1].end:
            if out[-1].label is None and r.label is not None:
                out[-1] = r
            continue
        out.append(r)
    return out


class _Reader:
    """Validates a parsed policy, naming ``file:line`` of the value at fault."""

    def __init__(self, where: str, lines: dict[tuple, int]):
        self.where, self.lines = where, lines
        self.tax = load_taxonomy()

    def fail(self, path: tuple, msg: str) -> ConfigError:
        for k in range(len(path), -1, -1):
            if path[:k] in self.lines:
                return ConfigError(f"{self.where}:{self.lines[path[:k]]}: {msg}")
        # a mapping from Python has no lines: name the field (labels.인명, deny[2])
        field = "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in path).lstrip(".")
        return ConfigError(f"{self.where}: {field}: {msg}" if field and not self.lines else f"{self.where}: {msg}")

    def policy(self, data: Any) -> Policy:
        if not isinstance(data, dict):
            raise self.fail((), "a policy is a mapping of settings (mode, threshold, labels, allow, deny, …)")
        for k in data:
            if k not in _KEYS:
                raise self.fail((k,), f"unknown setting {k!r}; expected one of {', '.join(_KEYS)}")
        # the file's values go through the one check a Policy built in Python gets (check), with this reader's
        # lines; a list setting left empty (`allow:`) is its default
        p = object.__new__(Policy)
        for f in fields(Policy):
            default = f.default if f.default is not MISSING else f.default_factory()  # type: ignore[misc]
            value = data.get(f.name, default)
            setattr(p, f.name, value if value or f.name not in _LISTS else default)
        self.check(p)
        return p

    def check(self, p: Policy) -> None:
        """``p``'s fields validated in place and brought to their types (a file's shapes are taken too:
        ``deny=["삼우"]``, ``labels={"인명": "keep"}``); values already checked pass unchanged."""
        p.mode = self.mode(p.mode, ("mode",), allow_json=True)
        p.threshold = self.threshold(p.threshold, ("threshold",))
        p.labels = self.labels({k: {f: getattr(v, f) for f in ("mode", "threshold") if getattr(v, f) is not None}
                                if isinstance(v, LabelRule) else v for k, v in p.labels.items()}
                               if isinstance(p.labels, dict) else p.labels)
        if isinstance(p.allow, (str, dict)) or not isinstance(p.allow, (list, tuple, set, frozenset)):
            raise self.fail(("allow",), "'allow' is a collection of texts, not one text")
        p.allow = frozenset(self.text(x, ("allow", i)) for i, x in enumerate(p.allow))
        p.deny = self.deny([{"text": x[0], "label": x[1]} if isinstance(x, tuple) and len(x) == 2 else x
                            for x in p.deny] if isinstance(p.deny, (list, tuple)) else p.deny)
        both = p.allow & {t for t, _ in p.deny}
        if both:
            raise self.fail(("allow",), f"{len(both)} entries are in both 'allow' and 'deny'")
        p.recognizers = self.recognizers(list(p.recognizers) if isinstance(p.recognizers, tuple) else p.recognizers)
        if not isinstance(p.consistency, bool):
            raise self.fail(("consistency",), "'consistency' must be true or false")
        p.common_words = self.threshold(p.common_words, ("common_words",))
        if p.pictures not in PICTURES:
            raise self.fail(("pictures",), f"'pictures' is one of {', '.join(PICTURES)}")

    def mode(self, v: Any, path: tuple, allow_json: bool = False) -> str:
        ok = (*operator_names(), KEEP) if allow_json else (*[m for m in operator_names() if m != "json"], KEEP)
        if v not in ok:
            raise self.fail(path, f"unknown mode {v!r}; expected one of {', '.join(ok)}")
        return v

    def threshold(self, v: Any, path: tuple) -> float:
        if isinstance(v, bool) or not isinstance(v, (int, float)) or not 0 <= v <= 1:
            raise self.fail(path, "a threshold is a number from 0 to 1")
        return float(v)

    def label(self, v: Any, path: tuple) -> str:
        if isinstance(v, str):
            v = unicodedata.normalize("NFC", v)  # a file saved in decomposed Hangul names the same node
        if not isinstance(v, str) or split_label(v)[0] not in self.tax:
            raise self.fail(path, f"{v!r} is not a taxonomy node{self.tax.did_you_mean(v) if isinstance(v, str) else ''} "
                                  "(see `thunder-deid taxonomy show`)")
        return v

    def labels(self, v: Any) -> dict[str, LabelRule]:
        if not isinstance(v, dict):
            raise self.fail(("labels",), "'labels' maps taxonomy nodes to a mode or {mode, threshold}")
        out = {}
        for name, rule in v.items():
            path = ("labels", name)
            name = self.label(name, path)
            if isinstance(rule, str):
                out[name] = LabelRule(mode=self.mode(rule, path))
            elif isinstance(rule, dict):
                for k in rule:
                    if k not in ("mode", "threshold"):
                        raise self.fail(path + (k,), f"unknown key {k!r} for a label; expected mode, threshold")
                out[name] = LabelRule(self.mode(rule["mode"], path + ("mode",)) if "mode" in rule else None,
                                      self.threshold(rule["threshold"], path + ("threshold",)) if "threshold" in rule else None)
            else:
                raise self.fail(path, "a label's rule is a mode name or {mode, threshold}")
        return out

    def text(self, x: Any, path: tuple) -> str:
        """Entry ``path[1]`` of the list ``path[0]`` (or its ``text`` field), as non-empty text in the canonical
        form spans are found on (:mod:`thunder_deid.normalize`): an entry typed in decomposed Hangul (as macOS
        editors may save it) or with a no-break space matches, and one of only invisible characters (a
        zero-width space, which the canonical form drops) is refused, not read as the empty text every span
        starts with."""
        from thunder_deid.normalize import normalize

        canon = normalize(x).text.strip() if isinstance(x, str) else ""
        if not canon:
            raise self.fail(path, f"entry {path[1] + 1} of '{path[0]}' must be non-empty text"
                                  + (" (it holds only invisible characters)" if isinstance(x, str) and x.strip() else ""))
        return canon

    def deny(self, v: Any) -> tuple[tuple[str, str], ...]:
        if not isinstance(v, list):
            raise self.fail(("deny",), "'deny' is a list of names or {text, label}")
        out = []
        for i, x in enumerate(v):
            path = ("deny", i)
            if isinstance(x, dict):
                if set(x) - {"text", "label"} or "text" not in x:
                    raise self.fail(path, "a deny entry is a name or {text, label}")
                text, label = self.text(x["text"], path + ("text",)), self.label(x.get("label", "인명"), path + ("label",))
            else:
                text, label = self.text(x, path), "인명"
            out.append((text, label))
        return tuple(out)

    def recognizers(self, v: Any) -> tuple:
        from thunder_deid.recognizers import Pattern

        if not isinstance(v, list):
            raise self.fail(("recognizers",), "'recognizers' is a list of {name, label, pattern}")
        out = []
        for i, x in enumerate(v):
            path = ("recognizers", i)
            if isinstance(x, Pattern):  # built in Python, or read already
                out.append(x)
                continue
            if not isinstance(x, dict) or not {"label", "pattern"} <= set(x) or set(x) - {"name", "label", "pattern", "group"}:
                raise self.fail(path, "a recognizer is {name, label, pattern[, group]}")
            label = self.label(x["label"], path + ("label",))
            try:
                rx = re.compile(x["pattern"]) if isinstance(x["pattern"], str) else None
            except re.error as e:
                raise self.fail(path + ("pattern",), f"invalid regular expression ({e.msg} at position {e.pos})") from None
            if rx is None or rx.search("") is not None:
                raise self.fail(path + ("pattern",), "a pattern is a regular expression that cannot match empty text")
            group = x.get("group", 0)
            if not isinstance(group, int) or isinstance(group, bool) or not 0 <= group <= rx.groups:
                raise self.fail(path + ("group",), f"'group' must be a group number from 0 to {rx.groups}")
            out.append(Pattern(label, rx, group=group))
        return tuple(out)


def load_policy(policy: "Policy | dict | str | Path | None" = None) -> Policy:
    """A policy from what a caller holds: a :class:`Policy` as it is, a mapping checked like the YAML file
    (errors name the field: ``policy: labels.인명: …``), a YAML file's path, or ``None`` for the default one
    (mask mode, no threshold, consistency on).

    >>> load_policy({"mode": "court", "labels": {"인명": "keep"}}).mode
    'court'
    >>> load_policy(42)
    Traceback (most recent call last):
    thunder_deid.errors.ThunderDeidError: policy: expected a Policy, a mapping or a YAML file's path, not int
    """
    if policy is None:
        return Policy()
    if isinstance(policy, Policy):
        return policy
    if isinstance(policy, dict):
        return Policy.from_dict(policy)
    if isinstance(policy, (str, Path)):
        return Policy.from_yaml(policy)
    raise ThunderDeidError(f"policy: expected a Policy, a mapping or a YAML file's path, not {type(policy).__name__}")


__all__ = ["KEEP", "LabelRule", "Policy", "load_policy"]
