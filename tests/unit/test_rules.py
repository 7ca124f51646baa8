"""The rules object: standard presets, what check() refuses, dict round trip."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from briscola.rules import PLAYER_COUNTS, Rules, UnsupportedRuleError

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


@pytest.mark.parametrize("players", [0, 1, 5, 7, 8])
def test_standard_refuses_other_player_counts(players):
    with pytest.raises(UnsupportedRuleError, match="players"):
        Rules.standard(players)


def test_unsupported_rule_error_is_a_value_error():
    assert issubclass(UnsupportedRuleError, ValueError)


@pytest.mark.parametrize(
    "change, words",
    [
        ({"trump": "none"}, "trump mode 'none'"),
        ({"trump": "called"}, "trump mode 'called'"),
        ({"trump": "first"}, "trump mode 'first'"),
        ({"cards_per_trick": 2}, "two cards per trick"),
        ({"hand_size": 5}, "5 cards in hand"),
        ({"hand_size": 4}, "4 cards in hand"),
        ({"pack": 36}, "36-card pack"),
        ({"trump_exchange": 2}, "trump exchange"),
        ({"trump_exchange": 7}, "trump exchange"),
        ({"open_hands": True}, "open hands"),
        ({"must_follow": True}, "must follow suit"),
        ({"win_threshold": 71}, "win threshold of 71"),
    ],
)
def test_check_refuses_options_not_played_yet(change, words):
    r = replace(Rules.standard(2), **change)
    with pytest.raises(UnsupportedRuleError) as info:
        r.check()
    message = str(info.value)
    assert message.startswith("not yet supported: ")
    assert words in message


def test_check_names_every_unsupported_option_at_once():
    r = replace(Rules.standard(2), must_follow=True, open_hands=True)
    with pytest.raises(UnsupportedRuleError, match="not yet supported") as info:
        r.check()
    assert "open hands" in str(info.value) and "must follow" in str(info.value)


@pytest.mark.parametrize(
    "change, words",
    [
        ({"players": 5}, "players must be one of"),
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
