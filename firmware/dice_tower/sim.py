"""A simulated tower: the firmware's own Tower loop with a simulated tray, run on a pty master.

The tests and ``bench/dice_latency.py`` start this as a subprocess (under CPython or the MicroPython unix
port) with the pty master as stdin/stdout; the host opens the pty's other end with pyserial, exactly as
it opens ``/dev/ttyACM0``. Only the tray and the faults are simulated: frames, resends, the pending
buffer in "flash" (``--state DIR``) and the boot id are the real firmware's.

    python sim.py --state DIR --control FIFO [--faults tx3:bad_crc,rx1:drop] [--boot HEX]
                  [--id 1] [--wells 8] [--mode betrayal] [--settle-ms 30] [--resend-ms 100]
                  [--lying 2,2] [--proto 2]

``--lying`` puts dice in the tray at boot that never passed the beam (a reset while they settled).
Control lines on the FIFO: ``throw 2,1,0`` (dice come down the chute and land showing these faces),
``clear`` (dice lifted out), ``edge W`` (the die in well W lands on an edge), ``exit``.
Faults: ``txN:KIND`` acts on the Nth ROLL line written (resends count), KIND one of drop, bad_crc, dup,
truncate, noise, reset (write it, then die as a reset would), reset_before (die before writing it);
``rxN:drop`` loses the Nth ACK from the host. Each ROLL written is reported on stderr as
``tx SEQ BOOT TIME_NS`` for the latency benchmark.
"""

import os
import select
import sys

import protocol
from classifier import EMPTY, Classifier
from port import StreamPort
from store import Store
from tower import Tower

try:
    from time import ticks_diff, ticks_ms, time_ns
except ImportError:  # CPython
    from time import monotonic, time_ns

    def ticks_ms():
        return int(monotonic() * 1000)

    def ticks_diff(a, b):
        return a - b


RESET_EXIT = 3  # the exit status of a simulated reset, so the harness can tell it from a crash


class SimTray:
    """Wells whose readings the control FIFO sets; dice rock for ROCK_MS after landing."""

    ROCK_MS = 20

    def __init__(self, classifier):
        self.classifier = classifier
        self.wells = classifier.wells
        self.readings = [classifier.table[w][EMPTY] for w in range(self.wells)]
        self.entered = 0
        self.rocking_until = None
        self.now = 0

    def throw(self, faces, now):
        self.entered += len(faces)
        for well in range(self.wells):
            face = faces[well] if well < len(faces) else EMPTY
            self.readings[well] = self.classifier.table[well][face]
        self.rocking_until = now + self.ROCK_MS

    def clear(self):
        self.readings = [self.classifier.table[w][EMPTY] for w in range(self.wells)]

    def edge(self, well):
        levels = sorted(self.classifier.table[well].values())
        self.readings[well] = (levels[-1] + levels[-2]) // 2

    def read(self):
        entered, self.entered = self.entered, 0
        readings = list(self.readings)
        if self.rocking_until is not None and ticks_diff(self.rocking_until, self.now) > 0:
            readings = [r + (1500 if self.now % 2 else -1500) for r in readings]
        return entered, readings


class FaultyPort:
    """Wraps the port: counts ROLL lines written and host lines read, and breaks the chosen ones."""

    def __init__(self, port, faults):
        self.port = port
        self.tx = {}
        self.rx = {}
        for item in faults:
            where, _, kind = item.partition(":")
            table = self.tx if where.startswith("tx") else self.rx
            table[int(where[2:])] = kind
        self.rolls_written = 0
        self.acks_read = 0
        self.splitter = protocol.LineSplitter()

    def read(self):
        data = self.port.read()
        if not data or not self.rx:
            return data
        out = b""
        for line in self.splitter.feed(data):
            if line.startswith(b"ACK "):
                self.acks_read += 1
                if self.rx.get(self.acks_read) == "drop":
                    continue
            out += line + b"\n"
        return out

    def write(self, line):
        if not line.startswith(b"ROLL "):
            self.port.write(line)
            return
        self.rolls_written += 1
        fault = self.tx.get(self.rolls_written)
        if fault == "reset_before":
            sys.exit(RESET_EXIT)
        frame = protocol.decode(line)
        written = time_ns()  # reported after the write, so the report does not delay the roll itself
        if fault == "bad_crc":
            line = line[:-3] + (b"0" if line[-3:-2] != b"0" else b"1") + line[-2:]
        elif fault == "truncate":
            line = line[: len(line) // 2]  # no newline: it runs into the next line
        elif fault == "noise":
            line = b"\x00\xff#~~ garbage\n" + line
        elif fault == "dup":
            self.port.write(line)
        if fault != "drop":
            self.port.write(line)
        sys.stderr.write(f"tx {frame.seq} {frame.boot} {written}\n")
        if fault == "reset":
            sys.exit(RESET_EXIT)


def parse_args(argv):
    opts = {"state": ".", "control": None, "faults": "", "boot": None, "id": "1", "wells": "8"}
    opts.update({"mode": "betrayal", "settle-ms": "30", "resend-ms": "100", "lying": "", "proto": ""})
    i = 0
    while i < len(argv):
        key = argv[i][2:]
        if not argv[i].startswith("--") or key not in opts or i + 1 >= len(argv):
            raise SystemExit(f"sim.py: bad argument {argv[i]!r}")
        opts[key] = argv[i + 1]
        i += 2
    return opts


def new_boot_id():
    return "".join(f"{b:02x}" for b in os.urandom(4))


def main(argv):
    opts = parse_args(argv)
    if opts["proto"]:  # pretend to be a tower with other firmware, for the version-mismatch test
        protocol.PROTO_VERSION = int(opts["proto"])
    classifier = Classifier(int(opts["wells"]), opts["mode"])
    tray = SimTray(classifier)
    if opts["lying"]:
        tray.throw([int(f) for f in opts["lying"].split(",")], 0)
        tray.entered, tray.rocking_until = 0, None
    port = FaultyPort(
        StreamPort(sys.stdin.buffer, sys.stdout.buffer), [f for f in opts["faults"].split(",") if f]
    )
    Tower.RESEND_MS = int(opts["resend-ms"])
    tower = Tower(
        port,
        tray,
        classifier,
        Store(opts["state"]),
        opts["boot"] or new_boot_id(),
        opts["id"],
        "sim",
        ticks_ms(),
        ticks_diff,
    )
    tower.settler.SETTLE_MS = int(opts["settle-ms"])
    control = open(opts["control"], "rb") if opts["control"] else None  # noqa: SIM115 - open until exit
    wake = select.poll()  # sleep until the host or the control FIFO has something, or 2 ms pass
    wake.register(port.port.inp, select.POLLIN)
    commands = Commands(tray, control)
    if control is not None:
        wake.register(control, select.POLLIN)
    while True:
        now = ticks_ms()
        tray.now = now
        tower.step(now)
        wake.poll(2)
        if control is not None and not commands.run(ticks_ms()):
            return 0


class Commands:
    """Reads control lines from the FIFO without blocking and plays them on the tray."""

    def __init__(self, tray, control):
        self.tray = tray
        self.control = control
        self.buf = b""
        if control is not None:
            self.poller = select.poll()
            self.poller.register(control, select.POLLIN)

    def run(self, now):
        """Apply every complete control line; False once ``exit`` arrives."""
        while any(ev & select.POLLIN for _o, ev in self.poller.poll(0)):
            if hasattr(self.control, "raw"):  # CPython: one syscall, nothing hidden in a buffer
                self.buf += os.read(self.control.fileno(), 256)
            else:
                self.buf += self.control.read(1)
        while b"\n" in self.buf:
            line, _, self.buf = self.buf.partition(b"\n")
            words = line.decode().split()
            if not words:
                continue
            if words[0] == "throw":
                self.tray.throw([int(f) for f in words[1].split(",")], now)
            elif words[0] == "clear":
                self.tray.clear()
            elif words[0] == "edge":
                self.tray.edge(int(words[1]))
            elif words[0] == "exit":
                return False
        return True


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
