"""The host link state machine, driven by scripted tower lines and a hand-moved clock.

The last test puts the real firmware ``Tower`` and the host ``Link`` on a simulated wire that drops,
corrupts, duplicates and truncates lines and resets the tower, and checks every roll arrives exactly
once, in order (a property test; the pty tests repeat the important cases over a real pty).
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hauntable.table.dice_link import protocol
from hauntable.table.dice_link.link import Link, LinkState, TowerRoll

BOOT = "3f2a91c0"
OTHER_BOOT = "c0ffee00"


def tower_hello(boot: str = BOOT, proto: int = protocol.PROTO_VERSION) -> bytes:
    line = protocol.hello_tower(boot, "1", "0.1.0", ["betrayal", "d6"], 8, "betrayal")
    return fix_crc(line.replace(b"proto=1", f"proto={proto}".encode())) if proto != 1 else line


def fix_crc(line: bytes) -> bytes:
    body = line.rstrip(b"\n").rpartition(b"*")[0]
    return body + f"*{protocol.crc16(body):04X}\n".encode()


class Consumer:
    """Stands in for the referee: records each roll, takes or refuses it, or crashes on demand."""

    def __init__(self, take: bool = True):
        self.rolls: list[TowerRoll] = []
        self.take = take
        self.crash = 0

    def __call__(self, roll: TowerRoll) -> bool:
        if self.crash:
            self.crash -= 1
            raise RuntimeError("referee crashed")
        self.rolls.append(roll)
        return self.take


def frames(lines: list[bytes]) -> list[protocol.Frame]:
    return [protocol.decode(line) for line in lines]


@pytest.fixture
def consumer() -> Consumer:
    return Consumer()


@pytest.fixture
def link(consumer: Consumer) -> Link:
    return Link(consumer)


def ready(link: Link, now: float = 0.0, boot: str = BOOT) -> Link:
    link.opened(now)
    link.on_bytes(tower_hello(boot), now)
    assert link.state is LinkState.READY
    return link


def test_opening_asks_the_tower_to_introduce_itself(link):
    (hello,) = frames(link.opened(0.0))
    assert link.state is LinkState.HELLO
    assert (hello.kind, hello.boot, hello.fields()["role"]) == ("HELLO", protocol.NO_BOOT, "host")


def test_a_tower_hello_makes_the_link_ready_and_describes_the_tower(link):
    ready(link)
    info = link.info
    got = (info.tower_id, info.fw, info.boot, info.wells, info.kinds)
    assert got == ("1", "0.1.0", BOOT, 8, ("betrayal", "d6"))


def test_hello_is_retried_and_then_the_port_given_up(link):
    link.opened(0.0)
    assert link.on_tick(link.HELLO_RETRY - 0.01) == []
    assert [f.kind for f in frames(link.on_tick(link.HELLO_RETRY))] == ["HELLO"]
    link.on_tick(link.HELLO_GIVE_UP)
    assert link.state is LinkState.LOST and "no HELLO" in link.health.last_error


def test_a_roll_is_handed_over_then_acknowledged_with_the_verdict(link, consumer):
    ready(link)
    (ack,) = frames(link.on_bytes(protocol.roll(1, BOOT, "betrayal", (2, 1, 0)), 0.1))
    assert [(r.faces, r.source) for r in consumer.rolls] == [((2, 1, 0), f"tower:1#{BOOT}.1")]
    assert (ack.kind, ack.seq, ack.boot, ack.args) == ("ACK", 1, BOOT, ("taken",))


def test_a_refused_roll_is_still_acknowledged(consumer):
    consumer.take = False
    link = ready(Link(consumer))
    (ack,) = frames(link.on_bytes(protocol.roll(1, BOOT, "betrayal", (2,)), 0.1))
    assert ack.args == ("refused",) and link.health.rolls_refused == 1


def test_a_duplicate_is_acknowledged_again_but_never_delivered_again(link, consumer):
    ready(link)
    line = protocol.roll(1, BOOT, "betrayal", (1, 1))
    acks = frames(link.on_bytes(line + line, 0.1) + link.on_bytes(line, 0.5))
    assert len(consumer.rolls) == 1
    assert [a.args[0] for a in acks] == ["taken", "dup", "dup"] and link.health.duplicates == 2


def test_a_consumer_that_crashes_gets_no_ack_and_is_asked_again(link, consumer):
    ready(link)
    consumer.crash = 1
    line = protocol.roll(1, BOOT, "betrayal", (0,))
    assert link.on_bytes(line, 0.1) == []  # no ACK: the tower will resend
    (ack,) = frames(link.on_bytes(line, 0.4))
    assert ack.args == ("taken",) and len(consumer.rolls) == 1 and link.health.consumer_errors == 1


def test_a_roll_before_hello_waits_for_the_resend(link, consumer):
    link.opened(0.0)
    line = protocol.roll(4, BOOT, "betrayal", (2, 2))
    assert link.on_bytes(line, 0.1) == [] and consumer.rolls == []
    link.on_bytes(tower_hello(), 0.2)
    link.on_bytes(line, 0.3)
    assert [r.seq for r in consumer.rolls] == [4] and link.health.early_rolls == 1


def test_a_damaged_line_is_naked_and_three_in_a_row_resync(link):
    ready(link)
    good = protocol.roll(1, BOOT, "betrayal", (1,))
    bad = good.replace(b" 1*", b" 2*")  # a face changed in transit
    (nak,) = frames(link.on_bytes(bad, 0.1))
    assert (nak.kind, nak.seq, nak.args) == ("NAK", 1, ("crc",))
    out = frames(link.on_bytes(bad + b"garbage\n", 0.2))
    assert link.state is LinkState.RESYNC and out[-1].kind == "HELLO" and link.health.resyncs == 1
    link.on_bytes(tower_hello(), 0.3)
    assert link.state is LinkState.READY
    assert link.health.bad_by_reason == {"crc": 2, "no_crc": 1} and link.health.ratio == pytest.approx(2 / 5)


def test_a_tower_speaking_another_protocol_is_a_clear_error_and_never_trusted(link, consumer):
    link.opened(0.0)
    link.on_bytes(tower_hello(proto=2), 0.1)
    assert link.state is LinkState.INCOMPATIBLE
    assert "protocol 2" in link.health.last_error and "speaks 1" in link.health.last_error
    assert link.on_bytes(protocol.roll(1, BOOT, "betrayal", (1,)), 0.2) == [] and consumer.rolls == []


def test_silence_brings_a_poke_then_loss(link):
    ready(link)
    assert link.on_tick(link.POKE_AFTER - 0.01) == []
    (poke,) = frames(link.on_tick(link.POKE_AFTER))
    assert (poke.kind, poke.boot) == ("STATUS", BOOT)
    link.on_bytes(protocol.status(0, BOOT, pending=0), 2.0)  # the tower answers
    link.on_tick(2.0 + link.LOST_AFTER - 0.01)
    assert link.state is LinkState.READY
    link.on_tick(2.0 + link.LOST_AFTER)
    assert link.state is LinkState.LOST and "silent" in link.health.last_error


def test_a_reset_tower_resends_an_old_roll_which_is_dropped_if_delivered(link, consumer):
    ready(link)
    old = protocol.roll(1, BOOT, "betrayal", (2,))
    link.on_bytes(old, 0.1)  # delivered; pretend the ACK was lost and the tower reset
    link.on_bytes(tower_hello(OTHER_BOOT), 0.5)
    (ack,) = frames(link.on_bytes(old, 0.6))
    assert ack.args == ("dup",) and link.health.tower_resets == 1
    link.on_bytes(protocol.roll(1, OTHER_BOOT, "betrayal", (0,)), 0.7)  # seq 1 again, a new boot
    assert [r.source for r in consumer.rolls] == [f"tower:1#{BOOT}.1", f"tower:1#{OTHER_BOOT}.1"]


def test_a_status_from_another_boot_means_a_missed_reset(link):
    ready(link)
    out = frames(link.on_bytes(protocol.status(0, OTHER_BOOT, pending=0), 0.1))
    assert link.state is LinkState.RESYNC and [f.kind for f in out] == ["HELLO"]


def test_a_tower_error_is_kept_with_a_sentence(link):
    ready(link)
    seen = []
    link.on_fault = seen.append
    link.on_bytes(protocol.error(0, BOOT, "edge", "well=2", "reading=46000"), 0.1)
    assert [(f.code, f.detail) for f in seen] == [("edge", ("well=2", "reading=46000"))]
    assert "edge" in seen[0].sentence and list(link.faults) == seen


def test_mark_delivered_drops_a_roll_the_log_already_has(link, consumer):
    link.mark_delivered(BOOT, 3)
    ready(link)
    lines = protocol.roll(3, BOOT, "betrayal", (1,)) + protocol.roll(4, BOOT, "betrayal", (1,))
    acks = frames(link.on_bytes(lines, 0.1))
    assert [a.args[0] for a in acks] == ["dup", "taken"] and [r.seq for r in consumer.rolls] == [4]


def test_only_the_last_boots_are_remembered(link):
    for i in range(link.REMEMBER_BOOTS + 3):
        link.mark_delivered(f"{i:08x}", 1)
    assert len(link._delivered) == link.REMEMBER_BOOTS and "00000000" not in link._delivered


def test_a_crc_valid_roll_with_nonsense_faces_is_refused_not_delivered(link, consumer):
    ready(link)
    line = fix_crc(protocol.roll(1, BOOT, "betrayal", (1,)).replace(b"1 1*", b"1 7*"))
    (ack,) = frames(link.on_bytes(line, 0.1))
    assert ack.args == ("refused",) and consumer.rolls == [] and "malformed" in link.health.last_error


def test_a_gap_in_sequence_numbers_is_counted(link, consumer):
    ready(link)
    link.on_bytes(protocol.roll(1, BOOT, "betrayal", (1,)) + protocol.roll(3, BOOT, "betrayal", (1,)), 0.1)
    assert link.health.gaps == 1 and [r.seq for r in consumer.rolls] == [1, 3]


def test_our_own_hello_echoed_back_is_ignored(link):
    link.opened(0.0)
    link.on_bytes(protocol.hello_host(), 0.1)
    assert link.state is LinkState.HELLO and link.health.bad_frames == 0


def test_health_is_json_for_the_admin_screen(link):
    ready(link)
    link.on_bytes(protocol.status(0, BOOT, pending=1, resends=4), 0.1)
    out = link.health.to_json()
    assert out["state"] == "ready" and out["ratio"] == 1.0 and out["frames_in"] == 2
    assert out["resends"] == 4 and out["tower_counters"]["pending"] == "1"


# -- the firmware tower and the host link on a lossy wire


class Wire:
    """Lines in one direction, each dropped, corrupted, duplicated or truncated by ``rng``."""

    def __init__(self, rng: random.Random, loss: float):
        self.rng = rng
        self.loss = loss
        self.buf = b""
        self.noisy = True

    def send(self, line: bytes) -> None:
        fate = self.rng.random() if self.noisy else 1.0
        if fate < self.loss:
            return  # dropped
        if fate < 2 * self.loss:
            i = self.rng.randrange(len(line) - 1)
            line = line[:i] + bytes([line[i] ^ 0x04]) + line[i + 1 :]
        elif fate < 3 * self.loss:
            line = line + line
        elif fate < 4 * self.loss:
            line = line[: self.rng.randrange(1, len(line))]  # no newline: runs into the next line
        self.buf += line

    def take(self) -> bytes:
        out, self.buf = self.buf, b""
        return out


@settings(max_examples=25, deadline=None)
@given(
    st.integers(0, 2**32),
    st.sampled_from([0.02, 0.05, 0.1]),
    st.lists(st.tuples(st.integers(0, 14), st.integers(1, 199)), max_size=3),
)
def test_every_roll_arrives_exactly_once_in_order_over_a_lossy_wire(seed, loss, resets_at):
    rng = random.Random(seed)  # a seed, not st.randoms(): its shrunk "random" draws drop every line
    from dice_paths import use_firmware

    use_firmware()
    import firmware_cases as fc
    from store import MemoryStore
    from tower import Tower

    created: list[tuple[str, int]] = []

    class RecordingStore(MemoryStore):
        def save_pending(self, frames_):
            for f in frames_:
                if (f.boot, f.seq) not in created:
                    created.append((f.boot, f.seq))
            super().save_pending(frames_)

    store = RecordingStore()
    to_host, to_tower = Wire(rng, loss), Wire(rng, loss)

    refused_full = []  # rolls the tower refused with ERROR full: its buffer of unacknowledged rolls was full

    class Port:
        def read(self):
            return to_tower.take()

        def write(self, line):
            if line.startswith(b"ERROR ") and b" full " in line:
                refused_full.append(line)
            to_host.send(line)

    def boot(now_ms: int) -> tuple[Tower, fc.FakeTray]:
        classifier = fc.Classifier(4)
        tray = fc.FakeTray(classifier)
        boot_id = f"{rng.getrandbits(32):08x}"
        return Tower(Port(), tray, classifier, store, boot_id, "1", "t", now=now_ms), tray

    consumer = Consumer()
    consumer.take = True
    link = Link(lambda roll: consumer(roll) and roll.faces[0] != 0)  # refuses some: still exactly once
    tower, tray = boot(0)
    for line in link.opened(0.0):
        to_tower.send(line)
    throws = 0
    for step in range(4000):  # 5 ms steps: 15 throws a second apart, then 5 s of quiet line
        now_ms = step * 5
        cycle, offset = divmod(step, 200)
        if step == 3000:
            to_host.noisy = to_tower.noisy = False  # a quiet end, so everything still owed arrives
        if offset == 150 and step < 3000:
            tray.clear()
        if offset == 0 and step < 3000:
            tray.throw(tuple(rng.randrange(3) for _ in range(rng.randrange(1, 4))))
            throws += 1
        if (cycle, offset) in resets_at:
            # reset: RAM gone, flash kept, the dice still in the tray (before settling: that throw is
            # reported stale and never becomes a roll; after: the roll is in flash and is resent)
            tower, tray2 = boot(now_ms)
            tray2.readings = tray.readings
            tray = tray2
        tower.step(now_ms)
        for line in link.on_bytes(to_host.take(), now_ms / 1000) + link.on_tick(now_ms / 1000):
            to_tower.send(line)
        if link.state is LinkState.LOST:
            for line in link.opened(now_ms / 1000):  # the driver would reopen the port
                to_tower.send(line)
    delivered = [(r.boot, r.seq) for r in consumer.rolls]
    assert delivered == created  # each created roll exactly once, in the order the tower made them
    # and no throw vanished silently: each became a roll, or was refused as "full", or was lost to a reset
    # before it settled (then reported "stale")
    assert throws - len(resets_at) <= len(created) + len(refused_full) <= throws
    assert tower.pending == []
