"""Every decision kind of Bee Lives as a class (the kernel's decision shape,
:class:`beegames.core.decisions.DecisionBase`): the moves that answer it, its
legal moves, its check, its effect and its refusal, each calling the rule it
belongs to. The prompt of every kind is written in :mod:`.describe`.

:func:`.flow.play` asks the pending decision to :meth:`~Decision.check` a move
and then to :meth:`~Decision.apply` it; importing this module (the engine does)
registers the kinds, so that :func:`.common.ask` builds the class of each.
The campaigns' own decisions (``new_queen``, ``campaign_spawn``,
``infect_pick``) are defined in :mod:`.campaigns`, beside their rules.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar, Literal

from . import actions, hooks, joining, months, raids, setup, swarm, wildhives
from .colony import count
from .data import game_data
from .describe import prompt
from .models import (
    BackMove,
    BeeLivesMove,
    BeeLivesState,
    CellMove,
    CleanMove,
    CollectMove,
    CoolMove,
    DefendMove,
    DropMove,
    ForageMove,
    HiveMove,
    HoneyMove,
    JoinMove,
    KeepMove,
    Pending,
    PlaceMove,
    PressMove,
    QueenMove,
    RaidMove,
    RequeenMove,
    RerollMove,
    SacrificeMove,
    ScoutMove,
    StarveMove,
    StayMove,
    TileMove,
    WaxMove,
)

#: the refusal of a queen not offered (the campaigns' new queen says it too)
QUEEN_REFUSAL = "Choose a queen type."
_SPAWN = "A wild hive can appear only on a tile without a hive, up to 3 spaces away."
_SACRIFICE = "You cannot sacrifice more bees than you have on Defend and free (nor more than can matter)."


class Decision(Pending):
    """What every Bee Lives decision shares: its check and refusal come from
    :class:`.models.Pending`, its prompt from :mod:`.describe`."""

    def prompt(self, s: BeeLivesState) -> str:
        """The question for the deciding seat (see :func:`.describe.prompt`)."""
        return prompt(s)


class TileChoice(Decision):
    """A choice among the tiles offered (``choices``)."""

    answers: ClassVar[tuple[type, ...]] = (TileMove,)

    def legal(self, s: BeeLivesState) -> list[BeeLivesMove]:
        """One move per tile offered."""
        return [TileMove(tile=t) for t in self.choices]

    def refusal(self, s: BeeLivesState, move: BeeLivesMove) -> str:
        """Only a tile offered will do."""
        return _SPAWN


class HiveChoice(Decision):
    """A choice among the hives offered (``targets``)."""

    answers: ClassVar[tuple[type, ...]] = (HiveMove,)

    def legal(self, s: BeeLivesState) -> list[BeeLivesMove]:
        """One move per hive offered."""
        return [HiveMove(target=t) for t in self.targets]

    def refusal(self, s: BeeLivesState, move: BeeLivesMove) -> str:
        """Only a hive offered will do."""
        return "Choose one of the hives offered."


# -- setup and the months ---------------------------------------------------------------------


class QueenChoice(Decision):
    """Setup: each player chooses a queen type."""

    kind: Literal["queen"] = "queen"
    answers: ClassVar[tuple[type, ...]] = (QueenMove,)
    asked: ClassVar[str] = "a queen type"

    def legal(self, s: BeeLivesState) -> list[BeeLivesMove]:
        """The queen types open."""
        return list(setup.queen_moves(s))

    def apply(self, s: BeeLivesState, move: Any) -> None:
        """Take that queen."""
        setup.do_queen_choice(s, self.seat, move)

    def refusal(self, s: BeeLivesState, move: BeeLivesMove) -> str:
        """A queen not open now."""
        return "Three Generations: that queen is not allowed now." if s.solo is not None else QUEEN_REFUSAL


class Starve(Decision):
    """Feeding: how many of the last three bees keep a starvation token."""

    kind: Literal["starve"] = "starve"
    answers: ClassVar[tuple[type, ...]] = (StarveMove,)
    asked: ClassVar[str] = "how many starvation tokens to take"

    def legal(self, s: BeeLivesState) -> list[BeeLivesMove]:
        """From the most tokens allowed down to none."""
        return list(months.starve_moves(s))

    def apply(self, s: BeeLivesState, move: Any) -> None:
        """Record the answer."""
        months.do_starve(s, self.seat, move)

    def refusal(self, s: BeeLivesState, move: BeeLivesMove) -> str:
        """More tokens than bees that could be kept."""
        return f"You may keep at most {count(self.amount, 'bee')} with starvation tokens."


class SwarmTile(TileChoice):
    """A swarm: the tile of the new wild hive."""

    kind: Literal["swarm_tile"] = "swarm_tile"
    asked: ClassVar[str] = "a tile for the new wild hive"

    def apply(self, s: BeeLivesState, move: Any) -> None:
        """The wild hive appears there."""
        swarm.do_swarm_tile(s, self.seat, move)


class SwarmStay(Decision):
    """A swarm: the colony stays (with a new queen) or leaves."""

    kind: Literal["swarm_stay"] = "swarm_stay"
    answers: ClassVar[tuple[type, ...]] = (StayMove,)
    asked: ClassVar[str] = "whether to stay or leave"

    def legal(self, s: BeeLivesState) -> list[BeeLivesMove]:
        """Stay, or leave."""
        return list(swarm.stay_moves(s))

    def apply(self, s: BeeLivesState, move: Any) -> None:
        """Stay or leave."""
        swarm.do_stay(s, self.seat, move)


class SwarmQueen(Decision):
    """A swarm that stays: the new queen."""

    kind: Literal["swarm_queen"] = "swarm_queen"
    answers: ClassVar[tuple[type, ...]] = (QueenMove,)
    asked: ClassVar[str] = "a new queen"

    def legal(self, s: BeeLivesState) -> list[BeeLivesMove]:
        """The queen types open."""
        return list(swarm.swarm_queen_moves(s))

    def apply(self, s: BeeLivesState, move: Any) -> None:
        """Take that queen."""
        swarm.do_swarm_queen(s, self.seat, move)

    def refusal(self, s: BeeLivesState, move: BeeLivesMove) -> str:
        """A queen not open now."""
        return "Three Generations: that queen is not allowed now." if s.solo is not None else QUEEN_REFUSAL


class CardSpawn(TileChoice):
    """A season card's spawn roll: the tile of the new wild hive."""

    kind: Literal["card_spawn"] = "card_spawn"
    asked: ClassVar[str] = "a tile for the wild hive"

    def apply(self, s: BeeLivesState, move: Any) -> None:
        """The wild hive appears there."""
        actions.do_card_spawn(s, self.seat, move)


class HarderSpawn(TileChoice):
    """Solo, harder: the tile of the strength-3 wild hive."""

    kind: Literal["harder_spawn"] = "harder_spawn"
    asked: ClassVar[str] = "a tile for the wild hive"

    def apply(self, s: BeeLivesState, move: Any) -> None:
        """The wild hive appears there."""
        months.do_harder(s, self.seat, move)


# -- the action phase ---------------------------------------------------------------------------

#: each action of a turn, and the rule that carries it out
_ACTIONS: dict[type, Callable[[BeeLivesState, int, Any], None]] = {
    ForageMove: actions.do_forage,
    ScoutMove: actions.do_scout,
    RaidMove: raids.start_raid,
    DefendMove: actions.do_defend,
    WaxMove: actions.do_wax,
    CleanMove: actions.do_clean,
    CoolMove: actions.do_cool,
    RequeenMove: actions.do_requeen,
}


class Turn(Decision):
    """A player's action turn: one action."""

    kind: Literal["turn"] = "turn"
    answers: ClassVar[tuple[type, ...]] = tuple(_ACTIONS)
    asked: ClassVar[str] = "an action"

    def legal(self, s: BeeLivesState) -> list[BeeLivesMove]:
        """Every action the player may take now."""
        return list(actions.turn_moves(s, self.seat))

    def check(self, s: BeeLivesState, move: object) -> str | None:
        """Why the action is refused now, or None: an action a mode adds is
        checked by its mode (:func:`.hooks.action_problem`), the others as every
        decision checks."""
        if hooks.is_mode_action(move):
            return hooks.action_problem(s, self.seat, move)
        return super().check(s, move)

    def problem(self, s: BeeLivesState, move: BeeLivesMove) -> str | None:
        """Why the action is refused, in the terms of its rule."""
        return _check_turn(s, self.seat, move)

    def apply(self, s: BeeLivesState, move: Any) -> None:
        """Carry out the action (Zombees: an infected colony's bees may fail first)."""
        s.pending = None
        if s.solo is not None and s.players[self.seat].infected:
            space, bees, tile = actions.bees_for(s, self.seat, move)
            if not hooks.action_goes_ahead(s, self.seat, space, bees, tile):
                return
        do = _ACTIONS.get(type(move))
        if do is None:
            hooks.do_action(s, self.seat, move)  # an action a mode adds (Haunted Hives' scare)
        else:
            do(s, self.seat, move)


def _check_turn(s: BeeLivesState, seat: int, m: BeeLivesMove) -> str | None:
    p = s.players[seat]
    u = p.unassigned
    if isinstance(m, ForageMove):
        if m.tile not in dict(actions.forage_targets(s, seat)):
            return ("You cannot forage that tile: it must be within 3 spaces of your hive, not yet foraged this "
                    "month, free of other hives, and you need a bee for each space away.")
        return None
    if isinstance(m, ScoutMove):
        if (m.q, m.r) not in actions.scout_targets(s, seat):
            if sum(s.bag.values()) == 0:
                return "The bag is empty: there is nothing left to scout."
            return ("You cannot scout there: choose an empty space up to 3 spaces from your hive, reached "
                    "through a line of tiles.")
        return None
    if isinstance(m, RaidMove):
        if m.target not in actions.raid_targets(s, seat):
            return ("You cannot raid that hive: it must be within 3 spaces, not raided by you this month, "
                    "and a player's hive must hold honey.")
        if m.bees > u:
            return f"You have only {count(u, 'free bee')}."
        return None
    if isinstance(m, (DefendMove, CleanMove)):
        return None if m.bees <= u else f"You have only {count(u, 'free bee')}."
    if isinstance(m, WaxMove):
        lim = actions.wax_limit(s, seat)
        if m.bees > lim:
            return (f"You can build at most {count(lim, 'cell')} now ({actions.wax_cost(s)} honey a bee, "
                    f"{count(u, 'free bee')}, comb at most {game_data().board.comb.max} cells).")
        return None
    if isinstance(m, CoolMove):
        if not actions.can_cool(s, seat):
            bees, water = actions.cool_cost(s, seat)
            return f"Cooling takes {count(bees, 'free bee')} and {water} water."
        return None
    if isinstance(m, RequeenMove):
        if m.queen == p.queen:
            return "Requeening needs a queen of a different type."
        if u < 1:
            return "You have no free bee."
        if m.queen not in actions.requeen_choices(s, seat):
            return "Three Generations: your queen must stay Hygienic all of year 1."
        return None
    return "That is not an action."


class Collect(Decision):
    """Forage: what to collect from the tile."""

    kind: Literal["collect"] = "collect"
    answers: ClassVar[tuple[type, ...]] = (CollectMove,)
    asked: ClassVar[str] = "what to collect"

    def legal(self, s: BeeLivesState) -> list[BeeLivesMove]:
        """The collections possible."""
        return list(actions.collect_moves(s))

    def problem(self, s: BeeLivesState, move: BeeLivesMove) -> str | None:
        """Checked against what the tile and the hive allow."""
        assert isinstance(move, CollectMove)
        return actions.check_collect(s, move)

    def apply(self, s: BeeLivesState, move: Any) -> None:
        """Collect and finish the forage."""
        actions.finish_forage(s, self.seat, move)


class Keep(Decision):
    """Scout: which of the two drawn tiles to keep."""

    kind: Literal["keep"] = "keep"
    answers: ClassVar[tuple[type, ...]] = (KeepMove,)
    asked: ClassVar[str] = "which drawn tile to keep"

    def legal(self, s: BeeLivesState) -> list[BeeLivesMove]:
        """Each drawn tile."""
        return list(actions.keep_moves(s))

    def apply(self, s: BeeLivesState, move: Any) -> None:
        """Place the tile kept."""
        actions.place_scouted(s, self.seat, move)

    def refusal(self, s: BeeLivesState, move: BeeLivesMove) -> str:
        """Not one of the two."""
        return "Keep one of the two tiles you drew."


# -- raids --------------------------------------------------------------------------------------


class Reroll(Decision):
    """A raid: whether to reroll."""

    kind: Literal["reroll"] = "reroll"
    answers: ClassVar[tuple[type, ...]] = (RerollMove,)
    asked: ClassVar[str] = "whether to reroll"

    def legal(self, s: BeeLivesState) -> list[BeeLivesMove]:
        """Reroll or not."""
        return list(raids.reroll_moves(s))

    def apply(self, s: BeeLivesState, move: Any) -> None:
        """Reroll, or keep the dice."""
        raids.do_reroll(s, self.seat, move)


class Sacrifice(Decision):
    """A raid: how many defenders to sacrifice."""

    kind: Literal["sacrifice"] = "sacrifice"
    answers: ClassVar[tuple[type, ...]] = (SacrificeMove,)
    asked: ClassVar[str] = "how many bees to sacrifice"

    def legal(self, s: BeeLivesState) -> list[BeeLivesMove]:
        """Every number that can matter."""
        return list(raids.sacrifice_moves(s))

    def apply(self, s: BeeLivesState, move: Any) -> None:
        """Sacrifice them."""
        raids.do_sacrifice(s, self.seat, move)

    def refusal(self, s: BeeLivesState, move: BeeLivesMove) -> str:
        """Too many."""
        return _SACRIFICE


class Drop(Decision):
    """A raid: which die to remove."""

    kind: Literal["drop"] = "drop"
    answers: ClassVar[tuple[type, ...]] = (DropMove,)
    asked: ClassVar[str] = "which die to remove"

    def legal(self, s: BeeLivesState) -> list[BeeLivesMove]:
        """Each rolled die."""
        return list(raids.drop_moves(s))

    def apply(self, s: BeeLivesState, move: Any) -> None:
        """Remove it."""
        raids.do_drop(s, self.seat, move)

    def refusal(self, s: BeeLivesState, move: BeeLivesMove) -> str:
        """Not a rolled die."""
        return "Remove one of your rolled dice."


class Press(Decision):
    """A raid on a wild hive: how many more raiders to sacrifice."""

    kind: Literal["press"] = "press"
    answers: ClassVar[tuple[type, ...]] = (PressMove,)
    asked: ClassVar[str] = "how many more raiders to sacrifice"

    def legal(self, s: BeeLivesState) -> list[BeeLivesMove]:
        """Every number possible."""
        return list(raids.press_moves(s))

    def apply(self, s: BeeLivesState, move: Any) -> None:
        """Sacrifice them."""
        raids.do_press(s, self.seat, move)

    def refusal(self, s: BeeLivesState, move: BeeLivesMove) -> str:
        """Too many."""
        return "You cannot sacrifice more raiders than the party holds or the wild hive's strength."


class Honey(Decision):
    """A raid won: how much honey to take."""

    kind: Literal["honey"] = "honey"
    answers: ClassVar[tuple[type, ...]] = (HoneyMove,)
    asked: ClassVar[str] = "how much honey to take"

    def legal(self, s: BeeLivesState) -> list[BeeLivesMove]:
        """Every amount up to the cap."""
        return list(raids.honey_moves(s))

    def apply(self, s: BeeLivesState, move: Any) -> None:
        """Take it."""
        raids.do_honey(s, self.seat, move)

    def refusal(self, s: BeeLivesState, move: BeeLivesMove) -> str:
        """More than the cap."""
        return f"You may take at most {raids.honey_cap(s)} honey."


class WildSacrifice(Decision):
    """A wild hive's raid: how many defenders to sacrifice."""

    kind: Literal["wild_sacrifice"] = "wild_sacrifice"
    answers: ClassVar[tuple[type, ...]] = (SacrificeMove,)
    asked: ClassVar[str] = "how many bees to sacrifice"

    def legal(self, s: BeeLivesState) -> list[BeeLivesMove]:
        """Every number that can matter."""
        return list(raids.wild_sacrifice_moves(s))

    def apply(self, s: BeeLivesState, move: Any) -> None:
        """Sacrifice them."""
        raids.do_wild_sacrifice(s, self.seat, move)

    def refusal(self, s: BeeLivesState, move: BeeLivesMove) -> str:
        """Too many."""
        return _SACRIFICE


# -- the wild hives' ties, broken by the first player ---------------------------------------------


class WildOrder(HiveChoice):
    """Which of the tied wild hives acts next."""

    kind: Literal["wild_order"] = "wild_order"
    asked: ClassVar[str] = "which wild hive acts next"

    def apply(self, s: BeeLivesState, move: Any) -> None:
        """That hive acts."""
        wildhives.do_wild_order(s, self.seat, move)


class WildForage(TileChoice):
    """The tile a wild hive forages, among equally close ones."""

    kind: Literal["wild_forage"] = "wild_forage"
    asked: ClassVar[str] = "the tile the wild hive forages"

    def apply(self, s: BeeLivesState, move: Any) -> None:
        """The wild hive forages it."""
        wildhives.do_wild_forage(s, self.seat, move)

    def refusal(self, s: BeeLivesState, move: BeeLivesMove) -> str:
        """Not one of the tiles offered."""
        return "Choose one of the equally close tiles offered."


class WildSwarm(TileChoice):
    """Where a wild hive's swarm appears."""

    kind: Literal["wild_swarm"] = "wild_swarm"
    asked: ClassVar[str] = "where the new wild hive appears"

    def apply(self, s: BeeLivesState, move: Any) -> None:
        """The new wild hive appears there."""
        wildhives.do_wild_swarm(s, self.seat, move)


class WildTarget(HiveChoice):
    """The hive a wild hive raids, among equally close ones."""

    kind: Literal["wild_target"] = "wild_target"
    asked: ClassVar[str] = "the hive the wild hive raids"

    def apply(self, s: BeeLivesState, move: Any) -> None:
        """The wild hive raids it."""
        wildhives.do_wild_target(s, self.seat, move)


class WildScout(Decision):
    """The space a wild hive scouts, among those offered."""

    kind: Literal["wild_scout"] = "wild_scout"
    answers: ClassVar[tuple[type, ...]] = (CellMove,)
    asked: ClassVar[str] = "the space the wild hive scouts"

    def legal(self, s: BeeLivesState) -> list[BeeLivesMove]:
        """One move per space offered."""
        return [CellMove(q=q, r=r) for q, r in self.cells]

    def apply(self, s: BeeLivesState, move: Any) -> None:
        """The wild hive scouts it."""
        wildhives.do_wild_scout(s, self.seat, move)

    def refusal(self, s: BeeLivesState, move: BeeLivesMove) -> str:
        """Not one of the spaces offered."""
        return "Choose one of the empty spaces offered."


# -- joining the map's groups ---------------------------------------------------------------------


class Join(Decision):
    """March of the first year: the group to join, and its rotation."""

    kind: Literal["join"] = "join"
    answers: ClassVar[tuple[type, ...]] = (JoinMove,)
    asked: ClassVar[str] = "a group and a rotation"

    def legal(self, s: BeeLivesState) -> list[BeeLivesMove]:
        """Every group and rotation that lets the groups touch."""
        return list(joining.join_moves(s, self.seat))

    def apply(self, s: BeeLivesState, move: Any) -> None:
        """Pick the group."""
        joining.do_join_pick(s, self.seat, move)

    def refusal(self, s: BeeLivesState, move: BeeLivesMove) -> str:
        """No such group or rotation."""
        return "Choose another group and a rotation that lets the groups touch."


class JoinPlace(Decision):
    """Where the joining group goes (or back to the choice of group)."""

    kind: Literal["join_place"] = "join_place"
    answers: ClassVar[tuple[type, ...]] = (PlaceMove, BackMove)
    asked: ClassVar[str] = "where to place your group"

    def legal(self, s: BeeLivesState) -> list[BeeLivesMove]:
        """Every place where the groups touch without overlapping, and back."""
        return list(joining.place_moves(s, self.seat))

    def apply(self, s: BeeLivesState, move: Any) -> None:
        """Place the group, or choose the group again."""
        if isinstance(move, BackMove):
            joining.do_join_back(s, self.seat, move)
        else:
            joining.do_join_place(s, self.seat, move)

    def refusal(self, s: BeeLivesState, move: BeeLivesMove) -> str:
        """Overlapping, or not touching."""
        return "The groups must touch along an edge without overlapping."
