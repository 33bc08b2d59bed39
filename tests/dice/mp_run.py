"""Runs the firmware cases and the protocol vectors under the MicroPython unix port (no pytest there).

    MICROPYPATH=firmware/dice_tower:tests/dice/fakes:tests/dice \\
        micropython tests/dice/mp_run.py VECTORS TMPDIR

Prints one line per case (``ok name`` / ``FAIL name: error``) and ``passed N failed M``; exits 1 on any
failure. ``test_dice_micropython.py`` drives it; CI runs it too.
"""

import sys

import firmware_cases
import mp_vectors


def main(argv):
    vectors, scratch = argv[1], argv[2]
    cases = list(firmware_cases.CASES) + mp_vectors.cases(vectors)
    passed, failed = 0, 0
    for i, (name, fn) in enumerate(cases):
        tmp = scratch + "/" + str(i)
        try:
            import os

            os.mkdir(tmp)
        except OSError:
            pass
        try:
            fn(tmp)
        except Exception as exc:  # report and go on: one failure must not hide the others
            failed += 1
            print("FAIL", name + ":", repr(exc))
            sys.print_exception(exc) if hasattr(sys, "print_exception") else None
        else:
            passed += 1
            print("ok", name)
    print("passed", passed, "failed", failed)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
