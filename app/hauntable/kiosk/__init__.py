"""Glue between the table app and the appliance around it: systemd readiness and watchdog pings."""
