"""The six hive actions: Forage, Produce, Market, New Bee, Decree, Accounting.

Each owed action starts with :func:`begin`; the ones with choices wait for
a decision (``forage`` / ``peek`` / ``store`` / ``produce`` / ``market``),
and a finished action leaves no decision pending (the task queue then
carries the turn on, :mod:`.tasks`).
Market sales and orders live in :mod:`.market` and :mod:`.orders`.
"""

from __future__ import annotations

from ...core.errors import IllegalMove
from ...core.hexgrid import Hex
from . import market
from .common import aname, ask, cells_text, gain_pollen, index, manhattan, rname, space_name, space_of
from .data import game_data
from .geometry import site_neighbours
from .models import ActMove, Cell, FanMove, ForageMove, HoneyBuzzState, PeekMove, Player, Space, StoreMove
from .placement import HiveIndex

DECREE_CHOICES = ("forage", "produce", "market", "newbee", "accounting")


def begin(s: HoneyBuzzState, kind: str) -> None:
    """Start the owed hive action ``kind`` for the current player: Forage, Produce and Market ask their decision
    (Market is skipped with a log line when there is nothing to sell; an advanced Forage with an empty field gives a
    pollen instead, if the supply has one), New Bee and Accounting are done at once; raises ValueError for a kind
    that is not a hive action."""
    p = s.players[s.current]
    if kind == "forage":
        if s.advanced:
            if not any(t is not None for t in s.field):
                got = gain_pollen(s, p)
                s.say(f"{p.name} forages, but no nectar tile is left in the field: "
                      f"{'a pollen' if got else 'nothing (the pollen supply is empty)'}.")
                return
            ask(s, "peek", action="forage")
        else:
            ask(s, "forage", action="forage")
    elif kind == "produce":
        ask(s, "produce", action="produce")
    elif kind == "market":
        if market.market_possible(s, p):
            ask(s, "market", action="market")
        else:
            s.say(f"{p.name} has nothing to sell and no order to complete.")
    elif kind in ("newbee", "accounting"):
        run_auto(s, kind)
    else:
        raise ValueError(kind)


def run_auto(s: HoneyBuzzState, kind: str) -> None:
    """New Bee and Accounting: no choice, done at once."""
    p = s.players[s.current]
    comp = game_data().components
    if kind == "accounting":
        p.coins += comp.accounting_coins
        s.say(f"{p.name} takes {comp.accounting_coins} coins (Accounting).")
    else:
        if p.supply > 0:
            p.supply -= 1
            p.nursery += 1
            s.say(f"{p.name} adds a new bee to the nursery ({comp.workers_per_player - p.supply} workers owned).")
        else:
            s.say(f"{p.name} has no worker left in the supply: New Bee does nothing.")


# -- choosing the next action --------------------------------------------------------------


def legal_act(s: HoneyBuzzState) -> list[ActMove]:
    """The actions the player may take next, one per owed kind, a Decree expanded into each of the five actions it may
    stand for."""
    assert s.pending is not None
    out = []
    for k in s.pending.choices:
        if k == "decree":
            out += [ActMove(action="decree", choice=c) for c in DECREE_CHOICES]
        else:
            out.append(ActMove(action=k))
    return out


def act(s: HoneyBuzzState, move: ActMove) -> None:
    """Take the owed action ``move.action`` next (a Decree as the action it names, book: Decree); raises IllegalMove
    when that action is not owed, or a Decree names none of the five others, or another action names one."""
    if move.action not in s.todo:
        raise IllegalMove(f"{aname(move.action)} is not one of the actions you owe this turn.")
    if move.action == "decree":
        if move.choice not in DECREE_CHOICES:
            raise IllegalMove("A Decree takes one of the five other hive actions: name it.")
        s.todo.remove("decree")
        s.pending = None
        s.say(f"{s.players[s.current].name} uses a Decree as {aname(move.choice)}.")
        begin(s, move.choice)
        return
    if move.choice is not None:
        raise IllegalMove("Only a Decree names another action.")
    s.todo.remove(move.action)
    s.pending = None
    begin(s, move.action)


# -- forage ------------------------------------------------------------------------------------


def empty_cells(p: Player, kind: str) -> list[Hex]:
    """The sites of ``p``'s cells that take ``kind`` nectar and hold no tile yet."""
    return [c.site for c in p.cells if c.accepts == kind and c.nectar is None]


def forage_cost(start: Space, dest: Space) -> int:
    """The coins a forage move from ``start`` to ``dest`` costs: the first spaces are free, each further orthogonal
    space costs the extra price (book: Forage)."""
    comp = game_data().components
    return max(0, manhattan(start, dest) - comp.forage_free_spaces) * comp.forage_extra_cost


def legal_forage(s: HoneyBuzzState) -> list[ForageMove]:
    """Every forage move the current player can pay for: each field space (and the start spot while the token still
    sits there), paired with each empty cell that could take the tile found there."""
    p = s.players[s.current]
    assert p.forage is not None
    f = game_data().field
    dests = [(r, c) for r in range(f.rows) for c in range(f.cols)]
    if p.forage[1] < 0:
        dests.insert(0, p.forage)
    out = []
    for d in dests:
        if forage_cost(p.forage, d) > p.coins:
            continue
        tile = s.field[index(d)] if d[1] >= 0 else None
        cells = empty_cells(p, tile.kind) if tile is not None else []
        if cells:
            out += [ForageMove(to=d, cell=c) for c in cells]
        else:
            out.append(ForageMove(to=d))
    return out


def forage(s: HoneyBuzzState, move: ForageMove) -> None:
    """Forage: move the token, pay for the distance, and collect the nectar tile there into the named cell, or gain a
    pollen (while the supply lasts) when there is no tile or no empty cell for it; raises IllegalMove for a space off
    the field, a move the player cannot pay for, or a missing or wrong cell."""
    p = s.players[s.current]
    assert p.forage is not None
    d = move.to
    f = game_data().field
    if d != p.forage and not (0 <= d[0] < f.rows and 0 <= d[1] < f.cols):
        raise IllegalMove(f"{space_name(d)} is not a space of the field.")
    cost = forage_cost(p.forage, d)
    if cost > p.coins:
        raise IllegalMove(f"Moving there costs {cost} coins; you have {p.coins}.")
    tile = s.field[index(d)] if d[1] >= 0 else None
    cells = empty_cells(p, tile.kind) if tile is not None else []
    if tile is not None and cells and move.cell not in cells:
        raise IllegalMove(f"You must collect the {rname(tile.kind)} nectar tile: name one of your empty "
                          f"{rname(tile.kind)} cells.")
    if not cells and move.cell is not None:
        raise IllegalMove("There is no nectar tile there that you can store.")
    p.coins -= cost
    p.forage = d
    paid = f", paying {cost} coins," if cost else ""
    s.pending = None
    if cells:
        assert tile is not None and move.cell is not None
        s.field[index(d)] = None
        s.seen[index(d)] = []
        _store(p, move.cell, tile)
        s.say(f"{p.name} forages to {space_name(d)}{paid} and collects the {rname(tile.kind)} nectar "
              f"into {cells_text(p, [move.cell])}.")
    else:
        got = gain_pollen(s, p)
        what = "a pollen" if got else "no pollen (the supply is empty)"
        s.say(f"{p.name} forages to {space_name(d)}{paid} and gains {what}.")


def _store(p: Player, site: Hex, tile: object) -> None:
    from .models import NectarTile

    assert isinstance(tile, NectarTile)
    for i, c in enumerate(p.cells):
        if c.site == site:
            p.cells[i] = Cell(site=c.site, accepts=c.accepts, nectar=tile, honey=False)
            return
    raise AssertionError("no such cell")


# -- advanced forage: looking at face-down tiles ----------------------------------------------


def legal_peek(s: HoneyBuzzState) -> list[PeekMove]:
    """Advanced forage: a look at each face-down tile still in the field."""
    return [PeekMove(space=space_of(i)) for i, t in enumerate(s.field) if t is not None]


def look(s: HoneyBuzzState, seat: int, space: Space, scouting: bool) -> None:
    """Seat ``seat`` looks at the face-down tile on ``space``: while
    foraging it collects the tile if it can, else puts it back and gains a
    pollen; while scouting it only looks."""
    i = index(space)
    tile = s.field[i]
    p = s.players[seat]
    if tile is None:
        raise IllegalMove(f"There is no nectar tile on {space_name(space)}.")
    s.reveal()
    if seat not in s.seen[i]:
        s.seen[i] = sorted(s.seen[i] + [seat])
    if scouting:
        s.say(f"{p.name} scouts: looks at the tile on {space_name(space)} and puts it back.")
        s.say(f"The tile on {space_name(space)} is {rname(tile.kind)}.", seats=[seat])
        return
    cells = empty_cells(p, tile.kind)
    if not cells:
        got = gain_pollen(s, p)
        s.say(f"{p.name} looks at the tile on {space_name(space)}, has no empty cell for it and puts it back; "
              f"{'gains a pollen' if got else 'no pollen is left'}.")
        s.say(f"The tile on {space_name(space)} is {rname(tile.kind)}.", seats=[seat])
        return
    s.field[i] = None
    s.seen[i] = []
    # the others see the front (it goes face up into the hive), but no line of the log keeps
    # where it lay: that would name its back, which they may not look at in this hive
    where = f"The {rname(tile.kind)} tile you collected lay on {space_name(space)}" + (
        f" ({rname(tile.back)} back)." if tile.back else ".")
    if len(cells) == 1:
        _store(p, cells[0], tile)
        s.say(f"{p.name} looks at a face-down tile and collects its {rname(tile.kind)} nectar into "
              f"{cells_text(p, [cells[0]])}.")
        s.say(where, seats=[seat])
        return
    s.say(f"{p.name} looks at a face-down tile and collects its {rname(tile.kind)} nectar.")
    s.say(where, seats=[seat])
    ask(s, "store", seat, nectar=tile.kind, tile=tile)


def peek(s: HoneyBuzzState, move: PeekMove) -> None:
    """Advanced forage: the current player looks at the face-down tile on ``move.space`` and collects it if a cell can
    take it (:func:`look`); raises IllegalMove when no tile lies there."""
    i = index(move.space)
    if not (0 <= move.space[0] < game_data().field.rows and 0 <= move.space[1] < game_data().field.cols) \
            or s.field[i] is None:
        raise IllegalMove(f"There is no nectar tile on {space_name(move.space)}.")
    s.pending = None
    look(s, s.current, move.space, scouting=False)


def legal_store(s: HoneyBuzzState) -> list[StoreMove]:
    """The empty cells of the deciding seat that can take the nectar tile just collected."""
    pend = s.pending
    assert pend is not None and pend.nectar is not None
    return [StoreMove(cell=c) for c in empty_cells(s.players[pend.seat], pend.nectar)]


def store(s: HoneyBuzzState, move: StoreMove) -> None:
    """Put the nectar tile just collected into the chosen empty cell; raises IllegalMove when that cell cannot take it.
    """
    pend = s.pending
    assert pend is not None and pend.nectar is not None and pend.tile is not None
    p = s.players[pend.seat]
    if move.cell not in empty_cells(p, pend.nectar):
        raise IllegalMove(f"Choose one of your empty {rname(pend.nectar)} cells.")
    _store(p, move.cell, pend.tile)
    s.pending = None
    s.say(f"{p.name} puts the {rname(pend.nectar)} nectar into {cells_text(p, [move.cell])}.")


# -- produce -----------------------------------------------------------------------------------------


def fan_result(s: HoneyBuzzState, p: Player, space: Hex, idx: HiveIndex | None = None) -> list[Hex]:
    """The nectar tiles (cell sites) that would make honey with the fan on ``space``."""
    idx = idx or HiveIndex.of(p)
    if space not in idx.owner:
        return []
    left = list(s.supply_honey)
    out = []
    from .common import honey_index

    for site in site_neighbours(space):
        c = idx.cells.get(site)
        if c is None or c.nectar is None or c.honey or c.nectar.kind == "?":
            continue
        h = honey_index(c.nectar.kind)
        if left[h] > 0:
            left[h] -= 1
            out.append(site)
    return out


def legal_produce(s: HoneyBuzzState) -> list[FanMove]:
    """One fan placement per distinct honey result (each different set of nectar tiles the fan would turn to honey), or
    a single placement making nothing when no spot makes honey (book: Produce)."""
    p = s.players[s.current]
    idx = HiveIndex.of(p)
    seen: set[tuple[Hex, ...]] = set()
    out = []
    for t in p.tiles:
        for h in t.hexes:
            res = tuple(sorted(fan_result(s, p, h, idx)))
            if res and res not in seen:
                seen.add(res)
                out.append(FanMove(space=h))
    if not out:
        out.append(FanMove(space=p.tiles[0].hexes[0]))
    return out


def produce(s: HoneyBuzzState, move: FanMove) -> None:
    """Produce: place the fan on a space of the hive and turn each nectar tile round it into honey while that honey's
    supply lasts; raises IllegalMove for a space outside the player's hive."""
    p = s.players[s.current]
    idx = HiveIndex.of(p)
    if move.space not in idx.owner and move.space not in idx.cells:
        raise IllegalMove("The fan goes on a space of your own hive.")
    made = fan_result(s, p, move.space, idx)
    from .common import honey_index

    kinds = []
    for site in made:
        for i, c in enumerate(p.cells):
            if c.site == site:
                assert c.nectar is not None
                s.supply_honey[honey_index(c.nectar.kind)] -= 1
                p.cells[i] = Cell(site=c.site, accepts=c.accepts, nectar=c.nectar, honey=True)
                kinds.append(rname(c.nectar.kind))
    s.pending = None
    if kinds:
        s.say(f"{p.name} fans {cells_text(p, made)}: {len(kinds)} honey ({', '.join(kinds)}).")
    else:
        s.say(f"{p.name} sets the fan where it makes no honey.")
