"""HTML for each region of the table, from the DOM-free models (no browser needed).

Every string that reaches the page passes through :func:`html.escape` here.
"""

from __future__ import annotations

from html import escape

from . import charts
from .models import (ActionModel, CardModel, CardsOutModel, CoverModel, FieldModel, FormModel, MatchBarModel,
                     MatchSummaryModel, ReviewModel, SeatModel, SideModel, StatsSection, SummaryModel, TableModel)
from .howto import HowToModel
from .i18n import LETTERED_RANKS, NBSP, PORTUGUESE, Translator, face_rank
from .settings import MAX_NAME_CHARS

MAX_BACKS = 6


CARDS_DIR = "./static/cards/"


def card_src(deck: str, card_id: str) -> str:
    """The file of a card face (``1D``) or the back (``back``): one SVG file per card,
    which the build cuts from the deck's sprite sheet. ``deck`` is the pictures' name
    (:func:`briscola_app.i18n.card_faces`): a deck, with ``+<letters>`` when the French
    ace and courts print a language's own corner letters (their files are in
    ``french-<letters>``). The Portuguese deck is the French one with its Jack and Queen
    changing places."""
    deck, _, letters = deck.partition("+")
    if card_id != "back":
        rank = int(card_id[:-1])
        if deck == PORTUGUESE:
            rank = face_rank(rank, PORTUGUESE)
            card_id = f"{rank}{card_id[-1]}"
        if letters and rank in LETTERED_RANKS:
            deck = f"french-{letters}"
    if deck == PORTUGUESE:
        deck = "french"
    return f"{CARDS_DIR}{deck}/{card_id}.svg"


def card_img(deck: str, card_id: str, alt: str = "") -> str:
    """A card's picture (:func:`card_src`), named by its button or figure, so alt="" unless
    it stands alone (a face-up card in another hand)."""
    return (f'<img src="{escape(card_src(deck, card_id))}" alt="{escape(alt)}" '
            f'width="240" height="384" draggable="false" decoding="async">')


def hand_html(m: TableModel, shown: frozenset[str] = frozenset()) -> str:
    """The hand as buttons; cards not in ``shown`` (already on screen) slide in."""
    parts = []
    for i, c in enumerate(m.hand):
        cls = ("card" + (" hinted" if c.hinted else "") + (" blocked" if c.blocked else "")
               + ("" if c.card in shown else " new"))
        # a card the rules forbid now stays clickable (aria-disabled), so a click on it is
        # answered with why; out of turn the whole hand is disabled
        disabled = "" if c.enabled else ' aria-disabled="true"' if c.blocked else " disabled"
        parts.append(
            f'<button type="button" class="{cls}" data-card="{escape(c.card)}" data-index="{i + 1}" '
            f'aria-label="{escape(c.label)}"{disabled}>{card_img(m.deck, c.card)}</button>'
        )
    return "".join(parts)


def ring_places(m: TableModel) -> dict[int, str]:
    """Where each seat sits on a wide screen, as ``<opponents>-<index>`` from the person's
    left round to their right (the stylesheet places each), and ``me`` for the person
    (in pass-and-play, the person whose hand is shown)."""
    k = len(m.opponents)
    places = {s.seat: f"{k}-{i}" for i, s in enumerate(m.opponents)}
    places[m.me] = "me"
    return places


def played_html(deck: str, c: CardModel, new: bool = False, ring: str = "", nth: int = 0) -> str:
    cls = "played" + (" winning" if c.winning else "") + (" new" if new else "")
    place = f' data-ring="{ring}" data-nth="{nth}"' if ring else ""
    return (f'<figure class="{cls}" data-card="{escape(c.card)}" data-seat="{c.seat}"{place} '
            f'aria-label="{escape(c.who)}: {escape(c.label)}">'
            f'{card_img(deck, c.card)}<figcaption class="who">{escape(c.who)}</figcaption></figure>')


def trick_html(m: TableModel, shown: frozenset[str] = frozenset()) -> str:
    """The cards on the table; on a wide screen each lies in front of the seat that played
    it (a seat's second card of a Dupla trick beside its first)."""
    places = ring_places(m)
    seen: dict[int, int] = {}
    out = []
    for c in m.trick:
        nth = seen.get(c.seat, 0)
        seen[c.seat] = nth + 1
        out.append(played_html(m.deck, c, c.card not in shown, places.get(c.seat, ""), nth))
    return "".join(out)


AUCTION_SHOWN = 10
"""The latest bids and passes shown on the table: an auction in points may run to sixty,
more than a phone has room for above the bids; each seat shows its own last word."""


def auction_html(m: TableModel, t: Translator) -> str:
    """Briscola chiamata, before the play: the bids and passes so far, in order, the
    latest :data:`AUCTION_SHOWN` of them after an ellipsis for the earlier ones."""
    if not m.auction:
        return ""
    earlier = '<li class="earlier" aria-hidden="true">…</li>' if len(m.auction) > AUCTION_SHOWN else ""
    items = "".join(f'<li class="{"passed" if passed else "bid"}"><span>{escape(who)}</span> <b>{escape(bid)}</b></li>'
                    for who, bid, passed in m.auction[-AUCTION_SHOWN:])
    return f'<ol class="auction" aria-label="{escape(t.t("auction"))}">{earlier}{items}</ol>'


def opponents_html(m: TableModel, t: Translator) -> str:
    places = ring_places(m)
    return "".join(_seat_html(m.deck, s, t, places[s.seat]) for s in m.opponents)


def _seat_html(deck: str, s: SeatModel, t: Translator, ring: str = "") -> str:
    classes = ["seat"]
    if s.to_move:
        classes.append("to-move")
    if s.partner:
        classes.append("partner")
    if s.role:
        classes.append(s.role)
    # the caller's partner is said by its role (to the caller, "(partner)" said it twice);
    # a woman's label in the feminine ("compagna", "Ruferin")
    f = "_f" if s.feminine else ""
    partner = f' <small>({escape(t.t("partner" + f))})</small>' if s.partner and s.role != "partner" else ""
    if s.role:  # the partner of a woman caller: "compagno della chiamante"
        of = "_of_f" if s.role == "partner" and s.caller_feminine else ""
        partner += f' <small class="role">{escape(t.t("role_" + s.role + f + of))}</small>'
    if s.bid:
        partner += f' <small class="bid">{escape(s.bid)}</small>'
    count = t.t("cards_in_hand", n=s.hand_count)
    if s.cards is not None:
        faces = "".join(f'<li>{card_img(deck, c.card, c.label)}</li>' for c in s.cards)
        cards = f'<ul class="seat-cards open" aria-label="{escape(count)}">{faces}</ul>'
    else:
        backs = "".join(card_img(deck, "back") for _ in range(min(s.hand_count, MAX_BACKS)))
        cards = f'<div class="seat-backs" role="img" aria-label="{escape(count)}">{backs}</div>'
    pile = t.t("pile_label", who=s.name, n=s.pile_points)
    dots = ' class="thinking-dots"' if s.to_move else ""
    return (f'<div class="{" ".join(classes)}" data-seat="{s.seat}" data-ring="{ring}">'
            f'<div class="seat-name"><span{dots}>{escape(s.name)}</span>{partner}</div>'
            f'{cards}'
            f'<div class="pile" aria-label="{escape(pile)}">{escape(t.t("pile_points", n=s.pile_points))}</div>'
            f'</div>')


def score_html(sides: list[SideModel], t: Translator) -> str:
    return "".join(
        # a space between name and points: read out as "Us 0", not "Us0"
        f'<li class="{"mine" if s.mine else ""}">{escape(s.label)} <b>{escape(t.number(s.points))}</b></li>'
        for s in sides
    )


def stock_html(m: TableModel) -> tuple[str, str, str]:
    """(briscola slot, stock pile, caption) for the stock corner. The pile shows its next
    card face up when the rules show it (Scoperta)."""
    briscola = card_img(m.deck, m.briscola.card) if m.briscola is not None else ""
    pile = ""
    if m.stock_count > 1 or (m.stock_count == 1 and m.briscola is None):
        face = m.next_card.card if m.next_card is not None and m.next_card != m.briscola else "back"
        pile = card_img(m.deck, face, m.next_card.label if face != "back" and m.next_card else "")
    caption = f'{escape(m.stock_label)}<br>' if m.stock_label else ""
    caption += f'<span class="trump-badge">{escape(m.trump_label)}</span>'
    if m.contract:
        caption += f'<br><span class="contract">{escape(m.contract)}</span>'
    if m.next_label:
        caption += f'<br><span class="next-card">{escape(m.next_label)}</span>'
    return briscola, pile, caption


def actions_html(actions: list[ActionModel], deck: str = "italian", t: Translator | None = None) -> str:
    """Buttons beside the hand: the trump exchange, mano negra, the next deal; in
    Briscola chiamata the bids and the pass, or the cards the caller may call."""
    out = []
    ranks = [a for a in actions if a.action == "call-rank"]
    for a in actions:
        if a.action == "call-rank":
            continue
        cls = "hand-action" + (" hinted" if a.hinted else "") + (" primary" if a.action == "next" else "")
        cls += f" {a.action}-action" if a.action in ("bid", "pass", "call") else ""
        # any card may be called (the rank chosen first): the four of a rank by name, no
        # pictures, so that the ranks, the calls and the hand fit a phone's screen
        by_name = bool(ranks) and a.action == "call"
        cls += " by-name" if by_name else ""
        value = f' data-value="{escape(a.value)}"' if a.value else ""
        face = card_img(deck, a.card) if a.card and not by_name else ""
        named = f' aria-label="{escape(a.label)}"' if a.short else ""
        out.append(f'<button type="button" class="{cls}" data-action="{escape(a.action)}"{value}{named}>'
                   f'{face}<span>{escape(a.short or a.label)}</span></button>')
    if ranks:
        label = escape(t.t("call_rank")) if t is not None else ""
        buttons = "".join(f'<button type="button" class="hand-action rank-choice" data-action="call-rank" '
                          f'data-value="{escape(a.value)}" aria-pressed="{"true" if a.pressed else "false"}">'
                          f'{escape(a.label)}</button>' for a in ranks)
        out.insert(0, f'<div class="call-ranks" role="group" aria-label="{label}">{buttons}</div>')
    return "".join(out)


def match_bar_html(bar: MatchBarModel | None) -> str:
    if bar is None:
        return ""
    return (f'<span class="match-format">{escape(bar.format)}</span>'
            f'<span class="match-deal">{escape(bar.deal)}</span>'
            f'<b class="match-score"><bdi>{escape(bar.score)}</bdi></b>')


def summary_parts(s: SummaryModel, t: Translator) -> tuple[str, str]:
    rows = "".join(
        f'<tr class="{"mine" if side.mine else ""}"><td>{escape(side.label)}</td>'
        f'<td>{escape(t.t("points_n", n=side.points))}</td></tr>'
        for side in s.sides
    )
    return s.headline, rows


def tricks_html(s: SummaryModel, deck: str, t: Translator) -> str:
    """Every trick of the finished deal, folded under one line: the cards in the order
    they were played, the winning card marked, and who took it for how many points."""
    if not s.tricks:
        return ""
    items = "".join(
        f'<li><div class="trick review">{"".join(played_html(deck, c) for c in cards)}</div>'
        f'<p>{escape(text)}</p></li>' for cards, text in s.tricks)
    return (f'<details class="deal-tricks"><summary>{escape(t.t("deal_tricks", n=len(s.tricks)))}</summary>'
            f'<ol>{items}</ol></details>')


def review_cards_html(m: ReviewModel, deck: str) -> str:
    """A step of the review: the trick's cards in the order played (the winning one
    marked), then the person's hand at the time, the cards they played to it marked."""
    trick = "".join(played_html(deck, c) for c in m.cards)
    hand = "".join(f'<li class="{"played-card" if c.hinted else "kept"}">{card_img(deck, c.card, c.label)}</li>'
                   for c in m.hand)
    many = " many" if len(m.cards) > 4 else ""  # five or six players: smaller cards, one row on a phone
    return (f'<div class="trick review{many}">{trick}</div>'
            f'<div class="review-hand-box"><h3 class="review-hand-title">{escape(m.hand_label)}</h3>'
            f'<ul class="review-hand" aria-label="{escape(m.hand_label)}">{hand}</ul></div>')


def review_coach_html(m: ReviewModel, t: Translator) -> str:
    """The expert's word on each card the person played to the trick; one of the
    costliest decisions is highlighted, and says so in words too."""
    out = []
    for c in m.coach:
        loss = f' data-loss="{c.loss}"' if c.loss is not None else ""
        badge = f' <strong class="costly-badge">{escape(t.t("review_costly_badge"))}</strong>' if c.costly else ""
        out.append(f'<p class="coach{" costly" if c.costly else ""}"{loss}>{escape(c.text)}{badge}</p>')
    return "".join(out)


def review_costly_html(m: ReviewModel) -> str:
    """Once the coaching is complete: the costliest decisions, each a button to its trick."""
    if not m.done:
        return ""
    items = "".join(f'<li><button type="button" class="costly-jump" data-action="review-go" data-step="{step}">'
                    f'{escape(label)}</button></li>' for step, label in m.costly)
    return f'<h3>{escape(m.costly_title)}</h3>' + (f'<ol class="costly-list">{items}</ol>' if items else "")


def match_summary_html(m: MatchSummaryModel | None, sep: str = " · ") -> str:
    """The match part of the end-of-deal summary: the deal's number, the score per side
    in the format's unit, and what explains the result once the match is over (who won
    it, a play-off; the result itself is at the top of the dialog, under the deal's, in
    view on a phone turned sideways) (``sep``: the language's :attr:`Translator.sep`)."""
    if m is None:
        return ""
    rows = "".join(f'<tr class="{"mine" if r.mine else ""}"><td>{escape(r.label)}</td>'
                   f'<td>{escape(r.score)}</td></tr>' for r in m.rows)
    out = [f'<h3 class="match-title">{escape(m.format)}{escape(sep)}{escape(m.deal)}</h3>',
           f'<table class="summary-table match-table">{rows}</table>']
    if m.note:
        out.append(f'<p class="match-note">{escape(m.note)}</p>')
    return "".join(out)


def stats_html(sections: list[StatsSection], t: Translator) -> str:
    if not sections:
        return f'<p>{escape(t.t("stats_none"))}</p>'
    out = ['<table class="stats-table">']
    for section in sections:
        if section.heading:
            out.append(f'<tr><th colspan="2" scope="colgroup" class="stats-heading">'
                       f'{escape(section.heading)}</th></tr>')
        sub = f'<small>{escape(section.subtitle)}</small>' if section.subtitle else ""
        out.append(f'<tr><th colspan="2" scope="colgroup">{escape(section.title)}{sub}</th></tr>')
        for name, label, value in section.rows:
            out.append(f'<tr><td>{escape(label)}</td>'
                       f'<td data-stat="{escape(name)}">{escape(t.number(value))}</td></tr>')
        if section.deals:
            out.append(f'<tr class="charts-row"><td colspan="2">{charts_html(section, t)}</td></tr>')
    out.append("</table>")
    return "".join(out)


def charts_html(section: StatsSection, t: Translator) -> str:
    """A mode's charts: win rate, points per deal and winning streaks, each with its
    numbers in words for screen readers."""
    def percent(v: int) -> str:
        return t.t("chart_percent", value=v)
    values = {name: value for name, _, value in section.rows}
    summary = (f'{t.t("streak")}: {t.number(values.get("streak", 0))}, '
               f'{t.t("best_streak")}: {t.number(values.get("best_streak", 0))}.')
    outcomes = {"win": t.t("won"), "loss": t.t("lost"), "draw": t.t("drawn")}
    figures = [
        (t.t("chart_win_rate"), charts.win_rate_svg(section.deals, t.t("chart_win_rate"), percent, t.series)),
        (t.t("chart_points"), charts.points_svg(section.deals, t.t("chart_points"), outcomes, t.number, t.series)),
        (t.t("chart_streaks"), charts.streaks_svg(section.deals, t.t("chart_streaks"), summary, t.number,
                                                  t.series, t.t("chart_no_wins"))),
    ]
    legend = "".join(f'<span class="key key-{k}">{escape(v)}</span>' for k, v in outcomes.items())
    out = ['<div class="charts">']
    for title, svg in figures:
        out.append(f'<figure class="chart-box"><figcaption aria-hidden="true">{escape(title)}</figcaption>'
                   f'{svg}</figure>')
    out.append(f'</div><p class="chart-note"><span class="legend" aria-hidden="true">{legend}</span> '
               f'<span>{escape(t.t("chart_latest_right"))}</span></p>')
    return "".join(out)


def cards_out_html(deck: str, m: CardsOutModel | None) -> str:
    """The cards played, with Last trick: a row of small cards per suit, those played
    faded, those in the hand shown marked; each card says which in its name."""
    if m is None:
        return ""
    rows = []
    for suit, cards in m.suits:
        items = "".join(f'<li class="out-card{" out-" + state if state else ""}">{card_img(deck, c.card, c.label)}</li>'
                        for c, state in cards)
        rows.append(f'<ul class="out-suit" aria-label="{escape(suit)}">{items}</ul>')
    return (f'<h3 id="cards-out-title">{escape(m.title)}</h3>{"".join(rows)}'
            f'<p class="out-left">{escape(m.legend)} {escape(m.left)}</p>')


def cover_html(c: CoverModel | None) -> str:
    """Pass-and-play: the cover over the table, "Pass to Giulia" and the button that
    shows that person's cards."""
    if c is None:
        return ""
    news = ""
    if c.news:  # what happened since this person last held the device, public to all
        items = "".join(f"<li>{escape(line)}</li>" for line in c.news)
        news = (f'<section class="cover-news" aria-labelledby="cover-news-label"><h3 id="cover-news-label">'
                f'{escape(c.news_label)}</h3><ul>{items}</ul></section>')
    return (f'<div class="cover-card"><h2 id="cover-title">{escape(c.title)}</h2>{news}'
            f'<p class="cover-note">{escape(c.note)}</p>'
            f'<button type="button" class="primary" data-action="reveal">{escape(c.button)}</button></div>')


def settings_html(form: FormModel) -> str:
    """Every field of the settings form, those the variant does not have hidden; the
    page then only toggles attributes as the person changes it (see dom.py)."""
    return "".join(_field_html(f) for f in form.fields)


ABOUT_FIELDS = ("variant", "hand_size")
"""Fields of the settings form with a line under their choices (the variant's description;
why five cards in hand is greyed out)."""


def _field_html(f: FieldModel) -> str:
    hidden = " hidden" if f.hidden else ""
    if f.kind == "people":
        return _people_html(f, hidden)
    if f.kind == "select":
        options = "".join(
            f'<option value="{escape(c.value)}" lang="{escape(c.value)}"{" selected" if c.checked else ""}>'
            f'{escape(c.label)}</option>' for c in f.choices)
        return (f'<fieldset data-field="{escape(f.name)}"{hidden}><legend><label for="lang-select">'
                f'{escape(f.legend)}</label></legend>'
                f'<select class="lang-select" id="lang-select" name="{escape(f.name)}">{options}</select></fieldset>')
    if f.kind == "check":
        c = f.choices[0]
        return (f'<div class="option" data-field="{escape(f.name)}"{hidden}><label>'
                f'<input type="checkbox" name="{escape(f.name)}" value="1"{_state(c)}>'
                f'<span>{escape(c.label)}</span></label></div>')
    out = [f'<fieldset data-field="{escape(f.name)}"{hidden}><legend>{escape(f.legend)}</legend><div class="choices">']
    for c in f.choices:
        out.append(f'<label{" hidden" if c.hidden else ""}><input type="radio" name="{escape(f.name)}" '
                   f'value="{escape(c.value)}"{_state(c)}>{escape(c.label)}</label>')
    out.append("</div>")
    if f.name in ABOUT_FIELDS:  # the variant's description; why a choice is greyed out, when one is
        ident = ' id="variant-about"' if f.name == "variant" else ""
        out.append(f'<p class="small about"{ident}{"" if f.about else " hidden"}>{escape(f.about)}</p>')
    out.append("</fieldset>")
    return "".join(out)


def _people_html(f: FieldModel, hidden: str) -> str:
    """Players at this device: per seat, a box ticked for a person (seat 1 has none: a
    person always) and the person's name."""
    out = [f'<fieldset data-field="{escape(f.name)}"{hidden}><legend>{escape(f.legend)}</legend>',
           f'<p class="small about">{escape(f.about)}</p><div class="people">']
    for c in f.choices:
        seat = escape(c.value)
        if c.disabled:  # seat 1, the device's own: a person always
            who = f'<span class="person-fixed">{escape(c.label)}</span>'
        else:
            who = (f'<label><input type="checkbox" name="person_{seat}" value="1"{_state(c)}>'
                   f'<span>{escape(c.label)}</span></label>')
        out.append(f'<div class="person" data-seat="{seat}"{" hidden" if c.hidden else ""}>{who}'
                   f'<input type="text" name="name_{seat}" value="{escape(c.text)}" '
                   f'placeholder="{escape(c.placeholder)}" aria-label="{escape(c.text_label)}" '
                   f'maxlength="{MAX_NAME_CHARS}" autocomplete="off" spellcheck="false"'
                   f'{"" if c.checked else " disabled"}></div>')
    out.append("</div></fieldset>")
    return "".join(out)


def _state(c) -> str:
    return (" checked" if c.checked else "") + (" disabled" if c.disabled else "")


def howto_html(m: HowToModel, t: Translator) -> str:
    """How to play: the variant and players, then short sections; the first one shows the
    rank order of one suit, strongest first, drawn with the cards, with each card's points."""
    players = f"{escape(t.sep)}{escape(m.players)}" if m.players else ""
    out = [f'<p class="howto-variant"><b>{escape(m.variant)}</b>{players}</p>']
    for section in m.sections:
        out.append(f'<h3>{escape(section.heading)}</h3>')
        lines = section.lines
        if section.table:
            # under a card, in a column a fifth of a phone wide, a number may stand over its
            # word ("11" over "punktów"): a plain space, not the page's no-break one
            ranks = "".join(
                f'<li data-card="{escape(r.card)}" data-points="{r.points}">{card_img(m.deck, r.card)}'
                f'<b>{escape(r.name)}</b><span>{escape(t.t("points_n", n=r.points).replace(NBSP, " "))}</span></li>'
                for r in m.rows)
            # the lines before the last introduce the cards; the last one sums them up
            out.append("".join(f'<p>{escape(line)}</p>' for line in lines[:-1]))
            out.append(f'<ol class="howto-ranks">{ranks}</ol>')
            lines = lines[-1:]
        out.append('<ul>' + "".join(f'<li>{escape(line)}</li>' for line in lines) + '</ul>')
    return "".join(out)
