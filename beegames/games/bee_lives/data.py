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
    return _load()


@lru_cache(maxsize=1)
def derived() -> Derived:
    return Derived(game_data())


def card_name(card_id: str | None) -> str:
    if card_id is None:
        return "none"
    return derived().card[card_id].name
