"""The printed components of Honey Buzz, loaded from ``assets/honey_buzz``.

Every file is validated by a pydantic model when it is read. Most of the
printed data (market values, order cards, contest cards, drone cards,
configuration cards, tile counts per type) is reconstructed; the reasoning is
in ``docs/honey-buzz-reconstructions.md``. Keys are documented in each
file's ``_doc`` entry and in the models below.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import pairwise
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from ...core.assets import load_model
from ...core.hexgrid import Hex
from .geometry import PATTERNS, is_slot

NECTARS = ("W", "R", "C", "A")
RESOURCES = ("P", "W", "R", "C", "A")
TILE_KINDS = ("forage", "produce", "market", "newbee", "decree", "accounting")
ACTIONS = TILE_KINDS
METRICS = ("nectar_clusters", "empty_cell_clusters", "longest_line", "cells", "nectar_tiles", "nectar_types",
           "honey_held", "workers", "orders", "hive_tiles", "best_sale", "cherry_acacia", "pollen", "coins")

Nectar = Literal["W", "R", "C", "A"]
Resource = Literal["P", "W", "R", "C", "A"]
TileKind = Literal["forage", "produce", "market", "newbee", "decree", "accounting"]


class _Data(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    doc: str = Field("", alias="_doc")


class ResourceName(BaseModel):
    model_config = ConfigDict(frozen=True)
    code: Resource
    name: str


class Components(_Data):
    colours: list[str]
    workers_per_player: int = Field(gt=0)
    honey_per_type: int = Field(gt=1)
    pollen: int = Field(gt=1)
    nectar_per_type: int = Field(gt=0)
    order_cards: int
    standard_tiles: dict[str, int]
    starting_tiles: list[TileKind]
    decree_cost: int = Field(ge=0)
    accounting_coins: int = Field(ge=0)
    forage_free_spaces: int = Field(ge=0)
    forage_extra_cost: int = Field(ge=0)
    final_payouts: list[int]
    resources: list[ResourceName]
    actions: dict[str, str]

    @model_validator(mode="after")
    def _check(self) -> Components:
        if len(self.colours) != 4 or len(set(self.colours)) != 4:
            raise ValueError("four distinct player colours")
        if set(self.standard_tiles) != set(TILE_KINDS) or min(self.standard_tiles.values()) <= 0:
            raise ValueError("one stack of standard tiles per action")
        if sorted(self.starting_tiles) != sorted(set(self.starting_tiles)) or len(self.starting_tiles) != 4:
            raise ValueError("four different starting tiles")
        if [r.code for r in self.resources] != list(RESOURCES):
            raise ValueError("resources are P W R C A in that order")
        if set(self.actions) != set(TILE_KINDS):
            raise ValueError("a name for every action")
        return self


class SeatStart(BaseModel):
    model_config = ConfigDict(frozen=True)
    workers: int = Field(ge=1)
    coins: int = Field(ge=0)


class StackSizes(BaseModel):
    model_config = ConfigDict(frozen=True)
    large: int = Field(ge=0)
    small: int = Field(ge=0)


class Setup(_Data):
    hive_boards: dict[str, dict[str, list[str]]]
    box_names: dict[str, str]
    speed_payouts: dict[str, list[int]]
    order_stacks: dict[str, StackSizes]
    market_start_space: dict[str, int]
    seat_start: list[SeatStart]
    nectar_removed_per_type: dict[str, int]
    advanced_removed_per_group: dict[str, int]
    solo_plays_as: int

    @model_validator(mode="after")
    def _check(self) -> Setup:
        if set(self.hive_boards) != {"1-2", "3-4"}:
            raise ValueError("two hive board sides, 1-2 and 3-4")
        for table in (self.speed_payouts, self.order_stacks, self.market_start_space,
                      self.nectar_removed_per_type, self.advanced_removed_per_group):
            if set(table) != {"2", "3", "4"}:
                raise ValueError("the setup tables cover 2, 3 and 4 players")
        for side, boxes in self.hive_boards.items():
            kinds = [k for ks in boxes.values() for k in ks]
            if sorted(kinds) != sorted(TILE_KINDS):
                raise ValueError(f"hive board {side}: every stack in exactly one box")
            for box in boxes:
                if box not in self.box_names:
                    raise ValueError(f"no name for box {box}")
        if len(self.seat_start) != 4:
            raise ValueError("table c covers four seats")
        for n, pays in self.speed_payouts.items():
            if len(pays) >= int(n):
                raise ValueError("the last finisher of a speed contest is never paid")
        return self

    def board_side(self, players: int) -> str:
        """The side of the hive board used at ``players`` players: ``1-2`` or ``3-4``."""
        return "1-2" if players <= 2 else "3-4"

    def boxes(self, players: int) -> dict[str, list[str]]:
        """The hive boxes on the board side for ``players`` players, each with the tile kinds it holds."""
        return self.hive_boards[self.board_side(players)]


class CellPatterns(_Data):
    three: Nectar | None
    four_adjacent: Nectar | None
    four_opposite: Nectar | None
    five: Nectar | None
    six: Nectar | None

    def mapping(self) -> dict[str, str | None]:
        """Each cell pattern and the nectar type a cell of that pattern takes (None: none)."""
        return {p: getattr(self, p) for p in PATTERNS}

    @model_validator(mode="after")
    def _check(self) -> CellPatterns:
        named = [v for v in self.mapping().values() if v is not None]
        if sorted(set(named)) != sorted(NECTARS):
            raise ValueError("every nectar type needs a pattern")
        return self


class Block(BaseModel):
    model_config = ConfigDict(frozen=True)
    rows: list[int]
    cols: list[int]


class Field_(_Data):
    rows: int = Field(gt=0)
    cols: int = Field(gt=0)
    start_rows: list[int]
    quadrants: dict[str, Block]
    back_groups: dict[str, dict[str, int]]

    @model_validator(mode="after")
    def _check(self) -> Field_:
        if sorted(self.quadrants) != sorted(NECTARS) or sorted(self.back_groups) != sorted(NECTARS):
            raise ValueError("one quadrant and one back group per nectar type")
        if any(not set(g) <= set(NECTARS) for g in self.back_groups.values()):
            raise ValueError("back groups hold nectar fronts W R C A")
        spaces = [(r, c) for q in self.quadrants.values() for r in q.rows for c in q.cols]
        if sorted(spaces) != [(r, c) for r in range(self.rows) for c in range(self.cols)]:
            raise ValueError("the quadrants tile the field exactly")
        if not all(0 <= r < self.rows for r in self.start_rows) or len(set(self.start_rows)) < 4:
            raise ValueError("four different start spots on the field's rows")
        return self


class MarketColumn(BaseModel):
    model_config = ConfigDict(frozen=True)
    resource: Resource
    values: list[int]

    @field_validator("values")
    @classmethod
    def _falling(cls, v: list[int]) -> list[int]:
        # the book: a value "drops by one" when its marker moves down one space
        if len(v) < 2 or any(a - b != 1 for a, b in pairwise(v)) or v[-1] < 0:
            raise ValueError("a market column needs at least two values, each one coin less than the one above")
        return v


class Market(_Data):
    columns: list[MarketColumn]

    @model_validator(mode="after")
    def _check(self) -> Market:
        if [c.resource for c in self.columns] != list(RESOURCES):
            raise ValueError("one market column per resource, P W R C A")
        return self


class OrderCard(BaseModel):
    model_config = ConfigDict(frozen=True)
    id: str
    size: Literal["small", "large"]
    needs: dict[str, int]
    points: int = Field(gt=0)

    @field_validator("needs")
    @classmethod
    def _positive(cls, v: dict[str, int]) -> dict[str, int]:
        if not set(v) <= set(RESOURCES):
            raise ValueError("orders need P W R C A")
        if not v or min(v.values()) <= 0:
            raise ValueError("an order needs at least one resource")
        return v

    @property
    def units(self) -> int:
        """How many resources the order asks in all."""
        return sum(self.needs.values())


class Orders(_Data):
    stack_actions: list[Literal["forage", "produce", "market"]]
    unit_values: dict[str, int]
    size_bonus: dict[str, int]
    cards: list[OrderCard]

    @model_validator(mode="after")
    def _check(self) -> Orders:
        if sorted(self.stack_actions) != ["forage", "market", "produce"]:
            raise ValueError("three stacks: Forage, Produce, Market")
        ids = [c.id for c in self.cards]
        if len(set(ids)) != len(ids):
            raise ValueError("order ids must be unique")
        return self


class ContestCard(BaseModel):
    model_config = ConfigDict(frozen=True)
    id: str
    colour: Literal["I", "II", "III"]
    kind: Literal["speed", "final"]
    metric: str
    target: int | None = None
    star: bool = False
    title: str

    @model_validator(mode="after")
    def _check(self) -> ContestCard:
        if self.metric not in METRICS:
            raise ValueError(f"{self.id}: unknown metric {self.metric}")
        if (self.kind == "speed") != (self.target is not None):
            raise ValueError(f"{self.id}: speed contests (only) have a target")
        return self


class SoloContestCard(BaseModel):
    model_config = ConfigDict(frozen=True)
    id: str
    colour: Literal["I", "II", "III"]
    metric: str
    tiers: list[int]
    points: list[int]
    star: bool = False
    title: str

    @model_validator(mode="after")
    def _check(self) -> SoloContestCard:
        if self.metric not in METRICS:
            raise ValueError(f"{self.id}: unknown metric {self.metric}")
        if len(self.tiers) != 4 or len(self.points) != 4:
            raise ValueError(f"{self.id}: four scoring tiers")
        if self.tiers != sorted(set(self.tiers)) or self.points != sorted(set(self.points)):
            raise ValueError(f"{self.id}: tiers and points rise")
        return self


class Contests(_Data):
    multiplayer: list[ContestCard]
    solo: list[SoloContestCard]

    @model_validator(mode="after")
    def _check(self) -> Contests:
        for cards in (self.multiplayer, self.solo):
            for colour in ("I", "II", "III"):
                group = [c for c in cards if c.colour == colour]
                if not group or sum(c.star for c in group) != 1:
                    raise ValueError(f"colour {colour}: cards with exactly one star")
        return self


class DroneCard(BaseModel):
    model_config = ConfigDict(frozen=True)
    id: str
    action: Literal["order", "highest", "W", "R", "C", "A"]
    box: str


class DroneSide(BaseModel):
    model_config = ConfigDict(frozen=True)
    boxes: list[str]
    start: str


class Drones(_Data):
    cards: list[DroneCard]
    drones: list[DroneSide]

    @model_validator(mode="after")
    def _check(self) -> Drones:
        if len(self.drones) != 2:
            raise ValueError("two drones")
        sides = [set(d.boxes) for d in self.drones]
        if sides[0] & sides[1]:
            raise ValueError("the drones keep to their own sides of the hive board")
        for d in self.drones:
            if d.start not in d.boxes:
                raise ValueError("a drone starts on its own side")
        for c in self.cards:
            if c.box not in sides[0] | sides[1]:
                raise ValueError(f"drone card {c.id}: box {c.box} is on neither side")
        return self


class SoloLevel(BaseModel):
    model_config = ConfigDict(frozen=True)
    level: int
    name: str
    minimum: int


class Rank(BaseModel):
    model_config = ConfigDict(frozen=True, populate_by_name=True)
    start: int = Field(alias="from")
    title: str


class Solo(_Data):
    levels: list[SoloLevel]
    ranks: list[Rank]

    @model_validator(mode="after")
    def _check(self) -> Solo:
        if [lv.level for lv in self.levels] != [1, 2, 3, 4, 5]:
            raise ValueError("five solo levels numbered 1 to 5")
        if [r.start for r in self.ranks] != sorted(r.start for r in self.ranks) or self.ranks[0].start != 0:
            raise ValueError("rank bands start at 0 and rise")
        return self

    def level(self, key: str) -> SoloLevel:
        """The difficulty level an options model names (``"egg"`` … ``"queen"``)."""
        for lv in self.levels:
            if lv.name.lower() == key:
                return lv
        raise KeyError(key)

    def rank(self, score: int) -> str:
        """The solitaire rank title a final score of ``score`` earns."""
        title = self.ranks[0].title
        for r in self.ranks:
            if score >= r.start:
                title = r.title
        return title


class IconSpec(BaseModel):
    model_config = ConfigDict(frozen=True)
    kind: TileKind
    hex: Hex


class ConfigCard(BaseModel):
    model_config = ConfigDict(frozen=True)
    id: str
    level: Literal["standard", "veteran"]
    star: bool = False
    slots: list[tuple[Hex, Hex]]
    icons: list[IconSpec] | None = None

    @model_validator(mode="after")
    def _check(self) -> ConfigCard:
        if len(self.slots) != 4:
            raise ValueError(f"{self.id}: four starting slots")
        hexes = [h for s in self.slots for h in s]
        if len(set(hexes)) != 8 or not all(is_slot(a, b) for a, b in self.slots):
            raise ValueError(f"{self.id}: slots must be distinct pairs of adjacent tile hexes")
        if self.star != (self.icons is not None):
            raise ValueError(f"{self.id}: only the starred card fixes the icons")
        if self.icons is not None and (len(self.icons) != 4
                                       or any(ic.hex not in s for ic, s in zip(self.icons, self.slots))):
            raise ValueError(f"{self.id}: one icon per slot, on one of its hexes")
        return self


class Configurations(_Data):
    cards: list[ConfigCard]

    @model_validator(mode="after")
    def _check(self) -> Configurations:
        if sum(c.star for c in self.cards) != 1:
            raise ValueError("exactly one starred configuration card")
        return self

    def by_id(self, cid: str) -> ConfigCard:
        """The configuration card ``cid``; raises KeyError when there is none."""
        for c in self.cards:
            if c.id == cid:
                return c
        raise KeyError(cid)


class GameData(BaseModel):
    """Everything printed, in one object (loaded once)."""

    model_config = ConfigDict(frozen=True, arbitrary_types_allowed=True)
    components: Components
    setup: Setup
    patterns: CellPatterns
    field: Field_
    market: Market
    orders: Orders
    contests: Contests
    drones: Drones
    solo: Solo
    configurations: Configurations

    @model_validator(mode="after")
    def _check(self) -> GameData:
        comp = self.components
        if len(self.orders.cards) != comp.order_cards:
            raise ValueError("the order cards listed must match the component count")
        for n, sizes in self.setup.order_stacks.items():
            need = {"small": sizes.small * 3, "large": sizes.large * 3}
            for size, k in need.items():
                if sum(c.size == size for c in self.orders.cards) < k:
                    raise ValueError(f"not enough {size} orders for {n} players")
        per_space = self.field.rows * self.field.cols
        if per_space < 4 * comp.nectar_per_type:
            raise ValueError("the field must hold every nectar tile")
        for group, fronts in self.field.back_groups.items():
            block = self.field.quadrants[group]
            if sum(fronts.values()) > len(block.rows) * len(block.cols):
                raise ValueError(f"back group {group} does not fit its quadrant")
        for t in NECTARS:
            if sum(g.get(t, 0) for g in self.field.back_groups.values()) != comp.nectar_per_type:
                raise ValueError(f"the back groups must hold every {t} nectar tile")
        for side in self.setup.hive_boards.values():
            for d in self.drones.drones:
                if self.setup.hive_boards["1-2"] is side and not set(d.boxes) <= set(side):
                    raise ValueError("drones move between boxes of the 1-2 player board")
        return self

    # -- names ---------------------------------------------------------------
    def resource_name(self, code: str) -> str:
        """The name of resource code ``code`` (an unknown code is returned as it is)."""
        for r in self.components.resources:
            if r.code == code:
                return r.name
        return code

    def action_name(self, kind: str) -> str:
        """The name of hive action or tile kind ``kind`` (an unknown kind is returned as it is)."""
        return self.components.actions.get(kind, kind)

    def box_name(self, box: str) -> str:
        """The name of hive box ``box`` (an unknown box is returned as it is)."""
        return self.setup.box_names.get(box, box)

    def order(self, oid: str) -> OrderCard:
        """The order card ``oid``; raises KeyError when there is none."""
        return _orders_by_id()[oid]

    def contest(self, cid: str) -> ContestCard | SoloContestCard:
        """The queen's contest card ``cid`` (multiplayer or solitaire); raises KeyError when there is none."""
        return _contests_by_id()[cid]

    def market_values(self, resource: str) -> list[int]:
        """The coin values of ``resource``'s market column, from the top space down."""
        return self.market.columns[RESOURCES.index(resource)].values

    def drone_card(self, did: str) -> DroneCard:
        """The drone card ``did``; raises KeyError when there is none."""
        for c in self.drones.cards:
            if c.id == did:
                return c
        raise KeyError(did)


@lru_cache(maxsize=1)
def game_data() -> GameData:
    """Every Honey Buzz component, read once from ``assets/honey_buzz`` and validated."""
    return GameData(
        components=load_model(Components, "honey_buzz", "components.json"),
        setup=load_model(Setup, "honey_buzz", "setup.json"),
        patterns=load_model(CellPatterns, "honey_buzz", "cell_patterns.json"),
        field=load_model(Field_, "honey_buzz", "field.json"),
        market=load_model(Market, "honey_buzz", "market.json"),
        orders=load_model(Orders, "honey_buzz", "orders.json"),
        contests=load_model(Contests, "honey_buzz", "contests.json"),
        drones=load_model(Drones, "honey_buzz", "drones.json"),
        solo=load_model(Solo, "honey_buzz", "solo.json"),
        configurations=load_model(Configurations, "honey_buzz", "configurations.json"),
    )


@lru_cache(maxsize=1)
def _orders_by_id() -> dict[str, OrderCard]:
    return {c.id: c for c in game_data().orders.cards}


@lru_cache(maxsize=1)
def _contests_by_id() -> dict[str, ContestCard | SoloContestCard]:
    d = game_data().contests
    out: dict[str, ContestCard | SoloContestCard] = {c.id: c for c in d.multiplayer}
    out.update({c.id: c for c in d.solo})
    return out
