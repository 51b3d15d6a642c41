"""Setting up a game: the steps of the book's setup for 1-4 players, and the
setup decisions (solo configuration card, the first player's arrangement of
the starting tiles, forage start spots)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...core.errors import IllegalMove
from ...core.hexgrid import Hex
from ...core.rng import Rng, RngState
from . import turns
from .common import and_list, ask, quadrant_spaces, rname, space_name
from .data import NECTARS, RESOURCES, ConfigCard, game_data
from .models import (
    ArrangeMove,
    Beeline,
    ConfigMove,
    HiveTile,
    HoneyBuzzOptions,
    HoneyBuzzState,
    NectarTile,
    Player,
    StartMove,
)


def table_players(n: int) -> int:
    """The player-count row of the setup tables (solo uses the 2-player row)."""
    return game_data().setup.solo_plays_as if n == 1 else n


def new_game(options: HoneyBuzzOptions, names: Sequence[str], seed: int) -> HoneyBuzzState:
    """A new game for ``names`` (1 to 4 players) with ``options`` and ``seed``, set up as the book says for that player
    count, waiting for its first setup decision or the first turn; raises ValueError for another player count."""
    data = game_data()
    comp, setup = data.components, data.setup
    n = len(names)
    if not 1 <= n <= 4:
        raise ValueError("Honey Buzz takes 1 to 4 players")
    solo = n == 1
    tp = table_players(n)
    key = str(tp)
    rs = RngState.from_seed(seed)
    rng = Rng(rs)

    # hive board side and the six stacks of standard tiles
    boxes: dict[str, list[Beeline]] = {box: [] for box in setup.boxes(tp)}
    stacks = dict(comp.standard_tiles)

    # queen's contests: one card per colour, at random or the starred one
    pool = data.contests.solo if solo else data.contests.multiplayer
    contests: list[str] = []
    for colour in ("I", "II", "III"):
        cards_c = [c for c in pool if c.colour == colour]
        pick = next(c for c in cards_c if c.star) if options.contests == "star" else rng.choice(cards_c)
        contests.append(pick.id)

    # order stacks: small orders on top of large ones, by table b
    sizes = setup.order_stacks[key]
    small = [c.id for c in data.orders.cards if c.size == "small"]
    large = [c.id for c in data.orders.cards if c.size == "large"]
    rng.shuffle(small)
    rng.shuffle(large)
    stacks_o: list[list[str]] = []
    for _ in range(3):
        stacks_o.append([small.pop() for _ in range(sizes.small)] + [large.pop() for _ in range(sizes.large)])
    orders_up: list[str | None] = [st.pop(0) for st in stacks_o]
    orders_box = sorted(small + large)

    # market markers: top space, one lower with two players
    start = setup.market_start_space[key]
    market = [start] * len(RESOURCES)

    # players: table c by seat from the first player (seat 0)
    players = []
    for i, name in enumerate(names):
        row = setup.seat_start[i]
        players.append(Player(name=name, colour=comp.colours[i], coins=row.coins,
                              supply=comp.workers_per_player - row.workers, available=row.workers))

    # nectar tiles: table d (standard) or table f (advanced), shuffled into the field
    f = data.field
    field: list[NectarTile | None] = [None] * (f.rows * f.cols)
    box: list[NectarTile] = []
    if not options.advanced:
        tiles: list[NectarTile] = []
        removed = setup.nectar_removed_per_type[key]
        for t in NECTARS:
            tiles += [NectarTile(kind=t)] * (comp.nectar_per_type - removed)
            box += [NectarTile(kind=t)] * removed
        spaces = list(range(len(field)))
        rng.shuffle(spaces)
        rng.shuffle(tiles)
        for i, tile in zip(spaces, tiles):
            field[i] = tile
    else:
        removed = setup.advanced_removed_per_group[key]
        for group in NECTARS:
            fronts = [front for front, k in f.back_groups[group].items() for _ in range(k)]
            rng.shuffle(fronts)
            if options.advanced_removal == "own_type":
                for _ in range(removed):
                    fronts.remove(group)
                    box.append(NectarTile(kind=group, back=group))
            else:
                for _ in range(removed):
                    box.append(NectarTile(kind=fronts.pop(), back=group))
            spaces_q = quadrant_spaces(group)
            rng.shuffle(spaces_q)
            for sp, t in zip(spaces_q, fronts):
                field[sp[0] * f.cols + sp[1]] = NectarTile(kind=t, back=group)
        rng.shuffle(box)

    honey_left = comp.honey_per_type - 1
    s = HoneyBuzzState(
        options=options, n=n, solo=solo, advanced=options.advanced, players=players, boxes=boxes,
        stacks=stacks, market=market, orders_up=orders_up, order_stacks=stacks_o, orders_box=orders_box,
        contests=contests, speed_done=[[] for _ in contests], field=field, seen=[[] for _ in field],
        nectar_box=box, supply_honey=[honey_left] * len(NECTARS), supply_pollen=comp.pollen - 1, rng=rs,
    )
    s.say(f"Honey Buzz for {n} player{'s' if n > 1 else ''}"
          + (" (solitaire against the drones, level "
             f"{data.solo.level(options.solo_level).name})" if solo else "")
          + (", advanced variant (face-down nectar)" if options.advanced else "") + ".")
    names_c = ", ".join(data.contest(c).title for c in contests)
    s.say(f"Queen's contests: {names_c}.")
    if not options.advanced and box:
        s.say("Nectar tiles left in the box: " + ", ".join(f"{removed} {rname(t)}" for t in NECTARS) + ".")

    if solo:
        deck = [c.id for c in data.drones.cards]
        rng.shuffle(deck)
        s.drone_deck = deck
        s.drones = [d.start for d in data.drones.drones]
        s.drone_top_box = data.drone_card(deck[0]).box

    # configuration card
    cards = data.configurations.cards
    if options.config == "star":
        chosen = [next(c for c in cards if c.star)]
    elif options.config in ("standard", "veteran"):
        chosen = [c for c in cards if c.level == options.config]
    elif options.config == "random":
        chosen = list(cards)
    else:
        chosen = [data.configurations.by_id(options.config)]
    ids = [c.id for c in chosen]
    if len(ids) == 1:
        set_config(s, ids[0])
    elif solo:
        rng.shuffle(ids)
        s.config_choices = sorted(ids[:2])
        s.say(f"Configuration cards drawn: {s.config_choices[0]} and {s.config_choices[1]}.")
    else:
        set_config(s, rng.choice(ids))
    s.reveal()
    setup_next(s)
    return s


def set_config(s: HoneyBuzzState, cid: str) -> None:
    """Use configuration card ``cid``: its starting tiles become the hive's arrangement when the card fixes them."""
    card = game_data().configurations.by_id(cid)
    s.config = cid
    s.config_choices = []
    s.say(f"Configuration card {cid} ({card.level}{', starred' if card.star else ''}).")
    if card.icons is not None:
        s.arrangement = [HiveTile(kind=ic.kind, hexes=slot, icon=ic.hex, starting=True)
                         for ic, slot in zip(card.icons, card.slots)]


def _config_card(s: HoneyBuzzState) -> ConfigCard | None:
    return game_data().configurations.by_id(s.config) if s.config else None


def setup_next(s: HoneyBuzzState) -> None:
    """Ask for the next setup decision, or start play."""
    if s.config is None:
        ask(s, "config", 0, choices=s.config_choices)
        return
    card = _config_card(s)
    assert card is not None
    if len(s.arrangement) < len(card.slots):
        ask(s, "arrange", 0, slot=len(s.arrangement))
        return
    if not s.players[0].tiles:
        for p in s.players:
            p.tiles = list(s.arrangement)
        s.say("Every player builds the same starting hive.")
    if not s.advanced:
        placed = [p.forage for p in s.players]
        if None in placed:
            if s.options.forage_starts == "random":
                rows = list(game_data().field.start_rows)
                Rng(s.rng).shuffle(rows)
                for p, row in zip(s.players, rows):
                    p.forage = (row, -1)
                s.reveal()  # chance shown to every seat (after a setup decision too)
                s.say(_random_starts_text(s.players))
            else:
                seat = max(i for i, sp in enumerate(placed) if sp is None)
                ask(s, "start", seat)
                return
    s.phase = "play"
    s.turn = 1
    s.current = 0
    turns.start_turn(s)


def _random_starts_text(players: Sequence[Player]) -> str:
    """The log line for forage start spots drawn at random: "Ann starts foraging from A0 (drawn at
    random)", or "Ann starts foraging from A0, Bob from D0 and Cy from C0 (start spots drawn at random)"."""
    starts = [(p.name, space_name(p.forage)) for p in players if p.forage is not None]
    spots = [f"{name}{' starts foraging' if not i else ''} from {spot}" for i, (name, spot) in enumerate(starts)]
    return and_list(spots) + (" (drawn at random)." if len(spots) == 1 else " (start spots drawn at random).")


# -- setup decisions --------------------------------------------------------------------


def legal_setup(s: HoneyBuzzState) -> list[Any]:
    """The answers to the pending setup decision: a configuration card kept, a starting tile and its icon for the next
    slot, or a free start spot."""
    pend = s.pending
    assert pend is not None
    if pend.kind == "config":
        return [ConfigMove(card=c) for c in pend.choices]
    if pend.kind == "arrange":
        card = _config_card(s)
        assert card is not None and pend.slot is not None
        used = {t.kind for t in s.arrangement}
        slot = card.slots[pend.slot]
        return [ArrangeMove(tile=k, icon=h) for k in game_data().components.starting_tiles if k not in used
                for h in slot]
    if pend.kind == "start":
        taken = {p.forage[0] for p in s.players if p.forage is not None}
        return [StartMove(row=r) for r in game_data().field.start_rows if r not in taken]
    return []


def apply_setup(s: HoneyBuzzState, move: object) -> None:
    """Carry out a setup choice, then ask the next setup question or start the first turn; raises IllegalMove for a
    card that was not drawn, a tile already placed or off its slot, or a start spot taken or not there."""
    pend = s.pending
    assert pend is not None
    if isinstance(move, ConfigMove):
        if pend.kind != "config":
            raise IllegalMove("No configuration card is being chosen now.")
        if move.card not in pend.choices:
            raise IllegalMove(f"Configuration card {move.card} was not drawn; choose "
                              + " or ".join(pend.choices) + ".")
        s.pending = None
        set_config(s, move.card)
    elif isinstance(move, ArrangeMove):
        if pend.kind != "arrange":
            raise IllegalMove("The starting tiles are not being arranged now.")
        card = _config_card(s)
        assert card is not None and pend.slot is not None
        slot: tuple[Hex, Hex] = card.slots[pend.slot]
        if move.tile not in game_data().components.starting_tiles:
            raise IllegalMove(f"{move.tile} is not a starting hive tile.")
        if any(t.kind == move.tile for t in s.arrangement):
            raise IllegalMove(f"The {move.tile} starting tile is already placed.")
        if move.icon not in slot:
            raise IllegalMove("The icon must sit on one of the two hexes of this slot.")
        s.arrangement.append(HiveTile(kind=move.tile, hexes=slot, icon=move.icon, starting=True))
        s.pending = None
        s.say(f"{s.players[0].name} puts the {game_data().action_name(move.tile)} starting tile in slot "
              f"{pend.slot + 1}.")
    elif isinstance(move, StartMove):
        if pend.kind != "start":
            raise IllegalMove("No start spot is being chosen now.")
        if move.row not in game_data().field.start_rows:
            raise IllegalMove(f"There is no start spot on row {move.row}.")
        if any(p.forage is not None and p.forage[0] == move.row for p in s.players):
            raise IllegalMove("Another forage token is already on that start spot.")
        p = s.players[pend.seat]
        p.forage = (move.row, -1)
        s.pending = None
        s.say(f"{p.name} starts foraging from {space_name(p.forage)}.")
    else:
        raise IllegalMove("That is not a setup decision.")
    setup_next(s)
