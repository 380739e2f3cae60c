"""Differential test: the ``tf`` ops once passed over for want of their constraints (issue 29's
constraint-only ops: no verifier in their ODS), checked from what the harvest drew from TensorFlow
(``tests/oracle/ods_probe.py unjudged``: each value's type constraint, each required attribute and its
kind) and what :data:`broadcheck.dialects.ods.UNSEEN` adds (rank and type ``PredOpTrait``s, the type
``InferTypeOpInterface`` infers), against tensorflow-cpu 2.21.

Every such op is hit, the cases going round them: each is written as
:func:`tests.oracle.test_ods_constraints.make_case` writes it (random types per value, accepted or
not; variadic groups of 0-3 values, split by the segment sizes), and then, now and then, with one
required attribute dropped (``requires attribute``), given a value of another kind (the op is then not
judged by broadcheck, so only ``ok``/the same error or no error from broadcheck may differ: the case
counts as a difference unless broadcheck is silent), or with its result's type copied from its first
operand (the ops that relate them). The verdict and the first error message must agree. Knobs:
``BROADCHECK_ODS_CASES`` (default 2400), ``BROADCHECK_ODS_SEED``; the tool runs through
``BROADCHECK_TF_PYTHON`` when not importable.
"""

from __future__ import annotations

import collections
import json
import os
import random
import re

import pytest

from broadcheck import dialects
from broadcheck.dialects import ods
from tests.oracle.test_ods_constraints import ATTRS, make_case
from tests.oracle.test_ods_traits import broadcheck_verdict, tool_verdicts

pytestmark = pytest.mark.oracle

CASES = int(os.environ.get("BROADCHECK_ODS_CASES", "2400"))
SEED = int(os.environ.get("BROADCHECK_ODS_SEED", "0"))

CONSTRAINT_ONLY = (
    "BatchFunction CalibrationStatisticsSaver CollectiveReduceScatterV2 CollectiveReduceV2 ConfigureTPUEmbedding "
    "ConvertToListOfSparseCoreCooTensors ConvertToSparseCoreCsrWrappedCooTensorOp CrossReplicaSum DebugIdentity "
    "DeleteMultiDeviceIterator DynamicEnqueueTPUEmbeddingArbitraryTensorBatch EnqueueTPUEmbeddingRaggedTensorBatch "
    "EnqueueTPUEmbeddingSparseTensorBatch GeneratorDatasetRegion GetMinibatchSplitsWithPhysicalReplica "
    "GetMinibatchesInCsrWithPhysicalReplica GetStatsFromListOfSparseCoreCooTensors IfrtRestoreVariableOp "
    "InfeedEnqueueTuple InplaceAdd LegacyCall MirrorPad MirrorPadGrad ParseExample SortListOfSparseCoreCooTensors "
    "TPUCompileMlirAndExecute TPUCopyWithDynamicShape TPUPartitionedCall TPUReplicateMetadata TPUReshardVariables "
    "ToBool XlaBroadcastHelper XlaCallModule XlaCustomCallV2 XlaHostCompute XlaLaunch XlaSetDynamicDimensionSize "
    "XlaSparseCoreAdagradMomentum XlaSparseCoreAdam XlaSparseCoreFtrl Yield _TPUCompileMlir _XlaCompile"
).split()
"""Issue 29's constraint-only ``tf`` ops (with the 19 ``XlaSparseDenseMatmul*`` ops below)."""


def tfc_ops() -> list[str]:
    """Those of issue 29's constraint-only ``tf`` ops that broadcheck checks from their ODS."""
    names = {f"tf.{n}" for n in CONSTRAINT_ONLY} | {
        n
        for n in ods.table("tf")
        if n.startswith("tf.XlaSparseDenseMatmul")
        and n not in ("tf.XlaSparseDenseMatmulWithCsrInput", "tf.XlaSparseDenseMatmulWithStaticBufferSize")
    }
    decls = dialects.declarations("tf")
    return sorted(n for n in names if n in decls and decls[n].semantics == ods.SEMANTICS)


_RESULT = re.compile(r"(\) -> \()([^()]*)(\))")


def vary(rng: random.Random, name: str, text: str) -> tuple[str, bool]:
    """``text`` now and then with one required attribute dropped or of another kind, or its one result
    of its first operand's type; and whether broadcheck may stay silent where the tool errs (an
    attribute of another kind is not judged)."""
    traits = ods.table("tf")[name]
    required = [t.partition("=")[0].removeprefix("attribute:") for t in traits if t.startswith("attribute:")]
    roll = rng.random()
    if required and roll < 0.12:
        attr = rng.choice(required)
        return re.sub(rf"(\{{|, ){attr} = (?:\[[^\]]*\]|array<[^>]*>|\"[^\"]*\"|[^,}}]+)(, |\}})", _drop, text), False
    if required and roll < 0.18:
        attr = rng.choice(required)
        return re.sub(rf"\b{attr} = (?:\[[^\]]*\]|array<[^>]*>|\"[^\"]*\"|[^,}}]+)", f"{attr} = unit", text), True
    if roll < 0.4 and "-> (tensor" in text and text.count("%a0") >= 1:
        head = re.search(r"\(%a0: ([^,)]*(?:<[^>]*>)?)", text)
        result = _RESULT.search(text)
        if head is not None and result is not None and "," not in result.group(2):
            return text[: result.start(2)] + head.group(1) + text[result.end(2) :], False
    return text, False


def _drop(m: re.Match[str]) -> str:
    """An attribute cut out of its dictionary (an empty one is dropped by the caller)."""
    opened, closed = m.group(1), m.group(2)
    if opened == "{":
        return "{" if closed == ", " else "{}"
    return closed


def test_tfc_ops_agree_with_tensorflow() -> None:
    names = tfc_ops()
    attrs: dict[str, dict[str, str]] = json.loads(ATTRS.read_text(encoding="utf-8"))["ops"]
    rng = random.Random(f"{SEED}:tfc")
    per_op = max(1, -(-CASES // len(names)))
    cases = []
    for name in names:
        for _ in range(per_op):
            text, lenient = vary(rng, name, make_case(rng, name, attrs.get(name, {})))
            cases.append((name, text.replace(" {}", ""), lenient))
    expected = tool_verdicts("tf", [t for _, t, _ in cases])
    diffs = []
    kinds: collections.Counter[str] = collections.Counter()
    hit: collections.Counter[str] = collections.Counter()
    for (name, text, lenient), want in zip(cases, expected, strict=True):
        got = broadcheck_verdict(text)
        kinds["ok" if want == "ok" else re.sub(r"^\d+:\d+: '[\w.]+' op |#\d+|'[^']*'", "", want)[:50]] += 1
        hit[name] += 1
        if got != want and not (lenient and got == "ok"):
            diffs.append((name, text, want, got))
    print(f"tfc: {len(cases)} cases over {len(names)} ops; {len(diffs)} differences")
    print("  verdicts: " + "; ".join(f"{k}: {n}" for k, n in kinds.most_common(16)))
    shown = "\n".join(f"--- {n}\n{t}  tool:       {w}\n  broadcheck: {g}" for n, t, w, g in diffs[:12])
    assert not diffs, f"{len(diffs)} differences ({dict(collections.Counter(n for n, *_ in diffs))}):\n{shown}"
    assert len(hit) == len(names)
    assert kinds["ok"] >= len(cases) // 10 and len(cases) - kinds["ok"] >= len(cases) // 10
