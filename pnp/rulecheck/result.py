"""One rule's outcome, as the table and --json report it."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Miss:
    """One face that breaks a printed rule: which item and side, what it prints, where it comes from."""

    item: str
    face: str
    printed: str
    spec: str  # file:line of the item entry that drew it
    unproven: str = ""  # coverage: the part of a text no rule proves and nothing declares


@dataclass(frozen=True)
class Result:
    id: str
    passed: bool
    expected: str
    found: str
    cite: str
    note: str | None = None
    design_choice: bool = False
    rule: str | None = None  # rules.yaml file:line
    misses: tuple[Miss, ...] = field(default_factory=tuple)
    house_rule: bool = False  # the copy's own rule, recorded by pnp check --accept
    not_applicable: str | None = None  # e.g. "3 players": the rule is about sets not printed

    def as_dict(self) -> dict:
        d = {k: v for k, v in self.__dict__.items() if k != "misses"}
        d["misses"] = [m.__dict__ for m in self.misses]
        if self.misses:
            first = self.misses[0]
            d.update(item=first.item, face=first.face, printed=first.printed, spec=first.spec)
        return d
