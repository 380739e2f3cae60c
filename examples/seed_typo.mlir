// The first example of MLIR's Broadcastable document exactly as printed there:
// `tensor<1x2xi32)` lacks its `>`. broadcheck points at the `)`.

// Exact match of static sizes.
%result = "test.broadcastable"(%arg0, %arg1) : (tensor<1x2xi32>, tensor<1x2xi32) -> tensor<1x2xi32>
