"""What goes onto the tower's flash, and the firmware version the tower reports in HELLO.

Used by ``mpremote`` / ``mpy-cross`` builds (micropython-lib manifest style: ``module()`` is provided by the
build tool) and imported by ``main.py`` for ``VERSION``. Bump VERSION on every change that reaches a
tower; bump ``protocol.PROTO_VERSION`` only when the wire format changes (the host refuses a mismatch).
"""

VERSION = "0.1.0"
MODULES = ("protocol", "classifier", "settle", "sensors", "store", "tower", "port", "main")

try:
    metadata(version=VERSION, description="Hauntable dice tower")
    for _name in MODULES:
        module(_name + ".py")
except NameError:  # imported as a plain module (main.py, tests): only VERSION is wanted
    pass
