"""The dice-tower line protocol: frames, CRC-16, encode and decode. Shared, byte for byte, by both ends.

This one file runs on the tower (MicroPython on an RP2040) and on the table (CPython): the host package
``hauntable.table.dice_link.protocol`` is a symlink to it, so the two ends cannot drift apart. That is why
it is written in the subset both interpreters share: no ``typing``, no ``__future__``, no dataclasses, no
``machine``; only string annotations. ``tests/vectors/dice_protocol.json`` pins every encoding and is run
under both interpreters. The wire format is described in ``docs/dice-tower-protocol.md``.

A frame is one ASCII line::

    ROLL 7 3f2a91c0 betrayal 3 2,1,0*92A3\\n
    type seq boot     args...         CRC-16/CCITT-FALSE of everything before '*', 4 hex digits

>>> encode("ACK", 7, "3f2a91c0", "taken")
b'ACK 7 3f2a91c0 taken*3B84\\n'
>>> decode(b"ACK 7 3f2a91c0 taken*3B84").args
('taken',)
"""

PROTO_VERSION = 1
MAX_LINE = 120  # bytes including the newline; a longer line is noise or two frames run together
NO_BOOT = "00000000"  # the boot id a host uses before it has heard the tower's HELLO

HELLO = "HELLO"  # tower: who it is (role=tower id fw proto kinds wells); host: please introduce yourself
ROLL = "ROLL"  # tower: a roll; seq numbers rolls within a boot and stays the same on every resend
ACK = "ACK"  # host: roll (seq, boot) taken/refused/dup; tower: host command seq done
NAK = "NAK"  # a line arrived damaged; seq is what the sender expects next (0: unknown)
STATUS = "STATUS"  # tower: heartbeat and counters, seq = last roll seq; host: a poke asking for one
ERROR = "ERROR"  # tower: a fault reported, not guessed (jam, edge, range, overflow, stale, full, ...)
CALIBRATE = "CALIBRATE"  # host: the die in well W shows face F now; remember this reading for it
KINDS = (HELLO, ROLL, ACK, NAK, STATUS, ERROR, CALIBRATE)

DICE = {"betrayal": (0, 2), "d6": (1, 6)}  # dice kind -> (lowest face, highest face)
VERDICTS = ("taken", "refused", "dup")  # how the host answered a roll


def crc16(data, crc=0xFFFF):
    """CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF, no reflection): ``crc16(b"123456789") == 0x29B1``.

    Bitwise rather than a table: 512 bytes of table cost more RAM on the Pico than the time saved on
    a 40-byte line at 115200 baud.
    """
    for byte in data:
        crc ^= byte << 8
        for _ in range(8):
            crc = ((crc << 1) ^ 0x1021) if crc & 0x8000 else (crc << 1)
            crc &= 0xFFFF
    return crc


class Frame:
    """A line that passed the CRC: ``kind``, ``seq`` (int), ``boot`` (8 hex digits) and ``args`` (strs)."""

    __slots__ = ("args", "boot", "kind", "seq")

    def __init__(self, kind, seq, boot, args=()):
        self.kind = kind
        self.seq = seq
        self.boot = boot
        self.args = tuple(args)

    def fields(self):
        """The ``key=value`` args as a dict (bare words map to ``""``)."""
        out = {}
        for arg in self.args:
            key, _, value = arg.partition("=")
            out[key] = value
        return out

    def encode(self):
        return encode(self.kind, self.seq, self.boot, *self.args)

    def __eq__(self, other):
        return isinstance(other, Frame) and (self.kind, self.seq, self.boot, self.args) == (
            other.kind,
            other.seq,
            other.boot,
            other.args,
        )

    def __hash__(self):
        return hash((self.kind, self.seq, self.boot, self.args))

    def __repr__(self):
        return f"Frame({self.kind!r}, {self.seq}, {self.boot!r}, {self.args!r})"


class BadFrame:
    """A line that is not a frame, and why: too_long, not_ascii, no_crc, crc, syntax, unknown.

    ``no_crc`` is what a truncated line looks like (the tail with ``*CRC`` never arrived).
    """

    __slots__ = ("line", "reason")

    def __init__(self, reason, line):
        self.reason = reason
        self.line = line

    def __eq__(self, other):
        return isinstance(other, BadFrame) and (self.reason, self.line) == (other.reason, other.line)

    def __repr__(self):
        return f"BadFrame({self.reason!r}, {self.line!r})"


def encode(kind, seq, boot, *args):
    """One frame as the bytes to write, newline included.

    Raises:
        ValueError: an unknown kind, a seq outside 0..65535, a boot id that is not 8 hex digits, an arg
            with a space, '*' or a non-ASCII character, or a line longer than MAX_LINE.
    """
    if kind not in KINDS:
        raise ValueError(f"unknown frame kind {kind!r}")
    if not 0 <= seq <= 0xFFFF:
        raise ValueError(f"seq {seq} outside 0..65535")
    if not _is_boot(boot):
        raise ValueError(f"boot id {boot!r} is not 8 hex digits")
    for arg in args:
        if not arg or not _is_token(arg):
            raise ValueError(f"arg {arg!r} is empty or has a space, '*' or a non-ASCII character")
    body = " ".join((kind, str(seq), boot) + tuple(args)).encode()  # noqa: RUF005 - no *x in MicroPython
    line = body + b"*" + f"{crc16(body):04X}".encode() + b"\n"
    if len(line) > MAX_LINE:
        raise ValueError(f"frame of {len(line)} bytes is longer than {MAX_LINE}")
    return line


def decode(line):
    """A received line (without or with its newline) as a Frame, or a BadFrame saying what is wrong.

    Never raises: noise on the wire is data, and the caller counts it.
    """
    line = line.rstrip(b"\r\n")
    if len(line) + 1 > MAX_LINE:
        return BadFrame("too_long", line)
    for byte in line:
        if byte < 0x20 or byte > 0x7E:
            return BadFrame("not_ascii", line)
    star = line.rfind(b"*")
    if star < 0 or len(line) - star != 5:
        return BadFrame("no_crc", line)
    body = line[:star]
    try:
        crc = int(line[star + 1 :].decode(), 16)
    except ValueError:
        return BadFrame("no_crc", line)
    if crc16(body) != crc:
        return BadFrame("crc", line)
    parts = body.decode().split(" ")
    if len(parts) < 3 or not parts[1].isdigit() or not _is_boot(parts[2]) or "" in parts:
        return BadFrame("syntax", line)
    seq = int(parts[1])
    if seq > 0xFFFF:
        return BadFrame("syntax", line)
    if parts[0] not in KINDS:
        return BadFrame("unknown", line)
    return Frame(parts[0], seq, parts[2], parts[3:])


class LineSplitter:
    """Cuts a byte stream into lines. A line longer than MAX_LINE is cut off and reported as too_long.

    >>> s = LineSplitter(); s.feed(b"AB"), s.feed(b"C\\nD")
    ([], [b'ABC'])
    """

    def __init__(self):
        self._buf = b""
        self._overflow = False

    def feed(self, data):
        """Lines completed by ``data``, without newlines. An overlong line comes back as b"" + ..."""
        self._buf += data
        lines = []
        while True:
            end = self._buf.find(b"\n")
            if end < 0:
                break
            line, self._buf = self._buf[:end], self._buf[end + 1 :]
            if self._overflow:
                self._overflow = False
                line = b"\xff" * MAX_LINE  # reported as too_long by decode, not silently joined
            if line.strip():
                lines.append(line)
        if len(self._buf) >= MAX_LINE:
            self._buf = b""
            self._overflow = True
        return lines

    def pending(self):
        """How many bytes of an unfinished line are held."""
        return len(self._buf)


# Frame builders: the args of each kind in one place, used by both ends.


def hello_tower(boot, tower_id, fw, kinds, wells, mode, last_seq=0):
    return encode(
        HELLO,
        last_seq,
        boot,
        "role=tower",
        f"proto={PROTO_VERSION}",
        "id=" + tower_id,
        "fw=" + fw,
        "kinds=" + ",".join(kinds),
        f"wells={wells}",
        "mode=" + mode,
    )


def hello_host(boot=NO_BOOT):
    return encode(HELLO, 0, boot, "role=host", f"proto={PROTO_VERSION}")


def roll(seq, boot, kind, faces):
    """A ROLL frame: ``ROLL seq boot kind count faces``; ``faces`` comma-separated, in well order."""
    return encode(ROLL, seq, boot, kind, str(len(faces)), ",".join(str(f) for f in faces))


def roll_faces(frame):
    """``(kind, faces)`` of a ROLL frame.

    Raises:
        ValueError: the count does not match the faces, a face is outside the kind's range, or the kind
            is unknown (a CRC-valid frame with a bad payload is a firmware bug, not noise).
    """
    if frame.kind != ROLL or len(frame.args) != 3:
        raise ValueError(f"not a ROLL frame with kind, count and faces: {frame!r}")
    kind, count, text = frame.args
    if kind not in DICE:
        raise ValueError(f"unknown dice kind {kind!r}")
    faces = tuple(int(f) for f in text.split(","))
    if not count.isdigit() or int(count) != len(faces):
        raise ValueError(f"ROLL says {count} dice but lists {len(faces)} faces")
    low, high = DICE[kind]
    for face in faces:
        if not low <= face <= high:
            raise ValueError(f"face {face} outside {low}..{high} for {kind} dice")
    return kind, faces


def ack(seq, boot, verdict):
    if verdict not in VERDICTS and verdict != "ok":
        raise ValueError(f"unknown verdict {verdict!r}")
    return encode(ACK, seq, boot, verdict)


def nak(seq, boot, reason):
    return encode(NAK, seq, boot, reason)


def status(seq, boot, **counters):
    return encode(STATUS, seq, boot, *[f"{k}={counters[k]}" for k in sorted(counters)])


def error(seq, boot, code, *detail):
    return encode(ERROR, seq, boot, code, *detail)


def calibrate(seq, boot, well, face):
    return encode(CALIBRATE, seq, boot, f"well={well}", f"face={face}")


def calibrate_step(seq, boot, step):
    """A camera tower's calibration step: ``empty`` (the tray), ``dice`` (its dice thrown), ``check``."""
    return encode(CALIBRATE, seq, boot, f"step={step}")


def _is_boot(text):
    if len(text) != 8:
        return False
    return all(ch in "0123456789abcdef" for ch in text)


def _is_token(text):
    return all(not (ch == " " or ch == "*" or not "!" <= ch <= "~") for ch in text)
