"""Outside bots that fail: every command reports them on one line with exit status 2.

A bot is ``module:factory``; these are written to a folder put on the path. Some cases
run ``python -m briscola`` as a real subprocess (real exit status, real stderr, the arena's
process pool); the others call :func:`briscola.cli.main` in this process.
"""

from __future__ import annotations

import io
import os
import re
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from briscola.cards import parse_card, parse_cards
from briscola.cli import main

ROOT = Path(__file__).resolve().parents[2]
TIMEOUT = 60
MODULE = "hostile_bots"

BOTS = '''
    import sys

    from briscola.cards import ALL_CARDS
    from briscola.model import Action


    class Play:
        """Answers each view with ``answer(view)``, whatever that is or does."""

        def __init__(self, answer):
            self.answer = answer

        def choose(self, view):
            return self.answer(view)


    def _raise(error):
        raise error


    def factory_raises(seed=None):
        raise RuntimeError("no agent today")


    def factory_exits():
        sys.exit(3)


    not_callable = 42


    def returns_no_agent():
        return object()


    def choose_raises():
        return Play(lambda view: _raise(ZeroDivisionError("thinking too hard")))


    def choose_exits():
        return Play(lambda view: sys.exit(0))


    def choose_exits_silently():
        return Play(lambda view: sys.exit())


    def choose_interrupted():
        return Play(lambda view: _raise(KeyboardInterrupt()))


    def illegal_card():
        return Play(lambda view: next(c for c in ALL_CARDS if c not in view.hand))


    def card_as_string():
        return Play(lambda view: str(view.legal[0]))


    def returns_none():
        return Play(lambda view: None)


    def returns_bool():
        return Play(lambda view: True)


    def returns_float():
        return Play(lambda view: float(view.legal[0]))


    def out_of_range():
        return Play(lambda view: 40)


    def illegal_action():
        return Play(lambda view: Action.show())


    def last_card():
        return Play(lambda view: view.legal[-1])


    def first_action():
        return Play(lambda view: view.legal_actions[0])
'''

FAILING_IMPORT = "raise ImportError('a dependency is missing')\n"
EXIT_AT_IMPORT = "import sys\nsys.exit('not today')\n"
ERROR_AT_IMPORT = "x = 1 / 0\n"

# bot -> words the one line must hold
BAD_BOTS = {
    f"{MODULE}:factory_raises": "RuntimeError: no agent today",
    f"{MODULE}:factory_exits": "SystemExit: 3",
    f"{MODULE}:not_callable": "not a factory",
    f"{MODULE}:returns_no_agent": "no choose",
    f"{MODULE}:no_such_factory": "no_such_factory",
    "failing_import_bot:make": "ImportError: a dependency is missing",
    "exit_at_import_bot:make": "SystemExit: not today",
    "error_at_import_bot:make": "ZeroDivisionError",
    "sys:exit": "SystemExit",
    f"{MODULE}:choose_raises": "ZeroDivisionError: thinking too hard",
    f"{MODULE}:choose_exits": "SystemExit: 0",
    f"{MODULE}:choose_exits_silently": "raised SystemExit",
    f"{MODULE}:illegal_card": "which it may not play",
    f"{MODULE}:illegal_action": "chose 'show', which it may not do (its hand: ",
    f"{MODULE}:card_as_string": "not a card",
    f"{MODULE}:returns_none": "returned None, not a card",
    f"{MODULE}:returns_bool": "returned True, not a card",
    f"{MODULE}:returns_float": "not a card",
    f"{MODULE}:out_of_range": "returned 40, not a card",
}
AT_ITS_TURN = [b for b in BAD_BOTS if ":choose" in b or b.split(":")[1] in
               ("illegal_card", "illegal_action", "card_as_string", "returns_none", "returns_bool", "returns_float",
                "out_of_range")]


@pytest.fixture(scope="module")
def bot_dir(tmp_path_factory) -> Path:
    d = tmp_path_factory.mktemp("bots")
    (d / f"{MODULE}.py").write_text(textwrap.dedent(BOTS), encoding="utf-8")
    (d / "failing_import_bot.py").write_text(FAILING_IMPORT, encoding="utf-8")
    (d / "exit_at_import_bot.py").write_text(EXIT_AT_IMPORT, encoding="utf-8")
    (d / "error_at_import_bot.py").write_text(ERROR_AT_IMPORT, encoding="utf-8")
    return d


@pytest.fixture
def bots_on_path(bot_dir, monkeypatch):
    monkeypatch.syspath_prepend(str(bot_dir))
    return bot_dir


def command(kind: str, bot: str, tmp_path: Path) -> list[str]:
    if kind == "selfplay":
        return ["selfplay", "--games", "3", "--seed", "5", "--agents", f"random,{bot}",
                "--out", str(tmp_path / "deals.jsonl")]
    if kind == "play":
        return ["play", "--seed", "5", "--opponent", bot]
    jobs = "2" if kind == "arena-jobs" else "1"
    return ["arena", "--games", "60", "--seed", "5", "--agents", f"random,{bot}", "--jobs", jobs,
            "--iterations", "1", "--no-progress"]


def run(args: list[str], bot_dir: Path, cwd: Path):
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT / "py"), str(bot_dir)]))
    return subprocess.run([sys.executable, "-m", "briscola", *args], input="1\n" * 60,
                          capture_output=True, text=True, env=env, timeout=TIMEOUT, cwd=cwd)


def the_one_line(code: int, err: str, bot: str) -> str:
    assert code == 2, err
    assert "Traceback" not in err
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("briscola: error: ")
    assert bot in lines[0]
    return lines[0]


def check_illegal_card_line(line: str) -> None:
    m = re.search(r"at seat (\d+) in deal [#\d].* played (\w+), which it may not play "
                  r"\(its hand: ([\w ]+)\)", line)
    assert m, line
    assert parse_card(m.group(2)) not in parse_cards(m.group(3))


@pytest.mark.parametrize("bot", list(BAD_BOTS))
@pytest.mark.parametrize("kind", ["selfplay", "play", "arena"])
def test_a_bad_bot_is_one_line_and_status_2_in_process(bots_on_path, tmp_path, monkeypatch, capsys,
                                                        kind, bot):
    monkeypatch.setattr(sys, "stdin", io.StringIO("1\n" * 60))
    code = main(command(kind, bot, tmp_path))
    err = capsys.readouterr().err
    line = the_one_line(code, err, bot)
    assert BAD_BOTS[bot] in line
    if bot.endswith(":illegal_card"):
        check_illegal_card_line(line)


@pytest.mark.parametrize("bot", list(BAD_BOTS))
def test_a_bad_bot_in_selfplay_as_a_real_process(bot_dir, tmp_path, bot):
    proc = run(command("selfplay", bot, tmp_path), bot_dir, tmp_path)
    line = the_one_line(proc.returncode, proc.stderr, bot)
    assert BAD_BOTS[bot] in line
    assert proc.stdout == ""


@pytest.mark.parametrize("bot", [f"{MODULE}:choose_raises", f"{MODULE}:choose_exits",
                                 f"{MODULE}:illegal_card", f"{MODULE}:returns_none", "sys:exit",
                                 "exit_at_import_bot:make"])
@pytest.mark.parametrize("kind", ["play", "arena", "arena-jobs"])
def test_a_bad_bot_as_a_real_process(bot_dir, tmp_path, kind, bot):
    proc = run(command(kind, bot, tmp_path), bot_dir, tmp_path)
    line = the_one_line(proc.returncode, proc.stderr, bot)
    assert BAD_BOTS[bot] in line
    if bot.endswith(":illegal_card"):
        check_illegal_card_line(line)
    if kind != "play":
        assert proc.stdout == ""


def test_illegal_card_names_the_seat_the_deal_and_the_card(bots_on_path, tmp_path, capsys):
    assert main(command("selfplay", f"{MODULE}:illegal_card", tmp_path)) == 2
    line = capsys.readouterr().err.strip()
    # seat 1 plays first in deal 1 (seed 5, dealer 0); the bot's card is not in its hand
    assert re.search(r"agent 'hostile_bots:illegal_card' at seat 1 in deal 1 \(seed 5\) played \w+,",
                     line), line
    check_illegal_card_line(line)


@pytest.mark.parametrize("kind", ["selfplay", "play", "arena"])
def test_keyboard_interrupt_from_a_bot_is_not_swallowed(bots_on_path, tmp_path, monkeypatch, capsys, kind):
    monkeypatch.setattr(sys, "stdin", io.StringIO("1\n" * 60))
    assert main(command(kind, f"{MODULE}:choose_interrupted", tmp_path)) == 130
    assert "error" not in capsys.readouterr().err


@pytest.mark.parametrize("bot", ["last_card", "first_action"])
@pytest.mark.parametrize("kind", ["selfplay", "play", "arena"])
def test_a_good_outside_bot_still_plays(bots_on_path, tmp_path, monkeypatch, capsys, kind, bot):
    monkeypatch.setattr(sys, "stdin", io.StringIO("1\n" * 60))
    assert main(command(kind, f"{MODULE}:{bot}", tmp_path)) == 0
    assert capsys.readouterr().err == ""


@pytest.mark.parametrize("bot", ["last_card", "first_action"])
@pytest.mark.parametrize("kind", ["selfplay", "play", "arena"])
def test_a_good_outside_bot_plays_a_variant(bots_on_path, tmp_path, monkeypatch, capsys, kind, bot):
    """A bare card and an action both do, in Dupla and with the exchange and mano negra."""
    monkeypatch.setattr(sys, "stdin", io.StringIO("1\n2\n3\n4\n" * 60))
    for flags in (["--variant", "dupla"], ["--variant", "bisca", "--mano-negra"]):
        assert main(command(kind, f"{MODULE}:{bot}", tmp_path) + flags) == 0
        assert capsys.readouterr().err == ""


@pytest.mark.parametrize("kind", ["selfplay", "play", "arena"])
def test_an_illegal_action_in_a_variant_is_one_line(bots_on_path, tmp_path, monkeypatch, capsys, kind):
    monkeypatch.setattr(sys, "stdin", io.StringIO("1\n" * 60))
    bot = f"{MODULE}:illegal_action"
    assert main(command(kind, bot, tmp_path) + ["--variant", "scoperta", "--mano-negra"]) == 2
    line = the_one_line(2, capsys.readouterr().err, bot)
    assert re.search(r"at seat \d in deal [#\d].* chose 'show', which it may not do \(its hand: [\w ]+\)$", line)
