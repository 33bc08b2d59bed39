"""The physical table: RFID cells and card slots, buttons and LEDs, layout, tag registry, scanner, referee.

Backends (``backends/mock.py``, ``backends/pi.py``) are chosen by configuration and imported lazily.
"""
