"""Any text in any stored key: the app starts, says so once, and the other keys stay.

Hypothesis writes arbitrary strings, arbitrary JSON and mutations of the real stored
values into one key of a storage that otherwise holds valid settings, stats, this tab's
deal and another open tab's deal; then a tab opens on it.
"""

from __future__ import annotations

import itertools
import json
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from briscola_app.controller import App
from briscola_app.saved import validate_deal, validate_switch
from briscola_app.i18n import text as message
from briscola_app.storage import BACKUP_PREFIX, PREFIX, BadData, DictBackend, Store, parse_json
from briscola_app.tabs import SESSION_KEY
from tests.unit.test_app import advance

NOW = 1_800_000_000_000
MY_TAB, OTHER_TAB = "a1", "b2"


def baseline() -> dict[str, str]:
    """Valid storage: settings, stats, this tab's deal mid-way, a live tab's deal."""
    backend = DictBackend()
    backend.set(PREFIX + "settings", json.dumps({"version": 1, "data": {
        "players": 2, "deck": "french", "speed": "fast", "level": "hard", "lang": "es"}}))
    backend.set(PREFIX + "sound", json.dumps({"version": 1, "data": {"on": False}}))
    counter = itertools.count(77)
    for tab in (OTHER_TAB, MY_TAB):
        app = App(Store(backend), entropy=counter.__next__,
                  session=DictBackend({SESSION_KEY: tab}), clock=lambda: NOW, reloaded=True)
        while len(app.game.tricks) < 2 + (tab == MY_TAB):
            advance(app)
        if tab == OTHER_TAB:
            app.new_deal()  # a lost deal in the stats
    backend.items.pop(PREFIX + "backup.deal", None)
    backend.set(PREFIX + "tips", json.dumps({"version": 1, "data": {"show": True, "offer": False, "deals": 1}}))
    return backend.items


BASE = baseline()
NAMES = ["settings", "stats", "tabs", "deal." + MY_TAB, "deal." + OTHER_TAB, "deal", "sound", "tips"]

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=10), inner, max_size=5),
    max_leaves=30,
)


def paths(value: Any, here: tuple = ()) -> list[tuple]:
    found = [here]
    if isinstance(value, dict):
        for k, v in value.items():
            found += paths(v, here + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            found += paths(v, here + (i,))
    return found


def replaced(value: Any, path: tuple, new: Any) -> Any:
    if not path:
        return new
    copy = dict(value) if isinstance(value, dict) else list(value)
    copy[path[0]] = replaced(value[path[0]], path[1:], new)
    return copy


@st.composite
def mutations(draw, name: str) -> str:
    """The real stored value of ``name`` with one part replaced by any JSON."""
    original = json.loads(BASE.get(PREFIX + name) or BASE[PREFIX + "deal." + MY_TAB])
    path = draw(st.sampled_from(paths(original)))
    return json.dumps(replaced(original, path, draw(json_values)))


@st.composite
def hostile(draw) -> tuple[str, str]:
    name = draw(st.sampled_from(NAMES))
    text = draw(st.one_of(
        st.text(max_size=200),
        json_values.map(json.dumps),
        json_values.map(lambda v: json.dumps({"version": 1, "data": v})),
        mutations(name),
        st.integers(1, 3000).map(lambda n: "[" * n + "]" * n),
    ))
    return name, text


def readable(name: str, text: str) -> bool:
    """Whether the app may take ``text`` as valid (checked apart from the app)."""
    try:
        box = parse_json(text)
        if not isinstance(box, dict) or box.get("version") != 1 or "data" not in box:
            return False
        if name.startswith("deal"):
            validate_deal(box["data"])
        if name == "sound":
            validate_switch(box["data"])
        return True
    except (BadData, ValueError, TypeError, KeyError, AttributeError):
        return False


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hostile())
def test_any_text_in_any_key_leaves_the_app_starting(case):
    name, text = case
    backend = DictBackend({**BASE, PREFIX + name: text})
    app = App(Store(backend), entropy=itertools.count(5000).__next__,
              session=DictBackend({SESSION_KEY: MY_TAB}), clock=lambda: NOW + 1, reloaded=True)
    for _ in range(3):
        advance(app)  # the game plays on
    assert app.game.turn in range(app.game.n)
    assert app.human_to_move or app.computer_to_move or app.held is not None or app.game.over
    if not app.store.bad_data:
        assert app.notice() is None
    else:
        assert app.notice() == message(app.settings.lang, "notice_bad_data")
        assert backend.get(BACKUP_PREFIX + name) == text, "the unreadable text is kept aside"
    # every other key is as it was, except what playing on writes (this tab's deal)
    untouched = {"settings", "stats", "deal." + OTHER_TAB, "sound", "tips"} - {name}
    if name == "deal" and readable(name, text):
        untouched.discard("stats")  # a finished orphan deal is counted
    for other in untouched:
        assert backend.get(PREFIX + other) == BASE[PREFIX + other], other
    if name != "settings" or readable(name, text):
        expected = "es" if name != "settings" else app.settings.lang
        assert app.settings.lang == expected
    if name != "sound":
        assert not app.sound_on, "the stored mute holds whatever else is broken"
    elif not readable(name, text):
        assert app.sound_on, "an unreadable sound setting: sound on"
    if name not in ("deal." + MY_TAB, "tabs"):
        assert app.deal_id == json_deal_id(BASE[PREFIX + "deal." + MY_TAB]), "this tab's deal resumes"


def json_deal_id(text: str) -> str:
    data = json.loads(text)["data"]
    return f"{data['record']['seed']:x}-{data['agent_seed']:x}"


@settings(max_examples=60, deadline=None)
@given(st.text(max_size=60))
def test_any_session_tab_id_is_safe(text):
    backend = DictBackend(dict(BASE))
    app = App(Store(backend), entropy=itertools.count(9000).__next__,
              session=DictBackend({SESSION_KEY: text}), clock=lambda: NOW + 1, reloaded=True)
    assert app.tabs.id == text or app.tabs.id == f"{9000:x}"
    advance(app)
    assert all(k.startswith(PREFIX) for k in backend.items)
    assert backend.get(PREFIX + "settings") == BASE[PREFIX + "settings"]


def test_the_baseline_is_what_the_property_assumes():
    assert {PREFIX + n for n in NAMES} - set(BASE) == {PREFIX + "deal"}
    app = App(Store(DictBackend(dict(BASE))), entropy=itertools.count(5000).__next__,
              session=DictBackend({SESSION_KEY: MY_TAB}), clock=lambda: NOW + 1, reloaded=True)
    assert not app.store.bad_data and app.settings.lang == "es" and app.resumed and not app.sound_on
    assert len(app.game.tricks) == 3
    assert app.stats.modes["2p-hard"].lost == 1
    assert app.tips.active and not app.tips.offer
