"""Properties of record loading (Hypothesis): whatever it is given, :func:`loads` and
:func:`from_record` either return a deal whose record is what they were given (fields
left out aside) or raise :class:`RecordError`, never another exception.

Inputs: any JSON value; valid records of deals finished or in progress, mutated (fields
dropped, replaced by any value, retyped, huge integers, deep nesting, items swapped,
added or removed); and record text with its numbers blown up or its brackets deepened.
"""

from __future__ import annotations

import copy
import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from briscola.cards import ALL_CARDS
from briscola.game import Game
from briscola.record import RecordError, from_record, loads, to_record
from briscola.rules import Rules

FAST = settings(max_examples=200, deadline=None, derandomize=True, database=None)

CARD_TEXTS = [str(c) for c in ALL_CARDS]
SCALARS = (st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8)
           | st.sampled_from(CARD_TEXTS))
JSON = st.recursive(SCALARS, lambda inner: st.lists(inner, max_size=4)
                    | st.dictionaries(st.text(max_size=8), inner, max_size=4), max_leaves=20)


def nested(depth: int, leaf=None):
    value = [] if leaf is None else leaf
    for _ in range(depth):
        value = [value]
    return value


ODD_VALUES = st.one_of(
    JSON,
    st.integers(-3, 130),
    st.sampled_from(CARD_TEXTS).map(str.lower),
    st.sampled_from(CARD_TEXTS).map(lambda c: f" {c}"),
    st.integers(2 ** 63 - 2, 2 ** 63 + 2) | st.integers(-(2 ** 63) - 2, -(2 ** 63) + 2),
    st.integers(1, 5000).map(lambda k: 10 ** k) | st.just(10 ** 5000),
    st.integers(1, 100_000).map(nested),
    st.integers(1, 2000).map(lambda d: nested(d, {"format": "briscola-record/1"})),
)


def a_game(players: int, seed: int, plays: int, dealer: int) -> Game:
    g = Game.deal(Rules.standard(players), seed=seed, dealer=dealer % players)
    rng = random.Random(seed)
    for _ in range(plays):
        if g.over:
            break
        g.play(rng.choice(g.legal_moves()))
    return g


RECORDS = st.builds(lambda *a: to_record(a_game(*a)), st.sampled_from((2, 3, 4, 6)),
                    st.integers(-(2 ** 63), 2 ** 63 - 1), st.integers(0, 40) | st.just(40),
                    st.integers(0, 5))


def json_text(value) -> str:
    return json.dumps(value, sort_keys=True)


def agrees(given_value, canonical) -> bool:
    """Every field given has the canonical value, in exactly the JSON types (1 is not
    1.0 nor true); objects may leave fields out."""
    if isinstance(given_value, dict):
        return isinstance(canonical, dict) and all(
            k in canonical and agrees(v, canonical[k]) for k, v in given_value.items())
    return json_text(given_value) == json_text(canonical)


def check(value) -> None:
    """from_record(value) is a RecordError or a deal that is exactly what was given."""
    try:
        game = from_record(value)
    except RecordError:
        return
    canonical = to_record(game)
    assert agrees(value, canonical)
    text = json.dumps(canonical)
    assert to_record(loads(text)) == canonical
    assert json_text(json.loads(text)) == json_text(canonical)


def check_text(text: str) -> None:
    try:
        game = loads(text)
    except RecordError:
        return
    assert agrees(json.loads(text), to_record(game))


@FAST
@given(JSON)
def test_any_json_value(value):
    check(value)
    try:
        text = json.dumps(value)
    except ValueError:  # an integer of more digits than int -> str converts
        return
    check_text(text)


@FAST
@given(RECORDS)
def test_valid_records_load_and_round_trip(rec):
    assert agrees(rec, to_record(from_record(rec)))
    check(rec)
    check_text(json.dumps(rec))


def paths(value, prefix=()):
    """Every place in a record, down to the depth of a valid one: (path to its
    container, key or index)."""
    if len(prefix) > 5:
        return
    if isinstance(value, dict):
        for k, v in value.items():
            yield prefix, k
            yield from paths(v, prefix + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield prefix, i
            yield from paths(v, prefix + (i,))


def at(rec, path):
    for key in path:
        rec = rec[key]
    return rec


def retyped(value):
    """The same value in other JSON types, or nearly the same."""
    out = [None, [value], {"value": value}]
    if isinstance(value, bool):
        out += [int(value), str(value).lower()]
    elif isinstance(value, int) and abs(value) < 10 ** 100:
        out += [float(value), str(value), value == 1, -value, value + 1, value - 1]
    elif isinstance(value, str):
        out += [value.lower(), f" {value}", value[:-1]] + ([int(value)] if value.isdigit() else [])
    elif isinstance(value, list):
        out += [value[::-1], value[:-1], value + value[-1:], tuple(value)]
    return out


@st.composite
def mutated_records(draw):
    rec = draw(RECORDS)
    for _ in range(draw(st.integers(1, 3))):
        places = list(paths(rec))
        parent_path, key = draw(st.sampled_from(places))
        parent = at(rec, parent_path)
        action = draw(st.sampled_from(["drop", "replace", "retype", "swap", "add"]))
        if action == "drop":
            del parent[key]
        elif action == "replace":
            parent[key] = draw(ODD_VALUES)
        elif action == "retype":
            parent[key] = draw(st.sampled_from(retyped(parent[key])))
        elif action == "swap" and isinstance(parent, list):
            other = draw(st.integers(0, len(parent) - 1))
            parent[key], parent[other] = parent[other], parent[key]
        elif action == "add":
            if isinstance(parent, list):
                parent.insert(key, copy.deepcopy(parent[key]) if draw(st.booleans()) else draw(ODD_VALUES))
            else:
                parent[draw(st.text(max_size=8) | st.sampled_from(list(rec)))] = draw(ODD_VALUES)
        if not rec or not isinstance(rec, dict):
            break
    return rec


@settings(FAST, max_examples=600)
@given(mutated_records())
def test_mutated_records_are_refused_or_exact(rec):
    check(rec)


@st.composite
def mutated_texts(draw):
    text = json.dumps(draw(RECORDS))
    numbers = [i for i, ch in enumerate(text) if ch.isdigit() and not text[i - 1].isdigit()]
    brackets = [i for i, ch in enumerate(text) if ch in "[{"]
    action = draw(st.sampled_from(["long number", "deep", "cut", "character"]))
    if action == "long number" and numbers:
        i = draw(st.sampled_from(numbers))
        return text[:i] + "9" * draw(st.integers(19, 6000)) + text[i:]
    if action == "deep":
        i = draw(st.sampled_from(brackets))
        k = draw(st.integers(1, 30_000))
        if draw(st.booleans()):
            return text[:i] + "[" * k + text[i:]
        return text[:i] + "[" * k + "0" + "]" * k + "," + text[i:]
    if action == "cut":
        return text[:draw(st.integers(0, len(text)))]
    i = draw(st.integers(0, len(text) - 1))
    return text[:i] + draw(st.characters()) + text[i + 1:]


@FAST
@given(mutated_texts())
def test_mutated_record_text_is_refused_or_exact(text):
    check_text(text)
