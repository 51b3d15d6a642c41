"""Hostile saves for every game: forged checkpoints and tampered older-rules saves (issue 20, points 1-2).

Each game (and edition) plays a few seeded random moves, and its save is then
edited the way a player with a text editor would:

* a *forged checkpoint*: the save claims to have been taken up under older
  rules at its last move, and the position it holds there (also its saved
  state) is impossible: a negative resource, a reference to a tile, space or
  task that is not there, a value that is not even of the right type, or a
  checkpoint that claims the current rules; or it is possible, only better
  for a player (then the game goes on from it, saying it was not replayed);
* a *tampered older-rules save*: the rules version is lowered by one, so that
  loading falls back to the saved position when the history does not replay,
  and then the score is raised, an illegal move is appended, or the position
  is broken.

:func:`variants` lists them all with what loading must do: refuse the file
with a reason holding some words, or open it and say that it was not fully
replayed.
"""

from __future__ import annotations

import copy
import json
from functools import cache
from typing import Any, NamedTuple

from beegames.core import saves
from beegames.core.match import Match
from beegames.core.protocol import SeatInfo
from beegames.games import get_engine

#: game (and edition) -> (game id, options)
GAMES: dict[str, tuple[str, dict[str, Any]]] = {
    "hive": ("hive", {}),
    "wd2022": ("waggle-dance", {}),
    "wd2014": ("waggle-dance", {"ruleset": "2014"}),
    "bee-lives": ("bee-lives", {}),
    "hb": ("honey-buzz", {}),
    "hb-advanced": ("honey-buzz", {"advanced": True}),
}

Doc = dict[str, Any]


class Variant(NamedTuple):
    """One hostile file: its name, its JSON text, and what loading must do:
    refuse it with a reason holding ``words`` (``refused``), or open it and
    say it was not fully replayed."""

    name: str
    text: str
    refused: bool
    words: str


@cache
def document(key: str) -> str:
    """The JSON text of a save of ``key`` after a few seeded random decisions."""
    game_id, options = GAMES[key]
    engine = get_engine(game_id)
    level = engine.levels[0] if game_id == "hive" else "basic"
    # a game of two people (some rules ask differently when several people share the keyboard),
    # whose decisions the computer player makes
    match = Match.new(engine, options=options, seats=[SeatInfo(name=name) for name in ("Ana", "Ben")], seed=3)
    players = [engine.make_player(level, seat) for seat in range(2)]
    made = 0
    while made < 24 and not match.over:
        decision = match.decision
        if decision is None:
            match.step()
            continue
        match.play(players[decision.seat].choose(engine, engine.view(match.state, decision.seat)))
        made += 1
    assert match.result is None, f"{key}: the game should still be going"
    return saves.document_text(match)


# -- edits of a position --------------------------------------------------------------


def _negative(key: str, state: Doc) -> str:
    """An impossible amount; returns words of the reason."""
    if key == "hive":
        state["cells"][0]["stack"].append(state["cells"][1]["stack"][-1])
        return "on the board twice"
    if key.startswith("wd"):
        state["players"][0]["dice"] = -5
        return "negative dice"
    if key == "bee-lives":
        state["players"][0]["comb"] = -3  # the crash of the report: colony.py, KeyError -3
        return "comb"
    state["players"][0]["coins"] = -1000
    return "negative coins"


def _dangling(key: str, state: Doc) -> str:
    """A reference to something that is not there; returns words of the reason."""
    if key == "hive":
        state["last_moved"] = "wQ" if "wQ" not in json.dumps(state["cells"]) else "bM"
        return "not"
    if key.startswith("wd"):
        state["queue"].append("no_such_task 1")
        return "unknown task"
    if key == "bee-lives":
        state["players"][0]["hive"] = -3
        return "off the map"
    state["players"][0]["forage"] = [99, 0]
    return "off the field"


def _score(key: str, state: Doc) -> None:
    """A better score (still a position every check accepts)."""
    if key == "hive":
        return
    if key.startswith("wd"):
        room = next(r for r in state["players"][0]["rooms"] if not (r["egg"] or r["honey"] or r["dice"]))
        for colour in room["nectar"]:  # its nectar goes back, and it is honey
            state["supply_nectar"][colour] += 1
        room["nectar"], room["honey"] = [], True
    elif key == "bee-lives":
        state["players"][0]["vp"] += 5
    else:
        state["players"][0]["coins"] += 5


def _illegal(key: str) -> Any:
    """A move no position allows."""
    return "wQ bQ-" if key == "hive" else {"kind": "no-such-move"}


# -- the files ----------------------------------------------------------------------------


def _forged_checkpoint(doc: Doc) -> Doc:
    """The save as if taken up under older rules at its last move: its saved
    state is also its checkpoint's position (one object: edit one, edit both)."""
    doc = copy.deepcopy(doc)
    doc["checkpoint"] = {"moves": len(doc["history"]), "rules_version": doc["rules_version"] - 1,
                         "state": doc["state"], "note": ""}
    return doc


def _older(doc: Doc) -> Doc:
    """The save as if written under the rules before the current ones."""
    doc = copy.deepcopy(doc)
    doc["rules_version"] -= 1
    return doc


def variants(key: str) -> list[Variant]:
    """Every hostile file of ``key``."""
    doc = json.loads(document(key))
    out: list[Variant] = []

    def add(kind: str, edited: Doc, refused: bool, words: str) -> None:
        out.append(Variant(f"{key}-{kind}.json", json.dumps(edited), refused, words))

    negative = _forged_checkpoint(doc)
    add("checkpoint-negative", negative, True, _negative(key, negative["state"]))
    dangling = _forged_checkpoint(doc)
    add("checkpoint-dangling", dangling, True, _dangling(key, dangling["state"]))
    invalid = _forged_checkpoint(doc)
    invalid["checkpoint"]["state"] = dict(invalid["state"], **{"players" if key != "hive" else "cells": "lots"})
    add("checkpoint-invalid", invalid, True, "its checkpoint is not a valid")
    if key != "hive":  # a position every check accepts: the game goes on from it, saying so
        scored = _forged_checkpoint(doc)
        _score(key, scored["state"])
        add("checkpoint-score", scored, False, "Not fully replayed")
    current = _forged_checkpoint(doc)
    current["checkpoint"]["rules_version"] = current["rules_version"]
    add("checkpoint-current-rules", current, True, "not older")
    # the saves below have the older rules' way in: the saved position, taken as saved
    scored = _older(doc)
    if key == "hive":  # a Hive position must be the one its own move list reaches
        scored["state"]["moves"][-1] = scored["state"]["moves"][-3]
        add("older-score", scored, True, "move")
    else:
        _score(key, scored["state"])
        add("older-score", scored, False, "its moves were not replayed")
    illegal = _older(doc)
    illegal["history"].append({"seat": 0, "move": _illegal(key), "text": "Ana cheats."})
    illegal["moves"] += 1
    add("older-illegal-move", illegal, False, "its moves were not replayed")
    broken = _older(doc)
    add("older-broken", broken, True, _negative(key, broken["state"]))
    return out


def all_variants() -> list[Variant]:
    return [v for key in GAMES for v in variants(key)]
