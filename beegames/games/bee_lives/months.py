"""A productive month: the Egg, Feeding, Brood, Event and Cleanup phases,
and the passage from month to month. (Swarm, Action and joining the map
have their own modules; winter is in :mod:`.winter`.)"""

from __future__ import annotations

from typing import NamedTuple

from ...core.tasks import make
from . import hooks
from .colony import (
    agree,
    card,
    count,
    level,
    month_label,
    overheating,
    season_of,
    settle_half_space,
    spawn_strength,
    supply,
)
from .common import ask, can_spawn_near, push, spawn_wild, turn_order
from .data import game_data
from .map import groups
from .models import SPACES, BeeLivesState, Player, StarveMove, TileMove


def t_month(s: BeeLivesState, args: list[str]) -> None:
    """Task: a productive month begins: queue its seven phases (the game's first month starts at the Event
    Phase), after any start-of-month tasks a solo mode queues."""
    s.spawned = False
    s.turn = (s.year - 1) * 12 + s.month
    s.say(f"— {month_label(s)} —")
    if s.year == 1 and s.month == 1:
        push(s, "event", "actions", "cleanup", "month_end")
    else:
        push(s, "egg", "feed", "brood", "swarm", "event", "actions", "cleanup", "month_end")
    if s.solo is not None:
        hooks.month_began(s)


# -- 1. Egg ---------------------------------------------------------------------------


def egg_numbers(p: Player) -> tuple[int, bool]:
    """``(brood laid in the nest, whether a swarm token is taken)`` at the colony's Egg Phase: a brood per
    empty cell as far as its supply of bees allows; no empty cell, a swarm token."""
    return min(p.empty, supply(p)), p.empty <= 0


def lay_eggs(p: Player) -> tuple[int, bool]:
    """The colony's Egg Phase (nothing said): its brood go to the nest, and a full comb takes a swarm token.
    Returns :func:`egg_numbers`."""
    brood, token = egg_numbers(p)
    p.nest += brood
    if token:
        p.swarm_token = True
    return brood, token


def t_egg(s: BeeLivesState, args: list[str]) -> None:
    """Task: the Egg Phase: each colony moves as many brood to its nest as it has empty cells (as far as its
    supply of bees allows); a colony without an empty cell takes a swarm token."""
    s.phase = "egg"
    for i in turn_order(s):
        p = s.players[i]
        empty = p.empty
        brood, token = lay_eggs(p)
        if token:
            s.say(f"{p.name}: no empty cell for brood — a swarm token (the hive will swarm this month).")
        else:
            room = "" if brood == empty else f" ({count(supply(p), 'bee')} left in the supply)"
            s.say(f"{p.name}: {count(empty, 'empty cell')}, {count(brood, 'brood', 'brood')} in the nest{room}.")


# -- 2. Feeding (also the winter feeding) -------------------------------------------------


def feeding_numbers(s: BeeLivesState, p: Player, winter: bool) -> tuple[int, int, int]:
    """``(honey spent, bees starving, bees that a starvation token could keep)``."""
    rules = game_data().rules
    w = p.workers
    if winter:
        per = rules.winter.bees_per_honey
        need = w // per
        if p.honey >= need:
            spend, fed = need, w
        else:
            spend, fed = p.honey, min(w, per * p.honey + rules.winter.shortfall_extra)
    else:
        c = card(s)
        per = c.feed_per_honey if c is not None and c.feed_per_honey else rules.feeding.bees_per_honey
        need = -(-w // per)
        if p.honey >= need:
            spend, fed = need, w
        else:
            spend, fed = p.honey, per * p.honey
    starving = w - fed
    keep = max(0, min(rules.feeding.protected_bees, w) - (w - starving))
    return spend, starving, keep


def feed_colony(s: BeeLivesState, p: Player, winter: bool, tokens: int) -> tuple[int, int, int]:
    """Feed the colony (nothing said): the honey of :func:`feeding_numbers` is spent, up to ``tokens`` of
    the starving bees are kept with starvation tokens and the others are lost. Returns ``(honey spent,
    bees starving, starvation tokens taken)``."""
    spend, starving, _keep = feeding_numbers(s, p, winter)
    p.honey -= spend
    tokens = min(tokens, starving)
    dead = starving - tokens
    p.workers -= dead
    p.unassigned -= dead
    p.starvation += tokens
    return spend, starving, tokens


def t_feed(s: BeeLivesState, args: list[str]) -> None:
    """Task: the Feeding Phase (``args == ['winter']``: a winter month's feeding): queue the starvation-token
    question for each colony whose starving bees include some of its last three, then the feeding itself; outside
    winter a colony with a skip-feeding token is not asked."""
    winter = args == ["winter"]
    s.phase = "winter" if winter else "feeding"
    asks = []
    for i in turn_order(s):
        p = s.players[i]
        if not winter and p.skip_feeding:
            continue
        _spend, starving, keep = feeding_numbers(s, p, winter)
        if starving and keep:
            asks.append(make("ask_starve", i, *args))
    push(s, *asks, make("feed_apply", *args))


def t_ask_starve(s: BeeLivesState, args: list[str]) -> None:
    """Task: ask colony ``args[0]`` how many of its starving last three bees to keep with starvation tokens
    (-2 VP each)."""
    seat = int(args[0])
    mode = args[1] if len(args) > 1 else ""
    p = s.players[seat]
    _spend, starving, keep = feeding_numbers(s, p, mode == "winter")
    ask(s, seat, "starve", amount=keep,
        reason=f"{count(starving, 'bee')} {agree(starving, 'starves', 'starve')}; take a starvation token "
               f"(-2 VP) for each of up to {count(keep, 'bee')} among your last three to keep it")


def starve_moves(s: BeeLivesState) -> list[StarveMove]:
    """The starvation-token answers: keep any number of the bees offered, from all of them down to none."""
    assert s.pending is not None
    return [StarveMove(tokens=k) for k in range(s.pending.amount, -1, -1)]


def do_starve(s: BeeLivesState, seat: int, move: StarveMove) -> None:
    """Note how many starvation tokens the colony takes; the feeding applies every colony's answer together."""
    assert s.pending is not None
    s.choices[seat] = move.tokens
    s.pending = None


def t_feed_apply(s: BeeLivesState, args: list[str]) -> None:
    """Task: feed every colony at once (a skip-feeding token is returned instead): honey is spent, unfed bees
    starve unless kept with the starvation tokens chosen."""
    winter = args == ["winter"]
    vp = game_data().rules.vp.starvation_token
    for i in turn_order(s):
        p = s.players[i]
        if not winter and p.skip_feeding:
            p.skip_feeding = False
            s.say(f"{p.name} returns the skip-feeding token: no feeding this month.")
            continue
        spend, starving, tokens = feed_colony(s, p, winter, s.choices.get(i, 0))
        if starving:
            paid = f"spends {spend} honey" if spend else "has no honey"
            line = f"{p.name} {paid}: {count(starving, 'bee')} {agree(starving, 'starves', 'starve')}"
            if tokens:
                line += (f", {tokens} kept with {count(tokens, 'starvation token')} "
                         f"({vp * tokens} VP at the end)")
        elif p.workers == 0:
            line = f"{p.name} has no bees to feed"
        elif spend == 0:
            line = f"{p.name}'s {count(p.workers, 'bee')} {agree(p.workers, 'needs', 'need')} no honey"
        else:
            line = f"{p.name} feeds {count(p.workers, 'bee')} with {spend} honey"
        s.say(line + ".")
    s.choices = {}


# -- 3. Brood ----------------------------------------------------------------------------


def no_brood_reason(s: BeeLivesState, p: Player) -> str | None:
    """Why the colony's Brood phase hatches nothing whatever its pollen (its queen resting, or the
    season card in effect, such as Buttoned Up), or None."""
    if p.paused:
        return "the queen is resting"
    c = card(s)
    if c is not None and c.no_brood:
        return c.name
    return None


def hatch_numbers(s: BeeLivesState, p: Player) -> tuple[int, int, int, int]:
    """``(brood hatched, pollen spent, extra bees from a Prolific queen, new bees lost to disease)`` when
    the colony's nest hatches on its pollen (a card may change the rate; the bees never pass 20)."""
    rules = game_data().rules
    c = card(s)
    per = c.brood_per_pollen if c is not None and c.brood_per_pollen else 1
    hatch = min(p.nest, p.pollen * per)
    cost = -(-hatch // per)
    extra = hatch // rules.prolific_per if p.queen == "prolific" else 0
    extra = min(extra, game_data().board.workers_per_player - p.workers - hatch)
    dead = min(level(p), hatch + extra)
    return hatch, cost, extra, dead


class Hatching(NamedTuple):
    """What a colony's Brood Phase did."""

    #: why nothing hatched whatever the pollen (:func:`no_brood_reason`), or None
    why: str | None
    #: the brood that were in the nest
    nest: int
    hatch: int
    cost: int
    extra: int
    dead: int


def hatch_colony(s: BeeLivesState, p: Player) -> Hatching:
    """The colony's Brood Phase (nothing said): a resting queen (who wakes) or a card hatches nothing;
    else the nest hatches on the pollen (:func:`hatch_numbers`), its new bees less those lost to disease
    join the workers; the nest is empty afterwards (unfed brood return to the supply)."""
    why = no_brood_reason(s, p)
    nest = p.nest
    if why is not None:
        p.paused = False
        p.nest = 0
        return Hatching(why, nest, 0, 0, 0, 0)
    if nest == 0:
        return Hatching(None, 0, 0, 0, 0, 0)
    hatch, cost, extra, dead = hatch_numbers(s, p)
    p.pollen -= cost
    p.nest = 0
    p.workers += hatch + extra - dead
    p.unassigned += hatch + extra - dead
    return Hatching(None, nest, hatch, cost, extra, dead)


def t_brood(s: BeeLivesState, args: list[str]) -> None:
    """Task: the Brood Phase: each colony spends pollen to hatch its nest (a card may change the rate, a
    Prolific queen adds a bee per two), loses new bees to its disease level and returns unfed brood; a
    resting queen or Buttoned Up hatches nothing."""
    s.phase = "brood"
    for i in turn_order(s):
        p = s.players[i]
        why, nest, hatch, cost, extra, dead = hatch_colony(s, p)
        if why is not None:
            if nest:
                s.say(f"{p.name}: no brood hatches ({why}); {count(nest, 'brood', 'brood')} "
                      f"{agree(nest, 'returns', 'return')} to the supply.")
            else:
                s.say(f"{p.name}: no brood hatches ({why}).")
            if s.solo is not None:
                hooks.brood_hatched(s, i, 0)
            continue
        if nest == 0:
            if s.solo is not None:
                hooks.brood_hatched(s, i, 0)
            continue
        unpaid = nest - hatch
        if hatch:
            parts = [f"{p.name} spends {cost} pollen: {count(hatch, 'brood', 'brood')} "
                     f"{agree(hatch, 'hatches', 'hatch')}"]
        else:
            parts = [f"{p.name} has no pollen: no brood hatches"]
        if extra:
            parts.append(f"{extra} more from the prolific queen")
        if dead:
            parts.append(f"{dead} lost to disease")
        if unpaid:
            parts.append(f"{count(unpaid, 'unfed brood', 'unfed brood')} {agree(unpaid, 'returns', 'return')} "
                         f"to the supply")
        s.say(", ".join(parts) + f"; {count(p.workers, 'worker')}.")
        if s.solo is not None:
            hooks.brood_hatched(s, i, hatch)


# -- 5. Event ---------------------------------------------------------------------------------


def t_event(s: BeeLivesState, args: list[str]) -> None:
    """Task: the Event Phase: reveal the season deck's top card, which rules this month (nothing when the deck
    is empty); Cooler Temps sends a third of each colony's workers to Defend."""
    s.phase = "event"
    season = season_of(s.month)
    deck = s.decks[season]  # type: ignore[index]
    if not deck:
        s.card = None
        s.say(f"The {season} deck is empty: no season card this month.")
        return
    cid = deck.pop(0)
    s.played.append(cid)
    s.card = cid
    s.reveal()
    c = card(s)
    assert c is not None
    s.say(f"Season card: {c.name}. {c.text}")
    if c.defend_third:
        for i in turn_order(s):
            p = s.players[i]
            k = p.workers // 3
            if k:
                p.unassigned -= k
                p.assigned["defend"] += k
                s.say(f"{p.name} keeps {count(k, 'bee')} home on Defend.")


# -- 7. Cleanup ---------------------------------------------------------------------------------


def clean_up_colony(s: BeeLivesState, p: Player) -> bool:
    """The Cleanup Phase for one colony (nothing said): a hive not cooled under overheating rests its
    queen next month (True then), its bees come home, its mite lies down (off a half space), its month's
    marks are cleared."""
    rests = overheating(s) and not p.cooled and p.hive is not None
    if rests:
        p.paused = True
    p.unassigned = p.workers
    p.idle = 0
    p.assigned = {k: 0 for k in SPACES}
    p.foraging = []
    p.upright = False
    settle_half_space(p)
    p.raided = []
    p.cooled = False
    p.had_turn = False
    return rests


def t_cleanup(s: BeeLivesState, args: list[str]) -> None:
    """Task: the Cleanup Phase: an uncooled hive under overheating rests next month, the first player marker
    passes on, tokens leave the map, bees come home, mites lie down; then the spring join (month 3 of year
    1) and the harder solo spawn are queued."""
    s.phase = "cleanup"
    order = turn_order(s)
    rested = {i for i, p in enumerate(s.players) if clean_up_colony(s, p)}
    for i in order:
        if i in rested:
            s.say(f"{s.players[i].name} did not cool the hive: no brood next month.")
    if order:
        k = (s.first + 1) % s.n
        while s.players[k].eliminated and k != s.first:
            k = (k + 1) % s.n
        s.first = k
    for w in s.wild:
        w.tokens = []
        w.raid_tokens = []
        w.foraged = False
        w.raided = []
        w.acted = False
    s.wild_queue = []
    s.say(f"Cleanup: bees come home, tokens leave the map; {s.players[s.first].name} is now first player.")
    tasks = []
    if s.year == 1 and s.month == 3 and len(groups(s)) > 1:
        tasks += [make("join", i) for i in turn_order(s)]
    if s.options.harder and s.n == 1 and 4 <= s.month <= 9 and not s.spawned:
        tasks.append("harder")
    push(s, *tasks)


def t_harder(s: BeeLivesState, args: list[str]) -> None:
    """Task: the harder solo rule: after a summer or fall month without a spawn, ask where a strength-3 wild
    hive appears near the player's hive (nothing when no tile is free)."""
    p = s.players[0]
    tiles = can_spawn_near(s, p.hive)
    if not tiles:
        s.say("Harder solo: no wild hive spawned this month, but none can be placed.")
        return
    ask(s, 0, "harder_spawn", choices=tiles, reason="no wild hive was spawned this month")


def do_harder(s: BeeLivesState, seat: int, move: TileMove) -> None:
    """Place the harder solo rule's wild hive on the chosen tile."""
    s.pending = None
    spawn_wild(s, move.tile, spawn_strength(s), "harder solo rule")


def t_month_end(s: BeeLivesState, args: list[str]) -> None:
    """Task: a productive month ends: the solo modes' month-end checks run, then the next month or, after
    November, the winter is queued."""
    if s.solo is not None:
        hooks.month_ended(s)
    s.month += 1
    if s.month <= 9:
        push(s, "month")
    else:
        push(s, "winter")
