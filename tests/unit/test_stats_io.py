"""Stats history, charts, and stats to a file and back (issue 11): each deal counted once,
however many times a file is imported; bad files refused whole with a message."""

from __future__ import annotations

import re

import json

import pytest

from briscola_app import charts, render
from briscola_app.controller import App
from briscola_app.stats import HISTORY_KEPT, History, MatchCount, MatchStats, ModeStats, Stats, validate_history
from briscola_app.statsio import MAX_FILE_CHARS, Bundle, merge, read_file
from briscola_app.storage import BadData, DictBackend, Store
from tests.unit.test_app import advance, finish, make_app, reload, seeds, stored


def other_device(start: int = 9000, backend=None) -> App:
    """An app whose deals differ from make_app's (another seed), on its own store."""
    return App(Store(backend if backend is not None else DictBackend()), browser_lang="en", entropy=seeds(start))


def play_deals(app, n: int) -> None:
    for _ in range(n):
        finish(app)
        app.new_deal()


def counts(app) -> dict:
    return {k: vars(v).copy() for k, v in app.stats.modes.items()}


# -- history ------------------------------------------------------------------------------

def test_each_finished_deal_enters_the_history_once():
    backend = DictBackend()
    app = make_app(backend)
    play_deals(app, 3)
    history = stored(backend, "history")
    assert [d["mode"] for d in history["deals"]] == ["2p-medium"] * 3
    assert len({d["id"] for d in history["deals"]}) == 3
    modes = stored(backend, "stats")["modes"]["2p-medium"]
    assert sum(d["for"] for d in history["deals"]) == modes["points_for"]
    assert [d["outcome"] for d in history["deals"]].count("win") == modes["won"]
    assert all(d["for"] + d["against"] == 120 for d in history["deals"])
    again = reload(app)  # the tab reloaded on the finished deal: not added twice
    assert len(again.history.deals) == 3
    assert stored(backend, "stats").keys() == {"modes", "counted"}, "briscola.stats keeps its fields"


def test_an_abandoned_deal_enters_the_history_as_lost():
    app = make_app()
    while not app.game.tricks:
        advance(app)
    app.new_deal()
    assert [d.outcome for d in app.history.deals] == ["loss"]


def test_two_tabs_each_add_their_deals_to_one_history():
    backend = DictBackend()
    first = make_app(backend)
    second = other_device(backend=backend)
    finish(first)
    finish(second)
    assert len(stored(backend, "history")["deals"]) == 2


def test_the_history_is_bounded_and_keeps_the_latest():
    h = History()
    for i in range(HISTORY_KEPT + 5):
        h.add(f"d{i}", "2p-medium", "win", 70, 50, 1000 + i)
    assert len(h.deals) == HISTORY_KEPT and h.deals[-1].id == f"d{HISTORY_KEPT + 4}"
    assert validate_history(h.to_dict()) == h


@pytest.mark.parametrize("bad", [
    [], {"deals": []}, {"deals": [], "cleared": {"stats": [], "matches": []}},
    {"deals": [{"id": "a", "t": 1, "mode": "2p-medium", "outcome": "won", "for": 1, "against": 1}],
     "cleared": {"stats": [], "matches": [], "five": []}},
    {"deals": [{"id": "a", "t": -1, "mode": "2p-medium", "outcome": "win", "for": 1, "against": 1}],
     "cleared": {"stats": [], "matches": [], "five": []}},
    {"deals": [{"id": "a", "t": 1, "mode": "../x", "outcome": "win", "for": 1, "against": 1}],
     "cleared": {"stats": [], "matches": [], "five": []}},
    {"deals": [], "cleared": {"stats": [1], "matches": [], "five": []}},
])
def test_a_bad_history_is_refused(bad):
    with pytest.raises(BadData):
        validate_history(bad)


def test_reset_empties_the_history_and_remembers_what_it_erased():
    backend = DictBackend()
    app = make_app(backend)
    play_deals(app, 2)
    ids = list(app.stats.counted)
    app.reset_stats()
    assert app.history.deals == [] and app.history.cleared["stats"] == ids
    assert stored(backend, "history")["cleared"]["stats"] == ids
    assert stored(backend, "stats")["counted"] == ids, "other tabs still see them counted"


# -- export and import ----------------------------------------------------------------------

def exported(app) -> str:
    name, text = app.export_stats()
    assert name.startswith("briscola-stats-") and name.endswith(".json")
    return text


def test_export_holds_every_stats_key_with_its_format():
    app = make_app()
    play_deals(app, 2)
    data = json.loads(exported(app))
    assert data["format"] == "briscola-stats" and data["version"] == 1
    assert data["stats"] == app.stats.to_dict() and data["history"] == app.history.to_dict()
    assert "settings" not in data
    assert read_file(exported(app)).stats.to_dict() == app.stats.to_dict()


def test_importing_into_empty_stats_gives_them_all():
    source = make_app()
    play_deals(source, 3)
    target = other_device()
    ok, said = target.import_stats(exported(source))
    assert ok and said == "Stats imported. Deals added: 3. Matches added: 0."
    assert counts(target) == counts(source)
    assert [d.id for d in target.history.deals] == [d.id for d in source.history.deals]
    assert target.store.load("stats", lambda d: d)["modes"] == source.stats.to_dict()["modes"]


def test_importing_the_same_file_twice_adds_nothing_the_second_time():
    source = make_app()
    play_deals(source, 2)
    target = other_device()
    text = exported(source)
    target.import_stats(text)
    before = (counts(target), target.history.to_dict(), list(target.stats.counted))
    ok, said = target.import_stats(text)
    assert ok and said == "Nothing added: every deal in this file is already counted."
    assert (counts(target), target.history.to_dict(), list(target.stats.counted)) == before


def test_importing_ones_own_file_adds_nothing():
    app = make_app()
    play_deals(app, 2)
    before = counts(app)
    assert app.import_stats(exported(app))[1].startswith("Nothing added")
    assert counts(app) == before


def test_reset_then_import_gives_back_every_count():
    backend = DictBackend()
    app = make_app(backend)
    play_deals(app, 3)
    before, history = counts(app), app.history.to_dict()["deals"]
    text = exported(app)
    app.reset_stats()
    assert app.stats.modes == {}
    ok, said = app.import_stats(text)
    assert ok and "Deals added: 3" in said
    assert counts(app) == before and app.history.to_dict()["deals"] == history
    assert app.history.cleared["stats"] == []
    assert app.import_stats(text)[1].startswith("Nothing added")  # and only once


def test_import_adds_to_the_counts_already_here():
    here, there = make_app(), other_device()
    play_deals(here, 2)
    play_deals(there, 3)
    mine = counts(here)["2p-medium"]
    theirs = counts(there)["2p-medium"]
    assert set(here.stats.counted).isdisjoint(there.stats.counted)
    ok, said = here.import_stats(exported(there))
    got = counts(here)["2p-medium"]
    assert "Deals added: 3" in said
    for name in ("played", "won", "lost", "drawn", "points_for", "points_against"):
        assert got[name] == mine[name] + theirs[name]
    assert got["best_score"] == max(mine["best_score"], theirs["best_score"])
    assert got["best_streak"] == max(mine["best_streak"], theirs["best_streak"])
    assert got["streak"] == mine["streak"], "the current streak is this device's"
    assert len(here.history.deals) == 5


def deal(i: int, outcome: str = "win", pts: int = 70) -> dict:
    return {"id": f"deal{i}", "t": 1_700_000_000_000 + i, "mode": "2p-medium", "outcome": outcome,
            "for": pts, "against": 120 - pts}


def file_of(deals: list[dict], modes: dict | None = None, cleared: list[str] | None = None) -> Bundle:
    st = Stats()
    for d in deals:
        st.add(d["id"], d["mode"], d["outcome"], d["for"], d["against"])
    if modes is not None:
        st.modes = modes
    return read_file(json.dumps({
        "format": "briscola-stats", "version": 1, "exported": 1, "stats": st.to_dict(),
        "matches": {"formats": {}, "counted": []}, "five": {"modes": {}, "counted": []},
        "history": {"deals": deals, "cleared": {"stats": cleared or [], "matches": [], "five": []}}}))


def test_a_file_overlapping_the_stats_adds_only_the_deals_not_counted_here():
    here = file_of([deal(1), deal(2, "loss", 40)])
    there = file_of([deal(2, "loss", 40), deal(3, "win", 90), deal(4, "draw", 60)])
    result = merge(here, there)
    st = result.bundle.stats.modes["2p-medium"]
    assert result.deals == 2
    assert (st.played, st.won, st.lost, st.drawn) == (4, 2, 1, 1)
    assert (st.points_for, st.points_against, st.best_score) == (70 + 40 + 90 + 60, 50 + 80 + 30 + 60, 90)
    assert [d.id for d in result.bundle.history.deals] == ["deal1", "deal2", "deal3", "deal4"]
    assert merge(result.bundle, there).deals == 0
    assert here.stats.modes["2p-medium"].played == 2, "the stats merged into are not changed"


def test_conflicting_counts_for_one_deal_keep_the_ones_here():
    here = file_of([deal(1, "win", 80)])
    there = file_of([deal(1, "loss", 30)], modes={"2p-medium": ModeStats(played=1, lost=1, points_for=30,
                                                                          points_against=90)})
    result = merge(here, there)
    assert result.deals == 0 and result.bundle.stats.modes == here.stats.modes


def test_erased_deals_of_the_file_are_not_brought_back():
    there = file_of([], cleared=["deal9"])
    there.stats.counted.append("deal9")
    assert merge(Bundle(), there).deals == 0


# -- bad files ----------------------------------------------------------------------------

def good_file() -> dict:
    app = make_app()
    play_deals(app, 1)
    return json.loads(exported(app))


def hostile_files() -> list:
    g = good_file()
    return [
        "", "not json", "[]", "null", json.dumps(g)[:-1],
        json.dumps({**g, "format": "something-else"}),
        json.dumps({**g, "version": 2}),
        json.dumps({**g, "version": True}),
        json.dumps({**g, "extra": 1}),
        json.dumps({k: v for k, v in g.items() if k != "history"}),
        json.dumps({**g, "stats": {"2p-medium": vars(ModeStats())}}),  # the old stored form is not a file
        json.dumps({**g, "stats": {**g["stats"], "modes": {"2p-medium": {**vars(ModeStats()), "played": "1"}}}}),
        json.dumps({**g, "stats": {**g["stats"], "modes": {"2p-medium": {**vars(ModeStats()), "won": -1}}}}),
        json.dumps({**g, "stats": {**g["stats"], "modes": {"2p-medium": {**vars(ModeStats()), "won": 10 ** 12}}}}),
        json.dumps({**g, "stats": {**g["stats"], "modes": {"__import__('os')": vars(ModeStats())}}}),
        json.dumps({**g, "stats": {**g["stats"], "counted": ["x" * 1000]}}),
        json.dumps({**g, "matches": {"formats": {"2p-medium/best-of-3": {"played": 1, "won": 2}}, "counted": []}}),
        json.dumps({**g, "history": {**g["history"], "deals": [{"id": "a"}]}}),
        "[" * 10_000 + "]" * 10_000,
        json.dumps({**g, "padding": "x" * MAX_FILE_CHARS}),
        "1" * 5000,
        None, 42, b"{}",
    ]


def test_hostile_files_are_refused_whole_with_a_message():
    backend = DictBackend()
    app = make_app(backend)
    play_deals(app, 1)
    before = dict(backend.items)
    for bad in hostile_files():
        ok, said = app.import_stats(bad)
        assert not ok, bad if not isinstance(bad, str) else bad[:80]
        assert said == ("This file can't be imported: it is not a Briscola stats file, or it is damaged. "
                        "Nothing was changed.")
    assert backend.items == before


def test_the_message_is_in_the_page_language():
    app = make_app(lang="it")
    assert app.import_stats("nope")[1].startswith("Impossibile importare")


def test_a_file_that_cannot_be_saved_says_so():
    from tests.unit.test_app import BrokenBackend
    source = make_app()
    play_deals(source, 1)
    target = make_app(BrokenBackend())
    ok, said = target.import_stats(exported(source))
    assert ok and "Deals added: 1" in said and "could not be saved" in said
    assert target.stats.modes["2p-medium"].played == 1, "kept for this visit"


# -- charts -------------------------------------------------------------------------------

def test_rolling_win_rate_and_runs():
    assert charts.rolling_win_rate([]) == [] and charts.winning_runs([]) == []
    outcomes = ["win"] * 10 + ["loss"] * 10
    rates = charts.rolling_win_rate(outcomes)
    assert rates[9] == 100 and rates[14] == 50 and rates[19] == 0
    assert charts.winning_runs(["loss", "win", "draw", "win", "win"]) == [1, 2]


def test_charts_state_their_numbers_and_never_nan():
    app = make_app()
    play_deals(app, 4)
    section = app.stats_rows()[0]
    html = render.stats_html(app.stats_rows(), app.tr)
    assert html.count('<svg class="chart') == 3 and html.count('role="img"') == 3
    for d in section.deals:
        assert f"{d.points_for} (" in html, "each deal's points are in the text of the chart"
    assert "Win rate (last 10 deals at each point): " in html
    assert f"Best streak: {app.stats.modes['2p-medium'].best_streak}." in html
    assert "NaN" not in html and "inf" not in html
    for svg in (charts.win_rate_svg([], "R", str), charts.points_svg([], "P", {}, str),
                charts.streaks_svg([], "S", "", str)):
        assert "NaN" not in svg and "inf" not in svg and 'role="img"' in svg


def test_no_charts_for_a_mode_without_history_and_words_in_every_language():
    app = make_app()
    play_deals(app, 1)
    app.history = History()
    assert "<svg" not in render.stats_html(app.stats_rows(), app.tr)
    app = make_app(lang="fa")
    play_deals(app, 2)
    html = render.stats_html(app.stats_rows(), app.tr)
    assert "درصد برد" in html and "٪" in html
    labels = re.findall(r'aria-label="([^"]*)"', html)
    points = next(x for x in labels if x.startswith(app.tr.t("chart_points")))
    assert "، " in points and ", " not in points  # the values one after another with the Persian comma


def test_the_streaks_chart_says_when_no_deal_is_won_yet():
    from briscola_app.stats import DealResult
    lost = [DealResult(str(i), i, "2p-medium", "loss", 50, 70) for i in range(3)]
    svg = charts.streaks_svg(lost, "Winning streaks", "Best streak: 0.", str, none="No deal won yet")
    assert '<text class="none"' in svg and ">No deal won yet</text>" in svg
    assert 'aria-label="Winning streaks: No deal won yet. Best streak: 0."' in svg
    won = lost + [DealResult("w", 9, "2p-medium", "win", 70, 50)]
    svg = charts.streaks_svg(won, "Winning streaks", "Best streak: 1.", str, none="No deal won yet")
    assert "No deal won yet" not in svg and svg.count('class="bar bar-win"') == 1
    app = make_app(lang="it")
    play_deals(app, 2)
    html = render.stats_html(app.stats_rows(), app.tr)
    won_any = any(d.outcome == "win" for d in app.stats_rows()[0].deals)
    assert ("Ancora nessuna partita vinta" in html) is not won_any


def test_chart_text_is_escaped():
    from briscola_app.stats import DealResult
    svg = charts.points_svg([DealResult("a", 1, "2p-medium", "win", 70, 50)], "<b>&", {"win": '"x"'}, str)
    assert "<b>" not in svg and "&lt;b&gt;&amp;" in svg and "&quot;x&quot;" in svg


# -- matches and Briscola chiamata's contracts ---------------------------------------------

def a_device_with_a_match_and_a_contract(start: int) -> App:
    """A device on which a best-of-3 match was played to its end, then a Briscola chiamata
    deal in which the person was the caller: both the match and the contract counted."""
    from tests.unit.test_app_chiamata import drive, pass_or_first, the_person_calls
    from tests.unit.test_app_variants import make_app as variant_app, play_match
    backend = DictBackend()
    app = variant_app(backend, start=start, match="best-of-3")
    play_match(app)
    assert app.match_stats.formats["2p-medium/best-of-3"].played == 1
    five = the_person_calls(starts=range(start + 50_000, start + 50_600, 20))  # ids apart from the match's
    drive(five, pass_or_first)
    assert five.five_stats.modes["5p-medium-chiamata"].taken == 1
    # one device: the match's stats and the chiamata deal's, as a tab of each would leave them
    _, text = five.export_stats()
    assert app.import_stats(text)[0]
    assert app.five_stats.modes == five.five_stats.modes
    return app


def test_matches_and_contracts_in_a_file_are_added_once():
    source = a_device_with_a_match_and_a_contract(3000)
    assert source.five_stats.modes["5p-medium-chiamata"].taken == 1
    target = other_device()
    play_deals(target, 1)
    ok, said = target.import_stats(exported(source))
    assert ok and said.endswith("Matches added: 1."), said
    assert target.match_stats.formats == source.match_stats.formats
    assert target.five_stats.modes == source.five_stats.modes
    assert set(source.match_stats.counted) <= set(target.match_stats.counted)
    assert target.store.load("matches", lambda d: d)["formats"] == {"2p-medium/best-of-3": vars(
        source.match_stats.formats["2p-medium/best-of-3"])}
    assert target.store.load("five", lambda d: d)["modes"] == {
        "5p-medium-chiamata": vars(source.five_stats.modes["5p-medium-chiamata"])}
    before = (target.match_stats.to_dict(), target.five_stats.to_dict())
    assert target.import_stats(exported(source))[1].startswith("Nothing added")
    assert (target.match_stats.to_dict(), target.five_stats.to_dict()) == before


def test_matches_and_contracts_add_to_those_here_and_come_back_after_a_reset():
    here = a_device_with_a_match_and_a_contract(3000)
    there = a_device_with_a_match_and_a_contract(5000)
    assert set(here.match_stats.counted).isdisjoint(there.match_stats.counted)
    mine = here.match_stats.formats["2p-medium/best-of-3"]
    theirs = there.match_stats.formats["2p-medium/best-of-3"]
    mine_five = here.five_stats.modes["5p-medium-chiamata"]
    theirs_five = there.five_stats.modes["5p-medium-chiamata"]
    text = exported(here)
    ok, said = here.import_stats(exported(there))
    assert ok and "Matches added: 1" in said
    got = here.match_stats.formats["2p-medium/best-of-3"]
    assert got == MatchCount(mine.played + theirs.played, mine.won + theirs.won) and got.played == 2
    five = here.five_stats.modes["5p-medium-chiamata"]
    assert (five.taken, five.made, five.game_points) == (
        2, mine_five.made + theirs_five.made, mine_five.game_points + theirs_five.game_points)
    here.reset_stats()
    assert here.match_stats.formats == {} and here.five_stats.modes == {}
    ok, said = here.import_stats(text)  # the file made before the other device's was added
    assert ok and "Matches added: 1" in said
    assert here.match_stats.formats == {"2p-medium/best-of-3": mine}
    assert here.five_stats.modes == {"5p-medium-chiamata": mine_five}
    # the other device's match stays erased: brought back only by a file that holds it
    assert here.history.cleared["matches"] == there.match_stats.counted
    assert here.history.cleared["five"] == there.five_stats.counted


def test_a_file_sharing_a_match_with_these_stats_leaves_their_matches_as_they_are():
    ours = MatchStats({"2p-medium/best-of-3": MatchCount(1, 1)}, ["m1"])
    theirs = MatchStats({"2p-medium/best-of-3": MatchCount(2, 0), "2p-hard/best-of-5": MatchCount(1, 1)},
                        ["m1", "m2", "m3"])
    result = merge(Bundle(matches=ours), Bundle(matches=theirs))
    assert result.matches == 0 and result.bundle.matches == ours
    apart = merge(Bundle(matches=ours), Bundle(matches=MatchStats(theirs.formats, ["m2", "m3"])))
    assert apart.matches == 3
    assert apart.bundle.matches.formats == {"2p-medium/best-of-3": MatchCount(3, 1),
                                            "2p-hard/best-of-5": MatchCount(1, 1)}
    assert apart.bundle.matches.counted == ["m1", "m2", "m3"]
    assert ours.formats["2p-medium/best-of-3"] == MatchCount(1, 1), "the stats merged into are not changed"
