"""The printed parts of Bee Lives, loaded from ``assets/bee_lives``.

Every file is validated by a pydantic model when it is read, and every value
the rulebook text does not give carries an entry in the file's ``key``
section (status and reasoning); ``docs/bee-lives-reconstructions.md`` tells
the whole story. A better reading of a component changes these files, not
the code.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import pairwise
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from ...core.assets import load_model

TileKind = Literal["bloom", "wilt", "harvest", "wet"]
Season = Literal["spring", "summer", "fall"]
Resource = Literal["honey", "pollen", "water"]

TILE_KINDS: tuple[TileKind, ...] = ("bloom", "wilt", "harvest", "wet")
SEASONS: tuple[Season, ...] = ("spring", "summer", "fall")
RESOURCES: tuple[Resource, ...] = ("honey", "pollen", "water")


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class KeyEntry(_Strict):
    """How sure a value is, and why."""

    status: Literal["book", "reconstructed", "unknown", "ambiguous"]
    reason: str = Field(min_length=10)


# -- hive board ---------------------------------------------------------------


class CombCell(_Strict):
    cells: int = Field(ge=1)
    yellow: int = Field(ge=1)
    purple: int = Field(ge=1)


class Comb(_Strict):
    start: int = Field(ge=1)
    max: int = Field(ge=1)
    cells: list[CombCell]

    @model_validator(mode="after")
    def _check(self) -> Comb:
        sizes = [c.cells for c in self.cells]
        if sizes != list(range(self.start, self.max + 1)):
            raise ValueError("the comb table must list every size from start to max")
        for c in self.cells:
            if c.purple > c.yellow:
                raise ValueError("a Nomadic threshold is never above the yellow one")
        return self


class Disease(_Strict):
    track_a: list[int] = Field(min_length=2)
    half_spaces: bool

    @model_validator(mode="after")
    def _check(self) -> Disease:
        t = self.track_a
        if t[0] != 0 or any(b < a or b > a + 1 for a, b in pairwise(t)):
            raise ValueError("the disease track starts at level 0 and climbs one level at a time")
        return self


class HiveBoard(_Strict):
    key: dict[str, KeyEntry]
    workers_per_player: int = Field(ge=1)
    starting_workers: int = Field(ge=1)
    comb: Comb
    disease: Disease

    @model_validator(mode="after")
    def _check(self) -> HiveBoard:
        if self.starting_workers > self.workers_per_player:
            raise ValueError("more starting workers than bees")
        return self


# -- map ---------------------------------------------------------------------------


class Yield(_Strict):
    honey: int = Field(ge=0)
    pollen: int = Field(ge=0)
    water: int = Field(ge=0)


class MapData(_Strict):
    key: dict[str, KeyEntry]
    geometry: Literal["hex", "square"]
    range: int = Field(ge=1)
    scout_needs_tile_path: bool
    wild_scout_needs_tile_path: bool
    tiles: dict[TileKind, int]
    start_tile: TileKind
    yields: dict[Season, dict[TileKind, Yield]]

    @model_validator(mode="after")
    def _check(self) -> MapData:
        if set(self.tiles) != set(TILE_KINDS):
            raise ValueError("every tile kind needs a count")
        for season in SEASONS:
            if set(self.yields.get(season, {})) != set(TILE_KINDS):
                raise ValueError(f"{season}: every tile kind needs a yield")
        return self


# -- season cards ---------------------------------------------------------------------


class SeasonCard(_Strict):
    id: str
    name: str
    season: Season
    text: str
    yields: dict[Literal["all", "bloom", "wilt", "harvest", "wet"], dict[Resource, int]] = {}
    overheat: bool = False
    wax_cost: int | None = Field(None, ge=0)
    brood_per_pollen: int | None = Field(None, ge=1)
    spawn_after_scout: int | None = Field(None, ge=1, le=6)
    spawn_after_forage: int | None = Field(None, ge=1, le=6)
    spawn_first_turn: bool = False
    aggressive_bonus: int = Field(0, ge=0)
    defend_per5: int = Field(0, ge=0)
    cool_water_per_bee: int | None = Field(None, ge=1)
    feed_per_honey: int | None = Field(None, ge=1)
    no_brood: bool = False
    defend_third: bool = False
    wild_first_turn_raid: bool = False

    def yield_change(self, kind: str, resource: str) -> int:
        """How much this card changes a forage of ``resource`` on a ``kind`` tile: its "all tiles"
        change plus its change for that kind (0 if it names neither)."""
        total = 0
        for key, change in self.yields.items():
            if key in ("all", kind):
                total += dict(change).get(resource, 0)  # type: ignore[call-overload]
        return total


class SeasonCards(_Strict):
    key: dict[str, KeyEntry]
    cards: list[SeasonCard]

    @model_validator(mode="after")
    def _check(self) -> SeasonCards:
        ids = [c.id for c in self.cards]
        if len(set(ids)) != len(ids):
            raise ValueError("season card ids must be unique")
        for season in SEASONS:
            if sum(1 for c in self.cards if c.season == season) != 9:
                raise ValueError(f"there are 9 {season} cards")
        return self


# -- wild hives --------------------------------------------------------------------------

ChartStep = Literal["swarm", "wet_if_overheating", "bloom", "wilt", "harvest", "raid", "scout"]


class WildHives(_Strict):
    key: dict[str, KeyEntry]
    names: list[str] = Field(min_length=1)
    tokens_per_month: int = Field(ge=1)
    max_strength: int = Field(ge=1)
    swarm_strength: int = Field(ge=1)
    raid_margin: int = Field(ge=0)
    default_spawn_strength: int = Field(ge=1)
    year_spawn_strength: dict[int, int]
    sacrificed_defender_value: int = Field(ge=1)
    sacrificed_unassigned_value: int = Field(ge=1)
    charts: dict[Season, list[ChartStep]]

    @model_validator(mode="after")
    def _check(self) -> WildHives:
        if len(set(self.names)) != len(self.names):
            raise ValueError("wild hive names must be distinct")
        if set(self.charts) != set(SEASONS):
            raise ValueError("a chart for each season")
        if self.swarm_strength > self.max_strength:
            raise ValueError("swarm strength above the maximum")
        return self


# -- rules numbers -----------------------------------------------------------------------------


class RaidDice(_Strict):
    bees_per_die: int = Field(ge=1)
    max_dice: int = Field(ge=1)
    faces: int = Field(ge=2)


class SwarmVP(_Strict):
    spring: int
    summer: int
    fall: int


class VP(_Strict):
    raid_success: int
    defence: int
    wild_removed: int
    swarm: SwarmVP
    starvation_token: int


class Feeding(_Strict):
    bees_per_honey: int = Field(ge=1)
    protected_bees: int = Field(ge=0)


class Winter(_Strict):
    months: int = Field(ge=0)
    bees_per_honey: int = Field(ge=1)
    shortfall_extra: int = Field(ge=0)


class Forage(_Strict):
    max_bees: int = Field(ge=1)
    disease: int = Field(ge=0)


class Rating(_Strict):
    name: str
    min: int | None
    max: int | None


class RulesData(_Strict):
    key: dict[str, KeyEntry]
    raid_dice: RaidDice
    max_rerolls: int = Field(ge=0)
    steal_needs_cells: bool
    success_share: float = Field(gt=0, le=1)
    vp: VP
    feeding: Feeding
    winter: Winter
    forage: Forage
    wild_raid_disease: int = Field(ge=0)
    player_raid_disease_divisor: int = Field(ge=1)
    hygienic_raid_cap: int = Field(ge=0)
    wax_cost: int = Field(ge=0)
    cool_workers_per_bee: int = Field(ge=1)
    cool_water_per_bee: int = Field(ge=0)
    prolific_per: int = Field(ge=1)
    aggressive_per: int = Field(ge=1)
    tie_break: list[Literal["pollen", "workers", "comb", "honey"]]
    solo_ratings: list[Rating] = Field(min_length=1)


class GameData(BaseModel):
    """Everything printed, in one object."""

    model_config = ConfigDict(frozen=True)

    board: HiveBoard
    map: MapData
    cards: SeasonCards
    wild: WildHives
    rules: RulesData


class Derived:
    """Fast lookups built once from :class:`GameData`."""

    def __init__(self, d: GameData) -> None:
        self.data = d
        self.card = {c.id: c for c in d.cards.cards}
        self.yellow = {c.cells: c.yellow for c in d.board.comb.cells}
        self.purple = {c.cells: c.purple for c in d.board.comb.cells}
        self.track_a = list(d.board.disease.track_a)
        self.track_len_a = len(self.track_a)
        self.track_len_b = 2 * len(self.track_a) - 1 if d.board.disease.half_spaces else len(self.track_a)
        self.max_level = self.track_a[-1]
        self.tile_total = dict(d.map.tiles)
        self.names = list(d.wild.names)
        # yields[season][kind] = (honey, pollen, water)
        self.yields = {s: {k: (y.honey, y.pollen, y.water) for k, y in d.map.yields[s].items()} for s in SEASONS}
        # per-card change of each yield
        self.card_yield: dict[str, dict[str, tuple[int, int, int]]] = {}
        for c in d.cards.cards:
            self.card_yield[c.id] = {k: tuple(c.yield_change(k, r) for r in RESOURCES)  # type: ignore[misc]
                                     for k in TILE_KINDS}


def _load() -> GameData:
    return GameData(
        board=load_model(HiveBoard, "bee_lives", "hive_board.json"),
        map=load_model(MapData, "bee_lives", "map.json"),
        cards=load_model(SeasonCards, "bee_lives", "season_cards.json"),
        wild=load_model(WildHives, "bee_lives", "wild_hives.json"),
        rules=load_model(RulesData, "bee_lives", "rules.json"),
    )


@lru_cache(maxsize=1)
def game_data() -> GameData:
    """The printed components of Bee Lives, read from ``assets/bee_lives`` and validated on first use."""
    return _load()


@lru_cache(maxsize=1)
def derived() -> Derived:
    """The lookup tables built from :func:`game_data` (cards by id, comb thresholds, track lengths,
    yields), built once and cached."""
    return Derived(game_data())


# -- solo play cards: challenges, scenarios, campaigns --------------------------------------------

ChallengeCheck = Literal["end_of_year_1", "at_once", "once_in_game", "in_one_year", "modifier"]


class ChallengeCard(_Strict):
    """A challenge card: its goal in our words, when it is checked, and its number."""

    id: str
    name: str
    text: str
    #: when the goal is settled: at the end of year 1; failed at once when broken; met once at any
    #: moment of the game; met within one year; or a rule that changes play (no goal)
    check: ChallengeCheck
    target: int | None = None


class ScenarioTile(_Strict):
    kind: TileKind
    q: int
    r: int
    #: what stands on the tile at the start
    hive: Literal["player", "wild"] | None = None


class ScenarioMap(_Strict):
    """A scenario card with its starting map (axial cells; the player's hive at the origin)."""

    key: dict[str, KeyEntry]
    id: str
    name: str
    text: str
    tiles: list[ScenarioTile] = Field(min_length=1)
    #: strength of the wild hives printed on the map
    wild_strength: int | None = Field(None, ge=1)
    #: wild hives act from the first spring
    active_in_spring: bool = False
    #: the first wild hive to appear is haunted (Haunted Hives)
    haunted: bool = False
    #: by the end of year 1 the player's hive must be the only hive on the map
    only_hive: bool = False

    @model_validator(mode="after")
    def _check(self) -> ScenarioMap:
        cells = [(t.q, t.r) for t in self.tiles]
        if len(set(cells)) != len(cells):
            raise ValueError(f"{self.id}: two tiles on one cell")
        mine = [t for t in self.tiles if t.hive == "player"]
        if len(mine) != 1 or (mine[0].q, mine[0].r) != (0, 0):
            raise ValueError(f"{self.id}: the player's hive stands on one tile, at (0, 0)")
        if any(t.hive == "wild" for t in self.tiles) and self.wild_strength is None:
            raise ValueError(f"{self.id}: printed wild hives need a strength")
        return self


class CampaignYear(_Strict):
    year: int = Field(ge=1, le=3)
    text: str


class CampaignCard(_Strict):
    id: str
    name: str
    text: str
    #: the lengths the card allows (the first is the default)
    years: list[int] = Field(min_length=1)
    plan: list[CampaignYear]


class ThreeGenerations(_Strict):
    year1_queen: str
    year1_scouts: int = Field(ge=0)
    #: months (1-9) of year 2 that open a season and bring wild hives
    year2_spawn_months: list[int]
    year2_spawn_strength: int = Field(ge=1)
    #: a D6 divided by this, rounded up, is the number of wild hives
    year2_spawn_divisor: int = Field(ge=1)
    year3_spring_queens: list[str]


class Wildfire(_Strict):
    #: D4 face -> where the fire starts: the far edge, the right edge, the near edge, the left edge
    origin: dict[int, Literal["far", "right", "near", "left"]]
    spawn_rolls: int = Field(ge=0)
    spawn_strength: int = Field(ge=1)


ZombeeAction = Literal["raid_closest", "forage_bloom", "forage_wilt", "forage_harvest", "raid_farthest", "nothing"]


class Zombees(_Strict):
    start_strength: int = Field(ge=1)
    #: a new wild hive is infected on a D6 of this or less
    infected_spawn: int = Field(ge=0, le=6)
    #: D6 face -> what an infected wild hive does
    actions: dict[int, ZombeeAction]
    #: a healthy hive acting on an infected tile catches it on a D6 of this or less
    catch: int = Field(ge=0, le=6)
    #: an infected player's action: fails and its bees die on this or less, fails on this or less
    action_dies: int = Field(ge=0, le=6)
    action_fails: int = Field(ge=0, le=6)
    disease_factor: int = Field(ge=1)


class Haunting(_Strict):
    #: a player foraging a haunted tile succeeds on a D6 of this or more
    forage_success: int = Field(ge=1, le=6)
    #: bees a Raid needs to scare the ghosts off a tile
    scare_bees: int = Field(ge=1)


class SoloData(BaseModel):
    """The solo play cards (``solo.json``) and the scenario maps (``scenarios/*.json``)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    key: dict[str, KeyEntry]
    challenges: list[ChallengeCard]
    campaigns: list[CampaignCard]
    three_generations: ThreeGenerations
    wildfire: Wildfire
    zombees: Zombees
    haunting: Haunting
    scenarios: list[ScenarioMap] = []

    @model_validator(mode="after")
    def _check(self) -> SoloData:
        if len(self.challenges) != 11 or len({c.id for c in self.challenges}) != 11:
            raise ValueError("there are 11 challenge cards")
        if len(self.campaigns) != 3:
            raise ValueError("there are 3 campaign cards")
        if sorted(self.zombees.actions) != [1, 2, 3, 4, 5, 6] or sorted(self.wildfire.origin) != [1, 2, 3, 4]:
            raise ValueError("a die table needs every face")
        return self

    def challenge(self, cid: str) -> ChallengeCard:
        """The challenge card with id ``cid``; raises StopIteration for an unknown id."""
        return next(c for c in self.challenges if c.id == cid)

    def scenario(self, sid: str) -> ScenarioMap:
        """The scenario card with id ``sid``; raises StopIteration for an unknown id."""
        return next(c for c in self.scenarios if c.id == sid)

    def campaign(self, cid: str) -> CampaignCard:
        """The campaign card with id ``cid``; raises StopIteration for an unknown id."""
        return next(c for c in self.campaigns if c.id == cid)


SCENARIO_FILES = ("haunted-hives", "new-bee-on-the-block", "surrounded", "there-can-bee-only-one")


@lru_cache(maxsize=1)
def solo_data() -> SoloData:
    """Loaded on first use (a basic game never needs it)."""
    from ...core.assets import load_json

    raw = load_json("bee_lives", "solo.json")
    assert isinstance(raw, dict), "solo.json holds an object"
    raw["scenarios"] = [load_json("bee_lives", "scenarios", f"{sid}.json") for sid in SCENARIO_FILES]
    return SoloData.model_validate(raw)
