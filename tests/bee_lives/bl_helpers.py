"""Shared builders for the Bee Lives tests."""

from __future__ import annotations

from beegames.core.protocol import SeatInfo
from beegames.games.bee_lives import BeeLivesEngine
from beegames.games.bee_lives.flow import clone
from beegames.games.bee_lives.map import add_tile
from beegames.games.bee_lives.models import Pending, QueenMove
from beegames.games.bee_lives.options import BeeLivesOptions

E = BeeLivesEngine()
NAMES = ["Susan", "Jeremy", "Lauren", "Bob"]


def new(n: int = 2, seed: int = 1, **opts):
    return E.new_state(BeeLivesOptions(first_player="1", **opts), [SeatInfo(name=x) for x in NAMES[:n]], seed)


def started(n: int = 2, queens=None, seed: int = 1, **opts):
    """Queens chosen (aggressive by default) and advanced to the first decision of month 1."""
    s = E.advance(new(n, seed, **opts))
    queens = list(queens or ["aggressive"] * n)
    for _ in range(n):
        d = E.decision(s)
        assert d.kind == "queen"
        s = E.advance(E.apply(s, QueenMove(queen=queens[d.seat])))
    return s


def edit(s):
    """A copy to change by hand (the engine never sees the original change)."""
    return clone(s)


def put(s, kind: str, q: int, r: int, group: int = 0) -> int:
    """Place a tile of ``kind`` taken from the bag at ``(q, r)`` of ``group``."""
    s.bag[kind] -= 1
    return add_tile(s, kind, group, q, r)


def at_turn(s, seat: int):
    """Make it ``seat``'s turn in the action phase (the queue goes on from there)."""
    s.pending = Pending.kinds()["turn"](seat=seat, kind="turn")
    s.phase = "action"
    return s


def set_month(s, month: int):
    s.month = month
    return s


def drive(s, chooser=None, stop=None, limit=20000, check=True):
    """Run steps and answer decisions with ``chooser(state, moves)`` (default: first legal move)."""
    for _ in range(limit):
        if stop is not None and stop(s):
            return s
        if check:
            E.check_invariants(s)
        d = E.decision(s)
        if d is None:
            if s.over:
                return s
            s = E.step(s)
            continue
        moves = E.legal_moves(s)
        m = chooser(s, moves) if chooser else moves[0]
        s = E.apply(s, m)
    raise AssertionError("the game did not finish")


def step_until(s, pred, limit=2000):
    for _ in range(limit):
        if pred(s):
            return s
        nxt = E.step(s)
        assert nxt is not None, "stuck at a decision"
        s = nxt
    raise AssertionError("condition never met")


def layout(s, cells, group: int = 0):
    """Replace the map by ``cells`` = [(kind, q, r), ...] in one group; the
    bag holds every other tile. Returns the tile ids in order."""
    from beegames.games.bee_lives.data import derived

    s.tiles = []
    s.bag = dict(derived().tile_total)
    ids = [put(s, kind, q, r, group) for kind, q, r in cells]
    return ids


def planner_player(seed: int):
    """``good``'s one-year basic solo player without its lookahead and search (the player of its
    play-outs; elsewhere ``good``'s heuristic player, as ``good`` has it): the same kinds of decision,
    since the search only re-ranks that player's choices, in about 15 ms a solo year where ``good``
    takes about 5 s."""
    from beegames.games.bee_lives.ai_modes import ModePlayer
    from beegames.games.bee_lives.heuristic import STYLES, HeuristicPlayer
    from beegames.games.bee_lives.planner import Knobs, PlannerPlayer

    return ModePlayer(HeuristicPlayer(seed, STYLES["good"]), basic=PlannerPlayer(seed, Knobs().playout()))
