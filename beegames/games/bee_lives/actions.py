"""The Action phase: rounds of player turns, and the eight actions of the
hive board with their limits (Forage, Scout, Raid, Defend, Build Wax, Clean
Bees, Cool Hive, Requeen). Raids are resolved in :mod:`.raids`; the wild
hives' turns in :mod:`.wildhives`."""

from __future__ import annotations

from typing import Any

from ...core.errors import IllegalMove
from ...core.tasks import make
from ...core.words import with_article
from . import hooks
from .colony import back, card, count, disease_text, gain_disease, level, season_of, set_queen, spawn_strength
from .common import (
    ask,
    can_spawn_near,
    d6,
    draw_tile,
    free_hive,
    push,
    space_name,
    spawn_wild,
    tile_label,
    turn_order,
)
from .data import RESOURCES, derived, game_data, solo_data
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
    ScareMove,
    ScoutCtx,
    ScoutMove,
    TileMove,
    WaxMove,
)

# -- the phase ------------------------------------------------------------------------


def t_actions(s: BeeLivesState, args: list[str]) -> None:
    """Task: the Action Phase begins; queue its first round of turns."""
    s.phase = "action"
    push(s, "round")


def t_round(s: BeeLivesState, args: list[str]) -> None:
    """Task: one round of the Action Phase: a turn for every player with free bees, in turn order, then the
    wild hives' turns, then the next round; nothing when no player has a free bee left."""
    active = [i for i in turn_order(s) if s.players[i].unassigned > 0]
    if not active:
        return
    push(s, *[make("pturn", i) for i in active], "wround", "round")


def t_pturn(s: BeeLivesState, args: list[str]) -> None:
    """Task: player ``args[0]``'s turn of the round, if they have a free bee; on their first turn of a Perfect
    Weather or Indian Summer month the wild hive the card brings is placed first."""
    i = int(args[0])
    p = s.players[i]
    if p.unassigned <= 0:
        return
    first = not p.had_turn
    p.had_turn = True
    c = card(s)
    if first and c is not None and c.spawn_first_turn:
        tiles = can_spawn_near(s, p.hive)
        if tiles:
            push(s, make("turn", i))
            ask(s, i, "card_spawn", choices=tiles, reason=f"{c.name}: a wild hive appears near your hive")
            return
        s.say(f"{c.name}: no wild hive can be placed near {p.name}'s hive.")
    ask(s, i, "turn")


def t_turn(s: BeeLivesState, args: list[str]) -> None:
    """Task: ask player ``args[0]`` for an action if they still have a free bee (the turn after a card's
    spawn)."""
    i = int(args[0])
    if s.players[i].unassigned > 0:
        ask(s, i, "turn")


def do_card_spawn(s: BeeLivesState, seat: int, move: TileMove) -> None:
    """Place the wild hive a first-turn season card brings (Perfect Weather, Indian Summer) on the chosen tile
    near the player's hive."""
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
    if s.solo is not None and s.solo.burned:
        taken |= set(s.solo.burned)  # Wildfire: a burned tile gives nothing
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
    """The empty spaces ``seat`` may scout now (Scout: one free bee, up to three spaces away through an
    unbroken line of tiles); none when the bag is empty."""
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
        if key[0] == "w" and s.solo is not None and int(key[1:]) in s.solo.haunted_hives:
            continue  # a haunted hive is never raided
        out.append(key)
    return out


def wax_cost(s: BeeLivesState) -> int:
    """The honey each bee of a Build Wax costs this month (two, or the season card's figure)."""
    c = card(s)
    return c.wax_cost if c is not None and c.wax_cost is not None else game_data().rules.wax_cost


def wax_limit(s: BeeLivesState, seat: int) -> int:
    """The most bees ``seat`` may put on Build Wax now: bounded by their free bees, the comb's room left and
    the honey they can pay."""
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
    """Whether ``seat`` can take Cool Hive now: enough free bees and water for the cost of :func:`cool_cost`."""
    p = s.players[seat]
    bees, water = cool_cost(s, seat)
    return 0 < bees <= p.unassigned and water <= p.water


def turn_moves(s: BeeLivesState, seat: int) -> list[Any]:
    """Every action ``seat`` may take on this turn: each forage tile, scout space, raid target and bee count,
    Defend, Build Wax, Clean Bees, Cool Hive, Requeen, and the actions a solo mode adds."""
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
    out += [RequeenMove(queen=q) for q in requeen_choices(s, seat)]
    if s.solo is not None:
        out += hooks.action_moves(s, seat)
    return out


def requeen_choices(s: BeeLivesState, seat: int) -> list[str]:
    """Queen types a Requeen may bring now (a type other than the present one)."""
    p = s.players[seat]
    if p.unassigned < 1:
        return []
    allowed = hooks.queens_allowed(s, seat) if s.solo is not None else QUEENS
    return [q for q in QUEENS if q != p.queen and q in allowed]


def bees_for(s: BeeLivesState, seat: int, move: Any) -> tuple[str, int, int | None]:
    """``(action space or "forage", bees, tile)`` an action takes (for an action that fails)."""
    if isinstance(move, ForageMove):
        return "forage", dict(forage_targets(s, seat)).get(move.tile, 1), move.tile
    if isinstance(move, (DefendMove, WaxMove, CleanMove)):
        return move.kind, move.bees, None
    if isinstance(move, CoolMove):
        return "cool", cool_cost(s, seat)[0], None
    if isinstance(move, ScareMove):
        return "raid", solo_data().haunting.scare_bees, None
    if isinstance(move, ScoutMove):
        return "scout", 1, None
    if isinstance(move, RequeenMove):
        return "requeen", 1, None
    return "raid", int(getattr(move, "bees", 1)), None


# -- the actions ---------------------------------------------------------------------------


def kind_yield(s: BeeLivesState, kind: str) -> tuple[int, int, int]:
    """What a tile of ``kind`` gives a player this month (honey, pollen,
    water): the seasonal chart plus the active card, never below 0; nothing
    in winter."""
    d = derived()
    season = season_of(s.month)
    if season not in d.yields:
        return (0, 0, 0)
    base = d.yields[season][kind]  # type: ignore[index]
    if s.card is not None:
        ch = d.card_yield[s.card][kind]
        return (max(0, base[0] + ch[0]), max(0, base[1] + ch[1]), max(0, base[2] + ch[2]))
    return base


def tile_yield(s: BeeLivesState, tile: int) -> tuple[int, int, int]:
    """What a tile gives a player this month: the seasonal chart plus the card."""
    return kind_yield(s, s.tiles[tile].kind)


def resources_text(amounts: tuple[int, int, int]) -> str:
    """"3 honey, 1 water": the resources given, leaving out those at 0 ("" for none)."""
    return ", ".join(f"{n} {r}" for n, r in zip(amounts, RESOURCES) if n)


def _mite_text(moved: int) -> str:
    return f"the mite moves {count(moved, 'space')}" if moved else "the mite does not move"


def do_forage(s: BeeLivesState, seat: int, move: ForageMove) -> None:
    """Forage a tile (the bees, one per space away, go onto it); the tile's yield is then offered for the
    collect decision. Raises :class:`IllegalMove` for a tile the player may not forage."""
    p = s.players[seat]
    bees = dict(forage_targets(s, seat)).get(move.tile)
    if bees is None:
        raise IllegalMove("You cannot forage that tile: it is out of reach, already foraged, holds another hive, "
                          "or needs more bees than you have free.")
    p.unassigned -= bees
    p.foraging.append(Forager(tile=move.tile, bees=bees))
    if s.solo is not None and not hooks.forage_goes_ahead(s, seat, move.tile):
        return  # the ghosts of a haunted tile drove the bees off
    if s.solo is not None:
        hooks.touched(s, f"p{seat}", move.tile)
    h, po, w = tile_yield(s, move.tile)
    s.forage = ForageCtx(seat=seat, tile=move.tile, honey=h, pollen=po, water=w)
    offer = resources_text((h, po, w))
    s.say(f"{p.name} forages the {tile_label(s, move.tile)} with {count(bees, 'bee')} "
          f"({f'it gives up to {offer}' if offer else 'it gives nothing this month'}).")
    if p.empty == 0 or h + po + w == 0:
        finish_forage(s, seat, CollectMove(honey=0, pollen=0, water=0))
    else:
        ask(s, seat, "collect")


def collect_moves(s: BeeLivesState) -> list[CollectMove]:
    """Every amount of the foraged tile's honey, pollen and water the player may collect into their empty
    cells, largest first."""
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
    """Why a collect is refused (more than the tile gives, or than the comb's empty cells hold), or None when
    it is allowed."""
    f = s.forage
    assert f is not None
    if move.honey > f.honey or move.pollen > f.pollen or move.water > f.water:
        return f"The tile gives at most {f.honey} honey, {f.pollen} pollen and {f.water} water."
    if move.honey + move.pollen + move.water > s.players[f.seat].empty:
        return f"Your comb has only {count(s.players[f.seat].empty, 'empty cell')}."
    return None


def finish_forage(s: BeeLivesState, seat: int, move: CollectMove) -> None:
    """Store the collected cubes and add the forage's one disease; then a season card's after-forage spawn
    roll is made on the tile."""
    s.pending = None
    p = s.players[seat]
    f = s.forage
    assert f is not None
    p.honey += move.honey
    p.pollen += move.pollen
    p.water += move.water
    moved = gain_disease(p, game_data().rules.forage.disease)
    got = resources_text((move.honey, move.pollen, move.water)) or "nothing"
    s.say(f"{p.name} takes {got}; {_mite_text(moved)}.")
    tile = f.tile
    s.forage = None
    c = card(s)
    if c is not None and c.spawn_after_forage is not None:
        card_spawn_roll(s, tile, c.spawn_after_forage, c.name)


def card_spawn_roll(s: BeeLivesState, tile: int, need: int, why: str) -> None:
    """A card's spawn roll on ``tile`` (after a forage or a scout, a player's or a wild
    hive's): a D6 of ``need`` or more brings a wild hive there, unless a hive stands on it,
    no wild hive piece is free, or (solo) the tile is haunted or burned."""
    if tile in hive_tiles(s) or free_hive(s) is None:
        return
    if s.solo is not None and tile in hooks.blocked_tiles(s):
        return  # no wild hive on a haunted or burned tile
    roll = d6(s)
    if roll >= need:
        s.say(f"{why}: the D6 shows {roll}.")
        spawn_wild(s, tile, spawn_strength(s), why)
        s.spawned = True
    else:
        s.say(f"{why}: the D6 shows {roll}, no wild hive.")


def do_scout(s: BeeLivesState, seat: int, move: ScoutMove) -> None:
    """Scout a space: one bee goes to Scout, two tiles are drawn from the bag (one when it holds one) for the
    keep decision. Raises :class:`IllegalMove` for a space the player may not scout."""
    p = s.players[seat]
    if (move.q, move.r) not in scout_targets(s, seat):
        raise IllegalMove("You cannot scout there: pick an empty space up to 3 spaces from your hive, "
                          "reached through a line of tiles.")
    p.unassigned -= 1
    p.assigned["scout"] += 1
    if s.solo is not None:
        hooks.scouted(s, seat)
    s.reveal()
    drawn = [draw_tile(s)]
    if sum(s.bag.values()):
        drawn.append(draw_tile(s))
    assert p.hive is not None
    s.scout = ScoutCtx(seat=seat, group=s.tiles[p.hive].group, q=move.q, r=move.r, drawn=drawn)
    s.say(f"{p.name} scouts the space {space_name(s, s.scout.group, move.q, move.r)} and draws "
          f"{' and '.join(drawn)}.")
    if len(set(drawn)) == 1:
        place_scouted(s, seat, KeepMove(tile=drawn[0]))
    else:
        ask(s, seat, "keep")


def keep_moves(s: BeeLivesState) -> list[KeepMove]:
    """The tiles the scout drew, one choice per kind, for the player to keep."""
    sc = s.scout
    assert sc is not None
    return [KeepMove(tile=k) for k in dict.fromkeys(sc.drawn)]


def place_scouted(s: BeeLivesState, seat: int, move: KeepMove) -> None:
    """Place the kept tile on the scouted space and return the other to the bag; then the season card's and
    Under Siege's after-scout spawn rolls are made on it."""
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
    s.say(f"{s.players[seat].name} places the {tile_label(s, tid)}{back_txt}.")
    c = card(s)
    if c is not None and c.spawn_after_scout is not None:
        card_spawn_roll(s, tid, c.spawn_after_scout, c.name)
    need = hooks.scout_spawn_need(s) if s.solo is not None else None
    if need is not None:
        card_spawn_roll(s, tid, need, "Under Siege")


def do_defend(s: BeeLivesState, seat: int, move: DefendMove) -> None:
    """Put bees on Defend for the rest of the month."""
    p = s.players[seat]
    p.unassigned -= move.bees
    p.assigned["defend"] += move.bees
    s.say(f"{p.name} puts {count(move.bees, 'bee')} on Defend ({p.assigned['defend']} defending).")


def do_wax(s: BeeLivesState, seat: int, move: WaxMove) -> None:
    """Build Wax: pay the honey for each bee and grow the comb by one cell per bee."""
    p = s.players[seat]
    cost = wax_cost(s) * move.bees
    p.unassigned -= move.bees
    p.assigned["wax"] += move.bees
    p.honey -= cost
    p.comb += move.bees
    s.say(f"{p.name} builds wax with {count(move.bees, 'bee')} for {cost} honey: a comb of {p.comb} cells.")


def do_clean(s: BeeLivesState, seat: int, move: CleanMove) -> None:
    """Clean Bees: the mite moves back one space per bee and stands upright (the next disease gain this month
    is one less)."""
    p = s.players[seat]
    before = level(p)
    p.unassigned -= move.bees
    p.assigned["clean"] += move.bees
    moved = back(p, move.bees)
    p.upright = True
    after = level(p)
    if not moved:
        went = "the mite is already on the start space"
    else:
        change = (f"disease {disease_text(before)} -> {disease_text(after)}" if after != before
                  else f"disease still {disease_text(after)}")
        went = f"the mite goes back {count(moved, 'space')} ({change})"
    s.say(f"{p.name} cleans with {count(move.bees, 'bee')}: {went}; it stands upright.")


def do_cool(s: BeeLivesState, seat: int, move: CoolMove) -> None:
    """Cool Hive: pay the bees and water of :func:`cool_cost`; the hive counts as cooled this month."""
    p = s.players[seat]
    bees, water = cool_cost(s, seat)
    p.unassigned -= bees
    p.assigned["cool"] += bees
    p.water -= water
    p.cooled = True
    s.say(f"{p.name} cools the hive with {count(bees, 'bee')} and {water} water.")


def do_requeen(s: BeeLivesState, seat: int, move: RequeenMove) -> None:
    """Requeen: one bee, a queen of another type, no brood next month."""
    p = s.players[seat]
    old = p.queen
    p.unassigned -= 1
    p.assigned["requeen"] += 1
    set_queen(p, move.queen)
    p.paused = True
    s.say(f"{p.name} requeens: the {old} queen gives way to {with_article(move.queen)} queen (no brood next month).")
    if s.solo is not None:
        hooks.queen_chosen(s, seat, move.queen, "requeen")
