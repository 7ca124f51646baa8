"""Versioned JSON in a key-value store (localStorage in the page, a dict in tests).

Every value is ``{"version": 1, "data": ...}`` under the ``briscola.`` prefix. Data
that cannot be read (not JSON, wrong shape, unknown version) never stops the game: the
raw text is copied to ``briscola.backup.<name>``, the key is cleared and one notice is
raised. When the store itself fails (private mode, quota full) the app keeps playing
from memory and says that nothing is being saved.
"""

from __future__ import annotations

import json
from typing import Any, Callable, Protocol

PREFIX = "briscola."
BACKUP_PREFIX = PREFIX + "backup."
VERSION = 1


class Backend(Protocol):
    def get(self, key: str) -> str | None: ...
    def set(self, key: str, value: str) -> None: ...
    def remove(self, key: str) -> None: ...


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


class BadData(ValueError):
    """Stored data of the wrong shape; raised by a loader's validator."""


class Store:
    """Named, versioned JSON records with the failure handling described above."""

    def __init__(self, backend: Backend | None) -> None:
        self.backend: Backend = backend if backend is not None else DictBackend()
        self.saving = backend is not None  # False: playing from memory only
        self.bad_data = False

    def load(self, name: str, validate: Callable[[Any], Any]) -> Any | None:
        """The stored data for ``name`` passed through ``validate`` (which returns the
        cleaned data or raises BadData), or None if there is none or it was unreadable."""
        if not self.saving:
            return None
        key = PREFIX + name
        try:
            raw = self.backend.get(key)
        except Exception:
            self._lost_storage()
            return None
        if raw is None:
            return None
        try:
            box = json.loads(raw)
            if not isinstance(box, dict) or box.get("version") != VERSION or "data" not in box:
                raise BadData(f"{name}: not a version {VERSION} record")
            data = validate(box["data"])
        except (ValueError, TypeError, KeyError, AttributeError):
            self._set_aside(name, raw)
            return None
        return data

    def save(self, name: str, data: Any) -> None:
        if not self.saving:
            return
        try:
            self.backend.set(PREFIX + name, json.dumps({"version": VERSION, "data": data}, separators=(",", ":")))
        except Exception:
            self._lost_storage()

    def clear(self, name: str) -> None:
        if self.saving:
            try:
                self.backend.remove(PREFIX + name)
            except Exception:
                self._lost_storage()

    def _set_aside(self, name: str, raw: str) -> None:
        self.bad_data = True
        try:
            self.backend.set(BACKUP_PREFIX + name, raw)
            self.backend.remove(PREFIX + name)
        except Exception:
            self._lost_storage()

    def _lost_storage(self) -> None:
        self.saving = False
