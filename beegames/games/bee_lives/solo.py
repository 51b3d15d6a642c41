"""The solo modes: challenge cards, scenarios and campaigns.

A solo game with a mode keeps a :class:`~.models.Solo` record in
``state.solo``: which cards are in play and how their goals stand. The
handlers below register for the events of :mod:`.hooks` the cards care
about (the game's setup, a queen chosen, a swarm, a Brood phase, a raid, a
scout, a removal, the end of a month or a year); the base rules announce
them without importing this module, and every handler does nothing in a
basic game, so basic histories replay exactly as before.

A goal broken for good sets ``solo.failed``; the check after every move and
every automatic step (:func:`settle`) then ends the game at once as a loss.
Goals that are checked at a set time (the end of year 1, the end of a
year, the end of the game) are settled by :func:`year_end` and
:func:`game_end`.

The haunting rules live in :mod:`.scenarios`, the campaigns' events in
:mod:`.campaigns`; the card texts, numbers and scenario maps are data
(``assets/bee_lives/solo.json`` and ``assets/bee_lives/scenarios/``).
"""

from __future__ import annotations

from pydantic import BaseModel

from ...core.protocol import GameResult
from ...core.rng import Rng
from ...core.words import with_article
from . import hooks
from .colony import level, season_of
from .data import solo_data
from .map import geometry
from .models import QUEENS, BeeLivesState, Solo
from .options import CAMPAIGNS, CHALLENGES, SCENARIOS, BeeLivesOptions
from .winter import eligible, rating

MODE_NAMES = {"challenge": "Challenge", "scenario": "Scenario", "campaign": "Campaign"}


# ---------------------------------------------------------------------------
# setup


@hooks.on_mode
def resolve(options: BeeLivesOptions, r: Rng) -> Solo | None:
    """The cards of a new solo game, drawing the random ones with ``r``."""
    if options.mode == "basic":
        return None
    solo = Solo(mode=options.mode)
    challenge: str = options.challenge
    if challenge == "random" or (challenge == "none" and options.mode == "challenge"):
        challenge = CHALLENGES[r.below(len(CHALLENGES))]
    if options.mode == "scenario":
        solo.scenario = options.scenario if options.scenario != "random" else SCENARIOS[r.below(len(SCENARIOS))]
    if options.mode == "campaign":
        solo.campaign = options.campaign if options.campaign != "random" else CAMPAIGNS[r.below(len(CAMPAIGNS))]
    if challenge != "none":
        # a random card that cannot be met with the chosen scenario or campaign is drawn again
        while not combinable(challenge, solo.scenario, solo.campaign):
            challenge = CHALLENGES[r.below(len(CHALLENGES))]
        solo.challenge = challenge
    return solo


def combinable(challenge: str, scenario: str | None, campaign: str | None) -> bool:
    """False for a challenge that the scenario or campaign makes impossible from the start."""
    if challenge == "protectionist" and scenario in ("new-bee-on-the-block", "there-can-bee-only-one"):
        return False
    return not (challenge == "strong-leader" and campaign == "three-generations")


@hooks.on_years
def years_of(options: BeeLivesOptions, solo: Solo | None) -> int:
    """The length of the game once the campaign is known."""
    if solo is None or solo.campaign is None:
        return options.year_count
    card = solo_data().campaign(solo.campaign)
    return int(options.years) if int(options.years) in card.years else card.years[0]


@hooks.on_start
def introduce(s: BeeLivesState) -> None:
    """Log the cards in play."""
    solo = s.solo
    assert solo is not None
    data = solo_data()
    if solo.scenario is not None:
        sc = data.scenario(solo.scenario)
        s.say(f"Scenario: {sc.name}. {sc.text}")
    if solo.campaign is not None:
        cp = data.campaign(solo.campaign)
        s.say(f"Campaign: {cp.name} ({s.years} years). {cp.plan[0].text}")
    if solo.challenge is not None:
        ch = data.challenge(solo.challenge)
        s.say(f"Challenge: {ch.name}. {ch.text}")


# ---------------------------------------------------------------------------
# small questions


def _challenge(s: BeeLivesState) -> str | None:
    return s.solo.challenge if s.solo is not None else None


def _campaign(s: BeeLivesState) -> str | None:
    return s.solo.campaign if s.solo is not None else None


def _scenario(s: BeeLivesState) -> str | None:
    return s.solo.scenario if s.solo is not None else None


@hooks.on_waking
def wild_awake_in_spring(s: BeeLivesState) -> bool:
    """A scenario whose wild hives act from the first spring."""
    sc = _scenario(s)
    return sc is not None and solo_data().scenario(sc).active_in_spring


@hooks.on_queens
def allowed_queens(s: BeeLivesState, seat: int) -> tuple[str, ...]:
    """Queen types the colony may take now (Three Generations: Hygienic all of year 1)."""
    if _campaign(s) == "three-generations" and s.year == 1:
        return (solo_data().three_generations.year1_queen,)
    return QUEENS


@hooks.on_blocked
def blocked_tiles(s: BeeLivesState) -> set[int]:
    """Tiles nothing may be spawned on: haunted and burned ones."""
    solo = s.solo
    if solo is None:
        return set()
    return set(solo.haunted_tiles) | set(solo.burned)


def haunted_set(s: BeeLivesState) -> set[int]:
    """Every haunted tile: those a haunted hive foraged, and those haunted hives stand on."""
    solo = s.solo
    if solo is None:
        return set()
    out = set(solo.haunted_tiles)
    out.update(t for i in solo.haunted_hives if (t := s.wild[i].tile) is not None)
    return out


def infected_set(s: BeeLivesState) -> set[int]:
    """Every infected tile: those marked, and those under an infected hive or colony."""
    solo = s.solo
    if solo is None:
        return set()
    out = set(solo.infected_tiles)
    out.update(t for i in solo.infected_hives if (t := s.wild[i].tile) is not None)
    out.update(p.hive for p in s.players if p.infected and p.hive is not None)
    return out


def map_length(s: BeeLivesState) -> int:
    """Tiles on the longest straight line across the map: the largest
    distance between two tiles of one group, plus one."""
    best = 0
    by_group: dict[int, list[tuple[int, int]]] = {}
    for t in s.tiles:
        by_group.setdefault(t.group, []).append((t.q, t.r))
    for cells in by_group.values():
        axes = [[q for q, _r in cells], [r for _q, r in cells]]
        if geometry().kind == "hex":
            axes.append([-q - r for q, r in cells])
        best = max(best, *(max(a) - min(a) + 1 for a in axes))
    return best


def _final_year(s: BeeLivesState) -> bool:
    return s.year >= s.years


# ---------------------------------------------------------------------------
# losing at once


def fail(s: BeeLivesState, why: str) -> None:
    """Break the game's goal for good; :func:`settle` ends the game."""
    solo = s.solo
    if solo is not None and solo.failed is None:
        solo.failed = why


@hooks.on_check
def settle(s: BeeLivesState) -> None:
    """The check after every move and every automatic step: progress that
    can change at any moment, and the end of a game whose goal broke."""
    solo = s.solo
    if solo is None or s.over:
        return
    ch = solo.challenge
    if ch == "dirty-bees":
        p = s.players[0]
        solo.worst_disease = max(solo.worst_disease, level(p))
        if not solo.met and solo.worst_disease >= (solo_data().challenge(ch).target or 0):
            solo.met = True
            s.say(f"Dirty Bees: the disease of {p.name}'s hive reaches level {solo.worst_disease}: goal met.")
    elif ch == "protectionist":
        top = max((w.strength for w in s.wild if w.tile is not None), default=0)
        solo.strongest = max(solo.strongest, top)
        limit = solo_data().challenge(ch).target or 0
        if top >= limit:
            strong = next(w for w in s.wild if w.tile is not None and w.strength == top)
            fail(s, f"Protectionist: the {strong.name} wild hive reached strength {top}")
    if solo.failed is not None:
        _end_lost(s)


def _end_lost(s: BeeLivesState) -> None:
    solo = s.solo
    assert solo is not None and solo.failed is not None
    s.pending = None
    s.queue = []
    s.raid = s.wraid = s.swarm = s.forage = s.scout = s.join = None
    s.wild_queue = []
    s.choices = {}
    for w in s.wild:  # a wild hive struck to 0 by an unfinished raid leaves the map
        if w.tile is not None and w.strength <= 0:
            w.tile, w.strength = None, 0
    s.over = True
    s.phase = "over"
    s.say(f"{solo.failed}. The game is lost.")
    s.say(result(s).summary)


# ---------------------------------------------------------------------------
# hooks called by the rules


@hooks.on_queen
def on_queen(s: BeeLivesState, seat: int, queen: str, how: str) -> None:
    """A queen goes on the board: ``how`` is "setup", "requeen", "stay" or "new_year"."""
    solo = s.solo
    if solo is None:
        return
    if how == "setup":
        solo.first_queen = queen
        solo.queens = [queen]
        return
    if queen not in solo.queens:
        solo.queens.append(queen)
    ch = solo.challenge
    if ch == "strong-leader" and how in ("requeen", "stay"):
        fail(s, f"Strong Leader: the {solo.first_queen} queen was replaced")
    if ch == "indecisive" and not solo.met and len(solo.queens) >= (solo_data().challenge(ch).target or 4):
        solo.met = True
        s.say(f"Indecisive: four queen types in year {s.year}: goal met.")
    if _campaign(s) == "three-generations" and s.year == 3 and s.month <= 3 and how in ("requeen", "stay") and \
            queen in solo_data().three_generations.year3_spring_queens and not solo.spring_queen:
        solo.spring_queen = True
        s.say(f"Three Generations: {with_article(queen)} queen in the spring of year 3, as the card demands.")


@hooks.on_swarm
def on_swarm(s: BeeLivesState, seat: int) -> None:
    """A colony swarmed: count it (Pacifist needs two swarms)."""
    if s.solo is not None:
        s.solo.swarms += 1


@hooks.on_swarm_spawn
def on_swarm_spawn(s: BeeLivesState, idx: int | None) -> None:
    """A player's swarm became wild hive ``idx``."""
    solo = s.solo
    if solo is None or idx is None:
        return
    solo.year_spawns.append(idx)


@hooks.on_leave
def on_leave(s: BeeLivesState, seat: int) -> None:
    """The colony left for its swarm's site: Three Generations notes the fall move its third year demands."""
    solo = s.solo
    if solo is None:
        return
    if _campaign(s) == "three-generations" and s.year == 3 and season_of(s.month) == "fall" and not solo.fall_leave:
        solo.fall_leave = True
        s.say("Three Generations: the colony swarmed and left in the fall of year 3, as the card demands.")


@hooks.on_removal
def on_remove(s: BeeLivesState, idx: int) -> None:
    """Wild hive ``idx`` leaves the map (its piece may come back later as a new hive)."""
    solo = s.solo
    if solo is None:
        return
    if idx in solo.year_spawns:
        solo.year_spawns.remove(idx)
        solo.spawns_lost += 1
        if solo.challenge == "mother-hive" and not solo.met and _final_year(s):
            fail(s, "The Mother Hive: a wild hive spawned by your swarm this year was wiped out")
    if idx in solo.haunted_hives:
        solo.haunted_hives.remove(idx)
    if idx in solo.infected_hives:
        solo.infected_hives.remove(idx)
        tile = s.wild[idx].tile
        if tile is not None and tile not in solo.infected_tiles:
            solo.infected_tiles.append(tile)  # the dark tile stays when the hive is gone


@hooks.on_brood
def on_brood(s: BeeLivesState, seat: int, hatched: int) -> None:
    """A Brood phase hatched ``hatched`` brood (before disease)."""
    if _challenge(s) == "nursery" and hatched < 1:
        fail(s, f"Nursery: no brood hatched in the Brood phase of {_month_words(s)}")


@hooks.on_raid
def on_raid(s: BeeLivesState, seat: int, target: str) -> None:
    """The colony raids a hive: Pacifist's goal breaks for good."""
    if _challenge(s) == "pacifist":
        fail(s, "Pacifist: your bees raided another hive")


@hooks.on_scout
def on_scout(s: BeeLivesState, seat: int) -> None:
    """The colony scouted: count it for the year (Three Generations needs twelve in year 1)."""
    if s.solo is not None:
        s.solo.scouts += 1


@hooks.on_scout_roll
def scout_spawn_roll(s: BeeLivesState) -> int | None:
    """Under Siege: the D6 a scout needs to bring a wild hive onto the new tile."""
    if _challenge(s) == "under-siege":
        return solo_data().challenge("under-siege").target
    return None


def _month_words(s: BeeLivesState) -> str:
    from .models import MONTH_NAMES

    return f"{MONTH_NAMES[s.month - 1]}" + (f", year {s.year}" if s.years > 1 else "")


# ---------------------------------------------------------------------------
# the end of a month, of a year, of the game


@hooks.on_month_end
def month_end(s: BeeLivesState) -> None:
    """Campaign demands that fall due at the end of a season."""
    solo = s.solo
    if solo is None or solo.campaign != "three-generations" or s.year != 3:
        return
    tg = solo_data().three_generations
    if s.month == 3 and not solo.spring_queen:
        fail(s, f"Three Generations: no {' or '.join(tg.year3_spring_queens)} queen came in the spring of year 3")
    if s.month == 9 and not solo.fall_leave:
        fail(s, "Three Generations: the colony did not swarm and leave in the fall of year 3")


@hooks.on_year_end
def year_end(s: BeeLivesState) -> None:
    """Goals settled when a year ends (after its winter and its scoring)."""
    solo = s.solo
    if solo is None:
        return
    data = solo_data()
    p = s.players[0]
    ch = solo.challenge
    if ch is not None and s.year == 1 and data.challenge(ch).check == "end_of_year_1":
        card = data.challenge(ch)
        have = {"builder": p.comb, "explorer": len(s.tiles), "great-migration": map_length(s)}[ch]
        what = {"builder": "a comb of {} cells", "explorer": "{} tiles on the map",
                "great-migration": "a map {} tiles long"}[ch].format(have)
        if have >= (card.target or 0):
            solo.met = True
            solo.notes.append(f"Year 1: {what}: {card.name} met.")
            s.say(f"{card.name}: {what} at the end of year 1: goal met.")
        else:
            fail(s, f"{card.name}: only {what} at the end of year 1 (the goal is {card.target})")
    if ch == "mother-hive" and not solo.met:
        card = data.challenge(ch)
        kept = len(solo.year_spawns)
        if kept >= (card.target or 0) and solo.spawns_lost == 0:
            solo.met = True
            s.say(f"The Mother Hive: {kept} swarms in year {s.year}, all their wild hives alive: goal met.")
        solo.notes.append(f"Year {s.year}: {kept + solo.spawns_lost} swarm hives, {solo.spawns_lost} lost.")
    if solo.scenario is not None and data.scenario(solo.scenario).only_hive and s.year == 1:
        others = [w.name for w in s.wild if w.tile is not None]
        if others:
            fail(s, f"There Can Bee Only One: {len(others)} wild hive{'s' if len(others) != 1 else ''} "
                    f"({', '.join(others)}) still on the map at the end of year 1")
        else:
            solo.notes.append("Year 1: yours is the only hive on the map.")
            s.say("There Can Bee Only One: yours is the only hive on the map at the end of year 1.")
    if solo.campaign == "three-generations" and s.year == 1:
        need = data.three_generations.year1_scouts
        if solo.scouts < need:
            fail(s, f"Three Generations: only {solo.scouts} scouts in year 1 (the card demands {need})")
        else:
            solo.notes.append(f"Year 1: {solo.scouts} scouts.")
    # a new year starts the yearly counts again
    solo.year_spawns = []
    solo.spawns_lost = 0
    solo.scouts = 0
    solo.queens = [p.queen] if p.queen is not None else []


@hooks.on_game_end
def game_end(s: BeeLivesState) -> None:
    """Goals settled when the game ends."""
    solo = s.solo
    if solo is None or solo.failed is not None:
        return
    ch = solo.challenge
    if ch is None:
        return
    card = solo_data().challenge(ch)
    if ch == "pacifist":
        if solo.swarms >= (card.target or 0):
            solo.met = True
        else:
            solo.failed = f"Pacifist: only {solo.swarms} swarm{'s' if solo.swarms != 1 else ''} (the goal is 2)"
    elif card.check in ("at_once", "modifier"):
        solo.met = True
    elif not solo.met:
        why = {"dirty-bees": f"the disease never reached level {card.target}",
               "indecisive": "no year with all four queen types",
               "mother-hive": "no year with four swarms whose wild hives all lived"}.get(ch, "the goal was not met")
        solo.failed = f"{card.name}: {why}"


@hooks.on_result
def result(s: BeeLivesState) -> GameResult:
    """The result of a solo game with a mode."""
    solo = s.solo
    assert solo is not None
    p = s.players[0]
    scores = [float(p.vp)]
    title = mode_title(s)
    rate = f", {rating(p.vp)}" if s.years == 1 else ""
    if solo.failed is not None:
        # ("Nursery lost: no brood hatched…", not "Nursery lost: Nursery: …")
        why = solo.failed.removeprefix(f"{title}: ")
        return GameResult(winners=[], scores=scores, summary=f"{title} lost: {why} ({p.vp} VP).")
    if not eligible(p):
        return GameResult(winners=[], scores=scores,
                          summary=f"{title} lost: {p.name}'s colony died out ({p.vp} VP{rate}).")
    return GameResult(winners=[0], scores=scores, summary=f"{title} won: {p.name} survives with {p.vp} VP{rate}.")


def mode_title(s: BeeLivesState) -> str:
    """"Challenge Builder", "Scenario Surrounded with Pacifist"..."""
    solo = s.solo
    assert solo is not None
    data = solo_data()
    names = []
    if solo.scenario is not None:
        names.append(data.scenario(solo.scenario).name)
    if solo.campaign is not None:
        names.append(data.campaign(solo.campaign).name)
    if solo.challenge is not None:
        names.append(data.challenge(solo.challenge).name)
    return " + ".join(names) if names else MODE_NAMES[solo.mode]


# ---------------------------------------------------------------------------
# what the screen shows: the cards, their goals and how they stand


class GoalLine(BaseModel):
    """One card in play: its name, what it asks, how it stands."""

    kind: str
    name: str
    text: str
    #: the goal's progress in a few words ("comb 14 of 20", "3 of 12 scouts")
    progress: str
    status: str  # "open", "met", "failed" or "rule"


class SoloInfo(BaseModel):
    title: str
    lines: list[GoalLine]
    failed: str | None
    notes: list[str]


def solo_info(s: BeeLivesState) -> SoloInfo | None:
    """What the screen shows of the solo mode: the mode's title, each card in play with its goal, progress and
    status, the failure if any and the notes of past years (None in a basic game)."""
    solo = s.solo
    if solo is None:
        return None
    data = solo_data()
    lines = []
    if solo.scenario is not None:
        sc = data.scenario(solo.scenario)
        lines.append(GoalLine(kind="scenario", name=sc.name, text=sc.text, progress=_scenario_progress(s),
                              status=_scenario_status(s)))
    if solo.campaign is not None:
        cp = data.campaign(solo.campaign)
        plan = next((y.text for y in cp.plan if y.year == s.year), cp.plan[-1].text)
        lines.append(GoalLine(kind="campaign", name=cp.name, text=f"Year {s.year} of {s.years}: {plan}",
                              progress=_campaign_progress(s), status=_campaign_status(s)))
    if solo.challenge is not None:
        ch = data.challenge(solo.challenge)
        status = "rule" if ch.check == "modifier" else "failed" if _challenge_failed(s) else \
            "met" if solo.met else "open"
        lines.append(GoalLine(kind="challenge", name=ch.name, text=ch.text, progress=_challenge_progress(s),
                              status=status))
    return SoloInfo(title=mode_title(s), lines=lines, failed=solo.failed, notes=list(solo.notes))


class MarksInfo(BaseModel):
    """What the solo modes turn over on the map (for drawing it)."""

    #: tile id -> "burned", "haunted" or "infected" (the first that applies)
    tiles: dict[int, str]
    #: wild hive index -> "ghost" (haunted) or "zombee" (infected)
    hives: dict[int, str]
    colony_infected: bool


def map_marks(s: BeeLivesState) -> MarksInfo | None:
    """What the solo modes turn over on the map: burned, haunted and infected tiles, ghost and zombee hives,
    and whether the colony is infected (None in a basic game)."""
    solo = s.solo
    if solo is None:
        return None
    tiles: dict[int, str] = {}
    for t in infected_set(s):
        tiles[t] = "infected"
    for t in haunted_set(s):
        tiles[t] = "haunted"
    for t in solo.burned:
        tiles[t] = "burned"
    hives = {i: "zombee" for i in solo.infected_hives}
    hives.update({i: "ghost" for i in solo.haunted_hives})
    return MarksInfo(tiles=tiles, hives=hives, colony_infected=any(p.infected for p in s.players))


def _challenge_failed(s: BeeLivesState) -> bool:
    solo = s.solo
    assert solo is not None and solo.challenge is not None
    name = solo_data().challenge(solo.challenge).name
    return solo.failed is not None and solo.failed.startswith(name)


def _challenge_progress(s: BeeLivesState) -> str:
    solo = s.solo
    assert solo is not None and solo.challenge is not None
    p = s.players[0]
    card = solo_data().challenge(solo.challenge)
    target = card.target
    ch = card.id
    if ch == "builder":
        return f"comb {p.comb} of {target} cells" + ("" if s.year == 1 else " (year 1 is over)")
    if ch == "explorer":
        return f"{len(s.tiles)} of {target} tiles" + ("" if s.year == 1 else " (year 1 is over)")
    if ch == "great-migration":
        return f"the map is {map_length(s)} of {target} tiles long" + ("" if s.year == 1 else " (year 1 is over)")
    if ch == "dirty-bees":
        return f"disease {level(p)} now, {solo.worst_disease} at worst, of {target}"
    if ch == "indecisive":
        return f"queens this year: {', '.join(solo.queens) or 'none'} ({len(set(solo.queens))} of {target})"
    if ch == "mother-hive":
        alive = len(solo.year_spawns)
        lost = f", {solo.spawns_lost} lost" if solo.spawns_lost else ""
        return f"swarm hives this year: {alive} alive of {target}{lost}"
    if ch == "nursery":
        return "brood hatched in every Brood phase so far"
    if ch == "pacifist":
        swarms = f"{solo.swarms} swarm{'s' if solo.swarms != 1 else ''}"
        return f"{swarms} ({target} needed); no raid so far"
    if ch == "protectionist":
        top = max((w.strength for w in s.wild if w.tile is not None), default=0)
        return f"strongest wild hive {top} (must stay below {target})"
    if ch == "strong-leader":
        return f"the {solo.first_queen or p.queen or 'first'} queen still reigns"
    if ch == "under-siege":
        return f"scouts bring a wild hive on a D6 of {target}+"
    return ""


def _scenario_progress(s: BeeLivesState) -> str:
    solo = s.solo
    assert solo is not None and solo.scenario is not None
    sc = solo_data().scenario(solo.scenario)
    if sc.only_hive:
        others = sum(1 for w in s.wild if w.tile is not None)
        return f"{others} other hive{'s' if others != 1 else ''} on the map" + \
            ("" if s.year == 1 else " (year 1 is over)")
    if sc.haunted:
        if not solo.haunting:
            return "no wild hive yet: the first one will be haunted"
        return f"{len(solo.haunted_hives)} haunted hive{'s' if len(solo.haunted_hives) != 1 else ''}, " \
               f"{len(haunted_set(s))} haunted tile{'s' if len(haunted_set(s)) != 1 else ''}"
    return "survive with at least one bee"


def _scenario_status(s: BeeLivesState) -> str:
    solo = s.solo
    assert solo is not None and solo.scenario is not None
    sc = solo_data().scenario(solo.scenario)
    if solo.failed is not None and solo.failed.startswith(sc.name):
        return "failed"
    if sc.only_hive:
        return "met" if s.year > 1 or s.over else "open"
    return "rule"


def _campaign_progress(s: BeeLivesState) -> str:
    solo = s.solo
    assert solo is not None and solo.campaign is not None
    cp = solo.campaign
    if cp == "three-generations":
        tg = solo_data().three_generations
        if s.year == 1:
            return f"{solo.scouts} of {tg.year1_scouts} scouts; Hygienic queen"
        if s.year == 2:
            return "survive the new wild hives of each season"
        spring = "done" if solo.spring_queen else "to do by the end of May"
        fall = "done" if solo.fall_leave else "to do by the end of November"
        return f"spring queen: {spring}; fall swarm and leave: {fall}"
    if cp == "wildfire":
        if solo.fire is None:
            return "the fire comes in year 2, a row of tiles each month: if it burns your hive's tile, you lose"
        where = {"far": "the far edge", "near": "the near edge", "left": "the left edge",
                 "right": "the right edge"}[solo.fire]
        rows = rows_to_hive(s)
        return f"fire from {where}; {len(solo.burned)} tiles burned" + \
            (f"; {rows} row{'s' if rows != 1 else ''} to your hive (you lose if it burns)" if rows is not None
             else "")
    if cp == "zombees":
        if s.year == 1:
            return "the zombees come in year 2"
        p = s.players[0]
        you = "your colony is INFECTED" if p.infected else "your colony is healthy"
        if p.idle:
            you += f" ({p.idle} bees idle after failed actions)"
        return f"{len(solo.infected_hives)} infected wild hives, {len(infected_set(s))} infected tiles; {you}"
    return ""


# -- Wildfire's geometry (shared with the campaign rules and the status line) -----------------


def fire_coord(s: BeeLivesState, tile: int) -> int:
    """How far along the fire's path a tile lies (the fire burns the smallest first).

    Seen from the player at the bottom of the map: a row is one ``r`` when
    the fire moves up or down, and one column ``q + floor(r / 2)`` when it
    moves left or right (on squares, one ``q``).
    """
    solo = s.solo
    assert solo is not None and solo.fire is not None
    t = s.tiles[tile]
    col = t.q + t.r // 2 if geometry().kind == "hex" else t.q
    return {"far": t.r, "near": -t.r, "left": col, "right": -col}[solo.fire]


def rows_to_hive(s: BeeLivesState) -> int | None:
    """Rows the fire must still burn before it reaches the hive (None before the fire)."""
    solo = s.solo
    p = s.players[0]
    if solo is None or solo.fire is None or p.hive is None:
        return None
    burned = set(solo.burned)
    mine = fire_coord(s, p.hive)
    rows = {fire_coord(s, t.id) for t in s.tiles if t.id not in burned}
    line = solo.fire_line
    return sum(1 for c in rows if (line is None or c > line) and c <= mine)


def _campaign_status(s: BeeLivesState) -> str:
    solo = s.solo
    assert solo is not None and solo.campaign is not None
    name = solo_data().campaign(solo.campaign).name
    if solo.failed is not None and solo.failed.startswith(name):
        return "failed"
    return "open"


__all__ = [
    "GoalLine",
    "SoloInfo",
    "allowed_queens",
    "blocked_tiles",
    "fail",
    "game_end",
    "map_length",
    "month_end",
    "on_brood",
    "on_leave",
    "on_queen",
    "on_raid",
    "on_remove",
    "on_scout",
    "on_swarm",
    "on_swarm_spawn",
    "resolve",
    "result",
    "settle",
    "solo_info",
    "year_end",
]
