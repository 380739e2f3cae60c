"""Regenerate ``broadcheck/dialects/onnx/constraints.json``: each ONNX-MLIR op's operand and result type
constraints, read from its ODS (``src/Dialect/ONNX/ONNXOps.td.inc``, ``AdditionalONNXOps.td``).

ONNX-MLIR writes its ops' ODS itself (``utils/gen_onnx_mlir.py`` writes ``ONNXOps.td.inc`` from ONNX's
schemas), so every operand and result is one of a few regular forms: ``TensorOf<[F32]>``,
``AnyTypeOf<[...]>``, ``SeqOf<[...]>``, ``OptOf<...>``, ``TupleOf<[...]>``, ``NoneType``, ``AnyTensor``,
``AnyMemRef``, ``AnyType``, each maybe ``Variadic<...>``. The table keeps, per op, each operand's and
result's constraint as a small tree (what a type must be) and as the summary MLIR's generated verifier
prints (``operand #0 must be tensor of 32-bit float values or ..., but got '...'``).

Run ``python -m broadcheck.dialects.onnx.generate [ONNX_MLIR_GIT_DIR [COMMIT]]`` (``make ods
ONNX_MLIR=...``; default: ``$BROADCHECK_ONNX_MLIR``, else a clone at ``.onnx-mlir`` in the checkout, at
its ``HEAD``); the table records the commit and the files' SHA-256, which the currency test
(``tests/oracle/test_onnx_table_current.py``) compares.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

from broadcheck.dialects.tablegen import op_lines, split

HERE = Path(__file__).parent
TABLE = HERE / "constraints.json"
FILES = ("src/Dialect/ONNX/ONNXOps.td.inc", "src/Dialect/ONNX/AdditionalONNXOps.td")

ELEMENTS: dict[str, tuple[str, str]] = {
    "F16": ("f16", "16-bit float"),
    "F32": ("f32", "32-bit float"),
    "F64": ("f64", "64-bit float"),
    "BF16": ("bf16", "bfloat16 type"),
    "I1": ("i1", "1-bit signless integer"),
    "I8": ("i8", "8-bit signless integer"),
    "I16": ("i16", "16-bit signless integer"),
    "I32": ("i32", "32-bit signless integer"),
    "I64": ("i64", "64-bit signless integer"),
    "UI8": ("ui8", "8-bit unsigned integer"),
    "UI16": ("ui16", "16-bit unsigned integer"),
    "UI32": ("ui32", "32-bit unsigned integer"),
    "UI64": ("ui64", "64-bit unsigned integer"),
    "I<4>": ("i4", "4-bit signless integer"),
    "UI<4>": ("ui4", "4-bit unsigned integer"),
    "Complex<F32>": ("complex<f32>", "complex type with 32-bit float elements"),
    "Complex<F64>": ("complex<f64>", "complex type with 64-bit float elements"),
    "F8E4M3FN": ("f8E4M3FN", "f8E4M3FN type"),
    "F8E4M3FNUZ": ("f8E4M3FNUZ", "f8E4M3FNUZ type"),
    "F8E5M2": ("f8E5M2", "f8E5M2 type"),
    "F8E5M2FNUZ": ("f8E5M2FNUZ", "f8E5M2FNUZ type"),
    "StringType": ("!onnx.String", "string type"),
}
"""An ODS element type -> its MLIR spelling and its summary (MLIR's ``CommonTypeConstraints.td``;
``StringType`` is ONNX-MLIR's, ``ONNX.td``)."""

Tree = list[Any]


_split = split


def _inner(text: str, head: str) -> str:
    return text[len(head) + 1 : -1].strip()


def _list(text: str, head: str) -> list[str]:
    inner = _inner(text, head)
    assert inner.startswith("[") and inner.endswith("]"), text
    return _split(inner[1:-1])


def parse(text: str) -> tuple[Tree, str]:
    """A type constraint's tree and summary."""
    text = text.strip()
    if text.startswith("Variadic<"):
        tree, summary = parse(_inner(text, "Variadic"))
        return ["variadic", tree], "variadic of " + summary
    if text.startswith("AnyTypeOf<"):
        parts = [parse(p) for p in _list(text, "AnyTypeOf")]
        return ["any-of", [t for t, _ in parts]], " or ".join(s for _, s in parts)
    if text.startswith("TensorOf<"):
        elements = [ELEMENTS[e] for e in _list(text, "TensorOf")]
        return ["tensor", [e for e, _ in elements]], "tensor of " + " or ".join(s for _, s in elements) + " values"
    if text.startswith("SeqOf<"):
        parts = [parse(p) for p in _list(text, "SeqOf")]
        inner = " or ".join(s for _, s in parts)
        return ["seq", ["any-of", [t for t, _ in parts]]], f"SeqType of {inner} values"
    if text.startswith("OptOf<"):
        tree, summary = parse(_inner(text, "OptOf"))
        return ["opt", tree], f"OptType of {summary} values"
    if text.startswith("TupleOf<"):
        elements = [ELEMENTS[e] for e in _list(text, "TupleOf")]
        words = " or ".join(s for _, s in elements)
        return ["tuple", [e for e, _ in elements]], f"tuple with any combination of {words} values"
    simple = {
        "NoneType": (["none"], "none type"),
        "AnyTensor": (["any-tensor"], "tensor of any type values"),
        "AnyMemRef": (["any-memref"], "memref of any type values"),
        "AnyType": (["any"], "any type"),
    }
    if text in simple:
        tree, summary = simple[text]
        return tree, summary
    raise ValueError(f"an ODS type constraint the generator does not know: {text}")


def _values(body: str, key: str) -> list[list[Any]]:
    found = re.search(r"\(\s*" + key + r"\b(.*?)\);", body, re.S)
    if found is None:
        return []
    text = " ".join(re.sub(r"//[^\n]*", "", found.group(1)).split())
    out = []
    for item in _split(text):
        constraint, _, name = item.rpartition(":$")
        if "Attr" in constraint:
            continue  # an attribute, not an operand
        tree, summary = parse(constraint)
        out.append([name, tree, summary])
    return out


def read_ops(text: str) -> dict[str, Any]:
    """Each ``def ONNX<X>Op : ONNX_Op<"X", ...>``'s operands and results, ``[name, k]``, where ``k``
    indexes ``constraints``, the distinct ``[tree, summary]`` pairs."""
    defs = list(re.finditer(r'^def ONNX\w+Op\s*:\s*ONNX_Op<"(\w+)"', text, re.M))
    ops: dict[str, Any] = {}
    constraints: list[list[Any]] = []
    index: dict[str, int] = {}

    def number(tree: Tree, summary: str) -> int:
        key = json.dumps([tree, summary])
        if key not in index:
            index[key] = len(constraints)
            constraints.append([tree, summary])
        return index[key]

    for i, found in enumerate(defs):
        end = defs[i + 1].start() if i + 1 < len(defs) else len(text)
        body = text[found.start() : end]
        ops[f"onnx.{found.group(1)}"] = {
            key: [[name, number(tree, summary)] for name, tree, summary in _values(body, word)]
            for key, word in (("operands", "ins"), ("results", "outs"))
        }
    return {"constraints": constraints, "ops": dict(sorted(ops.items()))}


def render(table: dict[str, Any]) -> str:
    """The table as written to disk: one op a line, so a regeneration's diff reads op by op."""
    lines = ["{", f'"source": {json.dumps(table["source"], sort_keys=True)},', '"constraints": [']
    constraints = table["constraints"]
    lines += [
        json.dumps(c, separators=(",", ":")) + ("," if i + 1 < len(constraints) else "")
        for i, c in enumerate(constraints)
    ]
    lines.append("],")
    return "\n".join([*lines, *op_lines(table["ops"])])


def default_repo() -> Path:
    """The onnx-mlir git directory: ``$BROADCHECK_ONNX_MLIR``, else ``.onnx-mlir`` in the checkout."""
    return Path(os.environ.get("BROADCHECK_ONNX_MLIR", HERE.parents[2] / ".onnx-mlir"))


def generate(repo: Path, revision: str = "HEAD") -> dict[str, Any]:
    """The table from the ODS files at ``repo``'s ``revision``."""

    def git(*args: str) -> str:
        return subprocess.run(["git", "-C", str(repo), *args], check=True, capture_output=True, text=True).stdout

    commit = git("rev-parse", revision).strip()
    texts = [git("show", f"{commit}:{path}") for path in FILES]
    files = [
        {"path": path, "sha256": hashlib.sha256(t.encode("utf-8")).hexdigest()}
        for path, t in zip(FILES, texts, strict=True)
    ]
    return {"source": {"repository": "onnx/onnx-mlir", "commit": commit, "files": files}, **read_ops("\n".join(texts))}


def main(argv: list[str]) -> int:
    """Write the table from the onnx-mlir checkout (and commit) named on the command line (or the default)."""
    repo = Path(argv[0]) if argv else default_repo()
    TABLE.write_text(render(generate(repo, argv[1] if len(argv) > 1 else "HEAD")), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
