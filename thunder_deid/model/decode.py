"""From window log-probabilities to document spans: merge windows, constrained decoding, spans.

Each token's distribution is read from the window where it is farthest from an edge (it sees the most
context there); the document's tag sequence is the constrained Viterbi path (``I-X`` continues only
``X``), and spans run over their tokens' characters, trimmed of whitespace, scored by the mean
probability of their tokens' tags. A span never cuts an ASCII word: BPE splits identifiers into pieces
(``secret`` -> ``se c re t``) and the model may tag only some of them, so a span is widened to the whole
run of ASCII letters and digits it touches (``[아이디]ecret`` was the symptom), see :func:`whole_words`,
and the model's habit of running a span over the punctuation glued to a name (``홍길동:``, ``홍길동》``)
is undone by :func:`trim_edges`. A person's name the model tags only in part (``허`` of ``허꽃님``) is
finished to the end of its word before a particle (:func:`whole_names`), and so is a business or a place
(``코리`` of ``코리팜``), before a type word too (:func:`whole_stems`).

A document too long to hold its ``[tokens, tags]`` log-probs (one 10 MB judgment is ~4 million tokens)
is decoded by :class:`StreamingViterbi` instead: rows are fed in token order and the path is committed
at every token that is ``O`` on every best path, which gives the same path the whole-array Viterbi finds.

    >>> import numpy as np
    >>> tags = ["O", "B-인명", "I-인명"]
    >>> w0 = np.log([[.9, .05, .05], [.1, .8, .1], [.3, .3, .4]])   # tokens 0-2, token 2 at the edge
    >>> w1 = np.log([[.1, .1, .8], [.8, .1, .1]])                     # tokens 2-3
    >>> lp = merge_windows([w0, w1], [(0, 3), (2, 4)], 4)
    >>> [tags[i] for i in lp.argmax(1)]
    ['O', 'B-인명', 'I-인명', 'O']
"""

from __future__ import annotations

import functools
import re
import unicodedata
from dataclasses import replace
from typing import Sequence

import numpy as np

from thunder_deid.bio import bio_to_spans, certain_o, constrained_viterbi
from thunder_deid.document import Span
from thunder_deid.latin import LATIN_LETTERS
from thunder_deid.model.windows import owners
from thunder_deid.recognizers.words import COMPANY, FIELD_WORDS, LEGAL_FORMS, NOT_NAMES, PERSON_WORDS, common_words


def merge_windows(window_logprobs: Sequence[np.ndarray], spans: Sequence[tuple[int, int]], n_tokens: int) -> np.ndarray:
    """``[n_tokens, tags]`` log-probs, each token taken from its owner window (``windows.owners``)."""
    k = window_logprobs[0].shape[1] if len(window_logprobs) else 1
    out = np.zeros((n_tokens, k), dtype=np.float32)
    own = np.asarray(owners(list(spans), n_tokens))
    for w, ((a, b), lp) in enumerate(zip(spans, window_logprobs)):
        if lp.shape[0] != b - a:
            raise ValueError(f"window {w}: {lp.shape[0]} rows for {b - a} tokens")
        sel = np.flatnonzero(own[a:b] == w)
        out[a + sel] = lp[sel]
    return out


def decode_spans(logprobs: np.ndarray, tags: Sequence[str], offsets: Sequence[tuple[int, int]], text: str) -> list[Span]:
    """Constrained Viterbi over document log-probs, then spans trimmed of whitespace with scores."""
    if len(offsets) == 0:
        return []
    path = constrained_viterbi(logprobs, tags)
    probs = np.exp(logprobs[np.arange(len(path)), path]).tolist()
    readings = {k: v.tolist() for k, v in token_readings(logprobs, np.asarray(path), tags).items()}
    return tidy(bio_to_spans(offsets, [tags[i] for i in path], text, scores=probs, readings=readings), text)


# what the decoder keeps of each token's distribution beside its path tag's probability: the probability of ``O``
# and that of the tags of any label other than the path tag's (``O`` aside); spans carry their means in ``extra``
# until :func:`tidy` has read them (:func:`read_otherwise` does), and leave it without them
READINGS = ("o", "other")


def token_readings(logprobs: np.ndarray, path: np.ndarray, tags: Sequence[str]) -> dict[str, np.ndarray]:
    """``{"o": P(O), "other": P(a tag of another label than the path tag's, not O)}`` of each token, the rows being
    log-probabilities (each sums to one): a few reads a token, not a pass over all its tags.

        >>> tags = ["O", "B-인명", "I-인명", "B-사업체", "I-사업체"]
        >>> lp = np.log(np.array([[.2, .5, .1, .15, .05], [.6, .1, .1, .1, .1]]))
        >>> {k: [round(float(x), 2) for x in v] for k, v in token_readings(lp, np.array([1, 0]), tags).items()}
        {'o': [0.2, 0.6], 'other': [0.2, 0.4]}
    """
    o_tag, b_of, i_of = _label_tags(tuple(tags))
    n = np.arange(len(path))
    o = np.exp(logprobs[n, o_tag].astype(np.float32))
    own = np.exp(logprobs[n, b_of[path]].astype(np.float32)) + np.exp(logprobs[n, i_of[path]].astype(np.float32))
    other = 1 - o - np.where(path == o_tag, 0, own)
    return {"o": o, "other": np.clip(other, 0, None)}


@functools.lru_cache(maxsize=8)
def _label_tags(tags: tuple[str, ...]) -> tuple[int, np.ndarray, np.ndarray]:
    """``O``'s index, and each tag's label's ``B-`` and ``I-`` indices (``O``'s own for ``O``): once per tag set, as
    looking them up in a few hundred tags for every document cost more than the readings themselves."""
    at = {t: i for i, t in enumerate(tags)}
    o = at["O"]
    b_of = np.array([at["B-" + t[2:]] if t != "O" else o for t in tags], dtype=np.int64)
    i_of = np.array([at["I-" + t[2:]] if t != "O" else o for t in tags], dtype=np.int64)
    return o, b_of, i_of


class StreamingViterbi:
    """Constrained Viterbi over log-prob rows fed in token order, in memory bounded by ``max_pending``.

    A token that is ``O`` on every best path (:func:`~thunder_deid.bio.certain_o`; it needs the next
    token's row, so the last row fed waits for the next feed) ends a stretch that no later row can change:
    the stretch is decoded on its own (:func:`~thunder_deid.bio.constrained_viterbi`, the same path the
    whole-array decoder gives it) and committed. Judgments have such a token every few tokens, so pending
    rows stay few; only if ``max_pending`` rows pass without one is the older half committed along the
    currently best path (the one approximation, never met on judgments).

        >>> tags = ["O", "B-인명", "I-인명"]
        >>> lp = np.log(np.array([[.9, .05, .05], [.1, .8, .1], [.3, .3, .4], [.8, .1, .1]], dtype=np.float32))
        >>> sv = StreamingViterbi(tags)
        >>> sv.feed(lp[:2]); sv.feed(lp[2:])
        >>> path, probs = sv.finish()
        >>> path.tolist() == constrained_viterbi(lp, tags)
        True
    """

    def __init__(self, tags: Sequence[str], max_pending: int = 65536):
        self.tags = list(tags)
        self.max_pending = max_pending
        # pending rows (since the last committed token), in the chunks they were fed in: a feed costs its own
        # rows, not all pending ones (a run without a sure O, such as a long word the tagger hesitates over,
        # had made each feed re-read and copy every pending row: quadratic up to ``max_pending``)
        self._pending: list[np.ndarray] = []
        self._n = 0
        self.path: list[np.ndarray] = []     # committed tag indices, in chunks
        self.probs: list[np.ndarray] = []    # committed tags' probabilities
        self.readings: list[dict[str, np.ndarray]] = []  # committed tokens' token_readings

    @property
    def rows(self) -> np.ndarray | None:
        """The pending rows, as one array (None before the first feed)."""
        if not self._pending:
            return None if not self.path else np.zeros((0, len(self.tags)), dtype=np.float32)
        return self._pending[0] if len(self._pending) == 1 else np.concatenate(self._pending)

    def feed(self, lp: np.ndarray) -> None:
        lp = np.asarray(lp)
        if len(lp) == 0:
            return
        if self._pending:  # the rows are read in the dtype all pending rows and these would be joined in
            dtype = np.result_type(self._pending[-1], lp)
            if dtype != self._pending[-1].dtype:
                self._pending = [c.astype(dtype) for c in self._pending]
            lp = lp.astype(dtype, copy=False)
        # certain_o of a row reads that row and the next only, and no pending row but the last is sure (each
        # feed commits through the last sure row it finds): the last pending row and the new ones are read
        head = self._pending[-1][-1:] if self._pending else lp[:0]
        sure = certain_o(np.concatenate([head, lp]) if len(head) else lp, self.tags)
        off = self._n - len(head)  # where ``sure`` starts in the pending rows
        self._pending.append(lp.copy())  # not a view: the caller's batch array may be large
        self._n += len(lp)
        ends = np.flatnonzero(sure[:-1]) if sure is not None else ()
        if len(ends):
            last = off + int(ends[-1])
            rows = self._take()
            known = np.zeros(last + 1, dtype=bool)  # certain_o of the pending rows through ``last``
            known[off:] = sure[:last + 1 - off]
            # certain_o of the prefix is this prefix of ``sure``: row ``last`` is sure with or without its successor
            self._commit(rows[:last + 1], constrained_viterbi(rows[:last + 1], self.tags, known))
            self._keep(rows[last + 1:])
        if self._n > self.max_pending:
            rows = self._take()
            half = len(rows) // 2
            self._commit(rows[:half], constrained_viterbi(rows, self.tags)[:half])
            self._keep(rows[half:])

    def _take(self) -> np.ndarray:
        """The pending rows as one array."""
        if len(self._pending) > 1:
            self._pending = [np.concatenate(self._pending)]
        return self._pending[0]

    def _keep(self, rows: np.ndarray) -> None:
        """``rows`` (the tail of the pending rows) are the pending rows now."""
        self._pending = [rows.copy()] if len(rows) else []  # a copy: not a view of all pending rows
        self._n = len(rows)

    def _commit(self, rows: np.ndarray, path: list[int]) -> None:
        chosen = np.asarray(path, dtype=np.int64)
        self.path.append(chosen)
        self.probs.append(np.exp(rows[np.arange(len(chosen)), chosen]))
        self.readings.append(token_readings(rows[:len(chosen)], chosen, self.tags))

    def token_readings(self) -> dict[str, np.ndarray]:
        """:func:`token_readings` of all committed tokens (after :meth:`finish`, of all tokens fed)."""
        return {k: np.concatenate([r[k] for r in self.readings]) if self.readings else np.zeros(0, dtype=np.float32)
                for k in READINGS}

    def finish(self) -> tuple[np.ndarray, np.ndarray]:
        """``(path, probabilities of its tags)`` for all tokens fed."""
        if self._n:
            rows = self._take()
            self._commit(rows, constrained_viterbi(rows, self.tags))
            self._keep(rows[:0])
        if not self.path:
            return np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.float32)
        return np.concatenate(self.path), np.concatenate(self.probs)


def spans_from_path(path: np.ndarray, probs: np.ndarray, tags: Sequence[str], offsets: np.ndarray, text: str,
                    piece: int = 100_000, readings: dict[str, np.ndarray] | None = None) -> list[Span]:
    """:func:`bio_to_spans` over a long path, ``piece`` tokens at a time, each piece cut at an ``O`` token
    that starts a new character (so no span and no multi-token character is cut): same spans as one call."""
    out: list[Span] = []
    o = tags.index("O")
    ends = np.maximum.accumulate(offsets[:, 1]) if len(offsets) else offsets[:, 1]
    a = 0
    while a < len(path):
        b = a + piece
        while b < len(path) and not (path[b] == o and offsets[b, 0] >= ends[b - 1] and offsets[b, 0] < offsets[b, 1]):
            b += 1
        b = min(b, len(path))
        out += bio_to_spans([tuple(x) for x in offsets[a:b].tolist()], [tags[i] for i in path[a:b].tolist()], text,
                            scores=probs[a:b].tolist(),
                            readings={k: v[a:b].tolist() for k, v in readings.items()} if readings else None)
        a = b
    return tidy(out, text)


def tidy(spans: Sequence[Span], text: str) -> list[Span]:
    """Decoded spans without glued punctuation at their edges, widened to whole ASCII words and to whole
    person names, then read one way throughout the document: pieces of one word joined, one label per form,
    a part of a form detected elsewhere widened to it; a name a company's legal form stands beside is the
    company's; words for people, words naming nobody and common words the tagger only guessed at are no names, nor
    is a guess starting with no surname (a business, if the tagger read one there); a business typed only as one
    gets the industry its judgment states; a form the tagger is sure of is read wherever else it stands as a word."""
    from thunder_deid.consistency import joined_pieces, one_label, whole_forms
    from thunder_deid.model.context_types import types_from_context

    spans = names_before_space(trim_edges(spans, text), text)
    spans = whole_stems(whole_names(without_particles(whole_hosts(whole_words(spans, text), text), text), text), text)
    spans = road_numbers(spans, text)
    spans = stem_starts(spans, text)
    spans = businesses_by_legal_form(one_label(joined_pieces(spans, text), text), text)
    spans = without_lone_syllables(types_from_context(not_person_words(whole_forms(spans, text), text), text), text)
    return [_unread(s) for s in plates_as_vehicles(sure_forms(spans, text), text)]


def _unread(s: Span) -> Span:
    """``s`` without the :data:`READINGS` its tokens gave it: they served the decoder, the output holds none."""
    if not any(k in s.extra for k in READINGS):
        return s
    return replace(s, extra={k: v for k, v in s.extra.items() if k not in READINGS})


# the best score a form's detections must reach for the decoder to read it at its other occurrences (sure_forms);
# chosen on used validation files, then confirmed on fresh ones (BENCHMARKS.md "A form the tagger is sure of")
SURE = 0.93


def sure_forms(spans: Sequence[Span], text: str) -> list[Span]:
    """``spans`` and a span at every word occurrence the tagger left of a form it is sure of somewhere in the
    document (a detection scoring at least :data:`SURE`): a judgment names one party one way, and a name the tagger
    reads in one sentence is no less a name in the next (``피고인 김은혜, 복지연`` missed in a list and found in
    ``피고인 복지연이``). Forms the tagger only guessed at are left where it found them, for consistency at output time
    to spread under the policy's thresholds; role words and common words of legal text are never spread.

        >>> t = "피고인 김은혜, 복지연 및 검사의 항소이유, 피고인 복지연이 분식된"
        >>> sp = [Span(4, 7, "인명", score=0.999), Span(29, 32, "인명", score=0.95)]
        >>> [(t[s.start:s.end], s.extra.get("propagated")) for s in sure_forms(sp, t)]
        [('김은혜', None), ('복지연', True), ('복지연', None)]
        >>> len(sure_forms([Span(4, 7, "인명", score=0.999), Span(29, 32, "인명", score=0.6)], t))
        2
    """
    from thunder_deid.consistency import spread
    from thunder_deid.recognizers.patterns import ROLE_WORDS

    spans = sorted(spans, key=lambda s: (s.start, s.end))
    added = spread(spans, text, common_words() | ROLE_WORDS, sure=SURE)
    return sorted(spans + added, key=lambda s: (s.start, s.end)) if added else spans


def without_lone_syllables(spans: Sequence[Span], text: str) -> list[Span]:
    """Spans of one Hangul syllable dropped where their label is a name court style writes as a letter or a symbol
    (a business, a place, an institution, a work): what is left of one after the widenings and the document's
    other mentions is a guess at a common syllable (``화`` of ``화상사진``, ``온`` of ``운영되어 온``, ``산`` of
    ``산170 임야``), or a name's first syllable the rest of which stays readable anyway. None of the training split's
    7,544 such spans is one syllable (of other labels, 2: a building's ``다`` of ``다동``, an omission: kept), and S3
    had 2 of 41 right on two used validation realisations. Persons' names are the name policy's (``김 씨``).

        >>> t = "화상사진의 전송이 운영되어 온 회사, 짝 노래주점, 라온 회사, 다동, 송 씨"
        >>> at = lambda w, label="사업체": Span(t.index(w), t.index(w) + len(w), label)
        >>> sp = [at("화"), at("온 "), at("짝", "주점"), at("라온"), at("다", "건물동호수"), at("송", "인명")]
        >>> [t[s.start:s.end].strip() for s in without_lone_syllables(sp, t)]
        ['라온', '다', '송']
    """
    from thunder_deid.operators.court import lettered_entity
    from thunder_deid.surrogates.hangul import is_hangul_syllable

    def lone(s: Span) -> bool:
        form = text[s.start:s.end].strip()
        return len(form) == 1 and is_hangul_syllable(form) and lettered_entity(s.label)

    return [s for s in spans if not lone(s)]


NUMBERS = "사건관련숫자정보"  # the taxonomy's top node of numbers
PLATE = "차량번호"


def plates_as_vehicles(spans: Sequence[Span], text: str) -> list[Span]:
    """Number spans that the number-plate pattern reads whole (the recognizers' own test: ``12가3456``,
    ``서울12가3456``, never a case number cited as ``92도1329 판결``) typed as a vehicle's number, whatever other
    number the tagger read: a plate's form is fixed by law, and the tagger had typed a list of taxis'
    plates (``면허권 … (12가3403), (전남51자4759)``) as card numbers. A case number stays one.

        >>> t = "면허권 3개((12가3403), (전남51자4759)), 대법원 92도1329 판결, 카드(1234-5678-9012-3456)"
        >>> at = lambda w, label: Span(t.index(w), t.index(w) + len(w), label)
        >>> sp = [at("12가3403", "금융증표관련번호"), at("전남51자4759", "사물·관리 번호"), at("92도1329", "금융증표관련번호"),
        ...       at("1234-5678-9012-3456", "금융증표관련번호")]
        >>> [s.label for s in plates_as_vehicles(sp, t)]
        ['차량번호', '차량번호', '금융증표관련번호', '금융증표관련번호']
    """
    from thunder_deid.recognizers.base import find_patterns
    from thunder_deid.recognizers.patterns import PATTERNS
    from thunder_deid.taxonomy import load_taxonomy, split_label

    tax = load_taxonomy()
    plate = next(p for p in PATTERNS if p.label == PLATE)
    found = None
    out = []
    for s in spans:
        base = split_label(s.label)[0]
        if base not in (PLATE, "재판사건번호") and base in tax and tax.is_descendant(base, NUMBERS):
            if found is None:  # one scan of the text, only where a number was read
                found = {(m.start, m.end) for m in find_patterns(text, (plate,))}
            if (s.start, s.end) in found:
                s = replace(s, label=PLATE)
        out.append(s)
    return out


NAME_LABELS = ("인명",)
# words of quantity and time a judgment uses everywhere (이하의 벌금, 이상의 사실): never a name without its particle
NOT_NAME_STEMS = frozenset({"이하", "이상", "미만", "초과", "이내", "이후", "이전", "당시"})
NAME_SUFFIXES = ("님", "씨", "군", "양", "옹")  # honorifics glued to a name: outside it, as a particle is
MAX_NAME = 5  # syllables: a two-syllable surname and a three-syllable given name


def names_before_space(spans: Sequence[Span], text: str) -> list[Span]:
    """Person-name spans that run over a space past a name the document tags on its own elsewhere end with that
    name, a particle after it left out too (``김기구 연령``, ``정종구를 공저자로``): the model read the next word into
    the name, and court style would have written ``피고인 A, 성행`` without ``연령``. A name the document never
    tags alone stays whole (``마이클 잭슨``, ``응우옌 반 안``).

        >>> t = "피고인 김기구는 자백하고, 피고인 김기구 연령, 정종구를 공저자로 하여 정종구가, 마이클 잭슨이"
        >>> at = lambda w: Span(t.index(w), t.index(w) + len(w), "인명")
        >>> sp = [at("김기구"), at("김기구 연령"), at("정종구를 공저자로"), at("정종구가"), at("마이클 잭슨")]
        >>> [t[s.start:s.end] for s in names_before_space(sp, t)]
        ['김기구', '김기구', '정종구', '정종구가', '마이클 잭슨']
    """
    from thunder_deid.consistency import PARTICLES

    def forms(w: str) -> tuple[str, ...]:  # the word, and the word without a particle it may end in
        return (w, *(w[:-len(p)] for p in PARTICLES if w.endswith(p) and len(w) - len(p) >= 2))

    alone = {c for s in spans if s.label in NAME_LABELS and not re.search(r"\s", f := text[s.start:s.end])
             for c in forms(f)}
    out = []
    for s in spans:
        word = re.match(r"[가-힣]+(?=\s)", text[s.start:s.end]) if s.label in NAME_LABELS else None
        if word is not None:
            core = next((c for c in forms(word.group()) if c in alone), None)
            if core is not None:
                s = replace(s, end=s.start + len(core))
        out.append(s)
    return out


def name_then_particle(form: str) -> bool:
    """Four syllables that read as a three-syllable name and its particle: a common one-syllable surname, two
    syllables, then ``은``, ``는``, ``을``, ``를`` or ``가``. No given name of the surrogate lists makes a
    four-syllable name ending so; ``이`` ends given names (``다솜이``), and ``사공하은`` is ``사공`` + ``하은``.

        >>> [name_then_particle(w) for w in ("기성용은", "이효리를", "김다솜이", "사공하은", "김지은", "어머니를")]
        [True, True, False, False, False, False]
    """
    from thunder_deid.recognizers.patterns import is_common_surname
    from thunder_deid.surrogates.hangul import is_hangul_syllable

    return (len(form) == 4 and all(map(is_hangul_syllable, form)) and form[-1] in "은는을를가"
            and is_common_surname(form[0]) and not is_common_surname(form[:2]))


def without_particles(spans: Sequence[Span], text: str, labels: Sequence[str] | None = NAME_LABELS) -> list[Span]:
    """Person-name spans without a particle the model took into them (``김준호로``, ``양푸름은``), where the
    document itself shows the name without it: another occurrence of the shorter form followed by another
    particle or a punctuation mark (``양푸름이``, ``양푸름,``). Without that evidence the span stays, since names
    end in particle-like syllables too (``김지은``: every ``김지`` in the text is followed by ``은``), and a word
    followed by a space is none (``이하 '피고인'`` does not make the name ``이하나`` into ``이하``). A person's
    name of the shape :func:`name_then_particle` reads loses its particle without that evidence (``기성용은``).
    ``labels``: the span labels this applies to (``None``: every label).

        >>> t = "피고인 양푸름은 자백하였고, 양푸름이 말하기를, 김지은은 김지은에게, 이하의 벌금, 이하나는"
        >>> at = lambda w, k=0: Span(t.index(w, k), t.index(w, k) + len(w), "인명")
        >>> sp = [at("양푸름은"), at("김지은"), at("김지은", t.index("김지은") + 1), at("이하나")]
        >>> [t[s.start:s.end] for s in without_particles(sp, t)]
        ['양푸름', '김지은', '김지은', '이하나']
    """
    from thunder_deid.consistency import PARTICLES, occurrences
    from thunder_deid.surrogates.hangul import is_hangul_syllable

    bare: dict[tuple[str, str], bool] = {}  # (stem, particle) -> the stem stands somewhere not before it
    out = []
    for s in spans:
        form = text[s.start:s.end]
        if s.label in NAME_LABELS and (labels is None or s.label in labels) and name_then_particle(form):
            out.append(replace(s, end=s.end - 1))
            continue
        if labels is None or s.label in labels:
            for p in PARTICLES:
                stem = form[:-len(p)]
                if (not form.endswith(p) or len(stem) < 2 or not all(map(is_hangul_syllable, stem))
                        or stem in NOT_NAME_STEMS):
                    continue
                if (stem, p) not in bare:  # one scan of the text per form: a long judgment repeats its names
                    # (the span's own occurrence is followed by p, so it never counts as evidence)
                    # ... and a space after it is no evidence: a word of the text (이하, as in 이하 '피고인') is
                    # not the name 이하나 without a particle
                    bare[stem, p] = any(text[b:b + len(p)] != p and not text[b:b + 1].isspace()
                                        for _, b in occurrences(text, stem))
                if bare[stem, p]:
                    s = replace(s, end=s.end - len(p))
                    break
        out.append(s)
    return out


BUSINESS = "사업체"


def businesses_by_legal_form(spans: Sequence[Span], text: str) -> list[Span]:
    """Person-name spans of a form that stands right before or after a company's legal form somewhere in the
    document (``공소외 이노로직 주식회사``, ``(주)바이오피아``), or before the court's plain word for one
    (``공소외 혜연 회사가``, not ``회사원``), relabelled as the generic business, there and at
    every other occurrence: a business stem the tagger never saw reads like a given name after ``공소외``.

        >>> t = "피해자 공소외 이노로직 주식회사, 이노로직의 대표, 피해자 김민준"
        >>> at = lambda w, k=0: Span(t.index(w, k), t.index(w, k) + len(w), "인명")
        >>> sp = [at("이노로직"), at("이노로직", 12), at("김민준")]
        >>> [(t[s.start:s.end], s.label) for s in businesses_by_legal_form(sp, text=t)]
        [('이노로직', '사업체'), ('이노로직', '사업체'), ('김민준', '인명')]
    """
    forms = {text[s.start:s.end] for s in spans if s.label in NAME_LABELS and _beside_legal_form(text, s)}
    if not forms:
        return list(spans)
    return [s.with_label(BUSINESS) if s.label in NAME_LABELS and text[s.start:s.end] in forms else s for s in spans]


def _beside_legal_form(text: str, s: Span) -> bool:
    after = text[s.end:s.end + 8].lstrip(" ")
    before = text[max(0, s.start - 8):s.start].rstrip(" ")
    return after.startswith(LEGAL_FORMS) or before.endswith(LEGAL_FORMS) or stands_before(text, s.end, COMPANY)


def stands_before(text: str, end: int, word: str) -> bool:
    """Does ``word`` follow ``end`` as a word of its own, within the eight characters the legal forms are looked
    for in (spaces between), particles after it? (``benchmarks/rounds/labels_before_word.py`` counts by it.)

        >>> t = "공소외 혜연 회사가 고용한 혜연 회사원"
        >>> [stands_before(t, t.index("혜연", k) + 2, "회사") for k in (0, 10)]
        [True, False]
    """
    from thunder_deid.consistency import particle_follows

    rest = text[end:end + 20]
    lead = len(rest) - len(rest.lstrip(" "))
    return lead + len(word) <= 8 and rest.startswith(word, lead) and particle_follows(rest[lead + len(word):])


def not_person_words(spans: Sequence[Span], text: str) -> list[Span]:
    """Person-name spans that are a word for people (``PERSON_WORDS``) or naming nobody (``NOT_NAMES``), or a common
    word of legal text (:func:`~thunder_deid.recognizers.words.common_words`) or a form starting with no surname
    (:func:`nameless_guesses`) that the tagger never read as a name with certainty (best score below :data:`SURE`),
    and spans of any label that are the name of a form's field (``FIELD_WORDS``: a table's ``성명`` column read as a
    name) dropped, whole text only: ``남성만`` may be a name, ``남성`` is not (court style would write a letter for a
    person who is not there). A business or a place whose name is a common word is left alone: a bank's name is one,
    and the court masks it or not. A form starting with no surname that the tagger also read as another entity
    (:func:`read_otherwise`) is a business, not dropped: a name read with the wrong type is still a name to mask.

        >>> t = "피해자 조카에게, 불상의 남성으로부터, 피해자 남성만에게, 피해자 레티투(베트남 국적, 29세), 공동정범인 고소인"
        >>> at = lambda w, label="인명", score=None: Span(t.index(w), t.index(w) + len(w), label, score=score)
        >>> sp = [at("조카"), at("남성"), at("남성만"), at("레티투"), at("국적"), at("정범"), at("고소인")]
        >>> [t[s.start:s.end] for s in not_person_words(sp, t)]
        ['남성만', '레티투']
        >>> t = "성명, 연락처; 박민수, 010-1234-5678"
        >>> [t[s.start:s.end] for s in not_person_words([at("성명"), at("연락처", "주소"), at("박민수")], t)]
        ['박민수']
        >>> t = "피고인 조서는, 정보를 준 피해자 정보와 대한 회사"
        >>> sp = [at("조서", score=0.99), at("정보", score=0.6), at("대한", "사업체", 0.6)]
        >>> [t[s.start:s.end] for s in not_person_words(sp, t)]
        ['대한']
    """
    from thunder_deid.consistency import unsure_common_forms

    words = _person_words()
    names = [s for s in spans if s.label in NAME_LABELS]
    guessed = unsure_common_forms(names, text, common_words(), SURE) if names else set()
    nameless = nameless_guesses(names, text) - guessed
    businesses = read_otherwise(names, text, nameless)
    guessed |= nameless - businesses

    def kept(s: Span) -> bool:
        form = text[s.start:s.end]
        return form not in FIELD_WORDS and (s.label not in NAME_LABELS or (form not in words and form not in guessed))

    return [s.with_label(BUSINESS) if s.label in NAME_LABELS and text[s.start:s.end] in businesses else s
            for s in spans if kept(s)]


def nameless_guesses(names: Sequence[Span], text: str) -> set[str]:
    """The forms of person-name spans the tagger never read as a name with certainty (best score in the document
    below :data:`SURE`) that start with no surname, one syllable or two, of the census list the surrogates draw from
    (``surrogates/data/names.yaml``): ``냉동명태``, ``납품일``, ``측은`` are words the tagger guessed at, where a
    Korean name it guesses at starts with its surname. Forms starting with a letter other than Hangul are left alone.

        >>> t = "피해자 냉동명태 1,060박스, 피해자 김민준, 피해자 남궁민에게, 피해자 냉동명태"
        >>> at = lambda w, score: Span(t.index(w), t.index(w) + len(w), "인명", score=score)
        >>> sorted(nameless_guesses([at("냉동명태", 0.6), at("김민준", 0.6), at("남궁민", 0.6), at("박스", 0.99)], t))
        ['냉동명태']
    """
    from thunder_deid.consistency import sure_scores
    from thunder_deid.surrogates.hangul import is_hangul_syllable

    return {f for f, best in sure_scores(names, text).items()
            if best < SURE and is_hangul_syllable(f[0]) and not starts_with_surname(f)}


def starts_with_surname(form: str) -> bool:
    """Does ``form`` start with a surname, one syllable or two, of the census list the surrogates draw from?

        >>> starts_with_surname("남궁민"), starts_with_surname("김민준"), starts_with_surname("냉동명태")
        (True, True, False)
    """
    surnames = _surnames()
    return form[:1] in surnames or form[:2] in surnames


# how much of another entity the tagger must read in a guess, for each part it reads as no entity (O), for the guess
# to be that entity and not a word: chosen on used validation files (BENCHMARKS.md "A guess at a name that starts
# with no surname, read as another entity")
OTHER_READING = 0.4


def read_otherwise(names: Sequence[Span], text: str, forms: set[str]) -> set[str]:
    """Those of ``forms`` whose person-name spans the tagger read, their tokens' probabilities pooled over the
    document (:func:`token_readings`, kept in the spans' ``extra``), as an entity of another label at least
    :data:`OTHER_READING` times as much as no entity: ``누리피아`` (a business it half read as a person) but not
    ``냉동명태`` (a word it half read as a person). A span without readings (a recognizer's, one read from a file)
    says nothing.

        >>> t = "피해자 누리피아의 직원, 피해자 냉동명태 1,060박스, 누리피아"
        >>> at = lambda w, k, o, other: Span(t.index(w, k), t.index(w, k) + len(w), "인명", score=1 - o - other,
        ...                                  extra={"o": o, "other": other})
        >>> sp = [at("누리피아", 0, 0.2, 0.05), at("누리피아", 20, 0.1, 0.1), at("냉동명태", 0, 0.3, 0.05)]
        >>> sorted(read_otherwise(sp, t, {"누리피아", "냉동명태"}))
        ['누리피아']
    """
    o: dict[str, float] = {}
    other: dict[str, float] = {}
    for s in names:
        form = text[s.start:s.end]
        if form in forms and all(k in s.extra for k in READINGS):
            o[form] = o.get(form, 0.0) + s.extra["o"]
            other[form] = other.get(form, 0.0) + s.extra["other"]
    return {f for f in o if other[f] > 0 and other[f] >= OTHER_READING * o[f]}


@functools.lru_cache(maxsize=1)
def _surnames() -> frozenset[str]:
    from thunder_deid.surrogates.lexicon import packaged

    return frozenset(packaged()["names"]["surnames"])


@functools.lru_cache(maxsize=1)
def _person_words() -> frozenset[str]:
    """``PERSON_WORDS``, the role words after which a judgment writes a person (``고소인``, ``피해자``: a role
    tagged as a name had been spread over every mention of the role by consistency) and the words a judgment
    writes after a role word that name nobody (``NOT_NAMES``: ``피고인 조서``, ``구치소``, ``저희``)."""
    from thunder_deid.recognizers.patterns import PERSON_ROLES

    return PERSON_WORDS | frozenset(PERSON_ROLES) | NOT_NAMES


def whole_names(spans: Sequence[Span], text: str) -> list[Span]:
    """Person-name spans that stop inside a word widened by the one or two Hangul syllables that finish the
    name before a particle or the word's end (the model tags ``허`` of ``허꽃님``, ``위`` of ``위준호 (``,
    ``박미`` of ``박미르가``: a name it cannot read leaves syllables readable), never past ``MAX_NAME``
    syllables, into another span, or over an honorific (``김민준님``). A surname tagged alone whose next syllables
    read as stacked particles is finished by two where one syllable and one particle do not end the word and two
    and the particles as the surrogate engine reads them do (``장`` of ``장나라에`` is ``장나라``, not ``장`` +
    ``나라에``; ``지연의`` stays ``지연``). A name that starts inside a word is
    widened at its start by the common surname that starts the word (``꽃가람`` of ``정꽃가람``: court style
    would write ``정A``, the surname readable), the header patterns' surnames only.

        >>> t = "원고 허꽃님 (소송대리인), 피해자 박미르가, 김민준님에게, 장나라는, 피고인 정꽃가람"
        >>> sp = [Span(3, 4, "인명"), Span(20, 22, "인명"), Span(26, 29, "인명"), Span(34, 37, "인명"), Span(44, 47, "인명")]
        >>> [t[s.start:s.end] for s in whole_names(sp, t)]
        ['허꽃님', '박미르', '김민준', '장나라', '정꽃가람']
        >>> t = "피해자 장나라에 대한 폭행, 박씨가, 김은, 지연의 승낙, 우성으로 하여금"
        >>> [t[s.start:s.end] for s in whole_names([Span(t.index(c), t.index(c) + 1, "인명") for c in "장박김지우"], t)]
        ['장나라', '박', '김', '지연', '우성']
    """
    from thunder_deid.consistency import particle_follows
    from thunder_deid.recognizers.patterns import is_common_surname
    from thunder_deid.surrogates.hangul import is_hangul_syllable

    out = list(spans)
    for i, s in enumerate(out):
        a = s.start
        if s.label in NAME_LABELS and a and is_hangul_syllable(text[a - 1]) and is_hangul_syllable(text[a]):
            floor = out[i - 1].end if i else 0
            for k in (1, 2):
                head = text[a - k:a]
                if a - k < floor or not all(map(is_hangul_syllable, head)) or s.end - s.start + k > MAX_NAME:
                    break
                if (a - k == 0 or not is_hangul_syllable(text[a - k - 1])) and is_common_surname(head):
                    out[i] = s = replace(s, start=a - k)
                    break
        b = s.end
        limit = out[i + 1].start if i + 1 < len(out) else len(text)
        if _surname_before_given_name(text, s, limit):
            out[i] = replace(s, end=b + 2)
            continue
        if s.label not in NAME_LABELS or not is_hangul_syllable(text[b - 1]) \
                or (particle_follows(text[b:b + 12]) and not _line_of_one_name(text, s)):
            continue
        for k in (1, 2):
            tail = text[b:b + k]
            if b + k > limit or not all(map(is_hangul_syllable, tail)) or s.end - s.start + k > MAX_NAME \
                    or tail in NAME_SUFFIXES:
                break
            if particle_follows(text[b + k:b + k + 12]):
                out[i] = replace(s, end=b + k)
                break
    return out


def _surname_before_given_name(text: str, s: Span, limit: int) -> bool:
    """Is ``s`` a common surname tagged alone, opening its word, whose next two syllables are a given name that
    :func:`~thunder_deid.consistency.particle_follows` reads as stacked particles (``나라에`` of ``장나라에``: ``나`` +
    ``라`` + ``에``)? It is where one syllable and one particle do not end the word (``지연의``, ``우성으로`` are
    finished by one) and two syllables and the particles as the surrogate engine reads them do."""
    from thunder_deid.consistency import particle_ends, particle_follows
    from thunder_deid.recognizers.patterns import is_common_surname
    from thunder_deid.surrogates.hangul import is_hangul_syllable

    a, b = s.start, s.end
    if s.label not in NAME_LABELS or b - a != 1 or not is_common_surname(text[a]) \
            or (a and is_hangul_syllable(text[a - 1])) or b + 2 > limit \
            or not all(map(is_hangul_syllable, text[b:b + 2])) or text.startswith(NAME_SUFFIXES, b):
        return False
    # depth 2 of particle_follows' three: one particle, then the word's end
    return not particle_follows(text[b + 1:b + 12], depth=2) and particle_ends(text[b + 2:b + 14])


_ONE_NAME_LINE = re.compile(r"[가-힣]{1,2}(?=\n| \(|$)")


def _line_of_one_name(text: str, s: Span) -> bool:
    """Does the span start a line that holds one word, the name's (or the name and its counsel note)? A header's
    party line (``피 고 인⏎옥이서``) names the party alone: ``서`` ending it finishes the name, it is no particle.

        >>> t = "피 고 인\\n옥이서\\n\\n원고\\n석형준 (소송대리인 변호사 황순헌)\\n피고인이 옥이서 있었다"
        >>> [_line_of_one_name(t, Span(t.index(w, k), t.index(w, k) + 2, "인명")) for w, k in (("옥이", 0), ("석형", 0), ("옥이", 20))]
        [True, True, False]
    """
    return (s.start == 0 or text[s.start - 1] == "\n") and _ONE_NAME_LINE.match(text, s.end) is not None


MAX_STEM_TAIL = 3  # syllables a business or place name is finished by (메디 + 플러스)


def whole_stems(spans: Sequence[Span], text: str) -> list[Span]:
    """Spans other than names of persons that stop inside a Hangul word widened by the one to ``MAX_STEM_TAIL``
    syllables that finish the word before a particle, the word's end, a type word of two syllables or more or a
    word the court keeps after a placeholder (``COURT_KEPT_WORDS``) (the model tags ``코리`` of ``코리팜 회사``,
    ``메디`` of ``메디플러스``, ``봄`` of ``봄날그룹``); never into another span. A span that stops before one of
    those words (``광주`` of ``광주은행``) or a particle is left as it is: the annotation and the court leave the
    type word out there.

        >>> t = "공소외 코리팜 회사, 메디플러스연구소에서, 광주은행과 거래하던 도담이 봄날그룹의 회장에게"
        >>> at = lambda w, n, label="사업체": Span(t.index(w), t.index(w) + n, label)
        >>> sp = [at("코리팜", 2), at("메디플러스", 2, "연구개발기관"), at("광주은행", 2, "은행업"), at("도담이", 2),
        ...       at("봄날그룹", 1)]
        >>> [t[s.start:s.end] for s in whole_stems(sp, t)]
        ['코리팜', '메디플러스', '광주', '도담', '봄날']
    """
    from thunder_deid.consistency import ACCOUNT_WORDS, particle_follows
    from thunder_deid.surrogates.engine import COURT_KEPT_WORDS, type_word_after, type_word_follows
    from thunder_deid.surrogates.hangul import is_hangul_syllable
    from thunder_deid.taxonomy import load_taxonomy, split_label

    tax = load_taxonomy()
    out = list(spans)
    for i, s in enumerate(out):
        b, base = s.end, split_label(s.label)[0]
        if (b >= len(text) or not is_hangul_syllable(text[b - 1]) or not is_hangul_syllable(text[b])
                or base not in tax or tax.is_name(base)):
            continue
        if particle_follows(text[b:b + 12]) or type_word_follows(text, b, base) or text.startswith(ACCOUNT_WORDS, b):
            continue
        limit = out[i + 1].start if i + 1 < len(out) else len(text)
        for k in range(1, MAX_STEM_TAIL + 1):
            if b + k > limit or not is_hangul_syllable(text[b + k - 1]):
                break
            rest = text[b + k:b + k + 32]
            w = type_word_after(rest, base)
            if (particle_follows(rest[:12]) or (w is not None and len(w) >= 2 and rest.startswith(w))
                    or rest.startswith(COURT_KEPT_WORDS)):
                out[i] = replace(s, end=b + k)
                break
    return out


def stem_starts(spans: Sequence[Span], text: str) -> list[Span]:
    """Spans other than names of persons that start inside a Hangul word widened to the word's start, when at
    most ``MAX_STEM_TAIL`` syllables precede (the model tags ``불혁신지원센터`` of ``대불혁신지원센터``); never into
    another span, nor past syllables ending in a type, unit or court word, a corporate marker or a particle
    (``역삼동래미안``, ``호텔아리랑``: the annotation and the court leave those out).

        >>> t = "처인구 대불혁신지원센터빌딩, 역삼동래미안, 호텔아리랑에서"
        >>> at = lambda w, label="사회·경제시설": Span(t.index(w), t.index(w) + len(w), label)
        >>> sp = [at("불혁신지원센터"), at("래미안", "주거시설"), at("아리랑", "대형숙박업")]
        >>> [t[s.start:s.end] for s in stem_starts(sp, t)]
        ['대불혁신지원센터', '래미안', '아리랑']
    """
    from thunder_deid.surrogates.hangul import is_hangul_syllable
    from thunder_deid.taxonomy import load_taxonomy, split_label

    tax = load_taxonomy()
    words, syllables = _start_stops()
    out = list(spans)
    for i, s in enumerate(out):
        a, base = s.start, split_label(s.label)[0]
        if a == 0 or not is_hangul_syllable(text[a]) or not is_hangul_syllable(text[a - 1]) \
                or base not in tax or tax.is_name(base):
            continue
        limit = out[i - 1].end if i else 0
        k = a
        while k > limit and is_hangul_syllable(text[k - 1]) and a - k < MAX_STEM_TAIL:
            k -= 1
        head = text[k:a]
        if (k > limit and is_hangul_syllable(text[k - 1])) or (k == limit and i) \
                or head.endswith(words) or (len(head) > 1 and head.endswith(syllables)):
            continue  # a longer word, another span's edge, or a word the name does not take (대 of 대불 is none)
        out[i] = replace(s, start=k)
    return out


@functools.lru_cache(maxsize=1)
def _start_stops() -> tuple[tuple[str, ...], tuple[str, ...]]:
    """What :func:`stem_starts` never widens past: type, unit and court words, corporate markers and particles,
    those of two syllables or more and those of one (a one-syllable stop counts only after another syllable)."""
    from thunder_deid.consistency import PARTICLES
    from thunder_deid.surrogates.engine import COURT_WORDS, CORP_MARKERS, UNIT_WORDS
    from thunder_deid.surrogates.places import all_type_words

    stops = {*all_type_words(), *UNIT_WORDS, *CORP_MARKERS, *(w for ws in COURT_WORDS.values() for w in ws), *PARTICLES}
    return tuple(w for w in stops if len(w) >= 2), tuple(w for w in stops if len(w) == 1)


_PAIRS = {"(": ")", "[": "]", "{": "}", "<": ">", "「": "」", "『": "』", "《": "》", "〈": "〉", "【": "】",
          "“": "”", "‘": "’", "〔": "〕"}
_CLOSERS = {v: k for k, v in _PAIRS.items()}
_LOOSE = set(":;,") | set("\"'")  # never at a mention's edge (straight quotes: see trim_edges)


def _stray(c: str) -> bool:
    """A control or invisible format character, or an emoji: no name is written with one. (Other symbols
    are written with names: ``㈜삼우``, and law.go.kr's placeholders ``♤♤``, ``★★``, ``○○``.)"""
    cat = unicodedata.category(c)
    return cat in ("Cc", "Cf", "Co", "Cn") or (cat == "So" and c >= "\U0001F000")


def _loose_start(text: str, a: int, b: int) -> bool:
    c = text[a]
    return (c.isspace() or c in _LOOSE or c in _CLOSERS or _stray(c)
            or (c in _PAIRS and _unbalanced(text[a:b], c, _PAIRS[c])))


def _loose_end(text: str, a: int, b: int) -> bool:
    c = text[b - 1]
    return (c.isspace() or c in _LOOSE or c in _PAIRS or _stray(c)
            or (c in _CLOSERS and _unbalanced(text[a:b], c, _CLOSERS[c])))


def _unbalanced(chunk: str, c: str, other: str) -> bool:
    return chunk.count(c) > chunk.count(other)


def trim_edges(spans: Sequence[Span], text: str) -> list[Span]:
    """Spans without the punctuation a mention cannot start or end with: ``:``, ``;``, ``,``, a straight
    quote, an opening or closing bracket the span holds more of than of its partner, a control character or
    an emoji (a span of a NUL alone had become a person of its own in court style); and with the combining marks
    after its last letter (``김민준\\u0301은`` had come out as ``Á은``).

        >>> t = "피해자 홍길동:에게, 「홍길동》에게, 주소: 서울 (역삼동)), \\x00김민준"
        >>> sp = [Span(4, 8, "인명"), Span(12, 17, "인명"), Span(25, 34, "주소"), Span(36, 40, "인명")]
        >>> [t[s.start:s.end] for s in trim_edges(sp + [Span(36, 37, "인명")], t)]
        ['홍길동', '홍길동', '서울 (역삼동)', '김민준']
    """
    out = []
    for s in spans:
        a, b = s.start, s.end
        while a < b and _loose_start(text, a, b):
            a += 1
        while a < b and _loose_end(text, a, b):
            b -= 1
        while a < b and b < len(text) and unicodedata.category(text[b]).startswith("M"):
            b += 1  # a combining mark belongs to the letter before it: left out, it would sit on the replacement
        if a < b:
            out.append(s if (a, b) == (s.start, s.end) else replace(s, start=a, end=b))
    return out


ADDRESS = "주소"
# a road name (센텀중앙로, 세종대로, 새싹길) then its building number (97, 110-1, 235번길 10), which ends the address's
# first part; or a dong's or a village's name then its lot number (무릉|리 산 12-3, 역삼동 123-4번지). The caller asks
# for the word's end or a particle after it: not a legal dong's number (한강로 2가), not a count (3회)
_ROAD_NUMBER = re.compile(r"(?<=[가-힣](?:로|길))[ \t]\d{1,5}(?:-\d{1,5})?(?:번안?길[ \t]\d{1,5}(?:-\d{1,5})?)?(?![0-9-])")
# what a number goes on with when it is no address's: a date (2013. 7. 24.), a year (2013년), money (100만 원)
_NUMBER_GOES_ON = re.compile(r"\.[ \t]?\d|년|만")
# the rest of a road's name the model's span stopped inside of (테헤란 of 테헤란로 123), a building number after it
_ROAD_REST = re.compile(r"(?<=[가-힣])(?:대로|로|길)(?=[ \t]\d)")
_LOT_NUMBER = re.compile(r"(?<=[가-힣])(?:동|리)?[ \t](?:산[ \t]?)?\d{1,5}(?:-\d{1,5})?(?:번지)?(?![0-9-])")


def road_numbers(spans: Sequence[Span], text: str) -> list[Span]:
    """Address spans that stop at a road name widened over the building number after it: the number is the
    address (a road-name address is the road and the building's number), and court style had left it
    readable (``(주소 생략) 97``); likewise a dong's or a village's name over the lot number after it
    (``무릉`` of ``무릉리 산 12-3``, which had come out ``(주소 생략)리 산 12-3``), and a span that stops inside its
    road's name over the rest of it (``테헤란`` of ``테헤란로 123``, which had come out ``(주소 생략)으로 123``). A
    particle may follow the number (``97에서``); a number that another span holds stays as it is.

        >>> t = "부산 해운대구 센텀중앙로 97, 101동, 서울 용산구 한강로 2가, 센텀중앙로 97에서, 판교역로 235번길 10에"
        >>> at = lambda w, k=0: Span(t.index(w, k), t.index(w, k) + len(w), "주소")
        >>> [t[s.start:s.end] for s in road_numbers([at("센텀중앙로"), at("한강로"), at("센텀중앙로", 20), at("판교역로")], t)]
        ['센텀중앙로 97', '한강로', '센텀중앙로 97', '판교역로 235번길 10']
        >>> t = "정선군 남면 무릉리 산 12-3에, 역삼 123-4번지, 역삼동 3회, 역삼동 2명, 마루 2013. 7. 24.자"
        >>> sp = [at("남면 무릉"), at("역삼"), at("역삼동"), at("역삼동", 30), at("마루")]
        >>> [t[s.start:s.end] for s in road_numbers(sp, t)]
        ['남면 무릉리 산 12-3', '역삼 123-4번지', '역삼동', '역삼동', '마루']
        >>> t = "서울 강남구 테헤란로 123\\n대표이사, 세종대로 100만 원, 판교 2명"
        >>> [t[s.start:s.end] for s in road_numbers([at("테헤란"), at("세종대"), at("판교")], t)]
        ['테헤란로 123', '세종대', '판교']
    """
    from thunder_deid.consistency import particle_follows

    starts = {s.start for s in spans}
    out = []
    for s in spans:
        m = None
        if s.label == ADDRESS:
            rest = _ROAD_REST.match(text, s.end)
            m = _ROAD_NUMBER.match(text, rest.end()) if rest else \
                _ROAD_NUMBER.match(text, s.end) or _LOT_NUMBER.match(text, s.end)
            if m and (text.startswith("가", m.end()) or _NUMBER_GOES_ON.match(text, m.end())
                      or not particle_follows(text[m.end():m.end() + 12])):
                m = None
        if m and not any(s.end < x <= m.end() for x in starts):
            s = replace(s, end=m.end())
        out.append(s)
    return out


def _word(c: str) -> bool:
    # a Latin letter beyond ASCII is a letter of the word too (Nguyễn, José): a span stopping before ễ had left
    # "Aễn" in court style
    return (c.isascii() and c.isalnum()) or c in LATIN_LETTERS


# a web address's host: www.joonggonara.co.kr, joonggonara.co.kr (a dot and a top-level part of letters)
_HOST = re.compile(r"(?<![A-Za-z0-9@.-])(?:https?://)?[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,6}(?![A-Za-z0-9@-])")


def whole_hosts(spans: Sequence[Span], text: str) -> list[Span]:
    """A span lying inside a web address's host, short of its whole, widened to the host and typed ``url``: the
    tagger read ``www.joonggonara`` of ``www.joonggonara.co.kr`` as an account name, and court style wrote
    ``(계정명 생략).co.kr``. An e-mail address is not a host (``@`` before it), nor a span that holds the host.

        >>> t = "사이트 '중고나라'(www.joonggonara.co.kr)에, 메일 kim77@naver.com으로"
        >>> sp = [Span(t.index("www"), t.index(".co.kr"), "아이디"), Span(t.index("kim77"), t.index("으로"), "이메일주소")]
        >>> [(t[x.start:x.end], x.label) for x in whole_hosts(sp, t)]
        [('www.joonggonara.co.kr', 'url'), ('kim77@naver.com', '이메일주소')]
        >>> at = lambda w, label: Span(t.index(w), t.index(w) + len(w), label)
        >>> [(t[x.start:x.end], x.label) for x in whole_hosts([at("www", "사업체"), at("joonggonara", "아이디")], t)]
        [('www.joonggonara.co.kr', 'url')]
        >>> [(t[x.start:x.end], x.label) for x in whole_hosts([at("kr", "아이디")], t)]  # a host's last label alone
        [('www.joonggonara.co.kr', 'url')]
    """
    if not any("." in text[max(0, s.start - 1):s.end + 1] for s in spans):  # a dot inside, after or before it
        return list(spans)
    out = []
    for s in spans:
        for m in _HOST.finditer(text, max(0, s.start - 80), min(len(text), s.end + 80)):
            if m.start() <= s.start and s.end <= m.end() and (m.start(), m.end()) != (s.start, s.end):
                s = replace(s, start=m.start(), end=m.end(), label="url")
                break
        if out and s.start < out[-1].end:  # two pieces of one host (www + joonggonara): one span
            if s.end > out[-1].end:
                out[-1] = replace(out[-1], end=s.end)
            continue
        out.append(s)
    return out


def whole_words(spans: Sequence[Span], text: str) -> list[Span]:
    """Spans widened to whole runs of ASCII letters and digits and Latin letters (``Nguyễn``), hyphens between
    them included (``A-1234``: the tagger read ``-1234`` of an employee number, and court style wrote ``사번
    A(전화번호 생략)``, the letter left reading as a party's); spans that then overlap become one (the label of the
    highest-scoring one).

        >>> t = "아이디 kimsecret으로, 사번 A-1234를"
        >>> sp = [Span(4, 6, "아이디"), Span(7, 13, "아이디"), Span(21, 26, "업무관리번호")]
        >>> [(t[s.start:s.end], s.label) for s in whole_words(sp, t)]
        [('kimsecret', '아이디'), ('A-1234', '업무관리번호')]
    """
    def inside(i: int) -> bool:  # is text[i] a character of a word of letters and digits?
        return _word(text[i]) or text[i] == "-" and 0 < i < len(text) - 1 and _word(text[i - 1]) and _word(text[i + 1])

    out: list[Span] = []
    for s in sorted(spans, key=lambda s: (s.start, s.end)):
        a, b = s.start, s.end
        while 0 < a and inside(a - 1) and inside(a):
            a -= 1
        while b < len(text) and inside(b - 1) and inside(b):
            b += 1
        if out and a < out[-1].end:
            prev = out[-1]
            keep = prev if (prev.score or 0) >= (s.score or 0) else s
            out[-1] = replace(keep, start=min(prev.start, a), end=max(prev.end, b))
        else:
            out.append(replace(s, start=a, end=b) if (a, b) != (s.start, s.end) else s)
    return out
