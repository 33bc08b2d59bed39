"""Our own register-level MFRC522 driver on a spidev-like object, and a byte-level emulator to test it.

Why not the published ``mfrc522`` 0.0.7 package: see docs/hardware.md. In short it keeps only part of a
7-byte UID, its timeout never fires, it drives one reader, and it imports RPi.GPIO, which a Pi 5 lacks.

- ``registers.py``: register and command numbers, ISO 14443-A command bytes, CRC_A.
- ``driver.py``: :class:`Mfrc522` (REQA/WUPA, cascade anticollision and select, HLTA, field cycling).
- ``bus.py``: many readers on one SPI bus, selected by GPIO lines or a 74HC138 decoder tree.
- ``emulator.py``: the chip and ISO 14443-A tags at byte level behind a fake SPI device, on a SimClock.
"""
