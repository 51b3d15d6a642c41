"""The printed components of Waggle Dance, loaded from ``assets/waggle_dance``.

Every file is validated by a pydantic model when it is read. The Solo cards,
the Threat cards, the copies of each Queen Bee card, the Threats-expansion
Queen Bee cards and the whole first-edition (2014) card list are
reconstructions; the reasoning is in ``docs/waggle-dance-reconstructions.md``.

:func:`components` gives the components of an edition; both editions share
the fields of :class:`Components`, so the rules read one fact from one place
(room capacity, honey targets, dice per colour...).
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


class Components(BaseModel):
    """What every edition's components file holds."""

    eggs: int = Field(ge=1)
    nectar_per_colour: int = Field(ge=1)
    dice_per_colour: int = Field(ge=6)
    room_tiles: int = Field(ge=1)
    room_capacity: int = Field(ge=1)
    starting_dice: int = Field(ge=1)
    starting_rooms: int = Field(ge=1)
    honey_target: dict[str, int]
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
        return self


class Difficulty(BaseModel):
    short: int = Field(ge=1)
    long: int = Field(ge=1)


class Components2022(Components):
    guardian_markers: int
    additional_queen_cards: dict[str, int]
    solo_queen_cards: dict[Literal["easier", "standard", "harder"], Difficulty]
    solo_threat_queen_cards: dict[str, int]
    threat_queen_hexagon_cards: int
    standard_hexagon_cards_with_threats: int
    solo_threat_spaces: int

    @model_validator(mode="after")
    def _check_2022(self) -> Components2022:
        if set(self.additional_queen_cards) != {"2", "3", "4"}:
            raise ValueError("the setup table covers 2, 3 and 4 players")
        if set(self.honey_target) != {"short", "long"}:
            raise ValueError("the 2022 edition has a short and a long game")
        return self


class Components2014(Components):
    queen_types_in_game: int = Field(ge=1)
    volunteer_dice: int = Field(ge=0)
    #: number of blocker sets (of one die on each listed action) by player count
    blocker_sets: dict[str, int]
    blocker_actions: list[Literal["A", "C", "E", "G"]]
    #: an engine safeguard, not a rule: the game stops after this many rounds
    safeguard_rounds: int = Field(ge=1)

    @model_validator(mode="after")
    def _check_2014(self) -> Components2014:
        if set(self.honey_target) != {"short", "standard", "long"}:
            raise ValueError("the 2014 edition has a short, a standard and a long game")
        if set(self.blocker_sets) != {"2", "3", "4"}:
            raise ValueError("the 2014 blocker setup covers 2, 3 and 4 players")
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


Window2014 = Literal["dawn", "morning", "own_turn", "any_day", "nightfall", "own_action"]


class QueenCard2014(BaseModel):
    id: str
    name: str
    phase: Literal["day", "night"]
    copies: int = Field(ge=1)
    #: the "keep this card in play for 1 turn" icon
    keep_in_play: bool
    #: when the engine offers the card (docs/waggle-dance-2014-reactions.md)
    window: Window2014
    effect: str


class QueenCards2014(BaseModel):
    cards: list[QueenCard2014]

    @model_validator(mode="after")
    def _check(self) -> QueenCards2014:
        if len(self.cards) != 14 or len({c.id for c in self.cards}) != 14:
            raise ValueError("the first edition has 14 Queen Bee card types")
        if sum(c.copies for c in self.cards) != 41:
            raise ValueError("the first edition has 41 Queen Bee cards")
        return self


class SoloCard(BaseModel):
    id: int
    icons: list[Literal["pair", "most", "least"]]
    chart: list[int]
    blocker: int = Field(ge=0, le=5)
    actions: list[Literal["A", "C", "D", "E", "G"]]

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
        """The value the card's chart marks with the grey blocker icon: the die of the blocker the card places."""
        return self.chart[self.blocker]


class SoloCards(BaseModel):
    cards: list[SoloCard]

    @model_validator(mode="after")
    def _check(self) -> SoloCards:
        if len(self.cards) != 18 or [c.id for c in self.cards] != list(range(1, 19)):
            raise ValueError("there are 18 solo cards numbered 1-18")
        if not any("D" in c.actions for c in self.cards):
            raise ValueError("some solo cards list the flowers (D), or blockers never reach them")
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
        if any(" " in name for name in real):
            raise ValueError("threat names are single words (they name tasks)")
        return self


class GameData(BaseModel):
    components: Components2022
    queen: QueenCards
    solo: SoloCards
    threats: ThreatCards

    @property
    def queen_by_id(self) -> dict[str, QueenCard]:
        """The 2022 Queen Bee cards by id."""
        return {c.id: c for c in self.queen.cards}


class GameData2014(BaseModel):
    components: Components2014
    queen: QueenCards2014

    @property
    def queen_by_id(self) -> dict[str, QueenCard2014]:
        """The 2014 Queen Bee card types by id."""
        return {c.id: c for c in self.queen.cards}


@lru_cache(maxsize=1)
def game_data() -> GameData:
    """The 2022 edition's components and cards."""
    return GameData(
        components=load_model(Components2022, "waggle_dance", "components.json"),
        queen=load_model(QueenCards, "waggle_dance", "queen_cards.json"),
        solo=load_model(SoloCards, "waggle_dance", "solo_cards.json"),
        threats=load_model(ThreatCards, "waggle_dance", "threat_cards.json"),
    )


@lru_cache(maxsize=1)
def first_edition() -> GameData2014:
    """The 2014 first edition's components and cards."""
    return GameData2014(
        components=load_model(Components2014, "waggle_dance", "components_2014.json"),
        queen=load_model(QueenCards2014, "waggle_dance", "queen_cards_2014.json"),
    )


def components(ruleset: str) -> Components:
    """The components of an edition ("2022" or "2014")."""
    return first_edition().components if ruleset == "2014" else game_data().components


@lru_cache(maxsize=2)
def card_texts(ruleset: str) -> dict[str, tuple[str, str, str]]:
    """Queen Bee card id -> (name, phase, effect) in an edition."""
    if ruleset == "2014":
        return {c.id: (c.name, c.phase, c.effect) for c in first_edition().queen.cards}
    return {c.id: (c.name, c.phase, c.effect) for c in game_data().queen.cards}


@lru_cache(maxsize=1)
def queen_names() -> dict[str, str]:
    """Every Queen Bee card id of both editions and its name."""
    out = {c.id: c.name for c in game_data().queen.cards}
    out.update({c.id: c.name for c in first_edition().queen.cards})
    return out


@lru_cache(maxsize=1)
def threat_penalties() -> dict[str, str]:
    """Each Threat card's name and what its penalty takes (egg, die, nectar, room, or none for No Threat)."""
    return {c.name: c.penalty for c in game_data().threats.cards}


@lru_cache(maxsize=1)
def solo_cards() -> dict[int, SoloCard]:
    """The 18 Solo cards (Bumblebot's deck, and the blocker deck) by id."""
    return {c.id: c for c in game_data().solo.cards}


def colour_name(c: int, ruleset: str = "2022") -> str:
    """The name of nectar colour ``c`` (flower ``c + 1``) in an edition."""
    return components(ruleset).flowers[c].colour


def colour_label(c: int, ruleset: str = "2022") -> str:
    """The two-letter tag of nectar colour ``c`` in an edition."""
    return components(ruleset).flowers[c].label
