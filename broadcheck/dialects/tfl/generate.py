"""Regenerate ``broadcheck/dialects/tfl/ods.json``: each ``tfl`` op's operands, results, regions and traits,
read from its ODS (LiteRT's ``tflite/converter/ir/tfl_ops.td``, the converter's dialect that TensorFlow's
TFLite converter also builds).

Every ``def TFL_<X>Op : TFL_Op<"x", [traits]>`` (or ``Op<TFL_Dialect, "x", ...>``, or the
``TFL_ConvOp<"x", ...>`` class, whose results the class declares) gives one entry: its operands and
results, each ``[name, kind, summary]`` where ``kind`` is what the verifier holds a type to
(``tensor``: any tensor, since a ``TFL_TensorOf<[...]>`` lists the TFLite runtime's element types and
the verifier takes any; ``tensor-or-none``, also ``TFL_1DTensorOfOrNone``, whose rank only the runtime
checks; ``0D``/``1D``/``2D``: a tensor of that rank; ``any``; ``none``; ``control``; ``variadic-``
before a variadic one) and ``summary`` is what MLIR's generated verifier prints of it (``tensor of
32-bit float or QI8 type values``); its traits as written (whitespace collapsed; a ``PredOpTrait``
defined by name written out), in order; its regions; and whether it has a C++ ``verify()``.

The commit (:data:`COMMIT`, 2026-01-27) is the one TensorFlow 2.21's converter matches: every summary
its generated verifiers print is a string of TensorFlow 2.21's library, and none that the next change of
``tfl_ops.td`` (2026-02-09, ``QUI4``) adds is (``tests/oracle/test_tfl_table_current.py``). LiteRT's
``HEAD`` has moved on (fp16/bf16 element types, ``resize_bilinear``'s size predicate).

Run ``python -m broadcheck.dialects.tfl.generate [LITERT_GIT_DIR [COMMIT]]`` (``make ods LITERT=...``;
default: ``$BROADCHECK_LITERT``, else a clone at ``.litert`` in the checkout, at :data:`COMMIT`); the
table records the commit and the file's SHA-256, which the currency test
(``tests/oracle/test_tfl_table_current.py``) compares.
"""

from __future__ import annotations

import hashlib
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

from broadcheck.dialects.tablegen import render
from broadcheck.dialects.tablegen import split as _split

HERE = Path(__file__).parent
TABLE = HERE / "ods.json"
FILE = "tflite/converter/ir/tfl_ops.td"
COMMIT = "dabe730280fc36b501edd8d2729dfee3bf119b92"
"""The LiteRT commit the table follows (see ``docs`` in :data:`TABLE`'s ``source``)."""

ELEMENTS: dict[str, str] = {
    "F16": "16-bit float",
    "F32": "32-bit float",
    "F64": "64-bit float",
    "BF16": "bfloat16 type",
    "I1": "1-bit signless integer",
    "I8": "8-bit signless integer",
    "I16": "16-bit signless integer",
    "I32": "32-bit signless integer",
    "I64": "64-bit signless integer",
    "UI8": "8-bit unsigned integer",
    "UI16": "16-bit unsigned integer",
    "UI32": "32-bit unsigned integer",
    "UI64": "64-bit unsigned integer",
    "UI<4>": "4-bit unsigned integer",
    "TFL_I2": "2-bit signless integer",
    "TFL_I4": "4-bit signless integer",
    "TFL_Int32Or64": "32-bit signless integer or 64-bit signless integer",
    "Complex<F<32>>": "complex type with 32-bit float elements",
    "Complex<F<64>>": "complex type with 64-bit float elements",
    "F8E4M3FN": "f8E4M3FN type",
    "F8E5M2": "f8E5M2 type",
    "TFL_Str": "TFLite string type",
    "TFL_Quint8": "TFLite quint8 type",
    "TF_Resource": "resource",
    "AnyType": "any type",
}
"""An ODS element type -> its summary (MLIR's ``CommonTypeConstraints.td``; ``QI8``-style quantized types
are ``QI8 type``; ``TFL_Str``, ``TFL_Quint8``: ``tfl_ops.td``; ``TF_Resource``: TensorFlow's types)."""

_ANY_TENSOR = "tensor of any type values"
_NAMED: dict[str, tuple[str, str]] = {
    "AnyTensor": ("tensor", _ANY_TENSOR),
    "AnyType": ("any", "any type"),
    "NoneType": ("none", "none type"),
    "TFL_Control": ("control", "control"),
    "TFL_StatefulTensor": ("tensor", "stateful tensor"),
    "TFL_BoolTensor": ("tensor", "tensor of 1-bit signless integer values"),
    "TFL_FpTensor": ("tensor", "tensor of 32-bit float values"),
    "TFL_I32Tensor": ("tensor", "tensor of 32-bit signless integer values"),
    "TFL_I64Tensor": ("tensor", "tensor of 64-bit signless integer values"),
    "TFL_IntTensor": ("tensor", "tensor of any integer type"),
    "TFL_I32OrI64Tensor": ("tensor", "tensor of 32-bit signless integer or 64-bit signless integer values"),
    "TFL_Complex64Tensor": ("tensor", "tensor of complex type with 32-bit float elements values"),
    "TFL_ResourceTensor": ("tensor", "tensor of resource values"),
}
"""The named constraints ``tfl_ops.td`` uses: their kind and summary."""


def _element(text: str) -> str:
    quantized = re.fullmatch(r"(Q(?:U)?I\d+)", text)
    if quantized:
        return f"{quantized.group(1)} type"
    if text not in ELEMENTS:
        raise ValueError(f"an ODS element type the generator does not know: {text}")
    return ELEMENTS[text]


def _elements(text: str, head: str) -> str:
    inner = text[len(head) + 1 : -1].strip()
    assert inner.startswith("["), text
    types = _split(inner[1 : inner.index("]")])
    return " or ".join(_element(t) for t in types)


def parse(text: str) -> tuple[str, str]:
    """A type constraint's kind and summary."""
    text = text.strip()
    if text in _NAMED:
        return _NAMED[text]
    for head, kind in (("Variadic", "variadic-"), ("TFL_VariadicTensorOf", "variadic-tensor")):
        if text.startswith(head + "<"):
            if kind == "variadic-":
                inner, summary = parse(text[len(head) + 1 : -1])
                return kind + inner, "variadic of " + summary
            return kind, f"variadic of tensor of {_elements(text, head)} values"
    if text.startswith("TFL_TensorOf<"):
        return "tensor", f"tensor of {_elements(text, 'TFL_TensorOf')} values"
    if text.startswith("TFL_TensorOfOrNone<"):
        description = re.search(r'\]\s*,\s*"([^"]*)"', text)
        if description is not None and description.group(1):
            return "tensor-or-none", description.group(1)
        return "tensor-or-none", f"{_ANY_TENSOR} or none type"
    for n in "012":
        head = f"TFL_{n}DTensorOf"
        if text.startswith(head + "OrNone<"):  # its rank is the runtime's: the verifier takes any tensor
            return "tensor-or-none", f"{_ANY_TENSOR} or none type"
        if text.startswith(head + "<"):
            return f"{n}D", f"{n}D tensor of any type values"
    raise ValueError(f"an ODS type constraint the generator does not know: {text}")


def _uncomment(text: str) -> str:
    return re.sub(r"//[^\n]*", "", text)


def _values(body: str, key: str) -> list[list[str]] | None:
    found = re.search(r"\(\s*" + key + r"\b(.*?)\);", body, re.S)
    if found is None:
        return None
    text = " ".join(_uncomment(found.group(1)).split())
    out = []
    for item in _split(text):
        constraint, _, name = item.rpartition(":$")
        if not constraint:
            constraint, name = item, ""
        if "Attr" in constraint.split("<")[0]:
            continue  # an attribute, not an operand
        kind, summary = parse(constraint)
        out.append([name, kind, summary])
    return out


def _balanced(text: str, start: int, open_: str = "[", close: str = "]") -> int:
    """The index just after the bracket that closes the one at ``start``."""
    depth = 0
    for i in range(start, len(text)):
        depth += text[i] == open_
        depth -= text[i] == close
        if depth == 0:
            return i + 1
    raise ValueError("unbalanced brackets")


def _traits(head: str) -> list[str]:
    """The trait list of a def's head (``TFL_Op<"x", [ ... ]>``), each collapsed to one line."""
    start = head.find("[")
    if start < 0:
        return []
    inner = head[start + 1 : _balanced(head, start) - 1]
    return [" ".join(t.split()) for t in _split(" ".join(_uncomment(inner).split()))]


_DEF = re.compile(r'^def (TFL_\w+Op)\s*:\s*(TFL_Op|TFL_ConvOp|Op)<\s*(?:TFL_Dialect\s*,\s*)?"(\w+)"', re.M)


def read_ops(text: str) -> dict[str, Any]:
    """Each op's entry, by name (``tfl.x``)."""
    defs = list(_DEF.finditer(text))
    conv = re.search(r"^class TFL_ConvOp<.*?^}", text, re.M | re.S)
    assert conv is not None
    conv_results = _values(conv.group(0), "outs")
    conv_head = conv.group(0)[: conv.group(0).find("{")]
    conv_traits = _traits(conv_head[conv_head.find("TFL_Op<") :])  # the class's own, before the additional ones
    aliases = {  # `def TFL_SameFirstOperandAndFirstResultElementType : PredOpTrait<...>;`: a trait by name
        m.group(1): " ".join(_uncomment(m.group(2)).split())
        for m in re.finditer(r"^def (\w+)\s*:\s*(PredOpTrait<.*?>);", text, re.M | re.S)
    }
    ops: dict[str, Any] = {}
    for i, found in enumerate(defs):
        end = defs[i + 1].start() if i + 1 < len(defs) else len(text)
        body = _uncomment(text[found.start() : end])
        brace = body.find("{")
        head, rest = body[:brace], body[brace:]
        base = found.group(2)
        traits = _traits(head[head.find("<") :])
        if base == "TFL_ConvOp":  # TFL_ConvOp<name, summary, index, [additional traits]>: the class's own first
            index = _split(head[head.find("<") + 1 : head.find("[")])[2]
            traits = [re.sub(r"\bindex\b", index, t) for t in conv_traits] + traits
        regions = re.search(r"\(\s*region\b(.*?)\);", rest, re.S)
        results = _values(rest, "outs")
        ops[f"tfl.{found.group(3)}"] = {
            "operands": _values(rest, "ins") or [],
            "results": (conv_results if results is None and base == "TFL_ConvOp" else results) or [],
            "regions": [] if regions is None else [r.strip() for r in _split(" ".join(regions.group(1).split()))],
            "traits": [aliases.get(t, t) for t in traits],
            "verifier": bool(re.search(r"let hasVerifier\s*=\s*1", rest)),
        }
    return dict(sorted(ops.items()))


def default_repo() -> Path:
    """The LiteRT git directory: ``$BROADCHECK_LITERT``, else ``.litert`` in the checkout."""
    return Path(os.environ.get("BROADCHECK_LITERT", HERE.parents[2] / ".litert"))


def generate(repo: Path, revision: str = COMMIT) -> dict[str, Any]:
    """The table from ``tfl_ops.td`` at ``repo``'s ``revision``."""

    def git(*args: str) -> str:
        return subprocess.run(["git", "-C", str(repo), *args], check=True, capture_output=True, text=True).stdout

    commit = git("rev-parse", revision).strip()
    text = git("show", f"{commit}:{FILE}")
    source = {
        "repository": "google-ai-edge/LiteRT",
        "commit": commit,
        "files": [{"path": FILE, "sha256": hashlib.sha256(text.encode("utf-8")).hexdigest()}],
    }
    return {"source": source, "ops": read_ops(text)}


def main(argv: list[str]) -> int:
    """Write the table from the LiteRT checkout (and commit) named on the command line (or the default)."""
    repo = Path(argv[0]) if argv else default_repo()
    TABLE.write_text(render(generate(repo, argv[1] if len(argv) > 1 else COMMIT)), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
