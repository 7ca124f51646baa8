"""Versioned JSON in a key-value store (localStorage in the page, a dict in tests).

Every value is ``{"version": 1, "data": ...}`` under the ``briscola.`` prefix. Data
that cannot be read (too large, nested too deep, not JSON, wrong shape, unknown version)
never stops the game: the raw text is copied to ``briscola.backup.<name>`` when it fits
(a second and third damage of the same key to ``…~2`` and ``…~3``, later ones over
``…~3``: the first copies, the oldest results, are never overwritten), the key is cleared
either way, and one notice is raised. Nothing read from storage is
ever imported, evaluated or used as a module path: validators turn it into plain values.

Reading and writing fail separately. A store that cannot be read at all (private mode,
storage blocked) plays from memory and says nothing is saved; a store that is full still
reads everything and says that new results are not being saved, and tries every write
again, so saving resumes as soon as there is room.
"""

from __future__ import annotations

import json
import re
from itertools import accumulate
from typing import Any, Callable, Iterable, Protocol

PREFIX = "briscola."
BACKUP_PREFIX = PREFIX + "backup."
BACKUPS_KEPT = 3
"""Copies kept of each key's unreadable values (bounded, so that data damaged at every
start cannot fill the store)."""
VERSION = 1
MAX_CHARS = 256 * 1024
"""The longest stored value read: a saved deal is about 4 KB, the stats a few KB."""
MAX_DEPTH = 32
"""Deepest nesting of arrays and objects read (a deal record nests 5 levels). Deeper
input would exhaust the stack of ``json.loads``, which in Pyodide kills the runtime."""

_STRING = re.compile(r'"(?:[^"\\]|\\.)*"', re.DOTALL)
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_DEPTH_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}


class Backend(Protocol):
    def get(self, key: str) -> str | None: ...
    def set(self, key: str, value: str) -> None: ...
    def remove(self, key: str) -> None: ...
    def keys(self) -> Iterable[str]: ...


class DictBackend:
    """A dict standing in for localStorage (unit tests, or when storage is unavailable)."""

    def __init__(self, items: dict[str, str] | None = None) -> None:
        self.items = dict(items or {})

    def get(self, key: str) -> str | None:
        return self.items.get(key)

    def set(self, key: str, value: str) -> None:
        self.items[key] = value

    def remove(self, key: str) -> None:
        self.items.pop(key, None)

    def keys(self) -> list[str]:
        return list(self.items)


class BadData(ValueError):
    """Stored data of the wrong shape; raised by a loader's validator."""


def nesting_depth(text: str) -> int:
    """How deep arrays and objects nest in JSON text, brackets inside strings ignored.

    >>> nesting_depth('{"a": [1, {"b": "]]]"}]}')
    3
    """
    brackets = _NOT_BRACKET.sub("", _STRING.sub('""', text))
    return max(accumulate(_DEPTH_STEP[c] for c in brackets), default=0)


def parse_json(raw: str, max_chars: int = MAX_CHARS, max_depth: int = MAX_DEPTH) -> Any:
    """``json.loads`` within size and depth limits; BadData for anything else.

    >>> parse_json('[[[0]]]', max_depth=2)
    Traceback (most recent call last):
    ...
    briscola_app.storage.BadData: nested deeper than 2
    """
    if not isinstance(raw, str):
        raise BadData("not text")
    if len(raw) > max_chars:
        raise BadData(f"{len(raw)} characters, more than {max_chars}")
    if nesting_depth(raw) > max_depth:
        raise BadData(f"nested deeper than {max_depth}")
    try:
        return json.loads(raw)
    except (ValueError, RecursionError) as e:  # ValueError also covers huge integers
        raise BadData(f"not JSON: {e}") from None


def is_count(value: Any, below: float = float("inf")) -> bool:
    """A whole number from 0 up to (not including) ``below``; JSON's true is not one."""
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < below


def backup_key(name: str, n: int = 1) -> str:
    """The full key of the ``n``-th copy set aside of ``name``'s unreadable values."""
    return BACKUP_PREFIX + name + ("" if n == 1 else f"~{n}")


class Store:
    """Named, versioned JSON records with the failure handling described above."""

    def __init__(self, backend: Backend | None) -> None:
        self.backend: Backend = backend if backend is not None else DictBackend()
        self.readable = backend is not None  # False: playing from memory only
        self.unsaved: set[str] = set()  # names whose last write failed (quota full)
        self.bad_data = False

    @property
    def writable(self) -> bool:
        return self.readable and not self.unsaved

    @property
    def saving(self) -> bool:
        return self.readable and self.writable

    def read(self, key: str) -> str | None:
        """The raw text under a full key, or None (also when storage cannot be read)."""
        if not self.readable:
            return None
        try:
            return self.backend.get(key)
        except Exception:
            self.readable = False
            return None

    def names(self, prefix: str) -> list[str]:
        """The names (keys without ``briscola.``) that start with ``prefix``."""
        if not self.readable:
            return []
        try:
            keys = [str(k) for k in self.backend.keys()]
        except Exception:
            self.readable = False
            return []
        start = PREFIX + prefix
        return sorted(k[len(PREFIX):] for k in keys
                      if k.startswith(start) and not k.startswith(BACKUP_PREFIX))

    def load(self, name: str, validate: Callable[[Any], Any]) -> Any | None:
        """The stored data for ``name`` passed through ``validate`` (which returns the
        cleaned data or raises BadData), or None if there is none or it was unreadable."""
        raw = self.read(PREFIX + name)
        if raw is None:
            return None
        try:
            box = parse_json(raw)
            if not isinstance(box, dict) or box.get("version") != VERSION or "data" not in box:
                raise BadData(f"{name}: not a version {VERSION} record")
            return validate(box["data"])
        except (ValueError, TypeError, KeyError, AttributeError, RecursionError):
            self._set_aside(name, raw)
            return None

    def save(self, name: str, data: Any) -> bool:
        """Write ``data``; False when it could not be written (the store then says so)."""
        if not self.readable:
            return False
        text = json.dumps({"version": VERSION, "data": data}, separators=(",", ":"))
        try:
            self.backend.set(PREFIX + name, text)
        except Exception:
            self.unsaved.add(name)
            return False
        self.unsaved.discard(name)
        return True

    def clear(self, name: str) -> None:
        if not self.readable:
            return
        try:
            self.backend.remove(PREFIX + name)
        except Exception:
            self.readable = False

    def _set_aside(self, name: str, raw: str) -> None:
        """Keep a copy of unreadable data for a person to look at, and clear the key.
        The key is cleared even when the copy does not fit: left in place it would be
        refused again at every start and, when large, keep the store full for ever."""
        self.bad_data = True
        backup = self._backup_key(name, raw)
        for attempt in range(2):
            if backup is None:  # the same text is kept already
                break
            try:
                self.backend.set(backup, raw)
                break
            except Exception:
                if attempt == 0:
                    self._remove_quietly(PREFIX + name)  # may free the room the copy needs
        self._remove_quietly(PREFIX + name)

    def _backup_key(self, name: str, raw: str) -> str | None:
        """Where to copy ``raw`` set aside from ``name``: the first free of its backup
        keys, else the last one; None when one of them already holds the same text."""
        keys = [backup_key(name, n) for n in range(1, BACKUPS_KEPT + 1)]
        for key in keys:
            held = self.read(key)
            if held == raw:
                return None
            if held is None:
                return key
        return keys[-1]

    def _remove_quietly(self, key: str) -> None:
        try:
            self.backend.remove(key)
        except Exception:
            self.readable = False
