"""How to play, for the variant and options being played, and the tips of a newcomer's
first deals: DOM-free, so every line can be checked without a browser.

The card order and points come from the engine's tables (:data:`briscola.cards.TABLES`),
so the page can never teach a rank or a point value the engine does not play. Each
other line is one message key, chosen by the rules (:class:`briscola.rules.Rules`).

>>> from briscola.rules import Rules
>>> from .i18n import Translator
>>> h = howto_model(Rules.preset("briscolone"), Translator("en"))
>>> "howto_trump_none" in h.keys, "howto_trump_turned" in h.keys
(True, False)
>>> [(r.card, r.points) for r in h.rows][:3]
[('1C', 11), ('3C', 10), ('10C', 4)]
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from briscola.cards import SUIT_OF, TABLES, Card, card
from briscola.core import best_play
from briscola.rules import CHIAMATA_PLAYERS, Rules

from .i18n import FRENCH_COURT, FRENCH_DECKS, Translator, card_faces, face_rank

TABLE_SUIT = "C"
"""The suit whose cards show the rank order (Cups; Hearts in the French pack)."""
TIP_DEALS = 2
"""Tips are shown in a newcomer's first deals, this many, unless turned off sooner."""
LOAD_POINTS = 10
"""A card worth at least this many points is a load (an ace, a three; a seven in seven-high)."""


@dataclass
class HowToRow:
    card: str  # record notation, names the image: "1C"
    name: str  # the rank in words: "Ace"
    points: int


@dataclass
class HowToSection:
    heading: str
    lines: list[str]
    table: bool = False  # the rank table goes after this section's first line


@dataclass
class HowToModel:
    variant: str  # the variant's name
    players: str  # "2 players", "4 players (teams)"; empty where the variant's name says it (Chiamata)
    sections: list[HowToSection]
    rows: list[HowToRow]  # the rank order of one suit, strongest first, with the points (drawn)
    keys: list[str] = field(default_factory=list)  # every message key used, for tests
    deck: str = "italian"  # the pictures the cards are drawn with (i18n.card_faces)


def rank_order(ranking: str, pack: int) -> list[HowToRow]:
    """One suit's cards, strongest first, and their points, from the engine's tables;
    without the 2 when the pack has no twos (six players)."""
    strength, points = TABLES[ranking]
    cards = sorted((card(TABLE_SUIT, r) for r in range(1, 11)), key=lambda c: -strength[c])
    if pack == 36:
        cards = [c for c in cards if c.rank != 2]
    return [HowToRow(str(c), "", points[c]) for c in cards]


def loads(ranking: str) -> tuple[int, int]:
    """The two ranks worth the most (ace, then the three or the seven), best first."""
    _, points = TABLES[ranking]
    best = sorted(range(1, 11), key=lambda r: -points[card(TABLE_SUIT, r)])
    return best[0], best[1]


MATCH_SCORING = {
    "best-of-3": "howto_match_deals", "best-of-5": "howto_match_deals",
    "game-points-11": "howto_match_game_points", "three-players": "howto_match_three",
    "points-121": "howto_match_card_points", "points-151": "howto_match_card_points",
    "game-points-10": "howto_match_chiamata_points", "game-points-15": "howto_match_chiamata_points",
    "game-points-20": "howto_match_chiamata_points",
    "deals-5": "howto_match_chiamata_deals", "deals-10": "howto_match_chiamata_deals",
}
"""How each match format scores its deals (briscola.match), said after its name."""


def howto_model(rules: Rules, tr: Translator, deck: str = "italian", match_format: str = "single") -> HowToModel:
    """How to play ``rules``, in ``tr``'s language, the cards named as ``deck`` names them."""
    keys: list[str] = []

    def t(key: str, **params: Any) -> str:
        keys.append(key)
        return tr.t(key, **params)

    french = deck in FRENCH_DECKS
    _, points = TABLES[rules.ranking]
    rows = rank_order(rules.ranking, rules.pack)
    for row in rows:
        rank = face_rank(int(row.card[:-1]), deck)
        row.name = t(f"bid_frank_{rank}" if french and rank in FRENCH_COURT else f"bid_rank_{rank}")  # a rank alone
    chiamata = rules.players == CHIAMATA_PLAYERS

    cards = [t("howto_pack", n=rules.pack)]
    if rules.pack == 39:
        cards.append(t("howto_pack_39", card=tr.card_name(card("D", 2), deck)))
    elif rules.pack == 36:
        cards.append(t("howto_pack_36"))
    cards.append(t("howto_order"))
    suit_total = sum(points[card(TABLE_SUIT, r)] for r in range(1, 11))
    cards.append(t("howto_total", suit=suit_total, all=suit_total * 4))

    deal: list[str] = []
    if chiamata:
        deal.append(t("howto_chiamata_deal", n=rules.hand_size))
        auction = (rules.auction or "ranks").replace("-", "_")
        deal.append(t("howto_auction_" + auction))
        deal.append(t("howto_chiamata_call"))
        deal.append(t("howto_call_" + auction))
    else:
        if rules.players in (4, 6):
            deal.append(t("howto_teams", n=rules.players // 2))
        else:
            deal.append(t("howto_alone", n=rules.players))
        deal.append(t("howto_hand", n=rules.hand_size))
        if rules.trump == "turned":
            deal.append(t("howto_trump_turned"))
        elif rules.trump == "first":
            deal.append(t("howto_trump_first"))
        else:
            deal.append(t("howto_trump_none"))
        deal.append(t("howto_draw_two" if rules.cards_per_trick == 2 else "howto_draw"))

    free = "howto_follow_free_none" if rules.trump == "none" else "howto_follow_free"  # no trump to play
    play: list[str] = [t("howto_follow_must" if rules.must_follow else free)]
    if rules.cards_per_trick == 2:
        play.append(t("howto_dupla"))
    play.append(t("howto_trick_none" if rules.trump == "none" else "howto_trick_trump"))
    if rules.open_hands:
        play.append(t("howto_open"))

    win: list[str] = []
    if chiamata:
        win.append(t("howto_win_chiamata_ranks" if rules.auction == "ranks" else "howto_win_chiamata"))
        win.append(t("howto_chiamata_scores"))
    elif rules.players == 3:
        win.append(t("howto_win_three"))
    else:
        win.append(t("howto_win"))
    if match_format != "single":
        win.append(t("howto_match", format=t("match_" + match_format.replace("-", "_"))))
        win.append(t(MATCH_SCORING[match_format]))

    options: list[str] = []  # the settings' labels, said as sentences
    if rules.redeal_ace_three:
        options.append(tr.sentence(t("option_redeal")))
    if rules.trump_exchange:
        options.append(tr.sentence(t(f"option_exchange_{rules.trump_exchange}")))
        options.append(t("howto_exchange_when"))
    if rules.mano_negra:
        options.append(tr.sentence(t("option_mano_negra")))

    first, second = loads(rules.ranking)
    tips = [t(f"tip_loads_{second}", a=points[card(TABLE_SUIT, first)], b=points[card(TABLE_SUIT, second)]),
            t("howto_tip_lead")]

    sections = [HowToSection(t("howto_h_cards"), cards, table=True),
                HowToSection(t("howto_h_deal"), deal),
                HowToSection(t("howto_h_play"), play),
                HowToSection(t("howto_h_win"), win)]
    if options:
        sections.append(HowToSection(t("howto_h_options"), options))
    sections.append(HowToSection(t("howto_h_tips"), tips))
    # Briscola chiamata's name says "(five players)" already
    players = "" if chiamata else t("players_teams" if rules.players in (4, 6) else "players_n", n=rules.players)
    return HowToModel(t(f"variant_{rules.variant}"), players, sections, rows, keys, card_faces(deck, tr.lang))


# -- tips during a newcomer's first deals -----------------------------------------------

@dataclass(frozen=True)
class Tips:
    """What ``briscola.tips`` holds: tips on or off, whether the first-run offer of How
    to play is still due, and how many deals have been played with tips."""

    show: bool = False
    offer: bool = False
    deals: int = 0

    @property
    def active(self) -> bool:
        return self.show and self.deals < TIP_DEALS

    def to_dict(self) -> dict[str, Any]:
        return {"show": self.show, "offer": self.offer, "deals": self.deals}


NEWCOMER = Tips(show=True, offer=True, deals=0)


def validate_tips(data: Any) -> Tips:
    """The stored tips, or BadData (a ValueError) for anything else."""
    from .storage import BadData, is_count

    if not isinstance(data, dict) or set(data) != {"show", "offer", "deals"}:
        raise BadData("stored tips have the wrong fields")
    if type(data["show"]) is not bool or type(data["offer"]) is not bool or not is_count(data["deals"], 1000):
        raise BadData("stored tips have the wrong types")
    return Tips(data["show"], data["offer"], min(data["deals"], TIP_DEALS))


def trick_tip(plays: Any, trump: int | None, ranking: str, tr: Translator, deck: str = "italian") -> str:
    """Why the winning card of ``plays`` (seat, card) took the trick."""
    strength, _ = TABLES[ranking]
    _, best = best_play(plays, trump, strength)
    name = tr.card_name(Card(best), deck)
    trumps = [c for _, c in plays if SUIT_OF[c] == trump]
    led = SUIT_OF[plays[0][1]]
    if trump is not None and SUIT_OF[best] == trump and led != trump:
        return tr.t("tip_trump" if len(trumps) == 1 else "tip_high_trump", card=name)
    return tr.t("tip_suit", card=name)


def load_tip(played: Any, ranking: str, tr: Translator) -> str:
    """The tip about loads when one of ``played`` (cards) is a load, else ""."""
    _, points = TABLES[ranking]
    if not any(points[c] >= LOAD_POINTS for c in played):
        return ""
    first, second = loads(ranking)
    return tr.t(f"tip_loads_{second}", a=points[card(TABLE_SUIT, first)], b=points[card(TABLE_SUIT, second)])
