"""The Honey Buzz coach: hints and reviews from play-outs by the ``good``
player (the kernel's :class:`~beegames.core.coach.PlayoutCoach`).

The outlook is the seat's expected final score. A seat's view hides the
order cards still face down, the drone deck's order (the box of its top card
is public) and, in the advanced variant, the fronts of the face-down field
tiles the seat has not looked at, the fronts of tiles put back in the box at
random, and the backs of the tiles in other players' hives.
:func:`determinize` fills each from what the seat cannot account for:

* **order cards**: every card not face up, completed or removed, by size:
  each stack keeps its small cards above its large ones (as dealt at setup),
  the rest go to the box;
* **drone cards**: the cards not discarded, the top one drawn among those
  whose box is the one shown;
* **nectar tiles**: the fronts and backs not seen, so that every back group
  keeps its printed fronts: first a back group for each tile in another
  hive (weighted by the tiles of its front left in each group, and only
  where the remaining tiles can still be shared out), then the fronts left
  in each group are shuffled onto its face-down tiles.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from ...core.coach import CoachError, PlayoutCoach
from ...core.protocol import Engine
from ...core.rng import RngState
from .common import clone
from .data import NECTARS, game_data
from .models import Cell, HoneyBuzzState, NectarTile
from .setup import table_players


def determinize(view: HoneyBuzzState, seat: int, rng: random.Random) -> HoneyBuzzState:
    """A complete position consistent with ``seat``'s view (see the module text)."""
    s = clone(view)
    _orders(s, rng)
    _drones(s, rng)
    if s.advanced:
        _nectar(s, seat, rng)
    s.rng = RngState.from_seed(rng.randrange(1 << 62))
    return s


def _orders(s: HoneyBuzzState, rng: random.Random) -> None:
    data = game_data()
    known = {o for o in s.orders_up if o is not None} | set(s.orders_removed)
    known |= {o for p in s.players for o in p.orders}
    left = [c for c in data.orders.cards if c.id not in known]
    small = [c.id for c in left if c.size == "small"]
    large = [c.id for c in left if c.size == "large"]
    rng.shuffle(small)
    rng.shuffle(large)
    deal_large = data.setup.order_stacks[str(table_players(s.n))].large
    for k, stack in enumerate(s.order_stacks):
        n_large = min(len(stack), deal_large)
        n_small = len(stack) - n_large
        if n_small > len(small) or n_large > len(large):
            raise CoachError("The order cards in view do not add up.")
        s.order_stacks[k] = [small.pop() for _ in range(n_small)] + [large.pop() for _ in range(n_large)]
    rest = small + large
    if len(rest) != len(s.orders_box):
        raise CoachError("The order cards in view do not add up.")
    s.orders_box = sorted(rest)


def _drones(s: HoneyBuzzState, rng: random.Random) -> None:
    if not s.drone_deck:
        return
    data = game_data()
    left = [c.id for c in data.drones.cards if c.id not in set(s.drone_discard)]
    if len(left) != len(s.drone_deck):
        raise CoachError("The drone cards in view do not add up.")
    rng.shuffle(left)
    if s.drone_top_box is not None:
        top = next((i for i, c in enumerate(left) if data.drone_card(c).box == s.drone_top_box), None)
        if top is None:
            raise CoachError("No drone card left shows the box on top of the deck.")
        left.insert(0, left.pop(top))
    s.drone_deck = left


def _nectar(s: HoneyBuzzState, seat: int, rng: random.Random) -> None:
    groups = game_data().field.back_groups
    #: fronts left per (front, back group) once every tile seen whole is counted
    left: Counter[tuple[str, str]] = Counter({(k, g): n for g, fronts in groups.items() for k, n in fronts.items()})
    face_down: dict[str, list[tuple[str, int]]] = {g: [] for g in NECTARS}  # unknown front, known back
    backless: list[tuple[str, int, int]] = []  # a tile in another hive: known front, unknown back
    pend = s.pending
    for i, t in enumerate(s.field):
        if t is None:
            continue
        assert t.back is not None
        if t.kind == "?":
            face_down[t.back].append(("field", i))
        else:
            left[(t.kind, t.back)] -= 1
    for j, t in enumerate(s.nectar_box):
        assert t.back is not None
        if t.kind == "?":
            face_down[t.back].append(("box", j))
        else:
            left[(t.kind, t.back)] -= 1
    for t in s.nectar_removed:
        if t.back is not None:
            left[(t.kind, t.back)] -= 1
    for i, p in enumerate(s.players):
        for j, c in enumerate(p.cells):
            if c.nectar is None:
                continue
            if c.nectar.back is None:
                backless.append((c.nectar.kind, i, j))
            else:
                left[(c.nectar.kind, c.nectar.back)] -= 1
    if pend is not None and pend.tile is not None:
        if pend.tile.back is None:
            backless.append((pend.tile.kind, -1, -1))
        else:
            left[(pend.tile.kind, pend.tile.back)] -= 1
    if any(v < 0 for v in left.values()):
        raise CoachError("The nectar tiles in view do not add up.")
    # a back group for each tile in another hive, keeping a sharing-out possible
    rng.shuffle(backless)
    backs: dict[tuple[int, int], str] = {}
    for n, (kind, i, j) in enumerate(backless):
        rest = Counter(k for k, _i, _j in backless[n + 1:])
        options = [g for g in NECTARS if left[(kind, g)] > 0
                   and _can_share(left - Counter({(kind, g): 1}), rest, face_down)]
        if not options:
            raise CoachError("The nectar tiles in view do not add up.")
        g = rng.choices(options, weights=[left[(kind, g)] for g in options])[0]
        left[(kind, g)] -= 1
        backs[(i, j)] = g
    for (i, j), g in backs.items():
        if i < 0:
            assert pend is not None and pend.tile is not None
            s.pending = pend.model_copy(update={"tile": NectarTile(kind=pend.tile.kind, back=g)})
        else:
            c = s.players[i].cells[j]
            assert c.nectar is not None
            s.players[i].cells[j] = Cell(site=c.site, accepts=c.accepts, nectar=NectarTile(kind=c.nectar.kind, back=g),
                                         honey=c.honey)
    # the fronts left in each group onto its face-down tiles
    for g, spots in face_down.items():
        fronts = [k for k in NECTARS for _ in range(left[(k, g)])]
        if len(fronts) != len(spots):
            raise CoachError("The nectar tiles in view do not add up.")
        rng.shuffle(fronts)
        for (where, idx), kind in zip(spots, fronts, strict=True):
            tile = NectarTile(kind=kind, back=g)
            if where == "field":
                s.field[idx] = tile
            else:
                s.nectar_box[idx] = tile


def _can_share(left: Counter[tuple[str, str]], fronts: Counter[str],
               face_down: dict[str, list[tuple[str, int]]]) -> bool:
    """Whether tiles of known fronts (``fronts``, by front) can be given back
    groups so that each group keeps exactly as many fronts as it has
    face-down tiles: a small transport problem, solved as a maximum flow
    (source -> front -> back group -> sink)."""
    need = {g: sum(left[(k, g)] for k in NECTARS) - len(face_down[g]) for g in NECTARS}
    total = sum(fronts.values())
    if any(v < 0 for v in need.values()) or sum(need.values()) != total:
        return False
    res: dict[tuple[str, str], int] = {}
    for k in NECTARS:
        res[("s", "k" + k)] = fronts[k]
        for g in NECTARS:
            res[("k" + k, "g" + g)] = left[(k, g)]
    for g in NECTARS:
        res[("g" + g, "t")] = need[g]
    return _max_flow(res, "s", "t") == total


def _max_flow(res: dict[tuple[str, str], int], source: str, sink: str) -> int:
    """Edmonds-Karp on the residual capacities ``res`` (changed in place)."""
    from collections import deque

    nodes = {a for a, _ in res} | {b for _, b in res}
    flow = 0
    while True:
        prev: dict[str, str] = {}
        queue = deque([source])
        while queue and sink not in prev:
            a = queue.popleft()
            for b in nodes:
                if b != source and b not in prev and res.get((a, b), 0) > 0:
                    prev[b] = a
                    queue.append(b)
        if sink not in prev:
            return flow
        path = [sink]
        while path[-1] != source:
            path.append(prev[path[-1]])
        edges = [(path[i + 1], path[i]) for i in range(len(path) - 1)]
        push = min(res[e] for e in edges)
        for a, b in edges:
            res[(a, b)] -= push
            res[(b, a)] = res.get((b, a), 0) + push
        flow += push


class HoneyBuzzCoach(PlayoutCoach):
    """Play-outs by the ``good`` player; the outlook is the expected score.
    A Honey Buzz play-out is the slowest of the four games (a whole game is
    0.3-0.6 s of CPU), so two moves are weighed, not three: the ``good``
    player's choice and the ``basic`` player's (or its next choice)."""

    unit = "points"
    digits = 0
    meaning_note = "in solitaire, a game lost counts 0"
    candidates = 2

    def determinize(self, engine: Engine[Any, Any], view: Any, seat: int, rng: random.Random) -> Any:
        """A full position consistent with what ``seat`` sees in ``view``, for the coach to play out
        (:func:`determinize`)."""
        return determinize(view, seat, rng)
