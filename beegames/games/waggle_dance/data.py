"""The printed components of Waggle Dance, loaded from ``assets/waggle_dance``.

Every file is validated by a pydantic model when it is read. The Solo cards,
the Threat cards, the number of copies of each Queen Bee card and the two
Threats-expansion Queen Bee cards are reconstructions; the reasoning is in
``docs/waggle-dance-reconstructions.md``.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Literal

from pydantic import BaseModel, Field, field_validator, model_validator

from ...core.assets import load_model

ACTIONS_WITH_SPACES = ("A", "C", "E", "G")


class Flower(BaseModel):
    number: int = Field(ge=1, le=6)
    colour: str
    label: str = Field(min_length=1, max_length=3)


class Difficulty(BaseModel):
    short: int = Field(ge=1)
    long: int = Field(ge=1)


class Components(BaseModel):
    eggs: int
    nectar_per_colour: int
    dice_per_colour: int
    room_tiles: int
    room_capacity: int
    starting_dice: int
    starting_rooms: int
    guardian_markers: int
    honey_target: dict[Literal["short", "long"], int]
    additional_queen_cards: dict[str, int]
    solo_queen_cards: dict[Literal["easier", "standard", "harder"], Difficulty]
    solo_threat_queen_cards: dict[str, int]
    threat_queen_hexagon_cards: int
    standard_hexagon_cards_with_threats: int
    solo_threat_spaces: int
    flowers: list[Flower]
    dice_colours: list[str]

    @model_validator(mode="after")
    def _check(self) -> Components:
        if [f.number for f in self.flowers] != [1, 2, 3, 4, 5, 6]:
            raise ValueError("there must be six flowers numbered 1 to 6")
        names = [f.colour.lower() for f in self.flowers]
        labels = [f.label.lower() for f in self.flowers]
        if len(set(names)) != 6 or len(set(labels)) != 6:
            raise ValueError("nectar colours need distinct names and labels")
        if len(self.dice_colours) != 4 or len(set(self.dice_colours)) != 4:
            raise ValueError("there are four distinct dice colours")
        if set(self.additional_queen_cards) != {"2", "3", "4"}:
            raise ValueError("the setup table covers 2, 3 and 4 players")
        return self


class QueenCard(BaseModel):
    id: str
    name: str
    phase: Literal["day", "night"]
    expansion: Literal["base", "threats"]
    copies: int = Field(ge=1)
    hexagon_copies: int = Field(ge=0)
    effect: str

    @model_validator(mode="after")
    def _check(self) -> QueenCard:
        if self.hexagon_copies > self.copies:
            raise ValueError(f"{self.id}: more hexagon copies than copies")
        return self


class QueenCards(BaseModel):
    cards: list[QueenCard]

    @model_validator(mode="after")
    def _check(self) -> QueenCards:
        base = [c for c in self.cards if c.expansion == "base"]
        threats = [c for c in self.cards if c.expansion == "threats"]
        if sum(c.copies for c in base) != 30:
            raise ValueError("the base game has 30 Queen Bee cards")
        if sum(c.hexagon_copies for c in base) != 10:
            raise ValueError("the base game has 10 starting (hexagon) cards")
        if sum(c.copies for c in threats) != 6:
            raise ValueError("the Threats expansion adds 6 Queen Bee cards")
        if sum(c.hexagon_copies for c in threats) != 2:
            raise ValueError("the Threats expansion has 2 hexagon cards")
        if len({c.id for c in self.cards}) != len(self.cards):
            raise ValueError("duplicate Queen Bee card id")
        return self


class SoloCard(BaseModel):
    id: int
    icons: list[Literal["pair", "most", "least"]]
    chart: list[int]
    blocker: int = Field(ge=0, le=5)
    actions: list[Literal["A", "C", "E", "G"]]

    @field_validator("chart")
    @classmethod
    def _chart(cls, v: list[int]) -> list[int]:
        if sorted(v) != [1, 2, 3, 4, 5, 6]:
            raise ValueError("the die chart shows each value once")
        return v

    @model_validator(mode="after")
    def _check(self) -> SoloCard:
        if not 1 <= len(self.icons) <= 2 or len(set(self.icons)) != len(self.icons):
            raise ValueError("a solo card shows one or two different icons")
        if "pair" in self.icons and len(self.icons) != 2:
            raise ValueError("a Pair card also needs a Most of or Least of fall-back")
        if len(set(self.actions)) != len(self.actions) or not self.actions:
            raise ValueError("the action list names each action once")
        return self

    @property
    def blocker_value(self) -> int:
        return self.chart[self.blocker]


class SoloCards(BaseModel):
    cards: list[SoloCard]

    @model_validator(mode="after")
    def _check(self) -> SoloCards:
        if len(self.cards) != 18 or [c.id for c in self.cards] != list(range(1, 19)):
            raise ValueError("there are 18 solo cards numbered 1-18")
        return self


class ThreatCard(BaseModel):
    id: str
    name: str
    penalty: Literal["egg", "die", "nectar", "room", "none"]


class ThreatCards(BaseModel):
    cards: list[ThreatCard]

    @model_validator(mode="after")
    def _check(self) -> ThreatCards:
        if len(self.cards) != 12:
            raise ValueError("there are 12 Threat cards")
        real = [c.name for c in self.cards if c.penalty != "none"]
        if len(set(real)) != len(real):
            raise ValueError("threat names must be distinct")
        return self


class GameData(BaseModel):
    components: Components
    queen: QueenCards
    solo: SoloCards
    threats: ThreatCards

    @property
    def queen_by_id(self) -> dict[str, QueenCard]:
        return {c.id: c for c in self.queen.cards}


@lru_cache(maxsize=1)
def game_data() -> GameData:
    return GameData(
        components=load_model(Components, "waggle_dance", "components.json"),
        queen=load_model(QueenCards, "waggle_dance", "queen_cards.json"),
        solo=load_model(SoloCards, "waggle_dance", "solo_cards.json"),
        threats=load_model(ThreatCards, "waggle_dance", "threat_cards.json"),
    )


@lru_cache(maxsize=1)
def queen_names() -> dict[str, str]:
    return {c.id: c.name for c in game_data().queen.cards}


@lru_cache(maxsize=1)
def threat_penalties() -> dict[str, str]:
    return {c.name: c.penalty for c in game_data().threats.cards}


@lru_cache(maxsize=1)
def solo_cards() -> dict[int, SoloCard]:
    return {c.id: c for c in game_data().solo.cards}


def colour_name(c: int) -> str:
    return game_data().components.flowers[c].colour


def colour_label(c: int) -> str:
    return game_data().components.flowers[c].label
