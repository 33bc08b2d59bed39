#!/usr/bin/env bash
# Installs the Hauntable table app as a kiosk service on 64-bit Raspberry Pi OS (Bookworm or Trixie, Lite or
# Desktop; Pi 4 and Pi 5). systemd/README.md says what each step is for and how to check it.
# Idempotent: running it again updates the app and leaves everything else as it is.
#
#   sudo systemd/install.sh            # install or update, enable and start the service
#   systemd/install.sh --dry-run       # print every step, change nothing (any user)
#   sudo systemd/install.sh --companion          # also the MQTT companion (docs/fleet.md)
#   sudo systemd/install.sh --companion --broker # and the event's broker (Mosquitto) on this table
#
# What it does: installs system packages, enables SPI with no kernel chip selects (dtoverlay=spi0-0cs:
# the readers' selects are ours), boots to the console (the kiosk owns the screen; a Desktop image's
# display manager is switched off), creates the unprivileged user `hauntable` (groups
# gpio spi dialout video input render) and /var/lib/hauntable, installs the app into /opt/hauntable/venv,
# installs the unit, the journald drop-in and the udev rule mounting USB sticks for log export, disables
# the console login on tty1, enables the service.
set -euo pipefail

DRY_RUN=0
COMPANION=0
BROKER=0
for arg in "$@"; do
    case "$arg" in
        --dry-run) DRY_RUN=1 ;;
        --companion) COMPANION=1 ;;
        --broker) BROKER=1 ;;
        *) echo "install.sh: unknown option $arg (--dry-run, --companion, --broker)" >&2; exit 2 ;;
    esac
done
SRC="$(cd "$(dirname "$0")/.." && pwd)"
PREFIX=/opt/hauntable
DATA=/var/lib/hauntable
USER_NAME=hauntable
GROUPS_WANTED=(gpio spi dialout video input render)
APT_PACKAGES=(python3-venv python3-dev gcc rsync libmtdev1 libgl1 libegl1 libgles2 libdrm2 libgbm1
    fonts-wqy-microhei)
# lgpio has wheels up to Python 3.12 (Bookworm); on Trixie (3.13) pip builds it from its sdist, which
# needs swig and the C library it links (-llgpio; Raspberry Pi OS's archive has liblgpio-dev)
LGPIO_BUILD=(swig liblgpio-dev)
CONFIG_LINES=("dtparam=spi=on" "dtoverlay=spi0-0cs")

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
if ! python3 -c 'import sys; sys.exit(sys.version_info >= (3, 13))'; then
    echo "   Python $(python3 -c 'import sys; print(*sys.version_info[:2], sep=".")'): lgpio builds from source"
    APT_PACKAGES+=("${LGPIO_BUILD[@]}")
fi
run apt-get update -qq
[ "$BROKER" = 1 ] && APT_PACKAGES+=(mosquitto mosquitto-clients)
run env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${APT_PACKAGES[@]}"

say "SPI for the RFID readers, without kernel chip selects"
# dtparam=spi=on alone makes the kernel hold GPIO8/GPIO7 (CE0/CE1): opening them as selects fails with
# "GPIO busy", and a Pi 5 kernel may refuse spidev's no_cs. spi0-0cs gives /dev/spidev0.0 with no chip
# select at all; the readers' selects (decoder strobe or plain GPIOs) are the app's.
CONFIG=${HAUNTABLE_CONFIG_TXT:-/boot/firmware/config.txt}   # the override is for tests
[ -e "$CONFIG" ] || CONFIG=/boot/config.txt
REBOOT=0
if [ -e "$CONFIG" ]; then
    for line in "${CONFIG_LINES[@]}"; do
        if ! grep -qxF "$line" "$CONFIG"; then
            if [ "$DRY_RUN" = 1 ]; then
                echo "would add '$line' to $CONFIG"
            else
                printf '%s\n' "$line" >> "$CONFIG"
            fi
            REBOOT=1
        fi
    done
else
    echo "   no config.txt found: add ${CONFIG_LINES[*]} to the boot partition's config.txt by hand"
fi

say "boot to the console (the kiosk draws on the screen itself, through KMS/DRM)"
# On the Desktop image a display manager (lightdm, or labwc/wayfire under it) owns the screen and tty1:
# the kiosk could not open the display. Boot to multi-user.target without autologin, as Lite does.
if [ "$(systemctl get-default 2>/dev/null)" = graphical.target ] || systemctl is-enabled -q display-manager 2>/dev/null; then
    if command -v raspi-config >/dev/null 2>&1; then
        run raspi-config nonint do_boot_behaviour B1
    fi
    run systemctl set-default multi-user.target
    run systemctl disable display-manager.service
    REBOOT=1
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
EXTRAS=pi,camera
[ "$COMPANION" = 1 ] && EXTRAS=pi,camera,fleet
run "$PREFIX/venv/bin/pip" install -q "$PREFIX/src[$EXTRAS]"

say "systemd units"
run install -m 0644 "$SRC/systemd/hauntable.service" /etc/systemd/system/hauntable.service
run install -m 0644 "$SRC/systemd/hauntable-failed.service" /etc/systemd/system/hauntable-failed.service
run install -d -m 0755 /etc/systemd/journald.conf.d
run install -m 0644 "$SRC/systemd/journald-hauntable.conf" /etc/systemd/journald.conf.d/hauntable.conf
run install -m 0644 "$SRC/systemd/99-hauntable-usb.rules" /etc/udev/rules.d/99-hauntable-usb.rules
# dice towers: named by serial number (edit the rules file, docs/dice-tower.md); camera towers' service
[ -e /etc/udev/rules.d/99-hauntable-dice.rules ] \
    || run install -m 0644 "$SRC/systemd/99-hauntable-dice.rules" /etc/udev/rules.d/99-hauntable-dice.rules
run install -m 0644 "$SRC/systemd/hauntable-dice-camera@.service" /etc/systemd/system/hauntable-dice-camera@.service
run udevadm control --reload
run systemctl disable --now getty@tty1.service
run systemctl daemon-reload
run systemctl restart systemd-journald
run systemctl enable hauntable.service
run systemctl restart hauntable.service

if [ "$COMPANION" = 1 ]; then
    say "the companion (user hauntable-fleet, reads the log, publishes to MQTT)"
    id hauntable-fleet >/dev/null 2>&1 ||
        run useradd --system --no-create-home --shell /usr/sbin/nologin --user-group hauntable-fleet
    run usermod --append --groups "$USER_NAME" hauntable-fleet
    run install -d -m 0755 /etc/hauntable
    if [ ! -e /etc/hauntable/fleet.env ]; then
        run install -m 0640 -g hauntable-fleet "$SRC/systemd/fleet.env" /etc/hauntable/fleet.env
        echo "   edit /etc/hauntable/fleet.env: the table's name, the broker, its login"
    fi
    run install -m 0644 "$SRC/systemd/hauntable-companion.service" /etc/systemd/system/
    run systemctl daemon-reload
    run systemctl enable hauntable-companion.service
    run systemctl restart hauntable-companion.service
fi
if [ "$BROKER" = 1 ]; then
    say "the event's broker on this table (Mosquitto, hauntable-broker.service)"
    run systemctl disable --now mosquitto.service
    run install -d -m 0755 /etc/hauntable
    run install -m 0644 "$SRC/systemd/mosquitto-hauntable.conf" /etc/hauntable/mosquitto.conf
    run install -m 0644 "$SRC/systemd/mosquitto-hauntable.acl" /etc/hauntable/mosquitto.acl
    if [ ! -e /etc/hauntable/mosquitto.passwd ]; then
        run install -m 0640 -g mosquitto /dev/null /etc/hauntable/mosquitto.passwd
        echo "   add logins: sudo mosquitto_passwd /etc/hauntable/mosquitto.passwd operator (and one per table)"
    fi
    run install -m 0644 "$SRC/systemd/hauntable-broker.service" /etc/systemd/system/
    run systemctl daemon-reload
    run systemctl enable hauntable-broker.service
    run systemctl restart hauntable-broker.service
fi

say "done: 'systemctl status hauntable' and 'journalctl -u hauntable -f' show how it runs"
if [ "$REBOOT" = 1 ]; then
    echo "   REBOOT NOW (sudo reboot): config.txt or the boot target changed, and they apply from the next boot"
fi
