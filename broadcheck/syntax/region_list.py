"""Stage *read a statement*: a generic op's region list, where the scanner closes one of its
regions: after the region's ``}`` MLIR's parser wants a ``,`` or the list's ``)``
(``parseGenericOperation``: "expected ')' to end region list")."""

from __future__ import annotations

REGION_LIST = "expected ')' to end region list"


def closed_wrongly(line: str) -> int | None:
    """The column (1-based) of the token after the ``}`` that starts ``line`` (blanks before it),
    where a generic op's region closes, if it is neither a ``,`` nor a ``)`` (``}})``, ``}:)``);
    ``None`` if it is, or if nothing follows on the line (or a comment)."""
    closing = line.lstrip(" \t")
    after = closing[1:].lstrip(" \t")
    if closing[:1] != "}" or after[:1] in ("", ",", ")", "/"):
        return None
    return len(line) - len(after) + 1


__all__ = ["REGION_LIST", "closed_wrongly"]
