"""The results kept: each deal, match, five-player contract and pass-and-play deal
counted once into the stored stats, merged with what other tabs wrote, and the stats to a
file and back.

:class:`Results` is a part of :class:`~.controller.App` (its base class): it reads and
writes the app's ``stats``, ``match_stats``, ``five_stats``, ``history`` and
``people_stats`` and their ``pending_*`` lists (results whose write failed, tried again at
the next save), through ``self.store``. Each count is merged into the stats as stored now
(:mod:`.stats`), so two tabs that finish deals at once lose neither.
"""

from __future__ import annotations

import json
import time
from typing import Any, Callable

from briscola.game import Game

from .models import HUMAN
from .saved import SavedDeal, SavedMatch
from .stats import (PEOPLE_ONLY, FiveStats, History, MatchStats, PeopleStats, Stats, match_key, mode_key,
                    validate_five_stats, validate_history, validate_match_stats, validate_people_stats,
                    validate_stats)
from .statsio import Bundle, export_data, merge, read_file
from .storage import BadData


class Results:
    # -- stats ------------------------------------------------------------------------
    def _side_points(self, game: Game) -> tuple[int, int]:
        mine = game.side_of[HUMAN]
        sides = game.team_points()
        return sides[mine], sum(sides) - sides[mine]

    def _fresh(self, key: str, validate: Callable[[Any], Any], known: Any, empty: Callable[[], Any]) -> Any:
        """A stored result value as stored now (another tab may have added to it), or as
        this tab knows it (``known``) when storage cannot be read."""
        if not self.store.readable:
            return known
        return self.store.load(key, validate) or empty()

    def _fresh_stats(self) -> Stats:
        return self._fresh("stats", validate_stats, self.stats, Stats)

    def _fresh_match_stats(self) -> MatchStats:
        return self._fresh("matches", validate_match_stats, self.match_stats, MatchStats)

    def _fresh_five_stats(self) -> FiveStats:
        return self._fresh("five", validate_five_stats, self.five_stats, FiveStats)

    def _fresh_history(self) -> History:
        return self._fresh("history", validate_history, self.history, History)

    def _fresh_people_stats(self) -> PeopleStats:
        return self._fresh("people_stats", validate_people_stats, self.people_stats, PeopleStats)

    def _count(self, deal_id: str, level: str, game: Game, outcome: str,
               points_for: int, points_against: int) -> None:
        key = mode_key(game.n, level, game.rules.variant)
        self.pending.append((deal_id, key, outcome, points_for, points_against))
        self.pending_history.append((deal_id, key, outcome, points_for, points_against, self.clock()))
        self._flush_results()

    def _count_people(self, saved: SavedDeal, game: Game, abandoned: bool = False) -> None:
        """A pass-and-play deal: played (and won or not) by each person in it, under their
        name; abandoned, lost by each."""
        m = saved.match
        assert m is not None and saved.people is not None
        result = ["loss"] * game.n if abandoned else game.result()
        out: dict[str, str] = {}
        for engine, page in enumerate(m.seats):
            name = saved.people[page] if page < len(saved.people) else None
            if name is not None:
                out.setdefault(self.person_name(page, name), result[engine])
        # with no computer at the table the level played no part: filed under PEOPLE_ONLY
        level = saved.level if len(saved.people) < game.n or None in saved.people else PEOPLE_ONLY
        key = mode_key(game.n, level, game.rules.variant)
        self.pending_people.append((saved.id, key, tuple(out.items())))
        self._flush_results()

    def _count_five(self, saved: SavedDeal, game: Game, made: bool, game_points: int) -> None:
        """Briscola chiamata: the person's contracts (taken, made) and game points."""
        taken = game.caller == HUMAN
        self.pending_five.append((saved.id, mode_key(game.n, saved.level, game.rules.variant), taken,
                                  taken and made, game_points))
        self._flush_results()

    def _count_match(self, m: SavedMatch, level: str, won: bool) -> None:
        key = match_key(mode_key(m.match.players, level, m.variant), m.match.format)
        self.pending_matches.append((m.id, key, won))
        self._flush_results()

    def _flush_results(self) -> None:
        """Add the results not yet written to the stored stats. A result whose write
        failed (storage full) stays pending and is tried again at the next save."""
        if self.pending:
            self.stats = self._merge_and_save(self.pending, self._fresh_stats(), "stats")
        if self.pending_matches:
            self.match_stats = self._merge_and_save(self.pending_matches, self._fresh_match_stats(), "matches")
        if self.pending_five:
            self.five_stats = self._merge_and_save(self.pending_five, self._fresh_five_stats(), "five")
        if self.pending_history:
            self.history = self._merge_and_save(self.pending_history, self._fresh_history(), "history")
        if self.pending_people:
            self.people_stats = self._merge_and_save(self.pending_people, self._fresh_people_stats(), "people_stats")

    def _merge_and_save(self, pending: list, merged: Any, key: str) -> Any:
        """Add ``pending`` results to the stored ``merged`` (re-read just now) and write it;
        the results leave ``pending`` once written, or when nothing was new."""
        added = [merged.add(*result) for result in pending]
        if not any(added) or self.store.save(key, merged.to_dict()) or not self.store.readable:
            pending.clear()
        return merged

    def refresh_stats(self) -> None:
        """Read the stats again (another tab changed them). This tab's results that could
        not be written (storage full) are tried again, and those still waiting are added
        to what is shown: a deal just finished is in the stats the person opens."""
        self._flush_results()
        self.stats = self._with_pending(self._fresh_stats(), self.pending)
        self.match_stats = self._with_pending(self._fresh_match_stats(), self.pending_matches)
        self.five_stats = self._with_pending(self._fresh_five_stats(), self.pending_five)
        self.history = self._with_pending(self._fresh_history(), self.pending_history)
        self.people_stats = self._with_pending(self._fresh_people_stats(), self.pending_people)

    @staticmethod
    def _with_pending(stats: Any, pending: list) -> Any:
        for result in pending:
            stats.add(*result)
        return stats

    def reset_stats(self) -> None:
        """Erase every count; the ids of deals and matches already counted are kept, so
        one that ended before the reset is not counted after it by another tab. The
        history is emptied, and remembers those ids as erased (an import may add them back)."""
        self.stats = Stats(counted=self._fresh_stats().counted)
        self.match_stats = MatchStats(counted=self._fresh_match_stats().counted)
        self.five_stats = FiveStats(counted=self._fresh_five_stats().counted)
        self.history = History(cleared={"stats": list(self.stats.counted), "matches": list(self.match_stats.counted),
                                        "five": list(self.five_stats.counted)})
        counted = self._fresh_people_stats().counted
        self.people_stats = PeopleStats(counted=counted, cleared=list(counted))
        self.store.save("stats", self.stats.to_dict())
        self.store.save("matches", self.match_stats.to_dict())
        self.store.save("five", self.five_stats.to_dict())
        self.store.save("history", self.history.to_dict())
        self.store.save("people_stats", self.people_stats.to_dict())

    # -- stats to a file and back -------------------------------------------------------
    def export_stats(self) -> tuple[str, str]:
        """(file name, JSON text) of every stats key as stored now."""
        self.refresh_stats()
        now = self.clock()
        day = time.strftime("%Y-%m-%d", time.gmtime(now // 1000))
        data = export_data(Bundle(self.stats, self.match_stats, self.five_stats, self.history, self.people_stats), now)
        return f"briscola-stats-{day}.json", json.dumps(data, separators=(",", ":"))

    def import_stats(self, text: object) -> tuple[bool, str]:
        """Merge a file's stats into the stored ones; (whether it was read, what to say).
        A bad file changes nothing."""
        try:
            incoming = read_file(text)
        except (BadData, TypeError, ValueError, KeyError, AttributeError, RecursionError):
            return False, self.tr.t("import_bad")
        self.refresh_stats()
        result = merge(Bundle(self.stats, self.match_stats, self.five_stats, self.history, self.people_stats), incoming)
        if not result.deals and not result.matches and not result.people:
            return True, self.tr.t("import_nothing")
        b = result.bundle
        self.stats, self.match_stats, self.five_stats, self.history = b.stats, b.matches, b.five, b.history
        self.people_stats = b.people
        saved = [self.store.save(name, part.to_dict()) for name, part in
                 (("stats", b.stats), ("matches", b.matches), ("five", b.five), ("history", b.history),
                  ("people_stats", b.people))]
        said = self.tr.t("import_done", deals=result.deals + result.people, matches=result.matches)
        if not all(saved):
            said += " " + self.tr.t("import_unsaved")
        return True, said

