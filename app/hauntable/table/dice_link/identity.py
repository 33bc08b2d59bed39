"""Which serial port is which dice tower: a USB id and serial number match, and the udev rule naming it.

Stock MicroPython on a Pico enumerates as ``2e8a:0005`` whatever it runs, so two towers share that id;
what tells them apart is the USB serial number, which the rp2 port takes from the flash chip's unique
id (16 hex digits, different on every board). A layout's ``[[tower]]`` names a tower by ``port`` (a path
such as ``/dev/hauntable/tower-1``, made by the udev rule below) or by ``usb = "vid:pid"`` plus
``serial``; with ``usb`` alone and two such boards plugged in, nothing is guessed: :class:`TowerAmbiguous`
names both serials. ``hauntable towers`` lists what is plugged in and prints the rule to install.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable

from hauntable.engine.rejections import HauntableError

PICO = "2e8a:0005"  # MicroPython's USB id on an RP2040


class TowerAmbiguous(HauntableError):
    """Several plugged-in boards match a tower's USB id and the layout gives no serial to choose."""

    code = "table/tower_ambiguous"


@dataclasses.dataclass(frozen=True)
class Plugged:
    """One USB serial port as the system sees it."""

    device: str  # /dev/ttyACM0
    usb: str | None  # "2e8a:0005", None for a port that is not USB
    serial: str | None
    product: str | None = None

    @property
    def by_id(self) -> str | None:
        """The udev ``/dev/serial/by-id`` style name, stable while the serial number is."""
        return f"/dev/serial/by-id/usb-*_{self.serial}-if00" if self.serial else None


def plugged(ports: Iterable | None = None) -> list[Plugged]:
    """The USB serial ports plugged in now (pyserial's ``list_ports``; ``ports`` for tests)."""
    if ports is None:
        from serial.tools import list_ports  # the transport layer's library, only when asked

        ports = list_ports.comports()
    out = []
    for info in ports:
        usb = f"{info.vid:04x}:{info.pid:04x}" if info.vid is not None else None
        out.append(Plugged(info.device, usb, info.serial_number, getattr(info, "product", None)))
    return out


def find_port(spec, ports: Iterable[Plugged] | None = None) -> str | None:
    """The device of tower ``spec`` (a ``TowerSpec``): its ``port``, or the one board matching ``usb``
    (and ``serial`` when given); None when none is plugged in.

    Raises:
        TowerAmbiguous: several boards match and the spec has no serial to choose between them.
    """
    if spec.port:
        return spec.port
    want = (spec.usb or "").lower()
    serial = getattr(spec, "serial", None)
    found = [p for p in (plugged() if ports is None else ports) if p.usb == want]
    if serial:
        found = [p for p in found if (p.serial or "").lower() == serial.lower()]
    if len(found) > 1:
        serials = ", ".join(p.serial or "?" for p in found)
        raise TowerAmbiguous(
            f"tower {spec.id}: {len(found)} boards with USB id {want} are plugged in (serials {serials}); "
            f'give the tower serial = "..." in the layout, or a port made by the udev rule (hauntable towers)'
        )
    return found[0].device if found else None


def udev_rule(serial: str, name: str, usb: str = PICO) -> str:
    """The udev line that makes ``/dev/hauntable/<name>`` point at the board with ``serial``."""
    vid, pid = usb.split(":")
    return (
        f'SUBSYSTEM=="tty", ATTRS{{idVendor}}=="{vid}", ATTRS{{idProduct}}=="{pid}", '
        f'ATTRS{{serial}}=="{serial}", SYMLINK+="hauntable/{name}", GROUP="dialout", MODE="0660"'
    )
