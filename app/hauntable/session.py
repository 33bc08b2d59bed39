"""A game being played at the table: the game definition, the current step and (optionally) its log.

Front-ends (``hauntable play``, the bot, the touch UI) talk to a :class:`Session`, never to the log::

    with GameLog(db_path()) as log:
        session = Session.new("betrayal", config, log=log)     # or Session.resume(log, game_id)
        step = session.submit(inp, source="touch")              # a Rejection changes and logs nothing
        print(session.step.awaiting, session.state_hash)

``submit`` logs an accepted input before returning, so whatever a player has seen accepted survives a
power cut; ``resume`` replays the log and checks every recorded state hash, so a log that no longer
replays to the same game (changed rules or content) is reported instead of silently diverging.
"""

from __future__ import annotations

from typing import Any

from hauntable.engine.game import GameDefinition, Step, find_game
from hauntable.engine.hashing import state_hash
from hauntable.engine.inputs import Input
from hauntable.engine.rejections import HauntableError, Rejection
from hauntable.gamelog import OVER, PLAYING, GameLog


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
        self, game: GameDefinition, step: Step, log: GameLog | None = None, game_id: int | None = None
    ):
        if (log is None) != (game_id is None):
            raise ValueError("a session needs both a log and a game id, or neither")
        self.game = game
        self.log = log
        self.game_id = game_id
        self._step = step
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
    def resume(cls, log: GameLog, game_id: int, check: str = "every") -> Session:
        """Rebuild a logged game by replaying its inputs.

        ``check="every"`` compares the recorded hash after each input; ``"last"`` compares only the final
        one (hashing costs more than applying, so this is several times faster) and, only if that differs,
        replays again checking every hash, so either way the error names the first divergent seq.
        Raises ResumeError when the log does not replay to what was recorded. A game found over whose
        status still says playing (killed between the last append and the mark) is marked over.
        """
        if check not in ("every", "last"):
            raise ValueError(f"check must be 'every' or 'last', not {check!r}")
        record = log.game(game_id)
        game = find_game(record.game)
        try:
            step = game.new_game(game.config_from_json(record.config))
        except HauntableError as exc:
            raise ResumeError(game_id, 0, f"the logged config no longer starts a game: {exc}") from exc
        logged = log.inputs(game_id)
        for expected, entry in enumerate(logged, start=1):
            if entry.seq != expected:  # the log refuses gaps; this guards a hand-edited file
                raise ResumeError(game_id, entry.seq, f"expected seq {expected}")
            try:
                inp = game.inputs.from_json(entry.payload)
                step = game.apply(step.state, inp)
            except Rejection as exc:
                raise ResumeError(game_id, entry.seq, f"the logged input is refused: {exc.sentence}") from exc
            if step.state.seq != entry.seq:
                raise ResumeError(game_id, entry.seq, f"the game is at seq {step.state.seq} after it")
            if check == "every" or expected == len(logged):
                got = state_hash(step.state)
                if got != entry.state_hash:
                    if check == "last":
                        return cls.resume(log, game_id, check="every")  # to name the first divergent seq
                    raise ResumeError(
                        game_id,
                        entry.seq,
                        f"replaying {inp} gives state {got[:12]}, the log recorded {entry.state_hash[:12]} "
                        "(the rules or content changed since this game was played?)",
                    )
        if step.over and record.status == PLAYING:
            log.mark(game_id, OVER)
        return cls(game, step, log, game_id)

    @property
    def step(self) -> Step:
        """The current step: ``step.state``, ``step.awaiting`` (None when over) and the last outcomes."""
        return self._step

    @property
    def state_hash(self) -> str:
        """The hash of the current state (what the log records after each input)."""
        if self._hash is None:
            self._hash = state_hash(self._step.state)
        return self._hash

    @property
    def over(self) -> bool:
        return self._step.over

    def submit(self, inp: Input, source: str | None = None) -> Step:
        """Apply an input; if accepted, log it (durably) and only then return the new step.

        A Rejection propagates with nothing changed or logged. If logging fails the session stays at the
        old step too, so the front-end never shows a move the log does not hold.
        """
        step = self.game.apply(self._step.state, inp)
        if self.log is None or self.game_id is None:
            self._step, self._hash = step, None  # hashed lazily: no log needs it
            return step
        digest = state_hash(step.state)
        self.log.append(self.game_id, step.state.seq, inp, digest, source)
        self._step, self._hash = step, digest
        if step.over:
            self.log.mark(self.game_id, OVER)
        return step
