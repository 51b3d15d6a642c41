"""The Swarm phase: a swarm token or too many workers split the colony; a
new wild hive appears; the colony stays (new queen, disease halved) or
leaves for the new site (a fresh comb)."""

from __future__ import annotations

from ...core.tasks import make
from . import hooks
from .colony import (
    count,
    disease_text,
    halve_disease,
    level,
    reset_disease,
    season_of,
    set_queen,
    spawn_strength,
    threshold,
)
from .common import ask, can_spawn_near, push, spawn_wild, tile_label, turn_order
from .data import game_data
from .models import QUEENS, BeeLivesState, QueenMove, StayMove, SwarmCtx, TileMove


def t_swarm(s: BeeLivesState, args: list[str]) -> None:
    """Task: the Swarm Phase: queue each colony's swarm check in turn order from the first player."""
    s.phase = "swarm"
    push(s, *[make("swarm1", i) for i in turn_order(s)])


def t_swarm1(s: BeeLivesState, args: list[str]) -> None:
    """Task: colony ``args[0]``'s swarm check: a swarm token or more workers than the threshold makes it
    swarm, losing half its workers and honey (rounded down); then it places the swarm's wild hive, or must
    stay and choose a queen when none can appear."""
    i = int(args[0])
    p = s.players[i]
    by_token = p.swarm_token
    by_count = p.workers > threshold(p)
    if not (by_token or by_count):
        return
    p.swarm_token = False
    if s.solo is not None:
        hooks.swarmed(s, i)
    lost = p.workers // 2
    honey_lost = p.honey // 2
    p.workers -= lost
    p.unassigned -= lost
    p.honey -= honey_lost
    why = "no room for brood" if by_token else f"{p.workers + lost} workers, threshold {threshold(p)}"
    if lost or honey_lost:
        gone = " and ".join(x for x in (count(lost, "bee") if lost else "", f"{honey_lost} honey" if honey_lost else "")
                            if x)
        s.say(f"{p.name}'s hive swarms ({why}): it loses {gone}.")
    else:
        s.say(f"{p.name}'s hive swarms ({why}), but no bee and no honey can leave.")
    s.swarm = SwarmCtx(seat=i, lost=lost, honey_lost=honey_lost)
    tiles = can_spawn_near(s, p.hive) if lost > 0 else []
    if tiles:
        ask(s, i, "swarm_tile", choices=tiles, reason=f"the swarm of {count(lost, 'bee')} becomes a wild hive")
    else:
        why_not = "No bee left the hive" if lost == 0 else "No wild hive can be placed"
        s.say(f"{why_not}, so {p.name}'s colony stays and chooses a new queen.")
        ask(s, i, "swarm_queen")


def do_swarm_tile(s: BeeLivesState, seat: int, move: TileMove) -> None:
    """Place the swarm's wild hive on the chosen tile (its strength: the bees lost, or a later year's fixed
    strength); then the colony decides whether to stay or leave."""
    ctx = s.swarm
    assert ctx is not None
    ctx.spawned = spawn_wild(s, move.tile, spawn_strength(s, ctx.lost), f"{s.players[seat].name}'s swarm")
    s.spawned = True
    if s.solo is not None:
        hooks.swarm_spawned(s, ctx.spawned)
    ask(s, seat, "swarm_stay")


def stay_moves(s: BeeLivesState) -> list[StayMove]:
    """The swarm's two answers: stay in the old hive, or leave for the new one."""
    return [StayMove(stay=True), StayMove(stay=False)]


def swarm_score(s: BeeLivesState) -> tuple[int, str]:
    """The VP a swarm that left a wild hive scores this month, and the season that sets it
    (the colony scores it whether it stays or leaves)."""
    season = season_of(s.month)
    return int(getattr(game_data().rules.vp.swarm, season, 0)), season


def stay_or_leave_score(s: BeeLivesState) -> str:
    """What the stay-or-leave question says of the swarm's VP, which both answers score alike."""
    vp, season = swarm_score(s)
    return f"either way the swarm scores {vp} VP in {season}" if vp else "neither scores a VP"


def _swarm_vp(s: BeeLivesState, seat: int) -> None:
    ctx = s.swarm
    assert ctx is not None
    if ctx.spawned is None:
        return
    vp, season = swarm_score(s)
    s.players[seat].vp += vp
    s.say(f"{s.players[seat].name} scores {vp} VP for swarming in {season}.")


def do_stay(s: BeeLivesState, seat: int, move: StayMove) -> None:
    """Stay (a queen is asked next), or leave: same queen, no brood and no feeding next month, resources
    discarded, disease 0, a comb of 10 plus one cell per two honey discarded, the hive and the new wild
    hive swap places, and the swarm's VP is scored."""
    p = s.players[seat]
    ctx = s.swarm
    assert ctx is not None and ctx.spawned is not None
    if move.stay:
        ask(s, seat, "swarm_queen")
        return
    s.pending = None
    board = game_data().board
    h = p.honey
    p.paused = True
    p.skip_feeding = True
    p.honey = p.pollen = p.water = 0
    reset_disease(p)
    p.comb = min(board.comb.max, board.comb.start + -(-h // 2))
    w = s.wild[ctx.spawned]
    assert w.tile is not None and p.hive is not None
    p.hive, w.tile = w.tile, p.hive
    s.say(f"{p.name}'s colony leaves for the {tile_label(s, p.hive)}: resources discarded, disease 0, "
          f"a comb of {p.comb} cells, no feeding and no brood next month; the {w.name} wild hive takes the old site.")
    _swarm_vp(s, seat)
    s.swarm = None
    if s.solo is not None:
        hooks.left(s, seat)


def swarm_queen_moves(s: BeeLivesState) -> list[QueenMove]:
    """The queens a colony that stays after a swarm may take: any type, the same one too, unless a solo mode
    narrows them."""
    allowed = hooks.queens_allowed(s, s.pending.seat if s.pending is not None else 0)
    return [QueenMove(queen=q) for q in QUEENS if q in allowed]


def do_swarm_queen(s: BeeLivesState, seat: int, move: QueenMove) -> None:
    """Stay with the chosen queen: no brood next month, disease halved (rounded down), and the swarm's VP is
    scored."""
    s.pending = None
    p = s.players[seat]
    before = p.queen
    set_queen(p, move.queen)
    p.paused = True
    old = level(p)
    halve_disease(p)
    new = level(p)
    change = (f"disease {disease_text(old)} -> {disease_text(new)}" if old != new
              else f"disease stays {disease_text(new)}")
    s.say(f"{p.name}'s colony stays with a new {move.queen} queen"
          f"{' (the same type)' if before == move.queen else ''}: no brood next month, {change}.")
    _swarm_vp(s, seat)
    s.swarm = None
    if s.solo is not None:
        hooks.queen_chosen(s, seat, move.queen, "stay")
