"""Nothing lost, nothing stuck: several tabs, full storage and hostile stored data.

Each test follows the steps of a defect found by trying the page as a hostile tester
would; an App here is one tab (its own sessionStorage), all sharing one localStorage.
"""

from __future__ import annotations

import itertools
import json

import pytest

from briscola.agents.heuristic import HeuristicAgent
from briscola_app.controller import App, make_level_agent
from briscola_app.models import HUMAN
from briscola_app.i18n import text
from briscola_app.stats import COUNTED_KEPT, ModeStats, Stats
from briscola_app.storage import (
    BACKUP_PREFIX,
    BACKUPS_KEPT,
    MAX_DEPTH,
    PREFIX,
    DictBackend,
    Store,
    backup_key,
    nesting_depth,
)
from briscola_app.tabs import LIVE_MS, MOVED, SESSION_KEY, TABS

from tests.unit.test_app import advance, finish


class Clock:
    def __init__(self, now: int = 1_800_000_000_000) -> None:
        self.now = now

    def __call__(self) -> int:
        return self.now


class QuotaBackend(DictBackend):
    """localStorage with a quota: a write that would pass it throws, as browsers do."""

    def __init__(self, quota: int, items: dict[str, str] | None = None) -> None:
        super().__init__(items)
        self.quota = quota

    def used(self) -> int:
        return sum(len(k) + len(v) for k, v in self.items.items())

    def set(self, key, value):
        old = len(key) + len(self.items[key]) if key in self.items else 0
        if self.used() - old + len(key) + len(value) > self.quota:
            raise RuntimeError("QuotaExceededError")
        super().set(key, value)


_entropy = itertools.count(10_000, 7919)


class Browser:
    """One localStorage, tabs opened on it, and one clock."""

    def __init__(self, backend: DictBackend | None = None) -> None:
        self.backend = backend if backend is not None else DictBackend()
        self.clock = Clock()

    def settings(self, **values) -> None:
        data = {"players": 2, "deck": "italian", "speed": "fast", "level": "medium", "lang": "en"}
        self.backend.set(PREFIX + "settings", json.dumps({"version": 1, "data": {**data, **values}}))

    def open(self, session: DictBackend | None = None, reloaded: bool = False) -> App:
        start = next(_entropy) * 1000
        return App(Store(self.backend), entropy=itertools.count(start).__next__,
                   session=session if session is not None else DictBackend(),
                   clock=self.clock, reloaded=reloaded)

    def reload(self, tab: App) -> App:
        tab.tabs.leave()
        return self.open(tab.tabs.session, reloaded=True)

    def stats(self) -> dict:
        return json.loads(self.backend.get(PREFIX + "stats"))["data"]["modes"]


def played(browser: Browser, mode: str = "2p-easy") -> int:
    return browser.stats()[mode]["played"]


def seven_played(browser: Browser) -> None:
    """Stats of 2p-easy at played 7, in the first stored format."""
    entry = {**ModeStats(played=7, won=4, lost=3).__dict__}
    browser.backend.set(PREFIX + "stats", json.dumps({"version": 1, "data": {"2p-easy": entry}}))


def tricks(app: App, n: int) -> None:
    while len(app.game.tricks) < n or app.held is not None:
        advance(app)


# -- 1. two tabs -----------------------------------------------------------------------

def test_two_tabs_each_count_their_own_deal():
    """Steps of defect 1: A opens, B opens, New game in B, finish A, then B: 9 played."""
    browser = Browser()
    browser.settings(level="easy")
    seven_played(browser)
    a = browser.open()
    b = browser.open()
    assert b.deal_id != a.deal_id, "B plays a deal of its own, not A's"
    b.new_deal()
    finish(a)
    finish(b)
    assert played(browser) == 9
    assert sum(browser.stats()["2p-easy"][k] for k in ("won", "lost", "drawn")) == 9


def test_a_tab_left_out_of_the_list_by_another_tabs_stale_write_puts_itself_back():
    """Each tab's storage is a copy that other tabs' writes reach a moment later: a tab
    that read the list of open tabs just before B added itself wrote it back without B
    (the chaos test saw it). B, told of the write, lists itself again at once, and a tab
    opened next leaves B's deal alone; a tab already listed writes nothing."""
    browser = Browser()
    a = browser.open()
    b = browser.open()
    advance(b)
    stale = {a.tabs.id: browser.clock()}  # A's copy, read before B's first beat
    a.store.save(TABS, stale)
    assert b.tabs.id not in b.tabs.live()
    b.tabs.keep_listed()
    assert set(b.tabs.live()) == {a.tabs.id, b.tabs.id}
    written = browser.backend.get(PREFIX + TABS)
    browser.clock.now += 5
    a.tabs.keep_listed()  # listed: nothing to write
    assert browser.backend.get(PREFIX + TABS) == written
    c = browser.open()
    assert c.deal_id not in (a.deal_id, b.deal_id)


def test_a_new_game_in_another_tab_leaves_this_deal_alone():
    """Steps of defect 1: A plays three tricks; B opens, New game; A and B play; A reloads
    and finds its own deal, which nobody counted as lost."""
    browser = Browser()
    a = browser.open()
    tricks(a, 3)
    b = browser.open()
    b.new_deal()
    advance(a)
    advance(b)
    hands = [list(h) for h in a.game.hands]
    again = browser.reload(a)
    assert again.deal_id == a.deal_id and [list(h) for h in again.game.hands] == hands
    assert again.resumed
    assert PREFIX + "stats" not in browser.backend.items, "no deal was abandoned"


def test_a_closed_tabs_deal_is_taken_over_by_the_next_tab():
    browser = Browser()
    a = browser.open()
    tricks(a, 2)
    a.tabs.leave()  # the tab is closed
    c = browser.open()
    assert c.deal_id == a.deal_id and len(c.game.tricks) == 2 and c.resumed
    assert [n for n in c.store.names("deal.")] == [c.deal_name]


def test_a_tab_that_stopped_beating_is_closed():
    browser = Browser()
    a = browser.open()
    advance(a)
    b = browser.open()
    assert b.deal_id != a.deal_id
    browser.clock.now += LIVE_MS  # A was killed without a pagehide; B lives on
    b.tabs.beat()
    c = browser.open()
    assert c.deal_id == a.deal_id


def test_a_frozen_tab_whose_deal_went_on_elsewhere_deals_anew_and_both_results_count():
    """A phone freezes a background tab: after LIVE_MS without a beat another tab takes its
    deal over. Back to life, the frozen tab used to play on a copy of the same deal, and
    of the two results only one was counted. Now it finds its deal gone, says so and
    plays a new deal of its own; nothing is counted lost for it."""
    browser = Browser()
    browser.settings(level="easy")
    a = browser.open()
    tricks(a, 2)
    taken = a.deal_id
    browser.clock.now += LIVE_MS  # frozen: no beat
    c = browser.open()
    assert c.deal_id == taken
    a.tabs.beat()  # thawed
    advance(a)  # its next move: the deal is elsewhere
    assert a.deal_id != taken and not a.game.tricks
    assert a.message.startswith("This deal went on in another tab, so a new one is dealt here.")
    assert PREFIX + "stats" not in browser.backend.items, "nothing counted lost for the deal moved"
    finish(c)
    finish(a)
    assert played(browser) == 2
    assert a.store.load("deal." + a.tabs.id, lambda d: d) is not None
    assert not a.tabs.moved_away(), "the note is read once"


def test_a_closed_tab_restored_after_its_deal_was_taken_over_plays_on_undisturbed():
    """The note that a tab's deal went elsewhere matters only to a tab still running: a
    closed tab restored with its id (its sessionStorage comes back) starts afresh and is
    not told again at its first move."""
    browser = Browser()
    a = browser.open()
    tricks(a, 2)
    a.tabs.leave()  # closed
    c = browser.open()
    assert c.deal_id == a.deal_id
    restored = browser.open(a.tabs.session)  # the same id, as a restored tab has
    assert restored.tabs.id == a.tabs.id and restored.deal_id != a.deal_id
    first = restored.deal_id
    advance(restored)
    assert restored.deal_id == first and "another tab" not in restored.message


class NoSessionStorage(DictBackend):
    """sessionStorage that throws (some private modes, a sandboxed frame)."""

    def get(self, key):
        raise RuntimeError("SecurityError")

    def set(self, key, value):
        raise RuntimeError("SecurityError")


def test_without_session_storage_a_reload_is_a_new_tab_that_takes_its_deal_over():
    browser = Browser()
    tab = browser.open(NoSessionStorage())
    tricks(tab, 2)
    actions = tab.game.actions
    tab.tabs.leave()
    again = browser.open(NoSessionStorage(), reloaded=True)
    assert again.tabs.id != tab.tabs.id
    assert again.resumed and again.game.actions == actions
    finish(again)
    assert played(browser, "2p-medium") == 1


@pytest.mark.parametrize("name,data", [
    (TABS, {"not a tab id!": 1}),
    (TABS, {"1a": "yesterday"}),
    (TABS, {"1a": True}),
    (TABS, {f"{i:x}": 1 for i in range(100)}),
    (MOVED, {"1a": "not a tab id!"}),
    (MOVED, {"1a": 7}),
    (MOVED, [["1a", "2b"]]),
])
def test_hostile_tab_lists_are_set_aside_and_the_tab_plays(name, data):
    browser = Browser()
    text = json.dumps({"version": 1, "data": data})
    browser.backend.set(PREFIX + name, text)
    tab = browser.open()
    tab.tabs.moved_away()  # the note of moved deals is read
    assert tab.store.bad_data
    assert text in [browser.backend.get(backup_key(name, n)) for n in range(1, BACKUPS_KEPT + 1)]
    finish(tab)
    assert played(browser, "2p-medium") == 1


def test_a_duplicated_tab_gets_an_id_and_deal_of_its_own():
    browser = Browser()
    a = browser.open()
    advance(a)
    copy = DictBackend({SESSION_KEY: a.tabs.session.get(SESSION_KEY)})  # copied session
    dup = browser.open(copy)
    assert dup.tabs.id != a.tabs.id and dup.deal_id != a.deal_id


def test_a_deal_seen_ending_by_two_tabs_is_counted_once():
    browser = Browser()
    a = browser.open()
    twin = browser.open(DictBackend(a.tabs.session.items), reloaded=True)  # same tab id
    assert twin.deal_id == a.deal_id
    finish(a)
    finish(twin)  # the same deal, played the same way, ends again
    assert played(browser, "2p-medium") == 1


def test_the_shared_deal_and_stats_of_older_builds_carry_on():
    old = Browser()
    app = old.open()
    tricks(app, 1)
    legacy = app.store.backend.get(PREFIX + app.deal_name)
    seven_played(old)
    browser = Browser(DictBackend({PREFIX + "deal": legacy,
                                   PREFIX + "stats": old.backend.get(PREFIX + "stats")}))
    tab = browser.open()
    assert tab.deal_id == app.deal_id and tab.resumed
    assert PREFIX + "deal" not in browser.backend.items
    assert tab.stats.modes["2p-easy"].played == 7
    finish(tab)
    assert played(browser, "2p-medium") == 1 and played(browser, "2p-easy") == 7


def test_finished_deals_of_closed_tabs_are_counted_and_cleared():
    browser = Browser()
    a = browser.open()
    finish(a)
    a.saved.counted = False  # the tab was closed between the last card and the count
    a._save_deal()
    a.tabs.leave()
    b = browser.open()
    tricks(b, 1)
    b.tabs.leave()
    browser.clock.now += 1
    c = browser.open()
    assert c.deal_id == b.deal_id, "the latest deal is taken over"
    assert played(browser, "2p-medium") == 1, "the finished one is counted"
    assert c.store.names("deal.") == [c.deal_name]


def test_a_closed_tabs_match_between_two_deals_waits_for_a_later_tab():
    """A match whose tab was closed after a deal ended, when another closed tab's deal is
    the one taken over, stays stored: the next tab plays it on. It was cleared as a finished
    deal once, and the match was gone, neither played on nor counted."""
    browser = Browser()
    browser.settings(match="best-of-3")
    a = browser.open()
    finish(a)  # the first deal of the match: counted, the match goes on
    match_id, score = a.match.id, a.match.match.score
    assert not a.match.finished and a.match.scored
    browser.clock.now += 1
    b = browser.open()
    tricks(b, 1)
    a.tabs.leave()
    b.tabs.leave()
    browser.clock.now += 1
    c = browser.open()
    assert c.match.id == b.match.id, "the latest deal is taken over"
    assert played(browser, "2p-medium") == 1, "the finished deal is counted"
    browser.clock.now += 1
    d = browser.open()
    assert d.match.id == match_id and d.game.over and d.match.match.score == score
    d.next_deal()
    assert d.match.id == match_id and d.match.match.deals_played == 1 and not d.game.over
    finish(d)
    assert played(browser, "2p-medium") == 2, "each deal counted once"


def test_stats_merge_what_another_tab_wrote():
    browser = Browser()
    a = browser.open()
    b = browser.open()
    finish(a)
    assert b.stats.modes == {}
    b.refresh_stats()
    assert b.stats.modes["2p-medium"].played == 1
    finish(b)  # B's in-memory stats were stale once: its write still keeps A's result
    assert played(browser, "2p-medium") == 2


def test_reset_keeps_deals_counted_from_being_counted_again():
    browser = Browser()
    a = browser.open()
    finish(a)
    a.reset_stats()
    a._count_result()
    a.saved.counted = False
    a._count_result()
    assert browser.stats() == {}


def test_counted_ids_are_bounded():
    stats = Stats()
    for i in range(COUNTED_KEPT + 10):
        assert stats.add(f"d{i}", "2p-easy", "win", 70, 50)
    assert len(stats.counted) == COUNTED_KEPT and not stats.add(f"d{COUNTED_KEPT + 9}", "2p-easy", "win", 1, 1)


def test_settings_changed_in_another_tab_are_taken():
    browser = Browser()
    a = browser.open()
    b = browser.open()
    a.change_settings(lang="it")
    b.reload_settings()
    assert b.settings.lang == "it" and b.tr.lang == "it"


# -- 2. the summary after New game twice ---------------------------------------------------

def test_summary_shows_after_new_game_twice():
    browser = Browser()
    app = browser.open()
    finish(app)
    assert app.summary_to_show(app.model()) is not None
    assert app.summary_to_show(app.model()) is None, "once per deal"
    app.new_deal()
    app.new_deal()
    finish(app)
    assert app.summary_to_show(app.model()) is not None


# -- 3. full storage -----------------------------------------------------------------------

def test_full_storage_still_reads_everything():
    """Steps of defect 3: storage filled to the quota with a foreign key, then a reload."""
    browser = Browser(QuotaBackend(quota=60_000))
    browser.settings(level="easy", lang="it")
    seven_played(browser)
    a = browser.open()
    tricks(a, 2)
    browser.backend.set("someone.else", "x" * (browser.backend.quota - browser.backend.used() - 20))
    again = browser.reload(a)
    assert again.settings.level == "easy" and again.settings.lang == "it"
    assert again.stats.modes["2p-easy"].played == 7
    assert again.deal_id == a.deal_id and len(again.game.tricks) == 2
    finish(again)
    assert again.notice() == text("it", "notice_storage_full")
    assert again.stats.modes["2p-easy"].played == 8, "this visit still counts it"
    browser.backend.remove("someone.else")
    again.new_deal()
    assert again.store.writable and again.notice() is None, "saving resumes when there is room"


def finished_with_storage_full(tricks_before: int) -> tuple[Browser, App]:
    """A deal of 2p-easy whose storage fills (a foreign key) after ``tricks_before``
    tricks, played to its end: its result waits to be written."""
    browser = Browser(QuotaBackend(quota=60_000))
    browser.settings(level="easy")
    a = browser.open()
    tricks(a, tricks_before)
    browser.backend.set("someone.else", "x" * (browser.backend.quota - browser.backend.used() - 20))
    finish(a)
    assert a.pending, "the result could not be written"
    return browser, a


def test_a_result_waiting_for_room_is_in_the_stats_the_person_opens():
    """With storage full, a deal just finished waits to be written; opening Stats read
    the stored stats again and it was not there ("No deals finished yet"). Shown, still
    waiting; written once, when there is room."""
    browser, a = finished_with_storage_full(tricks_before=2)
    a.refresh_stats()  # the person opens Stats
    assert a.stats.modes["2p-easy"].played == 1
    written = json.loads(browser.backend.get(PREFIX + "stats") or '{"data": {"modes": {}}}')["data"]["modes"]
    assert a.pending and "2p-easy" not in written
    a.refresh_stats()
    assert a.stats.modes["2p-easy"].played == 1, "shown once"
    browser.backend.remove("someone.else")
    a.refresh_stats()  # room again: written now, once
    assert not a.pending and a.stats.modes["2p-easy"].played == 1
    assert browser.reload(a).stats.modes["2p-easy"].played == 1


def test_what_full_storage_held_back_is_written_when_the_page_goes():
    """Storage full mid-deal, the deal finished, room made, then a reload: the next
    visit resumed the last point saved ("where you left it") and the finished deal was
    never counted. Leaving or hiding the page tries once more."""
    browser, a = finished_with_storage_full(tricks_before=1)
    assert a.deal_name in a.store.unsaved
    a.save_what_waits()  # still full: nothing lost, still waiting
    assert a.deal_name in a.store.unsaved and a.pending
    browser.backend.remove("someone.else")
    a.save_what_waits()  # the page goes (pagehide, or hidden on a phone)
    assert not a.store.unsaved and not a.pending
    again = browser.reload(a)
    assert again.game.over and again.deal_id == a.deal_id
    assert again.stats.modes["2p-easy"].played == 1


def test_a_huge_bad_value_is_cleared_even_when_its_copy_does_not_fit():
    """Steps of defect 3: a 3 MB corrupt settings value in a 5 MB store."""
    quota = 5 * 1024 * 1024
    browser = Browser(QuotaBackend(quota, {PREFIX + "settings": "{" * 10 + "x" * (3 * 1024 * 1024)}))
    first = browser.open()
    assert first.notice() == text("en", "notice_bad_data")
    assert PREFIX + "settings" not in browser.backend.items
    first.change_settings(level="hard")
    again = browser.reload(first)
    assert again.store.saving and again.notice() is None
    assert again.settings.level == "hard"


# -- 4. a stored level is never a module path ------------------------------------------------

@pytest.mark.parametrize("level", ["math:sqrt", "js.location:reload", "js:alert", "os:system",
                                   "briscola.agents.basic:RandomAgent", "medium "])
def test_a_stored_level_must_be_one_of_the_pages(level):
    browser = Browser()
    a = browser.open()
    advance(a)
    box = json.loads(browser.backend.get(PREFIX + a.deal_name))
    box["data"]["level"] = level
    browser.backend.set(PREFIX + a.deal_name, json.dumps(box))
    again = browser.reload(a)
    assert again.store.bad_data and again.deal_id != a.deal_id
    assert again.saved.level == "medium" and again.human_to_move
    assert BACKUP_PREFIX + a.deal_name in browser.backend.items


def test_level_agents_never_import_a_path():
    assert isinstance(make_level_agent("math:sqrt", 1), HeuristicAgent)
    assert isinstance(make_level_agent("briscola.agents.basic:RandomAgent", 1), HeuristicAgent)


# -- 5. deep nesting -----------------------------------------------------------------------

@pytest.mark.parametrize("name", ["settings", "stats", "tabs", "deal", "deal.1"])
@pytest.mark.parametrize("text", ["[" * 20_000 + "]" * 20_000, '{"a":' * 20_000 + "1" + "}" * 20_000,
                                  '{"version":1,"data":' + "[" * 5000])
def test_deep_nesting_is_set_aside(name, text):
    backend = DictBackend({PREFIX + name: text})
    browser = Browser(backend)
    app = browser.open(DictBackend({SESSION_KEY: "1"}), reloaded=True)
    assert app.store.bad_data and app.human_to_move
    assert backend.get(BACKUP_PREFIX + name) == text
    assert backend.get(PREFIX + name) != text


def test_nesting_depth_ignores_brackets_in_strings():
    assert nesting_depth('["[[[[", {"k": "\\"]]"}]') == 2
    assert nesting_depth("[" * (MAX_DEPTH + 1)) == MAX_DEPTH + 1
    assert nesting_depth("12") == 0


def test_a_huge_integer_is_set_aside():
    digits = "9" * 5001
    backend = DictBackend({PREFIX + "stats": '{"version":1,"data":{"2p-easy":' + digits + "}}"})
    app = Browser(backend).open()
    assert app.store.bad_data and BACKUP_PREFIX + "stats" in backend.items
    assert HUMAN == app.game.turn


def test_each_damage_of_a_key_is_kept_up_to_a_bound_and_the_first_never_overwritten():
    """The stats damaged again after a first copy was set aside: the first copy (the
    oldest results) stays, later ones take the next backup keys, the same text is kept
    once, and past BACKUPS_KEPT only the newest copy is replaced."""
    backend = DictBackend()
    store = Store(backend)
    texts = [f'{{"version":1,"data":"damaged {i}"' for i in range(BACKUPS_KEPT + 2)]
    for raw in (texts[0], texts[0], *texts[1:]):
        backend.set(PREFIX + "stats", raw)
        assert store.load("stats", lambda d: d) is None and backend.get(PREFIX + "stats") is None
    kept = {k: v for k, v in backend.items.items() if k.startswith(BACKUP_PREFIX)}
    assert len(kept) == BACKUPS_KEPT
    assert kept[backup_key("stats")] == texts[0] == kept[BACKUP_PREFIX + "stats"]
    assert [kept[backup_key("stats", n)] for n in range(2, BACKUPS_KEPT)] == texts[1:BACKUPS_KEPT - 1]
    assert kept[backup_key("stats", BACKUPS_KEPT)] == texts[-1]
    assert store.names("") == []  # copies are never read as values
