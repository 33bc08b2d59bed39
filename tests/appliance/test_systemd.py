"""The appliance's systemd unit and install scripts, checked as far as a machine without a Pi allows."""

from __future__ import annotations

import pathlib
import re
import shutil
import subprocess

import pytest

ROOT = pathlib.Path(__file__).parents[2]
UNIT = ROOT / "systemd" / "hauntable.service"
SCRIPTS = [ROOT / "systemd" / "install.sh", ROOT / "systemd" / "uninstall.sh"]
analyze = pytest.mark.skipif(shutil.which("systemd-analyze") is None, reason="no systemd-analyze")


def unit_for_checks(tmp_path: pathlib.Path) -> pathlib.Path:
    """The unit with its ExecStart pointing at a binary that exists here (verify checks the path)."""
    unit = tmp_path / "hauntable.service"
    unit.write_text(UNIT.read_text().replace("/opt/hauntable/venv/bin/hauntable", "/bin/true"))
    return unit


@analyze
def test_the_unit_verifies(tmp_path):
    result = subprocess.run(
        ["systemd-analyze", "verify", str(unit_for_checks(tmp_path))], capture_output=True, text=True
    )
    assert result.returncode == 0, result.stderr


@analyze
def test_the_unit_exposure_score_is_at_most_2_5(tmp_path):
    result = subprocess.run(
        ["systemd-analyze", "security", "--offline=yes", "--no-pager", str(unit_for_checks(tmp_path))],
        capture_output=True,
        text=True,
    )
    score = re.search(r"Overall exposure level for \S+: ([\d.]+)", result.stdout)
    assert score, result.stdout[-500:]
    assert float(score.group(1)) <= 2.5


def test_the_unit_runs_unprivileged_with_the_watchdog_and_bounded_restarts():
    text = UNIT.read_text()
    for line in (
        "Type=notify",
        "WatchdogSec=30",
        "User=hauntable",
        "SupplementaryGroups=gpio spi dialout video input render",
        "NoNewPrivileges=yes",
        "ProtectSystem=strict",
        "ReadWritePaths=/var/lib/hauntable",
        "ProtectHome=yes",
        "PrivateTmp=yes",
        "StartLimitBurst=5",
    ):
        assert line in text.splitlines(), line


@pytest.mark.skipif(shutil.which("shellcheck") is None, reason="no shellcheck")
def test_the_scripts_pass_shellcheck():
    result = subprocess.run(["shellcheck", *map(str, SCRIPTS)], capture_output=True, text=True)
    assert result.returncode == 0, result.stdout


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda p: p.name)
def test_a_dry_run_lists_the_steps_and_changes_nothing(script, tmp_path):
    before = sorted(p.name for p in pathlib.Path("/etc/systemd/system").glob("hauntable*"))
    result = subprocess.run(["bash", str(script), "--dry-run"], capture_output=True, text=True, cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert "would run: systemctl" in result.stdout
    assert sorted(p.name for p in pathlib.Path("/etc/systemd/system").glob("hauntable*")) == before
    assert not any(tmp_path.iterdir())


def test_install_enables_spi_creates_the_user_and_enables_the_unit():
    out = subprocess.run(["bash", str(SCRIPTS[0]), "--dry-run"], capture_output=True, text=True).stdout
    assert "hauntable.service /etc/systemd/system/hauntable.service" in out
    assert "would run: systemctl enable hauntable.service" in out
    assert "useradd --system" in out or "usermod --append" in out
    assert "pip install -q /opt/hauntable/src\\[pi\\,camera\\]" in out  # the camera tower too
    assert "blanking" in out  # the kiosk screen stays on: raspi-config, or the hint to do it by hand
    assert "/etc/udev/rules.d/99-hauntable-usb.rules" in out  # USB sticks mount where log export looks


def test_the_usb_rule_mounts_sticks_where_log_export_looks_for_the_units_user():
    """udev rule lines are comma-separated KEY==value / KEY+=value pairs; the mount goes under /media
    (kiosk/media.MEDIA_ROOTS) owned by the user the unit runs as, and the unit may write there."""
    import re

    from hauntable.kiosk.media import MEDIA_ROOTS

    rules = (pathlib.Path(__file__).parents[2] / "systemd" / "99-hauntable-usb.rules").read_text()
    lines = [line for line in rules.splitlines() if line and not line.startswith("#")]
    pair = re.compile(r'([A-Z_]+(?:\{[^}]+\})?)(==|!=|\+=|=|:=)"([^"]*)"')
    for line in lines:  # the whole line is pairs joined by ", ": nothing unparsed
        assert ", ".join(f'{k}{op}"{v}"' for k, op, v in pair.findall(line)) == line, line
    add = next(line for line in lines if 'ACTION=="add"' in line)
    target = re.search(r"(/\S+)/hauntable-%k", add).group(1) + "/"
    assert target.startswith(MEDIA_ROOTS)
    unit = (pathlib.Path(__file__).parents[2] / "systemd" / "hauntable.service").read_text()
    user = re.search(r"^User=(\S+)$", unit, re.M).group(1)
    assert f"uid={user}" in add and "ReadWritePaths=-/media" in unit


FAILED_UNIT = ROOT / "systemd" / "hauntable-failed.service"
FAILED_SCREEN = ROOT / "systemd" / "failed-screen.sh"


def test_a_start_loop_ends_on_a_message_not_a_blank_screen():
    assert "OnFailure=hauntable-failed.service" in UNIT.read_text().splitlines()
    failed = FAILED_UNIT.read_text().splitlines()
    assert "ExecStart=/opt/hauntable/src/systemd/failed-screen.sh" in failed
    assert "TTYPath=/dev/tty1" in failed and "StandardOutput=tty" in failed
    out = subprocess.run(
        ["bash", str(FAILED_SCREEN), "--dry-run"], capture_output=True, text=True, timeout=30
    )
    assert out.returncode == 0, out.stderr
    for words in ("HAUNTABLE COULD NOT START", "Switch the table off and on again", "docs/operator.md"):
        assert words in out.stdout
    assert "tries again by itself in 10 minutes" in out.stdout
    install = subprocess.run(["bash", str(SCRIPTS[0]), "--dry-run"], capture_output=True, text=True).stdout
    assert "hauntable-failed.service /etc/systemd/system/hauntable-failed.service" in install


@analyze
def test_the_failure_unit_verifies(tmp_path):
    unit = tmp_path / "hauntable-failed.service"
    unit.write_text(
        FAILED_UNIT.read_text().replace("/opt/hauntable/src/systemd/failed-screen.sh", "/bin/true")
    )
    main = unit_for_checks(tmp_path)
    result = subprocess.run(
        ["systemd-analyze", "verify", str(main), str(unit)], capture_output=True, text=True
    )
    assert result.returncode == 0, result.stderr


@pytest.mark.skipif(shutil.which("shellcheck") is None, reason="no shellcheck")
def test_the_failure_screen_passes_shellcheck():
    result = subprocess.run(["shellcheck", str(FAILED_SCREEN)], capture_output=True, text=True)
    assert result.returncode == 0, result.stdout
