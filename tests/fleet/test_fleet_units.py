"""The companion's and the broker's systemd units and their install steps, checked without a Pi."""

from __future__ import annotations

import getpass
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from fleetkit import free_port

ROOT = Path(__file__).resolve().parents[2]
SYSTEMD = ROOT / "systemd"
analyze = pytest.mark.skipif(shutil.which("systemd-analyze") is None, reason="no systemd-analyze")


def for_checks(tmp_path: Path, name: str) -> Path:
    """The unit with its ExecStart on a binary that exists here (verify checks the path)."""
    text = (SYSTEMD / name).read_text()
    text = text.replace("/opt/hauntable/venv/bin/hauntable", "/bin/true").replace(
        "/usr/sbin/mosquitto", "/bin/true"
    )
    unit = tmp_path / name
    unit.write_text(text)
    return unit


@analyze
@pytest.mark.parametrize("name", ["hauntable-companion.service", "hauntable-broker.service"])
def test_the_units_verify(tmp_path, name):
    result = subprocess.run(
        ["systemd-analyze", "verify", str(for_checks(tmp_path, name))], capture_output=True, text=True
    )
    assert result.returncode == 0, result.stderr


@analyze
def test_the_companion_is_confined(tmp_path):
    result = subprocess.run(
        [
            "systemd-analyze",
            "security",
            "--offline=yes",
            "--no-pager",
            str(for_checks(tmp_path, "hauntable-companion.service")),
        ],
        capture_output=True,
        text=True,
    )
    score = re.search(r"Overall exposure level for \S+: ([\d.]+)", result.stdout)
    assert score and float(score.group(1)) <= 3.0, result.stdout[-600:]


def test_the_companion_reads_the_log_as_its_own_user_and_the_kiosk_stays_off_the_network():
    companion = (SYSTEMD / "hauntable-companion.service").read_text().splitlines()
    for line in (
        "User=hauntable-fleet",
        "SupplementaryGroups=hauntable",
        "ReadOnlyPaths=/var/lib/hauntable",
        "ProtectSystem=strict",
        "NoNewPrivileges=yes",
    ):
        assert line in companion, line
    assert not any(line.startswith("ReadWritePaths") for line in companion)
    kiosk = (SYSTEMD / "hauntable.service").read_text().splitlines()
    assert "PrivateNetwork=yes" in kiosk and "UMask=0027" in kiosk  # group-readable log for the companion


def test_install_with_companion_and_broker_lists_their_steps():
    out = subprocess.run(
        ["bash", str(SYSTEMD / "install.sh"), "--dry-run", "--companion", "--broker"],
        capture_output=True,
        text=True,
    )
    assert out.returncode == 0, out.stderr
    for step in (
        "useradd --system --no-create-home --shell /usr/sbin/nologin --user-group hauntable-fleet",
        "systemctl enable hauntable-companion.service",
        "systemctl enable hauntable-broker.service",
        "systemctl disable --now mosquitto.service",
        "/etc/hauntable/mosquitto.acl",
        "src\\[pi\\,camera\\,fleet\\]",
        "mosquitto mosquitto-clients",
    ):
        assert step in out.stdout, step
    plain = subprocess.run(
        ["bash", str(SYSTEMD / "install.sh"), "--dry-run"], capture_output=True, text=True
    ).stdout
    assert "hauntable-companion" not in plain and "mosquitto" not in plain
    bad = subprocess.run(
        ["bash", str(SYSTEMD / "install.sh"), "--dry-run", "--bogus"], capture_output=True, text=True
    )
    assert bad.returncode == 2


@pytest.mark.skipif(
    shutil.which("mosquitto") is None and not Path("/usr/sbin/mosquitto").exists(), reason="no mosquitto"
)
def test_the_shipped_broker_config_is_accepted_by_mosquitto(tmp_path):
    text = (SYSTEMD / "mosquitto-hauntable.conf").read_text()
    text = text.replace("/etc/hauntable/mosquitto.acl", str(SYSTEMD / "mosquitto-hauntable.acl"))
    (tmp_path / "passwd").write_text("")
    text = text.replace("/etc/hauntable/mosquitto.passwd", str(tmp_path / "passwd"))
    text = text.replace("/var/lib/hauntable-broker/", f"{tmp_path}/").replace(
        "listener 1883", f"listener {free_port()} 127.0.0.1"
    )
    text = text.replace("log_dest syslog", "log_dest stderr")
    text = f"user {getpass.getuser()}\n{text}"  # as root it would switch to "mosquitto", who cannot read tmp
    conf = tmp_path / "mosquitto.conf"
    conf.write_text(text)
    # no config check mode: mosquitto exits at once on a config it refuses, and keeps running on a good one
    proc = subprocess.Popen(["/usr/sbin/mosquitto", "-c", str(conf)], stderr=subprocess.PIPE, text=True)
    try:
        with pytest.raises(subprocess.TimeoutExpired):
            proc.wait(1.5)
    finally:
        proc.kill()
        err = proc.communicate()[1]
    assert "Error" not in err, err
