"""The tower's side of the serial line: a stream pair polled without blocking.

On the Pico the stream is USB CDC (``sys.stdin``/``sys.stdout``); in the simulated tower it is a pty
master handed to the process as stdin/stdout. Both are read only when ``select.poll`` says a byte is
there, so ``Tower.step`` never blocks. Pure: no ``machine``.
"""

import select


class StreamPort:
    """``read()`` returns what has arrived (maybe b""), ``write(line)`` sends a line; counts what it drops."""

    MAX_READ = 256  # bytes per read() call, so a babbling host cannot starve the tray

    def __init__(self, stream_in, stream_out):
        # CPython's buffered stdin would swallow bytes into its buffer where poll cannot see them
        self.inp = getattr(stream_in, "raw", stream_in)
        self.out = getattr(stream_out, "raw", stream_out)
        self.chunk = 256 if self.inp is not stream_in else 1  # MicroPython read(n) waits for all n
        self.poller = select.poll()
        self.poller.register(self.inp, select.POLLIN)
        self.write_errors = 0

    def readable(self, timeout_ms=0):
        return any(events & select.POLLIN for _obj, events in self.poller.poll(timeout_ms))

    def read(self):
        data = b""
        while len(data) < self.MAX_READ and self.readable(0):
            try:
                got = self.inp.read(self.chunk)
            except OSError:  # EIO: nobody has the other end open (USB host gone, pty slave closed)
                return data
            if not got:
                break
            data += got
        return data

    def write(self, line):
        try:
            self.out.write(line)
            if hasattr(self.out, "flush"):
                self.out.flush()
        except OSError:  # no host listening: the roll stays pending and is resent later
            self.write_errors += 1
