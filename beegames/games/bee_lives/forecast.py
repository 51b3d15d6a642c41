"""What next month's first phases will do to a colony as it stands now.

The Egg, Feeding, Brood and Swarm phases of the coming month, played on a
copy of the colony by the engine's own steps (:func:`.months.lay_eggs`,
:func:`.months.feed_colony`, :func:`.months.hatch_colony`,
:func:`.colony.threshold`), so that a warning can say that the brood about
to hatch will make the hive swarm, or that the Nursery challenge's brood
will not hatch. Nothing here changes a state.

The season card in effect now still rules those phases (the next card comes
at the Event phase, after them). During the Action phase this month's
Cleanup is played first (:func:`.months.clean_up_colony`: an overheated
hive not yet cooled rests its queen). The feeding is played
twice: with no starvation token taken and with one for every starving bee
that may keep one (among the colony's last three), the two ends of the
player's choice.
"""

from __future__ import annotations

from pydantic import BaseModel

from .colony import threshold
from .models import MONTH_NAMES, BeeLivesState, Player
from .months import Hatching, clean_up_colony, feed_colony, feeding_numbers, hatch_colony, lay_eggs


class MonthForecast(BaseModel):
    """Next month's Egg to Swarm phases for one colony."""

    month_name: str
    #: brood in the nest after the Egg phase
    nest: int
    #: a swarm token from a comb without an empty cell
    token: bool
    #: the colony holds a skip-feeding token
    skip_feeding: bool
    #: honey the feeding spends, bees that starve, bees a starvation token could keep
    spend: int
    starving: int
    keep: int
    #: why nothing hatches whatever the pollen (queen resting, hive not cooled, a card), or None
    no_brood: str | None
    #: brood hatched on pollen, extra bees from a Prolific queen, new bees lost to disease
    hatch: int
    extra: int
    dead: int
    #: worker bees at the Swarm phase, against the swarm threshold: with no starvation token taken,
    #: and with one for every bee that may keep one (the same when none may)
    bees: int
    bees_kept: int
    threshold: int

    @property
    def swarms(self) -> bool:
        """The hive swarms at next month's Swarm phase whatever starvation tokens are taken: a swarm
        token, or more bees than the threshold."""
        return self.token or self.bees > self.threshold

    @property
    def swarms_if_kept(self) -> bool:
        """The hive swarms at next month's Swarm phase if every bee that may keep a starvation token does."""
        return self.token or self.bees_kept > self.threshold


#: the phases in which this month's own feeding is still to come or under way
PAYING = ("egg", "feeding")


def next_month(s: BeeLivesState, seat: int) -> MonthForecast | None:
    """The coming month's Egg, Feeding, Brood and Swarm phases for ``seat``'s colony, or None when no
    productive month follows this one (November, winter, the game over), this month's own Egg and Feeding
    phases are under way, or the colony is out."""
    p = s.players[seat]
    if s.over or p.hive is None or p.eliminated or not 1 <= s.month < 9 or s.phase in PAYING:
        return None  # (nor while this month's feeding is still to be eaten: it would be foreseen from honey
        # this month eats)
    keep = 0 if p.skip_feeding else feeding_numbers(s, p, False)[2]

    def played(tokens: int) -> tuple[Player, int, tuple[int, int, int], Hatching]:
        """The colony through this month's Cleanup (if still to come) and next month's Egg, Feeding
        (``tokens`` starvation tokens taken) and Brood phases: ``(colony, nest, feeding, hatching)``."""
        q = p.model_copy(deep=True)
        if s.phase == "action":
            clean_up_colony(s, q)
        lay_eggs(q)
        nest = q.nest
        fed = (0, 0, 0) if q.skip_feeding else feed_colony(s, q, False, tokens)
        return q, nest, fed, hatch_colony(s, q)

    q, nest, (spend, starving, _tokens), brood = played(0)
    kept = played(keep)[0] if keep else q
    why = brood.why
    if why == "the queen is resting" and not p.paused:
        why = "the hive is not cooled"
    return MonthForecast(month_name=MONTH_NAMES[s.month], nest=nest, token=q.swarm_token,
                         skip_feeding=p.skip_feeding, spend=spend, starving=starving, keep=keep, no_brood=why,
                         hatch=brood.hatch, extra=brood.extra, dead=brood.dead, bees=q.workers,
                         bees_kept=kept.workers, threshold=threshold(q))
