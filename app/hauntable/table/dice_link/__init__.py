"""The dice-tower link: protocol (shared with the firmware), link state machine, transport, devices.

- ``protocol.py``: a symlink to ``firmware/dice_tower/protocol.py``, the one file both ends run.
- ``link.py``: the host's state machine (pure, injected clock): exactly-once delivery, resync, health.
- ``transport.py``: pyserial, opened without blocking; the only module that imports ``serial``.
- ``tower.py``: ``DiceTower``, the device: a thread driving the link, reconnecting by itself.
- ``virtual.py`` / ``supply.py``: the virtual tower and the fallback to it.
- ``rolls.py``: ``DiceRoll`` and the consumer interface, ``on_roll(faces, source) -> taken``.
- ``simulated.py``: ``SimulatedDiceTower``, the firmware in a subprocess behind a real pty (tests, bench, UI).

See ``docs/dice-tower.md`` and ``docs/dice-tower-protocol.md``.
"""
