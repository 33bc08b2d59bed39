"""What the tower keeps in flash: rolls the host has not acknowledged yet, and the calibration.

A roll is written here before it is first sent, so a reset (a brown-out, a USB replug that power-cycles
the Pico) cannot lose it: after the reboot it is resent with its original (boot, seq), and the host,
which remembers what it delivered, drops it if it had already arrived. Writes go to a temporary file
and are renamed over the old one, which littlefs does atomically. Pure: only ``open`` and ``os``.
"""

import os

import protocol


class Store:
    """Files in ``root``: ``pending.txt`` (one ROLL line each, oldest first) and ``calibration.txt``."""

    def __init__(self, root="."):
        self.root = root

    def _path(self, name):
        return self.root + "/" + name

    def read(self, name):
        try:
            with open(self._path(name)) as f:
                return f.read()
        except OSError:
            return None

    def write(self, name, text):
        tmp = self._path(name + ".tmp")
        with open(tmp, "w") as f:
            f.write(text)
        os.rename(tmp, self._path(name))

    def load_pending(self):
        """The unacknowledged ROLL frames saved before the last reset (a damaged line is skipped)."""
        text = self.read("pending.txt") or ""
        frames = []
        for line in text.split("\n"):
            if line:
                frame = protocol.decode(line.encode())
                if isinstance(frame, protocol.Frame) and frame.kind == protocol.ROLL:
                    frames.append(frame)
        return frames

    def save_pending(self, frames):
        self.write("pending.txt", "".join(f.encode().decode() for f in frames))


class MemoryStore(Store):
    """A store without flash (tests, a board without a filesystem): lost on reset, so say so in HELLO."""

    def __init__(self):
        self.files = {}

    def read(self, name):
        return self.files.get(name)

    def write(self, name, text):
        self.files[name] = text
