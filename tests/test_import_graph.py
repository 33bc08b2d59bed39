"""The import graph of app/hauntable, read from the source (tests/importgraph.py): no cycle among the games'
modules (imports inside functions and the package ``__init__`` an import runs count), no import inside a
function in games/ without a ``# why:`` comment, and no package importing one of a higher layer
(paths < engine < games < gamelog, table, session < ui, textui, commands, kiosk < cli).

The same report for a person: ``.venv/bin/python tests/importgraph.py``.
"""

from __future__ import annotations

import importgraph

FOUND = importgraph.imports()


def test_no_import_cycle_among_the_games_modules():
    cycles = importgraph.cycles(FOUND, "hauntable.games")
    assert not cycles, "import cycles:\n" + "\n".join(", ".join(c) for c in cycles)


def test_no_import_hidden_in_a_function_in_games():
    hidden = [i for i in importgraph.function_imports(FOUND) if i.source.startswith("hauntable.games")]
    assert not hidden, "imports inside functions without '# why:':\n" + "\n".join(
        f"{i.source}:{i.line} {i.target or '(a library)'}" for i in hidden
    )


def test_packages_import_only_their_own_layer_and_those_below():
    assert not importgraph.layering(FOUND)


def test_the_walk_sees_what_it_should():
    """The checks above cannot pass by finding nothing: a cycle and a hidden import are seen when present."""
    a, b = "hauntable.games.x", "hauntable.games.y"
    found = [importgraph.Import(a, b, 1, False, False), importgraph.Import(b, a, 9, True, False)]
    assert importgraph.cycles(found, "hauntable.games") == [[a, b]]
    assert [i.line for i in importgraph.function_imports(found)] == [9]
    upward = importgraph.Import("hauntable.engine.rng", "hauntable.ui.app", 3, False, False)
    assert importgraph.layering([upward])
    assert len(FOUND) > 1000 and any(i.in_function for i in FOUND)
