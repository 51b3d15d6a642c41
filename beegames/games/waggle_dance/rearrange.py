"""Rearranging the contents of rooms: F's nectar moves and the Shuffle card.

A rearrangement is a run of small moves, each a decision, ended by
:class:`~.models.DoneMove`: move one token to another room
(:class:`~.models.ShiftMove`), swap two nectar of different colours between
two rooms (:class:`~.models.SwapMove` with colours), or, when eggs may move,
swap the whole contents of two rooms (:class:`~.models.SwapMove` without
colours). With these three any arrangement of the tokens that respects the
rooms' capacity can be reached, even when every room is full; moves may be
undone by moving back. A window allows a budget of moves (rooms + twice the
tokens, more than any arrangement needs) so that it always ends.

F's moves need dice: nectar moves only between two rooms that hold a die of
the pair's value each, and each pair of rooms used needs its own pair of
dice (a room joins at most as many pairs as it holds dice of that value).
"""

from __future__ import annotations

from collections import Counter
from typing import ClassVar, Literal

from .models import EGG, DecisionBase, DoneMove, Move, Player, Room, ShiftMove, SwapMove, Table
from .queries import a_nectar, room_capacity
from .tasks import make, push


def budget_for(pl: Player, rooms: list[int]) -> int:
    """Moves enough to reach any arrangement of ``rooms``: one per room, two per token."""
    tokens = sum(len(pl.rooms[i].nectar) + pl.rooms[i].egg for i in rooms)
    return len(rooms) + 2 * tokens


def _can_take(room: Room, colour: int, cap: int) -> bool:
    if room.honey or room.egg:
        return False
    if colour == EGG:
        return not room.nectar
    return len(room.nectar) < cap


class Rearrange(DecisionBase):
    """Move tokens between some rooms of one honeycomb, one small move at a time."""

    kind: Literal["rearrange"] = "rearrange"
    #: "move": F, between rooms paired by dice of ``value``; "shuffle": the Shuffle card
    purpose: Literal["move", "shuffle"]
    rooms: list[int]
    value: int | None = None
    #: eggs may move too (the 2022 Shuffle)
    eggs: bool = False
    #: F: pairs of rooms nectar has moved between (each needs its own pair of dice)
    edges: list[tuple[int, int]] = []
    budget: int = 0
    short: ClassVar[str] = "rearrange your rooms, then done"

    def _pair_ok(self, pl: Player, a: int, b: int) -> bool:
        if self.purpose != "move" or self.value is None:
            return True
        edges = {frozenset(e) for e in self.edges}
        edges.add(frozenset((a, b)))
        deg = Counter(r for e in edges for r in e)
        return all(n <= pl.rooms[r].dice.count(self.value) for r, n in deg.items())

    def legal(self, s: Table) -> list[Move]:
        """While moves remain in the budget: each token that may move to another room taking part,
        each swap of two nectar of different colours, and (when eggs may move) each swap of two
        rooms' whole contents; F pairs rooms only through dice of its value. Done is always
        allowed."""
        out: list[Move] = []
        if self.budget > 0:
            pl = s.players[self.seat]
            cap = room_capacity(s)
            rooms = [i for i in self.rooms if 0 <= i < len(pl.rooms) and not pl.rooms[i].honey]
            for a in rooms:
                ra = pl.rooms[a]
                tokens = sorted(set(ra.nectar)) + ([EGG] if self.eggs and ra.egg else [])
                for b in rooms:
                    if b == a or not self._pair_ok(pl, a, b):
                        continue
                    rb = pl.rooms[b]
                    out += [ShiftMove(src=a, dst=b, colour=c) for c in tokens if _can_take(rb, c, cap)]
                    if a < b:
                        out += [SwapMove(src=a, dst=b, give=x, take=y)
                                for x in sorted(set(ra.nectar)) for y in sorted(set(rb.nectar)) if x != y]
                        if self.eggs and (ra.egg or rb.egg) and (ra.egg, ra.nectar) != (rb.egg, rb.nectar):
                            out.append(SwapMove(src=a, dst=b))
        out.append(DoneMove())
        return out

    def apply(self, s: Table, move: Move) -> None:
        """Make one small move and ask again while another is possible; Done closes the
        rearrangement (2014: after F's moves, Shuffle is offered again)."""
        if isinstance(move, DoneMove):
            self._closed(s, self.edges)
            return
        pl = s.players[self.seat]
        prefix = "Night — F: " if self.purpose == "move" else ""
        if isinstance(move, ShiftMove):
            a, b, c = pl.rooms[move.src], pl.rooms[move.dst], move.colour
            if c == EGG:
                a.egg, b.egg = False, True
                what = "an egg"
            else:
                a.nectar.remove(c)
                b.nectar.append(c)
                what = a_nectar(s, c)
            s.say(f"{prefix}{pl.name} moves {what} from room {move.src} to room {move.dst}.")
        elif isinstance(move, SwapMove):
            a, b = pl.rooms[move.src], pl.rooms[move.dst]
            if move.give is None or move.take is None:
                a.egg, b.egg = b.egg, a.egg
                a.nectar, b.nectar = b.nectar, a.nectar
                s.say(f"{prefix}{pl.name} swaps the contents of rooms {move.src} and {move.dst}.")
            else:
                a.nectar.remove(move.give)
                b.nectar.remove(move.take)
                a.nectar.append(move.take)
                b.nectar.append(move.give)
                s.say(f"{prefix}{pl.name} swaps {a_nectar(s, move.give)} in room {move.src} "
                      f"for {a_nectar(s, move.take)} in room {move.dst}.")
        else:
            return
        edge = (min(move.src, move.dst), max(move.src, move.dst))
        nxt = self.model_copy(update={"budget": self.budget - 1,
                                      "edges": self.edges + ([edge] if edge not in self.edges else [])})
        if len(nxt.legal(s)) > 1:
            s.pending = nxt
        else:
            self._closed(s, nxt.edges)

    def label(self, s: Table, move: Move) -> str | None:
        """Each entry says what moves between which rooms: "Move a pink nectar from room 0 to
        room 2", "Swap a pink nectar in room 0 for a white nectar in room 2", "Finish moving
        nectar"."""
        if isinstance(move, ShiftMove):
            return " ".join(self.group_words(s, move) or ())
        if isinstance(move, SwapMove):
            if move.give is None or move.take is None:
                return f"Swap the contents of rooms {move.src} and {move.dst}"
            return f"Swap {a_nectar(s, move.give)} in room {move.src} for {a_nectar(s, move.take)} in room {move.dst}"
        if isinstance(move, DoneMove):
            return "Finish moving nectar" if self.purpose == "move" else "Finish the Shuffle"
        return None

    def group_words(self, s: Table, move: Move) -> tuple[str, str] | None:
        """Under the heading "Move a pink nectar": "from room 0 to room 2"."""
        if isinstance(move, ShiftMove):
            what = "the egg" if move.colour == EGG else a_nectar(s, move.colour)
            return f"Move {what}", f"from room {move.src} to room {move.dst}"
        return None

    def _closed(self, s: Table, edges: list[tuple[int, int]]) -> None:
        """2014: after F's nectar moves changed the rooms, Shuffle is offered again (it may now
        finish a room that the moves made ready, or that Shuffle before them could not)."""
        if s.first_edition and self.purpose == "move" and edges:
            push(s, make("offer_shuffle", self.seat, "F"))

    def prompt(self, s: Table) -> str:
        """Asks the seat to rearrange the rooms taking part (F: those its pair of dice join;
        Shuffle: naming what may move), then say done."""
        name = s.players[self.seat].name
        if self.purpose == "move":
            rooms = ", ".join(f"R{r}" for r in self.rooms)
            return f"{name}: your {self.value}s pair up rooms {rooms}; move nectar between them, then done."
        what = "eggs and nectar" if self.eggs else "nectar"
        return f"{name}: Shuffle: move {what} between rooms {', '.join(f'R{r}' for r in self.rooms)}, then done."

    def refusal(self, s: Table, move: Move) -> str:
        """Why not: the budget of moves is spent, or the token cannot go there (capacity, or a room not taking part)."""
        if isinstance(move, ShiftMove | SwapMove):
            if self.budget <= 0:
                return "This rearrangement has used all its moves; choose done."
            return ("That token cannot be moved there: a room holds one egg or up to "
                    f"{room_capacity(s)} nectar, and only the rooms named may take part.")
        return super().refusal(s, move)


def open_moves(s: Table, p: int, value: int, rooms: list[int]) -> Rearrange | None:
    """F: the window for moving nectar between rooms holding dice of ``value``, if any move exists."""
    dec = Rearrange(seat=p, purpose="move", rooms=rooms, value=value, budget=budget_for(s.players[p], rooms))
    return dec if len(dec.legal(s)) > 1 else None


def open_shuffle(s: Table, p: int, rooms: list[int], eggs: bool) -> Rearrange:
    """The Shuffle card's rearrangement of seat ``p``'s ``rooms`` (``eggs``: eggs may move too,
    2022), with its budget of moves."""
    return Rearrange(seat=p, purpose="shuffle", rooms=rooms, eggs=eggs, budget=budget_for(s.players[p], rooms))
