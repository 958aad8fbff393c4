"""Refusals: every illegal action gets a stable code and a reason a player can read."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True, slots=True)
class Refusal:
    """Why an action is refused: a stable ``code``, English ``reason`` and its parameters.

    The UI translates by ``code`` and ``params``; ``reason`` is the English text.
    """

    code: str
    reason: str
    params: dict[str, str] = field(default_factory=dict, compare=False, hash=False)


class IllegalAction(ValueError):
    """Raised by ``apply`` for a refused action; carries the Refusal."""

    def __init__(self, refusal: Refusal, action: str = "") -> None:
        super().__init__(f"{action}: {refusal.reason}" if action else refusal.reason)
        self.refusal = refusal
        self.action = action

    @property
    def code(self) -> str:
        """The refusal's stable code."""
        return self.refusal.code


def refuse(code: str, reason: str, **params: str) -> Refusal:
    """A refusal whose reason is ``reason`` formatted with ``params``."""
    return Refusal(code, reason.format(**params), params)
