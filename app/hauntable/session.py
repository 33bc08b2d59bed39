"""A game being played at the table: the game definition, the current step and (optionally) its log.

Front-ends (``hauntable play``, the bot, the touch UI) talk to a :class:`Session`, never to the log::

    with GameLog(db_path()) as log:
        session = Session.new("betrayal", config, log=log)     # or Session.resume(log, game_id)
        step = session.submit(inp, source="touch")              # a Rejection changes and logs nothing
        print(session.step.awaiting, session.state_hash)

``submit`` logs an accepted input before returning, so whatever a player has seen accepted survives a
power cut; ``resume`` replays the log and checks the recorded state hash (all of them only on a mismatch),
so a log that no longer replays to the same game (changed rules or content, damage) is reported instead of
silently diverging; ``recover`` keeps every input up to such a point and continues from there.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator
from typing import Any

from hauntable.engine.game import GameDefinition, Step, find_game, game_names
from hauntable.engine.hashing import state_hash
from hauntable.engine.inputs import Input
from hauntable.engine.rejections import HauntableError
from hauntable.engine.takeback import Offer, Timeline
from hauntable.engine.verify import Verified, hash_distance, verify
from hauntable.gamelog import OVER, GameLog, LogError, LoggedInput, LogReadError, LogWriteError


class ResumeError(HauntableError):
    """A logged game does not replay to what was recorded: an input is refused or a state hash differs."""

    code = "log/diverged"

    def __init__(self, game_id: int, seq: int, message: str):
        super().__init__(f"game {game_id}, seq {seq}: {message}")
        self.game_id = game_id
        self.seq = seq


class Session:
    """One game in play. ``game_id`` is None when there is no log (tests, throwaway games)."""

    def __init__(
        self,
        game: GameDefinition,
        step: Step,
        log: GameLog | None = None,
        game_id: int | None = None,
        timeline: Timeline | None = None,
    ):
        if (log is None) != (game_id is None):
            raise ValueError("a session needs both a log and a game id, or neither")
        self.game = game
        self.log = log
        self.game_id = game_id
        self._timeline = timeline if timeline is not None and timeline.step is step else Timeline(game, step)
        self._hash: str | None = None

    @classmethod
    def new(cls, game_name: str, config: Any, log: GameLog | None = None) -> Session:
        """Start a game; with a log, record it there first. ``config`` is the game's config or its JSON.

        A bad config raises (BadConfig) before anything is logged.
        """
        game = find_game(game_name)
        if isinstance(config, dict):
            config = game.config_from_json(config)
        step = game.new_game(config)
        if log is None:
            return cls(game, step)
        config_json = config.to_json()
        # resume rebuilds the game from this JSON, so refuse a config that does not round-trip now
        again = game.new_game(game.config_from_json(config_json))
        if state_hash(again.state) != state_hash(step.state):
            raise ValueError(
                f"{game.name} config does not round-trip through JSON; the game could not resume"
            )
        return cls(game, step, log, log.new_game(game.name, config_json))

    @classmethod
    def resume(
        cls,
        log: GameLog,
        game_id: int,
        check: str = "last",
        progress: Callable[[int], None] | None = None,
    ) -> Session:
        """Rebuild a logged game by replaying its inputs; raises ResumeError unless all of it replays.

        ``check="last"`` (the default) compares only the final recorded hash and, only if that differs,
        replays again checking every hash, so the error names the first divergent seq; ``"every"``
        checks each one. A recorded hash a few characters off is a damaged record of the same state and
        does not stop the game (:mod:`hauntable.engine.verify`). A game found over whose status still
        says playing (killed between the last append and the mark) is marked over.
        """
        session, verified = cls._replay(log, game_id, check, progress)
        if verified.problem is not None:
            raise ResumeError(game_id, verified.problem_seq, verified.problem)
        return session

    @classmethod
    def recover(
        cls, log: GameLog, game_id: int, progress: Callable[[int], None] | None = None
    ) -> tuple[Session, Verified]:
        """Resume as much of a logged game as replays as recorded: all of it, or every input up to the
        first damaged or divergent one. When a row had to be identified by its hash, or inputs were lost,
        the kept inputs continue as a new game with the rows as they should read (the log stays
        append-only; the old game is marked abandoned with its rows kept for inspection) and the returned
        ``Verified`` says what was repaired or lost. Raises ResumeError only when not even the game's
        set-up can be read."""
        session, verified = cls._replay(log, game_id, "last", progress)
        if verified.problem is None and not verified.repaired:
            return session, verified
        hashes = list(verified.hashes[: verified.kept])
        try:
            new_id = log.fork(game_id, hashes, dict(verified.repaired))
        except (LogError, TypeError, ValueError) as exc:  # rows of a damaged file may hold any type
            raise ResumeError(game_id, verified.problem_seq, f"{verified.problem}; and {exc}") from exc
        return cls(session.game, verified.step, log, new_id, verified.timeline), verified

    @classmethod
    def _replay(
        cls, log: GameLog, game_id: int, check: str, progress: Callable[[int], None] | None
    ) -> tuple[Session, Verified]:
        record = log.game(game_id)
        if record.problem is not None:
            raise ResumeError(game_id, 0, record.problem)
        try:
            game = find_game(_known_name(record.game))
            step = game.new_game(game.config_from_json(record.config))
        except Exception as exc:  # a damaged config may hold any type anywhere
            raise ResumeError(game_id, 0, f"the logged config no longer starts a game: {exc}") from exc
        verified = verify(game, step, lambda: _readable(log, game_id), check, progress)
        if verified.problem is None and verified.step.over and record.status != OVER:
            with contextlib.suppress(LogWriteError):  # read-only or full: the next start finds it over
                log.mark(game_id, OVER)
        return cls(game, verified.step, log, game_id, verified.timeline), verified

    @property
    def step(self) -> Step:
        """The current step: ``step.state``, ``step.awaiting`` (None when over) and the last outcomes."""
        return self._timeline.step

    @property
    def state_hash(self) -> str:
        """The hash of the current state (what the log records after each input)."""
        if self._hash is None:
            self._hash = state_hash(self._timeline.step.state)
        return self._hash

    @property
    def over(self) -> bool:
        return self._timeline.step.over

    def play_on_from(self, step: Step) -> None:
        """Go on from a step made up outside the game (demos, screenshots, benchmarks): an unlogged session
        only, as no log could replay to it. Nothing before it can be taken back."""
        if self.log is not None:
            raise ValueError("a logged game goes on only from the steps its inputs give")
        self._timeline, self._hash = Timeline(self.game, step), None

    def logged_rolls(self) -> list[tuple[str, int]]:
        """Every roll in this game's log as ``(source, number of dice)``, in order (none without a log):
        virtual dice made again for a resumed game wind past them (``VirtualDice.wind_past``)."""
        if self.log is None or self.game_id is None:
            return []
        rolls = []
        for entry in self.log.iter_inputs(self.game_id):
            payload = entry.payload
            if entry.kind == "roll" and isinstance(payload, dict):
                faces = payload.get("faces")
                rolls.append((str(payload.get("source", "")), len(faces) if isinstance(faces, list) else 0))
        return rolls

    def take_back_offer(self) -> Offer:
        """What a take back would undo now (rule E3); raises IllegalAction naming the rule that forbids
        one (a roll, a drawn card, an earlier turn). Submit ``offer.inp`` once the players agree."""
        return self._timeline.offer()

    def submit(self, inp: Input, source: str | None = None) -> Step:
        """Apply an input; if accepted, log it (durably) and only then return the new step.

        A Rejection propagates with nothing changed or logged. If logging fails the session stays at the
        old step too, so the front-end never shows a move the log does not hold. A ``TakeBack`` (rule E3)
        is logged like any input and returns the game to an earlier state, stamped with the next seq.
        """
        timeline = self._timeline.after(inp)
        step = timeline.step
        if self.log is None or self.game_id is None:
            self._timeline, self._hash = timeline, None  # hashed lazily: no log needs it
            return step
        digest = state_hash(step.state)
        self.log.append(self.game_id, step.state.seq, inp, digest, source)
        self._timeline, self._hash = timeline, digest
        if step.over:
            self.log.mark(self.game_id, OVER)
        return step


def _readable(log: GameLog, game_id: int) -> Iterator[LoggedInput]:
    """The game's logged inputs up to the first row the file cannot give (that one as a damaged row)."""
    seq = 0
    try:
        for entry in log.iter_inputs(game_id):
            seq = entry.seq
            yield entry
    except LogReadError as exc:
        yield LoggedInput(game_id, seq + 1, "", "", "", None, "", f"unreadable: {exc}")


def _known_name(name: str) -> str:
    """The game's name, or the known name one or two characters away (a damaged byte in the record)."""
    if name in game_names():
        return name
    near = [known for known in game_names() if hash_distance(name, known) <= 2]
    return near[0] if len(near) == 1 else name
