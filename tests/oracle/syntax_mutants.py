"""One-edit mutants of the valid chunks of broadcheck's own fixtures, for ``test_syntax_mutants``.

A chunk is a piece of a fixture between ``// -----`` markers that holds no ``expected-``
annotation (so the fixture says it verifies). A mutant (:class:`export_mutants.Mutant`, its family the kind of edit) is the chunk with ONE edit at
one token:

* ``del_char``: one character of a token deleted;
* ``del_tok``: a token deleted;
* ``dup_tok``: a token written twice;
* ``ins_junk``: a token MLIR reads but no grammar wants there (a number, a sigil, a
  punctuation mark, a keyword) inserted before a token;
* ``swap_tok``: a token swapped with the next one;
* ``repl_tok``: a token replaced with a punctuation mark or a sigil;
* ``copy_tok``: a token replaced with another token of the same chunk;
* ``break_line``: a line break put before a token, or inside it;
* ``join_lines``: a line joined with the next (its line break a space).

Tokens are MLIR's coarsely: a string, a name with its sigil (``%arg0``, ``@f``, ``^bb0``,
``#map``, ``!quant.uniform``), a word, a number, one punctuation character; comments are
left alone. Mutants are drawn by a seeded generator, so the same seed gives the same mutants.
"""

from __future__ import annotations

import dataclasses
import random
import re
from collections.abc import Iterator
from pathlib import Path

from .export_mutants import Mutant

KINDS = ("del_char", "del_tok", "dup_tok", "ins_junk", "swap_tok", "repl_tok", "copy_tok", "break_line", "join_lines")
MARKER = "// -----"

_TOKEN = re.compile(r'"(?:[^"\\\n]|\\.)*"|//[^\n]*|[%@^#!]?[\w$.\-]+|->|\S')
_JUNK = ("0", "9", "%", "^", "#", "!", ":", ",", "=", "(", ")", "{", "}", "[", "]", "<", ">", "->", "@x", "x", "return")


def chunks(folder: Path) -> Iterator[tuple[str, str]]:
    """The chunks of the fixtures in ``folder`` that hold no ``expected-`` annotation: (name, text)."""
    for path in sorted(folder.glob("*.mlir")):
        text = path.read_text(encoding="utf-8")
        for number, chunk in enumerate(text.split(f"\n{MARKER}\n")):
            if "expected-" in chunk or "broadcheck:" in chunk or not chunk.strip():
                continue
            body = "\n".join(line for line in chunk.split("\n") if not line.lstrip().startswith("//"))
            if body.strip():
                yield f"{path.name}#{number}", body + "\n"


def _tokens(text: str) -> list[re.Match[str]]:
    return [m for m in _TOKEN.finditer(text) if not m.group().startswith("//")]


def mutant(name: str, text: str, kind: str, rng: random.Random) -> Mutant | None:
    """One mutant of ``text`` of the given kind (``None`` if the draw changes nothing)."""
    tokens = _tokens(text)
    if len(tokens) < 2:
        return None
    i = rng.randrange(len(tokens) - 1)
    m = tokens[i]
    start, end, token = m.start(), m.end(), m.group()
    if kind == "del_char":
        if len(token) < 2:
            return None
        k = rng.randrange(len(token))
        edit, before, after = (start, end), token, token[:k] + token[k + 1 :]
    elif kind == "del_tok":
        edit, before, after = (start, end), token, ""
    elif kind == "dup_tok":
        edit, before, after = (start, end), token, f"{token} {token}"
    elif kind == "ins_junk":
        junk = rng.choice(_JUNK)
        edit, before, after = (start, start), "", junk + " "
    elif kind == "swap_tok":
        n = tokens[i + 1]
        if "\n" in text[end : n.start()]:
            return None
        edit, before, after = (start, n.end()), text[start : n.end()], n.group() + text[end : n.start()] + token
    elif kind == "repl_tok":
        edit, before, after = (start, end), token, rng.choice(_JUNK)
    elif kind == "copy_tok":
        edit, before, after = (start, end), token, rng.choice(tokens).group()
    elif kind == "break_line":
        k = rng.randrange(len(token)) if rng.random() < 0.5 else 0
        edit, before, after = (start, end), token, token[:k] + "\n" + token[k:]
    else:  # join_lines
        newline = text.find("\n", start)
        if newline < 0 or newline == len(text) - 1:
            return None
        edit, before, after = (newline, newline + 1), "\n", " "
    if before == after:
        return None
    changed = text[: edit[0]] + after + text[edit[1] :]
    return Mutant(0, kind, name, kind, text.count("\n", 0, start) + 1, before, after, changed)


def mutants(found: list[tuple[str, str]], count: int, seed: int) -> list[Mutant]:
    """``count`` mutants of the chunks ``found``, the kinds taken in turn, chunks drawn at random."""
    rng = random.Random(seed)
    out: list[Mutant] = []
    tries = 0
    while len(out) < count and tries < count * 20:
        tries += 1
        name, text = rng.choice(found)
        made = mutant(name, text, KINDS[len(out) % len(KINDS)], rng)
        if made is not None and made.text != text:
            out.append(dataclasses.replace(made, index=len(out)))
    return out
