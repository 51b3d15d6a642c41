"""Conservation and consistency checks, run after every step by
``beegames simulate`` and the random-play tests."""

from __future__ import annotations

from collections import Counter

from ...core.hexgrid import connected
from .common import owned_workers
from .data import NECTARS, RESOURCES, game_data
from .geometry import enclosed, is_site, is_slot, pattern_of, site_neighbours
from .models import HoneyBuzzState, Player
from .placement import HiveIndex, accepts_for


def check_invariants(s: HoneyBuzzState) -> None:
    data = game_data()
    comp = data.components
    assert 1 <= s.n <= 4 and len(s.players) == s.n, "player count"

    # workers: ten per player, wherever they are
    on_board: Counter[int] = Counter()
    for box, lines in s.boxes.items():
        heights = [b.height for b in lines]
        assert heights == sorted(heights) and len(set(heights)) == len(heights), \
            f"beelines in {box} must be strictly taller in placement order"
        for b in lines:
            assert b.height >= 1, "empty beeline"
            on_board[b.seat] += b.height
    for i, p in enumerate(s.players):
        assert min(p.supply, p.available, p.nursery) >= 0, f"{p.name}: negative workers"
        total = p.supply + p.available + p.nursery + on_board[i]
        assert total == comp.workers_per_player, f"{p.name}: {total} workers instead of {comp.workers_per_player}"
        assert owned_workers(p) >= 1
        assert p.coins >= 0, f"{p.name}: negative coins"
        assert p.pollen >= 0

    # hive tiles: every standard tile in a stack, in hand or in a hive
    held: Counter[str] = Counter(t.kind for p in s.players for t in p.tiles if not t.starting)
    if s.holding is not None:
        held[s.holding] += 1
    for kind, count in comp.standard_tiles.items():
        assert s.stacks[kind] >= 0, f"negative {kind} stack"
        assert s.stacks[kind] + held[kind] == count, f"{kind} tiles not conserved"
    for p in s.players:
        starting = sorted(t.kind for t in p.tiles if t.starting)
        if s.phase != "setup":
            assert starting == sorted(comp.starting_tiles), f"{p.name}: the four starting tiles"
        _check_hive(s, p)

    # nectar tiles
    pend_tile = [s.pending.tile] if s.pending is not None and s.pending.tile is not None else []
    tiles = [t for t in s.field if t is not None] + [c.nectar for p in s.players for c in p.cells
                                                     if c.nectar is not None]
    tiles += s.nectar_box + s.nectar_removed + pend_tile
    kinds: Counter[str] = Counter(t.kind for t in tiles)
    assert "?" not in kinds, "a hidden nectar front in the real state"
    for t in NECTARS:
        assert kinds[t] == comp.nectar_per_type, f"{t} nectar tiles not conserved ({kinds[t]})"
    if s.advanced:
        backs: Counter[str | None] = Counter(t.back for t in tiles)
        for g in NECTARS:
            assert backs[g] == sum(data.field.back_groups[g].values()), f"back group {g} not conserved"
        f = data.field
        for g, q in data.field.quadrants.items():
            for r in q.rows:
                for c in q.cols:
                    here = s.field[r * f.cols + c]
                    assert here is None or here.back == g, "a face-down tile outside its quadrant"
    for i, spot in enumerate(s.field):
        assert spot is not None or not s.seen[i], "seen marks on an empty space"

    # honey and pollen supplies (one of each sits on the market as its marker)
    for h, t in enumerate(NECTARS):
        on_tiles = sum(1 for p in s.players for c in p.cells if c.honey and c.nectar is not None
                       and c.nectar.kind == t)
        assert s.supply_honey[h] >= 0, f"negative {t} honey supply"
        assert s.supply_honey[h] + on_tiles + 1 == comp.honey_per_type, f"{t} honey not conserved"
    assert s.supply_pollen >= 0, "negative pollen supply"
    assert s.supply_pollen + sum(p.pollen for p in s.players) + 1 == comp.pollen, "pollen not conserved"

    # market markers
    for i, col in enumerate(data.market.columns):
        assert 0 <= s.market[i] < len(col.values), f"{RESOURCES[i]} marker off its column"

    # order cards
    all_orders = [o for o in s.orders_up if o is not None] + [o for st in s.order_stacks for o in st]
    all_orders += s.orders_box + s.orders_removed + [o for p in s.players for o in p.orders]
    assert len(all_orders) == comp.order_cards and len(set(all_orders)) == comp.order_cards, "orders not conserved"
    for k, up in enumerate(s.orders_up):
        assert up is not None or k in s.flip or not s.order_stacks[k], "a stack with cards but none face up"

    # contests
    for done in s.speed_done:
        assert len(set(done)) == len(done), "a player finished a speed contest twice"

    # drones
    if s.solo:
        assert len(s.drone_deck) >= 1, "the drone deck is never empty"
        cards = s.drone_deck + s.drone_discard
        assert sorted(cards) == sorted(c.id for c in data.drones.cards), "drone cards not conserved"
        for i, side in enumerate(data.drones.drones):
            assert s.drones[i] in side.boxes, "a drone left its side of the hive board"
        assert s.drone_top_box == data.drone_card(s.drone_deck[0]).box, "the drone deck's top is shown"
    else:
        assert not s.drones and not s.drone_deck


def _check_hive(s: HoneyBuzzState, p: Player) -> None:
    idx = HiveIndex.of(p)
    assert len(idx.owner) == 2 * len(p.tiles), f"{p.name}: overlapping tiles"
    for t in p.tiles:
        assert is_slot(*t.hexes), f"{p.name}: a tile off the lattice"
        assert t.icon in t.hexes, f"{p.name}: an icon off its tile"
    if p.tiles:
        assert connected(idx.owner), f"{p.name}: the hive is not connected"
    sites = [c.site for c in p.cells]
    assert len(set(sites)) == len(sites), f"{p.name}: a cell listed twice (two nectar tiles in one cell?)"
    for c in p.cells:
        assert is_site(c.site) and enclosed(c.site, idx.owner), f"{p.name}: a cell that is not enclosed"
        assert c.accepts == accepts_for(pattern_of(c.site, idx.owner), s.options.six_tile_cell), \
            f"{p.name}: a cell with the wrong nectar type"
        if c.nectar is not None:
            assert c.nectar.kind == c.accepts, f"{p.name}: {c.nectar.kind} nectar in a {c.accepts} cell"
        assert c.nectar is not None or not c.honey, f"{p.name}: honey without a nectar tile"
    # every enclosed site is a cell
    cellset = set(sites)
    for h in idx.owner:
        for site in site_neighbours(h):
            if site not in cellset:
                assert not enclosed(site, idx.owner), f"{p.name}: an enclosed site missing from the cells"
