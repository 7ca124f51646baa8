"""The page's primitives: the one way Python reaches the browser.

:func:`apply` hands the page (static/js/paint.js) a list of changes in one call,
:data:`page_api` its other functions, :class:`LocalStorageBackend` its storage; a tap
or key arrives as :class:`Seen` (what paint.js read of the event as it happened).
:func:`next_frame` lets the page paint between slices of work. With :mod:`.dom` and
:mod:`.dialogs` (which use these), the only modules that import the browser.
"""

from __future__ import annotations

import asyncio
import json

import js  # type: ignore[import-not-found]
from pyodide.ffi import create_once_callable, to_js  # type: ignore[import-not-found]
from pyscript import window  # type: ignore[import-not-found]

from .storage import PREFIX

FRAME_WAIT_MS = 40
"""Between two slices of a computer's thought the page waits for the next painted frame,
or this long when no frame comes (a hidden tab paints none)."""
IN_WORKER = hasattr(js, "WorkerGlobalScope")
"""This Python runs in a worker (static/js/early.js chose it: the page is cross-origin
isolated). ``js`` is then the worker's own global scope (where PyScript defines a
``document`` of its own), and the page is reached through PyScript's ``window`` and
``document``, each access a synchronous call to the page."""


class _PageApi:
    """``window.briscolaPage`` (static/js/paint.js), each of its functions looked up once:
    from a worker every lookup is a round trip to the page, and every new object it
    returns is probed there property by property."""

    def __getattr__(self, name: str):
        function = getattr(window.briscolaPage, name)
        setattr(self, name, function)
        return function


page_api = _PageApi()


class LocalStorageBackend:
    """localStorage (or sessionStorage) behind the :class:`~briscola_app.storage.Backend`
    protocol.

    ``early``: this storage's ``briscola.*`` values as the page read them in one call at
    start (:func:`start_info`). Until :meth:`end_early`, a key not written since is read
    from there instead of from the page; after it every read is the page's."""

    def __init__(self, name: str, early: dict[str, str] | None = None) -> None:
        self.name = name
        self._storage = None
        self._early = early
        self._written: set[str] = set()

    @property
    def storage(self):
        if self._storage is None:
            self._storage = getattr(window, self.name)
        return self._storage

    def _from_early(self, key: str) -> bool:
        return self._early is not None and key.startswith(PREFIX) and key not in self._written

    def get(self, key: str) -> str | None:
        if self._from_early(key):
            assert self._early is not None
            return self._early.get(key)
        value = self.storage.getItem(key)
        return None if is_null(value) else str(value)

    def set(self, key: str, value: str) -> None:
        self._written.add(key)
        self.storage.setItem(key, value)

    def remove(self, key: str) -> None:
        self._written.add(key)
        self.storage.removeItem(key)

    def keys(self) -> list[str]:
        if self._early is not None and not self._written:
            return list(self._early)
        return [str(k) for k in as_list(window.Object.keys(self.storage))]  # one call, not one a key

    def end_early(self) -> None:
        self._early = None


def start_info() -> dict:
    """What the start reads from the page, in one call (paint.js ``startInfo``): the
    ``briscola.*`` values of localStorage and sessionStorage (None where storage is
    refused), whether this load is a reload (the tab keeps its deal), whether the system
    asks for reduced motion, whether early.js painted the table, whether How to play was
    opened from the first run's offer meanwhile, the build and the keys of the page's
    texts."""
    return json.loads(str(page_api.startInfo(PREFIX)))


def open_storage(name: str, early: dict[str, str] | None) -> LocalStorageBackend | None:
    """The browser's storage if the page may read it (``early`` is what it held at start,
    None when it refused), else None. Whether writing works is found out at each write: a
    full store still gives back what it holds."""
    return None if early is None else LocalStorageBackend(name, early)


def is_null(value) -> bool:
    """JS null and undefined (Pyodide 0.28+ gives null as ``jsnull``, not None)."""
    return value is None or type(value).__name__ in ("JsNull", "JsUndefined")


class Pressed:
    """The ``[data-action]`` element under a tap, as static/js/paint.js read it."""

    def __init__(self, action: str, disabled: bool = False, value: str | None = None,
                 step: str | None = None, dialog: str | None = None, settings: bool = False,
                 offer: bool = False) -> None:
        self.action = action
        self.disabled = disabled
        self.value = value  # its data-value (a bid, a card called, a rank)
        self.step = step  # its data-step (a trick of the review)
        self.dialog = dialog  # the id of the dialog it is in
        self.settings = settings  # it is in Settings
        self.offer = offer  # it is in the first-run offer of How to play


class Seen:
    """What static/js/paint.js read of an event as it happened (its ``facts``, one JSON
    string). Handlers read these instead of the event: from a worker every read of the
    event is a round trip to the page, and a tap's reads took 130-180 ms there on a CPU
    slowed 4x, as a cheap phone's is."""

    def __init__(self, facts: str, event=None) -> None:
        self.event = event  # the page's event, for the handlers bound to have it (Page._bind)
        seen = json.loads(facts)
        card = seen.get("card")
        # the hand's card button under a tap: (card, its place from 1, disabled)
        self.card: tuple[str, int, bool] | None = None
        if card is not None and card.get("card") and isinstance(card.get("index"), int):
            self.card = (str(card["card"]), card["index"], bool(card.get("disabled")))
        action = seen.get("action")
        self.action = Pressed(**action) if action is not None and action.get("action") else None
        self.key: str | None = seen.get("key")  # a key pressed; the storage key changed
        self.tag = str(seen.get("tag") or "")  # the event's target element
        self.persisted = bool(seen.get("persisted"))  # pageshow: from the back-forward cache
        self.visibility = str(seen.get("visibility") or "")  # visibilitychange: the page's state

    @property
    def typed_in(self) -> bool:
        """The key went to a text field (a digit in a name, its dialog closed by Escape
        just after, plays no card)."""
        return self.tag in ("INPUT", "SELECT", "TEXTAREA")


def as_list(value) -> list:
    """A JS array from the page as a Python list (in a worker it arrives as a copy)."""
    return value.to_py() if hasattr(value, "to_py") else list(value)


def mark(name: str) -> None:
    try:
        page_api.mark(name)
    except Exception:
        pass


def apply(ops: list[list]) -> bool:
    """Hand ``ops`` to the page (static/js/paint.js) in one call; True if a card was set
    moving."""
    if not ops:
        return False
    return bool(page_api.apply(to_js(ops, dict_converter=js.Object.fromEntries)))


def card_button(card: str) -> str:
    return f"#hand button[data-card='{card}']"


def next_frame():
    """A promise that settles once the browser has painted a frame (or after
    FRAME_WAIT_MS): awaiting it between slices of work keeps the page painting. In a
    worker the page paints anyway: a pause that lets the page's events in is enough."""
    if IN_WORKER:
        return asyncio.sleep(0)

    def executor(resolve, reject):
        js.requestAnimationFrame(resolve)
        js.setTimeout(resolve, FRAME_WAIT_MS)

    return js.Promise.new(create_once_callable(executor))


def browser_languages() -> list[str]:
    """``navigator.languages`` in order of preference (``navigator.language`` if absent)."""
    try:
        tags = [str(tag) for tag in js.navigator.languages]
    except Exception:
        tags = []
    return tags or [str(js.navigator.language or "")]


def set_stage(stage: int, text: str) -> None:
    # the count of bytes downloaded (boot.mjs) belongs to the first stage
    apply([["attr", "#loader-bar", "aria-valuenow", str(stage)], ["text", "#loader-text", text],
           ["text", "#loader-got", ""]])

