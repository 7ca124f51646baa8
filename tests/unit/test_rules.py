"""The rules object: standard presets, what check() refuses, dict round trip."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from briscola.rules import PLAYER_COUNTS, PRESETS, Rules, UnsupportedRuleError

EXPECTED = {
    # players: (pack, teams, team_of)
    2: (40, ((0,), (1,)), (0, 1)),
    3: (39, ((0,), (1,), (2,)), (0, 1, 2)),
    4: (40, ((0, 2), (1, 3)), (0, 1, 0, 1)),
    6: (36, ((0, 2, 4), (1, 3, 5)), (0, 1, 0, 1, 0, 1)),
}


def test_player_counts():
    assert tuple(PLAYER_COUNTS) == (2, 3, 4, 6)


@pytest.mark.parametrize("players", sorted(EXPECTED))
def test_standard_presets(players):
    r = Rules.standard(players)
    pack, teams, team_of = EXPECTED[players]
    assert (r.players, r.pack, r.teams, r.team_of) == (players, pack, teams, team_of)
    assert r.variant == "standard" and r.hand_size == 3 and r.trump == "turned"
    assert r.ranking == "standard" and r.cards_per_trick == 1 and r.win_threshold == 61
    assert not r.open_hands and not r.must_follow and r.trump_exchange is None
    assert not r.redeal_ace_three
    assert r.check() is r
    for t, team in enumerate(r.teams):
        for seat in team:
            assert r.team_of[seat] == t
    # partners never sit next to each other: play alternates sides
    if players in (4, 6):
        for s in range(players):
            assert r.team_of[s] != r.team_of[(s + 1) % players]


def test_default_is_two_player_standard():
    assert Rules() == Rules.standard(2) == Rules.standard()


@pytest.mark.parametrize("players", [0, 1, 7, 8])
def test_standard_refuses_other_player_counts(players):
    with pytest.raises(UnsupportedRuleError, match="players"):
        Rules.standard(players)


def test_unsupported_rule_error_is_a_value_error():
    assert issubclass(UnsupportedRuleError, ValueError)


@pytest.mark.parametrize(
    "change, words",
    [
        ({"trump": "called"}, "belong to Briscola chiamata"),
        ({"auction": "ranks"}, "belong to Briscola chiamata"),
        ({"players": 5}, "five players play Briscola chiamata"),
        ({"trump": "bogus"}, "unknown trump mode"),
        ({"cards_per_trick": 2}, "four cards in hand and two plays each a trick go together"),
        ({"cards_per_trick": 3}, "one card a trick"),
        ({"hand_size": 5}, "five cards in hand are played without a turned trump card"),
        ({"hand_size": 4}, "four cards in hand and two plays each a trick go together"),
        ({"hand_size": 7}, "not 7"),
        ({"pack": 36}, "40-card pack, not 36"),
        ({"trump_exchange": 3}, "the 2 or the 7, not 3"),
        ({"trump": "none", "trump_exchange": 2}, "trump exchange needs a turned trump card"),
        ({"trump": "first", "redeal_ace_three": True}, "re-deal of the turned card needs a turned"),
        ({"trump": "none", "mano_negra": True}, "mano negra needs a turned"),
        ({"variant": "bogus"}, "unknown variant 'bogus'"),
        ({"win_threshold": 71}, "threshold of 71 is not played"),
        ({"open_hands": 1}, "open_hands is true or false"),
    ],
)
def test_check_refuses_what_makes_no_sense(change, words):
    with pytest.raises(UnsupportedRuleError, match=words):
        replace(Rules.standard(2), **change).check()


@pytest.mark.parametrize("players", [3, 4, 6])
def test_dupla_is_for_two(players):
    with pytest.raises(UnsupportedRuleError, match=f"two-player game, not for {players} players"):
        Rules.preset("dupla", players=players)


@pytest.mark.parametrize("players", [3, 4, 6])
def test_five_card_briscolone_is_for_two(players):
    assert Rules.preset("briscolone", players=players).hand_size == 3
    with pytest.raises(UnsupportedRuleError, match=f"not for {players} players"):
        Rules.preset("briscolone", players=players, hand_size=5)


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_every_preset_checks_and_names_itself(name):
    r = Rules.preset(name)
    assert r.variant == name and r.check() is r
    for option, value in PRESETS[name].items():
        assert getattr(r, option) == value
    assert Rules.from_dict(json.loads(json.dumps(r.to_dict()))) == r


def test_preset_options_on_top():
    r = Rules.preset("briscolone", hand_size=5, must_follow=True, trump="first")
    assert (r.trump, r.hand_size, r.must_follow) == ("first", 5, True)
    with pytest.raises(UnsupportedRuleError, match="unknown rules options: jokers"):
        Rules.preset("standard", jokers=True)
    with pytest.raises(UnsupportedRuleError, match="unknown variant"):
        Rules.preset("chinese")


@pytest.mark.parametrize(
    "change, words",
    [
        ({"players": 7}, "players must be one of"),
        ({"trump": "bogus"}, "unknown trump mode"),
        ({"ranking": "bogus"}, "unknown ranking"),
    ],
)
def test_check_refuses_bad_values(change, words):
    with pytest.raises(UnsupportedRuleError, match=words):
        replace(Rules.standard(2), **change).check()


@pytest.mark.parametrize("ranking", ["southern", "seven-high"])
def test_ranking_presets_are_played(ranking):
    assert replace(Rules.standard(4), ranking=ranking).check().ranking == ranking


def test_redeal_option_is_accepted_by_check():
    # check() does not refuse it; it is listed here so a change in policy is noticed
    assert replace(Rules.standard(2), redeal_ace_three=True).check()


@pytest.mark.parametrize("players", sorted(EXPECTED))
def test_dict_round_trip(players):
    r = Rules.standard(players)
    d = r.to_dict()
    assert d["players"] == players and d["variant"] == "standard"
    assert Rules.from_dict(d) == r
    assert Rules.from_dict(json.loads(json.dumps(d))) == r
    odd = replace(r, ranking="southern", trump_exchange=7, open_hands=True)
    assert Rules.from_dict(json.loads(json.dumps(odd.to_dict()))) == odd


@pytest.mark.parametrize("players", sorted(EXPECTED))
def test_from_dict_fills_in_the_standard_preset(players):
    assert Rules.from_dict({"players": players}) == Rules.standard(players)


def test_from_dict_rejects_unknown_keys():
    d = Rules.standard(2).to_dict()
    d["jokers"] = 2
    d["bonus"] = True
    with pytest.raises(UnsupportedRuleError, match="unknown rules options: bonus, jokers"):
        Rules.from_dict(d)


def test_from_dict_needs_players():
    with pytest.raises(UnsupportedRuleError, match="player count"):
        Rules.from_dict({"variant": "standard"})


def test_rules_are_frozen_and_hashable():
    r = Rules.standard(2)
    with pytest.raises(AttributeError):
        r.players = 3  # type: ignore[misc]
    assert {r: 1}[Rules.standard(2)] == 1


def test_five_players_play_chiamata():
    r = Rules.standard(5)
    assert (r.variant, r.hand_size, r.trump, r.auction, r.pack) == ("chiamata", 8, "called", "ranks", 40)
    assert Rules.preset("chiamata", 5, auction="points").auction == "points"
    for bad, words in (({"auction": "bogus"}, "auction is one of"), ({"hand_size": 3}, "8 to each player"),
                       ({"trump_exchange": 2}, "none to exchange"), ({"must_follow": True}, "without the duty")):
        with pytest.raises(UnsupportedRuleError, match=words):
            replace(r, **bad).check()
    with pytest.raises(UnsupportedRuleError, match="Briscola chiamata is a game for five players, not 4"):
        Rules.preset("chiamata", 4)
    with pytest.raises(UnsupportedRuleError, match="Briscola chiamata ranks the cards in the standard order"):
        Rules.preset("chiamata", 5, ranking="seven-high")
    with pytest.raises(UnsupportedRuleError, match="Briscola chiamata ranks the cards in the standard order"):
        Rules.preset("chiamata", 5, ranking="southern")
    with pytest.raises(UnsupportedRuleError, match="five players play Briscola chiamata only, not Briškula dupla"):
        Rules.preset("dupla", 5)
