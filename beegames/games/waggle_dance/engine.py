"""The Waggle Dance engine: the kernel's :class:`Engine` contract."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any, ClassVar

from pydantic import BaseModel

from ...core.protocol import Decision, Engine, GameResult, SeatInfo
from ...core.views import HiddenItem
from . import rules
from .data import colour_name, game_data, queen_names
from .hidden import hidden_items, seat_view
from .models import (
    BLOCKER1,
    BOT,
    EGG,
    MOVE_ADAPTER,
    DeclineMove,
    DiscardMove,
    DoneMove,
    EggMove,
    GainMove,
    HelperMove,
    LoseMove,
    NectarMove,
    PlaceMove,
    PlayMove,
    RewardMove,
    ShiftMove,
    TradeMove,
    WaggleDanceOptions,
    WaggleDanceState,
)
from .scoring import compute_result


class WaggleDanceEngine(Engine[WaggleDanceState, Any]):
    game_id: ClassVar[str] = "waggle-dance"
    title: ClassVar[str] = "Waggle Dance"
    options_model: ClassVar[type[BaseModel]] = WaggleDanceOptions
    state_model: ClassVar[type[BaseModel]] = WaggleDanceState
    min_players: ClassVar[int] = 1
    max_players: ClassVar[int] = 4
    levels: ClassVar[tuple[str, ...]] = ("random", "basic", "good")
    hides_information: ClassVar[bool] = True

    # -- building -------------------------------------------------------------
    def new_state(self, options: BaseModel, seats: Sequence[SeatInfo], seed: int) -> WaggleDanceState:
        if not isinstance(options, WaggleDanceOptions):
            options = WaggleDanceOptions.model_validate(options.model_dump() if isinstance(options, BaseModel)
                                                        else options)
        if not 1 <= len(seats) <= 4:
            raise ValueError("Waggle Dance takes 1 to 4 players")
        return rules.new_game(options, [s.name for s in seats], seed)

    def seat_names(self, options: BaseModel, count: int) -> list[str]:
        return list(game_data().components.dice_colours[:count])

    # -- asking ----------------------------------------------------------------
    def decision(self, state: WaggleDanceState) -> Decision | None:
        pend = state.pending
        if pend is None or state.phase == "over":
            return None
        return Decision(seat=pend.seat, kind=pend.kind, prompt=_prompt(state))

    def legal_moves(self, state: WaggleDanceState) -> list[Any]:
        return rules.legal_moves(state)

    def result(self, state: WaggleDanceState) -> GameResult | None:
        if state.phase != "over":
            return None
        return compute_result(state)

    # -- changing ----------------------------------------------------------------
    def apply(self, state: WaggleDanceState, move: Any) -> WaggleDanceState:
        if isinstance(move, dict):
            move = self.move_from_json(move)
        s = rules.clone(state)
        rules.apply_move(s, move)
        return s

    def step(self, state: WaggleDanceState) -> WaggleDanceState | None:
        if state.phase == "over" or state.pending is not None:
            return None
        s = rules.clone(state)
        rules.run_step(s)
        return s

    # -- moves as data -------------------------------------------------------------
    def move_to_json(self, move: Any) -> Any:
        return move.model_dump(mode="json", exclude_none=True)

    def move_from_json(self, data: Any) -> Any:
        try:
            return MOVE_ADAPTER.validate_python(data)
        except Exception as exc:
            raise ValueError(f"not a Waggle Dance move: {data!r}") from exc

    def describe_move(self, state: WaggleDanceState, move: Any) -> str:
        return describe(state, move)

    # -- computer players ----------------------------------------------------------------
    def make_player(self, level: str, seed: int):
        from .ai import make_player

        return make_player(level, seed)

    # -- what each seat may see ----------------------------------------------
    def hidden_items(self, state: WaggleDanceState) -> list[HiddenItem]:
        return hidden_items(state)

    def view(self, state: WaggleDanceState, seat: int | None) -> WaggleDanceState:
        return seat_view(state, seat)

    def turn_number(self, state: WaggleDanceState) -> int:
        return state.turn

    def check_invariants(self, state: WaggleDanceState) -> None:
        check_invariants(state)


# ---------------------------------------------------------------------------


def _prompt(s: WaggleDanceState) -> str:
    pend = s.pending
    pl = s.players[pend.seat]
    k = pend.kind
    if k == "turn":
        if s.locked is not None:
            return f"{pl.name}: place the die you changed (it now shows {s.locked})."
        return f"{pl.name}: place a die (your pool: {' '.join(map(str, sorted(pl.pool)))})."
    if k == "volunteer":
        return f"{pl.name}: play Volunteer to roll one extra die this round?"
    if k == "bounty":
        return f"{pl.name}: play Bounty for one more {colour_name(pend.value - 1).lower()} nectar?"
    if k == "eager":
        return f"{pl.name}: play Eager Bee to resolve one of your dice on A, C, E or G right now?"
    if k == "shuffle_offer":
        return f"{pl.name}: play Shuffle to rearrange your rooms before action {pend.space}?"
    if k == "shuffle":
        return f"{pl.name}: move eggs and nectar between your rooms (Shuffle), then choose done."
    if k == "move":
        rooms = ", ".join(f"R{r}" for r in pend.rooms)
        return f"{pl.name}: your {pend.value}s pair up rooms {rooms}; move nectar between them, then done."
    if k == "egg":
        return f"{pl.name}: choose an empty room for your egg."
    if k == "nectar":
        return f"{pl.name}: store your gathered nectar ({rules.nectar_str(pl.pending_nectar)})."
    if k == "trade":
        return f"{pl.name}: trade at {pend.space}: give an egg, a Queen Bee card or two nectar, or skip."
    if k == "trade2":
        return f"{pl.name}: choose the second nectar to trade."
    if k == "gain":
        return f"{pl.name}: choose the colour of nectar you receive and the room to store it."
    if k == "honey_card":
        names = " or ".join(queen_names()[c] for c in pend.cards)
        return f"{pl.name}: room R{pend.room} has a pair; play {names} to make honey?"
    if k == "expertise_b":
        return f"{pl.name}: play Expertise to hatch the egg in room R{pend.room} with two unmatched dice?"
    if k == "expertise_f":
        return f"{pl.name}: play Expertise to make honey in room R{pend.room} with two unmatched dice?"
    if k == "reward":
        return f"{pl.name}: a threat you fought is defeated; take a room, an egg or a Queen Bee card."
    if k == "lose_nectar":
        return f"{pl.name}: the {pend.cards[0]} strikes; choose a nectar to lose."
    if k == "lose_room":
        return f"{pl.name}: the {pend.cards[0]} strikes; choose a room to lose."
    return f"{pl.name}: decide."


def _where(t: str) -> str:
    if t[0] == "R":
        return f"room {t[1:]}"
    if t[0] == "T":
        return f"threat {t[1:]}"
    if t[0] == "D":
        return f"flower {t[1:]} ({colour_name(int(t[1:]) - 1).lower()})"
    return t


def describe(s: WaggleDanceState, move: Any) -> str:
    who = s.players[s.pending.seat].name if s.pending is not None else "?"
    if isinstance(move, PlaceMove):
        return f"{who} places a {move.die} on {_where(move.target)}."
    if isinstance(move, HelperMove):
        return f"{who} uses a {move.helper} as a helper to turn a {move.die} into a {move.value}."
    if isinstance(move, PlayMove):
        name = queen_names().get(move.card, move.card)
        extra = ""
        if move.card == "overtime":
            extra = f": a {move.die} becomes a {move.value}"
        elif move.target:
            extra = f" on {_where(move.target)}"
        elif move.room is not None:
            extra = f" on room {move.room}"
        return f"{who} plays {name}{extra}."
    if isinstance(move, DeclineMove):
        return f"{who} passes."
    if isinstance(move, NectarMove):
        return f"{who} stores a {colour_name(move.colour).lower()} nectar in room {move.room}."
    if isinstance(move, DiscardMove):
        return f"{who} returns a {colour_name(move.colour).lower()} nectar to the supply."
    if isinstance(move, EggMove):
        return f"{who} puts the egg in room {move.room}."
    if isinstance(move, TradeMove):
        if move.give == "egg":
            return f"{who} trades the egg in room {move.room}."
        if move.give == "card":
            return f"{who} trades a Queen Bee card ({queen_names().get(move.card, move.card)})."
        return f"{who} trades a {colour_name(move.colour).lower()} nectar from room {move.room}."
    if isinstance(move, GainMove):
        return f"{who} takes a {colour_name(move.colour).lower()} nectar into room {move.room}."
    if isinstance(move, ShiftMove):
        what = "the egg" if move.colour == EGG else f"a {colour_name(move.colour).lower()} nectar"
        return f"{who} moves {what} from room {move.src} to room {move.dst}."
    if isinstance(move, DoneMove):
        return f"{who} is done moving."
    if isinstance(move, RewardMove):
        gift = {'room': 'a room tile', 'egg': 'an egg'}.get(move.choice, 'a Queen Bee card')
        return f"{who} takes {gift}."
    if isinstance(move, LoseMove):
        if move.colour is None:
            return f"{who} gives up room {move.room}."
        return f"{who} gives up a {colour_name(move.colour).lower()} nectar from room {move.room}."
    return f"{who}: {move!r}"


def check_invariants(s: WaggleDanceState) -> None:
    comp = game_data().components
    # nectar per colour
    for c in range(6):
        held = sum(r.nectar.count(c) for p in s.players for r in p.rooms)
        held += sum(p.pending_nectar.count(c) for p in s.players)
        if s.bot is not None:
            held += s.bot.nectar[c]
        assert s.supply_nectar[c] >= 0, f"negative {colour_name(c)} supply"
        assert held + s.supply_nectar[c] == comp.nectar_per_colour, f"{colour_name(c)} nectar not conserved"
    # eggs
    eggs = sum(r.egg for p in s.players for r in p.rooms) + (s.bot.eggs if s.bot else 0)
    assert s.supply_eggs >= 0 and eggs + s.supply_eggs == comp.eggs, "eggs not conserved"
    # room tiles
    tiles = sum(len(p.rooms) for p in s.players) + (s.bot.honey if s.bot else 0)
    assert s.supply_rooms >= 0 and tiles + s.supply_rooms == comp.room_tiles, "room tiles not conserved"
    # room capacity
    for p in s.players:
        for i, r in enumerate(p.rooms):
            assert len(r.nectar) <= 4, f"{p.name} room {i} holds more than 4 nectar"
            assert not (r.egg and r.nectar), f"{p.name} room {i} holds an egg and nectar"
            assert not (r.honey and (r.egg or r.nectar)), f"{p.name} room {i} is honey but holds tokens"
            assert all(0 <= c < 6 for c in r.nectar)
    # dice
    board = Counter()
    for sid, dice in s.spaces.items():
        if sid[0] in "ACEG" and len(dice) > 1:
            # only Double Park lets a space hold more than one die
            assert sum(1 for o, _ in dice if o >= 0) >= len(dice) - 1, f"{sid} over-full"
        for o, v in dice:
            assert 1 <= v <= 6
            board[o] += 1
    for th in s.threats:
        assert len(th.dice) <= rules.threat_spaces(s), f"{th.name} over-full"
        for o, _ in th.dice:
            board[o] += 1
    for i, p in enumerate(s.players):
        assert all(1 <= v <= 6 for v in p.pool + p.helpers + [d for r in p.rooms for d in r.dice]), "bad die value"
        n = len(p.pool) + len(p.helpers) + board[i] + sum(len(r.dice) for r in p.rooms)
        assert n == p.dice + p.volunteer, f"{p.name} dice not conserved ({n} vs {p.dice}+{p.volunteer})"
        assert s.supply_dice[p.colour] + p.dice + p.volunteer == comp.dice_per_colour, f"{p.name} dice supply"
    solo_ids = [c.id for c in game_data().solo.cards]
    if s.bot is not None:
        b = s.bot
        n = len(b.pool) + board[BOT] + 2 * (len(b.b_pairs) + len(b.f_pairs))
        assert n == b.dice, f"Bumblebot dice not conserved ({n} vs {b.dice})"
        assert s.supply_dice[b.colour] + b.dice == comp.dice_per_colour
        assert sorted(b.deck + b.discard) == solo_ids, "solo cards not conserved"
        assert all(x >= 0 for x in b.nectar) and b.eggs >= 0 and b.honey >= 0
    for k, colour in enumerate(s.blocker_colours):
        assert s.supply_dice[colour] + board[BLOCKER1 - k] == comp.dice_per_colour, "blocker dice not conserved"
    if not s.solo and s.n in (2, 3) and s.options.solo_card_blockers:
        assert sorted(s.solo_deck + s.solo_discard) == solo_ids, "solo cards not conserved"
    else:
        assert not s.solo_deck and not s.solo_discard, "solo blocker deck out of play"
    # Queen Bee cards
    counts = Counter(s.queen_deck) + Counter(s.queen_discard) + Counter(s.queen_box)
    for p in s.players:
        counts += Counter(p.hand)
    for c in game_data().queen.cards:
        assert counts[c.id] == c.copies, f"Queen Bee card {c.name}: {counts[c.id]} of {c.copies}"
    # threats
    if s.options.threats:
        held = Counter(s.threat_deck) + Counter(t.name for t in s.threats) + Counter(s.threats_gone)
        assert held == Counter(c.name for c in game_data().threats.cards), "threat cards not conserved"
    guards = sum(p.guardian for p in s.players)
    assert guards + s.guardians == comp.guardian_markers
    if s.phase != "over" and s.pending is None:
        assert s.queue, "nothing pending and nothing queued"
