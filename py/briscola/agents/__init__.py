"""Computer players and how to name them.

An agent is anything with ``choose(view) -> action``; it sees a
:class:`~briscola.view.PlayerView` and nothing else. In the play phase the action is
the card it plays (a :class:`~briscola.cards.Card`, one of ``view.legal``), or, when
the rules offer it (``view.legal_actions``), an :class:`~briscola.model.Action`:
exchanging the 2 (or 7) of trump for the turned card, which does not end the turn (the
seat is asked again), or showing mano negra, which wins the deal at once.
:meth:`Game.apply <briscola.game.Game.apply>` takes either.

Every level shows mano negra whenever it may, and takes an offered exchange when the
turned card is the stronger trump (:func:`~.tactics.special_action` says why); the
random player picks uniformly among everything on offer. An agent that thinks for long
may also offer ``think(view)``: a generator that yields now and then (so a page can
paint between slices of work) and returns the action.
"""

from __future__ import annotations

import importlib
import inspect
from typing import Any, Callable, Generator, Protocol

from ..cards import Card
from ..model import Action
from ..view import PlayerView


class Agent(Protocol):
    def choose(self, view: PlayerView) -> Card | Action: ...


class AgentSpecError(ValueError):
    """An agent name that is neither a known level nor an importable ``module:factory``."""


_REGISTRY: dict[str, str] = {
    "random": "briscola.agents.five:RandomPlayer",
    "medium": "briscola.agents.five:MediumPlayer",
    "heuristic": "briscola.agents.five:MediumPlayer",
    "easy": "briscola.agents.five:EasyPlayer",
    "hard": "briscola.agents.five:HardPlayer",
    "expert": "briscola.agents.five:ExpertPlayer",
    "hard-2026": "briscola.agents.frozen:Hard2026",
    "expert-2026": "briscola.agents.frozen:Expert2026",
}
"""Each level is its own class (:mod:`.basic`, :mod:`.easy`, :mod:`.heuristic`,
:mod:`.hard`, :mod:`.expert`) as subclassed in :mod:`.five`, which answers only the views
of Briscola chiamata (five players) and leaves every other view to the level. The
``-2026`` names are the levels frozen as yardsticks (:mod:`.frozen`), for the arena only."""


def register(name: str, target: str) -> None:
    """Name a ``module:factory`` so the CLI and the page can ask for it by level."""
    _REGISTRY[name] = target


def known_agents() -> list[str]:
    return sorted(_REGISTRY)


def describe_failure(error: BaseException) -> str:
    """``Type: message`` of an exception on one short line, whatever its ``str`` does."""
    try:
        text = " ".join(str(error).split())
    except Exception:
        text = ""
    if len(text) > 200:
        text = text[:197] + "..."
    name = type(error).__name__
    return f"{name}: {text}" if text else name


def _load(target: str) -> Callable[..., Any]:
    module_name, _, attr = target.partition(":")
    if not module_name or not attr:
        raise AgentSpecError(f"{target!r}: expected a level or module:factory")
    try:
        module = importlib.import_module(module_name)
    except (Exception, SystemExit) as e:
        raise AgentSpecError(f"{target!r}: cannot import {module_name!r}: {describe_failure(e)}") from None
    try:
        factory = getattr(module, attr)
    except AttributeError:
        raise AgentSpecError(f"{target!r}: {module_name!r} has no {attr!r}") from None
    except Exception as e:
        raise AgentSpecError(f"{target!r}: cannot get {attr!r}: {describe_failure(e)}") from None
    if not callable(factory):
        raise AgentSpecError(f"{target!r} is not a factory: it is of type {type(factory).__name__}")
    return factory


def make_agent(spec: str, seed: int | None = None) -> Agent:
    """An agent by level name (``medium``) or ``module:factory``; ``seed`` feeds its rng
    when the factory takes a ``seed`` argument.

    Raises :class:`AgentSpecError` for a name that makes no agent: unknown, not
    importable, a factory that raises (or calls ``sys.exit``) or makes no ``choose``."""
    target = _REGISTRY.get(spec, spec)
    if ":" not in target:
        raise AgentSpecError(f"unknown agent {spec!r}: choose from {', '.join(known_agents())} or module:factory")
    factory = _load(target)
    try:
        takes_seed = "seed" in inspect.signature(factory).parameters
    except (TypeError, ValueError):
        takes_seed = False
    try:
        agent = factory(seed=seed) if takes_seed else factory()
        has_choose = callable(getattr(agent, "choose", None))
    except (Exception, SystemExit) as e:
        raise AgentSpecError(f"{spec!r} failed to make an agent: {describe_failure(e)}") from None
    if not has_choose:
        raise AgentSpecError(f"{spec!r} made no agent: its {type(agent).__name__} has no choose(view)")
    return agent


def run_to_end(steps: Generator[None, None, Any]) -> Any:
    """Run a thinking generator through without pausing; its return value."""
    while True:
        try:
            next(steps)
        except StopIteration as done:
            return done.value


def think(agent: Agent, view: PlayerView) -> Generator[None, None, Card | Action]:
    """Drive an agent one slice at a time: its own ``think`` when it has one. Returns
    what :meth:`Agent.choose` returns: a card, or an exchange or show action."""
    own = getattr(agent, "think", None)
    if own is not None:
        return (yield from own(view))
    return agent.choose(view)


__all__ = ["Agent", "AgentSpecError", "describe_failure", "make_agent", "known_agents", "register", "run_to_end",
           "think"]
