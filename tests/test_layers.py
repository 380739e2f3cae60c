"""The package's import graph: no circles, and no import running back up the layers.

The pipeline is visible in the layout (text -> syntax -> ops -> semantics -> diagnostics ->
report): every module of ``broadcheck`` belongs to a *room* (a top-level module, or a
subpackage as a whole) and every room to a layer, listed below from the bottom up. A room
imports only from its own layer or below, and the rooms' graph has no circle. Inside the
engine, the stages are in the order data flows through them, and a stage imports no later
stage. The engine imports no renderer, and a renderer imports no engine stage (only the
diagnostic types it renders).

Every import counts, at module level or inside a function (a lazy import is still a
dependency), except those under ``if TYPE_CHECKING:``, which never run.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "broadcheck"

LAYERS: list[set[str]] = [
    {"ops", "recache", "plaintoml"},
    {"text", "messages", "syntax", "semantics", "ignores"},
    {"diagnostics", "dialects"},
    {"inputs", "suppressions", "expectations", "optable"},
    {"config", "outputs"},
    {"engine"},
    {"fixing", "api", "shell"},
    {"runner", "broadcheck", "cache", "versions"},
    {"report"},
    {"server"},
    {"command"},
    {"cli"},
    {"__main__"},
]
"""The rooms, bottom layer first (``broadcheck`` is the package's ``__init__``)."""

STAGES = [
    "options",
    "forms",
    "scan_text",
    "scan_brace",
    "scan_labels",
    "scan_pieces",
    "scan",
    "flow",
    "control",
    "dominance",
    "verify",
    "diagnose",
    "findings",
    "read",
    "values",
    "generic_print",
    "aliased",
    "op_names",
    "verdicts",
    "open_region",
    "regions",
    "structure",
    "follow",
    "transfers",
    "outcome",
    "fix_read",
    "fix_retype",
    "fix_plan",
    "fix",
    "run",
    "refine_values",
    "refine_header",
    "refine_rows",
    "refine_generic",
    "refine_read",
    "refine_spans",
    "refine_replay",
    "refine_fold",
    "refine_regions",
    "refine",
    "refine_run",
]
"""The engine's stages in the order data flows through them (``__init__`` is the package's door)."""


def modules() -> dict[str, Path]:
    """Every module of the package by dotted name."""
    found = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        found[".".join(parts)] = path
    return found


MODULES = modules()


def _under_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _import_nodes(tree: ast.AST) -> Iterator[ast.Import | ast.ImportFrom]:
    stack: list[ast.AST] = [tree]
    while stack:
        node = stack.pop()
        if isinstance(node, ast.If) and _under_type_checking(node):
            stack.extend(node.orelse)
            continue
        if isinstance(node, ast.Import | ast.ImportFrom):
            yield node
        stack.extend(ast.iter_child_nodes(node))


def imports(name: str) -> set[str]:
    """The package's modules that module ``name`` imports."""
    path = MODULES[name]
    tree = ast.parse(path.read_text(), str(path))
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out: set[str] = set()
    for node in _import_nodes(tree):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        else:
            base = node.module or ""
            if node.level:
                anchor = package.split(".")
                anchor = anchor[: len(anchor) - (node.level - 1)]
                base = ".".join([*anchor, base] if base else anchor)
            # `from broadcheck import messages` imports a module; `from broadcheck.x import f` imports x
            targets = [f"{base}.{alias.name}" if f"{base}.{alias.name}" in MODULES else base for alias in node.names]
        for target in targets:
            while target and target not in MODULES:
                target = target.rpartition(".")[0]
            if target.startswith("broadcheck") and target != name:
                out.add(target)
    return out


GRAPH = {name: imports(name) for name in MODULES}


def room(module: str) -> str:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else "broadcheck"


def layer(name: str) -> int:
    for index, rooms in enumerate(LAYERS):
        if name in rooms:
            return index
    raise AssertionError(f"room {name!r} has no layer: add it to LAYERS in tests/test_layers.py")


def test_the_graph_is_read() -> None:
    assert len(MODULES) > 50
    assert "broadcheck.engine.run" in GRAPH["broadcheck.cli"] or any(
        m.startswith("broadcheck.engine") for m in GRAPH["broadcheck.runner"]
    )
    assert "broadcheck.syntax.statement" in GRAPH["broadcheck.engine.scan_pieces"]


def test_every_room_has_a_layer() -> None:
    for module in MODULES:
        layer(room(module))


def test_no_import_runs_back_up_the_layers() -> None:
    upward = [
        f"{module} -> {target}"
        for module, targets in GRAPH.items()
        for target in targets
        if layer(room(target)) > layer(room(module))
    ]
    assert not upward, "\n".join(upward)


def _circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one node (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for succ in graph.get(node, ()):
            if succ not in index:
                visit(succ)
                low[node] = min(low[node], low[succ])
            elif succ in on_stack:
                low[node] = min(low[node], index[succ])
        if low[node] == index[node]:
            component = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                component.append(top)
                if top == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_the_rooms_have_no_circle() -> None:
    rooms: dict[str, set[str]] = {}
    for module, targets in GRAPH.items():
        rooms.setdefault(room(module), set()).update(room(t) for t in targets if room(t) != room(module))
    assert not _circles(rooms)


def test_the_circle_finder_finds_circles() -> None:
    assert _circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert _circles({"a": {"b"}, "b": set()}) == []


@pytest.mark.parametrize("package", ["engine", "syntax", "semantics", "dialects", "report"])
def test_no_circle_among_a_package_s_modules(package: str) -> None:
    inner = {
        m: {t for t in targets if room(t) == package and t != f"broadcheck.{package}"}
        for m, targets in GRAPH.items()
        if room(m) == package and m != f"broadcheck.{package}"
    }
    assert not _circles(inner)


def test_an_engine_stage_imports_no_later_stage() -> None:
    stages = {f"broadcheck.engine.{s}": i for i, s in enumerate(STAGES)}
    engine = [m for m in MODULES if room(m) == "engine" and m != "broadcheck.engine"]
    assert sorted(engine) == sorted(stages), "a new stage: put it in STAGES, in the order data flows"
    later = [f"{m} -> {t}" for m in engine for t in GRAPH[m] if t in stages and stages[t] > stages[m]]
    assert not later, "\n".join(later)


def test_the_engine_imports_no_renderer_and_renderers_no_stage() -> None:
    engine_to_report = [
        f"{m} -> {t}" for m, ts in GRAPH.items() if room(m) == "engine" for t in ts if room(t) == "report"
    ]
    report_to_engine = [
        f"{m} -> {t}" for m, ts in GRAPH.items() if room(m) == "report" for t in ts if room(t) == "engine"
    ]
    assert not engine_to_report and not report_to_engine, engine_to_report + report_to_engine
