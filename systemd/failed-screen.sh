#!/usr/bin/env bash
# What the table's screen shows when the app could not start 5 times running (hauntable-failed.service,
# OnFailure= of hauntable.service): a plain-text page on tty1 with the app's last messages, then, after
# HAUNTABLE_RETRY_SECONDS, one more try of the app (a full card freed, a stick pulled, ... may have
# cleared the cause). --dry-run prints the page to stdout and tries nothing.
set -euo pipefail

DRY_RUN=0
[ "${1:-}" = "--dry-run" ] && DRY_RUN=1
RETRY=${HAUNTABLE_RETRY_SECONDS:-600}
UNIT=hauntable.service

last_lines() {
    if command -v journalctl >/dev/null 2>&1; then
        journalctl -u "$UNIT" -n 12 -o cat --no-pager 2>/dev/null | cut -c1-100 || true
    fi
}

page() {
    printf '\033[2J\033[H'
    printf '\n  HAUNTABLE COULD NOT START\n\n'
    printf '  The table app stopped 5 times in a row, so it is not being restarted for now.\n'
    printf '  No game is lost: every logged move is kept in /var/lib/hauntable.\n\n'
    printf '  What to do:\n'
    printf '    1. Switch the table off and on again.\n'
    printf '    2. If this page comes back, see the operator guide, "The screen says\n'
    printf '       HAUNTABLE COULD NOT START" (docs/operator.md), with the lines below.\n\n'
    printf '  The app tries again by itself in %s minutes.\n\n' "$((RETRY / 60))"
    printf '  Its last messages:\n'
    last_lines | sed 's/^/    /'
}

page
if [ "$DRY_RUN" = 1 ]; then
    exit 0
fi
sleep "$RETRY"
systemctl reset-failed "$UNIT" || true
exec systemctl start --no-block "$UNIT"
