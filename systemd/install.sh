#!/usr/bin/env bash
# Installs the Hauntable table app as a kiosk service on 64-bit Raspberry Pi OS (Bookworm; Pi 4 and Pi 5).
# Idempotent: running it again updates the app and leaves everything else as it is.
#
#   sudo systemd/install.sh            # install or update, enable and start the service
#   systemd/install.sh --dry-run       # print every step, change nothing (any user)
#
# What it does: installs system packages, enables SPI, creates the unprivileged user `hauntable` (groups
# gpio spi dialout video input render) and /var/lib/hauntable, installs the app into /opt/hauntable/venv,
# installs the unit, the journald drop-in and the udev rule mounting USB sticks for log export, disables
# the console login on tty1, enables the service.
set -euo pipefail

DRY_RUN=0
[ "${1:-}" = "--dry-run" ] && DRY_RUN=1
SRC="$(cd "$(dirname "$0")/.." && pwd)"
PREFIX=/opt/hauntable
DATA=/var/lib/hauntable
USER_NAME=hauntable
GROUPS_WANTED=(gpio spi dialout video input render)
APT_PACKAGES=(python3-venv python3-dev gcc rsync libmtdev1 libgl1 libegl1 libgles2 libdrm2 libgbm1
    fonts-wqy-microhei)

run() {
    if [ "$DRY_RUN" = 1 ]; then
        printf 'would run:'
        printf ' %q' "$@"
        printf '\n'
    else
        "$@"
    fi
}

say() { printf '== %s\n' "$*"; }

if [ "$DRY_RUN" = 0 ] && [ "$(id -u)" -ne 0 ]; then
    echo "install.sh: run as root (sudo), or with --dry-run to see the steps" >&2
    exit 2
fi

say "system packages"
run apt-get update -qq
run env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${APT_PACKAGES[@]}"

say "SPI for the RFID readers"
if command -v raspi-config >/dev/null 2>&1; then
    run raspi-config nonint do_spi 0
else
    echo "   raspi-config not found: enable SPI by hand (dtparam=spi=on in /boot/firmware/config.txt)"
fi

say "screen blanking off (the table's screen stays on all day)"
if command -v raspi-config >/dev/null 2>&1; then
    run raspi-config nonint do_blanking 1
else
    echo "   raspi-config not found: turn screen blanking off by hand (consoleblank=0 in cmdline.txt)"
fi

say "user $USER_NAME and its groups"
for group in "${GROUPS_WANTED[@]}"; do
    getent group "$group" >/dev/null || run groupadd --system "$group"
done
if ! id "$USER_NAME" >/dev/null 2>&1; then
    run useradd --system --home-dir "$DATA" --shell /usr/sbin/nologin --user-group "$USER_NAME"
fi
run usermod --append --groups "$(IFS=,; echo "${GROUPS_WANTED[*]}")" "$USER_NAME"

say "data directory $DATA"
run install -d -o "$USER_NAME" -g "$USER_NAME" -m 0750 "$DATA"

say "the app in $PREFIX"
run install -d -m 0755 "$PREFIX"
run rsync -a --delete --exclude .venv --exclude .git --exclude data "$SRC/" "$PREFIX/src/"
[ -x "$PREFIX/venv/bin/python" ] || run python3 -m venv "$PREFIX/venv"
run "$PREFIX/venv/bin/pip" install -q --upgrade pip
run "$PREFIX/venv/bin/pip" install -q "$PREFIX/src[pi]"

say "systemd units"
run install -m 0644 "$SRC/systemd/hauntable.service" /etc/systemd/system/hauntable.service
run install -d -m 0755 /etc/systemd/journald.conf.d
run install -m 0644 "$SRC/systemd/journald-hauntable.conf" /etc/systemd/journald.conf.d/hauntable.conf
run install -m 0644 "$SRC/systemd/99-hauntable-usb.rules" /etc/udev/rules.d/99-hauntable-usb.rules
run udevadm control --reload
run systemctl disable --now getty@tty1.service
run systemctl daemon-reload
run systemctl restart systemd-journald
run systemctl enable hauntable.service
run systemctl restart hauntable.service

say "done: 'systemctl status hauntable' and 'journalctl -u hauntable -f' show how it runs"
