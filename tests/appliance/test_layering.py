"""Where the services live: the log beside the session, commands/ a leaf nothing else imports."""

from __future__ import annotations

import ast
import pathlib

PACKAGE = pathlib.Path(__file__).parents[2] / "app" / "hauntable"


def imported_modules(path: pathlib.Path) -> set[str]:
    """Every module a file imports, at any depth (an import inside a function counts too)."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
            found.update(f"{node.module}.{a.name}" for a in node.names)
    return found


def modules_under(*parts: str) -> list[pathlib.Path]:
    return sorted(PACKAGE.joinpath(*parts).rglob("*.py"))


def test_nothing_but_the_cli_imports_from_commands():
    importers = [
        str(path.relative_to(PACKAGE))
        for path in modules_under()
        if "commands" not in path.relative_to(PACKAGE).parts[:1]
        and path.name != "cli.py"
        and any(
            m == "hauntable.commands" or m.startswith("hauntable.commands.") for m in imported_modules(path)
        )
    ]
    assert importers == []


def test_the_engine_and_the_games_never_reach_the_log():
    for path in [*modules_under("engine"), *modules_under("games")]:
        assert not any(m.startswith("hauntable.gamelog") for m in imported_modules(path)), path


def test_the_log_lives_beside_the_session_not_in_the_engine():
    assert not (PACKAGE / "engine" / "log.py").exists()
    assert "sqlite3" in imported_modules(PACKAGE / "gamelog" / "store.py")
    assert any(m.startswith("hauntable.gamelog") for m in imported_modules(PACKAGE / "session.py"))


def test_enrolment_self_test_and_export_are_services_the_cli_kiosk_and_admin_share():
    uses = {
        "hauntable.table.enrolment": ["commands/enroll.py", "kiosk/enrol.py", "ui/screens/admin_enrol.py"],
        "hauntable.table.selftest": ["commands/selftest.py", "ui/screens/admin_selftest.py"],
        "hauntable.gamelog.jsonl": ["commands/export.py", "commands/replay.py", "kiosk/media.py"],
    }
    for service, callers in uses.items():
        for caller in callers:
            assert any(m.startswith(service) for m in imported_modules(PACKAGE / caller)), (caller, service)
