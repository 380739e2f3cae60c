"""JAX models for the coverage trial (:mod:`bench.jaxexports`): other shapes than GPT-2 and ResNet.

Each builder returns ``(function, arguments)``, the arguments being ``jax.ShapeDtypeStruct``s
(weights included), so lowering allocates nothing. The models are small on purpose (a few
thousand op statements each) but use what real models lower to: attention with relative
position buckets (T5), convolutions, transposed convolutions and pooling (UNet), ``lax.top_k``
and ``argsort`` routing (a mixture of experts), ``lax.scan`` (LSTM), ``lax.cond``/``switch``,
``fori_loop``/``while_loop``, ``reduce_window`` (pooling, ``cumsum``), patch embeddings (ViT),
and the gradients of two of them (``select_and_scatter``, ``scatter``, padded convolutions).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import jax
import jax.numpy as jnp
from jax import lax

Params = dict[str, Any]
Built = tuple[Callable[..., Any], tuple[Any, ...]]
Dynamic = tuple[Callable[..., Any], tuple[Any, ...], tuple[tuple[str, Any], ...]]
"""A function, its static arguments, and its symbolic ones: (``symbolic_shape`` string, dtype) each."""


def spec(shape: tuple[Any, ...], dtype: Any = jnp.float32) -> jax.ShapeDtypeStruct:
    """A placeholder argument of ``shape`` and ``dtype``."""
    return jax.ShapeDtypeStruct(shape, dtype)  # type: ignore[no-untyped-call]


def _dense(d_in: int, d_out: int) -> Params:
    return {"w": spec((d_in, d_out)), "b": spec((d_out,))}


def _apply_dense(p: Params, x: Any) -> Any:
    return x @ p["w"] + p["b"]


def _rms_norm(scale: Any, x: Any) -> Any:
    return x * lax.rsqrt(jnp.mean(x * x, axis=-1, keepdims=True) + 1e-6) * scale


def _layer_norm(p: Params, x: Any) -> Any:
    mean = jnp.mean(x, axis=-1, keepdims=True)
    var = jnp.var(x, axis=-1, keepdims=True)
    return (x - mean) * lax.rsqrt(var + 1e-5) * p["g"] + p["b"]


def _attention(p: Params, q_in: Any, kv_in: Any, heads: int, bias: Any = None, mask: Any = None) -> Any:
    *lead, sq, d = q_in.shape
    sk = kv_in.shape[-2]
    hd = d // heads

    def split(x: Any, s: int) -> Any:
        return x.reshape(*lead, s, heads, hd).swapaxes(-2, -3)

    q, k, v = split(q_in @ p["q"], sq), split(kv_in @ p["k"], sk), split(kv_in @ p["v"], sk)
    logits = jnp.einsum("...hqd,...hkd->...hqk", q, k) / jnp.sqrt(jnp.float32(hd))
    if bias is not None:
        logits = logits + bias
    if mask is not None:
        logits = jnp.where(mask, logits, -1e30)
    out = jnp.einsum("...hqk,...hkd->...hqd", jax.nn.softmax(logits, axis=-1), v)
    return out.swapaxes(-2, -3).reshape(*lead, sq, d) @ p["o"]


def _attention_params(d: int) -> Params:
    return {name: spec((d, d)) for name in ("q", "k", "v", "o")}


# --- T5-style encoder-decoder ---------------------------------------------------------------


def _relative_buckets(relative: Any, buckets: int = 32, max_distance: int = 128) -> Any:
    """T5's relative position buckets (bidirectional)."""
    half = buckets // 2
    out = (relative > 0).astype(jnp.int32) * half
    n = jnp.abs(relative)
    exact = half // 2
    large = exact + (
        jnp.log(n.astype(jnp.float32) / exact + 1e-6) / jnp.log(max_distance / exact) * (half - exact)
    ).astype(jnp.int32)
    large = jnp.minimum(large, half - 1)
    return out + jnp.where(n < exact, n, large)


def t5() -> Built:
    """A T5-style encoder-decoder: RMS norm, relative position bias, cross attention, tied logits."""
    vocab, d, heads, layers, enc_len, dec_len, batch = 256, 64, 4, 2, 24, 12, 2
    block = {"attn": _attention_params(d), "n1": spec((d,)), "ff1": spec((d, 4 * d)), "ff2": spec((4 * d, d))}
    params = {
        "embed": spec((vocab, d)),
        "rel_enc": spec((32, heads)),
        "rel_dec": spec((32, heads)),
        "enc": [dict(block, n2=spec((d,))) for _ in range(layers)],
        "dec": [dict(block, n2=spec((d,)), n3=spec((d,)), cross=_attention_params(d)) for _ in range(layers)],
        "norm": spec((d,)),
    }

    def bias(table: Any, q: int, k: int) -> Any:
        relative = jnp.arange(k)[None, :] - jnp.arange(q)[:, None]
        return jnp.take(table, _relative_buckets(relative), axis=0).transpose(2, 0, 1)

    def forward(p: Params, src: Any, tgt: Any) -> Any:
        x = jnp.take(p["embed"], src, axis=0)
        enc_bias = bias(p["rel_enc"], enc_len, enc_len)
        for layer in p["enc"]:
            x = x + _attention(layer["attn"], _rms_norm(layer["n1"], x), _rms_norm(layer["n1"], x), heads, enc_bias)
            x = x + jax.nn.relu(_rms_norm(layer["n2"], x) @ layer["ff1"]) @ layer["ff2"]
        memory = _rms_norm(p["norm"], x)
        y = jnp.take(p["embed"], tgt, axis=0)
        dec_bias = bias(p["rel_dec"], dec_len, dec_len)
        causal = jnp.tril(jnp.ones((dec_len, dec_len), bool))
        for layer in p["dec"]:
            h = _rms_norm(layer["n1"], y)
            y = y + _attention(layer["attn"], h, h, heads, dec_bias, causal)
            y = y + _attention(layer["cross"], _rms_norm(layer["n2"], y), memory, heads)
            y = y + jax.nn.relu(_rms_norm(layer["n3"], y) @ layer["ff1"]) @ layer["ff2"]
        logits = _rms_norm(p["norm"], y) @ p["embed"].T
        return jax.nn.log_softmax(logits, axis=-1)

    return forward, (params, spec((batch, enc_len), jnp.int32), spec((batch, dec_len), jnp.int32))


# --- UNet ------------------------------------------------------------------------------------


def _conv(w: Any, x: Any, stride: int = 1) -> Any:
    return lax.conv_general_dilated(x, w, (stride, stride), "SAME", dimension_numbers=("NHWC", "HWIO", "NHWC"))


def _group_norm(p: Params, x: Any, groups: int = 4) -> Any:
    n, h, w, c = x.shape
    g = x.reshape(n, h, w, groups, c // groups)
    mean = g.mean(axis=(1, 2, 4), keepdims=True)
    var = g.var(axis=(1, 2, 4), keepdims=True)
    return ((g - mean) * lax.rsqrt(var + 1e-5)).reshape(n, h, w, c) * p["g"] + p["b"]


def _max_pool(x: Any) -> Any:
    return lax.reduce_window(x, -jnp.inf, lax.max, (1, 2, 2, 1), (1, 2, 2, 1), "VALID")


def _unet_params(channels: tuple[int, ...] = (16, 32, 64)) -> Params:
    down, c_in = [], 3
    for c in channels:
        down.append({"c1": spec((3, 3, c_in, c)), "c2": spec((3, 3, c, c)), "n": {"g": spec((c,)), "b": spec((c,))}})
        c_in = c
    up = []
    for c in reversed(channels[:-1]):
        up.append({"t": spec((2, 2, c_in, c)), "c1": spec((3, 3, 2 * c, c)), "c2": spec((3, 3, c, c))})
        c_in = c
    return {"down": down, "up": up, "head": spec((1, 1, c_in, 2))}


def _unet_apply(p: Params, x: Any) -> Any:
    skips = []
    for i, level in enumerate(p["down"]):
        if i:
            x = _max_pool(x)
        x = jax.nn.silu(_group_norm(level["n"], _conv(level["c1"], x)))
        x = jax.nn.silu(_conv(level["c2"], x))
        skips.append(x)
    for level, skip in zip(p["up"], reversed(skips[:-1]), strict=True):
        x = lax.conv_transpose(x, level["t"], (2, 2), "SAME", dimension_numbers=("NHWC", "HWIO", "NHWC"))
        x = jnp.concatenate([x, skip], axis=-1)
        x = jax.nn.relu(_conv(level["c2"], jax.nn.relu(_conv(level["c1"], x))))
    return _conv(p["head"], x)


def unet() -> Built:
    """A three-level UNet: convolutions, group norm, max pooling, transposed convolutions, skips."""
    return _unet_apply, (_unet_params(), spec((2, 32, 32, 3)))


def unet_train() -> Built:
    """The UNet's SGD step on a cross-entropy loss (max pooling's gradient is a ``select_and_scatter``)."""

    def step(p: Params, x: Any, labels: Any) -> Any:
        def loss(q: Params) -> Any:
            logits = _unet_apply(q, x)
            return -jnp.mean(jnp.take_along_axis(jax.nn.log_softmax(logits), labels[..., None], axis=-1))

        value, grads = jax.value_and_grad(loss)(p)
        return value, jax.tree_util.tree_map(lambda w, g: w - 0.01 * g, p, grads)

    return step, (_unet_params(), spec((2, 32, 32, 3)), spec((2, 32, 32), jnp.int32))


# --- Mixture of experts with top-k routing -----------------------------------------------------


def moe() -> Built:
    """A transformer block whose feed-forward is a mixture of 8 experts, top-2 routing (``lax.top_k``),
    capacity by ``argsort`` (a ``sort``), dispatch by one-hot einsums and a scatter-add of the load."""
    tokens, d, experts, k, hidden = 64, 32, 8, 2, 64
    params = {
        "attn": _attention_params(d),
        "ln": {"g": spec((d,)), "b": spec((d,))},
        "gate": spec((d, experts)),
        "w1": spec((experts, d, hidden)),
        "w2": spec((experts, hidden, d)),
    }

    def forward(p: Params, x: Any) -> tuple[Any, Any]:
        x = x + _attention(p["attn"], x, x, 4)
        h = _layer_norm(p["ln"], x)
        probs = jax.nn.softmax(h @ p["gate"], axis=-1)
        weights, chosen = lax.top_k(probs, k)
        weights = weights / weights.sum(axis=-1, keepdims=True)
        order = jnp.argsort(-probs.max(axis=-1))
        rank = jnp.zeros((tokens,), jnp.int32).at[order].set(jnp.arange(tokens, dtype=jnp.int32))
        keep = (rank < tokens * 3 // 4)[:, None]
        dispatch = jax.nn.one_hot(chosen, experts) * (weights * keep)[..., None]
        combine = dispatch.sum(axis=1)
        expert_in = jnp.einsum("te,td->etd", combine, h)
        expert_out = jnp.einsum("eth,ehd->etd", jax.nn.gelu(jnp.einsum("etd,edh->eth", expert_in, p["w1"])), p["w2"])
        load = jnp.zeros((experts,), jnp.float32).at[chosen.reshape(-1)].add(1.0)
        return x + expert_out.sum(axis=0), load / (tokens * k)

    return forward, (params, spec((tokens, d)))


# --- LSTM through lax.scan ---------------------------------------------------------------------


def _lstm_params(d_in: int, hidden: int) -> Params:
    return {"wi": spec((d_in, 4 * hidden)), "wh": spec((hidden, 4 * hidden)), "b": spec((4 * hidden,))}


def _lstm_apply(p: Params, xs: Any, hidden: int) -> Any:
    batch = xs.shape[1]

    def cell(carry: tuple[Any, Any], x: Any) -> tuple[tuple[Any, Any], Any]:
        h, c = carry
        gates = x @ p["wi"] + h @ p["wh"] + p["b"]
        i, f, g, o = jnp.split(gates, 4, axis=-1)
        c = jax.nn.sigmoid(f) * c + jax.nn.sigmoid(i) * jnp.tanh(g)
        h = jax.nn.sigmoid(o) * jnp.tanh(c)
        return (h, c), h

    zeros = jnp.zeros((batch, hidden), xs.dtype)
    (h, c), hs = lax.scan(cell, (zeros, zeros), xs)
    return hs, h, c


def lstm() -> Built:
    """A two-layer LSTM over 16 steps, each layer a ``lax.scan`` (a ``stablehlo.while``), then a head."""
    steps, batch, d_in, hidden = 16, 4, 8, 32
    params = {"l1": _lstm_params(d_in, hidden), "l2": _lstm_params(hidden, hidden), "head": _dense(hidden, 5)}

    def forward(p: Params, xs: Any) -> Any:
        hs, _, _ = _lstm_apply(p["l1"], xs, hidden)
        _, h, c = _lstm_apply(p["l2"], hs, hidden)
        return jax.nn.log_softmax(_apply_dense(p["head"], h)), c

    return forward, (params, spec((steps, batch, d_in)))


# --- lax.cond / lax.switch ---------------------------------------------------------------------


def control() -> Built:
    """``lax.cond`` and a three-way ``lax.switch`` (``stablehlo.case``) on tensors of several shapes,
    one branch holding a ``lax.cond`` of its own."""

    def forward(mode: Any, x: Any, w: Any, flag: Any) -> tuple[Any, Any]:
        def relu_branch(x: Any) -> tuple[Any, Any]:
            return jax.nn.relu(x @ w), jnp.sum(x, axis=0)

        def norm_branch(x: Any) -> tuple[Any, Any]:
            y = x / (jnp.linalg.norm(x, axis=-1, keepdims=True) + 1e-6)
            return y @ w, jnp.max(x, axis=0)

        def nested_branch(x: Any) -> tuple[Any, Any]:
            y = lax.cond(flag, lambda v: jnp.tanh(v), lambda v: v * 2.0, x @ w)
            return y, jnp.min(x, axis=0)

        y, s = lax.switch(mode, (relu_branch, norm_branch, nested_branch), x)
        z = lax.cond(jnp.sum(y) > 0, lambda a: a.astype(jnp.float16), lambda a: (-a).astype(jnp.float16), y)
        return z, s.astype(jnp.int32)

    return forward, (spec((), jnp.int32), spec((8, 16)), spec((16, 24)), spec((), jnp.bool_))


# --- fori_loop / while_loop --------------------------------------------------------------------


def loops() -> Built:
    """``fori_loop`` (power iteration, a Jacobi solve) and a ``while_loop`` with a data-dependent
    exit (Newton's square root), each a ``stablehlo.while`` with tuples of mixed types."""

    def forward(a: Any, b: Any, v: Any) -> tuple[Any, ...]:
        def power(i: Any, state: tuple[Any, Any]) -> tuple[Any, Any]:
            vec, _ = state
            w = a @ vec
            return w / jnp.linalg.norm(w), jnp.vdot(vec, w)

        vec, eig = lax.fori_loop(0, 20, power, (v, jnp.float32(0)))
        diag = jnp.diagonal(a)

        def jacobi(i: Any, x: Any) -> Any:
            return (b - (a @ x - diag * x)) / diag

        x = lax.fori_loop(0, 10, jacobi, jnp.zeros_like(b))

        def cond(state: tuple[Any, Any, Any]) -> Any:
            _, err, n = state
            return jnp.logical_and(err > 1e-4, n < 50)

        def body(state: tuple[Any, Any, Any]) -> tuple[Any, Any, Any]:
            r, _, n = state
            new = 0.5 * (r + jnp.abs(b) / r)
            return new, jnp.max(jnp.abs(new - r)), n + 1

        root, _, count = lax.while_loop(cond, body, (jnp.ones_like(b), jnp.float32(1), jnp.int32(0)))
        return vec, eig, x, (root, count)

    n = 32
    return forward, (spec((n, n)), spec((n,)), spec((n,)))


# --- reduce_window: pooling and cumulative ops ---------------------------------------------------


def pooling() -> Built:
    """Max, average and strided/dilated/padded ``reduce_window`` poolings, ``cumsum``, ``cummax`` and
    ``cumprod`` (each a ``reduce_window``) in a small CNN."""

    def forward(w1: Any, w2: Any, x: Any) -> tuple[Any, ...]:
        x = jax.nn.relu(_conv(w1, x))
        mx = lax.reduce_window(x, -jnp.inf, lax.max, (1, 3, 3, 1), (1, 2, 2, 1), ((0, 0), (1, 1), (1, 1), (0, 0)))
        avg = lax.reduce_window(mx, 0.0, lax.add, (1, 2, 2, 1), (1, 2, 2, 1), "VALID") / 4.0
        dil = lax.reduce_window(
            avg, -jnp.inf, lax.max, (1, 2, 2, 1), (1, 1, 1, 1), "SAME", window_dilation=(1, 2, 2, 1)
        )
        y = jax.nn.relu(_conv(w2, dil))
        pooled = jnp.mean(y, axis=(1, 2))
        counts = lax.reduce_window((x > 0).astype(jnp.int32), 0, lax.add, (1, 4, 4, 1), (1, 4, 4, 1), "VALID")
        return jnp.cumsum(pooled, axis=-1), lax.cummax(y, axis=1), (jnp.cumprod(pooled, axis=0), counts)

    return forward, (spec((3, 3, 3, 16)), spec((3, 3, 16, 32)), spec((2, 32, 32, 3)))


# --- ViT -----------------------------------------------------------------------------------------


def _vit_params(d: int, layers: int, patch: int, classes: int) -> Params:
    return {
        "patch": spec((patch, patch, 3, d)),
        "cls": spec((1, 1, d)),
        "pos": spec((1, (32 // patch) ** 2 + 1, d)),
        "blocks": [
            {
                "ln1": {"g": spec((d,)), "b": spec((d,))},
                "attn": _attention_params(d),
                "ln2": {"g": spec((d,)), "b": spec((d,))},
                "mlp1": _dense(d, 2 * d),
                "mlp2": _dense(2 * d, d),
            }
            for _ in range(layers)
        ],
        "ln": {"g": spec((d,)), "b": spec((d,))},
        "head": _dense(d, classes),
    }


def _vit_apply(p: Params, images: Any, patch: int, heads: int) -> Any:
    x = _conv(p["patch"], images, patch)
    n, h, w, d = x.shape
    x = x.reshape(n, h * w, d)
    x = jnp.concatenate([jnp.broadcast_to(p["cls"], (n, 1, d)), x], axis=1) + p["pos"]
    for block in p["blocks"]:
        h1 = _layer_norm(block["ln1"], x)
        x = x + _attention(block["attn"], h1, h1, heads)
        x = x + _apply_dense(block["mlp2"], jax.nn.gelu(_apply_dense(block["mlp1"], _layer_norm(block["ln2"], x))))
    return _apply_dense(p["head"], _layer_norm(p["ln"], x[:, 0]))


def vit() -> Built:
    """A ViT: a strided patch convolution, a class token, learned positions, four pre-norm blocks."""
    params = _vit_params(64, 4, 8, 10)
    return (lambda p, x: _vit_apply(p, x, 8, 4)), (params, spec((2, 32, 32, 3)))


# --- dynamic shapes (jax.export with symbolic dimensions) ----------------------------------------


def mlp_dynamic() -> Dynamic:
    """An MLP with layer norm and a softmax over a batch of symbolic size ``b``, and a ``jnp.arange(b)``
    (``dynamic_iota``) position term;"""
    params = {"l1": _dense(32, 64), "ln": {"g": spec((64,)), "b": spec((64,))}, "l2": _dense(64, 10)}

    def forward(p: Params, x: Any) -> Any:
        h = _layer_norm(p["ln"], jax.nn.gelu(_apply_dense(p["l1"], x)))
        h = h + jnp.arange(x.shape[0], dtype=jnp.float32)[:, None] * 1e-3
        out = jax.nn.softmax(_apply_dense(p["l2"], h))
        return out.reshape(-1, 2, 5), out.reshape(x.shape[0] * 10)

    return forward, (params,), (("b, 32", jnp.float32),)


def transformer_dynamic() -> Dynamic:
    """A decoder block over token ids of symbolic batch ``b`` and length ``s``: embedding gather,
    positions from ``arange(s)``, a causal mask of ``s x s``, reshapes into heads (``dynamic_reshape``)."""
    vocab, d, heads = 128, 32, 4
    params = {
        "embed": spec((vocab, d)),
        "pos": spec((64, d)),
        "attn": _attention_params(d),
        "ln": {"g": spec((d,)), "b": spec((d,))},
        "mlp": _dense(d, vocab),
    }

    def forward(p: Params, ids: Any, mask: Any) -> Any:
        s = ids.shape[1]
        x = jnp.take(p["embed"], ids, axis=0) + jnp.take(p["pos"], jnp.arange(s), axis=0)
        causal = jnp.tril(jnp.ones((s, s), bool)) & mask[:, None, None, :]
        x = x + _attention(p["attn"], x, x, heads, mask=causal)
        return jax.nn.log_softmax(_apply_dense(p["mlp"], _layer_norm(p["ln"], x)))

    return forward, (params,), (("b, s", jnp.int32), ("b, s", jnp.bool_))


def lstm_dynamic() -> Dynamic:
    """The LSTM layer of :func:`lstm` with a symbolic batch ``b`` (a ``while`` over dynamic shapes)."""
    hidden = 16
    params = {"l1": _lstm_params(8, hidden), "head": _dense(hidden, 3)}

    def forward(p: Params, xs: Any) -> Any:
        hs, h, _ = _lstm_apply(p["l1"], xs, hidden)
        return _apply_dense(p["head"], h), hs.max(axis=0)

    return forward, (params,), (("10, b, 8", jnp.float32),)


def vit_dynamic() -> Dynamic:
    """The ViT of :func:`vit` (two blocks) over a symbolic batch ``b`` of images."""
    params = _vit_params(32, 2, 8, 10)
    return (lambda p, x: _vit_apply(p, x, 8, 4)), (params,), (("b, 32, 32, 3", jnp.float32),)
