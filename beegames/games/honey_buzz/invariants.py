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
from .rules import Decision
from .setup import table_players
from .tasks import DRONE_TURN, registered


def check_invariants(s: HoneyBuzzState) -> None:
    """Check that ``s`` is a position the rules can reach: workers, tiles, nectar, honey, pollen and order cards
    conserved, every hive well formed, every name and list in place; raises AssertionError naming the first thing
    wrong."""
    data = game_data()
    comp = data.components
    assert 1 <= s.n <= 4 and len(s.players) == s.n, "player count"
    _check_references(s)

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


def _check_references(s: HoneyBuzzState) -> None:
    """Everything the state names exists and every list has its length:
    seats, colours, boxes, field spaces, market columns, cards, queued tasks
    (a name that is not there, or a list one short, would stop the rules or
    the screen)."""
    data = game_data()
    comp, f = data.components, data.field
    assert s.solo == (s.n == 1) and s.advanced == s.options.advanced, "the game's mode"
    assert [p.colour for p in s.players] == comp.colours[:s.n], "the players' colours"
    assert 0 <= s.current < s.n, "the current player is not in the game"
    n_spaces = f.rows * f.cols
    assert len(s.field) == n_spaces and len(s.seen) == n_spaces, "the field's spaces"
    for seen in s.seen:
        assert len(set(seen)) == len(seen) and all(0 <= i < s.n for i in seen), "a look by a seat not in the game"
    assert len(s.market) == len(data.market.columns), "the market's columns"
    assert len(s.supply_honey) == len(NECTARS), "the honey supplies"
    assert set(s.stacks) == set(comp.standard_tiles), "the tile stacks"
    assert set(s.boxes) == set(data.setup.boxes(table_players(s.n))), "the hive board's boxes"
    for lines in s.boxes.values():
        assert all(0 <= b.seat < s.n for b in lines), "a beeline of a seat not in the game"
    known_orders = {o.id for o in data.orders.cards}
    assert len(s.orders_up) == len(s.order_stacks) == len(data.orders.stack_actions), "the order stacks"
    every = [o for o in s.orders_up if o is not None] + [o for st in s.order_stacks for o in st]
    every += s.orders_box + s.orders_removed + [o for p in s.players for o in p.orders]
    assert set(every) <= known_orders, "an unknown order card"
    assert all(0 <= k < len(s.orders_up) for k in s.flip), "an order stack that is not there"
    pool = data.contests.solo if s.solo else data.contests.multiplayer
    known_contests = {c.id for c in pool}
    assert len(s.contests) == 3 and len(set(s.contests)) == 3 and set(s.contests) <= known_contests, \
        "the queen's contests"
    assert len(s.speed_done) == len(s.contests), "the queen's contests"
    assert all(0 <= i < s.n for done in s.speed_done for i in done), "a contest won by a seat not in the game"
    configs = {c.id for c in data.configurations.cards}
    assert s.config is None or s.config in configs, f"an unknown configuration card {s.config!r}"
    assert set(s.config_choices) <= configs, "an unknown configuration card"
    for t in s.arrangement:
        assert t.starting and is_slot(*t.hexes) and t.icon in t.hexes, "a starting tile off its slot"
    for p in s.players:
        if p.forage is not None:
            row, col = p.forage
            assert 0 <= row < f.rows and -1 <= col < f.cols, f"{p.name}: the forage token off the field"
        assert p.best_sale >= 0, f"{p.name}: a negative sale"
    assert len(s.final) == (s.n if s.phase == "over" else 0), "the final scores are there once the game is over"
    assert s.phase != "over" or s.pending is None, "a decision after the end"
    known_tasks = registered()
    for entry in s.queue:
        assert entry in known_tasks, f"an unknown task {entry[:40]!r} is queued"
    assert s.solo or not {DRONE_TURN, "drone_end"} & set(s.queue), "a drone task without drones"
    assert s.phase != "over" or not s.queue, "tasks queued after the end"
    assert s.phase == "over" or s.pending is not None or s.queue, "nothing pending and nothing queued"
    drone_cards = {c.id for c in data.drones.cards}
    assert s.drone_card is None or s.drone_card in drone_cards, "an unknown drone card"
    if s.solo:
        assert len(s.drones) == len(data.drones.drones), "the drones"
    pend = s.pending
    if pend is not None:
        assert isinstance(pend, Decision) and type(pend) is Decision.kinds().get(pend.kind), \
            f"an unknown decision {pend.kind!r}"
        assert 0 <= pend.seat < s.n, "a decision for a seat not in the game"
        if pend.space is not None:
            row, col = pend.space
            assert 0 <= row < f.rows and -1 <= col < f.cols, "a decision about a space off the field"
