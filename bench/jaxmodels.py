"""The models that :mod:`bench.exports` lowers: GPT-2- and ResNet-style, in plain ``jax.numpy``.

Written the way JAX users write them (no framework: parameters are dicts of arrays), with
the shapes of the real models (GPT-2 small: 768 wide, 12 heads, a 50,257-token vocabulary;
ResNet-50: bottleneck blocks 3-4-6-3 on 224x224 images), so the printed IR carries the
types, attributes and op mix real exports carry. Nothing is ever computed: the functions are
only lowered, with :class:`jax.ShapeDtypeStruct` arguments, so a 480-layer model costs no
memory. This module needs ``jax`` (the bench-only environment, ``.venv-bench``); nothing
else in the repository imports it.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import jax
import jax.numpy as jnp
from jax import lax

Params = dict[str, Any]


def _spec(shape: tuple[int, ...], dtype: Any = jnp.float32) -> jax.ShapeDtypeStruct:
    return jax.ShapeDtypeStruct(shape, dtype)


# --- GPT-2 ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class GPT:
    layers: int = 12
    width: int = 768
    heads: int = 12
    vocab: int = 50257
    context: int = 1024
    batch: int = 8
    seq: int = 128

    def params(self) -> Params:
        """The parameters' shapes: per layer two layer norms, the fused QKV and output
        projections and the MLP (4x wide); token and position embeddings; a final layer norm."""
        c = self.width

        def layer() -> Params:
            return {
                "ln1_g": _spec((c,)),
                "ln1_b": _spec((c,)),
                "w_qkv": _spec((c, 3 * c)),
                "b_qkv": _spec((3 * c,)),
                "w_proj": _spec((c, c)),
                "b_proj": _spec((c,)),
                "ln2_g": _spec((c,)),
                "ln2_b": _spec((c,)),
                "w_fc": _spec((c, 4 * c)),
                "b_fc": _spec((4 * c,)),
                "w_out": _spec((4 * c, c)),
                "b_out": _spec((c,)),
            }

        return {
            "wte": _spec((self.vocab, c)),
            "wpe": _spec((self.context, c)),
            "layers": [layer() for _ in range(self.layers)],
            "lnf_g": _spec((c,)),
            "lnf_b": _spec((c,)),
        }

    def stacked_params(self) -> Params:
        """The same parameters with the layers stacked on a leading axis (for ``lax.scan`` over layers)."""
        p = self.params()
        layers = p.pop("layers")
        p["layers"] = {k: _spec((self.layers, *v.shape), v.dtype) for k, v in layers[0].items()}
        return p


def layer_norm(x: jax.Array, g: jax.Array, b: jax.Array, eps: float = 1e-5) -> jax.Array:
    mean = x.mean(-1, keepdims=True)
    var = jnp.square(x - mean).mean(-1, keepdims=True)
    return (x - mean) * lax.rsqrt(var + eps) * g + b


def mlp(x: jax.Array, p: Params) -> jax.Array:
    h = jax.nn.gelu(x @ p["w_fc"] + p["b_fc"], approximate=True)
    out: jax.Array = h @ p["w_out"] + p["b_out"]
    return out


def attention(x: jax.Array, p: Params, heads: int) -> jax.Array:
    """Causal multi-head self-attention over the whole sequence."""
    b, t, c = x.shape
    qkv = x @ p["w_qkv"] + p["b_qkv"]
    q, k, v = jnp.split(qkv, 3, axis=-1)

    def split_heads(a: jax.Array) -> jax.Array:
        return a.reshape(b, t, heads, c // heads).transpose(0, 2, 1, 3)

    q, k, v = split_heads(q), split_heads(k), split_heads(v)
    scores = (q @ k.swapaxes(-1, -2)) / math.sqrt(c // heads)
    causal = jnp.tril(jnp.ones((t, t), dtype=bool))
    scores = jnp.where(causal, scores, jnp.finfo(scores.dtype).min)
    y = jax.nn.softmax(scores, axis=-1) @ v
    out: jax.Array = y.transpose(0, 2, 1, 3).reshape(b, t, c) @ p["w_proj"] + p["b_proj"]
    return out


def block(x: jax.Array, p: Params, heads: int) -> jax.Array:
    x = x + attention(layer_norm(x, p["ln1_g"], p["ln1_b"]), p, heads)
    return x + mlp(layer_norm(x, p["ln2_g"], p["ln2_b"]), p)


def gpt_forward(cfg: GPT) -> Callable[[Params, jax.Array], jax.Array]:
    """Tokens (batch, seq) -> logits (batch, seq, vocab)."""

    def forward(params: Params, tokens: jax.Array) -> jax.Array:
        t = tokens.shape[1]
        x = params["wte"][tokens] + params["wpe"][:t]
        for p in params["layers"]:
            x = block(x, p, cfg.heads)
        x = layer_norm(x, params["lnf_g"], params["lnf_b"])
        logits: jax.Array = x @ params["wte"].T
        return logits

    return forward


def cross_entropy(logits: jax.Array, targets: jax.Array) -> jax.Array:
    logp = jax.nn.log_softmax(logits, axis=-1)
    picked = jnp.take_along_axis(logp, targets[..., None], axis=-1)
    return -picked.mean()


def adam(params: Params, grads: Params, m: Params, v: Params, step: jax.Array) -> tuple[Params, Params, Params]:
    """One Adam step with weight decay, parameter by parameter (as optax's adamw does it)."""
    lr, b1, b2, eps, wd = 3e-4, 0.9, 0.95, 1e-8, 0.1
    m = jax.tree.map(lambda m, g: b1 * m + (1 - b1) * g, m, grads)
    v = jax.tree.map(lambda v, g: b2 * v + (1 - b2) * jnp.square(g), v, grads)
    t = step.astype(jnp.float32) + 1
    m_hat_scale = 1 / (1 - b1**t)
    v_hat_scale = 1 / (1 - b2**t)

    def update(p: jax.Array, m: jax.Array, v: jax.Array) -> jax.Array:
        return p - lr * (m * m_hat_scale / (jnp.sqrt(v * v_hat_scale) + eps) + wd * p)

    return jax.tree.map(update, params, m, v), m, v


def gpt_train_step(cfg: GPT) -> Callable[..., Any]:
    """(params, m, v, step, tokens, targets) -> (params, m, v, loss, grad norm): ``value_and_grad``, clipping, AdamW."""
    forward = gpt_forward(cfg)

    def loss_fn(params: Params, tokens: jax.Array, targets: jax.Array) -> jax.Array:
        return cross_entropy(forward(params, tokens), targets)

    def train_step(
        params: Params, m: Params, v: Params, step: jax.Array, tokens: jax.Array, targets: jax.Array
    ) -> tuple[Any, ...]:
        loss, grads = jax.value_and_grad(loss_fn)(params, tokens, targets)
        norm = jnp.sqrt(sum(jnp.sum(jnp.square(g)) for g in jax.tree.leaves(grads)))
        scale = jnp.minimum(1.0, 1.0 / (norm + 1e-6))
        grads = jax.tree.map(lambda g: g * scale, grads)
        params, m, v = adam(params, grads, m, v, step)
        return params, m, v, loss, norm

    return train_step


def gpt_train_args(cfg: GPT) -> tuple[Any, ...]:
    p = cfg.params()
    tokens = _spec((cfg.batch, cfg.seq), jnp.int32)
    return p, p, p, _spec((), jnp.int32), tokens, tokens


def decode_block(x: jax.Array, p: Params, k_cache: jax.Array, v_cache: jax.Array, pos: jax.Array, heads: int) -> Any:
    """One layer on one new token per sequence, with this layer's key/value cache (batch, heads, context, head)."""
    b, c = x.shape
    d = c // heads
    h = layer_norm(x, p["ln1_g"], p["ln1_b"])
    q, k, v = jnp.split(h @ p["w_qkv"] + p["b_qkv"], 3, axis=-1)
    q, k, v = (a.reshape(b, heads, 1, d) for a in (q, k, v))
    k_cache = lax.dynamic_update_slice(k_cache, k, (0, 0, pos, 0))
    v_cache = lax.dynamic_update_slice(v_cache, v, (0, 0, pos, 0))
    scores = (q @ k_cache.swapaxes(-1, -2)) / math.sqrt(d)
    seen = jnp.arange(k_cache.shape[2]) <= pos
    scores = jnp.where(seen, scores, jnp.finfo(scores.dtype).min)
    y = (jax.nn.softmax(scores, axis=-1) @ v_cache).reshape(b, c)
    x = x + y @ p["w_proj"] + p["b_proj"]
    x = x + mlp(layer_norm(x, p["ln2_g"], p["ln2_b"]), p)
    return x, k_cache, v_cache


def _decode_one(cfg: GPT, params: Params, caches: tuple[jax.Array, jax.Array], token: jax.Array, pos: jax.Array) -> Any:
    """One greedy decoding step over the Python-listed layers: the next token and the updated caches."""
    k_all, v_all = caches
    x = params["wte"][token] + params["wpe"][pos]
    for i, p in enumerate(params["layers"]):
        x, k, v = decode_block(x, p, k_all[i], v_all[i], pos, cfg.heads)
        k_all = k_all.at[i].set(k)
        v_all = v_all.at[i].set(v)
    logits = layer_norm(x, params["lnf_g"], params["lnf_b"]) @ params["wte"].T
    return jnp.argmax(logits, axis=-1).astype(jnp.int32), (k_all, v_all)


def gpt_decode(cfg: GPT, steps: int, scan: bool) -> Callable[..., Any]:
    """Greedy decoding of ``steps`` tokens from a prompt already in the cache: a ``lax.scan`` over the
    steps (one ``stablehlo.while`` whose body is a whole step) or the steps unrolled in Python."""

    def decode(params: Params, k_all: jax.Array, v_all: jax.Array, token: jax.Array, start: jax.Array) -> Any:
        def step(carry: Any, _: Any) -> Any:
            caches, token, pos = carry
            token, caches = _decode_one(cfg, params, caches, token, pos)
            return (caches, token, pos + 1), token

        carry = ((k_all, v_all), token, start)
        if scan:
            carry, tokens = lax.scan(step, carry, None, length=steps)
            return tokens, carry[0]
        out = []
        for _ in range(steps):
            carry, token = step(carry, None)
            out.append(token)
        return jnp.stack(out), carry[0]

    return decode


def gpt_decode_args(cfg: GPT) -> tuple[Any, ...]:
    cache = _spec((cfg.layers, cfg.batch, cfg.heads, cfg.context, cfg.width // cfg.heads))
    return cfg.params(), cache, cache, _spec((cfg.batch,), jnp.int32), _spec((), jnp.int32)


# --- ResNet --------------------------------------------------------------------------------


@dataclass(frozen=True)
class ResNet:
    stages: tuple[int, ...] = (3, 4, 6, 3)  # ResNet-50
    width: int = 64
    classes: int = 1000
    batch: int = 8
    size: int = 224

    def params(self) -> Params:
        """Bottleneck blocks (1x1, 3x3, 1x1 convolutions, batch norm after each, a projection shortcut
        where the shape changes), a 7x7 stem and a dense classifier. Convolution kernels are HWIO."""

        def conv(k: int, cin: int, cout: int) -> Params:
            return {"w": _spec((k, k, cin, cout)), "g": _spec((cout,)), "b": _spec((cout,))}

        blocks = []
        cin = self.width
        for i, n in enumerate(self.stages):
            mid = self.width * 2**i
            for j in range(n):
                stride = 2 if i > 0 and j == 0 else 1
                blk = {"c1": conv(1, cin, mid), "c2": conv(3, mid, mid), "c3": conv(1, mid, 4 * mid), "stride": stride}
                if j == 0:
                    blk["proj"] = conv(1, cin, 4 * mid)
                blocks.append(blk)
                cin = 4 * mid
        return {
            "stem": conv(7, 3, self.width),
            "blocks": blocks,
            "fc_w": _spec((cin, self.classes)),
            "fc_b": _spec((self.classes,)),
        }


def _strip(params: Params) -> tuple[Params, list[int]]:
    """The parameters without the (static) strides, and the strides in block order."""
    strides = [blk["stride"] for blk in params["blocks"]]
    blocks = [{k: v for k, v in blk.items() if k != "stride"} for blk in params["blocks"]]
    return {**params, "blocks": blocks}, strides


def conv_bn(x: jax.Array, p: Params, stride: int, train: bool, relu: bool = True) -> jax.Array:
    """Convolution (NHWC, HWIO, SAME padding), batch norm (batch statistics when training), ReLU."""
    y = lax.conv_general_dilated(x, p["w"], (stride, stride), "SAME", dimension_numbers=("NHWC", "HWIO", "NHWC"))
    if train:
        mean = y.mean((0, 1, 2))
        var = jnp.square(y - mean).mean((0, 1, 2))
        y = (y - mean) * lax.rsqrt(var + 1e-5)
    else:
        y = y * lax.rsqrt(jnp.float32(1.0 + 1e-5))
    y = y * p["g"] + p["b"]
    return jax.nn.relu(y) if relu else y


def resnet_forward(cfg: ResNet, strides: list[int], train: bool) -> Callable[[Params, jax.Array], jax.Array]:
    def forward(params: Params, images: jax.Array) -> jax.Array:
        x = conv_bn(images, params["stem"], 2, train)
        x = lax.reduce_window(x, -jnp.inf, lax.max, (1, 3, 3, 1), (1, 2, 2, 1), "SAME")  # max pool 3x3/2
        for blk, stride in zip(params["blocks"], strides, strict=True):
            y = conv_bn(x, blk["c1"], 1, train)
            y = conv_bn(y, blk["c2"], stride, train)
            y = conv_bn(y, blk["c3"], 1, train, relu=False)
            shortcut = conv_bn(x, blk["proj"], stride, train, relu=False) if "proj" in blk else x
            x = jax.nn.relu(y + shortcut)
        window = x.shape[1]
        pooled = lax.reduce_window(x, 0.0, lax.add, (1, window, window, 1), (1, 1, 1, 1), "VALID") / window**2
        logits: jax.Array = pooled.reshape(x.shape[0], -1) @ params["fc_w"] + params["fc_b"]
        return logits

    return forward


def resnet_inference(cfg: ResNet) -> tuple[Callable[..., Any], tuple[Any, ...]]:
    params, strides = _strip(cfg.params())
    images = _spec((cfg.batch, cfg.size, cfg.size, 3))
    forward = resnet_forward(cfg, strides, train=False)
    return lambda p, x: jax.nn.softmax(forward(p, x), axis=-1), (params, images)


def resnet_train(cfg: ResNet) -> tuple[Callable[..., Any], tuple[Any, ...]]:
    """SGD with momentum on softmax cross-entropy, batch norm on batch statistics."""
    params, strides = _strip(cfg.params())
    forward = resnet_forward(cfg, strides, train=True)

    def loss_fn(p: Params, images: jax.Array, labels: jax.Array) -> jax.Array:
        logits = forward(p, images)
        one_hot = jax.nn.one_hot(labels, cfg.classes)
        return -jnp.mean(jnp.sum(one_hot * jax.nn.log_softmax(logits), axis=-1))

    def train_step(p: Params, momentum: Params, images: jax.Array, labels: jax.Array) -> tuple[Any, ...]:
        loss, grads = jax.value_and_grad(loss_fn)(p, images, labels)
        momentum = jax.tree.map(lambda m, g: 0.9 * m + g, momentum, grads)
        p = jax.tree.map(lambda w, m: w - 0.1 * m, p, momentum)
        return p, momentum, loss

    images = _spec((cfg.batch, cfg.size, cfg.size, 3))
    labels = _spec((cfg.batch,), jnp.int32)
    return train_step, (params, params, images, labels)
