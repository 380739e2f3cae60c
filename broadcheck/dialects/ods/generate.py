"""Regenerate the ODS-derived op tables (``broadcheck/dialects/ods/<dialect>.json``).

The tables come from what ``mlir-tblgen`` wrote from each dialect's ``.td`` files: the op
declarations (``*Ops.h.inc``) that the ``tensorflow-cpu`` 2.21 wheel ships under
``tensorflow/include``. There TableGen has already resolved every ``class``/``def``/``multiclass``
and every trait alias (``TF_SameOperandsAndResultTypeResolveRef``, ``Pure``, ...): each op's class
lists its native traits in the order its verifier runs them. Run ``make ods`` (or
``python -m broadcheck.dialects.ods.generate [INCLUDE_DIR]``); each table records the file it
was read from and the file's SHA-256, which the currency test compares.
"""

from __future__ import annotations

import hashlib
import json
import re
import sys
from pathlib import Path

HERE = Path(__file__).parent


def default_include() -> Path:
    """Where the TableGen output is: ``$BROADCHECK_ODS_INCLUDE``, else the ``tensorflow/include``
    of the repository's TensorFlow environment (``.venv-tf``, from ``make oracle-tf``, or
    ``.venv-bench-tf``, from ``make exports``), else of an importable ``tensorflow``; a path
    that does not exist when there is none."""
    import os
    from importlib.util import find_spec

    if "BROADCHECK_ODS_INCLUDE" in os.environ:
        return Path(os.environ["BROADCHECK_ODS_INCLUDE"])
    repo = HERE.parents[2]
    for venv in (".venv-tf", ".venv-bench-tf"):
        for found in sorted(repo.glob(f"{venv}/lib/python*/site-packages/tensorflow/include")):
            return found
    try:
        spec = find_spec("tensorflow")
    except (ImportError, ValueError):
        spec = None
    if spec is not None and spec.submodule_search_locations:
        return Path(next(iter(spec.submodule_search_locations))) / "include"
    return repo / ".venv-tf" / "no-tensorflow-include"


LLVM = "external/llvm-project/mlir/include/mlir/Dialect"
SOURCES: dict[str, tuple[str, ...]] = {
    "arith": (f"{LLVM}/Arith/IR/ArithOps.h.inc",),
    "math": (f"{LLVM}/Math/IR/MathOps.h.inc",),
    "cf": (f"{LLVM}/ControlFlow/IR/ControlFlowOps.h.inc",),
    "func": (f"{LLVM}/Func/IR/FuncOps.h.inc",),
    "scf": (f"{LLVM}/SCF/IR/SCFOps.h.inc",),
    "shape": (f"{LLVM}/Shape/IR/ShapeOps.h.inc",),
    "tensor": (f"{LLVM}/Tensor/IR/TensorOps.h.inc",),
    "linalg": (f"{LLVM}/Linalg/IR/LinalgOps.h.inc", f"{LLVM}/Linalg/IR/LinalgStructuredOps.h.inc"),
    "vector": (f"{LLVM}/Vector/IR/VectorOps.h.inc",),
    "stablehlo": ("external/stablehlo/stablehlo/dialect/StablehloOps.h.inc",),
    "chlo": ("external/stablehlo/stablehlo/dialect/ChloOps.h.inc",),
    "mhlo": ("xla/mlir_hlo/mhlo/IR/hlo_ops.h.inc",),
    "tf": (
        "tensorflow/compiler/mlir/tensorflow/ir/tf_all_ops.h.inc",
        "tensorflow/compiler/mlir/tensorflow/ir/host_runtime/tfrt_ops.h.inc",
    ),
}
"""Dialect -> the TableGen'erated op declarations it is read from (relative to the include dir)."""

# The native traits that relate an op's types, by their C++ names (what the table keeps).
RELATING = {
    "OpTrait::SameOperandsAndResultType": "SameOperandsAndResultType",
    "OpTrait::SameOperandsAndResultShape": "SameOperandsAndResultShape",
    "OpTrait::SameOperandsAndResultElementType": "SameOperandsAndResultElementType",
    "OpTrait::SameOperandsShape": "SameOperandsShape",
    "OpTrait::SameOperandsElementType": "SameOperandsElementType",
    "OpTrait::SameTypeOperands": "SameTypeOperands",
    "OpTrait::SameOperandsAndResultRank": "SameOperandsAndResultRank",
    "OpTrait::Elementwise": "Elementwise",
    "OpTrait::ResultsBroadcastableShape": "ResultsBroadcastableShape",
    "OpTrait::TF::SameOperandsAndResultTypeResolveRef": "TF::SameOperandsAndResultTypeResolveRef",
    "OpTrait::TF::SameOperandsAndResultElementTypeResolveRef": "TF::SameOperandsAndResultElementTypeResolveRef",
    "OpTrait::TF::OperandsSameAsResultsTypeOrRef": "TF::OperandsSameAsResultsTypeOrRef",
    "hlo::OpTrait::CompatibleOperandsAndResultType": "hlo::CompatibleOperandsAndResultType",
    "hlo::OpTrait::CompatibleOperandsAndResultElementType": "hlo::CompatibleOperandsAndResultElementType",
    "hlo::OpTrait::CompatibleOperandsElementType": "hlo::CompatibleOperandsElementType",
    "hlo::OpTrait::PairwiseSameOperandAndResultType": "hlo::PairwiseSameOperandAndResultType",
    "hlo::OpTrait::PairwiseSameOperandAndResultElementType": "hlo::PairwiseSameOperandAndResultElementType",
    "OpTrait::ReturnLike": "ReturnLike",
    "OpTrait::IsTerminator": "IsTerminator",
    "InferTypeOpInterface::Trait": "InferTypeOpInterface",
    "InferShapedTypeOpInterface::Trait": "InferShapedTypeOpInterface",
    "OpTrait::InferTensorType": "InferTensorType",
    "OpTrait::ConstantLike": "ConstantLike",
    "CastOpInterface::Trait": "CastOpInterface",
    "SymbolUserOpInterface::Trait": "SymbolUserOpInterface",
    "OpTrait::AttrSizedOperandSegments": "AttrSizedOperandSegments",
    "OpTrait::AttrSizedResultSegments": "AttrSizedResultSegments",
}
# Operand/result counts, and regions (``N``: that many; ``N+``: at least; ``*``: variadic).
COUNTS = {
    "ZeroOperands": ("operands", "0"),
    "OneOperand": ("operands", "1"),
    "VariadicOperands": ("operands", "*"),
    "ZeroResults": ("results", "0"),
    "OneResult": ("results", "1"),
    "VariadicResults": ("results", "*"),
    "ZeroRegions": ("regions", "0"),
    "OneRegion": ("regions", "1"),
    "VariadicRegions": ("regions", "*"),
}
COUNTED = re.compile(r"OpTrait::(N|AtLeastN)(Operands|Results|Regions)<(\d+)>::Impl")
PARENT = re.compile(r"OpTrait::(HasParent|ParentOneOf)<([^>]*)>::Impl")
CLASS = re.compile(r"^class (\w+) : public ::mlir::Op<\1, (.*)> \{$", re.M)
NAME = re.compile(r'getOperationName\(\) \{\s*return ::llvm::StringLiteral\("([\w.$]+)"\);')
GROUP = re.compile(
    r"^    (return \(?(?:::llvm::cast<.*>\()?\*|return |auto \w+ = )getODS(Operands|Results)\((\d+)\)", re.M
)


def read_groups(body: str) -> list[str]:
    """The operand and result groups of an op class's ``body``, from its accessors (``*getODSOperands(0)
    .begin()``: one value; ``return getODSOperands(1)``: variadic; ``auto operands = ...``: optional),
    as ``operand-groups=1,*`` and ``result-groups=...``; nothing for a kind whose every group is one value.
    (Several such groups split their values evenly, or by the op's ``operandSegmentSizes`` attribute.)"""
    kinds: dict[str, dict[int, str]] = {"Operands": {}, "Results": {}}
    for m in GROUP.finditer(body):
        how = m.group(1)
        kinds[m.group(2)][int(m.group(3))] = "1" if how.endswith("*") else "?" if how.startswith("auto") else "*"
    out = []
    for kind, found in kinds.items():
        groups = [found.get(i, "1") for i in range(max(found) + 1)] if found else []
        if any(g != "1" for g in groups):
            out.append(f"{kind[:-1].lower()}-groups={','.join(groups)}")
    return out


def split_traits(text: str) -> list[str]:
    """The trait list of one ``::mlir::Op<...>`` base, split at its top-level commas."""
    out, depth, start = [], 0, 0
    for i, ch in enumerate(text):
        if ch == "<":
            depth += 1
        elif ch == ">":
            depth -= 1
        elif ch == "," and depth == 0:
            out.append(text[start:i].strip())
            start = i + 1
    out.append(text[start:].strip())
    return [t.removeprefix("::mlir::").removeprefix("mlir::") for t in out if t]


def read_ops(text: str, groups: bool = False) -> dict[str, list[str]]:
    """Op name -> what its declaration says relates its types, in the verifier's order (with
    ``groups``: and its variadic and optional operand and result groups, :func:`read_groups`)."""
    table: dict[str, list[str]] = {}
    matches = list(CLASS.finditer(text))
    for k, m in enumerate(matches):
        body = text[m.end() : matches[k + 1].start() if k + 1 < len(matches) else len(text)]
        body = body[: body.find("\n};")]
        name = NAME.search(body)
        if name is None:
            continue
        entry: list[str] = []
        for trait in split_traits(m.group(2)):
            bare = trait.removeprefix("OpTrait::")
            counted = COUNTED.fullmatch(trait)
            parent = PARENT.fullmatch(trait)
            if bare in COUNTS:
                kind, n = COUNTS[bare]
                entry.append(f"{kind}={n}")
            elif counted is not None:
                kind = counted.group(2).lower()
                entry.append(f"{kind}={counted.group(3)}{'+' if counted.group(1) == 'AtLeastN' else ''}")
            elif trait == "OpTrait::OpInvariants":
                entry.append("OpInvariants")
            elif trait in RELATING:
                entry.append(RELATING[trait])
            elif parent is not None:
                parents = [p.strip().removeprefix("::") for p in parent.group(2).split(",")]
                entry.append("HasParent=" + ",".join(parents))
        if re.search(r"^  ::llvm::LogicalResult verify\(\);$", body, re.M):
            entry.append("verify")
        if re.search(r"^  ::llvm::LogicalResult verifyRegions\(\);$", body, re.M):
            entry.append("verifyRegions")
        if groups:
            entry.extend(read_groups(body))
        table[name.group(1)] = entry
    return table


FUNCTION = re.compile(r"^::llvm::LogicalResult (\w+)::verifyInvariantsImpl\(\) \{$(.*?)^\}$", re.M | re.S)
CONSTRAINT = re.compile(
    r"^static ::llvm::LogicalResult (__mlir_ods_local_type_constraint_\w+)\(.*?must be ([^\"]*), but got", re.M | re.S
)
GROUP_CHECK = re.compile(r"(__mlir_ods_local_type_constraint_\w+)\(\*this, v\.getType\(\), \"(operand|result)\"")
PREDICATE = re.compile(r"if \(!\((.*?)\)\n\s*return emitOpError\(\"failed to verify that ([^\"]*)\"\);", re.S)
REFERENCE = re.compile(r"getODS(Operands|Results)\((\d+)\)")


def read_invariants(text: str, classes: dict[str, str]) -> dict[str, list[str]]:
    """Op name -> what its ODS invariants check (``verifyInvariantsImpl`` in the ``.cpp.inc``): each
    operand's and result's type constraint (``operand#0=floating-point-like``), then each
    ``PredOpTrait`` (``pred=all of {lhs, result} have same type@o0,r0``: its message, and the values
    its predicate reads). Only ops of fixed operand and result counts (a group is one value)."""
    summaries = {m.group(1): m.group(2) for m in CONSTRAINT.finditer(text)}
    out: dict[str, list[str]] = {}
    for m in FUNCTION.finditer(text):
        name = classes.get(m.group(1))
        if name is None:
            continue
        body = m.group(2)
        steps: list[str] = []
        counters = {"operand": 0, "result": 0}
        for check in GROUP_CHECK.finditer(body):
            kind = check.group(2)
            steps.append(f"{kind}#{counters[kind]}={summaries.get(check.group(1), '?')}")
            counters[kind] += 1
        for pred in PREDICATE.finditer(body):
            refs = []
            for ref in REFERENCE.finditer(pred.group(1)):
                tag = ("o" if ref.group(1) == "Operands" else "r") + ref.group(2)
                if tag not in refs:
                    refs.append(tag)
            steps.append(f"pred={pred.group(2)}@{','.join(refs)}")
        out[name] = steps
    return out


def generate(include: Path) -> dict[str, dict[str, object]]:
    """Every dialect's table, read from the TableGen output under ``include``."""
    out: dict[str, dict[str, object]] = {}
    for dialect, paths in SOURCES.items():
        ops: dict[str, list[str]] = {}
        sources = []
        for rel in paths:
            path = include / rel
            data = path.read_bytes()
            sources.append({"path": str(Path(rel)), "sha256": hashlib.sha256(data).hexdigest()})
            text = data.decode("utf-8")
            read = read_ops(text, groups=dialect == "tf")
            ops.update(read)
            implementation = path.with_name(path.name.replace(".h.inc", ".cpp.inc"))
            if implementation.exists():
                code = implementation.read_bytes()
                sources.append(
                    {"path": str(Path(rel).with_name(implementation.name)), "sha256": hashlib.sha256(code).hexdigest()}
                )
                classes = {
                    m.group(1): n.group(1)
                    for m in CLASS.finditer(text)
                    if (n := NAME.search(text, m.end())) is not None
                }
                for name, steps in read_invariants(code.decode("utf-8"), classes).items():
                    traits = ops.get(name)
                    fixed = traits is not None and all(
                        t.partition("=")[2].isdigit() for t in traits if t.startswith(("operands=", "results="))
                    )
                    if traits is not None and fixed and "OpInvariants" in traits:
                        at = traits.index("OpInvariants") + 1
                        ops[name] = [*traits[:at], *steps, *traits[at:]]
        prefix = dialect + "."
        ops = {name: traits for name, traits in sorted(ops.items()) if name.startswith(prefix)}
        out[dialect] = {
            "generated-from": "tensorflow-cpu 2.21.0 wheel, tensorflow/include",
            "sources": sources,
            "ops": ops,
        }
    return out


def render(table: dict[str, object]) -> str:
    """A table as committed: one op a line, so a regeneration's diff reads op by op."""
    ops = table["ops"]
    assert isinstance(ops, dict)
    head = {k: v for k, v in table.items() if k != "ops"}
    lines = [json.dumps(head, indent=1)[:-2] + ',\n "ops": {']
    rows = [f"  {json.dumps(name)}: {json.dumps(traits)}" for name, traits in ops.items()]
    return "\n".join(lines) + "\n" + ",\n".join(rows) + "\n }\n}\n"


def main(argv: list[str]) -> int:
    """Write every table; ``argv[0]`` is the include directory (default: :func:`default_include`)."""
    include = Path(argv[0]) if argv else default_include()
    if not include.is_dir():
        print(f"no TableGen output at {include}: make oracle-tf or make exports makes one", file=sys.stderr)
        return 2
    for dialect, table in generate(include).items():
        (HERE / f"{dialect}.json").write_text(render(table), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
