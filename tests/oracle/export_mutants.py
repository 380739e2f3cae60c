"""One-type mutants of real model exports, for the campaign of ``test_export_mutations``.

A mutant is the export with ONE type changed on one line, the rest byte for byte:

* ``result``: the result type of an op statement, where its printed form states it (the
  last type of the line: ``-> tensor<...>``, the trailing ``: tensor<...>`` of the short
  forms, the ``} -> tensor<...>`` that closes a ``linalg.generic``); its uses keep the old
  type, so value flow may complain too, which is part of what the real tool says;
* ``yield``: the type of a region terminator (``linalg.yield``, ``stablehlo.return``,
  ``tensor.yield``, ``scf.yield``, ``"tf.Yield"`` ...);
* ``constant``: the type of a constant (``arith.constant``, ``stablehlo.constant``,
  ``tosa.const``/``const_shape``, ``"tf.Const"``): its last type (the value's and the
  result's in the short forms, the result's in the generic form).

* ``result+uses``: as ``result``, on a generic-form statement (``"tosa.add"(...)``,
  ``"tf.AddV2"(...)``), with the new type also written at every use (generic forms and
  ``return``/``tf_executor.yield``/``fetch``), so that value flow stays consistent and the
  verifiers speak (a result type changed alone is a parse error at its first use, where the
  parser stops before any verifier runs); a site whose uses are in other forms is not drawn.

* ``yield+def``: as ``yield``, with the same new type also written as the result type of the
  statement that defines the yielded value (the nearest ``%name = ...`` above it, when its last
  type is the yield's), so that the region's verifier, not only the parser, has something to say
  (a body's yield of the wrong type for ``while``/``case``/``reduce``); drawn only when asked for.

A type is a ``tensor<...>`` holding no ``<``: in ``tensor<!tf_type.variant<tensor<*xf32>>>``
that is the inner one, so a variant's subtype gets changed too.

The change is one of: a dim +1, -1, to 1 or to ``?``; another element type; one dim fewer
or one more (``!tosa.shape<N>``: N +1 or -1). Mutants are drawn by a seeded generator,
round-robin over the files, so the same seed gives the same mutants.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

KINDS = ("result", "yield", "constant", "result+uses")

_TENSOR = re.compile(r"tensor<([^<>]*)>")
_SHAPE = re.compile(r"!tosa\.shape<(\d+)>")
_SCALAR = re.compile(r" : (f16|bf16|f32|f64|i1|i8|i16|i32|i64|index)(?=\s*(?:loc\(.*\))?$)")
_YIELDS = (
    "linalg.yield",
    "stablehlo.return",
    '"stablehlo.return"',
    "mhlo.return",
    "tensor.yield",
    "scf.yield",
    "tosa.yield",
    '"tosa.yield"',
    '"tf.Yield"',
    "tf.Yield",
)
_CONSTANTS = ("arith.constant", "stablehlo.constant", '"tosa.const"', '"tosa.const_shape"', '"tf.Const"', "tosa.const")
_RESULT = re.compile(r"^\s*(%[\w#:, %]*=\s*|\}\)?\s*(:\s*\([^)]*\)\s*)?->)")

# The element types one of which replaces each element type.
_ELEMENTS = {
    "f32": ("f16", "f64", "i32", "bf16"),
    "f16": ("f32", "bf16", "i16"),
    "bf16": ("f32", "f16"),
    "f64": ("f32", "i64"),
    "i1": ("i8", "i32", "f32"),
    "i8": ("i32", "i1", "f32"),
    "i16": ("i32", "i8"),
    "i32": ("i64", "i16", "f32"),
    "i64": ("i32", "f64", "index"),
    "index": ("i64", "i32"),
}


@dataclass(frozen=True)
class Site:
    """One type that can be changed: its line (0-based), its span in the line, its text."""

    kind: str
    line: int
    start: int
    end: int
    type: str


@dataclass(frozen=True)
class Mutant:
    """One mutant: the file it came from, what changed where, and the whole text."""

    index: int
    family: str
    source: str
    kind: str
    line: int
    before: str
    after: str
    text: str

    def title(self) -> str:
        """``#index source:line kind: before -> after``."""
        return f"#{self.index} {self.source}:{self.line} {self.kind}: {self.before} -> {self.after}"


def _kind(stripped: str) -> str | None:
    """Which kind of site a statement is (or None: not one we mutate)."""
    body = stripped.split("=", 1)[1].lstrip() if stripped.startswith("%") and "=" in stripped else stripped
    if body.startswith("tf_executor.island wraps "):
        body = body[len("tf_executor.island wraps ") :]
    if body.startswith(_YIELDS):
        return "yield"
    if body.startswith(_CONSTANTS):
        return "constant"
    if _RESULT.match(stripped) and stripped.startswith(("%", "}")):
        return "result"
    return None


def sites(text: str) -> list[Site]:
    """Every site of ``text``: the last type of each statement line of a kind we mutate."""
    found = []
    for number, line in enumerate(text.split("\n")):
        kind = _kind(line.strip())
        if kind is None:
            continue
        candidates = [(m.start(), m.end()) for m in _TENSOR.finditer(line)]
        candidates += [(m.start(), m.end()) for m in _SHAPE.finditer(line)]
        scalar = _SCALAR.search(line)
        if scalar:
            candidates.append((scalar.start(1), scalar.end(1)))
        if not candidates:
            continue
        start, end = max(candidates)
        if line[start:end].startswith("tensor<") and "," in line[start:end]:
            continue  # an encoding: not ours to rewrite
        found.append(Site(kind, number, start, end, line[start:end]))
    return found


def _element(rng: random.Random, element: str) -> str | None:
    options = _ELEMENTS.get(element)
    return rng.choice(options) if options else None


def mutate_type(rng: random.Random, type_: str) -> str | None:
    """Another type near ``type_`` (None when there is nothing to change)."""
    shape = _SHAPE.fullmatch(type_)
    if shape:
        n = int(shape.group(1))
        return f"!tosa.shape<{n + 1 if n == 0 or rng.random() < 0.5 else n - 1}>"
    tensor = _TENSOR.fullmatch(type_)
    if not tensor:
        element = _element(rng, type_)
        return element
    parts = tensor.group(1).split("x")
    dims, element = parts[:-1], parts[-1]
    if dims == ["*"]:
        changed = _element(rng, element)
        return f"tensor<*x{changed}>" if changed else None
    static = [i for i, d in enumerate(dims) if d.isdigit()]
    moves = ["element", "rank+"]
    if dims:
        moves.append("rank-")
    if static:
        moves += ["+1", "-1", "1", "?", "+1", "?"]
    move = rng.choice(moves)
    new = list(dims)
    if move == "element":
        changed = _element(rng, element)
        if changed is None:
            return None
        element = changed
    elif move == "rank+":
        new.insert(rng.randint(0, len(new)), "1")
    elif move == "rank-":
        del new[rng.randrange(len(new))]
    else:
        i = rng.choice(static)
        d = int(dims[i])
        value = {"+1": d + 1, "-1": d - 1 if d > 1 else d + 1, "1": 1 if d != 1 else 2}.get(move)
        new[i] = "?" if value is None else str(value)
    return "tensor<" + "".join(f"{d}x" for d in new) + element + ">"


_GENERIC_OPERANDS = re.compile(r'"[\w.]+"\(([^()]*)\)')
_TERMINATOR = re.compile(r"^(\s*(?:return|func\.return|tf_executor\.yield|tf_executor\.fetch) )([^:]*) : (.*)$")
_DEFINES = re.compile(r"^\s*(%[\w#]+)(?:, %[\w#]+)? = ")


def _split(types: str) -> list[str]:
    """Top-level comma-separated types."""
    out, depth, start = [], 0, 0
    for i, ch in enumerate(types):
        if ch in "<([{":
            depth += 1
        elif ch in ">)]}":
            depth -= 1
        elif ch == "," and depth == 0:
            out.append(types[start:i].strip())
            start = i + 1
    out.append(types[start:].strip())
    return [t for t in out if t]


def _retype_use(line: str, name: str, old: str, new: str) -> str | None:
    """``line`` with the type of each use of ``name`` as an operand rewritten, or None if unreadable."""
    term = _TERMINATOR.match(line)
    if term:
        operands = [o.strip() for o in term.group(2).split(",")]
        types = _split(term.group(3))
        if len(types) != len(operands):
            return None
        types = [new if o == name and t == old else t for o, t in zip(operands, types, strict=True)]
        return term.group(1) + term.group(2) + " : " + ", ".join(types)
    op = _GENERIC_OPERANDS.search(line)
    colon = line.rfind(" : (")
    if not op or colon < op.end():
        return None
    operands = [o.strip() for o in op.group(1).split(",") if o.strip()]
    depth, close = 0, -1
    for i in range(colon + 3, len(line)):
        depth += {"(": 1, ")": -1}.get(line[i], 0)
        if depth == 0:
            close = i
            break
    types = _split(line[colon + 4 : close])
    if close < 0 or len(types) != len(operands) or name not in operands:
        return None
    types = [new if o == name and t == old else t for o, t in zip(operands, types, strict=True)]
    return line[: colon + 4] + ", ".join(types) + line[close:]


def _with_uses(lines: list[str], number: int, old: str, new: str) -> list[str] | None:
    """``lines`` with the new result type of line ``number`` written at its uses too (None: cannot)."""
    defines = _DEFINES.match(lines[number])
    if not defines or not _GENERIC_OPERANDS.search(lines[number]):
        return None
    name = defines.group(1)
    use = re.compile(re.escape(name) + r"(?![\w#:])")
    changed = list(lines)
    for i in range(len(lines)):
        if i == number or not use.search(lines[i]):
            continue
        retyped = _retype_use(lines[i], name, old, new)
        if retyped is None:
            return None
        changed[i] = retyped
    return changed


_YIELD_OPERANDS = re.compile(r"^\s*(?:\"?[\w.]+\"?)\s*\(?([^:]*?)\)?\s*:")


def _yield_def(lines: list[str], site: Site) -> Site | None:
    """The site of the statement defining the value a yield site types (its last operand), or None."""
    operands = _YIELD_OPERANDS.match(_drop_locs(lines[site.line]))
    names = [o.strip() for o in operands.group(1).split(",")] if operands else []
    if not names or not re.fullmatch(r"%[\w#]+", names[-1]) or "#" in names[-1]:
        return None
    define = re.compile(r"^\s*" + re.escape(names[-1]) + r" = ")
    for number in range(site.line - 1, -1, -1):
        if define.match(lines[number]):
            found = [s for s in sites(lines[number]) if s.kind in ("result", "constant")]
            if found and found[0].type == site.type:
                return Site("result", number, found[0].start, found[0].end, site.type)
            return None
    return None


_REGION_OP = re.compile(r'^\s*(?:%[^=]*=\s*)?"?([a-z_]+\.[\w.]+)')


def _regions(lines: Sequence[str]) -> tuple[list[str | None], list[str | None], list[int]]:
    """Per line: the op whose region holds it, the op of its statement (see :func:`region_parents`
    and :func:`statement_ops`), and the line that statement starts on, read from the braces."""
    stack: list[tuple[str, int]] = []
    last = ("", 0)
    parents: list[str | None] = []
    ops: list[str | None] = []
    starts: list[int] = []
    for number, line in enumerate(lines):
        code = _drop_locs(line).strip()
        popped = ("", number)
        if code.startswith("}"):
            popped = stack.pop() if stack else popped
        parents.append(stack[-1][0] if stack else None)
        op = None if code.startswith("}") else _REGION_OP.match(code)
        if op:
            last = (op.group(1), number)
        ops.append(op.group(1) if op else (popped[0] or None) if code.startswith("}") else None)
        starts.append(popped[1] if code.startswith("}") else number)
        if code.endswith("{"):
            stack.append((op.group(1), number) if op else popped if popped[0] else last)
    return parents, ops, starts


def region_parents(lines: Sequence[str]) -> list[str | None]:
    """For each line, the op whose region holds it (``stablehlo.while`` for the lines of its ``cond``
    and ``do`` bodies): the op of the line that opens a region, or for ``cond {``, ``} do {`` and
    ``}, {``, the op whose region came before."""
    return _regions(lines)[0]


def statement_ops(lines: Sequence[str]) -> list[str | None]:
    """For each line, the op of the statement it belongs to: the op it names, or for a line that
    closes an op's regions (``}) : (...) -> ...``), that op."""
    return _regions(lines)[1]


def op_results(
    files: Sequence[tuple[str, str, str]], ops: Sequence[str], seed: int, per_op: int = 3, uses: bool = False
) -> Iterator[Mutant]:
    """The result type of up to ``per_op`` statements of each op of ``ops`` in each file, one mutation each
    (the first, a middle one and the last of the file's statements of that op). A region op's is on the
    line that closes its regions; the line that opens them (its last type there is an attribute's) is
    left to :func:`mutants`. With ``uses`` (generic forms), the new type is written at every use too
    (as ``result+uses``; a statement whose uses cannot be retyped, or of several results, is passed over)."""
    rng = random.Random(seed)
    index = 0
    for family, name, text in files:
        lines = text.split("\n")
        _, op_of, starts = _regions(lines)
        by_op: dict[str, list[Site]] = {}
        for site in sites(text):
            op = op_of[site.line]
            opens = _drop_locs(lines[site.line]).rstrip().endswith("{")
            if site.kind in ("result", "constant") and op in ops and not opens:
                by_op.setdefault(op, []).append(site)
        for op in ops:
            found = by_op.get(op, [])
            if uses:
                found = [s for s in found if _DEFINES.match(lines[starts[s.line]])]
            chosen = sorted({0, len(found) // 2, len(found) - 1})[:per_op] if found else []
            for i in chosen:
                site = found[i]
                base: list[str] | None = lines
                if uses:
                    for _ in range(10):
                        after = mutate_type(rng, site.type)
                        if after is not None and after != site.type:
                            break
                    else:
                        continue
                    base = _with_uses(lines, starts[site.line], site.type, after)
                    if base is None:
                        continue
                    changed = list(base)
                    changed[site.line] = lines[site.line][: site.start] + after + lines[site.line][site.end :]
                    text_after = "\n".join(changed)
                else:
                    mutated = _mutated(rng, lines, site, "result")
                    if mutated is None:
                        continue
                    after, text_after = mutated
                kind = f"{op} (+uses)" if uses else op
                yield Mutant(index, family, name, kind, site.line + 1, site.type, after, text_after)
                index += 1


def region_yields(
    files: Sequence[tuple[str, str, str]],
    parents: Sequence[str],
    seed: int,
    kinds: Sequence[str] = ("yield", "yield+def"),
) -> Iterator[Mutant]:
    """Every yield site in a region of one of ``parents`` (op names), mutated once per kind of ``kinds``."""
    rng = random.Random(seed)
    index = 0
    for family, name, text in files:
        lines = text.split("\n")
        owner = region_parents(lines)
        for site in sites(text):
            if site.kind != "yield" or owner[site.line] not in parents:
                continue
            for kind in kinds:
                changed = _mutated(rng, lines, site, kind)
                if changed is None:
                    continue
                after, text_after = changed
                yield Mutant(
                    index, family, name, f"{kind} in {owner[site.line]}", site.line + 1, site.type, after, text_after
                )
                index += 1


def _mutated(rng: random.Random, lines: list[str], site: Site, kind: str) -> tuple[str, str] | None:
    """One mutation of ``site`` as ``kind`` (``yield`` or ``yield+def``): the new type and the text."""
    for _ in range(10):
        after = mutate_type(rng, site.type)
        if after is not None and after != site.type:
            break
    else:
        return None
    changed = list(lines)
    if kind == "yield+def":
        define = _yield_def(lines, site)
        if define is None:
            return None
        line = changed[define.line]
        changed[define.line] = line[: define.start] + after + line[define.end :]
    line = changed[site.line]
    changed[site.line] = line[: site.start] + after + line[site.end :]
    return after, "\n".join(changed)


_LOC_ALIAS = re.compile(r"^#loc\d*\s*=\s*loc\(.*$", re.M)


def _drop_locs(line: str) -> str:
    """``line`` without its ``loc(...)`` attributes (balanced parentheses; quoted strings skipped)."""
    out, i = [], 0
    while True:
        j = line.find("loc(", i)
        if j < 0 or (j > 0 and (line[j - 1].isalnum() or line[j - 1] in "_.#")):
            if j < 0:
                out.append(line[i:])
                return "".join(out)
            out.append(line[i : j + 4])
            i = j + 4
            continue
        depth, k, quoted = 0, j + 3, False
        while k < len(line):
            ch = line[k]
            if quoted:
                quoted = not (ch == '"' and line[k - 1] != "\\")
            elif ch == '"':
                quoted = True
            elif ch == "(":
                depth += 1
            elif ch == ")":
                depth -= 1
                if depth == 0:
                    break
            k += 1
        out.append(line[i:j].rstrip(" "))
        i = k + 1


def without_locations(text: str) -> str:
    """``text`` with its locations dropped, line for line: ``#locN = loc(...)`` aliases become empty
    lines, ``loc(...)`` attributes go. A verifier reports at its op's location, which in an export
    with locations is a Python source line; on this text it is the op's own line."""
    text = _LOC_ALIAS.sub("", text)
    return "\n".join(_drop_locs(line) if "loc(" in line else line for line in text.split("\n"))


def mutants(
    files: Sequence[tuple[str, str, str]], count: int, seed: int, kinds: Sequence[str] = KINDS
) -> Iterator[Mutant]:
    """``count`` mutants of ``files`` (family, name, text), drawn round-robin by file, seeded."""
    rng = random.Random(seed)
    table = [(family, name, text, text.split("\n"), sites(text)) for family, name, text in files]
    by_kind = [{k: [s for s in found if s.kind == k.split("+")[0]] for k in kinds} for *_, found in table]
    if "result+uses" in kinds:
        for (*_, lines, found), mine in zip(table, by_kind, strict=True):
            mine["result+uses"] = [
                s
                for s in found
                if s.kind == "result" and _DEFINES.match(lines[s.line]) and _GENERIC_OPERANDS.search(lines[s.line])
            ]
    index = 0
    attempts = 0
    while index < count and attempts < 50 * count + 100:
        attempts += 1
        family, name, _, lines, _ = table[index % len(table)]
        available = [k for k in kinds if by_kind[index % len(table)][k]]
        if not available:
            index += 1
            continue
        kind = rng.choice(available)
        site = rng.choice(by_kind[index % len(table)][kind])
        after = mutate_type(rng, site.type)
        if after is None or after == site.type:
            continue
        line = lines[site.line]
        changed: list[str] | None = list(lines)
        if kind == "result+uses":
            changed = _with_uses(lines, site.line, site.type, after)
            if changed is None:
                continue
        if kind == "yield+def":
            define = _yield_def(lines, site)
            if define is None:
                continue
            assert changed is not None
            changed[define.line] = lines[define.line][: define.start] + after + lines[define.line][define.end :]
        assert changed is not None
        changed[site.line] = line[: site.start] + after + line[site.end :]
        yield Mutant(index, family, name, kind, site.line + 1, site.type, after, "\n".join(changed))
        index += 1


def load(directory: Path, suffixes: Sequence[tuple[str, str]], limit: int) -> list[tuple[str, str, str]]:
    """The exports of ``directory`` whose names end in one of ``suffixes`` (suffix, family), up to ``limit`` bytes."""
    out = []
    for path in sorted(directory.glob("*.mlir")):
        for suffix, family in suffixes:
            if path.name.endswith(suffix) and path.stat().st_size <= limit:
                out.append((family, path.name, path.read_text()))
                break
    return out
