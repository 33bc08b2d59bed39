"""``hauntable play``: a whole exploration over a pipe, bad lines, numbered choices, dice, quit and resume."""

from __future__ import annotations

import argparse
import io
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from hauntable.commands import play
from hauntable.engine.bots import RandomBot
from hauntable.engine.dice import FixedDice, VirtualDice
from hauntable.engine.prompts import RollDice
from hauntable.engine.rejections import BadConfig
from hauntable.games.betrayal import GAME, GameConfig, PlayerSpec
from hauntable.session import Session
from hauntable.textui.loop import TextLoop

PLAYERS = "Ann:zoe,Ben:ox,Cy:vivian"
SEED = 5


def config(seed: int = SEED) -> GameConfig:
    players = tuple(PlayerSpec(*p.split(":")) for p in PLAYERS.split(","))
    return GameConfig(players=players, seed=seed, today="11-30")


def run_cli(*args: str, stdin: str, data_dir: Path) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, HAUNTABLE_DATA_DIR=str(data_dir))
    return subprocess.run(
        [sys.executable, "-m", "hauntable.cli", "play", *args],
        input=stdin,
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )


def run_loop(lines: list[str], dice=None, session: Session | None = None) -> tuple[int, str, Session]:
    session = session or Session.new("betrayal", config())
    out = io.StringIO()
    stdin = io.StringIO("".join(f"{line}\n" for line in lines))
    code = TextLoop(session, stdin, out, dice or VirtualDice(SEED), echo=True, tty=False).run()
    return code, out.getvalue(), session


def bot_script(seed: int) -> tuple[list[str], int | None]:
    """Play the engine in-process with the random bot; the lines a person would type, and the haunt."""
    step = GAME.new_game(config(seed))
    bot = RandomBot(seed, lambda faces, source: GAME.inputs.parse(f"roll {','.join(map(str, faces))}"))
    lines: list[str] = []
    while step.awaiting is not None:
        assert len(lines) < 8000, "the bot's game never ended"
        inp = bot.choose(step)
        if isinstance(step.awaiting, RollDice):
            lines.append(f"roll {','.join(map(str, inp.faces))}")
        elif len(lines) % 2:
            lines.append(str(step.awaiting.choices().index(inp) + 1))  # every other answer by number
        else:
            lines.append(str(inp))
        step = GAME.apply(step.state, inp)
    return lines, step.state.haunt.number


def test_a_whole_game_over_a_pipe_reaches_the_same_haunt_and_its_end(tmp_path):
    lines, number = bot_script(SEED)
    proc = run_cli(
        "--players", PLAYERS, "--seed", str(SEED), "--today", "11-30", "--no-log",
        stdin="\n".join(lines) + "\n", data_dir=tmp_path,
    )  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    assert "!" not in "".join(line[:1] for line in proc.stdout.splitlines()), "a scripted line was refused"
    assert f"Seed {SEED}" in proc.stdout
    assert "the haunt begins" in proc.stdout
    assert "THE HAUNT IS OVER" in proc.stdout and (
        "The heroes win." in proc.stdout or "side wins." in proc.stdout
    )
    assert f"Haunt {number}: " in proc.stdout
    assert "\x1b[" not in proc.stdout  # no colour on a pipe
    assert not list(tmp_path.iterdir())  # --no-log writes nothing


def test_a_bad_line_prints_the_rejection_and_the_game_goes_on():
    code, out, session = run_loop(["frobnicate", "move Q", "split might=1", "42", "move N"])
    assert code == 0
    assert "! 'frobnicate' is not a choice or an input" in out
    assert "! Move where? 'Q'" in out
    assert "! No split expected now" in out
    assert "! Choose a number from 1 to " in out
    assert session.step.state.seq == 1  # only the last line was accepted
    assert "moves to the Foyer" in out


def test_numbered_choices_and_direction_words():
    step = GAME.new_game(config())
    choices = [str(c) for c in step.awaiting.choices()]
    assert "move E" in choices
    code, out, session = run_loop([str(choices.index("move E") + 1)])
    assert code == 0
    assert f"{choices.index('move E') + 1}) move E   explore a new room" in out
    assert "discovers the" in out
    code, out, session = run_loop(["n", "South", "move n", "Move S"])
    assert "\n! " not in out
    assert session.step.state.explorers[session.step.state.turn.seat].room == "Entrance Hall"
    assert session.step.state.turn.moved == 4


def _to_first_roll(lines: list[str], seed: int = SEED) -> tuple[list[str], RollDice]:
    """Bot-chosen lines up to the first dice prompt, for tests that answer rolls by hand."""
    step = GAME.new_game(config(seed))
    bot = RandomBot(seed, lambda faces, source: GAME.inputs.parse(f"roll {','.join(map(str, faces))}"))
    while not isinstance(step.awaiting, RollDice):
        inp = bot.choose(step)
        lines.append(str(inp))
        step = GAME.apply(step.state, inp)
    return lines, step.awaiting


def test_rolls_by_enter_by_faces_and_by_roll_text():
    lines, prompt = _to_first_roll([])
    n = prompt.dice
    out = run_loop([*lines, ""], dice=FixedDice([0] * 8))[1]
    assert f"rolls {'+'.join(['0'] * n)} = 0 (" in out and "fixed)" in out
    out = run_loop([*lines, " ".join(["1"] * n)])[1]
    assert f"= {n} (" in out and "hand)" in out
    out = run_loop([*lines, "roll " + ",".join(["2"] * n)])[1]
    assert f"= {2 * n} (" in out and "hand)" in out
    out = run_loop([*lines, "r"])[1]
    assert "virtual:seed=5#1)" in out
    _, out, session = run_loop([*lines, " ".join(["3"] * n)])
    assert "! Betrayal dice show 0, 1 or 2, not 3." in out
    assert session.step.awaiting == prompt  # still waiting for the same roll


def test_eof_quit_help_and_map():
    code, out, _ = run_loop([])
    assert code == 0 and "End of input." in out
    code, out, _ = run_loop(["help", "map", "quit", "move N"])
    assert code == 0
    assert "How to answer:" in out and "Bye." in out and "moves to the Foyer" not in out
    assert out.count("GROUND FLOOR") == 2


def test_quit_and_resume_from_the_log(tmp_path):
    lines, _ = _to_first_roll([])
    args = ("--players", PLAYERS, "--seed", str(SEED), "--today", "11-30")
    first = run_cli(*args, stdin="\n".join([*lines, "", "quit"]) + "\n", data_dir=tmp_path)
    assert first.returncode == 0, first.stderr
    assert "logged as game 1" in first.stdout
    assert "continue it with: hauntable play --resume 1" in first.stdout
    assert "virtual:seed=5#1" in first.stdout
    again = run_cli("--resume", stdin="quit\n", data_dir=tmp_path)
    assert again.returncode == 0, again.stderr
    assert "Resuming game 1" in again.stdout
    # the resumed dice carry on after the logged roll instead of repeating it
    dice = play.dice_for(Session.resume(play.GameLog(tmp_path / "table.sqlite3"), 1))
    assert dice.roll(1)[1] == "virtual:seed=5#2"
    missing = run_cli("--resume", "7", stdin="", data_dir=tmp_path)
    assert missing.returncode == 2 and "No game 7" in missing.stderr


def test_resume_without_a_log_is_refused(tmp_path):
    proc = run_cli("--resume", "--no-log", stdin="", data_dir=tmp_path)
    assert proc.returncode == 2 and "--no-log" in proc.stderr
    proc = run_cli("--resume", stdin="", data_dir=tmp_path)
    assert proc.returncode == 2 and "no unfinished game" in proc.stderr


def test_options_build_the_config():
    ns = argparse.Namespace(
        players="Ann:zoe,Ben,Cy:vivian", seed=None, today=None, board="table7",
        house_rule=["haunt_roll_dice=per_omen", "revolving_wall=yes"],
    )  # fmt: skip
    cfg = play.build_config(ns)
    assert [p.name for p in cfg.players] == ["Ann", "Ben", "Cy"]
    assert cfg.players[1].character == "ox"  # the first free card
    assert cfg.board == "table7" and re.fullmatch(r"\d\d-\d\d", cfg.today)
    assert cfg.house_rules.haunt_roll_dice == "per_omen" and cfg.house_rules.revolving_wall is True
    assert len(play.parse_players("5")) == 5
    with pytest.raises(BadConfig):
        play.parse_players("Ann:nobody,Ben,Cy")
    with pytest.raises(BadConfig):
        play.parse_house_rules(["no_such_rule=1"])
    with pytest.raises(BadConfig):
        play.parse_house_rules(["misfit_tiles=sideways"])


def test_bad_options_exit_2(tmp_path):
    proc = run_cli("--players", "Ann:zoe,Ben:missy,Cy", "--no-log", stdin="", data_dir=tmp_path)
    assert proc.returncode == 2 and "two sides of one card" in proc.stderr


def test_undo_takes_back_the_last_input_and_names_the_rule_that_forbids_more():
    """Rule E3 at the terminal: ``undo`` takes back a move (the log keeps both), and a roll stays."""
    code, out, session = run_loop(["move N", "undo"])
    assert code == 0 and "Taken back: move N." in out
    state = session.step.state
    assert state.seq == 2 and state.explorers[state.turn.seat].room == "Entrance Hall"
    code, out, session = run_loop(["undo"])
    assert "! There is nothing to take back." in out
    lines, _ = _to_first_roll([])
    code, out, session = run_loop([*lines, "", "undo"])
    assert "! Dice were rolled: a roll cannot be taken back." in out
