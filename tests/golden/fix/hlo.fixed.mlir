// StableHLO and CHLO result-type errors (BC517, BC518, BC521): each names the result, says which
// type would verify, and --fix writes it (iree-opt accepts the fixed file).
func.func @a(%a: tensor<2xf32>, %b: tensor<2xf32>) -> tensor<2xf32> {
  %0 = stablehlo.atan2 %a, %b : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}
func.func @b(%a: tensor<2x3xf32>, %b: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = "stablehlo.add"(%a, %b) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}
func.func @c(%p: tensor<i1>, %a: tensor<2xf32>, %b: tensor<2xf32>) -> tensor<2xf32> {
  %0 = "stablehlo.select"(%p, %a, %b) : (tensor<i1>, tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  %1 = stablehlo.abs %0 : tensor<2xf32>
  return %a : tensor<2xf32>
}
func.func @d(%a: tensor<2xf32>) -> tensor<2xf32> {
  %0 = "stablehlo.complex"(%a, %a) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xcomplex<f32>>
  return %a : tensor<2xf32>
}
func.func @e(%a: tensor<2xf32>) -> tensor<2xf32> {
  %0 = "stablehlo.complex"(%a, %a) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xcomplex<f32>>
  %1 = stablehlo.convert %a : (tensor<2xf32>) -> tensor<2xi32>
  %2 = stablehlo.negate %a : (tensor<2xf32>) -> tensor<2xf32>
  %3 = stablehlo.add %a, %a : tensor<2xf32>
  %4 = "stablehlo.add"(%3, %a) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  %5 = chlo.tan %a : tensor<2xf32> -> tensor<2xf32>
  return %a : tensor<2xf32>
}
