"""MHLO (openxla/xla ``xla/mlir_hlo``), as far as broadcheck follows it."""

from broadcheck.dialects.op import ops
from broadcheck.dialects.stablehlo import declare, structural

OPS = ops(declare("mhlo", "mhlo"), structural("mhlo"))
