// Elementwise arith and math ops in the generic form, written with a result type their traits
// reject: the type they infer (the operand's; i1 of the operand's shape for arith.cmpf; the
// values' for arith.select, once its condition is fixed) is the fix. iree-opt accepts
// generic.fixed.mlir (tests/oracle/test_generic_elementwise.py).
func.func @stale(%arg0: tensor<4x3xf32>, %arg1: tensor<4x3xf32>) -> tensor<4x3xf32> {
  %0 = "math.exp"(%arg0) : (tensor<4x3xf32>) -> tensor<?x3xf32>
  %1 = "arith.addf"(%arg0, %arg1) : (tensor<4x3xf32>, tensor<4x3xf32>) -> tensor<4x?xf32>
  %2 = "arith.cmpf"(%arg0, %arg1) <{predicate = 2 : i64}> : (tensor<4x3xf32>, tensor<4x3xf32>) -> tensor<?x3xi1>
  %3 = "arith.select"(%2, %arg0, %arg1) : (tensor<?x3xi1>, tensor<4x3xf32>, tensor<4x3xf32>) -> tensor<4x?xf32>
  %4 = "math.tanh"(%arg0) : (tensor<4x3xf32>) -> tensor<4x5xf32>
  %5 = "arith.negf"(%arg0) : (tensor<4x3xf32>) -> tensor<4x3xf32>
  return %5 : tensor<4x3xf32>
}

// The result follows a fixed operand: the new type of %0 reaches the generic ops that use it.
func.func @follow(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  %0 = "math.absf"(%arg0) : (tensor<8xf32>) -> tensor<?xf32>
  %1 = "arith.mulf"(%0, %0) : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  %2 = "math.sqrt"(%1) : (tensor<?xf32>) -> tensor<?xf32>
  %3 = "arith.addf"(%2, %arg0) : (tensor<?xf32>, tensor<8xf32>) -> tensor<8xf32>
  return %3 : tensor<8xf32>
}
