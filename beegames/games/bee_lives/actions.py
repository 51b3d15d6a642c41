"""The Action phase: rounds of player turns, and the eight actions of the
hive board with their limits (Forage, Scout, Raid, Defend, Build Wax, Clean
Bees, Cool Hive, Requeen). Raids are resolved in :mod:`.raids`; the wild
hives' turns in :mod:`.wildhives`."""

from __future__ import annotations

from typing import Any

from ...core.errors import IllegalMove
from .colony import back, card, gain_disease, level, season_of, set_queen, spawn_strength
from .common import ask, can_spawn_near, d6, draw_tile, free_hive, push, spawn_wild, tile_label, turn_order
from .data import RESOURCES, derived, game_data
from .map import add_tile, foraged_tiles, hive_tiles, scout_cells, tiles_within
from .models import (
    QUEENS,
    BeeLivesState,
    CleanMove,
    CollectMove,
    CoolMove,
    DefendMove,
    ForageCtx,
    ForageMove,
    Forager,
    KeepMove,
    RaidMove,
    RequeenMove,
    ScoutCtx,
    ScoutMove,
    TileMove,
    WaxMove,
)

# -- the phase ------------------------------------------------------------------------


def t_actions(s: BeeLivesState, arg: str) -> None:
    s.phase = "action"
    push(s, "round")


def t_round(s: BeeLivesState, arg: str) -> None:
    active = [i for i in turn_order(s) if s.players[i].unassigned > 0]
    if not active:
        return
    push(s, *[f"pturn:{i}" for i in active], "wround", "round")


def t_pturn(s: BeeLivesState, arg: str) -> None:
    i = int(arg)
    p = s.players[i]
    if p.unassigned <= 0:
        return
    first = not p.had_turn
    p.had_turn = True
    c = card(s)
    if first and c is not None and c.spawn_first_turn:
        tiles = can_spawn_near(s, p.hive)
        if tiles:
            push(s, f"turn:{i}")
            ask(s, i, "card_spawn", choices=tiles, reason=f"{c.name}: a wild hive appears near your hive")
            return
        s.say(f"{c.name}: no wild hive can be placed near {p.name}'s hive.")
    ask(s, i, "turn")


def t_turn(s: BeeLivesState, arg: str) -> None:
    i = int(arg)
    if s.players[i].unassigned > 0:
        ask(s, i, "turn")


def do_card_spawn(s: BeeLivesState, seat: int, move: TileMove) -> None:
    s.pending = None
    c = card(s)
    spawn_wild(s, move.tile, spawn_strength(s), c.name if c is not None else "season card")
    s.spawned = True


# -- limits ------------------------------------------------------------------------------


def forage_targets(s: BeeLivesState, seat: int) -> list[tuple[int, int]]:
    """``(tile, bees needed)`` of every tile the seat may forage now."""
    p = s.players[seat]
    if p.hive is None:
        return []
    taken = foraged_tiles(s)
    hives = hive_tiles(s)
    own = f"p{seat}"
    out = []
    for tid, dist in tiles_within(s, p.hive):
        bees = max(1, dist)
        if bees > p.unassigned or tid in taken:
            continue
        if tid in hives and hives[tid] != own:
            continue
        out.append((tid, bees))
    return out


def scout_targets(s: BeeLivesState, seat: int) -> list[tuple[int, int]]:
    p = s.players[seat]
    if p.hive is None or p.unassigned < 1 or sum(s.bag.values()) == 0:
        return []
    return scout_cells(s, p.hive, path=game_data().map.scout_needs_tile_path)


def raid_targets(s: BeeLivesState, seat: int) -> list[str]:
    """Hives the seat may raid now: within reach, not raided this month, a
    player hive only if it holds honey."""
    p = s.players[seat]
    if p.hive is None or p.unassigned < 1:
        return []
    hives = hive_tiles(s)
    own = f"p{seat}"
    out = []
    for tid, _d in tiles_within(s, p.hive):
        key = hives.get(tid)
        if key is None or key == own or key in p.raided:
            continue
        if key[0] == "p" and s.players[int(key[1:])].honey <= 0:
            continue
        out.append(key)
    return out


def wax_cost(s: BeeLivesState) -> int:
    c = card(s)
    return c.wax_cost if c is not None and c.wax_cost is not None else game_data().rules.wax_cost


def wax_limit(s: BeeLivesState, seat: int) -> int:
    p = s.players[seat]
    cost = wax_cost(s)
    room = game_data().board.comb.max - p.comb
    afford = p.honey // cost if cost else p.unassigned
    return max(0, min(p.unassigned, room, afford))


def cool_cost(s: BeeLivesState, seat: int) -> tuple[int, int]:
    """``(bees, water)`` Cool Hive takes now."""
    rules = game_data().rules
    p = s.players[seat]
    bees = -(-p.workers // rules.cool_workers_per_bee)
    c = card(s)
    per = c.cool_water_per_bee if c is not None and c.cool_water_per_bee else rules.cool_water_per_bee
    return bees, bees * per


def can_cool(s: BeeLivesState, seat: int) -> bool:
    p = s.players[seat]
    bees, water = cool_cost(s, seat)
    return 0 < bees <= p.unassigned and water <= p.water


def turn_moves(s: BeeLivesState, seat: int) -> list[Any]:
    p = s.players[seat]
    u = p.unassigned
    out: list[Any] = [ForageMove(tile=t) for t, _b in forage_targets(s, seat)]
    out += [ScoutMove(q=q, r=r) for q, r in scout_targets(s, seat)]
    for key in raid_targets(s, seat):
        out += [RaidMove(target=key, bees=b) for b in range(1, u + 1)]
    out += [DefendMove(bees=b) for b in range(1, u + 1)]
    out += [WaxMove(bees=b) for b in range(1, wax_limit(s, seat) + 1)]
    out += [CleanMove(bees=b) for b in range(1, u + 1)]
    if can_cool(s, seat):
        out.append(CoolMove())
    out += [RequeenMove(queen=q) for q in QUEENS if q != p.queen]
    return out


# -- the actions ---------------------------------------------------------------------------


def tile_yield(s: BeeLivesState, tile: int) -> tuple[int, int, int]:
    """What a tile gives a player this month: the seasonal chart plus the card."""
    d = derived()
    kind = s.tiles[tile].kind
    base = d.yields[season_of(s.month)][kind]  # type: ignore[index]
    if s.card is not None:
        ch = d.card_yield[s.card][kind]
        return tuple(max(0, b + c) for b, c in zip(base, ch))  # type: ignore[return-value]
    return base


def do_forage(s: BeeLivesState, seat: int, move: ForageMove) -> None:
    p = s.players[seat]
    bees = dict(forage_targets(s, seat)).get(move.tile)
    if bees is None:
        raise IllegalMove("You cannot forage that tile: it is out of reach, already foraged, holds another hive, "
                          "or needs more bees than you have free.")
    p.unassigned -= bees
    p.foraging.append(Forager(tile=move.tile, bees=bees))
    h, po, w = tile_yield(s, move.tile)
    s.forage = ForageCtx(seat=seat, tile=move.tile, honey=h, pollen=po, water=w)
    s.say(f"{p.name} forages the {tile_label(s, move.tile)} with {bees} bee{'s' if bees != 1 else ''} "
          f"(it gives up to {h} honey, {po} pollen, {w} water).")
    if p.empty == 0 or h + po + w == 0:
        finish_forage(s, seat, CollectMove(honey=0, pollen=0, water=0))
    else:
        ask(s, seat, "collect")


def collect_moves(s: BeeLivesState) -> list[CollectMove]:
    f = s.forage
    assert f is not None
    room = s.players[f.seat].empty
    out = []
    for h in range(min(f.honey, room), -1, -1):
        for po in range(min(f.pollen, room - h), -1, -1):
            for w in range(min(f.water, room - h - po), -1, -1):
                out.append(CollectMove(honey=h, pollen=po, water=w))
    out.sort(key=lambda m: (-(m.honey + m.pollen + m.water), -m.honey, -m.pollen))
    return out


def check_collect(s: BeeLivesState, move: CollectMove) -> str | None:
    f = s.forage
    assert f is not None
    if move.honey > f.honey or move.pollen > f.pollen or move.water > f.water:
        return f"The tile gives at most {f.honey} honey, {f.pollen} pollen and {f.water} water."
    if move.honey + move.pollen + move.water > s.players[f.seat].empty:
        return f"Your comb has only {s.players[f.seat].empty} empty cells."
    return None


def finish_forage(s: BeeLivesState, seat: int, move: CollectMove) -> None:
    s.pending = None
    p = s.players[seat]
    f = s.forage
    assert f is not None
    p.honey += move.honey
    p.pollen += move.pollen
    p.water += move.water
    moved = gain_disease(p, game_data().rules.forage.disease)
    got = ", ".join(f"{n} {r}" for n, r in zip((move.honey, move.pollen, move.water), RESOURCES) if n) or "nothing"
    s.say(f"{p.name} takes {got}; the mite moves {moved} space{'s' if moved != 1 else ''}.")
    tile = f.tile
    s.forage = None
    c = card(s)
    if c is not None and c.spawn_after_forage is not None:
        _spawn_roll(s, tile, c.spawn_after_forage, c.name)


def _spawn_roll(s: BeeLivesState, tile: int, need: int, why: str) -> None:
    if tile in hive_tiles(s) or free_hive(s) is None:
        return
    roll = d6(s)
    if roll >= need:
        s.say(f"{why}: the D6 shows {roll}.")
        spawn_wild(s, tile, spawn_strength(s), why)
        s.spawned = True
    else:
        s.say(f"{why}: the D6 shows {roll}, no wild hive.")


def do_scout(s: BeeLivesState, seat: int, move: ScoutMove) -> None:
    p = s.players[seat]
    if (move.q, move.r) not in scout_targets(s, seat):
        raise IllegalMove("You cannot scout there: pick an empty space up to 3 spaces from your hive, "
                          "reached through a line of tiles.")
    p.unassigned -= 1
    p.assigned["scout"] += 1
    s.reveal()
    drawn = [draw_tile(s)]
    if sum(s.bag.values()):
        drawn.append(draw_tile(s))
    assert p.hive is not None
    s.scout = ScoutCtx(seat=seat, group=s.tiles[p.hive].group, q=move.q, r=move.r, drawn=drawn)
    s.say(f"{p.name} scouts the space ({move.q},{move.r}) and draws {' and '.join(drawn)}.")
    if len(set(drawn)) == 1:
        place_scouted(s, seat, KeepMove(tile=drawn[0]))
    else:
        ask(s, seat, "keep")


def keep_moves(s: BeeLivesState) -> list[KeepMove]:
    sc = s.scout
    assert sc is not None
    return [KeepMove(tile=k) for k in dict.fromkeys(sc.drawn)]


def place_scouted(s: BeeLivesState, seat: int, move: KeepMove) -> None:
    s.pending = None
    sc = s.scout
    assert sc is not None
    rest = list(sc.drawn)
    rest.remove(move.tile)
    for kind in rest:
        s.bag[kind] += 1
    tid = add_tile(s, move.tile, sc.group, sc.q, sc.r)
    s.scout = None
    back_txt = f"; the {rest[0]} goes back in the bag" if rest else ""
    s.say(f"{s.players[seat].name} places the {move.tile} tile #{tid}{back_txt}.")
    c = card(s)
    if c is not None and c.spawn_after_scout is not None:
        _spawn_roll(s, tid, c.spawn_after_scout, c.name)


def do_defend(s: BeeLivesState, seat: int, move: DefendMove) -> None:
    p = s.players[seat]
    p.unassigned -= move.bees
    p.assigned["defend"] += move.bees
    s.say(f"{p.name} puts {move.bees} bee{'s' if move.bees != 1 else ''} on Defend "
          f"({p.assigned['defend']} defending).")


def do_wax(s: BeeLivesState, seat: int, move: WaxMove) -> None:
    p = s.players[seat]
    cost = wax_cost(s) * move.bees
    p.unassigned -= move.bees
    p.assigned["wax"] += move.bees
    p.honey -= cost
    p.comb += move.bees
    s.say(f"{p.name} builds wax with {move.bees} bee{'s' if move.bees != 1 else ''} for {cost} honey: "
          f"a comb of {p.comb} cells.")


def do_clean(s: BeeLivesState, seat: int, move: CleanMove) -> None:
    p = s.players[seat]
    before = level(p)
    p.unassigned -= move.bees
    p.assigned["clean"] += move.bees
    moved = back(p, move.bees)
    p.upright = True
    s.say(f"{p.name} cleans with {move.bees} bee{'s' if move.bees != 1 else ''}: the mite goes back {moved} "
          f"space{'s' if moved != 1 else ''} (disease -{before} -> -{level(p)}) and stands upright.")


def do_cool(s: BeeLivesState, seat: int, move: CoolMove) -> None:
    p = s.players[seat]
    bees, water = cool_cost(s, seat)
    p.unassigned -= bees
    p.assigned["cool"] += bees
    p.water -= water
    p.cooled = True
    s.say(f"{p.name} cools the hive with {bees} bee{'s' if bees != 1 else ''} and {water} water.")


def do_requeen(s: BeeLivesState, seat: int, move: RequeenMove) -> None:
    p = s.players[seat]
    old = p.queen
    p.unassigned -= 1
    p.assigned["requeen"] += 1
    set_queen(p, move.queen)
    p.paused = True
    s.say(f"{p.name} requeens: the {old} queen gives way to a {move.queen} queen (no brood next month).")
