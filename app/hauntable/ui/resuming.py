"""Resume after a crash or power cut: the attract screen's offer of the log's unfinished game, a short
replay on the view's thread or a long one on a worker thread with progress, and what the operator is told
about damage the resume repaired or could not keep. A part of
:class:`~hauntable.ui.controller.TableController`.
"""

from __future__ import annotations

import threading

from hauntable.engine.rejections import HauntableError
from hauntable.gamelog import ABANDONED, GameLog
from hauntable.games.betrayal.content import Content
from hauntable.session import ResumeError, Session
from hauntable.ui import i18n
from hauntable.ui.view import View


class Resuming:
    """The resume half of the controller; the controller supplies the log, the view and ``attach``."""

    view: View
    log: GameLog | None
    content: Content
    notice: str
    resume_offer: str

    def attach(self, session: Session, castle_table: bool = False) -> None:
        raise NotImplementedError  # TableController.attach

    def unfinished(self):
        """The log's latest unfinished game (Betrayal or Geisterstunde; a damaged name is offered too:
        resuming reads it as the known game it is closest to), or None."""
        return self.log.latest_unfinished() if self.log is not None else None

    def offer_resume(self) -> None:
        """After a crash or power cut, the attract screen offers the log's unfinished game (or a new one)."""
        record = self.unfinished()
        self.resume_offer = "" if record is None else self._describe(record)
        self.view.changed()

    def _describe(self, record) -> str:
        """Who was playing and how far it got, from the log alone (no replay: start-up stays fast)."""
        players = []
        for p in record.config.get("players", []):
            if not isinstance(p, dict):  # Geisterstunde's seats are names
                players.append(str(p))
                continue
            character = self.content.characters.get(str(p.get("character")))
            players.append(f"{p.get('name')} ({character.name if character else p.get('character')})")
        started = record.created[11:16] if len(record.created) >= 16 else record.created
        return i18n.tr("attract.unfinished", players=", ".join(players), n=record.inputs, started=started)

    IN_BACKGROUND = 600  # logged inputs from which a resume replays off the view's thread, with progress

    def resume_latest(self) -> str | None:
        """Continue the latest unfinished logged game (after a crash or power cut); a sentence if none.

        Keeps every input up to any damage (``Session.recover``) and says in ``notice`` what was
        repaired or lost. A long game (``IN_BACKGROUND`` inputs and more, ~0.5 s on a Pi 4) replays on a
        worker thread with its own connection while the attract screen counts the moves replayed; it
        is attached on the view's thread when done. The simulator's virtual stack and decks start
        afresh; what is in the house stays out of them."""
        record = self.unfinished()
        if record is None:
            return i18n.tr("admin.nothing_to_resume")
        if self.resuming:
            return None
        if record.inputs >= self.IN_BACKGROUND and self.log is not None and self.log.path != ":memory:":
            self._resume_in_background(record)
            return None
        assert self.log is not None  # an unfinished game is read from the log
        try:
            session, verified = Session.recover(self.log, record.id)
        except ResumeError as exc:
            return str(exc)
        self._resumed(session, verified, record.inputs)
        return None

    resuming = False

    def _resume_in_background(self, record) -> None:
        self.resuming = True
        total = record.inputs
        assert self.log is not None
        path = self.log.path

        def progress(done: int) -> None:
            self.view.post(lambda: self._show_progress(done, total))

        def work() -> None:
            try:
                with GameLog(path) as own:  # SQLite connections stay on their own thread
                    session, verified = Session.recover(own, record.id, progress=progress)
                    game_id = session.game_id
                outcome: tuple | str = (session.game, verified, game_id)
            except (ResumeError, HauntableError, OSError) as exc:
                outcome = str(exc)
            self.view.post(lambda: self._resumed_in_background(outcome, total))

        threading.Thread(target=work, name="hauntable-resume", daemon=True).start()

    def _show_progress(self, done: int, total: int) -> None:
        if self.resuming:
            self.resume_offer = i18n.tr("attract.resuming", done=done, total=total)
            self.view.changed()

    def _resumed_in_background(self, outcome, total: int) -> None:
        self.resuming = False
        self.resume_offer = ""
        if isinstance(outcome, str):
            self.notice = outcome
            self.view.changed()
            return
        game, verified, game_id = outcome
        self._resumed(Session(game, verified.step, self.log, game_id), verified, total)
        self.view.changed()

    def _resumed(self, session: Session, verified, logged: int) -> None:
        """Play the resumed game; tell the operator what the resume repaired or could not keep."""
        kept = verified.kept
        if verified.problem is not None:
            self.notice = f"Game resumed at move {kept} of {logged}: {verified.problem}."
        elif verified.repaired:
            moves = ", ".join(str(seq) for seq, _inp in verified.repaired)
            self.notice = f"Game resumed whole: damaged move(s) {moves} were read back from their hashes."
        self.attach(session)

    def resume_offered(self) -> None:
        """The attract screen's "Resume this game"."""
        problem = self.resume_latest()
        if problem is not None:
            self.notice = problem
        if not self.resuming:
            self.resume_offer = ""
        self.view.changed()

    def set_aside_unfinished(self) -> None:
        """The attract screen's "Start a new game": the unfinished game is marked abandoned, then set-up."""
        record = self.unfinished()
        if record is not None and self.log is not None:
            self.log.mark(record.id, ABANDONED)
        self.resume_offer = ""
        self.view.changed()
        self.view.go("setup")
