"""Regenerate TOSA's two op tables: ``broadcheck/dialects/tosa/ods.json``, every op TOSA defines at the
version broadcheck follows with its operands, results, attributes and regions, from iree-base-compiler 3.13's
op classes; and ``broadcheck/dialects/tosa/td.py``, each op's traits and per-position type constraints, read
from TOSA's own ``.td`` files at llvm-project :data:`COMMIT`, with a hand-written delta for iree 3.13
(:data:`DELTA`), checked against ``ods.json``.

``ods.json``'s source is the Python op classes that ``mlir-tblgen`` wrote from TOSA's ``.td`` files for the
installed iree-base-compiler 3.13 (``iree/compiler/dialects/_tosa_ops_gen.py``): it is the one copy of TOSA's
ODS at the exact LLVM commit iree 3.13 carries that can be had here. The raw ``.td`` files at that commit cannot
be: iree 3.13 is IREE 89ece87b (2026-10-16), whose ``third_party/llvm-project`` gitlink is not in the IREE
snapshot to be had (its newest integrate is llvm-project d98828d394e4, 2026-08-21), ``libIREECompiler.so``
names no LLVM commit (``LLVM version 24.0.0git``), and llvm-project's own snapshot is too large to fetch. The
file is read as text (Python's ``ast``), never imported. Each op class's ``__init__`` lists its operands
(``operands.append(x)``; ``operands.extend(...)`` for a variadic one; under ``if x is not None`` for an
optional one), its attributes (required, or under ``if ... is not None``), each with its storage class (the
class its getter returns, ``DenseI64ArrayAttr``; a dialect's attribute, which the getter returns as
``Attribute``, by the ODS name its builder gives, ``tosa.Tosa_NanPropagationModeAttr``); its results are the
accessors that return ``self.operation.results`` (an ``OpResultList``: variadic; ``Optional``: optional); its
regions, ``_ODS_REGIONS``.

``td.py``'s source is the newest ``.td`` files the search index holds: ``TosaOps.td``, ``TosaOpBase.td``
and ``TosaTypesBase.td`` at llvm-project :data:`COMMIT` (029c4da2eb44), and ``TosaShapeOps.td`` at
:data:`SHAPE_COMMIT` (the index holds no copy at 029c4da2eb44; ``TosaUtilOps.td`` it holds only at an older
commit that still defines the variables, so ``apply_scale`` and ``yield`` are in the delta). Each
``def X : <op class><"name", [traits]>`` gives one entry: its operands and results, each ``[name, constraint,
single|variadic|optional]`` with the constraint's ODS name (``Tosa_Tensor3D``); its attributes ``[name,
required, storage]`` (the storage from ``ods.json``: :func:`with_storage`); its traits in the order MLIR
verifies them (the def's own, then each class's ``!listconcat`` additions, innermost first; whitespace
collapsed); its region count and whether it has a C++ ``verify()``.
The constraints used are listed with their ``TosaTypesBase.td`` definitions. The ``.td`` files are older than
iree 3.13's: the delta (:data:`DELTA`, :data:`DELTA_ATTRIBUTES`, :data:`DELTA_CONSTRAINTS`) adds what iree
3.13 has and they lack (the last: matmul's ranks, which the hand-written constraints held to iree 3.13 had
and iree-opt 3.13 confirms; the op classes carry no constraints to compare), and
the generator refuses to write a table whose ops, value names, kinds or attributes differ from ``ods.json``'s
(iree's) anywhere the delta does not say. What the constraints print (their summaries at iree 3.13, e.g.
``4D tosa-conformant tensor of number values`` where 029c4da2eb44 writes ``4-d tosa-conformant tensor``) and
the C++ ``verify()`` bodies stay hand-written (:mod:`broadcheck.semantics.tosa`, ``structural.py``, ...),
held to iree 3.13 by the differential campaigns (``tests/oracle/test_tosa_constraints.py``, ...). Read from
the table: the rules of the elementwise ops, ``rescale`` and ``apply_scale`` (:mod:`.specs`) and the
per-position constraints of every fixed-arity op (``structural.declared``); still by hand: the variadic ops'
(iree 3.13 words a variadic value ``variadic of ...`` for some and not for others) and the variables'.

The ``.td`` files are not kept in the repository (only the table is; LLVM's licence would allow a copy, but
the copies here come from a store whose terms keep fetched code out of commits): ``make ods`` downloads them into
``$(TOSA_TD)`` (:data:`TD_FILES` records each one's commit and SHA-256; a file with another digest is refused).

Run ``python -m broadcheck.dialects.tosa.generate [OPS_GEN_PY] [--td DIR]`` (``make ods``; default: the module
the environment's ``iree.compiler`` ships, and ``$BROADCHECK_TOSA_TD``); each table records its sources and
their SHA-256, which the currency test (``tests/oracle/test_tosa_table_current.py``) compares.
"""

from __future__ import annotations

import ast
import copy
import hashlib
import importlib.util
import json
import os
import re
import sys
from pathlib import Path
from typing import Any

from broadcheck.dialects.tablegen import render, split

HERE = Path(__file__).parent
TABLE = HERE / "ods.json"
TD_TABLE = HERE / "td.py"
MODULE = "iree.compiler.dialects._tosa_ops_gen"

COMMIT = "029c4da2eb4470708e53985a40d7a1ae5d14303d"
"""The llvm-project commit of ``TosaOps.td``, ``TosaOpBase.td`` and ``TosaTypesBase.td`` (the newest the
search index holds; older than iree 3.13's)."""
SHAPE_COMMIT = "05f09250548c5ed4f1d97a613bf8929f995d00a5"
"""The llvm-project commit of ``TosaShapeOps.td`` (the one copy the index holds)."""
TD_PATH = "mlir/include/mlir/Dialect/Tosa/IR"
TD_FILES: dict[str, tuple[str, str]] = {
    "TosaOps.td": (COMMIT, "66184b4c02d789d7e44c7ea65915dbcf2c01f8aba6dd156cccb57cf773a15c0a"),
    "TosaOpBase.td": (COMMIT, "e11ddec446af3531f96f59b775ce847381d612e29b64edd77c7c480a384c0886"),
    "TosaTypesBase.td": (COMMIT, "9efae0f2feb3f574454d6326e210a53d99b9e9bbcf50d56f659d5d391dae1ca8"),
    "TosaShapeOps.td": (SHAPE_COMMIT, "246962c94eaa5b7839a4c5323dc81e3a3312fbee525db22cd22f247471addb1a"),
}
"""Each ``.td`` file the table is read from (``TD_PATH/<name>`` in llvm-project): its commit and SHA-256."""

DELTA: dict[str, dict[str, Any]] = {
    # iree 3.13's ArgMinOp: argmax's definition (it shares ArgMaxOp's verifier; ods.json: the same values)
    "tosa.argmin": {"copy": "tosa.argmax"},
    # TosaUtilOps.td (apply_scale, yield): the index holds it only at 0aaaf3f8, which still defines the
    # variables; these two entries are its words, checked against ods.json like the others
    "tosa.apply_scale": {
        "class": "Tosa_Op",
        "traits": ["Pure", "DeclareOpInterfaceMethods<VectorUnrollOpInterface>", "ElementwiseMappable.traits"],
        "operands": [["value", "Tosa_IntLike", "single"], ["multiplier", "Tosa_IntLike", "single"],
                     ["shift", "Tosa_Int8Like", "single"]],
        "results": [["output", "Tosa_IntLike", "single"]],
        "attributes": [["rounding_mode", True]],
    },
    "tosa.yield": {
        "class": "Tosa_Op",
        "traits": ["Terminator", "Pure"],
        "operands": [["inputs", "Tosa_Tensor", "variadic"]],
        "results": [],
        "attributes": [],
    },
    # shape ops newer than TosaShapeOps.td at SHAPE_COMMIT: unary shape arithmetic as its binary ops are written
    **{
        f"tosa.{name}_shape": {
            "class": "Tosa_ElementwiseShapeOp",
            "traits": ["Pure"],
            "operands": [["input", "Tosa_Shape", "single"]],
            "results": [["output", "Tosa_Shape", "single"]],
            "attributes": [],
        }
        for name in ("exp2", "log2_ceil", "log2_floor")
    },
    # no .td to be had: two shape operands, no result (its check, shape_ops.py, was found by probes)
    "tosa.assert_equal_shape": {
        "class": "Tosa_ShapeOp",
        "traits": [],
        "operands": [["input1", "Tosa_Shape", "single"], ["input2", "Tosa_Shape", "single"]],
        "results": [],
        "attributes": [["allow_broadcast", True]],
        "verifier": True,
    },
}  # fmt: skip
"""The ops iree 3.13 defines that the ``.td`` files lack: a copy of another op's entry, or an entry written
here (``class``: the op class whose traits follow the op's own)."""

DELTA_ATTRIBUTES: dict[str, list[list[Any]]] = {
    "tosa.cast": [["input_unsigned", False]],
    "tosa.variable": [["sym_visibility", False]],
}
"""Attributes iree 3.13 adds to ops the ``.td`` files define."""

DELTA_CONSTRAINTS: dict[str, dict[str, str]] = {
    # iree 3.13 batches them: `operand #0 must be tosa-conformant tensor of at least rank 2 of number values`
    # (029c4da2eb44: Tosa_Tensor3D; iree-opt 3.13 verifies a rank-2 matmul and words a rank-1 operand so)
    "tosa.matmul": {"a": "Tosa_TensorAtLeast2D", "b": "Tosa_TensorAtLeast2D", "output": "Tosa_TensorAtLeast2D"},
    "tosa.matmul_t": {"a": "Tosa_TensorAtLeast2D", "b": "Tosa_TensorAtLeast2D", "output": "Tosa_TensorAtLeast2D"},
}
"""Values whose constraint iree 3.13 changed, by op and value name: the constraint it has instead (a name of
ours where ``TosaTypesBase.td`` has none, after iree's words)."""


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


_STORED = re.compile(r"self\.operation\.attributes\[['\"](\w+)['\"]\]")
_BUILDER = re.compile(r"AttrBuilder\.get\('([\w.]+)'\)")


def _storage(cls: ast.ClassDef, init: ast.FunctionDef) -> dict[str, str]:
    """Each attribute's storage class, as its getter returns it (``-> _ods_ir.DenseI64ArrayAttr``); a
    dialect's own attribute, which the getter returns as ``Attribute``, by the ODS name its builder gives
    (``tosa.Tosa_NanPropagationModeAttr``)."""
    builders: dict[str, str] = {}
    for statement in init.body:
        inner, _ = _guarded(statement)
        if isinstance(inner, ast.Assign) and isinstance(inner.targets[0], ast.Subscript):
            key, built = inner.targets[0].slice, _BUILDER.search(ast.unparse(inner.value))
            if isinstance(key, ast.Constant) and isinstance(key.value, str) and built is not None:
                builders[key.value] = built.group(1)
    found: dict[str, str] = {}
    for item in cls.body:
        if not isinstance(item, ast.FunctionDef) or item.returns is None or item.args.args[1:]:
            continue
        stored = _STORED.search(ast.unparse(item.body[-1]))
        if stored is None:
            continue
        storage = ast.unparse(item.returns).removeprefix("_Optional[").removesuffix("]").removeprefix("_ods_ir.")
        builder = builders.get(stored.group(1), "")
        found[stored.group(1)] = builder if storage == "Attribute" and "." in builder else storage
    return found


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
    storage = _storage(cls, init)
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
                if isinstance(key, ast.Constant) and isinstance(key.value, str):
                    op["attributes"].append([key.value, not optional, storage.get(key.value, "Attribute")])
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


# ---------------------------------------------------------------- the .td files


def _strip(text: str) -> str:
    """``text`` without its ``[{ ... }]`` code blocks and ``//`` comments."""
    text = re.sub(r"\[\{.*?\}\]", "", text, flags=re.S)
    return re.sub(r"//[^\n]*", "", text)


def _close(text: str, start: int) -> int:
    """The index just after the bracket that closes the one at ``start`` (``<``, ``[``, ``(`` or ``{``)."""
    pairs = {"<": ">", "[": "]", "(": ")", "{": "}"}
    opening = text[start]
    depth = 0
    for i in range(start, len(text)):
        depth += text[i] == opening
        depth -= text[i] == pairs[opening]
        if depth == 0:
            return i + 1
    raise ValueError(f"unbalanced {opening!r} at {start}")


def _collapse(text: str) -> str:
    return " ".join(text.split())


def _list(text: str) -> list[str]:
    """A TableGen list ``[a, b<c, d>]`` -> its items, each collapsed to one line."""
    text = text.strip()
    assert text.startswith("[") and text.endswith("]"), text
    return [_collapse(item) for item in split(text[1:-1])]


def read_classes(text: str) -> dict[str, tuple[str, list[str]]]:
    """Each op class (``class Tosa_ElementwiseOp<...> : Tosa_Op<mnemonic, !listconcat(traits, [...])>``): its
    parent class and the traits it appends to its subclass's."""
    text = _strip(text)
    classes: dict[str, tuple[str, list[str]]] = {}
    for found in re.finditer(r"^class (\w+)\s*<", text, re.M):
        params_end = _close(text, found.end() - 1)
        parent = re.match(r"\s*:\s*(\w+)\s*<", text[params_end:])
        if parent is None:
            continue
        args_start = params_end + parent.end() - 1
        args = text[args_start + 1 : _close(text, args_start) - 1]
        concat = args.find("!listconcat(traits,")
        if concat < 0:
            continue
        bracket = args.index("[", concat)
        classes[found.group(1)] = (parent.group(1), _list(args[bracket : _close(args, bracket)]))
    return classes


def _values(body: str, key: str) -> tuple[list[list[str]], list[list[Any]]] | None:
    """``let arguments = (ins ...)`` (or ``outs``): its values ``[name, constraint, kind]`` and attributes
    ``[name, required]``; None when the op has no such list."""
    found = re.search(r"\(\s*" + key + r"\b", body)
    if found is None:
        return None
    inner = body[found.end() : _close(body, found.start()) - 1]
    values: list[list[str]] = []
    attributes: list[list[Any]] = []
    for item in split(_collapse(inner)):
        constraint, _, name = item.rpartition(":")
        constraint, name = constraint.strip(), name.strip().removeprefix("$")
        head = constraint.split("<")[0]
        if re.search(r"Attr(?:Of)?\d*$", head):
            optional = head in ("OptionalAttr", "DefaultValuedAttr", "DefaultValuedOptionalAttr")
            attributes.append([name, not optional])
            continue
        kind = "single"
        for wrapper, wrapped in (("Variadic", "variadic"), ("Optional", "optional")):
            if head == wrapper:
                kind, constraint = wrapped, constraint[len(wrapper) + 1 : -1].strip()
        values.append([name, constraint, kind])
    return values, attributes


def read_td_ops(text: str, classes: dict[str, tuple[str, list[str]]]) -> dict[str, Any]:
    """Each op a ``.td`` file defines (a ``def`` of an op class of ``classes``), by name."""
    text = _strip(text)
    ops: dict[str, Any] = {}
    for found in re.finditer(r"^def (\w+)\s*:\s*(\w+)\s*<", text, re.M):
        if found.group(2) not in classes:
            continue
        args_start = found.end() - 1
        args_end = _close(text, args_start)
        args = split(text[args_start + 1 : args_end - 1])
        name = args[0].strip().strip('"')
        own = _list(args[1]) if len(args) > 1 else []
        body_start = text.index("{", args_end)
        body = text[body_start : _close(text, body_start)]
        ins = _values(body, "ins") or ([], [])
        outs = _values(body, "outs") or ([], [])
        regions = re.search(r"\(\s*region\b(.*?)\);", body, re.S)
        ops[f"tosa.{name}"] = {
            "class": found.group(2),
            "operands": ins[0],
            "results": outs[0],
            "attributes": ins[1],
            "traits": _expand(found.group(2), own, classes),
            "regions": 0 if regions is None else len(split(_collapse(regions.group(1)))),
            "verifier": bool(re.search(r"let hasVerifier\s*=\s*1", body)),
        }
    return ops


def _expand(cls: str, own: list[str], classes: dict[str, tuple[str, list[str]]]) -> list[str]:
    """An op's traits in the order MLIR holds them: its own, then each class's additions, innermost first."""
    traits = list(own)
    while cls in classes:
        cls, added = classes[cls]
        traits += added
    return traits


def read_constraints(text: str) -> dict[str, str]:
    """Each ``def`` of ``TosaTypesBase.td``: its definition as written (to the first ``;`` or ``{``)."""
    text = _strip(text)
    found: dict[str, str] = {}
    for match in re.finditer(r"^def (\w+)\s*:", text, re.M):
        i, depth = match.end(), 0
        while i < len(text) and not (depth == 0 and text[i] in ";{"):
            depth += text[i] in "<[("
            depth -= text[i] in ">])"
            i += 1
        found[match.group(1)] = _collapse(text[match.end() : i])
    return found


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _apply_delta(ops: dict[str, Any], classes: dict[str, tuple[str, list[str]]]) -> dict[str, Any]:
    ops = copy.deepcopy(ops)
    for name, entry in DELTA.items():
        if name in ops:
            raise ValueError(f"{name} is in the .td files: drop it from DELTA")
        if "copy" in entry:
            ops[name] = {**copy.deepcopy(ops[entry["copy"]]), "from": f"delta: {entry['copy']}'s definition"}
            continue
        ops[name] = {
            "class": entry["class"],
            "operands": entry["operands"],
            "results": entry["results"],
            "attributes": entry["attributes"],
            "traits": _expand(entry["class"], entry["traits"], classes),
            "regions": 0,
            "verifier": entry.get("verifier", False),
            "from": "delta",
        }
    for name, added in DELTA_ATTRIBUTES.items():
        known = {a for a, _ in ops[name]["attributes"]}
        if known & {a for a, _ in added}:
            raise ValueError(f"{name}: the .td files have an attribute DELTA_ATTRIBUTES adds")
        ops[name]["attributes"] = ops[name]["attributes"] + added
    for name, changed in DELTA_CONSTRAINTS.items():
        values = [v for kind in ("operands", "results") for v in ops[name][kind]]
        if set(changed) - {v[0] for v in values}:
            raise ValueError(f"{name}: DELTA_CONSTRAINTS names a value the .td files do not have")
        for value in values:
            value[1] = changed.get(value[0], value[1])
    return ops


def differences(td: dict[str, Any], ods: dict[str, Any]) -> list[str]:
    """Where the ``.td`` table (its delta applied) and iree 3.13's op classes (``ods.json``) disagree: the ops,
    the names and kinds of their values, their attributes (as sets) and region counts."""
    out = [f"{name}: only in {where}" for name, where in [
        *((n, "the .td files") for n in sorted(set(td) - set(ods))),
        *((n, "ods.json") for n in sorted(set(ods) - set(td))),
    ]]  # fmt: skip
    for name in sorted(set(td) & set(ods)):
        mine, theirs = td[name], ods[name]
        for kind in ("operands", "results"):
            if [[v[0], v[2]] for v in mine[kind]] != theirs[kind]:
                out.append(f"{name}: {kind} {mine[kind]} against {theirs[kind]}")
        if sorted(tuple(a[:2]) for a in mine["attributes"]) != sorted(tuple(a[:2]) for a in theirs["attributes"]):
            out.append(f"{name}: attributes {mine['attributes']} against {theirs['attributes']}")
        if mine["regions"] != (theirs["regions"] or 0):
            out.append(f"{name}: {mine['regions']} regions against {theirs['regions']}")
    return out


def with_storage(ops: dict[str, Any], ods: dict[str, Any]) -> dict[str, Any]:
    """``ops`` (the ``.td`` table, held to ``ods``), each attribute ``[name, required, storage]``: its storage
    class as iree 3.13's op classes give it (``ods.json``), which the parser converts a generic form's
    ``<{...}>`` value into (:mod:`broadcheck.dialects.properties`)."""
    ops = copy.deepcopy(ops)
    for name, op in ops.items():
        storage = {a[0]: a[2] for a in ods[name]["attributes"]}
        op["attributes"] = [[a[0], a[1], storage[a[0]]] for a in op["attributes"]]
    return ops


def generate_td(directory: Path, ods: dict[str, Any] | None = None) -> dict[str, Any]:
    """The traits-and-constraints table from the ``.td`` files in ``directory`` (each checked against
    :data:`TD_FILES`), the delta applied and the result held to ``ods`` (``ods.json``'s ops)."""
    texts: dict[str, str] = {}
    for name, (_, digest) in TD_FILES.items():
        path = directory / name
        if not path.exists():
            raise FileNotFoundError(f"no {name} in {directory}")
        texts[name] = path.read_text(encoding="utf-8")
        if _digest(texts[name]) != digest:
            raise ValueError(f"{path} is not {name} at {TD_FILES[name][0]} (SHA-256 {digest})")
    classes = {**read_classes(texts["TosaOpBase.td"]), **read_classes(texts["TosaShapeOps.td"])}
    read = read_td_ops(texts["TosaOps.td"], classes)
    shape_ops = read_td_ops(texts["TosaShapeOps.td"], classes)
    for found, file in ((read, "TosaOps.td"), (shape_ops, "TosaShapeOps.td")):
        for op in found.values():
            op["from"] = file
    ops = _apply_delta({**read, **shape_ops}, classes)
    if ods is None:
        ods = json.loads(TABLE.read_text(encoding="utf-8"))["ops"]
    unsaid = differences(ops, ods)
    if unsaid:
        raise ValueError("the .td table and ods.json differ where DELTA does not say:\n" + "\n".join(unsaid))
    ops = with_storage(ops, ods)
    definitions = read_constraints(texts["TosaTypesBase.td"])
    used = sorted({v[1] for op in ops.values() for v in (*op["operands"], *op["results"])})
    source = {
        "repository": "llvm/llvm-project",
        "files": [
            {"path": f"{TD_PATH}/{name}", "commit": commit, "sha256": digest}
            for name, (commit, digest) in TD_FILES.items()
        ],
        "delta": sorted({*DELTA, *DELTA_ATTRIBUTES, *DELTA_CONSTRAINTS}),
        "constraints": {name: definitions.get(name, "(iree 3.13's; not in TosaTypesBase.td)") for name in used},
    }
    return {"source": source, "ops": dict(sorted(ops.items()))}


def render_td(table: dict[str, Any]) -> str:
    """The traits-and-constraints table as written to disk: a Python module (a clean run of a TOSA file reads it,
    and reads no JSON: ``tests/test_startup.py``), its literals as ``pprint`` lays them out."""
    import pprint

    def literal(value: Any) -> str:
        return pprint.pformat(value, width=116, sort_dicts=False)

    return "\n".join(
        [
            '"""TOSA\'s traits and per-position type constraints, generated by ``make ods`` (``tosa/generate.py``)',
            'from TOSA\'s ``.td`` files (``SOURCE``) with the delta for iree 3.13: do not edit."""',
            "",
            "from __future__ import annotations",
            "",
            "TYPE_CHECKING = False  # not typing's: a checking run imports no typing",
            "if TYPE_CHECKING:",
            "    from typing import Any",
            "",
            "# fmt: off",
            f"SOURCE: dict[str, Any] = {literal(table['source'])}",
            "",
            f"OPS: dict[str, Any] = {literal(table['ops'])}",
            "# fmt: on",
            "",
        ]
    )


def default_td() -> Path | None:
    """The directory of the ``.td`` files: ``$BROADCHECK_TOSA_TD`` (none when it is not set)."""
    found = os.environ.get("BROADCHECK_TOSA_TD")
    return Path(found) if found else None


def main(argv: list[str]) -> int:
    """Write ``ods.json`` from the op classes named on the command line (or the installed ones), then
    ``td.py`` from the ``.td`` files of ``--td DIR`` (or ``$BROADCHECK_TOSA_TD``), when given."""
    td: Path | None = default_td()
    if "--td" in argv:
        at = argv.index("--td")
        td, argv = Path(argv[at + 1]), argv[:at] + argv[at + 2 :]
    source = Path(argv[0]) if argv else default_source()
    if source is None:
        print(f"no {MODULE} here: name its file, or install iree-base-compiler==3.13.0", file=sys.stderr)
        return 2
    TABLE.write_text(render(generate(source)), encoding="utf-8")
    if td is None:
        print("td.py not regenerated: name the .td files' directory with --td or BROADCHECK_TOSA_TD", file=sys.stderr)
        return 0
    TD_TABLE.write_text(render_td(generate_td(td)), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
