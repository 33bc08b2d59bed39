"""MFRC522 register map, PCD commands, ISO 14443-A tag commands and the CRC_A checksum.

Numbers are from the NXP MFRC522 datasheet (rev. 3.9) and ISO/IEC 14443-3. Both the driver and the
emulator import them from here, so a typo shows up as a failing driver test rather than two agreeing bugs
only if the emulator's behaviour tests pin the datasheet values too (see tests/table/test_mfrc522.py).
"""

from __future__ import annotations

# registers (page 0-3)
COMMAND = 0x01
COM_IEN = 0x02
DIV_IEN = 0x03
COM_IRQ = 0x04
DIV_IRQ = 0x05
ERROR = 0x06
STATUS1 = 0x07
STATUS2 = 0x08
FIFO_DATA = 0x09
FIFO_LEVEL = 0x0A
CONTROL = 0x0C
BIT_FRAMING = 0x0D
COLL = 0x0E
MODE = 0x11
TX_MODE = 0x12
RX_MODE = 0x13
TX_CONTROL = 0x14
TX_ASK = 0x15
CRC_RESULT_H = 0x21
CRC_RESULT_L = 0x22
MOD_WIDTH = 0x24
RF_CFG = 0x26
T_MODE = 0x2A
T_PRESCALER = 0x2B
T_RELOAD_H = 0x2C
T_RELOAD_L = 0x2D
VERSION = 0x37

# PCD commands (CommandReg bits 3..0)
CMD_IDLE = 0x00
CMD_CALC_CRC = 0x03
CMD_TRANSCEIVE = 0x0C
CMD_SOFT_RESET = 0x0F
POWER_DOWN = 0x10  # CommandReg bit 4: soft power-down

STATUS1_CRC_READY = 0x20  # Status1Reg bit 5
DIV_IRQ_CRC = 0x04  # DivIrqReg bit 2: CRCIRq, the CRC coprocessor has processed the whole FIFO
RX_GAIN_MASK = 0x70  # RFCfgReg bits 6..4: receiver gain
RX_GAIN_48DB = 0x70  # 111b: 48 dB, the maximum (reset value 100b: 33 dB)
RF_CFG_RESET = 0x48
TX_CRC_EN = 0x80  # TxModeReg / RxModeReg bit 7: the chip appends / checks CRC_A itself

# ComIrqReg bits
IRQ_TX = 0x40
IRQ_RX = 0x20
IRQ_IDLE = 0x10
IRQ_ERR = 0x02
IRQ_TIMER = 0x01

# ErrorReg bits
ERR_BUFFER_OVERFLOW = 0x10
ERR_COLLISION = 0x08
ERR_CRC = 0x04
ERR_PARITY = 0x02
ERR_PROTOCOL = 0x01

START_SEND = 0x80  # BitFramingReg (bits 6..4: RxAlign, bits 2..0: TxLastBits)
VALUES_AFTER_COLL = 0x80  # CollReg bit 7: 0 = clear the received bits after a collision
COLL_POS_NOT_VALID = 0x20  # CollReg bit 5: no collision, or it lies beyond CollPos' range
COLL_POS_MASK = 0x1F  # CollReg bits 4..0: the first collision's bit position, 1..31, 0 = 32nd
FLUSH_FIFO = 0x80  # FIFOLevelReg
T_AUTO = 0x80  # TModeReg: the timer starts at the end of each transmission
ANTENNA_BITS = 0x03  # TxControlReg Tx1RFEn | Tx2RFEn
TIMER_HZ = 13_560_000  # the timer counts the 13.56 MHz carrier through the prescaler

# Chip versions seen in the wild: 0x91 v1.0, 0x92 v2.0, 0x88 FM17522 clone, 0x12 / 0xB2 clones.
KNOWN_VERSIONS = {0x91: "MFRC522 v1.0", 0x92: "MFRC522 v2.0", 0x88: "FM17522", 0x12: "clone", 0xB2: "clone"}

# ISO 14443-A tag commands
REQA = 0x26  # 7-bit frame: only IDLE tags answer
WUPA = 0x52  # 7-bit frame: IDLE and HALT tags answer (removal detection must use this)
HLTA = 0x50
CASCADE_TAG = 0x88
SEL = (0x93, 0x95, 0x97)  # anticollision/select command per cascade level 1..3
NVB_ANTICOLLISION = 0x20  # "I send 2 bytes, you send the rest of your UID CLn"
NVB_SELECT = 0x70  # "I send all 7 bytes": select
SAK_UID_INCOMPLETE = 0x04


def crc_a(data: bytes | bytearray | list[int]) -> bytes:
    """ISO 14443-A CRC (CRC-16/ISO-IEC-14443-3-A), low byte first.

    >>> crc_a(bytes([0x50, 0x00])).hex()
    '57cd'
    """
    crc = 0x6363
    for byte in data:
        b = (byte ^ crc) & 0xFF
        b = (b ^ (b << 4)) & 0xFF
        crc = ((crc >> 8) ^ (b << 8) ^ (b << 3) ^ (b >> 4)) & 0xFFFF
    return bytes([crc & 0xFF, crc >> 8])


def bcc(data: bytes | bytearray | list[int]) -> int:
    """Block check character of a UID CLn: the XOR of its four bytes."""
    out = 0
    for byte in data:
        out ^= byte
    return out


def format_uid(uid: bytes) -> str:
    """The form players and admins see: ``04:A2:5B:1C:7F:80:00``."""
    return ":".join(f"{b:02X}" for b in uid)


def parse_uid(text: str) -> bytes:
    """Read ``04:A2:5B...`` or ``04a25b...``; raises ValueError on anything else."""
    cleaned = text.strip().replace(":", "").replace(" ", "").replace("-", "")
    raw = bytes.fromhex(cleaned)
    if len(raw) not in (4, 7, 10):
        raise ValueError(f"a UID has 4, 7 or 10 bytes, not {len(raw)}: {text!r}")
    return raw


def normal_uid(uid: str | bytes) -> str:
    """Any accepted spelling (or raw bytes) -> ``04:A2:5B:...``. Raises ValueError on a malformed UID."""
    return format_uid(uid if isinstance(uid, bytes) else parse_uid(uid))
