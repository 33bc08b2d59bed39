#!/usr/bin/env bash
# Removes what install.sh installed. The game logs in /var/lib/hauntable stay unless --purge is given.
#
#   sudo systemd/uninstall.sh [--purge]
#   systemd/uninstall.sh --dry-run [--purge]
set -euo pipefail

DRY_RUN=0
PURGE=0
for arg in "$@"; do
    case "$arg" in
        --dry-run) DRY_RUN=1 ;;
        --purge) PURGE=1 ;;
        *) echo "uninstall.sh: unknown option $arg" >&2; exit 2 ;;
    esac
done

run() {
    if [ "$DRY_RUN" = 1 ]; then
        printf 'would run:'
        printf ' %q' "$@"
        printf '\n'
    else
        "$@"
    fi
}

if [ "$DRY_RUN" = 0 ] && [ "$(id -u)" -ne 0 ]; then
    echo "uninstall.sh: run as root (sudo), or with --dry-run to see the steps" >&2
    exit 2
fi

run systemctl disable --now hauntable.service || true
run systemctl disable --now hauntable-companion.service hauntable-broker.service || true
run systemctl stop hauntable-failed.service || true
run rm -f /etc/systemd/system/hauntable.service /etc/systemd/system/hauntable-failed.service \
    /etc/systemd/journald.conf.d/hauntable.conf
run rm -f /etc/systemd/system/hauntable-companion.service /etc/systemd/system/hauntable-broker.service
run rm -f /etc/udev/rules.d/99-hauntable-usb.rules
run udevadm control --reload || true
run systemctl daemon-reload
run systemctl enable --now getty@tty1.service
run rm -rf /opt/hauntable
if [ "$PURGE" = 1 ]; then
    run rm -rf /var/lib/hauntable /var/lib/hauntable-broker /etc/hauntable
    run userdel hauntable || true
    run userdel hauntable-fleet || true
fi
