"""Computer players for Waggle Dance.

``random`` picks any legal move. ``basic`` and ``good`` are heuristic
players built on one idea: a room is worth more the closer it is to four
nectar of one colour, and a room that will hold four of a colour at night
gets a pair of dice reserved for it. ``good`` also spends helper dice and
day cards (Overtime, Double Park, Directions, Guards, Soldiers) when they
open a clearly better placement, and fights threats harder.
"""

from __future__ import annotations

import random
from collections import Counter

from ...core.players import RandomPlayer
from . import rules
from .models import (
    BOT,
    EGG,
    DeclineMove,
    DiscardMove,
    DoneMove,
    GainMove,
    HelperMove,
    LoseMove,
    NectarMove,
    PlaceMove,
    PlayMove,
    RewardMove,
    ShiftMove,
    TradeMove,
    WaggleDanceState,
)

PHI = (0.0, 1.0, 2.3, 3.8, 6.0)
HONEY = 9.0


def room_phi(nectar: list[int]) -> float:
    if not nectar:
        return 0.0
    cnt = Counter(nectar)
    top = max(cnt.values())
    return PHI[top] - 0.6 * (len(nectar) - top)


def place_tokens(rooms: list[list[int]], tokens: list[int]) -> list[list[int]]:
    """Greedy storage of ``tokens`` in copies of ``rooms`` (nectar lists of usable rooms)."""
    rooms = [r[:] for r in rooms]
    for c in sorted(tokens, key=lambda c: -max((r.count(c) for r in rooms), default=0)):
        best, bi = None, -1
        for i, r in enumerate(rooms):
            if len(r) >= 4:
                continue
            gain = room_phi(r + [c]) - room_phi(r)
            if best is None or gain > best:
                best, bi = gain, i
        if bi >= 0:
            rooms[bi].append(c)
    return rooms


def award(counts: Counter, me: int, solo: bool, difficulty: str) -> int:
    if not counts.get(me):
        return 0
    levels = sorted(set(counts.values()), reverse=True)
    mine = counts[me]
    top = [o for o in counts if counts[o] == levels[0]]
    if mine == levels[0]:
        return 2 if len(top) == 1 else 1
    if len(levels) > 1 and mine == levels[1]:
        second = [o for o in counts if counts[o] == levels[1]]
        if len(second) == 1 and (not solo or difficulty == "easier"):
            return 1
    return 0


class HeuristicPlayer:
    def __init__(self, seed: int | None = None, level: str = "good") -> None:
        self._random = random.Random(seed)
        self.level = level

    # -- entry point ---------------------------------------------------------------
    def choose(self, engine, state: WaggleDanceState):
        moves = engine.legal_moves(state)
        if not moves:
            raise RuntimeError("no legal move for the pending decision")
        pend = state.pending
        handler = getattr(self, "_k_" + pend.kind, None)
        if handler is not None:
            move = handler(state, pend.seat, moves)
            if move is not None and move in moves:
                return move
        return moves[0]

    # -- evaluation helpers -----------------------------------------------------------
    def _usable(self, pl) -> list[list[int]]:
        return [r.nectar for r in pl.rooms if not r.honey and not r.egg]

    def _expected_tokens(self, s: WaggleDanceState, p: int) -> list[int]:
        """Nectar this seat would gather if the night came now."""
        out = list(s.players[p].pending_nectar)
        for f in range(1, 7):
            dice = s.spaces[f"D{f}"]
            if any(o == p for o, _ in dice):
                out += [f - 1] * award(Counter(o for o, _ in dice), p, s.solo, s.options.difficulty)
        return out

    def _value_tokens(self, s, p, base: list[int], extra: list[int]) -> float:
        rooms = self._usable(s.players[p])
        before = place_tokens(rooms, base)
        after = place_tokens(before, extra)
        return sum(room_phi(r) for r in after) - sum(room_phi(r) for r in before)

    def _honey_rooms(self, s, p, incoming: list[int]) -> list[tuple[int, int]]:
        """Rooms expected to hold 4 of one colour at night: (room index, colour)."""
        pl = s.players[p]
        idx = [i for i, r in enumerate(pl.rooms) if not r.honey and not r.egg]
        rooms = place_tokens([pl.rooms[i].nectar for i in idx], incoming)
        out = []
        eff = "efficiency" in pl.hand
        alch = "alchemy" in pl.hand
        for i, r in zip(idx, rooms):
            if not r:
                continue
            top_c, top = Counter(r).most_common(1)[0]
            if top == 4 or (eff and top >= 3) or (alch and len(r) == 4):
                out.append((i, top_c))
        return out

    # -- the day ---------------------------------------------------------------------
    def _plan(self, s, p) -> tuple[list[int], dict[int, tuple[int, int]]]:
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

    def _space_score(self, s, p, target: str, v: int, incoming: list[int]) -> float:
        pl = s.players[p]
        a = target[0]
        num = int(target[1:])
        if a == "D":
            dice = s.spaces[target]
            counts = Counter(o for o, _ in dice)
            now = award(counts, p, s.solo, s.options.difficulty)
            counts[p] += 1
            new = award(counts, p, s.solo, s.options.difficulty)
            if new <= now:
                return -0.2 if counts[p] > 1 else 0.05
            base = list(incoming)
            for _ in range(now):
                if (num - 1) in base:
                    base.remove(num - 1)
            gain = self._value_tokens(s, p, base + [num - 1] * now, [num - 1] * (new - now))
            return gain * (0.8 if counts[p] == 1 and len(counts) > 1 else 1.0)
        if a == "A":
            room_left = rules.capacity(pl) - len(incoming)
            val = 3.0 if room_left <= 2 else 1.6 if room_left <= 5 else 0.7
            return val if s.supply_rooms > 0 else 0
        if a == "G":
            if not s.queen_deck:
                return 0
            lead = pl.honey >= max(q.honey for q in s.players)
            if len(s.queen_deck) <= 2 and not s.solo:
                return 2.5 if lead else -1.0
            return 1.5
        if a == "C":
            er = rules.empty_rooms(pl)
            if s.supply_eggs <= 0 or not er:
                return 0
            return 1.0 if len(er) > 1 or rules.capacity(pl) > 6 else 0.3
        if a == "E":
            goods = any(r.egg for r in pl.rooms) or pl.hand
            if not goods and pl.nectar_total + len(incoming) < 3:
                return 0
            best = max(self._value_tokens(s, p, incoming, [c]) for c in range(6))
            return best - (0.6 if goods else 1.6)
        if a == "T":
            return self._threat_score(s, p, num, v)
        if a == "R":
            r = pl.rooms[num]
            if r.egg and v in r.dice and s.turn <= 8:
                return 2.5
            return -0.5
        return 0

    def _threat_score(self, s, p, i: int, v: int) -> float:
        th = s.threats[i]
        need = rules.threat_spaces(s)
        vals = {x for _, x in th.dice if x != 0}
        mine = any(o == p for o, _ in th.dice)
        base = 0.0
        if s.solo and not mine:
            base = 2.0
        if vals and v not in vals:
            return base - 0.5
        after = len(th.dice) + 1
        if after >= need:
            return base + 4.0
        return base + (0.6 if self.level == "basic" else 1.4) * after / need

    def _k_turn(self, s: WaggleDanceState, p: int, moves: list):
        pl = s.players[p]
        free, plan = self._plan(s, p)
        incoming = self._expected_tokens(s, p)
        places = [m for m in moves if isinstance(m, PlaceMove)]
        if s.locked is not None:
            # place the changed die where we meant it to go
            for i, (v, _n) in plan.items():
                if v == s.locked and any(m.target == f"R{i}" for m in places):
                    return PlaceMove(die=v, target=f"R{i}")
            return max(places, key=lambda m: self._space_score(s, p, m.target, m.die, incoming))
        # best direct placement of a free die
        best_by_value: dict[int, tuple[float, PlaceMove | None]] = {}
        for v in range(1, 7):
            best = (-9.0, None)
            for t in rules.targets(s, p, v):
                if t[0] == "R" and int(t[1:]) in plan:
                    continue
                sc = self._space_score(s, p, t, v, incoming)
                if sc > best[0]:
                    best = (sc, PlaceMove(die=v, target=t))
            best_by_value[v] = best
        free_set = set(free)
        direct = [best_by_value[v] for v in sorted(free_set)]
        top = max(direct, key=lambda x: x[0]) if direct else (-9.0, None)
        # a room that needs another die we no longer have: use a helper
        if len(free) >= (2 if self.level == "good" else 3):
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
                if gain_v != d and best_by_value[gain_v][0] - cost > max(top[0], best_by_value[d][0]) + 0.3:
                    if "overtime" in pl.hand and best_by_value[gain_v][0] > top[0] + 1.0:
                        return PlayMove(card="overtime", die=d, value=gain_v)
                    return HelperMove(helper=h, die=d, value=gain_v)
            cards = self._day_card(s, p, moves, top[0], incoming)
            if cards is not None:
                return cards
        if free and top[1] is not None and (top[0] > 0.1 or not plan):
            return top[1]
        # place a reserved die on its room (pair first where one die is already down)
        for i, (v, n) in sorted(plan.items(), key=lambda kv: kv[1][1]):
            if v in pl.pool:
                return PlaceMove(die=v, target=f"R{i}")
        if top[1] is not None:
            return top[1]
        return None

    def _room_wants_pair(self, s, p, i, incoming) -> bool:
        return any(j == i for j, _ in self._honey_rooms(s, p, incoming))

    def _cheapest_two(self, free: list[int], best_by_value) -> tuple[int | None, int | None]:
        if len(free) < 2:
            return None, None
        ordered = sorted(free, key=lambda v: best_by_value[v][0])
        return ordered[0], ordered[1]

    def _day_card(self, s, p, moves, top: float, incoming):
        pl = s.players[p]
        plays = [m for m in moves if isinstance(m, PlayMove)]
        for m in plays:
            if m.card == "guards":
                harmful = len(s.threats)
                if harmful >= 1:
                    return m
            if m.card == "directions":
                f = int(m.target[1:])
                counts = Counter(o for o, _ in s.spaces[m.target])
                if counts[p] and counts[p] < max(counts.values()) + 1 and len(pl.pool) >= 2:
                    return m
            if m.card == "double_park":
                for v in set(pl.pool):
                    for a in "GE":
                        if s.spaces[f"{a}{v}"] and self._space_score(s, p, f"{a}{v}", v, incoming) > top + 0.8:
                            return m
        return None

    # -- the night -----------------------------------------------------------------
    def _k_volunteer(self, s, p, moves):
        return PlayMove(card="volunteer")

    def _k_bounty(self, s, p, moves):
        return PlayMove(card="bounty")

    def _k_eager(self, s, p, moves):
        plays = [m for m in moves if isinstance(m, PlayMove)]
        pl = s.players[p]
        for m in plays:
            if m.target[0] == "C" and any(len(r.dice) >= 2 and len(set(r.dice)) < len(r.dice)
                                          for r in pl.rooms if not r.egg and not r.nectar and not r.honey):
                return m
        for m in plays:
            if m.target[0] == "G":
                return m
        return plays[0] if plays else DeclineMove()

    def _k_shuffle_offer(self, s, p, moves):
        return PlayMove(card="shuffle")

    def _room_score(self, pl) -> float:
        score = 0.0
        for r in pl.rooms:
            if r.honey:
                continue
            phi = room_phi(r.nectar)
            dc = Counter(r.dice)
            paired = any(n >= 2 for n in dc.values())
            if paired and len(r.nectar) == 4 and len(set(r.nectar)) == 1:
                phi += HONEY
            if paired and r.egg:
                phi += 3.0
            score += phi
        return score

    def _shift_choice(self, s, p, moves):
        pl = s.players[p]
        base = self._room_score(pl)
        best, bm = 0.05, DoneMove()
        for m in moves:
            if not isinstance(m, ShiftMove):
                continue
            a, b = pl.rooms[m.src], pl.rooms[m.dst]
            if m.colour == EGG:
                a.egg, b.egg = False, True
                sc = self._room_score(pl)
                a.egg, b.egg = True, False
            else:
                a.nectar.remove(m.colour)
                b.nectar.append(m.colour)
                sc = self._room_score(pl)
                b.nectar.pop()
                a.nectar.append(m.colour)
            if sc - base > best:
                best, bm = sc - base, m
        return bm

    def _k_shuffle(self, s, p, moves):
        return self._shift_choice(s, p, moves)

    def _k_move(self, s, p, moves):
        return self._shift_choice(s, p, moves)

    def _k_egg(self, s, p, moves):
        pl = s.players[p]
        return min(moves, key=lambda m: (len(pl.rooms[m.room].dice), m.room))

    def _k_nectar(self, s, p, moves):
        pl = s.players[p]
        best, bm = None, None
        for m in moves:
            if isinstance(m, NectarMove):
                r = pl.rooms[m.room]
                sc = room_phi(r.nectar + [m.colour]) - room_phi(r.nectar)
                if any(n >= 2 for n in Counter(r.dice).values()):
                    if len(r.nectar) == 3 and len(set(r.nectar + [m.colour])) == 1:
                        sc += HONEY
                    elif set(r.nectar) <= {m.colour}:
                        sc += 0.5
            else:
                sc = -0.4 - 0.2 * pl.pending_nectar.count(m.colour)
            if best is None or sc > best:
                best, bm = sc, m
        return bm

    def _k_trade(self, s, p, moves):
        pl = s.players[p]
        need = self._completion_colour(s, p)
        trades = [m for m in moves if isinstance(m, TradeMove)]
        eggs = [m for m in trades if m.give == "egg"]
        cards = [m for m in trades if m.give == "card"]
        nect = [m for m in trades if m.give == "nectar"]
        keep = {"alchemy", "efficiency", "expertise"}
        if eggs:
            return eggs[0]
        if cards:
            spare = [m for m in cards if m.card not in keep] or cards
            if need is not None or len(pl.hand) > 2:
                return spare[0]
        if nect and need is not None:
            return self._stray_nectar(pl, nect)
        return DeclineMove()

    def _stray_nectar(self, pl, nect):
        def loss(m):
            r = pl.rooms[m.room]
            after = r.nectar[:]
            after.remove(m.colour)
            return room_phi(r.nectar) - room_phi(after)
        return min(nect, key=loss)

    def _k_trade2(self, s, p, moves):
        return self._stray_nectar(s.players[p], moves)

    def _completion_colour(self, s, p):
        pl = s.players[p]
        for r in pl.rooms:
            if not r.honey and len(r.nectar) == 3 and len(set(r.nectar)) == 1:
                return r.nectar[0]
        return None

    def _k_gain(self, s, p, moves):
        pl = s.players[p]

        def score(m):
            r = pl.rooms[m.room]
            sc = room_phi(r.nectar + [m.colour]) - room_phi(r.nectar)
            if len(r.nectar) == 3 and len(set(r.nectar + [m.colour])) == 1:
                sc += 3
            return sc
        return max(moves, key=score)

    def _k_honey_card(self, s, p, moves):
        return next(m for m in moves if isinstance(m, PlayMove))

    def _k_expertise_b(self, s, p, moves):
        return moves[0]

    def _k_expertise_f(self, s, p, moves):
        return moves[0]

    def _k_reward(self, s, p, moves):
        pl = s.players[p]
        choices = {m.choice: m for m in moves}
        if "room" in choices and rules.capacity(pl) <= 3:
            return choices["room"]
        if "card" in choices and len(s.queen_deck) > 2:
            return choices["card"]
        return choices.get("room") or moves[0]

    def _k_lose_nectar(self, s, p, moves):
        return self._stray_nectar(s.players[p], moves)

    def _k_lose_room(self, s, p, moves):
        pl = s.players[p]
        return min(moves, key=lambda m: (pl.rooms[m.room].honey, room_phi(pl.rooms[m.room].nectar)
                                         + 2 * pl.rooms[m.room].egg))

    def _k_discard(self, s, p, moves):
        return moves[0]


def make_player(level: str, seed: int):
    if level == "random":
        return RandomPlayer(seed)
    if level in ("basic", "good"):
        return HeuristicPlayer(seed, level)
    raise ValueError(f"unknown Waggle Dance level {level!r}; choose random, basic or good")


__all__ = ["HeuristicPlayer", "make_player", "BOT", "GainMove", "LoseMove", "RewardMove", "DiscardMove"]
