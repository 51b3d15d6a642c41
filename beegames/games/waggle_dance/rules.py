"""The rules of Waggle Dance (2022 edition): setup, day, night, round end.

The state carries a queue of automatic tasks (short strings such as ``"C:3"``
= resolve the die on space C3). :func:`run_step` runs tasks until one of them
did something visible (a log line) or a seat has to decide; the decisions
live in ``state.pending`` and are answered by :func:`apply_move`.

Every function here mutates the state it is given: the engine always hands
it a fresh copy made by :func:`clone`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from ...core.errors import IllegalMove
from ...core.rng import Rng, RngState
from .data import colour_name, game_data, queen_names, solo_cards, threat_penalties
from .models import (
    BLOCKER1,
    BLOCKER2,
    BOT,
    EGG,
    Bot,
    DeclineMove,
    DiscardMove,
    DoneMove,
    EggMove,
    GainMove,
    HelperMove,
    LoseMove,
    NectarMove,
    Pending,
    PlaceMove,
    Player,
    PlayMove,
    RewardMove,
    Room,
    ShiftMove,
    Threat,
    TradeMove,
    WaggleDanceOptions,
    WaggleDanceState,
)

ACTION_NAMES = {
    "A": "Collect Room Tiles",
    "B": "Hatch Eggs",
    "C": "Claim Eggs",
    "D": "Gather Nectar",
    "E": "Trade for Nectar",
    "F": "Move Nectar / Make Honey",
    "G": "Draw a Queen Bee Card",
}
LETTERS = "ACEG"
CAP = 4


# ---------------------------------------------------------------------------
# copying


def _raw(cls, d, fs):
    o = cls.__new__(cls)
    object.__setattr__(o, "__dict__", d)
    object.__setattr__(o, "__pydantic_fields_set__", set(fs))
    object.__setattr__(o, "__pydantic_extra__", None)
    object.__setattr__(o, "__pydantic_private__", None)
    return o


def _copy_room(r: Room) -> Room:
    d = r.__dict__.copy()
    d["nectar"] = d["nectar"][:]
    d["dice"] = d["dice"][:]
    return _raw(Room, d, r.__pydantic_fields_set__)


def _copy_player(p: Player) -> Player:
    d = p.__dict__.copy()
    for k in ("pool", "helpers", "hand", "pending_nectar", "directions"):
        d[k] = d[k][:]
    d["rooms"] = [_copy_room(r) for r in d["rooms"]]
    return _raw(Player, d, p.__pydantic_fields_set__)


def clone(s: WaggleDanceState) -> WaggleDanceState:
    """A deep copy, fast enough to make one per move and per automatic step."""
    d = s.__dict__.copy()
    d["players"] = [_copy_player(p) for p in d["players"]]
    b = d["bot"]
    if b is not None:
        bd = b.__dict__.copy()
        for k in ("pool", "nectar", "deck", "discard", "b_pairs", "f_pairs", "f_failed"):
            bd[k] = bd[k][:]
        d["bot"] = _raw(Bot, bd, b.__pydantic_fields_set__)
    d["spaces"] = {k: v[:] for k, v in d["spaces"].items()}
    for k in ("supply_nectar", "supply_dice", "blocker_colours", "queen_deck", "queen_discard", "queen_box",
              "solo_deck", "solo_discard", "threat_deck", "threats_gone", "queue", "log", "order"):
        d[k] = d[k][:]
    d["threats"] = [_raw(Threat, {"name": t.name, "dice": t.dice[:]}, t.__pydantic_fields_set__)
                    for t in d["threats"]]
    pend = d["pending"]
    if pend is not None:
        pd = pend.__dict__.copy()
        for k in ("rooms", "cards", "moved"):
            pd[k] = pd[k][:]
        d["pending"] = _raw(Pending, pd, pend.__pydantic_fields_set__)
    r = d["rng"]
    d["rng"] = _raw(RngState, dict(r.__dict__), r.__pydantic_fields_set__)
    d["options"] = s.options  # never mutated
    return _raw(WaggleDanceState, d, s.__pydantic_fields_set__)


# ---------------------------------------------------------------------------
# small helpers


def log(s: WaggleDanceState, line: str) -> None:
    s.log.append(line)


def pname(s: WaggleDanceState, owner: int) -> str:
    if owner >= 0:
        return s.players[owner].name
    if owner == BOT:
        return "Bumblebot"
    return "Blocker"


def card_name(cid: str) -> str:
    return queen_names().get(cid, cid)


def seat_order(s: WaggleDanceState) -> list[int]:
    """Seats (no Bumblebot) in player order, starting with the first player."""
    k = len(s.order)
    return [s.order[(s.first + i) % k] for i in range(k) if s.order[(s.first + i) % k] >= 0]


def competitor_rank(s: WaggleDanceState, owner: int) -> int:
    k = len(s.order)
    for i in range(k):
        if s.order[(s.first + i) % k] == owner:
            return i
    return 10 - owner  # blockers last


def threat_spaces(s: WaggleDanceState) -> int:
    return game_data().components.solo_threat_spaces if s.solo else s.n


def rooms_with_space(p: Player) -> list[int]:
    return [i for i, r in enumerate(p.rooms) if not r.honey and not r.egg and len(r.nectar) < CAP]


def capacity(p: Player) -> int:
    return sum(CAP - len(r.nectar) for r in p.rooms if not r.honey and not r.egg)


def empty_rooms(p: Player) -> list[int]:
    return [i for i, r in enumerate(p.rooms) if not r.honey and not r.egg and not r.nectar]


def room_key(r: Room) -> tuple:
    return (r.egg, r.honey, tuple(sorted(r.nectar)), tuple(sorted(r.dice)))


def has_card(p: Player, cid: str) -> bool:
    return cid in p.hand


def spend_card(s: WaggleDanceState, p: Player, cid: str) -> None:
    p.hand.remove(cid)
    s.queen_discard.append(cid)


def anyone_has_dice(s: WaggleDanceState) -> bool:
    if any(p.pool for p in s.players):
        return True
    return s.bot is not None and bool(s.bot.pool)


def return_die(s: WaggleDanceState, owner: int, value: int) -> None:
    if owner >= 0:
        s.players[owner].pool.append(value)
    elif owner == BOT:
        s.bot.pool.append(value)
    else:
        s.supply_dice[s.blocker_colours[BLOCKER1 - owner]] += 1


def nectar_str(colours: Sequence[int]) -> str:
    c = Counter(colours)
    return ", ".join(f"{n} {colour_name(k).lower()}" for k, n in sorted(c.items()))


# ---------------------------------------------------------------------------
# setup


def new_game(options: WaggleDanceOptions, names: Sequence[str], seed: int) -> WaggleDanceState:
    comp = game_data().components
    n = len(names)
    solo = n == 1
    rng_state = RngState.from_seed(seed)
    rng = Rng(rng_state)
    colours = list(range(4))
    players = [
        Player(name=names[i], colour=colours[i], dice=comp.starting_dice,
               pool=[1] * comp.starting_dice, rooms=[Room() for _ in range(comp.starting_rooms)])
        for i in range(n)
    ]
    supply_dice = [comp.dice_per_colour] * 4
    for p in players:
        supply_dice[p.colour] -= comp.starting_dice
    bot = None
    unused = colours[n:]
    if solo:
        bot = Bot(colour=unused[0], dice=comp.starting_dice, pool=[1] * comp.starting_dice)
        supply_dice[bot.colour] -= comp.starting_dice
        unused = unused[1:]
        deck = [c.id for c in game_data().solo.cards]
        rng.shuffle(deck)
        bot.deck = deck
    blocker_colours = unused[:2]
    # Queen Bee deck
    qdeck, box = _build_queen_deck(options, n, rng)
    solo_deck: list[int] = []
    if not solo and n in (2, 3) and options.solo_card_blockers:
        solo_deck = [c.id for c in game_data().solo.cards]
        rng.shuffle(solo_deck)
    threat_deck: list[str] = []
    if options.threats:
        threat_deck = [c.name for c in game_data().threats.cards]
        rng.shuffle(threat_deck)
    spaces = {f"{a}{v}": [] for a in "ACDEG" for v in range(1, 7)}
    order = list(range(n)) + ([BOT] if solo else [])
    s = WaggleDanceState(
        options=options, n=n, solo=solo, target=comp.honey_target[options.length], order=order,
        players=players, bot=bot, spaces=spaces, supply_eggs=comp.eggs,
        supply_nectar=[comp.nectar_per_colour] * 6,
        supply_rooms=comp.room_tiles - comp.starting_rooms * n, supply_dice=supply_dice,
        blocker_colours=blocker_colours, queen_deck=qdeck, queen_box=box, solo_deck=solo_deck,
        threat_deck=threat_deck, guardians=comp.guardian_markers, rng=rng_state,
    )
    mode = "solo game against Bumblebot" if solo else f"{n}-player game"
    log(s, f"Waggle Dance: {mode}, {options.length} game (first to {s.target} honey triggers the end)"
           + (", with Threats." if options.threats else "."))
    log(s, f"The Queen Bee deck holds {len(qdeck)} cards.")
    s.queue = start_round_tasks(s)
    return s


def _build_queen_deck(options: WaggleDanceOptions, n: int, rng: Rng) -> tuple[list[str], list[str]]:
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
        extra_n = getattr(comp.solo_queen_cards[options.difficulty], options.length) - len(hexes)
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


def start_round_tasks(s: WaggleDanceState) -> list[str]:
    q = ["blockers"]
    if s.options.threats and s.turn >= 2:
        q.append("reveal_threat")
    q += [f"vol:{p}" for p in seat_order(s)]
    q += ["roll", "day"]
    return q


def night_tasks(s: WaggleDanceState) -> list[str]:
    seats = seat_order(s)
    t = [f"eager:{p}" for p in seats]
    t += [f"shuf:{p}:B" for p in seats]
    t += [f"A:{v}" for v in range(1, 7)]
    t += [f"B:{v}" for v in range(1, 7)]
    t += [f"Bx:{p}:0" for p in seats]
    t += [f"shuf:{p}:C" for p in seats]
    t += [f"C:{v}" for v in range(1, 7)]
    t += [f"D:{v}" for v in range(1, 7)]
    t += [f"Dp:{p}" for p in seats]
    t += [f"E:{v}" for v in range(1, 7)]
    t += [f"shuf:{p}:F" for p in seats]
    t += [f"F:{v}:{p}" for v in range(1, 7) for p in seats]
    t += [f"Fx:{p}:0" for p in seats]
    t += ["Fend", "Fbot", "Fbotfail"]
    t += [f"G:{v}" for v in range(1, 7)]
    if s.options.threats:
        t.append("threats")
    if s.solo:
        t.append("solo_discard")
    t.append("round_end")
    return t


# ---------------------------------------------------------------------------
# the task runner


def run_step(s: WaggleDanceState) -> None:
    """Run automatic tasks until something visible happened or a decision is due."""
    n_log = len(s.log)
    while s.phase != "over" and s.pending is None:
        if not s.queue:
            raise RuntimeError("Waggle Dance: no task left but the game is not over")
        task = s.queue[0]
        head, _, rest = task.partition(":")
        did = _TASKS[head](s, rest)
        if did or len(s.log) != n_log:
            return


def _pop(s: WaggleDanceState) -> None:
    s.queue.pop(0)


def _replace(s: WaggleDanceState, task: str) -> None:
    s.queue[0] = task


def _set_pending(s: WaggleDanceState, seat: int, kind: str, **kw) -> bool:
    s.pending = Pending(seat=seat, kind=kind, **kw)
    return True


# -- round start -----------------------------------------------------------


def t_blockers(s: WaggleDanceState, _: str) -> bool:
    _pop(s)
    rng = Rng(s.rng)
    if s.solo:
        sets = [(BLOCKER1, "ACEG")]
    elif s.n in (2, 3) and not s.options.solo_card_blockers:
        sets = [(BLOCKER1, "ACDEG")] + ([(BLOCKER2, "ACDEG")] if s.n == 2 else [])
    else:
        return False
    for owner, letters in sets:
        colour = s.blocker_colours[BLOCKER1 - owner]
        while True:
            vals = [1, 2, 3, 4, 5, 6]
            rng.shuffle(vals)
            vals = vals[:len(letters)]
            # a second set (2 players) never doubles up a space: on D that means another flower
            if not any(s.spaces[f"{a}{v}"] for a, v in zip(letters, vals)):
                break
        for a, v in zip(letters, vals):
            s.spaces[f"{a}{v}"].append((owner, v))
            s.supply_dice[colour] -= 1
        s.reveal()
        log(s, "Blocker dice cover " + ", ".join(f"{a}{v}" for a, v in zip(letters, vals)) + ".")
    return True


def t_reveal_threat(s: WaggleDanceState, _: str) -> bool:
    _pop(s)
    if not s.threat_deck:
        s.final_round = True
        log(s, "The Threat deck is empty: this is the final round.")
        return True
    name = s.threat_deck.pop(0)
    s.reveal()
    if threat_penalties()[name] == "none":
        s.threats_gone.append(name)
        log(s, "Threat revealed: No Threat. It is discarded.")
    else:
        s.threats.append(Threat(name=name))
        log(s, f"Threat revealed: {name} ({_penalty_text(name)}). Needs {threat_spaces(s)} matching dice.")
    return True


def _penalty_text(name: str) -> str:
    return {"egg": "lose an egg, else a honey", "die": "lose a die",
            "nectar": "lose a nectar, else a honey", "room": "lose a room"}[threat_penalties()[name]]


def t_vol(s: WaggleDanceState, rest: str) -> bool:
    p = int(rest)
    pl = s.players[p]
    if has_card(pl, "volunteer") and s.supply_dice[pl.colour] > 0:
        return _set_pending(s, p, "volunteer")
    _pop(s)
    return False


def t_roll(s: WaggleDanceState, _: str) -> bool:
    _pop(s)
    rng = Rng(s.rng)
    s.reveal()
    log(s, f"Round {s.turn}: day. {pname(s, s.order[s.first])} is first player.")
    for p in s.players:
        p.pool = sorted(rng.d6() for _ in p.pool)
        log(s, f"{p.name} rolls {' '.join(map(str, p.pool))}.")
    if s.bot is not None:
        s.bot.pool = sorted(rng.d6() for _ in s.bot.pool)
        log(s, f"Bumblebot rolls {' '.join(map(str, s.bot.pool))}.")
    return True


def advance_ptr(s: WaggleDanceState) -> None:
    s.day_ptr = (s.day_ptr + 1) % len(s.order)
    if s.day_ptr == s.first:
        s.day_cycle += 1
        if (not s.solo and s.options.solo_card_blockers and s.n in (2, 3) and anyone_has_dice(s)):
            s.queue.insert(0, "blk_mp")


def t_day(s: WaggleDanceState, _: str) -> bool:
    if not anyone_has_dice(s):
        _pop(s)
        s.phase = "night"
        s.queue[0:0] = night_tasks(s)
        log(s, f"Round {s.turn}: night falls.")
        return True
    who = s.order[s.day_ptr]
    if who >= 0:
        if s.players[who].pool:
            return _set_pending(s, who, "turn")
        advance_ptr(s)
        return False
    if not s.bot.pool:
        advance_ptr(s)
        return False
    from .bumblebot import bot_turn

    bot_turn(s)
    advance_ptr(s)
    s.queue.insert(0, "blk_bot")
    return True


def draw_solo_card(s: WaggleDanceState):
    """Reveal the top solo card (Bumblebot's deck, or the blocker deck)."""
    if s.solo:
        deck, disc = s.bot.deck, s.bot.discard
    else:
        deck, disc = s.solo_deck, s.solo_discard
    if not deck:
        deck.extend(disc)
        disc.clear()
        Rng(s.rng).shuffle(deck)
        log(s, "The Solo deck is reshuffled.")
    cid = deck.pop(0)
    s.reveal()
    disc.append(cid)
    if s.solo:
        s.bot.card = cid
    return solo_cards()[cid]


def place_card_blocker(s: WaggleDanceState, card, rightmost: bool) -> None:
    colour = s.blocker_colours[0]
    if s.supply_dice[colour] <= 0:
        log(s, "No blocker die is left to place.")
        return
    acts = list(reversed(card.actions)) if rightmost else list(card.actions)
    for i in range(6):
        v = card.chart[(card.blocker + i) % 6]
        for a in acts:
            sid = f"{a}{v}"
            if not s.spaces[sid]:
                s.spaces[sid].append((BLOCKER1, v))
                s.supply_dice[colour] -= 1
                log(s, f"Solo card {card.id}: a blocker die showing {v} goes on {sid}.")
                return
    log(s, f"Solo card {card.id}: no space is free for a blocker.")


def t_blk_bot(s: WaggleDanceState, _: str) -> bool:
    _pop(s)
    place_card_blocker(s, solo_cards()[s.bot.card], rightmost=True)
    return True


def t_blk_fresh(s: WaggleDanceState, _: str) -> bool:
    _pop(s)
    card = draw_solo_card(s)
    place_card_blocker(s, card, rightmost=True)
    return True


def t_blk_mp(s: WaggleDanceState, _: str) -> bool:
    _pop(s)
    card = draw_solo_card(s)
    place_card_blocker(s, card, rightmost=False)
    return True


# -- night -----------------------------------------------------------------


def _first_die(s: WaggleDanceState, sid: str) -> int:
    for i, (o, _) in enumerate(s.spaces[sid]):
        if o >= BOT:
            return i
    return -1


def t_eager(s: WaggleDanceState, rest: str) -> bool:
    p = int(rest)
    pl = s.players[p]
    if has_card(pl, "eager_bee") and eager_spaces(s, p):
        return _set_pending(s, p, "eager")
    _pop(s)
    return False


def eager_spaces(s: WaggleDanceState, p: int) -> list[str]:
    return [sid for sid in (f"{a}{v}" for a in LETTERS for v in range(1, 7))
            if any(o == p for o, _ in s.spaces[sid])]


def shuffle_useful(s: WaggleDanceState, p: int, when: str) -> bool:
    pl = s.players[p]
    if not has_card(pl, "shuffle"):
        return False
    live = [r for r in pl.rooms if not r.honey]
    if len(live) < 2 or not any(r.egg or r.nectar for r in live):
        return False
    if when == "B":
        return any(r.egg for r in live) and any(len(r.dice) >= 2 for r in live)
    if when == "C":
        return not empty_rooms(pl) and any(o == p for v in range(1, 7) for o, _ in s.spaces[f"C{v}"])
    return any(len(r.dice) >= 2 for r in live)


def t_shuf(s: WaggleDanceState, rest: str) -> bool:
    ps, when = rest.split(":")
    p = int(ps)
    if shuffle_useful(s, p, when):
        return _set_pending(s, p, "shuffle_offer", space=when)
    _pop(s)
    return False


def resolve_action(s: WaggleDanceState, letter: str, owner: int, v: int) -> None:
    """Resolve one die of ``owner`` showing ``v`` on action A, C, E or G."""
    sid = f"{letter}{v}"
    who = pname(s, owner)
    if letter == "A":
        if owner == BOT:
            log(s, f"Night — A: Bumblebot's bee on {sid} collects no room.")
        elif s.supply_rooms > 0:
            s.supply_rooms -= 1
            s.players[owner].rooms.append(Room())
            log(s, f"Night — A: {who} collects a room tile ({len(s.players[owner].rooms)} rooms).")
        else:
            log(s, f"Night — A: no room tiles are left; {who}'s bee returns empty-handed.")
    elif letter == "C":
        if s.supply_eggs <= 0:
            log(s, f"Night — C: no eggs are left; {who}'s bee returns empty-handed.")
        elif owner == BOT:
            s.supply_eggs -= 1
            s.bot.eggs += 1
            log(s, f"Night — C: Bumblebot claims an egg ({s.bot.eggs} held).")
        else:
            pl = s.players[owner]
            er = empty_rooms(pl)
            if not er:
                log(s, f"Night — C: {who} has no empty room, so cannot claim an egg.")
            elif len({room_key(pl.rooms[i]) for i in er}) == 1:
                put_egg(s, owner, er[0])
            else:
                _set_pending(s, owner, "egg")
    elif letter == "E":
        if owner == BOT:
            log(s, f"Night — E: Bumblebot's bee on {sid} takes no action.")
        elif can_trade(s, owner):
            _set_pending(s, owner, "trade", space=sid)
        else:
            log(s, f"Night — E: {who} has nothing to trade; the bee returns empty-handed.")
    elif letter == "G":
        if not s.queen_deck:
            log(s, f"Night — G: the Queen Bee deck is empty; {who}'s bee returns empty-handed.")
        elif owner == BOT:
            s.queen_discard.append(s.queen_deck.pop(0))
            s.reveal()
            log(s, f"Night — G: Bumblebot discards the top Queen Bee card ({len(s.queen_deck)} left).")
            after_queen_removed(s)
        else:
            draw_queen(s, owner, "Night — G: ")


def draw_queen(s: WaggleDanceState, p: int, prefix: str = "") -> None:
    cid = s.queen_deck.pop(0)
    s.players[p].hand.append(cid)
    s.reveal()
    log(s, f"{prefix}{pname(s, p)} draws a Queen Bee card ({len(s.queen_deck)} left).")
    s.say(f"{pname(s, p)}'s new Queen Bee card: {card_name(cid)} (only {pname(s, p)} sees this line).", seats=[p])
    after_queen_removed(s)


def after_queen_removed(s: WaggleDanceState) -> None:
    if s.queen_deck:
        return
    if s.solo:
        s.deck_out = True
        log(s, "The Queen Bee deck has run out!")
        end_game(s)
    elif not s.end_triggered:
        s.end_triggered = True
        log(s, "The last Queen Bee card is gone: the game ends after this round.")


def put_egg(s: WaggleDanceState, p: int, room: int) -> None:
    s.supply_eggs -= 1
    s.players[p].rooms[room].egg = True
    prefix = "Night — C: " if s.phase == "night" and s.queue and s.queue[0][0] in "CE" else ""
    log(s, f"{prefix}{pname(s, p)} puts an egg in room {room}.")


def t_space(s: WaggleDanceState, rest: str, letter: str) -> bool:
    sid = f"{letter}{rest}"
    i = _first_die(s, sid)
    if i < 0:
        _pop(s)
        return False
    owner, v = s.spaces[sid].pop(i)
    return_die(s, owner, v)
    resolve_action(s, letter, owner, v)
    return True


def can_trade(s: WaggleDanceState, p: int) -> bool:
    pl = s.players[p]
    supply = sum(s.supply_nectar)
    if pl.nectar_total >= 2:
        return True
    if supply == 0:
        return False
    if any(r.egg for r in pl.rooms):
        return True
    return bool(pl.hand) and capacity(pl) > 0


def t_B(s: WaggleDanceState, rest: str) -> bool:
    v = int(rest)
    for p in seat_order(s):
        pl = s.players[p]
        for i, r in enumerate(pl.rooms):
            if r.egg and r.dice.count(v) >= 2:
                r.dice.remove(v)
                r.dice.remove(v)
                pl.pool += [v, v]
                hatch(s, p, i, f"her pair of {v}s")
                return True
    b = s.bot
    if b is not None and v in b.b_pairs:
        b.b_pairs.remove(v)
        b.pool += [v, v]
        if b.eggs > 0 and s.supply_dice[b.colour] > 0:
            b.eggs -= 1
            s.supply_eggs += 1
            b.dice += 1
            b.pool.append(v)
            s.supply_dice[b.colour] -= 1
            log(s, f"Night — B: Bumblebot hatches an egg with its pair of {v}s ({b.dice} dice).")
        else:
            log(s, f"Night — B: Bumblebot's pair of {v}s has no egg to hatch.")
        return True
    _pop(s)
    return False


def hatch(s: WaggleDanceState, p: int, room: int, how: str) -> None:
    pl = s.players[p]
    if s.supply_dice[pl.colour] <= 0:
        log(s, f"Night — B: no {game_data().components.dice_colours[pl.colour].lower()} dice are left; "
               f"{pl.name}'s egg does not hatch.")
        return
    pl.rooms[room].egg = False
    s.supply_eggs += 1
    pl.dice += 1
    pl.pool.append(1)
    s.supply_dice[pl.colour] -= 1
    log(s, f"Night — B: {pl.name} hatches the egg in room {room} with {how} ({pl.dice} dice).")


def t_Bx(s: WaggleDanceState, rest: str) -> bool:
    ps, rs = rest.split(":")
    p, r0 = int(ps), int(rs)
    pl = s.players[p]
    if has_card(pl, "expertise") and s.supply_dice[pl.colour] > 0:
        for i in range(r0, len(pl.rooms)):
            r = pl.rooms[i]
            if r.egg and len(r.dice) >= 2:
                _replace(s, f"Bx:{p}:{i + 1}")
                return _set_pending(s, p, "expertise_b", room=i)
    _pop(s)
    return False


def t_D(s: WaggleDanceState, rest: str) -> bool:
    f = int(rest)
    _pop(s)
    sid = f"D{f}"
    dice = s.spaces[sid]
    if not any(o >= BOT for o, _ in dice):
        return False
    counts = Counter(o for o, _ in dice)
    levels = sorted(set(counts.values()), reverse=True)
    top = sorted((o for o in counts if counts[o] == levels[0]), key=lambda o: competitor_rank(s, o))
    second = [o for o in counts if len(levels) > 1 and counts[o] == levels[1]]
    awards: list[tuple[int, int]] = []
    if len(top) == 1:
        awards.append((top[0], 2))
    else:
        awards += [(o, 1) for o in top]
    if len(second) == 1:
        o = second[0]
        if not s.solo:
            awards.append((o, 1))
        elif s.options.difficulty == "easier" and o >= 0:
            awards.append((o, 1))
        elif s.options.difficulty == "harder" and o == BOT:
            awards.append((o, 1))
    colour = f - 1
    parts = []
    bounty = []
    for o, amt in awards:
        if o < BOT:
            continue
        take = min(amt, s.supply_nectar[colour])
        if take <= 0:
            parts.append(f"{pname(s, o)} finds no {colour_name(colour).lower()} nectar left")
            continue
        s.supply_nectar[colour] -= take
        if o == BOT:
            s.bot.nectar[colour] += take
        else:
            s.players[o].pending_nectar += [colour] * take
            if has_card(s.players[o], "bounty"):
                bounty.append(o)
        parts.append(f"{pname(s, o)} gathers {take}")
    # dice go home, blockers stay
    keep = []
    for o, v in dice:
        if o >= BOT:
            return_die(s, o, v)
        else:
            keep.append((o, v))
    s.spaces[sid] = keep
    desc = ", ".join(f"{pname(s, o)} {counts[o]}" for o in sorted(counts, key=lambda o: competitor_rank(s, o)))
    result = "; ".join(parts) if parts else "nobody gathers nectar"
    log(s, f"Night — D: flower {f} ({colour_name(colour).lower()}): {desc} — {result}.")
    s.queue[0:0] = [f"bounty:{f}:{o}" for o in bounty]
    return True


def t_bounty(s: WaggleDanceState, rest: str) -> bool:
    fs, ps = rest.split(":")
    f, p = int(fs), int(ps)
    if has_card(s.players[p], "bounty") and s.supply_nectar[f - 1] > 0:
        return _set_pending(s, p, "bounty", value=f)
    _pop(s)
    return False


def nectar_options(pl: Player) -> tuple[list[tuple[int, int]], bool]:
    """(colour, room) choices for storing pending nectar, and whether discarding is allowed."""
    rooms = rooms_with_space(pl)
    cols = sorted(set(pl.pending_nectar))
    opts = [(c, r) for c in cols for r in rooms]
    overflow = len(pl.pending_nectar) > capacity(pl)
    return opts, overflow


def t_Dp(s: WaggleDanceState, rest: str) -> bool:
    p = int(rest)
    pl = s.players[p]
    if not pl.pending_nectar:
        _pop(s)
        return False
    if capacity(pl) == 0:
        lost = pl.pending_nectar[:]
        for c in lost:
            s.supply_nectar[c] += 1
        pl.pending_nectar.clear()
        _pop(s)
        log(s, f"{pl.name} has no room left and returns {nectar_str(lost)} nectar to the supply.")
        return True
    opts, overflow = nectar_options(pl)
    if not overflow and len({(c, room_key(pl.rooms[r])) for c, r in opts}) == 1:
        c, r = opts[0]
        store_nectar(s, p, c, r)
        return True
    return _set_pending(s, p, "nectar")


def store_nectar(s: WaggleDanceState, p: int, c: int, r: int) -> None:
    pl = s.players[p]
    pl.pending_nectar.remove(c)
    pl.rooms[r].nectar.append(c)
    log(s, f"{pl.name} stores a {colour_name(c).lower()} nectar in room {r}.")


def t_F(s: WaggleDanceState, rest: str) -> bool:
    vs, ps = rest.split(":")
    v, p = int(vs), int(ps)
    pl = s.players[p]
    _replace(s, f"Fh:{v}:{p}:0")
    rooms = [i for i, r in enumerate(pl.rooms) if not r.honey and v in r.dice]
    if len(rooms) >= 2 and shift_moves(pl, rooms, [], eggs=False):
        return _set_pending(s, p, "move", value=v, rooms=rooms)
    return False


def honey_cards(pl: Player, r: Room) -> list[str]:
    out = []
    if has_card(pl, "alchemy") and len(r.nectar) == CAP:
        out.append("alchemy")
    if has_card(pl, "efficiency") and r.nectar and max(Counter(r.nectar).values()) >= 3:
        out.append("efficiency")
    return out


def natural_honey(r: Room) -> bool:
    return len(r.nectar) == CAP and len(set(r.nectar)) == 1


def t_Fh(s: WaggleDanceState, rest: str) -> bool:
    vs, ps, rs = rest.split(":")
    v, p, r0 = int(vs), int(ps), int(rs)
    pl = s.players[p]
    for i in range(r0, len(pl.rooms)):
        r = pl.rooms[i]
        if r.honey or r.dice.count(v) < 2:
            continue
        if natural_honey(r):
            _replace(s, f"Fh:{v}:{p}:{i + 1}")
            make_honey(s, p, i, list(r.nectar), f"a pair of {v}s")
            return True
        cards = honey_cards(pl, r)
        if cards:
            _replace(s, f"Fh:{v}:{p}:{i + 1}")
            return _set_pending(s, p, "honey_card", room=i, value=v, cards=cards)
    _pop(s)
    return False


def make_honey(s: WaggleDanceState, p: int, i: int, used: list[int], how: str) -> None:
    pl = s.players[p]
    r = pl.rooms[i]
    for c in used:
        r.nectar.remove(c)
        s.supply_nectar[c] += 1
    left = r.nectar[:]
    r.nectar.clear()
    r.honey = True
    log(s, f"Night — F: {pl.name} makes honey in room {i} from {nectar_str(used)} nectar with {how} "
           f"({pl.honey} honey).")
    if left:
        pl.pending_nectar += left
        s.queue.insert(0, f"Dp:{p}")


def t_Fx(s: WaggleDanceState, rest: str) -> bool:
    ps, rs = rest.split(":")
    p, r0 = int(ps), int(rs)
    pl = s.players[p]
    if has_card(pl, "expertise"):
        for i in range(r0, len(pl.rooms)):
            r = pl.rooms[i]
            if not r.honey and len(r.dice) >= 2 and natural_honey(r):
                _replace(s, f"Fx:{p}:{i + 1}")
                return _set_pending(s, p, "expertise_f", room=i)
    _pop(s)
    return False


def t_Fend(s: WaggleDanceState, _: str) -> bool:
    _pop(s)
    for pl in s.players:
        for r in pl.rooms:
            if r.dice:
                pl.pool += r.dice
                r.dice.clear()
    return False


def t_Fbot(s: WaggleDanceState, _: str) -> bool:
    b = s.bot
    if b is None or not b.f_pairs:
        _pop(s)
        return False
    from .bumblebot import bot_f_pair

    bot_f_pair(s)
    return True


def t_Fbotfail(s: WaggleDanceState, _: str) -> bool:
    _pop(s)
    b = s.bot
    if b is None or not b.f_failed:
        return False
    per = 2 if s.options.difficulty == "harder" else 1
    got = []
    for v in b.f_failed:
        for _ in range(per):
            c = v - 1
            if s.supply_nectar[c] > 0:
                s.supply_nectar[c] -= 1
                b.nectar[c] += 1
                got.append(c)
    b.f_failed.clear()
    log(s, f"Night — F: Bumblebot's failed pairs bring it {nectar_str(got) or 'no'} nectar.")
    return True


def t_threats(s: WaggleDanceState, _: str) -> bool:
    _pop(s)
    if not s.threats:
        return False
    need = threat_spaces(s)
    tasks: list[str] = []
    keep = []
    for th in s.threats:
        vals = {v for _, v in th.dice if v != 0}
        owners = {o for o, _ in th.dice}
        defeated = len(th.dice) >= need and len(vals) <= 1
        for o, v in th.dice:
            return_die(s, o, v or 1)
        th.dice = []
        if defeated:
            s.threats_gone.append(th.name)
            log(s, f"The {th.name} is defeated and leaves the game.")
            tasks += [f"reward:{p}" for p in seat_order(s) if p in owners]
            if BOT in owners and s.supply_eggs > 0:
                s.supply_eggs -= 1
                s.bot.eggs += 1
                log(s, "Bumblebot collects an egg as its reward.")
        else:
            keep.append(th)
            log(s, f"The {th.name} is not defeated.")
            for p in seat_order(s):
                if s.players[p].guardian:
                    log(s, f"{pname(s, p)}'s Guardian keeps the {th.name} away.")
                    continue
                if s.solo and p in owners:
                    continue
                tasks.append(f"pen:{th.name}:{p}")
            if s.solo and BOT not in owners:
                tasks.append(f"pen:{th.name}:{BOT}")
    s.threats = keep
    s.queue[0:0] = tasks
    return True


def reward_options(s: WaggleDanceState, p: int) -> list[str]:
    out = []
    if s.supply_rooms > 0:
        out.append("room")
    if s.supply_eggs > 0 and empty_rooms(s.players[p]):
        out.append("egg")
    if s.queen_deck:
        out.append("card")
    return out


def t_reward(s: WaggleDanceState, rest: str) -> bool:
    p = int(rest)
    if reward_options(s, p):
        return _set_pending(s, p, "reward")
    _pop(s)
    log(s, f"{pname(s, p)} finds no reward left to claim.")
    return True


def lose_honey(s: WaggleDanceState, p: int, why: str) -> None:
    pl = s.players[p]
    for i, r in enumerate(pl.rooms):
        if r.honey:
            del pl.rooms[i]
            s.supply_rooms += 1
            log(s, f"{why}: {pl.name} loses a honey ({pl.honey} left).")
            return
    log(s, f"{why}: {pl.name} has nothing to lose.")


def t_pen(s: WaggleDanceState, rest: str) -> bool:
    name, _, ps = rest.rpartition(":")
    p = int(ps)
    kind = threat_penalties()[name]
    if p == BOT:
        _pop(s)
        from .bumblebot import bot_penalty

        bot_penalty(s, name, kind)
        return True
    pl = s.players[p]
    if kind == "egg":
        _pop(s)
        for r in pl.rooms:
            if r.egg:
                r.egg = False
                s.supply_eggs += 1
                log(s, f"{name}: {pl.name} loses an egg.")
                return True
        lose_honey(s, p, name)
        return True
    if kind == "die":
        _pop(s)
        if pl.dice > 1:
            pl.dice -= 1
            pl.pool.pop()
            s.supply_dice[pl.colour] += 1
            log(s, f"{name}: {pl.name} loses a die ({pl.dice} left).")
        else:
            log(s, f"{name}: {pl.name} keeps a last die.")
        return True
    if kind == "nectar":
        opts = lose_nectar_options(pl)
        if not opts:
            _pop(s)
            lose_honey(s, p, name)
            return True
        if len({(room_key(pl.rooms[r]), c) for r, c in opts}) == 1:
            _pop(s)
            r, c = opts[0]
            pl.rooms[r].nectar.remove(c)
            s.supply_nectar[c] += 1
            log(s, f"{name}: {pl.name} loses a {colour_name(c).lower()} nectar.")
            return True
        return _set_pending(s, p, "lose_nectar", cards=[name])
    if kind == "room":
        opts = lose_room_options(pl)
        if not opts:
            _pop(s)
            log(s, f"{name}: {pl.name} has no room to lose.")
            return True
        if len({room_key(pl.rooms[r]) for r in opts}) == 1:
            _pop(s)
            discard_room(s, p, opts[0], name)
            return True
        return _set_pending(s, p, "lose_room", cards=[name])
    _pop(s)
    return False


def lose_nectar_options(pl: Player) -> list[tuple[int, int]]:
    return [(i, c) for i, r in enumerate(pl.rooms) for c in sorted(set(r.nectar))]


def lose_room_options(pl: Player) -> list[int]:
    live = [i for i, r in enumerate(pl.rooms) if not r.honey]
    return live or list(range(len(pl.rooms)))


def discard_room(s: WaggleDanceState, p: int, i: int, why: str) -> None:
    pl = s.players[p]
    r = pl.rooms.pop(i)
    s.supply_rooms += 1
    if r.egg:
        s.supply_eggs += 1
    for c in r.nectar:
        s.supply_nectar[c] += 1
    for v in r.dice:
        pl.pool.append(v)
    what = ("honey" if r.honey
            else "an egg" if r.egg
            else nectar_str(r.nectar) + " nectar" if r.nectar else "nothing")
    log(s, f"{why}: {pl.name} loses room {i} (holding {what}).")


def t_solo_discard(s: WaggleDanceState, _: str) -> bool:
    _pop(s)
    if s.queen_deck:
        s.queen_discard.append(s.queen_deck.pop(0))
        s.reveal()
        log(s, f"End of night: the top Queen Bee card is discarded ({len(s.queen_deck)} left).")
        after_queen_removed(s)
        return True
    return False


def t_round_end(s: WaggleDanceState, _: str) -> bool:
    _pop(s)
    if game_should_end(s):
        end_game(s)
        return True
    # volunteers and helpers go home
    for pl in s.players:
        pl.pool += pl.helpers
        pl.helpers = []
        for _ in range(pl.volunteer):
            pl.pool.pop()
            s.supply_dice[pl.colour] += 1
        pl.volunteer = 0
        pl.directions = []
        pl.double_park = pl.soldier = False
        if pl.guardian:
            pl.guardian = False
            s.guardians += 1
    for sid, dice in s.spaces.items():
        if dice:
            for o, v in dice:
                return_die(s, o, v)
            s.spaces[sid] = []
    s.first = (s.first + 1) % len(s.order)
    s.day_ptr = s.first
    s.day_cycle = 0
    s.turn += 1
    s.phase = "day"
    s.queue = start_round_tasks(s)
    log(s, f"Round {s.turn - 1} ends. The First Player card passes to {pname(s, s.order[s.first])}.")
    return True


def game_should_end(s: WaggleDanceState) -> bool:
    if s.final_round or not s.queen_deck or s.end_triggered:
        return True
    if any(p.honey >= s.target for p in s.players):
        return True
    return s.bot is not None and s.bot.honey >= s.target


def end_game(s: WaggleDanceState) -> None:
    s.phase = "over"
    s.queue = []
    s.pending = None
    from .scoring import compute_result

    log(s, "Game over. " + compute_result(s).summary)


_TASKS = {
    "blockers": t_blockers,
    "reveal_threat": t_reveal_threat,
    "vol": t_vol,
    "roll": t_roll,
    "day": t_day,
    "blk_bot": t_blk_bot,
    "blk_fresh": t_blk_fresh,
    "blk_mp": t_blk_mp,
    "eager": t_eager,
    "shuf": t_shuf,
    "A": lambda s, r: t_space(s, r, "A"),
    "B": t_B,
    "Bx": t_Bx,
    "C": lambda s, r: t_space(s, r, "C"),
    "D": t_D,
    "bounty": t_bounty,
    "Dp": t_Dp,
    "E": lambda s, r: t_space(s, r, "E"),
    "F": t_F,
    "Fh": t_Fh,
    "Fx": t_Fx,
    "Fend": t_Fend,
    "Fbot": t_Fbot,
    "Fbotfail": t_Fbotfail,
    "G": lambda s, r: t_space(s, r, "G"),
    "threats": t_threats,
    "reward": t_reward,
    "pen": t_pen,
    "solo_discard": t_solo_discard,
    "round_end": t_round_end,
}


# ---------------------------------------------------------------------------
# decisions: legal moves


def targets(s: WaggleDanceState, p: int, v: int) -> list[str]:
    """Where a die of seat ``p`` showing ``v`` may be placed now."""
    pl = s.players[p]
    out = []
    for a in LETTERS:
        sid = f"{a}{v}"
        if not s.spaces[sid] or pl.double_park:
            out.append(sid)
    out.append(f"D{v}")
    for f in pl.directions:
        if f != v:
            out.append(f"D{f}")
    out += [f"R{i}" for i in range(len(pl.rooms))]
    need = threat_spaces(s)
    out += [f"T{i}" for i, th in enumerate(s.threats) if len(th.dice) < need]
    return out


def shift_moves(pl: Player, rooms: list[int], moved: list, eggs: bool) -> list[tuple[int, int, int]]:
    out = []
    moved_set = set(moved)
    for a in rooms:
        ra = pl.rooms[a]
        if ra.honey:
            continue
        cols = sorted(set(ra.nectar)) + ([EGG] if (eggs and ra.egg) else [])
        for c in cols:
            if (a, c, 1) in moved_set:
                continue
            for b in rooms:
                if b == a or (b, c, 0) in moved_set:
                    continue
                rb = pl.rooms[b]
                if rb.honey or rb.egg:
                    continue
                if c == EGG:
                    if rb.nectar:
                        continue
                elif len(rb.nectar) >= CAP:
                    continue
                out.append((a, b, c))
    return out


def pair_ok(pl: Player, pend: Pending, a: int, b: int) -> bool:
    """F: each pair of rooms nectar moves between needs its own pair of dice (one die in each room).

    The rooms already used this window plus ``a``-``b`` must be coverable by such pairs: no room
    may be paired with more rooms than it holds dice of the window's value.
    """
    edges = {frozenset(pend.moved[i][0] for i in (j, j + 1)) for j in range(0, len(pend.moved), 2)}
    edges.add(frozenset((a, b)))
    deg = Counter(r for e in edges for r in e)
    return all(n <= pl.rooms[r].dice.count(pend.value) for r, n in deg.items())


def turn_cards(s: WaggleDanceState, p: int) -> list[PlayMove]:
    pl = s.players[p]
    out: list[PlayMove] = []
    hand = set(pl.hand)
    if not hand:
        return out
    vals = [s.locked] if s.locked is not None else sorted(set(pl.pool))
    if "overtime" in hand and s.locked is None:
        for d in vals:
            out += [PlayMove(card="overtime", die=d, value=nv) for nv in range(1, 7) if nv != d]
    if "double_park" in hand and not pl.double_park:
        if any(s.spaces[f"{a}{v}"] for a in LETTERS for v in vals):
            out.append(PlayMove(card="double_park"))
    if "directions" in hand:
        for f in range(1, 7):
            if f not in pl.directions and any(o == p for o, _ in s.spaces[f"D{f}"]):
                out.append(PlayMove(card="directions", target=f"D{f}"))
    if "guards" in hand and s.threats and not pl.guardian and s.guardians > 0:
        out.append(PlayMove(card="guards"))
    if "soldiers" in hand and not pl.soldier:
        need = threat_spaces(s)
        if any(len(th.dice) < need for th in s.threats):
            out.append(PlayMove(card="soldiers"))
    return out


def legal_moves(s: WaggleDanceState) -> list:
    pend = s.pending
    if pend is None or s.phase == "over":
        return []
    p = pend.seat
    pl = s.players[p]
    k = pend.kind
    if k == "turn":
        out: list = []
        vals = [s.locked] if s.locked is not None else sorted(set(pl.pool))
        for v in vals:
            out += [PlaceMove(die=v, target=t) for t in targets(s, p, v)]
        if s.locked is None and len(pl.pool) >= 2:
            cnt = Counter(pl.pool)
            for h in sorted(cnt):
                for d in sorted(cnt):
                    if h == d and cnt[h] < 2:
                        continue
                    out += [HelperMove(helper=h, die=d, value=nv) for nv in range(1, 7) if nv != d]
        out += turn_cards(s, p)
        return out
    if k in ("volunteer", "bounty"):
        return [PlayMove(card=k), DeclineMove()]
    if k == "eager":
        return [PlayMove(card="eager_bee", target=sid) for sid in eager_spaces(s, p)] + [DeclineMove()]
    if k == "shuffle_offer":
        return [PlayMove(card="shuffle"), DeclineMove()]
    if k == "shuffle":
        rooms = list(range(len(pl.rooms)))
        shifts = shift_moves(pl, rooms, pend.moved, True)
        return [ShiftMove(src=a, dst=b, colour=c) for a, b, c in shifts] + [DoneMove()]
    if k == "move":
        return [ShiftMove(src=a, dst=b, colour=c) for a, b, c in shift_moves(pl, pend.rooms, pend.moved, False)
                if pair_ok(pl, pend, a, b)] + [DoneMove()]
    if k == "egg":
        return [EggMove(room=r) for r in empty_rooms(pl)]
    if k == "nectar":
        opts, overflow = nectar_options(pl)
        out = [NectarMove(colour=c, room=r) for c, r in opts]
        if overflow:
            out += [DiscardMove(colour=c) for c in sorted(set(pl.pending_nectar))]
        return out
    if k == "trade":
        out = []
        supply = sum(s.supply_nectar) > 0
        if supply:
            out += [TradeMove(give="egg", room=i) for i, r in enumerate(pl.rooms) if r.egg]
            if capacity(pl) > 0:
                out += [TradeMove(give="card", card=c) for c in sorted(set(pl.hand))]
        if pl.nectar_total >= 2:
            out += [TradeMove(give="nectar", room=r, colour=c) for r, c in lose_nectar_options(pl)]
        return out + [DeclineMove()]
    if k == "trade2":
        return [TradeMove(give="nectar", room=r, colour=c) for r, c in lose_nectar_options(pl)]
    if k == "gain":
        return [GainMove(colour=c, room=r) for c in range(6) if s.supply_nectar[c] > 0
                for r in rooms_with_space(pl)]
    if k == "honey_card":
        return [PlayMove(card=c, room=pend.room) for c in pend.cards] + [DeclineMove()]
    if k in ("expertise_b", "expertise_f"):
        return [PlayMove(card="expertise", room=pend.room), DeclineMove()]
    if k == "reward":
        return [RewardMove(choice=c) for c in reward_options(s, p)]
    if k == "lose_nectar":
        return [LoseMove(room=r, colour=c) for r, c in lose_nectar_options(pl)]
    if k == "lose_room":
        return [LoseMove(room=r) for r in lose_room_options(pl)]
    raise AssertionError(f"unknown decision kind {k}")


# ---------------------------------------------------------------------------
# applying moves


def _kind_error(pend: Pending, move) -> IllegalMove:
    return IllegalMove(f"That move does not answer the current question ({PROMPT_SHORT.get(pend.kind, pend.kind)}).")


PROMPT_SHORT = {
    "turn": "place a die", "volunteer": "play Volunteer or not", "bounty": "play Bounty or not",
    "eager": "play Eager Bee or not", "shuffle_offer": "play Shuffle or not", "shuffle": "rearrange your rooms",
    "move": "move nectar between your paired rooms", "egg": "choose a room for your egg",
    "nectar": "store your nectar", "trade": "choose what to trade", "trade2": "choose a second nectar to trade",
    "gain": "choose the nectar you receive", "honey_card": "play a card to make honey or not",
    "expertise_b": "play Expertise to hatch or not", "expertise_f": "play Expertise to make honey or not",
    "reward": "choose a threat reward", "lose_nectar": "choose the nectar you lose",
    "lose_room": "choose the room you lose",
}


def check_place(s: WaggleDanceState, p: int, move: PlaceMove) -> None:
    pl = s.players[p]
    v = move.die
    if s.locked is not None and v != s.locked:
        raise IllegalMove(f"You must place the die you just changed (it shows {s.locked}).")
    if v not in pl.pool:
        raise IllegalMove(f"You have no die showing {v}.")
    t = move.target
    if len(t) < 2 or t[0] not in "ACDEGRT" or not t[1:].isdigit():
        raise IllegalMove(f"There is no space called {t!r}.")
    a, num = t[0], int(t[1:])
    if a in LETTERS:
        if not 1 <= num <= 6:
            raise IllegalMove(f"There is no space {t}.")
        if num != v:
            raise IllegalMove(f"A die showing {v} cannot go on space {t}; it needs a {num}.")
        if s.spaces[t] and not pl.double_park:
            raise IllegalMove(f"Space {t} already holds a die.")
    elif a == "D":
        if not 1 <= num <= 6:
            raise IllegalMove(f"There is no flower {t}.")
        if num != v and num not in pl.directions:
            raise IllegalMove(f"Flower {t} needs a die showing {num}.")
    elif a == "R":
        if num >= len(pl.rooms):
            raise IllegalMove(f"You have no room R{num}.")
    else:
        if num >= len(s.threats):
            raise IllegalMove(f"There is no threat T{num} in play.")
        if len(s.threats[num].dice) >= threat_spaces(s):
            raise IllegalMove(f"Every space on the {s.threats[num].name} is taken.")


def do_place(s: WaggleDanceState, p: int, v: int, t: str) -> None:
    pl = s.players[p]
    pl.pool.remove(v)
    a, num = t[0], int(t[1:])
    if a == "R":
        pl.rooms[num].dice.append(v)
        where = f"room {num}"
    elif a == "T":
        th = s.threats[num]
        th.dice.append((p, 0 if pl.soldier else v))
        where = f"the {th.name}" + (" (Soldiers: matches any value)" if pl.soldier else "")
        pl.soldier = False
    else:
        s.spaces[t].append((p, v))
        where = t + (f" ({ACTION_NAMES[a]})" if a != "D" else f" (flower {num}, {colour_name(num - 1).lower()})")
    log(s, f"{pl.name} places a {v} on {where}.")
    pl.double_park = False
    pl.soldier = False
    s.locked = None
    s.pending = None
    advance_ptr(s)
    if s.solo and not s.bot.pool:
        if not (s.first == 1 and not pl.pool):
            s.queue.insert(0, "blk_fresh")


def apply_turn(s: WaggleDanceState, pend: Pending, move) -> None:
    p = pend.seat
    pl = s.players[p]
    if isinstance(move, PlaceMove):
        check_place(s, p, move)
        do_place(s, p, move.die, move.target)
        return
    if isinstance(move, HelperMove):
        if s.locked is not None:
            raise IllegalMove("Place the die you just changed first.")
        if len(pl.pool) < 2:
            raise IllegalMove("Your last die cannot be a helper.")
        cnt = Counter(pl.pool)
        if cnt[move.helper] == 0:
            raise IllegalMove(f"You have no die showing {move.helper} to use as a helper.")
        if cnt[move.die] - (1 if move.die == move.helper else 0) <= 0:
            raise IllegalMove(f"You have no other die showing {move.die} to change.")
        if not 1 <= move.value <= 6 or move.value == move.die:
            raise IllegalMove("Choose a new value from 1 to 6 that differs from the die's value.")
        pl.pool.remove(move.helper)
        pl.helpers.append(move.helper)
        pl.pool.remove(move.die)
        pl.pool.append(move.value)
        s.locked = move.value
        log(s, f"{pl.name} uses a {move.helper} as a helper to turn a {move.die} into a {move.value}.")
        return
    if isinstance(move, PlayMove):
        if move not in turn_cards(s, p):
            if move.card not in pl.hand:
                raise IllegalMove(f"You do not hold {card_name(move.card)}.")
            raise IllegalMove(f"{card_name(move.card)} cannot be played like that now.")
        spend_card(s, pl, move.card)
        c = move.card
        if c == "overtime":
            pl.pool.remove(move.die)
            pl.pool.append(move.value)
            s.locked = move.value
            log(s, f"{pl.name} plays Overtime: a {move.die} becomes a {move.value}.")
        elif c == "double_park":
            pl.double_park = True
            log(s, f"{pl.name} plays Double Park: this die may share a taken A, C, E or G space.")
        elif c == "directions":
            f = int(move.target[1:])
            pl.directions.append(f)
            log(s, f"{pl.name} plays Directions on flower {f}: any die may go there this round.")
        elif c == "guards":
            pl.guardian = True
            s.guardians -= 1
            log(s, f"{pl.name} plays Guards and takes a Guardian marker: no threat harms them this round.")
        elif c == "soldiers":
            pl.soldier = True
            log(s, f"{pl.name} plays Soldiers: their next die on a threat matches any value.")
        return
    raise _kind_error(pend, move)


def _require(move, legal: list, reason: str) -> None:
    if move not in legal:
        raise IllegalMove(reason)


def apply_move(s: WaggleDanceState, move) -> None:
    pend = s.pending
    if pend is None:
        raise IllegalMove("The game is over." if s.phase == "over" else "No decision is waiting right now.")
    k = pend.kind
    p = pend.seat
    pl = s.players[p]
    if k == "turn":
        apply_turn(s, pend, move)
        return
    legal = legal_moves(s)
    if move not in legal:
        raise _explain(s, pend, move, legal)
    s.pending = None
    if k == "volunteer":
        if isinstance(move, DeclineMove):
            _pop(s)
        else:
            spend_card(s, pl, "volunteer")
            pl.volunteer += 1
            pl.pool.append(1)
            s.supply_dice[pl.colour] -= 1
            log(s, f"{pl.name} plays Volunteer: one extra die this round.")
    elif k == "bounty":
        _pop(s)
        if isinstance(move, PlayMove):
            f = pend.value
            spend_card(s, pl, "bounty")
            s.supply_nectar[f - 1] -= 1
            pl.pending_nectar.append(f - 1)
            log(s, f"{pl.name} plays Bounty: one more {colour_name(f - 1).lower()} nectar.")
            s.queue.insert(0, f"bounty:{f}:{p}")
    elif k == "eager":
        if isinstance(move, DeclineMove):
            _pop(s)
        else:
            spend_card(s, pl, "eager_bee")
            sid = move.target
            i = next(i for i, (o, _) in enumerate(s.spaces[sid]) if o == p)
            _, v = s.spaces[sid].pop(i)
            pl.pool.append(v)
            log(s, f"{pl.name} plays Eager Bee on {sid}.")
            resolve_action(s, sid[0], p, v)
    elif k == "shuffle_offer":
        _pop(s)
        if isinstance(move, PlayMove):
            spend_card(s, pl, "shuffle")
            log(s, f"{pl.name} plays Shuffle and rearranges their rooms.")
            s.pending = Pending(seat=p, kind="shuffle")
    elif k in ("shuffle", "move"):
        if isinstance(move, ShiftMove):
            a, b, c = move.src, move.dst, move.colour
            if c == EGG:
                pl.rooms[a].egg = False
                pl.rooms[b].egg = True
                what = "an egg"
            else:
                pl.rooms[a].nectar.remove(c)
                pl.rooms[b].nectar.append(c)
                what = f"a {colour_name(c).lower()} nectar"
            log(s, f"{'Night — F: ' if k == 'move' else ''}{pl.name} moves {what} from room {a} to room {b}.")
            pend.moved += [(a, c, 0), (b, c, 1)]
            s.pending = pend
            if len(legal_moves(s)) == 1:  # only "done" is left
                s.pending = None
    elif k == "egg":
        put_egg(s, p, move.room)
    elif k == "nectar":
        if isinstance(move, NectarMove):
            store_nectar(s, p, move.colour, move.room)
        else:
            pl.pending_nectar.remove(move.colour)
            s.supply_nectar[move.colour] += 1
            log(s, f"{pl.name} returns a {colour_name(move.colour).lower()} nectar to the supply.")
    elif k == "trade":
        if isinstance(move, DeclineMove):
            log(s, f"Night — E: {pl.name} does not trade.")
        elif move.give == "egg":
            pl.rooms[move.room].egg = False
            s.supply_eggs += 1
            log(s, f"Night — E: {pl.name} trades an egg.")
            s.pending = Pending(seat=p, kind="gain", space=pend.space)
        elif move.give == "card":
            spend_card(s, pl, move.card)
            log(s, f"Night — E: {pl.name} trades a Queen Bee card ({card_name(move.card)}).")
            s.pending = Pending(seat=p, kind="gain", space=pend.space)
        else:
            pl.rooms[move.room].nectar.remove(move.colour)
            s.supply_nectar[move.colour] += 1
            log(s, f"Night — E: {pl.name} trades a {colour_name(move.colour).lower()} nectar...")
            s.pending = Pending(seat=p, kind="trade2", space=pend.space)
    elif k == "trade2":
        pl.rooms[move.room].nectar.remove(move.colour)
        s.supply_nectar[move.colour] += 1
        log(s, f"... and a {colour_name(move.colour).lower()} nectar.")
        s.pending = Pending(seat=p, kind="gain", space=pend.space)
    elif k == "gain":
        s.supply_nectar[move.colour] -= 1
        pl.rooms[move.room].nectar.append(move.colour)
        log(s, f"Night — E: {pl.name} receives a {colour_name(move.colour).lower()} nectar into room {move.room}.")
    elif k == "honey_card":
        if isinstance(move, PlayMove):
            r = pl.rooms[pend.room]
            spend_card(s, pl, move.card)
            if move.card == "alchemy":
                make_honey(s, p, pend.room, list(r.nectar), f"a pair of {pend.value}s and Alchemy")
            else:
                c, _ = Counter(r.nectar).most_common(1)[0]
                make_honey(s, p, pend.room, [c, c, c], f"a pair of {pend.value}s and Efficiency")
    elif k == "expertise_b":
        if isinstance(move, PlayMove):
            spend_card(s, pl, "expertise")
            r = pl.rooms[pend.room]
            d1, d2 = r.dice[0], r.dice[1]
            del r.dice[:2]
            pl.pool += [d1, d2]
            hatch(s, p, pend.room, f"a {d1} and a {d2} thanks to Expertise")
    elif k == "expertise_f":
        if isinstance(move, PlayMove):
            spend_card(s, pl, "expertise")
            r = pl.rooms[pend.room]
            make_honey(s, p, pend.room, list(r.nectar), "two dice thanks to Expertise")
    elif k == "reward":
        _pop(s)
        c = move.choice
        if c == "room":
            s.supply_rooms -= 1
            pl.rooms.append(Room())
            log(s, f"{pl.name} takes a room tile as a reward.")
        elif c == "egg":
            log(s, f"{pl.name} takes an egg as a reward.")
            er = empty_rooms(pl)
            if len({room_key(pl.rooms[i]) for i in er}) == 1:
                put_egg(s, p, er[0])
            else:
                s.pending = Pending(seat=p, kind="egg")
        else:
            log(s, f"{pl.name} takes a Queen Bee card as a reward.")
            draw_queen(s, p)
    elif k == "lose_nectar":
        _pop(s)
        pl.rooms[move.room].nectar.remove(move.colour)
        s.supply_nectar[move.colour] += 1
        log(s, f"{pend.cards[0]}: {pl.name} loses a {colour_name(move.colour).lower()} nectar.")
    elif k == "lose_room":
        _pop(s)
        discard_room(s, p, move.room, pend.cards[0])
    else:  # pragma: no cover
        raise AssertionError(k)


def _explain(s: WaggleDanceState, pend: Pending, move, legal: list) -> IllegalMove:
    k = pend.kind
    pl = s.players[pend.seat]
    if not any(type(m) is type(move) for m in legal):
        return _kind_error(pend, move)
    if isinstance(move, PlayMove) and move.card not in pl.hand:
        return IllegalMove(f"You do not hold {card_name(move.card)}.")
    if isinstance(move, NectarMove):
        if move.colour not in pl.pending_nectar:
            return IllegalMove(f"You have no {colour_name(move.colour).lower()} nectar waiting to be stored.")
        return IllegalMove(f"Room R{move.room} cannot take more nectar (it is full, holds an egg or honey).")
    if isinstance(move, DiscardMove):
        return IllegalMove("You may only return nectar when your rooms cannot hold it all.")
    if isinstance(move, EggMove):
        return IllegalMove(f"Room R{move.room} is not empty; an egg needs an empty room.")
    if isinstance(move, ShiftMove):
        return IllegalMove("That token cannot be moved there (a room holds one egg or up to 4 nectar; "
                           "and you cannot move a colour back the way it came).")
    if isinstance(move, GainMove):
        if not (0 <= move.colour < 6) or s.supply_nectar[move.colour] == 0:
            return IllegalMove("The supply has no nectar of that colour.")
        return IllegalMove(f"Room R{move.room} has no space for nectar.")
    if isinstance(move, TradeMove):
        if move.give == "card" and capacity(pl) == 0:
            return IllegalMove("You have no space to store the nectar you would receive.")
        return IllegalMove("You cannot trade that.")
    if isinstance(move, RewardMove):
        return IllegalMove(f"The {move.choice} reward is not available.")
    return IllegalMove(f"That is not allowed now ({PROMPT_SHORT.get(k, k)}).")
