// RUN: broadcheck check --profile llvm --split-input-file --verify-diagnostics %s
//
// Pending (see README.md here): every annotation is iree-opt 3.13's own output, and
// iree-opt --split-input-file --verify-diagnostics passes the file
// (tests/oracle/test_valueflow_campaign.py holds it to that).
//
// Branches and blocks: what MLIR's parser and the branch verifier check about the
// values a branch passes to its successor's block arguments.

// Valid: blocks after the entry block in any order (a branch may name a block defined
// further down), block arguments of static and dynamic types, cf.cond_br to two blocks
// with different argument lists or twice to the same block, and a loop back-edge.
func.func @valid(%c: i1, %a: tensor<4x3xf32>, %d: tensor<?x3xf32>, %f: f32) -> tensor<?x3xf32> {
  %0 = tensor.cast %a : tensor<4x3xf32> to tensor<?x3xf32>
  cf.cond_br %c, ^bb2(%0, %f : tensor<?x3xf32>, f32), ^bb1(%a : tensor<4x3xf32>)
^bb1(%x: tensor<4x3xf32>):
  %1 = tensor.cast %x : tensor<4x3xf32> to tensor<?x3xf32>
  cf.cond_br %c, ^bb2(%1, %f : tensor<?x3xf32>, f32), ^bb2(%d, %f : tensor<?x3xf32>, f32)
^bb2(%y: tensor<?x3xf32>, %s: f32):
  %2 = arith.addf %s, %f : f32
  %3 = arith.cmpf olt, %2, %f : f32
  cf.cond_br %3, ^bb2(%y, %2 : tensor<?x3xf32>, f32), ^bb3
^bb3:
  return %y : tensor<?x3xf32>
}

// -----

// Valid: a value defined in a block written further down is usable where that block
// dominates (the order of the text does not matter, dominance does).
func.func @text_order(%f: f32) -> f32 {
  cf.br ^first
^second:
  %1 = arith.addf %0, %0 : f32
  return %1 : f32
^first:
  %0 = arith.addf %f, %f : f32
  cf.br ^second
}

// -----

// The type written for a branch operand is the operand's own type: it must be the
// value's type (a parse error, at the operand).
// expected-note @+1 {{prior use here}}
func.func @operand_type(%a: tensor<4x3xf32>) -> tensor<?x3xf32> {
  // expected-error @+1 {{use of value '%a' expects different type than prior uses: 'tensor<?x3xf32>' vs 'tensor<4x3xf32>'}}
  cf.br ^bb1(%a : tensor<?x3xf32>)
^bb1(%x: tensor<?x3xf32>):
  return %x : tensor<?x3xf32>
}

// -----

// A value of another type than the successor's block argument (static against dynamic
// dims too): the branch verifier, at the branch op, without the op's name.
func.func @bb_argument_type(%a: tensor<4x3xf32>) -> tensor<?x3xf32> {
  // expected-error @+1 {{type mismatch for bb argument #0 of successor #0}}
  cf.br ^bb1(%a : tensor<4x3xf32>)
^bb1(%x: tensor<?x3xf32>):
  return %x : tensor<?x3xf32>
}

// -----

func.func @bb_argument_type_second_successor(%c: i1, %a: f32, %b: f64) -> f32 {
  // expected-error @+1 {{type mismatch for bb argument #1 of successor #1}}
  cf.cond_br %c, ^bb1(%a : f32), ^bb2(%a, %b : f32, f64)
^bb1(%x: f32):
  return %x : f32
^bb2(%y: f32, %z: f32):
  return %y : f32
}

// -----

func.func @too_many_operands(%a: tensor<4x3xf32>) -> tensor<4x3xf32> {
  // expected-error @+1 {{branch has 2 operands for successor #0, but target block has 1}}
  cf.br ^bb1(%a, %a : tensor<4x3xf32>, tensor<4x3xf32>)
^bb1(%x: tensor<4x3xf32>):
  return %x : tensor<4x3xf32>
}

// -----

func.func @no_operands(%a: tensor<4x3xf32>) -> tensor<4x3xf32> {
  // expected-error @+1 {{branch has 0 operands for successor #0, but target block has 1}}
  cf.br ^bb1
^bb1(%x: tensor<4x3xf32>):
  return %x : tensor<4x3xf32>
}

// -----

func.func @cond_br_count(%c: i1, %a: f32) -> f32 {
  // expected-error @+1 {{branch has 0 operands for successor #1, but target block has 1}}
  cf.cond_br %c, ^bb1(%a : f32), ^bb1
^bb1(%x: f32):
  return %x : f32
}

// -----

// The condition of cf.cond_br is an i1, though no type is written for it.
// expected-note @+1 {{prior use here}}
func.func @condition_type(%c: i32, %a: f32) -> f32 {
  // expected-error @+1 {{use of value '%c' expects different type than prior uses: 'i1' vs 'i32'}}
  cf.cond_br %c, ^bb1(%a : f32), ^bb1(%a : f32)
^bb1(%x: f32):
  return %x : f32
}

// -----

func.func @undefined_block(%c: i1, %a: f32) -> f32 {
  // expected-error @+1 {{reference to an undefined block}}
  cf.cond_br %c, ^bb1(%a : f32), ^bb9
^bb1(%x: f32):
  return %x : f32
}

// -----

func.func @block_redefinition(%a: f32) -> f32 {
  cf.br ^bb1(%a : f32)
^bb1(%x: f32):
  return %x : f32
// expected-error @+1 {{redefinition of block '^bb1'}}
^bb1(%y: f32):
  return %y : f32
}

// -----

// A block argument named like a function argument, and two arguments of one block.
// expected-note @+1 {{previously defined here}}
func.func @block_argument_redefines(%a: f32) -> f32 {
  cf.br ^bb1(%a : f32)
// expected-error @+1 {{redefinition of SSA value '%a'}}
^bb1(%a: f32):
  return %a : f32
}

// -----

func.func @block_arguments_twice(%a: f32) -> f32 {
  cf.br ^bb1(%a, %a : f32, f32)
// expected-error @+2 {{redefinition of SSA value '%x'}}
// expected-note @+1 {{previously defined here}}
^bb1(%x: f32, %x: f32):
  return %x : f32
}

// -----

// A block argument's type is its definition: a use must agree with it.
func.func @block_argument_use(%a: f32) -> f32 {
  cf.br ^bb1(%a : f32)
// expected-note @+1 {{prior use here}}
^bb1(%x: f32):
  // expected-error @+1 {{use of value '%x' expects different type than prior uses: 'f64' vs 'f32'}}
  %0 = arith.addf %x, %x : f64
  return %a : f32
}

// -----

// A value of a block that does not dominate the use (the parser accepts it; the
// verifier does not).
func.func @not_dominating(%c: i1, %a: f32) -> f32 {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  // expected-note @+1 {{operand defined here (op in the same region)}}
  %0 = arith.addf %a, %a : f32
  cf.br ^bb3
^bb2:
  // expected-error @+1 {{operand #0 does not dominate this use}}
  %1 = arith.addf %0, %a : f32
  cf.br ^bb3
^bb3:
  return %a : f32
}

// -----

// The note of a block argument that does not dominate is at the op that holds the
// region (here the function).
// expected-note @+1 {{operand defined as a block argument (block #1 in the same region)}}
func.func @block_argument_not_dominating(%c: i1, %a: f32) -> f32 {
  cf.cond_br %c, ^bb1(%a : f32), ^bb2
^bb1(%x: f32):
  cf.br ^bb3
^bb2:
  // expected-error @+1 {{operand #0 does not dominate this use}}
  %1 = arith.addf %x, %a : f32
  cf.br ^bb3
^bb3:
  return %a : f32
}
