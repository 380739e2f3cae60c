"""MLIR's test dialect: ``test.broadcastable``, the Broadcastable trait alone."""

from broadcheck.dialects.op import FUNCTIONAL, Op, family, ops

OPS = ops(
    Op("test.broadcastable", FUNCTIONAL, family("mlir-tensor"), "mlir-tensor"),
)
