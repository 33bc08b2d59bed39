"""The protocol vector checks in the subset MicroPython runs: each returns plain-assert case functions.

``test_dice_protocol.py`` runs the same vectors under CPython with pytest's reporting.
"""

try:  # CPython (pytest imports this file too): put the firmware on the path. MicroPython: MICROPYPATH has it
    import dice_paths

    dice_paths.use_firmware()
except ImportError:
    pass

import json

import protocol


def check_crc(case):
    assert f"{protocol.crc16(case['data'].encode()):04X}" == case["crc"], case


def check_encode(case):
    line = protocol.encode(case["kind"], case["seq"], case["boot"], *case["args"])
    assert line == case["line"].encode(), (line, case["line"])
    frame = protocol.decode(line)
    assert (frame.kind, frame.seq, frame.boot, list(frame.args)) == (
        case["kind"],
        case["seq"],
        case["boot"],
        case["args"],
    )


def check_encode_error(case):
    try:
        protocol.encode(case["kind"], case["seq"], case["boot"], *case["args"])
    except ValueError:
        return
    raise AssertionError("encoded: " + case["why"])


def check_decode_bad(case):
    got = protocol.decode(case["line"].encode())
    assert isinstance(got, protocol.BadFrame) and got.reason == case["reason"], (case["why"], got)


def check_roll(case):
    kind, faces = protocol.roll_faces(protocol.decode(case["line"].encode()))
    assert (kind, list(faces)) == (case["kind"], case["faces"])


def check_roll_error(case):
    frame = protocol.decode(case["line"].encode())
    assert isinstance(frame, protocol.Frame)
    try:
        protocol.roll_faces(frame)
    except ValueError:
        return
    raise AssertionError("accepted: " + case["why"])


def check_splitter(case):
    splitter = protocol.LineSplitter()
    lines = []
    for chunk in case["chunks"]:
        lines += splitter.feed(chunk.encode())
    assert len(lines) == len(case["lines"]), lines
    for got, want in zip(lines, case["lines"]):  # noqa: B905 - MicroPython's zip has no strict
        if want == "TOO_LONG":
            assert protocol.decode(got).reason == "too_long"
        else:
            assert got == want.encode(), (got, want)


CHECKS = (
    ("crc16_ccitt_false", check_crc),
    ("encode", check_encode),
    ("encode_errors", check_encode_error),
    ("decode_bad", check_decode_bad),
    ("roll_faces", check_roll),
    ("roll_faces_errors", check_roll_error),
    ("splitter", check_splitter),
)


def load(path):
    with open(path) as f:
        return json.load(f)


def cases(path):
    """(name, fn(tmp)) for every vector in the file, plus the version and line-length constants."""
    doc = load(path)
    out = []

    def constants(_tmp):
        assert doc["proto_version"] == protocol.PROTO_VERSION and doc["max_line"] == protocol.MAX_LINE

    out.append(("vectors_constants", constants))
    for section, check in CHECKS:
        for i, case in enumerate(doc[section]):
            out.append((f"vectors_{section}_{i}", _bind(check, case)))
    return out


def _bind(check, case):
    return lambda _tmp: check(case)
