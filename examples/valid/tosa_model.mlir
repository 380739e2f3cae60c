// A fragment of a TOSA model: a residual block with a gated activation.
// Every elementwise op broadcasts operands of equal rank, as TOSA requires.

!act = tensor<1x56x56x64xf32>

module attributes {tosa.description = "resnet-fragment"} {
  func.func @residual(%x: !act, %skip: !act, %scale: tensor<1x1x1x64xf32>, %bias: tensor<1x1x1x64xf32>) -> !act {
    %shift = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
    %scaled = tosa.mul %x, %scale, %shift : (!act, tensor<1x1x1x64xf32>, tensor<1xi8>) -> !act
    %biased = tosa.add %scaled, %bias : (!act, tensor<1x1x1x64xf32>) -> !act
    %sum = tosa.add %biased, %skip : (!act, !act) -> !act
    %zero = "tosa.const"() <{values = dense<0.0> : tensor<1x1x1x1xf32>}> : () -> tensor<1x1x1x1xf32>
    %relu = tosa.maximum %sum, %zero : (!act, tensor<1x1x1x1xf32>) -> !act
    %gate = tosa.sigmoid %relu : (!act) -> !act
    %mask = tosa.greater %gate, %zero : (!act, tensor<1x1x1x1xf32>) -> tensor<1x56x56x64xi1>
    %out = tosa.select %mask, %relu, %skip : (tensor<1x56x56x64xi1>, !act, !act) -> !act
    return %out : !act
  }

  func.func @dynamic_batch(%a: tensor<?x128xf32>, %b: tensor<1x128xf32>) -> tensor<?x128xf32> {
    %0 = tosa.sub %a, %b : (tensor<?x128xf32>, tensor<1x128xf32>) -> tensor<?x128xf32>
    %1 = tosa.pow %0, %b : (tensor<?x128xf32>, tensor<1x128xf32>) -> tensor<?x128xf32>
    return %1 : tensor<?x128xf32>
  }
}
