"""systemd/install.sh sets the Pi up the way the Pi backend needs it (issue 21): SPI without kernel chip
selects, a console boot, lgpio's build tools where Python has no lgpio wheel. Checked by dry runs."""

from __future__ import annotations

import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
INSTALL = ROOT / "systemd" / "install.sh"


def dry_run(tmp_path, config_text: str | None, default_target: str = "multi-user.target") -> str:
    """install.sh --dry-run with a config.txt of ``config_text`` and a systemctl that reports
    ``default_target`` (graphical.target: the Desktop image)."""
    config = tmp_path / "config.txt"
    if config_text is not None:
        config.write_text(config_text)
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir(exist_ok=True)
    fake = bin_dir / "systemctl"
    fake.write_text(f'#!/bin/sh\n[ "$1" = get-default ] && echo {default_target}\nexit 1\n')
    fake.chmod(0o755)
    env = {"PATH": f"{bin_dir}:/usr/bin:/bin", "HAUNTABLE_CONFIG_TXT": str(config)}
    run = subprocess.run(["bash", str(INSTALL), "--dry-run"], capture_output=True, text=True, env=env)
    assert run.returncode == 0, run.stderr
    if config_text is not None:
        assert config.read_text() == config_text  # a dry run changes nothing
    return run.stdout


def test_spi_is_enabled_without_kernel_chip_selects_and_a_reboot_is_asked_for(tmp_path):
    out = dry_run(tmp_path, "[all]\ndtparam=spi=on\n")
    assert "would add 'dtoverlay=spi0-0cs'" in out
    assert "would add 'dtparam=spi=on'" not in out
    assert "REBOOT NOW" in out


def test_a_configured_pi_is_left_alone(tmp_path):
    out = dry_run(tmp_path, "dtparam=spi=on\ndtoverlay=spi0-0cs\n")
    assert "would add" not in out


def test_lgpio_build_tools_are_added_only_where_python_has_no_lgpio_wheel(tmp_path):
    out = dry_run(tmp_path, "")
    apt = next(line for line in out.splitlines() if "apt-get install" in line)
    python = subprocess.run(
        ["python3", "-c", "import sys; print(sys.version_info >= (3, 13))"],
        capture_output=True,
        text=True,
        env={"PATH": "/usr/bin:/bin"},
    ).stdout.strip()
    assert ("swig" in apt and "liblgpio-dev" in apt) == (python == "True")


def test_the_installer_makes_a_console_boot_on_the_desktop_image(tmp_path):
    desktop = dry_run(tmp_path, "dtparam=spi=on\ndtoverlay=spi0-0cs\n", default_target="graphical.target")
    assert "would run: systemctl set-default multi-user.target" in desktop
    assert "would run: systemctl disable display-manager.service" in desktop
    assert "REBOOT NOW" in desktop
    lite = dry_run(tmp_path, "dtparam=spi=on\ndtoverlay=spi0-0cs\n")
    assert "set-default" not in lite and "REBOOT NOW" not in lite
