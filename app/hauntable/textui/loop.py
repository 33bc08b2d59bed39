"""The terminal read-eval-print loop: show the screen, read a line, turn it into an input, submit it.

Streams are injected so tests drive the loop with StringIO and a subprocess with a pipe. A line is a
number (pick a listed choice), a command (help, map, look, quit), dice faces or Enter on a roll prompt, or
any input text the game reads (``move N``, ``split might=1 speed=1``, ``rotate 2``, ``target basement 1 0``).
"""

from __future__ import annotations

import os
import re
import shutil
from typing import Protocol, TextIO

from hauntable.engine.dice import VirtualDice
from hauntable.engine.game import GameDefinition, Step
from hauntable.engine.inputs import Input
from hauntable.engine.prompts import Prompt, RollDice
from hauntable.engine.rejections import Rejection, UnreadableInput
from hauntable.engine.takeback import Offer
from hauntable.games.betrayal.content import Content, load_content
from hauntable.textui import render

DIRECTION_WORDS = {
    "n": "N",
    "e": "E",
    "s": "S",
    "w": "W",
    "north": "N",
    "east": "E",
    "south": "S",
    "west": "W",
    "up": "up",
    "down": "down",
    "u": "up",
    "d": "down",
}
FACES = re.compile(r"^\d+([\s,]+\d+)*$")
PIPE_WIDTH = 100  # fixed map width off a terminal, so piped output does not depend on the environment

HELP = """\
How to answer:
  1, 2, ...             pick a numbered choice
  move N  (or n, north) move N, E, S, W, up or down (an open door finds a room)
  end                   end your turn
  rotate 2              turn the new tile (0-3 quarter turns clockwise)
  split might=1 speed=1 take damage that way
  target basement 1 0   choose a cell (the map numbers the choices)
  On a dice roll: Enter (or r) throws virtual dice, or type the faces
  you threw: 2 0 1  (or roll 2,0,1)
Commands:
  map    show every floor again       look   show the whole screen again
  undo   take back the last input (not a roll or a card or room drawn from the
         virtual decks; one turn at most: rule E3); the log keeps both
  help   this text                    quit   stop; a logged game can be resumed
                                             with: hauntable play --resume
The map: a box per room, gaps in walls are doors, letters are explorers,
? marks a doorway where a new room would go. North is up."""


class Driver(Protocol):
    """What the loop needs of a game in play (a :class:`hauntable.session.Session` fits)."""

    game: GameDefinition
    game_id: int | None

    @property
    def step(self) -> Step: ...

    def submit(self, inp: Input, source: str | None = None) -> Step: ...

    def take_back_offer(self) -> Offer: ...


class TextLoop:
    """Plays one game over a pair of text streams until a side wins the haunt, ``quit`` or end of input."""

    def __init__(
        self,
        session: Driver,
        stdin: TextIO,
        stdout: TextIO,
        dice: VirtualDice,
        *,
        echo: bool | None = None,
        tty: bool | None = None,
        content: Content | None = None,
        header: str = "",
    ):
        self.session = session
        self.stdin = stdin
        self.out = stdout
        self.dice = dice
        self.tty = _isatty(stdout) if tty is None else tty
        self.color = self.tty and not os.environ.get("NO_COLOR")  # https://no-color.org
        # piped input is not shown by a terminal: echo it so a transcript reads like a session
        self.echo = (not _isatty(stdin)) if echo is None else echo
        self.content = content or load_content()
        self.header = header  # shown atop every screen: a cleared terminal would lose it otherwise

    # --- output ----------------------------------------------------------------------------------------

    def write(self, text: str = "") -> None:
        self.out.write(text + "\n")
        self.out.flush()

    def paint(self, text: str, code: str) -> str:
        """ANSI colour on a terminal only (and not with NO_COLOR set); pipes get plain text."""
        return f"\x1b[{code}m{text}\x1b[0m" if self.color else text

    def width(self) -> int:
        return shutil.get_terminal_size((PIPE_WIDTH, 40)).columns if self.tty else PIPE_WIDTH

    def show(self, step: Step) -> None:
        """The full screen for a step; on a terminal it replaces the previous one and fits its height."""
        if self.tty:
            self.out.write("\x1b[H\x1b[2J")
        else:
            self.write()  # a transcript: a blank line between one screen and the next
        if self.header:
            self.write(self.paint(self.header, "2"))
        prompt = ""
        if step.awaiting is not None:
            first, *rest = render.render_prompt(step.state, self.content, step.awaiting).splitlines()
            prompt = "\n\n" + "\n".join([self.paint(first, "1"), *rest])
        body = render.render_screen(step.state, self.content, step.outcomes, self.width(), False)
        if self.tty:
            room = shutil.get_terminal_size((PIPE_WIDTH, 40)).lines - 2 - bool(self.header)
            if body.count("\n") + prompt.count("\n") + 1 > room:
                floors = render.focus_floors(step.state)
                body = render.render_screen(
                    step.state, self.content, step.outcomes, self.width(), False, floors
                )
        self.write(body + prompt)

    def reject(self, sentence: str) -> None:
        self.write(self.paint(f"! {sentence}", "31"))

    # --- the loop --------------------------------------------------------------------------------------

    def run(self) -> int:
        """Play until the game stops, ``quit`` or end of input. Returns the process exit code."""
        step = self.session.step
        self.show(step)
        try:
            while step.awaiting is not None:
                self.out.write(self.paint("> ", "1"))
                self.out.flush()
                line = self.stdin.readline()
                if not line:
                    self.write()
                    self.write("End of input." + self.resume_hint())
                    return 0
                line = line.strip()
                if self.echo:
                    self.write(line)
                command = line.lower()
                if command in ("help", "h", "?"):
                    self.write(HELP)
                    continue
                if command in ("map", "m"):
                    marks = render.choice_marks(step.awaiting)
                    self.write(render.render_map(step.state, self.content, self.width(), marks))
                    continue
                if command in ("look", "l"):
                    self.show(step)
                    continue
                if command in ("quit", "q", "exit"):
                    self.write("Bye." + self.resume_hint())
                    return 0
                try:
                    inp: Input | None
                    if command in ("undo", "take back", "u"):
                        inp = self.session.take_back_offer().inp  # everyone at the keyboard agrees
                    else:
                        inp = self.interpret(line, step.awaiting)
                    if inp is None:
                        continue
                    step = self.session.submit(inp, source="cli")
                except Rejection as exc:
                    self.reject(exc.sentence)
                    continue
                self.show(step)
        except KeyboardInterrupt:
            self.write()
            self.write("Interrupted." + self.resume_hint())
            return 130
        self.write()
        if getattr(step.state, "haunt", None):
            self.write(self.paint(render.render_haunt(step.state), "1;31"))
        else:
            self.write("The game is over.")
        return 0

    def resume_hint(self) -> str:
        game_id = self.session.game_id
        if game_id is None:
            return ""
        return f" Game {game_id} is saved; continue it with: hauntable play --resume {game_id}"

    # --- reading a line --------------------------------------------------------------------------------

    def interpret(self, line: str, prompt: Prompt | None) -> Input | None:
        """Turn a line into an input for ``prompt``, or None when there is nothing to submit.

        Raises UnreadableInput with a sentence for the player when the line makes no sense.
        """
        game = self.session.game
        if prompt is None:
            raise UnreadableInput("The game is over.", "E2")
        if isinstance(prompt, RollDice):
            if line.lower() in ("", "r", "roll"):
                faces, source = self.dice.roll(prompt.dice)
                return game.inputs.parse(f"roll {_faces(faces)} source={source}")
            if FACES.match(line):
                faces = tuple(int(v) for v in re.split(r"[\s,]+", line))
                return game.inputs.parse(f"roll {_faces(faces)} source=hand")
        if not line:
            return None
        choices = prompt.choices()
        if line.isdigit() and choices:
            n = int(line)
            if not 1 <= n <= len(choices):
                raise UnreadableInput(f"Choose a number from 1 to {len(choices)}.", "E1")
            return choices[n - 1]
        words = line.split()
        words[0] = words[0].lower()
        direction = DIRECTION_WORDS.get(words[-1].lower())
        if direction and "move" in game.inputs and (len(words) == 1 or words[:-1] == ["move"]):
            return game.inputs.parse(f"move {direction}")  # n, north, move n
        line = " ".join(words)
        if words[0] not in game.inputs:
            raise UnreadableInput(
                f"{words[0]!r} is not a choice or an input: type a number from the list, an input like "
                "'move N', or 'help'.",
                "E1",
            )
        inp = game.inputs.parse(line)
        if inp.kind == "roll" and not any(w.startswith("source=") for w in words):
            inp = game.inputs.parse(f"{line} source=hand")  # typed faces came from a hand, not a tower
        return inp


def _faces(faces: tuple[int, ...]) -> str:
    return ",".join(map(str, faces)) or "-"


def _isatty(stream: object) -> bool:
    try:
        return bool(stream.isatty())  # type: ignore[attr-defined]
    except (AttributeError, ValueError):
        return False
