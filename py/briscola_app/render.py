"""HTML for each region of the table, from the DOM-free models (no browser needed).

Every string that reaches the page passes through :func:`html.escape` here.
"""

from __future__ import annotations

from html import escape

from .controller import CardModel, SeatModel, SideModel, SummaryModel, TableModel
from .i18n import LANGUAGES, Translator
from .settings import DECKS, LEVELS, SPEEDS, Settings
from .stats import ModeStats

MAX_BACKS = 6


def card_img(deck: str, card_id: str) -> str:
    """A card face (``1D``) or the back (``back``): one SVG file per card, which the
    build cuts from the deck's sprite sheet. Named by its button or figure, so alt=""."""
    return (f'<img src="./static/cards/{escape(deck)}/{escape(card_id)}.svg" alt="" '
            f'width="240" height="384" draggable="false" decoding="async">')


def hand_html(m: TableModel, shown: frozenset[str] = frozenset()) -> str:
    """The hand as buttons; cards not in ``shown`` (already on screen) slide in."""
    parts = []
    for i, c in enumerate(m.hand):
        cls = "card" + (" hinted" if c.hinted else "") + ("" if c.card in shown else " new")
        disabled = "" if c.enabled else " disabled"
        parts.append(
            f'<button type="button" class="{cls}" data-card="{escape(c.card)}" data-index="{i + 1}" '
            f'aria-label="{escape(c.label)}"{disabled}>{card_img(m.deck, c.card)}</button>'
        )
    return "".join(parts)


def played_html(deck: str, c: CardModel, new: bool = False) -> str:
    cls = "played" + (" winning" if c.winning else "") + (" new" if new else "")
    return (f'<figure class="{cls}" data-card="{escape(c.card)}" data-seat="{c.seat}" role="img" '
            f'aria-label="{escape(c.who)}: {escape(c.label)}">'
            f'{card_img(deck, c.card)}<figcaption class="who">{escape(c.who)}</figcaption></figure>')


def trick_html(m: TableModel, shown: frozenset[str] = frozenset()) -> str:
    return "".join(played_html(m.deck, c, c.card not in shown) for c in m.trick)


def opponents_html(m: TableModel, t: Translator) -> str:
    parts = []
    for s in m.opponents:
        parts.append(_seat_html(m.deck, s, t))
    return "".join(parts)


def _seat_html(deck: str, s: SeatModel, t: Translator) -> str:
    classes = ["seat"]
    if s.to_move:
        classes.append("to-move")
    if s.partner:
        classes.append("partner")
    partner = f' <small>({escape(t.t("partner"))})</small>' if s.partner else ""
    count = t.t("cards_in_hand", n=s.hand_count)
    backs = "".join(card_img(deck, "back") for _ in range(min(s.hand_count, MAX_BACKS)))
    pile = t.t("pile_label", who=s.name, n=s.pile_points)
    dots = ' class="thinking-dots"' if s.to_move else ""
    return (f'<div class="{" ".join(classes)}" data-seat="{s.seat}">'
            f'<div class="seat-name"><span{dots}>{escape(s.name)}</span>{partner}</div>'
            f'<div class="seat-backs" role="img" aria-label="{escape(count)}">{backs}</div>'
            f'<div class="pile" aria-label="{escape(pile)}">{escape(t.t("pile_points", n=s.pile_points))}</div>'
            f'</div>')


def score_html(sides: list[SideModel], t: Translator) -> str:
    return "".join(
        f'<li class="{"mine" if s.mine else ""}">{escape(s.label)}<b>{escape(t.number(s.points))}</b></li>'
        for s in sides
    )


def stock_html(m: TableModel) -> tuple[str, str, str]:
    """(briscola slot, stock pile, caption) for the stock corner."""
    briscola = card_img(m.deck, m.briscola.card) if m.briscola is not None else ""
    pile = card_img(m.deck, "back") if m.stock_count > 1 or (m.stock_count == 1 and m.briscola is None) else ""
    caption = f'{escape(m.stock_label)}<br><span class="trump-badge">{escape(m.trump_label)}</span>'
    return briscola, pile, caption


def summary_parts(s: SummaryModel, t: Translator) -> tuple[str, str]:
    rows = "".join(
        f'<tr class="{"mine" if side.mine else ""}"><td>{escape(side.label)}</td>'
        f'<td>{escape(t.t("points_n", n=side.points))}</td></tr>'
        for side in s.sides
    )
    return s.headline, rows


STAT_FIELDS = ("played", "won", "lost", "drawn", "points_for", "points_against", "best_score", "streak", "best_streak")


def stats_html(rows: list[tuple[str, ModeStats]], t: Translator) -> str:
    if not rows:
        return f'<p>{escape(t.t("stats_none"))}</p>'
    out = ['<table class="stats-table">']
    for title, st in rows:
        out.append(f'<tr><th colspan="2" scope="colgroup">{escape(title)}</th></tr>')
        for name in STAT_FIELDS:
            out.append(f'<tr><td>{escape(t.t(name))}</td><td data-stat="{name}">{escape(t.number(getattr(st, name)))}</td></tr>')
    out.append("</table>")
    return "".join(out)


def settings_html(s: Settings, t: Translator) -> str:
    groups = [
        ("players", "players", [(str(n), t.t("players_teams" if n in (4, 6) else "players_n", n=n)) for n in (2, 3, 4, 6)]),
        ("level", "level", [(lv, t.t(f"level_{lv}")) for lv in LEVELS]),
        ("speed", "speed", [(sp, t.t(f"speed_{sp}")) for sp in SPEEDS]),
        ("deck", "deck", [(d, t.t(f"deck_{d}")) for d in DECKS]),
    ]
    out = []
    current = s.to_dict()
    for name, label_key, choices in groups:
        out.append(f'<fieldset><legend>{escape(t.t(label_key))}</legend><div class="choices">')
        for value, label in choices:
            checked = " checked" if str(current[name]) == value else ""
            out.append(f'<label><input type="radio" name="{name}" value="{escape(value)}"{checked}>'
                       f'{escape(label)}</label>')
        out.append("</div></fieldset>")
    options = "".join(
        f'<option value="{escape(code)}" lang="{escape(code)}"{" selected" if code == s.lang else ""}>'
        f'{escape(name)}</option>' for code, name in LANGUAGES.items())
    out.append(f'<fieldset><legend><label for="lang-select">{escape(t.t("language"))}</label></legend>'
               f'<select class="lang-select" id="lang-select" name="lang">{options}</select></fieldset>')
    return "".join(out)
