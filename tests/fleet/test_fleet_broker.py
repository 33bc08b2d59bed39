"""The companion and a real broker that wants a login, or TLS with client certificates, or is not there."""

from __future__ import annotations

import shutil
import subprocess
import threading
import time
from pathlib import Path

import pytest
from fleetkit import Mosquitto, free_port, wait_for

from hauntable.engine.bots import seq_seeded_choice
from hauntable.fleet.broker import BrokerSettings
from hauntable.fleet.companion import Companion
from hauntable.fleet.operator import Subscriber
from hauntable.gamelog.store import GameLog
from hauntable.kiosk.status import StatusWriter, status_path
from hauntable.session import Session

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.skipif(
    shutil.which("mosquitto_passwd") is None or not Path("/usr/sbin/mosquitto").exists(),
    reason="needs mosquitto (apt, see .ci/run)",
)


def a_table(directory: Path, inputs: int = 5) -> Session:
    directory.mkdir(parents=True, exist_ok=True)
    log = GameLog(directory / "table.sqlite3", durable=False)
    session = Session.new("geisterstunde", {"players": ["Anna", "Ben", "Cleo"], "seed": 4}, log=log)
    for _ in range(inputs):
        session.submit(seq_seeded_choice(session.game, session.step, 4), source="bot")
    StatusWriter(status_path(log.path)).update({"screen": "castle", "readers_failed": []})
    return session


class Running:
    """A companion on its own thread, as ``hauntable companion`` runs it."""

    def __init__(self, companion: Companion):
        self.companion = companion
        self.stop = threading.Event()
        self.thread = threading.Thread(target=companion.run, args=(self.stop, 0.1))

    def __enter__(self) -> Companion:
        self.thread.start()
        return self.companion

    def __exit__(self, *exc) -> None:
        self.stop.set()
        self.thread.join(10)


def seen_by(settings: BrokerSettings, table: str, timeout: float = 10.0) -> dict:
    sub = Subscriber(settings)
    sub.start()
    try:
        return wait_for(lambda: sub.view.snapshot()["tables"], timeout, f"{table} on the operator's view")[0]
    finally:
        sub.stop()


def openssl(*args: str, cwd: Path) -> None:
    subprocess.run(["openssl", *args], cwd=cwd, check=True, capture_output=True)


def make_pki(d: Path) -> None:
    """A CA made here, a broker certificate for 127.0.0.1 and a client certificate, all signed by it."""
    d.mkdir(parents=True, exist_ok=True)
    openssl(
        "req",
        "-x509",
        "-newkey",
        "rsa:2048",
        "-nodes",
        "-days",
        "2",
        "-subj",
        "/CN=Test CA",
        "-keyout",
        "ca.key",
        "-out",
        "ca.pem",
        cwd=d,
    )
    (d / "san.ext").write_text("subjectAltName=IP:127.0.0.1,DNS:localhost\n")
    for name, cn in (("server", "localhost"), ("client", "table-7")):
        openssl(
            "req",
            "-newkey",
            "rsa:2048",
            "-nodes",
            "-subj",
            f"/CN={cn}",
            "-keyout",
            f"{name}.key",
            "-out",
            f"{name}.csr",
            cwd=d,
        )
        extra = ["-extfile", "san.ext"] if name == "server" else []
        openssl(
            "x509",
            "-req",
            "-in",
            f"{name}.csr",
            "-CA",
            "ca.pem",
            "-CAkey",
            "ca.key",
            "-CAcreateserial",
            "-days",
            "2",
            "-out",
            f"{name}.pem",
            *extra,
            cwd=d,
        )


def passwords(path: Path, **users: str) -> Path:
    for i, (user, password) in enumerate(users.items()):
        flags = ["-c"] if i == 0 else []
        subprocess.run(["mosquitto_passwd", "-b", *flags, str(path), user, password], check=True)
    path.chmod(0o600)
    return path


def test_with_logins_and_the_shipped_acl(tmp_path):
    """systemd/mosquitto-hauntable.acl: a table logs in with its name and may write only its own topics."""
    pw = passwords(tmp_path / "passwd", t7="s3cret", operator="0perator")
    acl = ROOT / "systemd" / "mosquitto-hauntable.acl"
    broker = Mosquitto(
        tmp_path / "broker", extra=f"allow_anonymous false\npassword_file {pw}\nacl_file {acl}\n"
    ).start()
    try:
        a_table(tmp_path / "t7")
        wrong = BrokerSettings(port=broker.port, username="t7", password="guess")
        refused = Companion("t7", tmp_path / "t7", wrong)
        with Running(refused):
            time.sleep(1.5)
            assert not refused.client.is_connected()
        good = BrokerSettings(port=broker.port, username="t7", password="s3cret")
        operator = BrokerSettings(port=broker.port, username="operator", password="0perator")
        # logged in as t7, posing as t8: the broker drops what it publishes
        with Running(Companion("t8", tmp_path / "t7", good)), Running(Companion("t7", tmp_path / "t7", good)):
            time.sleep(1.0)
            row = seen_by(operator, "t7")
        assert row["table"] == "t7" and row["game"] == "geisterstunde" and row["seq"] == 5
        sub = Subscriber(operator)
        sub.start()
        time.sleep(1.0)
        sub.stop()
        assert [r["table"] for r in sub.view.snapshot()["tables"]] == ["t7"]
    finally:
        broker.stop()


def test_with_tls_and_client_certificates(tmp_path):
    pki = tmp_path / "pki"
    make_pki(pki)
    pw = passwords(tmp_path / "passwd", table7="s3cret")
    broker = Mosquitto(
        tmp_path / "broker",
        extra=f"cafile {pki / 'ca.pem'}\ncertfile {pki / 'server.pem'}\nkeyfile {pki / 'server.key'}\n"
        f"require_certificate true\nallow_anonymous false\npassword_file {pw}\n",
    ).start()
    try:
        a_table(tmp_path / "t7")
        tls = {"ca": str(pki / "ca.pem"), "cert": str(pki / "client.pem"), "key": str(pki / "client.key")}
        settings = BrokerSettings(
            host="127.0.0.1", port=broker.port, username="table7", password="s3cret", **tls
        )
        no_cert = BrokerSettings(
            host="127.0.0.1", port=broker.port, username="table7", password="s3cret", ca=tls["ca"]
        )
        refused = Companion("t7", tmp_path / "t7", no_cert)
        with Running(refused):
            time.sleep(1.5)
            assert not refused.client.is_connected()
        with Running(Companion("t7", tmp_path / "t7", settings)):
            row = seen_by(settings, "t7")
        assert row["status"] == "online" and row["screen"] == "castle" and row["seq"] == 5
    finally:
        broker.stop()


def test_without_a_broker_the_table_is_never_held_up_and_nothing_is_lost_up_to_the_buffer(tmp_path):
    """No broker at start: each step stays fast, events wait in the bounded outbox (the oldest dropped and
    counted once it is full); when the broker comes the kept events arrive."""
    port = free_port()
    session = a_table(tmp_path / "t1", inputs=0)
    companion = Companion("t1", tmp_path / "t1", BrokerSettings(port=port), buffer=3)
    companion.start()
    try:
        slowest = 0.0
        for _ in range(40):
            t0 = time.perf_counter()
            companion.step()
            slowest = max(slowest, time.perf_counter() - t0)
            if not session.over:
                session.submit(seq_seeded_choice(session.game, session.step, 4), source="bot")
        assert slowest < 0.2, slowest
        # fault events fill the outbox: the app's status goes stale, a reader fails
        StatusWriter(status_path(tmp_path / "t1" / "table.sqlite3")).update(
            {"readers_failed": ["a1", "b2"], "tower": "lost"}
        )
        companion.step()
        assert len(companion.outbox) == 3 and companion.dropped >= 1
        kept = [e["id"] for e in companion.outbox]
        broker = Mosquitto(tmp_path / "broker", port=port).start()
        try:
            sub = Subscriber(BrokerSettings(port=port))
            sub.start()
            wait_for(lambda: sub.client.is_connected(), 5, "the operator's subscription")
            time.sleep(0.3)

            def delivered() -> bool:
                companion.step()
                # the retained backlog of recent events may bring back one the outbox dropped
                return set(kept) <= {e["id"] for e in sub.view.events("t1")}

            wait_for(delivered, 10, "the kept events")
            assert companion.health["dropped_events"] == companion.dropped
            sub.stop()
        finally:
            broker.stop()
    finally:
        companion.stop()
