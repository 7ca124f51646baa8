"""The plain models the DOM layer paints (:mod:`.render`, :mod:`.dom`): the table, the
end-of-deal summary, the review, the settings form and the stats, as :class:`App` of
:mod:`.controller` describes them. Data only: no logic, no DOM."""

from __future__ import annotations

from dataclasses import dataclass, field

from briscola.model import PHASE_PLAY

from .stats import DealResult

HUMAN = 0
"""The page seat of the person at the device (in pass-and-play, of the device's owner)."""


@dataclass
class CardModel:
    card: str
    label: str
    seat: int = HUMAN
    who: str = ""
    enabled: bool = False
    winning: bool = False
    hinted: bool = False
    blocked: bool = False  # the person's turn, but the rules forbid it (must follow suit)


@dataclass
class CardsOutModel:
    """Every card of the pack by suit (the trump's first), strongest first: which are
    played (in a trick, the one on the table included) and which are in the hand shown;
    and the card points not yet played. A help for learning to count the cards."""

    title: str  # "Cards played"
    suits: list[tuple[str, list[tuple[CardModel, str]]]]  # (suit name, [(card, "played" | "yours" | "")])
    left: str  # "Not yet played: 37 points."
    legend: str  # "Faded: played; outlined: in your hand."


@dataclass
class SeatModel:
    seat: int  # the page seat
    name: str
    hand_count: int
    pile_points: int
    partner: bool
    to_move: bool
    dealer: bool
    cards: list[CardModel] | None = None  # face up (Scoperta), else None
    role: str = ""  # Briscola chiamata: "caller", or "partner" once that is known to the person
    bid: str = ""  # Briscola chiamata, in the auction: the seat's last bid, or that it passed
    feminine: bool = False  # a woman's name (Giulia): her "partner", "caller" in the feminine
    caller_feminine: bool = False  # the caller a woman: her partner's label says so ("della chiamante")


@dataclass
class SideModel:
    label: str
    points: int
    mine: bool


@dataclass
class ActionModel:
    """A button beside the hand: the trump exchange, mano negra, the next deal."""

    action: str
    label: str
    hinted: bool = False
    value: str = ""  # a bid's value, a called card
    card: str = ""  # a card shown on the button (the card a call would name)
    pressed: bool | None = None  # a toggle (the rank chosen before the suit of a call)
    short: str = ""  # the words on the button when ``label`` is its accessible name (a bid: "Three")


@dataclass
class MatchBarModel:
    format: str
    deal: str
    score: str
    label: str  # the whole line for a screen reader


@dataclass
class MatchRowModel:
    label: str
    score: str
    mine: bool


@dataclass
class MatchSummaryModel:
    deal: str  # "Deal 2"
    format: str
    rows: list[MatchRowModel]
    headline: str  # who won the match, or "" while it goes on
    outcome: str  # "win", "loss" or ""
    note: str  # the play-off, when it starts
    next_deal: bool


@dataclass
class SummaryModel:
    title: str
    headline: str
    outcome: str
    sides: list[SideModel]
    note: str = ""  # mano negra shown
    match: MatchSummaryModel | None = None
    new_label: str = ""  # New game, or New match after a match
    go: ActionModel | None = None  # the dialog's main button: the next deal, else new_label
    tricks: list[tuple[list[CardModel], str]] = field(default_factory=list)  # every trick: its cards, who took it


@dataclass
class CoverModel:
    """Pass-and-play: the cover over the table while the device goes to the next person."""

    name: str
    title: str  # "Pass to Giulia"
    note: str
    button: str  # "Show my cards"
    news: list[str] = field(default_factory=list)  # the moves the person missed, for everybody to read
    news_label: str = ""  # "Meanwhile"


@dataclass
class CoachModel:
    """The coaching of one card the person played: what the expert says, the loss in
    card points (rounded; None when there is nothing to weigh, or not yet), and whether
    it is one of the costliest decisions of the deal."""

    text: str
    loss: int | None = None
    costly: bool = False


@dataclass
class ReviewModel:
    """One step of the review after the deal (a trick), with the deal's coaching so far."""

    step: int  # from 0
    steps: int
    text: str  # the trick in words: its number, who led, who took it for how many points
    cards: list[CardModel]
    hand: list[CardModel]  # the person's hand then; the cards they played to the trick marked ``hinted``
    hand_label: str
    coach: list[CoachModel]
    progress: str  # "Analysing… 4/19", then that it is complete
    done: bool
    costly_title: str
    costly: list[tuple[int, str]]  # the costliest decisions: (the step to jump to, in words)


@dataclass
class TableModel:
    lang: str
    deck: str  # the cards' pictures (i18n.card_faces): "italian", "french", "french+rdv", ...
    opponents: list[SeatModel]
    hand: list[CardModel]
    trick: list[CardModel]
    stock_count: int
    stock_label: str
    briscola: CardModel | None  # shown under the stock until drawn (None: none turned)
    trump_label: str
    my_pile_label: str
    sides: list[SideModel]
    message: str
    your_turn: bool
    summary: SummaryModel | None
    notice: str | None
    can_review_last: bool
    actions: list[ActionModel] = field(default_factory=list)
    match: MatchBarModel | None = None
    next_card: CardModel | None = None  # the stock's next card, face up (Scoperta)
    next_label: str = ""
    variant: str = "standard"
    per_trick: int = 1  # cards each seat plays to a trick
    phase: str = PHASE_PLAY
    auction: list[tuple[str, str, bool]] = field(default_factory=list)  # (who, bid or "passed", passed)
    contract: str = ""  # Briscola chiamata: who called which card, and the points needed
    tip: str = ""  # a newcomer's tip: why the trick's card won, what the loads are worth
    offer: bool = False  # the first-run offer of How to play
    practice: bool = False  # a practice game: marked on the table, a card may be taken back
    me: int = HUMAN  # the page seat at the bottom (pass-and-play: the viewer's)
    covered: bool = False  # pass-and-play: every hand hidden
    cover: CoverModel | None = None  # pass-and-play: "Pass to Giulia", till the tap


@dataclass
class ChoiceModel:
    value: str
    label: str
    checked: bool
    disabled: bool = False
    hidden: bool = False
    text: str = ""  # a person's name (the people at the device)
    placeholder: str = ""  # the name used when none is typed
    text_label: str = ""  # the accessible name of the name's box


@dataclass
class FieldModel:
    name: str
    legend: str
    kind: str  # "radio", "check" (one checkbox), "select" or "people" (a row per seat)
    choices: list[ChoiceModel]
    hidden: bool = False
    about: str = ""  # a description under the choices (the variant's)


@dataclass
class FormModel:
    fields: list[FieldModel]


@dataclass
class StatsSection:
    title: str
    subtitle: str
    rows: list[tuple[str, str, int]]  # (stat name, label, value)
    heading: str = ""  # a heading above this section (the first of the matches)
    deals: list[DealResult] = field(default_factory=list)  # the mode's history, for its charts
