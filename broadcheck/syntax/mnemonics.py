"""Stage *read a statement*: the names of a dialect's types and attributes, as the dialects
``iree-opt`` registers parse them (``!quant.uniform<...>``, ``#stablehlo.gather<...>``,
``#stablehlo<precision DEFAULT>``).

A dialect's type or attribute starts with its mnemonic, which the dialect's own parser looks up:
one it does not define is its error, in its own words (:data:`_DIALECTS`, each list and message
iree-opt 3.13's: ``tests/fixtures/typos2_mnemonics.mlir``), at the mnemonic. The lists hold the
mnemonics broadcheck has seen printed and iree-opt read; a dialect may define more, so a mnemonic
is held to be mistyped only where it is a letter or two off one listed (``unifom``, ``gathr``,
``shpe``; :func:`difflib.get_close_matches` at 0.7): an unlisted one of another name is let be.
"""

from __future__ import annotations

_DIALECTS: dict[tuple[str, str], tuple[frozenset[str], str]] = {
    ("!", "quant"): (frozenset({"any", "calibrated", "quantile", "uniform"}), "unknown quantized type {name}"),
    ("!", "stablehlo"): (frozenset({"future", "token"}), "unknown stablehlo type: {name}"),
    ("!", "tosa"): (frozenset({"mxint8", "shape"}), "unknown  type `{name}` in dialect `tosa`"),
    ("!", "chlo"): (frozenset(), "dialect 'chlo' provides no type parsing hook"),
    ("#", "stablehlo"): (
        frozenset(
            "bounds channel_handle comparison_direction comparison_type conv dot dot_algorithm fft_type gather "
            "output_operand_alias precision result_accuracy result_accuracy_mode rng_algorithm rng_distribution "
            "scatter transpose type_extensions".split()
        ),
        "unknown StableHLO attribute",
    ),
    ("#", "chlo"): (
        frozenset({"comparison_direction", "comparison_type", "precision", "ragged_dot"}),
        "unknown chlo attribute",
    ),
    ("#", "tosa"): (
        frozenset(
            "block_size conv_quant matmul_quant nan_mode pad_quant resize_mode rounding_mode unary_quant".split()
        ),
        "unknown attribute `{name}` in dialect `tosa`",
    ),
    ("#", "linalg"): (
        frozenset("binary_fn elementwise_kind iterator_type ternary_fn type_fn unary_fn".split()),
        "unknown attribute `{name}` in dialect `linalg`",
    ),
    ("#", "arith"): (frozenset({"fastmath", "overflow"}), "unknown attribute `{name}` in dialect `arith`"),
}
"""Per dialect's types (``!``) or attributes (``#``): the mnemonics it defines (none: the dialect
parses no type), and what its parser says of another (``{name}``: the mnemonic)."""
_NAMES = ("quant", "stablehlo", "tosa", "chlo", "linalg", "arith")
"""The dialects of :data:`_DIALECTS` (read with string methods, not a regular expression: a clean
run compiles none for the common ``#stablehlo<precision DEFAULT>``)."""


def mnemonic_problem(text: str) -> tuple[str, int] | None:
    """What the dialect's parser says first of a type or attribute of :data:`_DIALECTS` in
    ``text`` whose mnemonic is a slip of one it defines, and the offset of the mnemonic; ``None``
    if there is none."""
    bang, hash_ = text.find("!"), text.find("#")  # (from mark to mark: a long signature is a few steps)
    while bang >= 0 or hash_ >= 0:
        at = bang if hash_ < 0 or 0 <= bang < hash_ else hash_
        if (said := mnemonic_at(text, at)) is not None:
            return said
        if at == bang:
            bang = text.find("!", at + 1)
        else:
            hash_ = text.find("#", at + 1)
    return None


def mnemonic_at(text: str, at: int) -> tuple[str, int] | None:
    """:func:`mnemonic_problem` of the type or attribute that starts at offset ``at`` of ``text``
    (its ``!`` or ``#``, the dialect's name, a ``.`` or ``<``, the mnemonic)."""
    kind = text[at : at + 1]
    dialect = next((d for d in _NAMES if text.startswith(d, at + 1)), None)
    if dialect is None or (entry := _DIALECTS.get((kind, dialect))) is None:
        return None
    start = at + 1 + len(dialect)
    if text[start : start + 1] not in (".", "<"):
        return None
    start += 1
    while text[start : start + 1] in (" ", "\t"):
        start += 1
    end = start
    while end < len(text) and (text[end].isalnum() or text[end] in "_$"):
        end += 1
    name = text[start:end]
    known, message = entry
    if not name or name[0].isdigit() or name in known or (known and not _slip(name, known)):
        return None  # (CHLO defines no type: any is wrong)
    return message.format(name=name), start


def _slip(name: str, known: frozenset[str]) -> bool:
    """Whether ``name`` is a letter or two off one of ``known``."""
    from difflib import get_close_matches

    return bool(get_close_matches(name, known, n=1, cutoff=0.7))


__all__ = ["mnemonic_at", "mnemonic_problem"]
