"""Options of a new Bee Lives game. Each field becomes a command-line flag
and a field of the new-game form (a ``Literal`` field is a list of choices).

One player is the solo game against the wild hives. ``mode`` picks the solo
mode: the basic game, a challenge card, a scenario or a campaign; a
challenge card may also be added to a scenario or a campaign.

A field's ``applies`` (in ``json_schema_extra``) says when it has a meaning:
the player counts and the values of other fields it needs. The new-game form
hides a field that does not apply and leaves it at its default.
"""

from __future__ import annotations

from typing import Literal, get_args

from pydantic import BaseModel, ConfigDict, Field, model_validator

Mode = Literal["basic", "challenge", "scenario", "campaign"]
ChallengeChoice = Literal[
    "none", "random", "builder", "dirty-bees", "explorer", "great-migration", "indecisive", "mother-hive",
    "nursery", "pacifist", "protectionist", "strong-leader", "under-siege",
]
ScenarioChoice = Literal["random", "haunted-hives", "new-bee-on-the-block", "surrounded", "there-can-bee-only-one"]
CampaignChoice = Literal["random", "three-generations", "wildfire", "zombees"]

#: the ids behind each choice list (without "none" and "random")
CHALLENGES: tuple[str, ...] = tuple(c for c in get_args(ChallengeChoice) if c not in ("none", "random"))
SCENARIOS: tuple[str, ...] = tuple(c for c in get_args(ScenarioChoice) if c != "random")
CAMPAIGNS: tuple[str, ...] = tuple(c for c in get_args(CampaignChoice) if c != "random")


class BeeLivesOptions(BaseModel):
    """How a game of Bee Lives is set up.

    One player is the solo game against the wild hives; the rating table, the
    ``harder`` rule and the challenge, scenario and campaign modes belong to it.
    """

    model_config = ConfigDict(frozen=True)

    mode: Mode = Field(
        "basic", title="Solo mode",
        description="basic: the normal game; challenge: a challenge card's goal; scenario: a scenario's map and "
                    "rules; campaign: a campaign of two or three years. All but basic are for one player.",
        json_schema_extra={"applies": {"players": [1]}})
    challenge: ChallengeChoice = Field(
        "none", title="Challenge card",
        description="The challenge card to meet (random: drawn at random). In challenge mode 'none' also draws one "
                    "at random; in a scenario or a campaign a card makes it harder.",
        json_schema_extra={"applies": {"players": [1], "mode": ["challenge", "scenario", "campaign"]}})
    scenario: ScenarioChoice = Field(
        "random", title="Scenario",
        description="Scenario mode: the scenario card (random: one at random).",
        json_schema_extra={"applies": {"players": [1], "mode": ["scenario"]}})
    campaign: CampaignChoice = Field(
        "random", title="Campaign",
        description="Campaign mode: the campaign card (random: one at random). A campaign sets the length: "
                    "Three Generations 3 years, Wildfire 2, Zombees 2 (or 3 when 3 years are chosen).",
        json_schema_extra={"applies": {"players": [1], "mode": ["campaign"]}})
    years: Literal["1", "2", "3"] = Field(
        "1", title="Years",
        description="Length: 1 year (standard), 2 years (long) or 3 years (epic).")
    harder: bool = Field(
        False, description="Solo, harder: after each summer or fall month in which no wild hive was spawned, "
                           "a strength-3 wild hive appears near your hive.",
        json_schema_extra={"applies": {"players": [1]}})
    first_player: Literal["random", "1", "2", "3", "4"] = Field(
        "random", title="First player",
        description="Who starts with the first player marker: a random seat, or seat 1 to 4.",
        json_schema_extra={"applies": {"players": [2, 3, 4]}})
    wild_ties: Literal["first-player", "automatic"] = Field(
        "first-player", title="Wild hive ties",
        description="Who breaks ties when a wild hive has two equally close tiles or hives: "
                    "the first player, or automatically (the tile placed earliest).")

    @model_validator(mode="after")
    def _combinations(self) -> BeeLivesOptions:
        if self.mode == "scenario" and self.challenge == "protectionist" and \
                self.scenario in ("new-bee-on-the-block", "there-can-bee-only-one"):
            raise ValueError("Protectionist cannot be met in a scenario that starts with wild hives of "
                             "strength 10 or more")
        if self.mode == "campaign" and self.campaign == "three-generations" and self.challenge == "strong-leader":
            raise ValueError("Strong Leader cannot be met in Three Generations (the queen dies after year 1)")
        if self.mode == "basic" and self.challenge != "none":
            raise ValueError("a challenge card needs the challenge, scenario or campaign mode")
        return self

    @property
    def year_count(self) -> int:
        """Years the game lasts (a chosen campaign sets its own length)."""
        if self.mode == "campaign":
            if self.campaign == "three-generations":
                return 3
            if self.campaign == "wildfire":
                return 2
            if self.campaign == "zombees":
                return 3 if self.years == "3" else 2
        return int(self.years)
