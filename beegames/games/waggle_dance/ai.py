"""Computer players for Waggle Dance.

``random`` picks any legal move. ``basic`` and ``good`` are heuristic
players built on one idea: a room is worth more the closer it is to four
nectar of one colour, and a room that will hold four of a colour at night
gets a pair of dice reserved for it. ``good`` also spends helper dice and
day cards (Overtime, Double Park, Directions, Guards, Soldiers) when they
open a clearly better placement, and fights threats harder.

Threats: a threat is worth what its penalties would cost this seat over the
nights left (a lost die costs every later round, a lost honey costs most),
plus the reward. A die on a threat earns the share of that worth it brings
closer, scaled by the chance that the remaining spaces get matching dice
(counting the dice every player still holds: pools are public). The last
die of a threat earns all of it, so half-filled threats get finished; a die
that does not match is never put on a threat in multiplayer (it would block
a threat whose penalty hits everyone).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import Any

from ...core.players import ComputerPlayer, RandomPlayer
from .data import threat_penalties
from .models import (
    EGG,
    DeclineMove,
    DoneMove,
    EggMove,
    HelperMove,
    HoneyMove,
    Move,
    NectarMove,
    PlaceMove,
    Player,
    PlayMove,
    RewardMove,
    ScoutMove,
    ShiftMove,
    SwapMove,
    Table,
    TradeMove,
)
from .queries import (
    award_for,
    capacity,
    empty_rooms,
    placement_targets,
    room_capacity,
    threat_spaces,
)

PHI = (0.0, 1.0, 2.3, 3.8, 6.0)
HONEY = 9.0
#: what losing a honey to a threat costs, in the same units as a placement score
HONEY_LOSS = 7.0
#: one round of play with one more die
DIE_ROUND = 0.9
#: a threat reward (room, egg or card)
REWARD = 1.5
#: score of a die that would spoil a threat (multiplayer)
BLOCK = -4.0


def _room_phi(nectar: list[int]) -> float:
    if not nectar:
        return 0.0
    top = max(nectar.count(c) for c in set(nectar))
    return PHI[top] - 0.6 * (len(nectar) - top)


def place_tokens(rooms: list[list[int]], tokens: list[int], cap: int = 4) -> list[list[int]]:
    """Greedy storage of ``tokens`` in copies of ``rooms`` (nectar lists of usable rooms)."""
    rooms = [r[:] for r in rooms]
    for c in sorted(tokens, key=lambda c: -max((r.count(c) for r in rooms), default=0)):
        best: float | None = None
        bi = -1
        for i, r in enumerate(rooms):
            if len(r) >= cap:
                continue
            gain = _room_phi(r + [c]) - _room_phi(r)
            if best is None or gain > best:
                best, bi = gain, i
        if bi >= 0:
            rooms[bi].append(c)
    return rooms


def award(s: Table, dice: list[tuple[int, int]], me: int) -> int:
    """Nectar ``me`` would gather at a flower holding ``dice`` (the rules' own majority)."""
    return award_for(s, dice, me)


class HeuristicPlayer:
    def __init__(self, seed: int | None = None, level: str = "good") -> None:
        self._random = random.Random(seed)
        self.level = level
        self._memo: dict[Any, Any] = {}
        #: how other seats treated threats so far: owner -> [dice that matched, dice that spoiled]
        self._seen: dict[int, list[int]] = {}
        self._seen_dice: set[tuple[int, str, int]] = set()
        self._seen_turn = 0

    # -- entry point ---------------------------------------------------------------
    def choose(self, engine: Any, state: Table) -> Move:
        """The move for the pending decision in the seat's view: its kind's handler's choice when
        that is legal, else the first legal move; raises RuntimeError when nothing is pending or
        no move is legal."""
        self._memo = {}
        pend = state.pending
        if pend is None:
            raise RuntimeError("no decision is pending")
        if state.threats and pend.kind == "turn":
            self._watch_threats(state)
        moves: list[Move] = engine.legal_moves(state)
        if not moves:
            raise RuntimeError("no legal move for the pending decision")
        handler = getattr(self, "_k_" + pend.kind, None)
        if handler is not None:
            move = handler(state, pend.seat, moves)
            if move is not None and move in moves:
                return move  # type: ignore[no-any-return]
        return moves[0]

    # -- evaluation helpers -----------------------------------------------------------
    def _usable(self, pl: Player) -> list[list[int]]:
        return [r.nectar for r in pl.rooms if not r.honey and not r.egg]

    def _expected_tokens(self, s: Table, p: int) -> list[int]:
        """Nectar this seat would gather if the night came now."""
        out = list(s.players[p].pending_nectar)
        for f in range(1, 7):
            dice = s.spaces[f"D{f}"]
            if any(o == p for o, _ in dice):
                out += [f - 1] * award(s, dice, p)
        return out

    def _value_tokens(self, s: Table, p: int, base: list[int], extra: list[int]) -> float:
        key = ("base", p, tuple(base))
        got = self._memo.get(key)
        if got is None:
            before = place_tokens(self._usable(s.players[p]), base, room_capacity(s))
            got = self._memo[key] = (before, sum(_room_phi(r) for r in before))
        before, phi_before = got
        after = place_tokens(before, extra, room_capacity(s))
        return sum(_room_phi(r) for r in after) - phi_before

    def _honey_rooms(self, s: Table, p: int, incoming: list[int]) -> list[tuple[int, int]]:
        """Rooms expected to hold 4 of one colour at night: (room index, colour)."""
        pl = s.players[p]
        idx = [i for i, r in enumerate(pl.rooms) if not r.honey and not r.egg]
        cap = room_capacity(s)
        rooms = place_tokens([pl.rooms[i].nectar for i in idx], incoming, cap)
        out = []
        eff = "efficiency" in pl.hand
        alch = "alchemy" in pl.hand
        for i, r in zip(idx, rooms):
            if not r:
                continue
            top_c, top = Counter(r).most_common(1)[0]
            if top == cap or (eff and top >= cap - 1) or (alch and len(r) == cap):
                out.append((i, top_c))
        return out

    # -- the day ---------------------------------------------------------------------
    def _plan(self, s: Table, p: int) -> tuple[list[int], dict[int, tuple[int, int]]]:
        """Reserve dice for honey pairs. Returns (free dice, room -> (value, dice still needed))."""
        pl = s.players[p]
        pool = Counter(pl.pool)
        incoming = self._expected_tokens(s, p)
        plan: dict[int, tuple[int, int]] = {}
        targets = self._honey_rooms(s, p, incoming)
        # egg rooms: hatching is worth a pair early in the game
        if s.turn <= 6 and len(pl.pool) >= 4:
            targets += [(i, -1) for i, r in enumerate(pl.rooms) if r.egg]
        for i, _c in targets:
            r = pl.rooms[i]
            dc = Counter(r.dice)
            if any(n >= 2 for n in dc.values()):
                continue
            done = False
            for v in sorted(dc, key=lambda v: -pool[v]):
                if pool[v] >= 1:
                    pool[v] -= 1
                    plan[i] = (v, 1)
                    done = True
                    break
            if done:
                continue
            pairs = [v for v, n in pool.items() if n >= 2]
            if pairs:
                v = max(pairs, key=lambda v: (pool[v] == 2, -v))
                pool[v] -= 2
                plan[i] = (v, 2)
        free = list(pool.elements())
        return free, plan

    def _space_score(self, s: Table, p: int, target: str, v: int, incoming: list[int]) -> float:
        pl = s.players[p]
        a = target[0]
        num = int(target[1:])
        if a == "D":
            dice = s.spaces[target]
            counts = Counter(o for o, _ in dice)
            now = award(s, dice, p)
            counts[p] += 1
            new = award(s, [*dice, (p, v)], p)
            if new <= now:
                return -0.2 if counts[p] > 1 else 0.05
            base = list(incoming)
            for _ in range(now):
                if (num - 1) in base:
                    base.remove(num - 1)
            gain = self._value_tokens(s, p, base + [num - 1] * now, [num - 1] * (new - now))
            return gain * (0.8 if counts[p] == 1 and len(counts) > 1 else 1.0)
        if a == "A":
            room_left = capacity(pl, room_capacity(s)) - len(incoming)
            val = 3.0 if room_left <= 2 else 1.6 if room_left <= 5 else 0.7
            return val if s.supply_rooms > 0 else 0
        if a == "G":
            if not s.queen_deck:
                return 0
            lead = pl.honey >= max(q.honey for q in s.players)
            if s.solo:
                # every card drawn brings the loss to an empty Queen Bee deck a round closer:
                # never drawing won 64 % of 400 standard games against 30 % (README; test_wd_ai.py)
                return -1.0
            if len(s.queen_deck) <= 2:
                return 2.5 if lead else -1.0
            return 1.5
        if a == "C":
            er = empty_rooms(pl)
            if s.supply_eggs <= 0 or not er:
                return 0
            val = 1.0 if len(er) > 1 or capacity(pl, room_capacity(s)) > 6 else 0.3
            if s.threats and pl.honey > 0:
                eggs = sum(1 for r in pl.rooms if r.egg)
                if self._threat_kinds(s).count("egg") > eggs:
                    val += 1.5
            return val
        if a == "E":
            goods = any(r.egg for r in pl.rooms) or pl.hand
            if not goods and pl.nectar_total + len(incoming) < 3:
                return 0
            key = ("E", p)
            if key not in self._memo:
                best = max(self._value_tokens(s, p, incoming, [c]) for c in range(6))
                self._memo[key] = best - (0.6 if goods else 1.6)
            return self._memo[key]  # type: ignore[no-any-return]
        if a == "T":
            return self._threat_score(s, p, num, v)
        if a == "R":
            r = pl.rooms[num]
            if r.egg and v in r.dice and s.turn <= 8:
                return 2.5
            return -0.5
        return 0

    # -- threats --------------------------------------------------------------------
    def _nights_left(self, s: Table) -> int:
        """Nights still to come, this one included (a rough estimate)."""
        if s.final_round or s.end_triggered:
            return 1
        est = 30
        if s.options.threats:
            # a card is revealed each round; the round after the deck runs dry is the last
            est = len(s.threat_deck) + 2
        if s.solo:
            est = min(est, 1 + len(s.queen_deck) // 2)
        else:
            est = min(est, 1 + int(len(s.queen_deck) / max(1.0, 0.5 * s.n)))
        lead = max(q.honey for q in s.players)
        est = min(est, 2 + 2 * max(0, s.target - lead))
        return max(1, est)

    def _threat_costs(self, s: Table, p: int) -> list[tuple[float, float]]:
        """Per threat in play: (cost to ``p`` tonight, cost over all nights left)."""
        key = ("costs", p)
        if key in self._memo:
            return self._memo[key]  # type: ignore[no-any-return]
        pl = s.players[p]
        pens = threat_penalties()
        kinds = [pens[t.name] for t in s.threats]
        nights = self._nights_left(s)
        eggs = sum(1 for r in pl.rooms if r.egg)
        nectar = pl.nectar_total
        live = sorted(_room_phi(r.nectar) + 2.0 * r.egg + 0.8 * len(r.dice) for r in pl.rooms if not r.honey)
        honey_now = pl.honey
        n_egg = kinds.count("egg")
        n_nec = kinds.count("nectar")
        n_die = kinds.count("die")
        n_room = kinds.count("room")
        seen: Counter[str] = Counter()
        out = []
        for k in kinds:
            j = seen[k]
            seen[k] += 1
            night_costs = []
            for t in range(nights):
                if k == "egg":
                    left = eggs - t * n_egg - j
                    c = 1.2 if left > 0 else (HONEY_LOSS if honey_now > 0 else 2.5)
                elif k == "nectar":
                    left = nectar - t * (n_nec + 1) - j
                    c = 1.0 if left > 0 else (HONEY_LOSS if honey_now > 0 else 2.0)
                elif k == "die":
                    dice_left = pl.dice - t * n_die - j
                    # the die is gone for every round after this night
                    c = DIE_ROUND * (nights - t - 1) + 0.5 if dice_left > 1 else 0.0
                elif k == "room":
                    idx = t * n_room + j
                    c = 1.5 + (live[idx] if idx < len(live) else HONEY_LOSS)
                else:
                    c = 0.0
                night_costs.append(c)
            out.append((night_costs[0], sum(night_costs)))
        self._memo[key] = out
        return out

    def _watch_threats(self, s: Table) -> None:
        """Remember who follows a threat's value and who spoils threats (random players do)."""
        if s.turn < self._seen_turn:  # a new game
            self._seen, self._seen_dice = {}, set()
        self._seen_turn = s.turn
        for th in s.threats:
            first = None
            for k, (o, v) in enumerate(th.dice):
                if v == 0:
                    continue
                if first is None:
                    first = v
                    continue
                key = (s.turn, th.name, k)
                if key in self._seen_dice:
                    continue
                self._seen_dice.add(key)
                rec = self._seen.setdefault(o, [0, 0])
                rec[0 if v == first else 1] += 1

    def _coop(self, q: int) -> float:
        base = 0.75 if self.level == "good" else 0.5
        good, bad = self._seen.get(q, (0, 0))
        return base * (1 + good) / (1 + good + 2 * bad)

    def _fill_prob(self, s: Table, p: int, u: int, r: int, own_extra: int) -> float:
        """Chance that ``r`` more dice showing ``u`` reach a threat this day.

        ``own_extra``: the dice showing ``u`` this seat still holds besides the one
        being placed. Other seats are expected to follow with the dice they hold.
        """
        if r <= 0:
            return 1.0
        if own_extra >= r:
            return 0.95
        pl = s.players[p]
        supply = float(own_extra)
        if s.solo:
            if s.bumblebot is not None:
                supply += 0.35 * min(s.bumblebot.pool.count(u), r)
        else:
            for q, other in enumerate(s.players):
                if q == p or not other.pool:
                    continue
                c = other.pool.count(u)
                coop = self._coop(q)
                supply += coop * min(c, r)
                if c == 0 and len(other.pool) >= 3 and self.level == "good":
                    supply += 0.25 * coop  # a helper die can turn one
        if self.level == "good" and len(pl.pool) - 1 - own_extra >= 2:
            supply += 0.4
        return max(0.0, min(0.9, supply / (r + 0.5)))

    def _threat_score(self, s: Table, p: int, i: int, v: int, wild: bool | None = None) -> float:
        th = s.threats[i]
        need = threat_spaces(s)
        pl = s.players[p]
        vals = {x for _, x in th.dice if x != 0}
        mine = any(o == p for o, _ in th.dice)
        if wild is None:
            wild = pl.soldier  # Soldiers: this die matches anything
        tonight, worth = self._threat_costs(s, p)[i]
        if self.level == "basic":
            worth *= 0.6
        reward = 0.0 if mine else REWARD
        if len(vals) > 1 or (vals and v not in vals and not wild):
            # spoiled already, or this die would spoil it
            if s.solo:
                # still shelters us tonight; spoiling it costs us only if beating it paid
                return (0.0 if mine else tonight) - 0.2 - max(0.0, 0.3 * self._solo_defeat_gain(s, p, i))
            return BLOCK
        u = next(iter(vals)) if vals else v
        r = need - len(th.dice) - 1
        own_extra = max(0, pl.pool.count(u) - (1 if u == v and not wild else 0))
        prob = self._fill_prob(s, p, u, r, own_extra)
        if s.solo:
            # any die of ours keeps this threat off us tonight; beating it also frees
            # Bumblebot of it, so it is only worth it when it hurts us more than Bumblebot
            gain = self._solo_defeat_gain(s, p, i) + reward
            return (0.0 if mine else tonight) + prob * gain / (r + 1)
        if r > 0 and self.level == "basic" and not vals and own_extra < r:
            # basic only starts a threat it can finish itself
            return prob * (worth + reward) / (r + 1) * 0.8
        return prob * (worth + reward) / (r + 1)

    def _solo_defeat_gain(self, s: Table, p: int, i: int) -> float:
        """Solo: our later threat cost (capped by a die a night to shelter) less Bumblebot's."""
        key = ("solo_gain", i)
        if key in self._memo:
            return self._memo[key]  # type: ignore[no-any-return]
        kind = threat_penalties()[s.threats[i].name]
        nights = self._nights_left(s)
        b = s.bumblebot
        tonight, worth = self._threat_costs(s, p)[i]
        mine = min(worth - tonight, (DIE_ROUND + 0.3) * (nights - 1))
        theirs = 0.0
        if b is not None:
            nect = sum(b.nectar)
            for t in range(1, nights):
                if kind == "die":
                    theirs += DIE_ROUND * (nights - t - 1) + 0.5 if b.dice - t > 1 else 0.0
                elif kind == "egg":
                    theirs += 0.6 if b.eggs > t else (HONEY_LOSS if b.honey > 0 else 2.0)
                elif kind == "nectar":
                    theirs += 0.8 if nect > t else (HONEY_LOSS if b.honey > 0 else 1.0)
                else:
                    theirs += 0.8 if nect > t else 0.0
        out = mine - 0.7 * theirs
        self._memo[key] = out
        return out

    def _tonight_damage(self, s: Table, p: int) -> float:
        """Expected threat damage to ``p`` tonight, given the dice placed so far."""
        need = threat_spaces(s)
        total = 0.0
        for i, th in enumerate(s.threats):
            tonight, _ = self._threat_costs(s, p)[i]
            vals = {x for _, x in th.dice if x != 0}
            if s.solo and any(o == p for o, _ in th.dice):
                continue
            if len(vals) > 1:
                total += tonight
                continue
            r = need - len(th.dice)
            if r <= 0:
                continue
            if vals:
                u = next(iter(vals))
                prob = self._fill_prob(s, p, u, r, s.players[p].pool.count(u))
            else:
                prob = 0.0
            total += tonight * (1.0 - prob)
        return total

    def _k_turn(self, s: Table, p: int, moves: list[Any]) -> Move | None:
        pl = s.players[p]
        free, plan = self._plan(s, p)
        incoming = self._expected_tokens(s, p)
        places = [m for m in moves if isinstance(m, PlaceMove)]
        locked = getattr(s.pending, "locked", None)
        if locked is not None:
            # place the changed die where we meant it to go
            for i, (v, _n) in plan.items():
                if v == locked and any(m.target == f"R{i}" for m in places):
                    return PlaceMove(die=v, target=f"R{i}")
            return max(places, key=lambda m: self._space_score(s, p, m.target, m.die, incoming))
        if s.first_edition:
            card = self._cards_2014(s, p, moves)
            if card is not None:
                return card
        # best direct placement of a free die
        best_by_value: dict[int, tuple[float, PlaceMove | None]] = {}
        for v in range(1, 7):
            best: tuple[float, PlaceMove | None] = (-9.0, None)
            for t in placement_targets(s, p, v, double_park=pl.double_park, directions=pl.directions):
                if t[0] == "R" and int(t[1:]) in plan:
                    continue
                sc = self._space_score(s, p, t, v, incoming)
                if sc > best[0]:
                    best = (sc, PlaceMove(die=v, target=t))
            best_by_value[v] = best
        free_set = set(free)
        direct = [best_by_value[v] for v in sorted(free_set)]
        top = max(direct, key=lambda x: x[0]) if direct else (-9.0, None)
        if s.threats:
            card = self._threat_cards(s, p, moves, top[0], free, best_by_value)
            if card is not None:
                return card
        helpers = not s.first_edition
        # a room that needs another die we no longer have: use a helper
        if helpers and len(free) >= (2 if self.level == "good" else 3):
            need_helper = [(i, pl.rooms[i].dice[0]) for i, r in enumerate(pl.rooms)
                           if i not in plan and len(r.dice) == 1 and r.dice[0] not in pl.pool
                           and self._room_wants_pair(s, p, i, incoming)]
            if need_helper:
                i, v = need_helper[0]
                h, d = self._cheapest_two(free, best_by_value)
                if h is not None and d != v:
                    return HelperMove(helper=h, die=d, value=v)
        if self.level == "good" and len(free) >= 2:
            # helper: spend the least useful free die to open a better space
            h, d = self._cheapest_two(free, best_by_value)
            if h is not None:
                cost = max(best_by_value[h][0], 0.0) + 0.8
                gain_v = max(range(1, 7), key=lambda v: best_by_value[v][0])
                better = d is not None and best_by_value[gain_v][0] - cost > max(top[0], best_by_value[d][0]) + 0.3
                if d is not None and gain_v != d and better:
                    if "overtime" in pl.hand and best_by_value[gain_v][0] > top[0] + 1.0:
                        return PlayMove(card="overtime", die=d, value=gain_v)
                    if helpers:
                        return HelperMove(helper=h, die=d, value=gain_v)
            cards = self._day_card(s, p, moves, top[0], incoming)
            if cards is not None:
                return cards
        if free and top[1] is not None and (top[0] > 0.1 or not plan):
            return top[1]
        # place a reserved die on its room (pair first where one die is already down)
        for i, (v, _n) in sorted(plan.items(), key=lambda kv: kv[1][1]):
            if v in pl.pool:
                return PlaceMove(die=v, target=f"R{i}")
        if top[1] is not None:
            return top[1]
        return None

    def _room_wants_pair(self, s: Table, p: int, i: int, incoming: list[int]) -> bool:
        return any(j == i for j, _ in self._honey_rooms(s, p, incoming))

    def _cheapest_two(self, free: list[int], best_by_value: dict[int, tuple[float, PlaceMove | None]]
                      ) -> tuple[int | None, int | None]:
        if len(free) < 2:
            return None, None
        ordered = sorted(free, key=lambda v: best_by_value[v][0])
        return ordered[0], ordered[1]

    def _day_card(self, s: Table, p: int, moves: list[Move], top: float, incoming: list[int]) -> Move | None:
        pl = s.players[p]
        plays = [m for m in moves if isinstance(m, PlayMove)]
        for m in plays:
            if m.card == "directions":
                counts = Counter(o for o, _ in s.spaces[m.target or ""])
                if counts[p] and counts[p] < max(counts.values()) + 1 and len(pl.pool) >= 2:
                    return m
            if m.card == "double_park":
                for v in set(pl.pool):
                    for a in "GE":
                        if s.spaces[f"{a}{v}"] and self._space_score(s, p, f"{a}{v}", v, incoming) > top + 0.8:
                            return m
        return None

    def _threat_cards(self, s: Table, p: int, moves: list[Move], top: float, free: list[int],
                      best_by_value: dict[int, tuple[float, PlaceMove | None]]) -> Move | None:
        """Guards when tonight's threats would hurt; Soldiers to finish a threat we cannot match."""
        pl = s.players[p]
        plays = {m.card: m for m in moves if isinstance(m, PlayMove) and m.card in ("guards", "soldiers")}
        if "soldiers" in plays and free and not s.solo:
            need = threat_spaces(s)
            cheapest = min(free, key=lambda v: best_by_value[v][0])
            cost = max(best_by_value[cheapest][0], 0.0) + 0.7
            for i, th in enumerate(s.threats):
                vals = {x for _, x in th.dice if x != 0}
                if len(vals) > 1 or len(th.dice) >= need:
                    continue
                if vals and next(iter(vals)) in free:
                    continue  # a plain matching die does it
                sc = self._threat_score(s, p, i, cheapest, wild=True)
                if sc - cost > max(top, 0.0) + 0.5:
                    return plays["soldiers"]
        if "guards" in plays:
            last = len(pl.pool) <= 1 or (self.level == "good" and len(pl.pool) <= 2
                                         and self._nights_left(s) <= 1)
            if last:
                dmg = self._tonight_damage(s, p)
                if dmg >= (1.5 if self._nights_left(s) <= 2 else 2.5):
                    return plays["guards"]
        return None

    # -- the night -----------------------------------------------------------------
    def _k_offer_volunteer(self, s: Table, p: int, moves: list[Any]) -> Move | None:
        return PlayMove(card="volunteer")

    def _k_offer_bounty(self, s: Table, p: int, moves: list[Any]) -> Move | None:
        return next((m for m in moves if isinstance(m, PlayMove)), DeclineMove())

    def _k_offer_eager_bee(self, s: Table, p: int, moves: list[Any]) -> Move | None:
        plays = [m for m in moves if isinstance(m, PlayMove)]
        pl = s.players[p]
        for m in plays:
            if (m.target or "")[:1] == "C" and any(len(r.dice) >= 2 and len(set(r.dice)) < len(r.dice)
                                          for r in pl.rooms if not r.egg and not r.nectar and not r.honey):
                return m
        for m in plays:
            if (m.target or "")[:1] == "G":
                return m
        return plays[0] if plays else DeclineMove()

    def _k_offer_shuffle(self, s: Table, p: int, moves: list[Any]) -> Move | None:
        plays = [m for m in moves if isinstance(m, PlayMove)]
        if not plays:
            return DeclineMove()
        if not s.first_edition:
            return plays[0]
        # 2014: between two rooms; worth it if it lets a paired room fill up with one colour
        pl = s.players[p]
        best, bm = 0.5, None
        for m in plays:
            a, b = pl.rooms[int((m.src or "R0")[1:])], pl.rooms[int((m.target or "R0")[1:])]
            gain = self._best_split(a.nectar + b.nectar, a.dice, b.dice) - (
                self._one_room(a.egg, a.nectar, a.dice) + self._one_room(b.egg, b.nectar, b.dice))
            if gain > best:
                best, bm = gain, m
        return bm or DeclineMove()

    def _best_split(self, tokens: list[int], dice_a: list[int], dice_b: list[int]) -> float:
        counts = Counter(tokens)
        best = 0.0
        for c, k in counts.items():
            first = [c] * min(4, k)
            rest = list((counts - Counter(first)).elements())
            if len(rest) > 4:
                continue
            for da, db in ((dice_a, dice_b), (dice_b, dice_a)):
                best = max(best, self._one_room(False, first, da) + self._one_room(False, rest, db))
        return best

    @staticmethod
    def _one_room(egg: bool, nectar: list[int], dice: list[int]) -> float:
        phi = _room_phi(nectar)
        paired = any(n >= 2 for n in Counter(dice).values())
        if paired and len(nectar) == 4 and len(set(nectar)) == 1:
            phi += HONEY
        if paired and egg:
            phi += 3.0
        return phi

    def _room_score(self, pl: Player) -> float:
        return sum(self._one_room(r.egg, r.nectar, r.dice) for r in pl.rooms if not r.honey)

    def _shift_choice(self, s: Table, p: int, moves: list[Move]) -> Move:
        # scored on copies: a player must never change the state it is shown
        pl = s.players[p]
        best, bm = 0.05, DoneMove()
        for m in moves:
            if isinstance(m, ShiftMove):
                a, b = pl.rooms[m.src], pl.rooms[m.dst]
                before = self._one_room(a.egg, a.nectar, a.dice) + self._one_room(b.egg, b.nectar, b.dice)
                if m.colour == EGG:
                    after = self._one_room(False, a.nectar, a.dice) + self._one_room(True, b.nectar, b.dice)
                else:
                    rest = a.nectar[:]
                    rest.remove(m.colour)
                    after = (self._one_room(a.egg, rest, a.dice)
                             + self._one_room(b.egg, b.nectar + [m.colour], b.dice))
            elif isinstance(m, SwapMove) and m.give is not None and m.take is not None:
                a, b = pl.rooms[m.src], pl.rooms[m.dst]
                before = self._one_room(a.egg, a.nectar, a.dice) + self._one_room(b.egg, b.nectar, b.dice)
                ra, rb = a.nectar[:], b.nectar[:]
                ra.remove(m.give)
                rb.remove(m.take)
                after = self._one_room(False, ra + [m.take], a.dice) + self._one_room(False, rb + [m.give], b.dice)
            else:
                continue
            if after - before > best:
                best, bm = after - before, m  # type: ignore[assignment]
        return bm

    def _k_rearrange(self, s: Table, p: int, moves: list[Any]) -> Move | None:
        return self._shift_choice(s, p, moves)

    def _k_egg(self, s: Table, p: int, moves: list[Any]) -> Move | None:
        pl = s.players[p]
        eggs = [m for m in moves if isinstance(m, EggMove)]
        if not eggs:
            return DeclineMove()
        return min(eggs, key=lambda m: (len(pl.rooms[m.room].dice), m.room))

    def _k_nectar(self, s: Table, p: int, moves: list[Any]) -> Move | None:
        pl = s.players[p]
        best, bm = None, None
        for m in moves:
            if isinstance(m, NectarMove):
                r = pl.rooms[m.room]
                sc = _room_phi(r.nectar + [m.colour]) - _room_phi(r.nectar)
                if any(n >= 2 for n in Counter(r.dice).values()):
                    if len(r.nectar) == 3 and len(set(r.nectar + [m.colour])) == 1:
                        sc += HONEY
                    elif set(r.nectar) <= {m.colour}:
                        sc += 0.5
            elif isinstance(m, PlayMove) and m.card == "bounty":
                # 2014: Bounty while storing: one more cube, if there is room for it
                sc = 0.6 if capacity(pl, room_capacity(s)) > len(pl.pending_nectar) else -1.0
            elif isinstance(m, PlayMove):
                sc = -1.0
            else:
                sc = -0.4 - 0.2 * pl.pending_nectar.count(m.colour)
            if best is None or sc > best:
                best, bm = sc, m
        return bm

    def _k_trade(self, s: Table, p: int, moves: list[Any]) -> Move | None:
        pl = s.players[p]
        need = self._completion_colour(s, p)
        trades = [m for m in moves if isinstance(m, TradeMove)]
        eggs = [m for m in trades if m.give == "egg"]
        cards = [m for m in trades if m.give == "card"]
        nect = [m for m in trades if m.give == "nectar"]
        keep = {"alchemy", "efficiency", "expertise", "guards", "soldiers"}
        if eggs and s.threats and self.level == "good" and pl.honey > 0:
            n_eggs = sum(1 for r in pl.rooms if r.egg)
            if n_eggs <= self._threat_kinds(s).count("egg"):
                eggs = []  # each egg left saves a honey from Ant/Beetle
        if eggs:
            return eggs[0]
        if cards:
            spare = [m for m in cards if m.card not in keep] or cards
            if need is not None or len(pl.hand) > 2:
                return spare[0]
        if nect and need is not None:
            if s.first_edition:
                # two of a colour for one of another: spend a colour we cannot complete
                nect = [m for m in nect if m.colour != need]
                return self._stray_nectar(pl, nect) if nect else DeclineMove()
            return self._stray_nectar(pl, nect)
        return DeclineMove()

    def _stray_nectar(self, pl: Player, nect: list[Any]) -> Move:
        def loss(m: Any) -> float:
            r = pl.rooms[m.room]
            after = r.nectar[:]
            after.remove(m.colour)
            return _room_phi(r.nectar) - _room_phi(after)
        return min(nect, key=loss)  # type: ignore[no-any-return]

    def _k_trade_second(self, s: Table, p: int, moves: list[Any]) -> Move | None:
        # (never the step back: the first nectar was chosen on purpose)
        return self._stray_nectar(s.players[p], [m for m in moves if isinstance(m, TradeMove)])

    def _completion_colour(self, s: Table, p: int) -> int | None:
        pl = s.players[p]
        for r in pl.rooms:
            if not r.honey and len(r.nectar) == 3 and len(set(r.nectar)) == 1:
                return r.nectar[0]
        return None

    def _k_gain(self, s: Table, p: int, moves: list[Any]) -> Move | None:
        pl = s.players[p]

        def score(m: Any) -> float:
            r = pl.rooms[m.room]
            sc = _room_phi(r.nectar + [m.colour]) - _room_phi(r.nectar)
            if len(r.nectar) == 3 and len(set(r.nectar + [m.colour])) == 1:
                sc += 3
            return sc
        return max(moves, key=score)  # type: ignore[no-any-return]

    def _k_offer_honey(self, s: Table, p: int, moves: list[Any]) -> Move | None:
        honey = [m for m in moves if isinstance(m, HoneyMove)]
        if not honey:
            return DeclineMove()
        # fewest cards, then the fewest nectar spent
        return min(honey, key=lambda m: (len(m.cards), len(m.use)))

    def _k_offer_hatch(self, s: Table, p: int, moves: list[Any]) -> Move | None:
        return moves[0]  # type: ignore[no-any-return]

    def _threat_kinds(self, s: Table) -> list[str]:
        pens = threat_penalties()
        return [pens[t.name] for t in s.threats]

    def _k_reward(self, s: Table, p: int, moves: list[Any]) -> Move | None:
        pl = s.players[p]
        choices: dict[str, Move] = {m.choice: m for m in moves if isinstance(m, RewardMove)}
        if not choices:
            return DeclineMove()
        if self.level == "basic" or not s.options.threats:
            if "room" in choices and capacity(pl, room_capacity(s)) <= 3:
                return choices["room"]
            if "card" in choices and len(s.queen_deck) > 2:
                return choices["card"]
            return choices.get("room") or next(iter(choices.values()))
        kinds = self._threat_kinds(s)
        eggs = sum(1 for r in pl.rooms if r.egg)
        nights = self._nights_left(s)
        score: dict[str, float] = {}
        if "room" in choices:
            cap = capacity(pl, room_capacity(s))
            score["room"] = (1.0 + (1.5 if cap <= 3 else 0.7 if cap <= 6 else 0.0)
                             + 0.8 * kinds.count("room") + (0.3 if nights >= 3 else -0.5))
        if "egg" in choices:
            # an egg shields a honey from Ant and Beetle and can hatch into a die
            guard = HONEY_LOSS * 0.4 if kinds.count("egg") > eggs and pl.honey > 0 else 0.0
            score["egg"] = 0.8 + guard + (0.6 if nights >= 4 else 0.0) + 0.3 * kinds.count("egg")
        if "card" in choices:
            lead = pl.honey >= max(q.honey for q in s.players)
            if s.solo:
                score["card"] = 1.2 if len(s.queen_deck) > 6 else -2.0
            elif len(s.queen_deck) <= 2:
                score["card"] = 2.0 if lead else -1.0
            else:
                score["card"] = 1.4
        best = max(score, key=lambda k: score[k])
        return choices[best] if score[best] > 0 else DeclineMove()

    def _k_lose_nectar(self, s: Table, p: int, moves: list[Any]) -> Move | None:
        return self._stray_nectar(s.players[p], moves)

    def _k_lose_room(self, s: Table, p: int, moves: list[Any]) -> Move | None:
        pl = s.players[p]
        move: Move = min(moves, key=lambda m: (pl.rooms[m.room].honey, _room_phi(pl.rooms[m.room].nectar)
                                               + 2 * pl.rooms[m.room].egg))
        return move

    # -- the first edition's cards -------------------------------------------------------------
    def _cards_2014(self, s: Table, p: int, moves: Sequence[Move]) -> Move | None:
        """2014 turn cards: Wrong Turn steals a flower an opponent would win from us."""
        plays = [m for m in moves if isinstance(m, PlayMove) and m.card == "wrong_turn"]
        best, bm = 0.9, None
        for m in plays:
            src = s.spaces[m.src or ""]
            dst = s.spaces[m.target or ""]
            before = award(s, src, p) + award(s, dst, p)
            moved = list(src)
            moved.remove((m.seat or 0, m.die or 0))
            after = award(s, moved, p) + award(s, [*dst, (m.seat or 0, m.die or 0)], p)
            if after - before > best:
                best, bm = after - before, m
        return bm

    def _k_window(self, s: Table, p: int, moves: list[Any]) -> Move | None:
        plays = [m for m in moves if isinstance(m, PlayMove)]
        for m in plays:
            if m.card in ("volunteer", "scouting"):
                return m
            if m.card == "queens_gift":
                pl = s.players[p]
                want = "room" if capacity(pl, room_capacity(s)) <= 4 or not empty_rooms(pl) else "egg"
                if m.choice == want:
                    return m
        sick = [m for m in plays if m.card == "sick_day"]
        if sick:
            # keep the leader from a pair
            leader = max(range(len(s.players)), key=lambda q: (s.players[q].honey, -q) if q != p else (-1, 0))
            pairs = [m for m in sick if m.seat == leader and s.players[leader].pool.count(m.die or 0) >= 2]
            return (pairs or [m for m in sick if m.seat == leader] or sick)[0]
        wrong = self._cards_2014(s, p, plays)
        if wrong is not None:
            return wrong
        gifts = [m for m in plays if m.card == "queens_gift"]
        return gifts[0] if gifts else DeclineMove()

    def _k_directions(self, s: Table, p: int, moves: list[Any]) -> Move | None:
        places = [m for m in moves if isinstance(m, PlaceMove)]
        if not places:
            return DoneMove()
        flower = s.spaces[places[0].target]
        mine = sum(1 for o, _ in flower if o == p)
        others = max([sum(1 for o, _ in flower if o == q) for q in range(len(s.players)) if q != p], default=0)
        if mine > others and any(isinstance(m, DoneMove) for m in moves):
            return DoneMove()
        free, _plan = self._plan(s, p)
        spare = [m for m in places if m.die in free] or places
        return spare[0]

    def _k_scouting(self, s: Table, p: int, moves: list[Any]) -> Move | None:
        prefer = ("efficiency", "alchemy", "expertise", "queens_gift", "bounty", "volunteer")
        scouts = [m for m in moves if isinstance(m, ScoutMove)]
        return min(scouts, key=lambda m: prefer.index(m.keep) if m.keep in prefer else len(prefer))


def make_player(level: str, seed: int) -> ComputerPlayer:
    """The Waggle Dance computer player of a level: ``random``, or the heuristic ``basic`` or
    ``good``; raises ValueError for any other level."""
    if level == "random":
        return RandomPlayer(seed)
    if level in ("basic", "good"):
        return HeuristicPlayer(seed, level)
    raise ValueError(f"unknown Waggle Dance level {level!r}; choose random, basic or good")


__all__ = ["HeuristicPlayer", "make_player"]
