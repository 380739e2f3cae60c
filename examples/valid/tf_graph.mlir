// A fragment of a TensorFlow graph, as tf-mlir-translate prints it: generic ops,
// NumPy-style broadcasting across ranks, and locations.

module attributes {tf.versions = {bad_consumers = [], min_consumer = 12 : i32, producer = 1087 : i32}} {
  func.func @main(%features: tensor<?x784xf32>, %bias: tensor<784xf32>, %mask: tensor<?x1xi1>) -> tensor<?x784xf32> attributes {tf.entry_function = {inputs = "features,bias,mask", outputs = "out"}} {
    %0:2 = tf_executor.graph {
      %biased, %c0 = tf_executor.island wraps "tf.AddV2"(%features, %bias) {device = ""} : (tensor<?x784xf32>, tensor<784xf32>) -> tensor<?x784xf32> loc("dense/BiasAdd")
      %angle, %c1 = tf_executor.island wraps "tf.Atan2"(%biased, %bias) {device = ""} : (tensor<?x784xf32>, tensor<784xf32>) -> tensor<?x784xf32> loc("angle")
      %picked, %c2 = tf_executor.island wraps "tf.SelectV2"(%mask, %angle, %biased) {device = ""} : (tensor<?x1xi1>, tensor<?x784xf32>, tensor<?x784xf32>) -> tensor<?x784xf32> loc("select")
      tf_executor.fetch %picked, %c2 : tensor<?x784xf32>, !tf_executor.control
    }
    %lite = "tfl.add"(%features, %bias) {fused_activation_function = "RELU6"} : (tensor<?x784xf32>, tensor<784xf32>) -> tensor<?x784xf32>
    %prelu = "tfl.prelu"(%lite, %bias) : (tensor<?x784xf32>, tensor<784xf32>) -> tensor<?x784xf32>
    %scalar = "tf.Const"() {value = dense<1.0> : tensor<f32>} : () -> tensor<f32>
    %shifted = "tf.Add"(%prelu, %scalar) : (tensor<?x784xf32>, tensor<f32>) -> tensor<?x784xf32>
    return %0#0 : tensor<?x784xf32>
  }
}
