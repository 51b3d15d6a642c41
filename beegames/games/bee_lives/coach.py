"""The Bee Lives coach: hints and reviews from play-outs by the ``good``
player (the kernel's :class:`~beegames.core.coach.PlayoutCoach`).

The outlook is the seat's expected final VP, where a play-out in which the
seat's colony does not see the spring counts 0 VP: only a colony with a
worker left may win (End of the Game), so a move that risks the colony for
a few VP more is worth less, not more. The hint and the review say in how
many play-outs the colony died. A seat's view hides only the
order of the season decks (what is left in each is public) and the dice to
come, so a determinization shuffles the decks and gives the position a fresh
generator (:func:`.planner_search.determinized`, the planner's own lookahead
does the same).

The reason says what the ``good`` player is going for this month: in a
one-year basic solo game its planner's plan (the comb it wants at the next
Egg phase and why: brood, a swarm, a resting queen, the harvest, the last
month), elsewhere the heuristic player's intent for the month (fill the
comb to swarm, grow, build, harvest). The play-outs are played by the same
player without the planner's own monthly lookahead and decision search
(play-outs inside play-outs would not fit the time).
"""

from __future__ import annotations

import random
from typing import Any

from ...core.coach import Outcome, PlayoutCoach, seat_result
from ...core.players import ComputerPlayer
from ...core.protocol import Engine, GameResult
from .models import MONTH_NAMES, BeeLivesState
from .winter import eligible

#: what the planner's month modes are for
PLAN_WORDS = {
    "hatch": "brood: {empty} empty cells beside {pollen} pollen at the next Egg phase, so that {brood} new bees "
             "hatch, and {honey} honey for the feeding",
    "token": "a full comb ({honey} honey, {pollen} pollen, {water} water) so that the hive swarms next month (the "
             "swarm scores)",
    "hold": "the queen rests next month, so keep a cell free and gather {pollen} pollen for the month after",
    "harvest": "honey for the winter: {honey} honey in the comb, with one cell kept free (a full comb would swarm "
               "and halve it)",
    "final": "the last month: fill the comb with honey ({honey}) and keep the mites down so that the bees see the "
             "spring",
}
#: what the heuristic player's intents are for
INTENT_WORDS = {
    "token": "fill the comb so that the hive swarms next month (the swarm scores and leaves a small wild hive to "
             "wipe out)",
    "grow": "keep empty cells and pollen for brood, and cool the hive when it is hot",
    "build": "spend honey on wax to enlarge the comb",
    "harvest": "honey for the final score, and the disease cleaned before the winter",
}


def _month_name(s: BeeLivesState) -> str:
    """The month's name ("March"...), or "month N" for a number outside the calendar."""
    return MONTH_NAMES[s.month - 1] if 1 <= s.month <= len(MONTH_NAMES) else f"month {s.month}"


def plans_by_month(s: BeeLivesState) -> bool:
    """Whether the ``good`` player uses the planner here (a one-year basic solo game)."""
    return s.solo is None and s.n == 1 and s.years == 1


class BeeLivesCoach(PlayoutCoach):
    """Play-outs by the ``good`` player; the outlook is expected VP."""

    unit = "VP"
    out_words = "the colony dies in {n} of {of} play-outs"
    out_lead = "The colony dies in"
    out_note = " (counted 0 VP: a colony that dies cannot win)"
    meaning_note = "a colony that dies counts 0 VP"

    def outcome(self, engine: Engine[Any, Any], state: Any, result: GameResult, seat: int) -> Outcome:
        """The seat's final VP, or 0 VP and ``out`` when its colony did not survive (it cannot win,
        :func:`.winter.eligible`)."""
        score, won = seat_result(result, seat)
        if not eligible(state.players[seat]):
            return Outcome(0.0, False, out=True)
        return Outcome(score, won)

    def determinize(self, engine: Engine[Any, Any], view: Any, seat: int, rng: random.Random) -> Any:
        """A copy of the seat's view with the season decks reshuffled and a fresh generator seeded
        from ``rng`` (the only things a Bee Lives seat cannot see)."""
        from .planner_search import determinized

        return determinized(view, rng.randrange(1 << 30))

    def rollout_player(self, engine: Engine[Any, Any], seed: int) -> ComputerPlayer:
        """The ``good`` heuristic player in its solo-mode wrapper, with the planner's quick play-out
        settings for basic solo, playing every seat of a play-out."""
        from .ai import STYLES, HeuristicPlayer
        from .ai_modes import ModePlayer
        from .planner import Knobs, PlannerPlayer

        quick = PlannerPlayer(seed, Knobs().playout())
        return ModePlayer(HeuristicPlayer(seed, STYLES["good"]), basic=quick)

    def words(self, engine: Engine[Any, Any], view: Any, seat: int, move: Any, player: Any) -> str:
        """What the ``good`` player is going for this month: the planner's plan in a one-year basic
        solo game, else the heuristic player's intent; empty in winter or when ``player`` has
        neither."""
        s: BeeLivesState = view
        if not 1 <= s.month <= 9:
            return ""
        month = _month_name(s)
        planner = getattr(player, "basic", None)
        if planner is not None and plans_by_month(s):
            plan = planner.make_plan(s, seat)
            text = PLAN_WORDS.get(plan.mode, plan.mode).format(**vars(plan))
            extra = []
            if plan.wax:
                extra.append(f"build {plan.wax} cell{'s' if plan.wax != 1 else ''} of comb")
            if plan.cool:
                extra.append("cool the hive")
            more = f" ({' and '.join(extra)} this month)" if extra else ""
            return f"The plan for {month}: {text}{more}."
        inner = getattr(player, "inner", None)
        if inner is None:
            return ""
        intent = inner.intent(s, s.players[seat])
        return f"What it is going for in {month}: {INTENT_WORDS.get(intent, intent)}."
