"""Setting up a game and each round, and ending rounds and the game.

2022 (2-4 players, or solo against Bumblebot) and 2014 (2-4 players) start
from the same table; the editions differ in the Queen Bee deck, the blockers
and the end of the game.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...core.rng import Rng, RngState
from ...core.state import with_detail
from .blockers import remove_round_blockers
from .data import components, first_edition, game_data
from .effects import after_queen_removed, end_game, forget_top_card
from .models import BUMBLEBOT, Bumblebot, Player, Room, Table, WaggleDanceOptions
from .queries import card_name, owner_name, seat_order
from .tasks import make, task


def new_table(state_cls: type[Table], options: WaggleDanceOptions, names: Sequence[str], seed: int) -> Table:
    """The opening table (before any automatic step) of a game for ``names``."""
    n = len(names)
    first_edition_rules = options.ruleset == "2014"
    if first_edition_rules and not 2 <= n <= 4:
        raise ValueError("the 2014 edition of Waggle Dance takes 2 to 4 players")
    if not 1 <= n <= 4:
        raise ValueError("Waggle Dance takes 1 to 4 players")
    comp = components(options.ruleset)
    rng_state = RngState.from_seed(seed)
    rng = Rng(rng_state)
    players = [
        Player(name=names[i], colour=i, dice=comp.starting_dice, pool=[1] * comp.starting_dice,
               rooms=[Room() for _ in range(comp.starting_rooms)])
        for i in range(n)
    ]
    supply_dice = [comp.dice_per_colour] * 4
    for p in players:
        supply_dice[p.colour] -= comp.starting_dice
    solo = n == 1
    unused = list(range(n, 4))
    bumblebot = None
    if solo:
        bumblebot = Bumblebot(colour=unused[0], dice=comp.starting_dice, pool=[1] * comp.starting_dice)
        supply_dice[bumblebot.colour] -= comp.starting_dice
        unused = unused[1:]
        deck_ids = [c.id for c in game_data().solo.cards]
        rng.shuffle(deck_ids)
        bumblebot.deck = deck_ids
    blocker_colours = [unused[k % len(unused)] for k in range(3)] if unused else []
    deck_types: list[str] = []
    if first_edition_rules:
        qdeck, box, deck_types = _first_edition_deck(rng)
    else:
        qdeck, box = _queen_deck_2022(options, n, rng)
    solo_deck: list[int] = []
    if not first_edition_rules and not solo and n in (2, 3) and options.solo_card_blockers:
        solo_deck = [c.id for c in game_data().solo.cards]
        rng.shuffle(solo_deck)
    threat_deck: list[str] = []
    if options.threats:
        threat_deck = [c.name for c in game_data().threats.cards]
        rng.shuffle(threat_deck)
    first = 0
    if first_edition_rules:
        first = rng.below(n)
    s = state_cls(
        options=options, n=n, solo=solo, target=comp.honey_target[options.length],
        order=list(range(n)) + ([BUMBLEBOT] if solo else []), first=first, day_ptr=first,
        players=players, bumblebot=bumblebot, spaces={f"{a}{v}": [] for a in "ACDEG" for v in range(1, 7)},
        supply_eggs=comp.eggs, supply_nectar=[comp.nectar_per_colour] * 6,
        supply_rooms=comp.room_tiles - comp.starting_rooms * n, supply_dice=supply_dice,
        blocker_colours=blocker_colours, queen_deck=qdeck, queen_box=box, solo_deck=solo_deck,
        threat_deck=threat_deck, deck_types=deck_types,
        guardians=game_data().components.guardian_markers, rng=rng_state,
    )
    if first_edition_rules:
        lengths = {"short": "short", "standard": "standard", "long": "long"}
        s.say(f"Waggle Dance (2014 first edition): {n}-player {lengths[options.length]} game; the first to "
              f"{s.target} honey wins.")
        s.say(with_detail(f"This game's Queen Bee deck: {len(qdeck)} cards of {len(deck_types)} kinds.",
                          "The kinds: " + ", ".join(card_name(c) for c in deck_types) + "."))
        s.say(f"The Volunteer Dice picks {names[first]} as first player.")
        s.queue = [make("setup_blockers"), *start_round_tasks(s)]
    else:
        mode = "solo game against Bumblebot" if solo else f"{n}-player game"
        s.say(with_detail(f"Waggle Dance: {mode}, {options.length} game to {s.target} honey"
                          + (", with Threats." if options.threats else "."),
                          f"It ends after the round in which someone reaches {s.target} honey, or in which the "
                          "Queen Bee deck runs out."))
        s.say(f"The Queen Bee deck holds {len(qdeck)} cards.")
        s.queue = start_round_tasks(s)
    return s


def _queen_deck_2022(options: WaggleDanceOptions, n: int, rng: Rng) -> tuple[list[str], list[str]]:
    """The 10 starting (hexagon) cards plus the setup table's random cards; the Threats and
    solo variants as the rulebook sets them up. Returns the shuffled deck and the unused cards."""
    data = game_data()
    comp = data.components
    hexes: list[str] = []
    others: list[str] = []
    t_hex: list[str] = []
    t_other: list[str] = []
    for c in data.queen.cards:
        h = [c.id] * c.hexagon_copies
        o = [c.id] * (c.copies - c.hexagon_copies)
        if c.expansion == "base":
            hexes += h
            others += o
        else:
            t_hex += h
            t_other += o
    if n == 1:
        difficulty = comp.solo_queen_cards[options.difficulty]
        size = difficulty.short if options.length == "short" else difficulty.long
        extra_n = size - len(hexes)
        rng.shuffle(others)
        deck = hexes + others[:extra_n]
        rest = others[extra_n:]
        if options.threats:
            pool = t_hex + t_other
            picked: list[str] = []
            for cid, k in comp.solo_threat_queen_cards.items():
                for _ in range(k):
                    pool.remove(cid)
                    picked.append(cid)
            deck += picked
            rest += pool
        else:
            rest += t_hex + t_other
    else:
        extra_n = comp.additional_queen_cards[str(n)]
        if options.threats:
            rng.shuffle(hexes)
            k = comp.standard_hexagon_cards_with_threats
            start = t_hex + hexes[:k]
            pool = hexes[k:] + others
            rng.shuffle(pool)
            deck = start + pool[:extra_n]
            rest = pool[extra_n:] + t_other
        else:
            rng.shuffle(others)
            deck = hexes + others[:extra_n]
            rest = others[extra_n:] + t_hex + t_other
    rng.shuffle(deck)
    return deck, sorted(rest)


def _first_edition_deck(rng: Rng) -> tuple[list[str], list[str], list[str]]:
    """2014: ten of the fourteen card types, every copy of each, shuffled; the types are public."""
    data = first_edition()
    types = [c.id for c in data.queen.cards]
    rng.shuffle(types)
    chosen = types[:data.components.queen_types_in_game]
    by_id = data.queen_by_id
    deck = [cid for cid in chosen for _ in range(by_id[cid].copies)]
    rest = [cid for cid in types[len(chosen):] for _ in range(by_id[cid].copies)]
    rng.shuffle(deck)
    order = [c.id for c in data.queen.cards]
    return deck, sorted(rest), sorted(chosen, key=order.index)


def start_round_tasks(s: Table) -> list[str]:
    """The tasks that open a round, before the first die is placed."""
    if s.first_edition:
        return ["dawn_window", "roll_dice", "morning_window", "day_turn"]
    q = ["setup_blockers"]
    if s.options.threats and s.turn >= 2:
        q.append("reveal_threat")
    q += [make("offer_volunteer", p) for p in seat_order(s)]
    q += ["roll_dice", "day_turn"]
    return q


@task("solo_discard")
def t_solo_discard(s: Table, args: list[str]) -> bool:
    """Solo, end of each night: the top Queen Bee card is discarded."""
    if not s.queen_deck:
        return False
    s.queen_discard.append(s.queen_deck.pop(0))
    s.reveal()
    forget_top_card(s)
    s.say(f"End of night: the top Queen Bee card is discarded ({len(s.queen_deck)} left).")
    after_queen_removed(s)
    return True


def game_should_end(s: Table) -> bool:
    """Is the game over at the end of this round?"""
    reached = any(p.honey >= s.target for p in s.players) or (
        s.bumblebot is not None and s.bumblebot.honey >= s.target)
    if s.first_edition:
        return reached
    return reached or s.final_round or not s.queen_deck or s.end_triggered


def stalled(s: Table) -> str | None:
    """2014 has no end but the honey target; an engine safeguard (not a rule) stops a game
    that can no longer reach it, or that runs far too long."""
    if not s.first_edition:
        return None
    if s.turn >= first_edition().components.safeguard_rounds:
        return f"stopped by the engine after {s.turn} rounds without a winner"
    if s.supply_rooms == 0 and all(len(p.rooms) < s.target for p in s.players):
        return "stopped by the engine: no room tiles are left and nobody can reach the target"
    return None


@task("end_round")
def t_end_round(s: Table, args: list[str]) -> bool:
    """Round end: check the end of the game; otherwise everything lent for the round goes back,
    the blockers go (2022) and the First Player card passes clockwise."""
    if game_should_end(s):
        end_game(s)
        return True
    why = stalled(s)
    if why is not None:
        s.stopped = why
        end_game(s)
        return True
    for pl in s.players:
        pl.pool += pl.helpers + pl.sick
        pl.helpers = []
        pl.sick = []
        for _ in range(pl.volunteer):
            pl.pool.pop()
            if not s.first_edition:
                s.supply_dice[pl.colour] += 1
        pl.volunteer = 0
        pl.directions = []
        pl.double_park = pl.soldier = False
        if pl.guardian:
            pl.guardian = False
            s.guardians += 1
    s.volunteer_die = None
    remove_round_blockers(s)
    s.first = (s.first + 1) % len(s.order)
    s.day_ptr = s.first
    s.day_cycle = 0
    s.turn += 1
    s.phase = "day"
    s.queue = start_round_tasks(s)
    s.say(f"Round {s.turn - 1} ends. The First Player card passes to {owner_name(s, s.order[s.first])}.")
    return True
