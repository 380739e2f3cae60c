"""Regenerate ``broadcheck/dialects/tosa/ods.json``: every op TOSA defines at the version broadcheck follows,
with its operands, results, attributes and regions as its ODS (``TosaOps.td``, ``TosaShapeOps.td``,
``TosaUtilOps.td``) declares them.

The source is the Python op classes that ``mlir-tblgen`` wrote from those ``.td`` files for the installed
iree-base-compiler 3.13 (``iree/compiler/dialects/_tosa_ops_gen.py``): it is the one copy of TOSA's ODS at
the exact LLVM commit iree 3.13 carries that can be had here. The raw ``.td`` files cannot be: iree 3.13 is
IREE 89ece87b (2026-10-16), whose ``third_party/llvm-project`` gitlink is not in the IREE snapshot to be had
(its newest integrate is llvm-project d98828d394e4, 2026-08-21), ``libIREECompiler.so`` names no LLVM commit
(``LLVM version 24.0.0git``), llvm-project's own snapshot is too large to fetch, and the newest ``TosaOps.td``
the search index holds (llvm-project 029c4da2eb44, 103,092 characters, the largest of the 310 stored
versions and forks looked at) is older than iree 3.13's: it has no ``tosa.argmin``, no ``input_unsigned`` on
``tosa.cast``, no ``sym_visibility`` on ``tosa.variable``, and ``conv2d_block_scaled``'s description differs.
So the type constraints and traits stay hand-written (``structural.py``, ``block_scaled.py``,
``shape_ops.py``, :mod:`broadcheck.semantics.tosa`), held to iree 3.13 by the differential campaigns, among
them ``tests/oracle/test_tosa_constraints.py`` (random element types and ranks per position, every op but
the region and symbol ops). The file is read as
text (Python's ``ast``), never imported. Each op class's ``__init__`` lists its operands
(``operands.append(x)``; ``operands.extend(...)`` for a variadic one; under ``if x is not None`` for an
optional one), its attributes (required, or under ``if ... is not None``); its results are the accessors that
return ``self.operation.results`` (an ``OpResultList``: variadic; ``Optional``: optional); its regions,
``_ODS_REGIONS``.

Run ``python -m broadcheck.dialects.tosa.generate [OPS_GEN_PY]`` (``make ods``; default: the module the
environment's ``iree.compiler`` ships); the table records the package version and the file's SHA-256, which
the currency test (``tests/oracle/test_tosa_table_current.py``) compares.
"""

from __future__ import annotations

import ast
import hashlib
import importlib.util
import sys
from pathlib import Path
from typing import Any

from broadcheck.dialects.tablegen import render

HERE = Path(__file__).parent
TABLE = HERE / "ods.json"
MODULE = "iree.compiler.dialects._tosa_ops_gen"


def default_source() -> Path | None:
    """The ``_tosa_ops_gen.py`` of the installed iree-base-compiler, found without importing it."""
    try:
        spec = importlib.util.find_spec(MODULE)
    except ModuleNotFoundError:
        return None
    return None if spec is None or spec.origin is None else Path(spec.origin)


def _guarded(statement: ast.stmt) -> tuple[ast.stmt, bool]:
    """A statement of ``__init__``, and whether it runs only ``if x is not None`` (an optional value)."""
    if isinstance(statement, ast.If) and len(statement.body) == 1:
        return statement.body[0], True
    return statement, False


def _call(statement: ast.stmt) -> tuple[str, str, ast.expr] | None:
    """``operands.append(x)`` -> (``operands``, ``append``, ``x``)."""
    if not isinstance(statement, ast.Expr) or not isinstance(statement.value, ast.Call):
        return None
    func = statement.value.func
    if not (isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) and statement.value.args):
        return None
    return func.value.id, func.attr, statement.value.args[0]


def _name(node: ast.expr) -> str:
    """The value's parameter name (``input1``, or ``x`` of ``_get_op_results_or_values(x)``)."""
    if isinstance(node, ast.Call) and node.args:
        return _name(node.args[0])
    return node.id if isinstance(node, ast.Name) else ast.unparse(node)


def _op(cls: ast.ClassDef) -> dict[str, Any] | None:
    name = regions = None
    init: ast.FunctionDef | None = None
    results: list[list[str]] = []
    for item in cls.body:
        if isinstance(item, ast.FunctionDef) and "self.operation.results" in ast.unparse(item):
            returns = ast.unparse(item.returns) if item.returns is not None else ""
            kind = "optional" if "Optional" in returns else "variadic" if returns.endswith("List") else "single"
            results.append([item.name, kind])
        if isinstance(item, ast.Assign) and isinstance(item.targets[0], ast.Name):
            target = item.targets[0].id
            if target == "OPERATION_NAME" and isinstance(item.value, ast.Constant):
                name = item.value.value
            elif target == "_ODS_REGIONS" and isinstance(item.value, ast.Tuple):
                first = item.value.elts[0]
                regions = first.value if isinstance(first, ast.Constant) else None
        elif isinstance(item, ast.FunctionDef) and item.name == "__init__":
            init = item
    if not isinstance(name, str) or init is None:
        return None
    op: dict[str, Any] = {"operands": [], "results": results, "attributes": [], "regions": regions}
    for statement in init.body:
        inner, optional = _guarded(statement)
        call = _call(inner)
        if call is not None and call[0] == "operands" and call[1] in ("append", "extend"):
            kind = "optional" if optional else "variadic" if call[1] == "extend" else "single"
            op[call[0]].append([_name(call[2]), kind])
            continue
        if isinstance(inner, ast.Assign) and isinstance(inner.targets[0], ast.Subscript):
            subscript = inner.targets[0]
            if isinstance(subscript.value, ast.Name) and subscript.value.id == "attributes":
                key = subscript.slice
                if isinstance(key, ast.Constant):
                    op["attributes"].append([key.value, not optional])
    return {name: op}


def read_ops(text: str) -> dict[str, Any]:
    """Each op class's operands, results (``[name, single|variadic|optional]``), attributes (``[name,
    required]``) and region count, by op name."""
    ops: dict[str, Any] = {}
    for node in ast.parse(text).body:
        if isinstance(node, ast.ClassDef) and not node.name.endswith("Adaptor"):
            found = _op(node)
            if found:
                ops.update(found)
    return dict(sorted(ops.items()))


def generate(source: Path) -> dict[str, Any]:
    """The table from the op classes at ``source``."""
    text = source.read_text(encoding="utf-8")
    version_file = source.parents[1] / "version.py"
    version = None
    if version_file.exists():
        for line in version_file.read_text(encoding="utf-8").splitlines():
            if line.startswith("VERSION = "):
                version = ast.literal_eval(line.split("=", 1)[1].strip())
    described = {
        "package": "iree-base-compiler",
        "version": version,
        "file": "iree/compiler/dialects/_tosa_ops_gen.py",
        "sha256": hashlib.sha256(text.encode("utf-8")).hexdigest(),
    }
    return {"source": described, "ops": read_ops(text)}


def main(argv: list[str]) -> int:
    """Write the table from the op classes named on the command line (or the installed ones)."""
    source = Path(argv[0]) if argv else default_source()
    if source is None:
        print(f"no {MODULE} here: name its file, or install iree-base-compiler==3.13.0", file=sys.stderr)
        return 2
    TABLE.write_text(render(generate(source)), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
