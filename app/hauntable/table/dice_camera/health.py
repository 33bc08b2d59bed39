"""What a camera tower's health check means for the operator: its ``key=value`` answer judged.

Kept apart from the reader (no numpy, no OpenCV): the table app judges the answer it gets over the link.

>>> judge({"light": "1.02", "hall": "0.10", "focus": "150", "glare": "0.000", "dice": "0"})
(True, 'light 1.02 of calibration, hall 0.10 of the ring, focus 150, glare 0.0 %, 0 dice in the tray')
>>> judge({"light": "0.61", "hall": "0.10", "focus": "150", "glare": "0.000", "dice": "0"})[0]
False
"""

from __future__ import annotations

LIGHT = (0.8, 1.25)  # the ring against calibration: dimmer or brighter than this, calibrate again
HALL = 0.8  # the hall's light against the ring: above, marks lose contrast (close the shroud)
FOCUS = 20.0  # Laplacian variance of the felt below this: the lens is out of focus or fogged
GLARE = 0.005  # share of the tray floor saturated


def judge(fields: dict[str, str]) -> tuple[bool, str]:
    """(healthy, one line for the self-test) from a ``check`` answer; what is wrong is named first."""
    try:
        light, hall = float(fields["light"]), float(fields["hall"])
        focus, glare, dice = float(fields["focus"]), float(fields["glare"]), int(fields["dice"])
    except (KeyError, ValueError):
        return False, f"no health answer ({fields.get('why', 'unreadable')})"
    wrong = []
    if not LIGHT[0] <= light <= LIGHT[1]:
        wrong.append("the ring's light moved since calibration: calibrate again")
    if hall > HALL:
        wrong.append("too much hall light in the tray: close the shroud")
    if focus < FOCUS:
        wrong.append("the picture is blurred: clean or focus the lens")
    if glare > GLARE:
        wrong.append("glare on the tray: turn the ring down or the camera's exposure")
    text = (
        f"light {light:.2f} of calibration, hall {hall:.2f} of the ring, focus {focus:.0f}, "
        f"glare {100 * glare:.1f} %, {dice} dice in the tray"
    )
    return not wrong, "; ".join([*wrong, text])
