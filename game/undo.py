"""Undo within a turn: a snapshot before each step that can be taken back, and its restore."""

from __future__ import annotations

from .round_state import RoundState, Snapshot, copy_turn


def snapshot(rnd: RoundState) -> None:
    """Remember the round as it is now, to undo the step about to be committed."""
    turn = copy_turn(rnd.turn)
    rnd._undo.append(
        Snapshot(
            rnd.phase,
            tuple(rnd.hand),
            tuple(rnd.table),
            tuple(rnd.discard),
            rnd.wilds,
            turn,
        )
    )


def restore(rnd: RoundState, snap: Snapshot) -> None:
    """Put the round back as it was when ``snap`` was taken."""
    rnd.phase = snap.phase
    rnd.hands[rnd.current] = list(snap.hand)
    rnd.table = list(snap.table)
    rnd.discard = list(snap.discard)
    rnd.wilds = snap.wilds
    rnd.turn = snap.turn
