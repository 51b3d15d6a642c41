"""What next month's first phases will do to a colony as it stands now.

The Egg, Feeding, Brood and Swarm phases of the coming month, worked out
with the rules' own arithmetic (:func:`.months.egg_numbers`,
:func:`.months.feeding_numbers`, :func:`.months.hatch_numbers`,
:func:`.colony.threshold`) on the colony as it stands, so that a warning
can say that the brood about to hatch will make the hive swarm, or that
the Nursery challenge's brood will not hatch. Nothing here changes a state.

The season card in effect now still rules those phases (the next card comes
at the Event phase, after them). An overheated hive not yet cooled is taken
as the Cleanup phase will take it (its queen rests); bees that would starve
are counted as lost (a starvation token may keep some).
"""

from __future__ import annotations

from pydantic import BaseModel

from .colony import overheating, threshold
from .models import MONTH_NAMES, BeeLivesState
from .months import egg_numbers, feeding_numbers, hatch_numbers, no_brood_reason


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
    #: worker bees at the Swarm phase, against the swarm threshold
    bees: int
    threshold: int

    @property
    def swarms(self) -> bool:
        """The hive swarms at next month's Swarm phase: a swarm token, or more bees than the threshold."""
        return self.token or self.bees > self.threshold


def next_month(s: BeeLivesState, seat: int) -> MonthForecast | None:
    """The coming month's Egg, Feeding, Brood and Swarm phases for ``seat``'s colony, or None when no
    productive month follows this one (November, winter, the game over) or the colony is out."""
    p = s.players[seat]
    if s.over or p.hive is None or p.eliminated or not 1 <= s.month < 9:
        return None
    q = p.model_copy(deep=True)
    if overheating(s) and not q.cooled and s.phase == "action":
        q.paused = True
    nest, token = egg_numbers(q)
    q.nest += nest
    if q.skip_feeding:
        spend = starving = keep = 0
    else:
        spend, starving, keep = feeding_numbers(s, q, False)
        q.honey -= spend
        q.workers -= starving
    why = no_brood_reason(s, q)
    if why == "the queen is resting" and not p.paused:
        why = "the hive is not cooled"
    hatch = extra = dead = 0
    if why is None:
        hatch, _cost, extra, dead = hatch_numbers(s, q)
    return MonthForecast(month_name=MONTH_NAMES[s.month], nest=q.nest, token=token, skip_feeding=p.skip_feeding,
                         spend=spend, starving=starving, keep=keep, no_brood=why, hatch=hatch, extra=extra,
                         dead=dead, bees=q.workers + hatch + extra - dead, threshold=threshold(q))
