"""Replaying a logged game against the state hashes recorded with it: pure, no I/O.

The resume after a crash (``Session.resume``) and the log tests share it. Checking only the last hash is
enough when it matches (the replay reached the recorded state), and it is ~10x cheaper than hashing every
state; only on a mismatch is the game replayed again hashing every step, to find where it parts.

Damage is told apart from a changed game: a recorded hash a few characters away from the replayed one (or
not a hash at all) is a damaged record of the same state, so play goes on. A damaged input row (unreadable,
refused, or leading to a wholly different state) is identified by its recorded hash when it can be: the one
legal answer (or the same roll with one face changed) that reaches that exact state is what the row held.
Otherwise the game went elsewhere from that input on (changed rules, damage beyond repair), and only the
inputs before it are kept.
"""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Callable, Iterable, Iterator
from typing import Any, Protocol

from hauntable.engine.game import GameDefinition, Step
from hauntable.engine.hashing import state_hash
from hauntable.engine.inputs import Input
from hauntable.engine.takeback import Timeline

NEAR = 4  # a recorded hash differing in at most this many hex digits is the same state, damaged
PROGRESS_EVERY = 64


class Entry(Protocol):
    """What the verifier reads of a logged input (``gamelog.LoggedInput`` fits)."""

    @property
    def seq(self) -> int: ...
    @property
    def payload(self) -> dict[str, Any] | None: ...
    @property
    def state_hash(self) -> str: ...
    @property
    def problem(self) -> str | None: ...


@dataclasses.dataclass(frozen=True)
class Verified:
    """The longest prefix of a logged game that replays as recorded.

    ``kept`` inputs (seq 1..kept) replayed to ``step``; ``problem`` says why the next one was not kept
    (None: all of them were); ``hashes`` are the replayed hashes of the kept inputs, filled only when the
    full check ran; ``damaged_hashes`` the seqs whose recorded hash was damaged but whose state was sound.
    """

    step: Step
    kept: int
    problem: str | None = None
    problem_seq: int = 0
    hashes: tuple[str, ...] = ()
    damaged_hashes: tuple[int, ...] = ()
    repaired: tuple[tuple[int, Input], ...] = ()  # (seq, the input) for damaged rows the hash identified
    timeline: Timeline | None = None  # the kept inputs' timeline (what may still be taken back, rule E3)


def hash_distance(recorded: str, got: str) -> int:
    """How many hex digits differ (a malformed record counts as far)."""
    if len(recorded) != len(got):
        return len(got)
    return sum(a != b for a, b in zip(recorded, got, strict=True))


def short(digest: str) -> str:
    """``3fa91c0e…77b109d2``: both ends, so two hashes that differ anywhere do not print alike."""
    return digest if len(digest) <= 20 else f"{digest[:8]}…{digest[-8:]}"


def verify(
    game: GameDefinition,
    start: Step,
    entries: Callable[[], Iterable[Entry]],
    check: str = "last",
    progress: Callable[[int], None] | None = None,
) -> Verified:
    """Replay ``entries()`` (called once, twice if the quick check fails) from ``start``.

    ``check="last"`` hashes only the final state and, on a mismatch or a refused input, replays again
    with ``check="every"``. ``progress(n)`` is told every 64 inputs replayed.
    """
    if check not in ("every", "last"):
        raise ValueError(f"check must be 'every' or 'last', not {check!r}")
    if check == "last":
        quick = _quick(game, start, entries(), progress)
        if quick is not None:
            return quick
    return _replay(game, start, entries(), True, progress)


def _quick(
    game: GameDefinition, start: Step, entries: Iterable[Entry], progress: Callable[[int], None] | None
) -> Verified | None:
    """The common case, kept tight (a resume replays thousands of inputs): apply all, hash the last.
    None at the first thing that is not plainly right; the full check then says what and where."""
    read = game.inputs.from_json
    timeline, kept = Timeline(game, start), 0
    last: Entry | None = None
    for entry in entries:
        kept += 1
        if entry.seq != kept or entry.payload is None:
            return None
        try:
            timeline = timeline.after(read(entry.payload))
        except Exception:
            return None
        if timeline.step.state.seq != kept:
            return None
        last = entry
        if progress is not None and kept % PROGRESS_EVERY == 0:
            progress(kept)
    step = timeline.step
    if last is None:
        return Verified(step, 0, timeline=timeline)
    distance = hash_distance(last.state_hash, state_hash(step.state))
    if distance > NEAR:
        return None
    return Verified(step, kept, damaged_hashes=(kept,) if distance else (), timeline=timeline)


def _candidates(step: Step, entry: Entry) -> Iterator[Input | dict[str, Any]]:
    """What a damaged row may have held: every legal answer the prompt lists, and for a row whose JSON
    still reads, the same input with one of its integers (a die face) changed."""
    prompt = step.awaiting
    if prompt is not None:
        yield from prompt.choices()
    payload = entry.payload
    if not isinstance(payload, dict):
        return
    faces = payload.get("faces")
    if isinstance(faces, list) and len(faces) <= 12:
        for at, value in itertools.product(range(len(faces)), range(7)):
            if faces[at] != value:
                yield {**payload, "faces": [*faces[:at], value, *faces[at + 1 :]]}


def _identify(timeline: Timeline, entry: Entry) -> tuple[Input, Timeline, str] | None:
    """The one input that leads from ``timeline`` to the state the damaged row's hash names, if the hash
    itself still reads (a SHA-256 match cannot be luck)."""
    recorded = entry.state_hash
    if len(recorded) != 64:
        return None
    for candidate in _candidates(timeline.step, entry):
        try:
            inp = candidate if isinstance(candidate, Input) else timeline.game.inputs.from_json(candidate)
            after = timeline.after(inp)
        except Exception:
            continue
        got = state_hash(after.step.state)
        if hash_distance(recorded, got) <= NEAR:
            return inp, after, got
    return None


def _replay(
    game: GameDefinition,
    start: Step,
    entries: Iterable[Entry],
    every: bool,
    progress: Callable[[int], None] | None,
) -> Verified:
    timeline, kept = Timeline(game, start), 0
    hashes: list[str] = []
    damaged: list[int] = []
    repaired: list[tuple[int, Input]] = []
    last: Entry | None = None

    def stop(seq: int, problem: str) -> Verified:
        return Verified(
            timeline.step, kept, problem, seq, tuple(hashes), tuple(damaged), tuple(repaired), timeline
        )

    for entry in entries:
        seq = kept + 1
        if entry.seq != seq:  # the log refuses gaps; this is a lost or damaged row
            return stop(seq, f"move {seq} is missing from the log")
        problem, inp, after, got = None, None, None, None
        if entry.payload is None:
            problem = f"move {seq} is damaged in the log ({entry.problem})"
        else:
            try:
                inp = game.inputs.from_json(entry.payload)
                after = timeline.after(inp)
            except Exception as exc:  # a damaged input may be refused, or trip the rules where none could
                sentence = getattr(exc, "sentence", None) or f"{type(exc).__name__}: {exc}"
                problem = f"move {seq} is refused on replay ({sentence})"
        if problem is None and after is not None and after.step.state.seq != seq:
            problem = f"the game is at step {after.step.state.seq} after move {seq}"
        if problem is None and every and after is not None:
            got = state_hash(after.step.state)
            distance = hash_distance(entry.state_hash, got)
            if distance > NEAR:
                problem = (
                    f"replaying move {seq} ({inp}) gives state {short(got)}, the log recorded "
                    f"{short(entry.state_hash)} (the rules or content changed, or the move is damaged)"
                )
            elif distance:
                damaged.append(seq)
        if problem is not None:
            if not every:
                return stop(seq, problem)  # the full check finds out (and identifies the row if it can)
            found = _identify(timeline, entry)
            if found is None:
                return stop(seq, problem)
            inp, after, got = found
            repaired.append((seq, inp))
        if every:
            assert got is not None  # hashed above, or by _identify
            hashes.append(got)
        assert after is not None  # accepted, or identified
        timeline, kept, last = after, seq, entry
        if progress is not None and kept % PROGRESS_EVERY == 0:
            progress(kept)
    if not every and last is not None:
        got = state_hash(timeline.step.state)
        distance = hash_distance(last.state_hash, got)
        if distance > NEAR:
            return stop(kept, f"the state after move {kept} differs from the one recorded")
        if distance:
            damaged.append(kept)
    return Verified(timeline.step, kept, None, 0, tuple(hashes), tuple(damaged), tuple(repaired), timeline)
