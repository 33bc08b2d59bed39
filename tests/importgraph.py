"""The import graph of ``app/hauntable``, read from the source (AST), with the imports inside functions
counted: cycles among modules, imports placed inside functions, and imports against the package layering.

Run ``.venv/bin/python tests/importgraph.py`` for the report; ``tests/test_import_graph.py`` fails on any of
them. An import inside a function is allowed only with a comment on its line (or the line above) starting
``# why:`` that says why it cannot sit at the top (a hardware-only package, a heavy optional one, ...).
"""

from __future__ import annotations

import ast
import dataclasses
import sys
from collections.abc import Iterable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent / "app"
PACKAGE = "hauntable"

# Layers, lowest first: a module may import its own layer and those below, never one above. Top-level
# packages and modules of hauntable not named here are reported as unlayered.
LAYERS: tuple[tuple[str, ...], ...] = (
    ("paths",),
    ("engine",),
    ("games",),
    ("gamelog", "table", "session"),
    ("ui", "textui", "commands", "kiosk", "fleet"),
    ("cli",),
)


@dataclasses.dataclass(frozen=True)
class Import:
    source: str  # the importing module
    target: str  # the imported hauntable module
    line: int
    in_function: bool
    why: bool  # a ``# why:`` comment on the line or the line above


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def modules() -> dict[str, Path]:
    return {module_name(p): p for p in sorted((ROOT / PACKAGE).rglob("*.py"))}


def _resolve(known: dict[str, Path], source: str, is_package: bool, node: ast.AST) -> Iterable[str]:
    """The hauntable modules an import statement names (a ``from pkg import sub`` names the submodule)."""
    if isinstance(node, ast.Import):
        for alias in node.names:
            if alias.name in known:
                yield alias.name
        return
    assert isinstance(node, ast.ImportFrom)
    if node.level:
        base = source.split(".") if is_package else source.split(".")[:-1]
        base = base[: len(base) - node.level + 1]
        mod = ".".join([*base, node.module] if node.module else base)
    else:
        mod = node.module or ""
    if mod not in known:
        return
    for alias in node.names:
        sub = f"{mod}.{alias.name}"
        yield sub if sub in known else mod


def _parents(known: dict[str, Path], source: str, target: str) -> Iterable[str]:
    """The packages importing ``target`` runs first that are not ``source``'s own ancestors: importing
    ``a.b.c`` runs ``a/b/__init__.py``, so a package's ``__init__`` takes part in the graph."""
    parts = target.split(".")
    for n in range(2, len(parts)):
        package = ".".join(parts[:n])
        if package in known and not (source == package or source.startswith(package + ".")):
            yield package


def _visit(known, name, is_package, lines, node, in_function, out) -> None:
    for child in ast.iter_child_nodes(node):
        if isinstance(child, ast.Import | ast.ImportFrom):
            around = " ".join(lines[max(0, child.lineno - 2) : child.end_lineno])
            why = "# why:" in around
            targets = list(_resolve(known, name, is_package, child))
            for target in targets:
                for package in _parents(known, name, target):
                    out.append(Import(name, package, child.lineno, in_function, why))
                out.append(Import(name, target, child.lineno, in_function, why))
            if in_function and not targets:  # a library imported inside a function counts too
                out.append(Import(name, "", child.lineno, True, why))
        inner = in_function or isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda)
        _visit(known, name, is_package, lines, child, inner, out)


def imports(known: dict[str, Path] | None = None) -> list[Import]:
    """Every import statement's hauntable targets (and the packages they run), at any depth."""
    known = known or modules()
    out: list[Import] = []
    for name, path in known.items():
        text = path.read_text()
        _visit(known, name, path.name == "__init__.py", text.splitlines(), ast.parse(text), False, out)
    return out


def function_imports(found: list[Import]) -> list[Import]:
    """Imports inside functions with no ``# why:`` comment (one per statement)."""
    seen: set[tuple[str, int]] = set()
    out = []
    for i in found:
        if i.in_function and not i.why and (i.source, i.line) not in seen:
            seen.add((i.source, i.line))
            out.append(i)
    return out


def cycles(found: list[Import], under: str) -> list[list[str]]:
    """The strongly connected components (more than one module, or a module importing itself) among the
    modules under ``under``, counting imports inside functions."""
    graph: dict[str, set[str]] = {}
    for i in found:
        if i.target and i.source.startswith(under) and i.target.startswith(under) and i.source != i.target:
            graph.setdefault(i.source, set()).add(i.target)
            graph.setdefault(i.target, set())
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[list[str]] = []
    sys.setrecursionlimit(10_000)

    def connect(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                connect(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    for v in sorted(graph):
        if v not in index:
            connect(v)
    return out


def layer_of(module: str) -> int | None:
    top = module.split(".")[1] if "." in module else ""
    for n, names in enumerate(LAYERS):
        if top in names:
            return n
    return None


def layering(found: list[Import]) -> list[str]:
    """Imports from a lower layer of hauntable to a higher one, and modules in no layer."""
    out = []
    for i in found:
        if not i.target:
            continue
        a, b = layer_of(i.source), layer_of(i.target)
        if a is None and i.source != PACKAGE:
            out.append(f"{i.source}: in no layer (tests/importgraph.py LAYERS)")
        elif a is not None and b is not None and b > a:
            out.append(f"{i.source}:{i.line} imports {i.target} (layer {LAYERS[b]} above {LAYERS[a]})")
    return sorted(set(out))


def main() -> int:
    found = imports()
    cyc = cycles(found, f"{PACKAGE}.games")
    fn = function_imports([i for i in found if i.source.startswith(f"{PACKAGE}.")])
    lay = layering(found)
    games_fn = [i for i in fn if i.source.startswith(f"{PACKAGE}.games")]
    print(f"cycles among {PACKAGE}.games modules: {len(cyc)}")
    for c in cyc:
        print(f"  {len(c)} modules: {', '.join(c)}")
    print(f"imports inside functions without '# why:': {len(fn)} ({len(games_fn)} in games/)")
    for i in fn:
        print(f"  {i.source}:{i.line} {i.target}")
    print(f"layering violations: {len(lay)}")
    for v in lay:
        print(f"  {v}")
    return 1 if cyc or games_fn or lay else 0


if __name__ == "__main__":
    raise SystemExit(main())
