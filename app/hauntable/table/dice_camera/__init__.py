"""The camera dice tower: a camera over a lit tray reads every die thrown, and the firmware's own tower
loop carries the roll to the table over the dice-tower protocol (``docs/dice-tower.md``).

- ``reader.py``: two frames (LED ring on, off) -> each die's kind and face, or unsure and why; calibration.
- ``render.py``: seeded pictures of dice in the tray with known faces (tests, bench, simulated camera).

numpy and OpenCV come with the ``camera`` extra; nothing here is imported by the app's start-up.
"""
