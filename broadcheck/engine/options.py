"""What a run checks and how: the settings, and nothing that changes while it runs."""

from __future__ import annotations

from dataclasses import dataclass

from broadcheck.ops import Frozen
from broadcheck.optable import OpTable
from broadcheck.semantics import Profile


@dataclass(init=False, repr=False, eq=False)  # for dataclasses.replace; Frozen has the methods
class Options(Frozen):
    """The settings of a run; the defaults are broadcheck's defaults.

    ``ops`` is ``--op PATTERN=SEMANTICS`` over the declarations."""

    __slots__ = __match_args__ = ("profile", "ops", "split_marker", "verify_diagnostics", "select", "ignore")
    profile: Profile
    ops: OpTable
    split_marker: str | None
    verify_diagnostics: bool
    select: tuple[str, ...]
    ignore: tuple[str, ...]

    def __init__(
        self,
        profile: Profile = Profile.SPEC,
        ops: OpTable | None = None,
        split_marker: str | None = None,
        verify_diagnostics: bool = False,
        select: tuple[str, ...] = (),
        ignore: tuple[str, ...] = (),
    ) -> None:
        put = object.__setattr__
        put(self, "profile", profile)
        put(self, "ops", OpTable() if ops is None else ops)
        put(self, "split_marker", split_marker)
        put(self, "verify_diagnostics", verify_diagnostics)
        put(self, "select", select)
        put(self, "ignore", ignore)
