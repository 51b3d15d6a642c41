"""UHP engine sessions fed through StringIO."""

from __future__ import annotations

import io

from beegames.games.hive.uhp import main


def run(*commands: str) -> list[list[str]]:
    out = io.StringIO()
    assert main(io.StringIO("\n".join(commands) + "\n"), out) == 0
    blocks, cur = [], []
    for line in out.getvalue().splitlines():
        if line == "ok":
            blocks.append(cur)
            cur = []
        else:
            cur.append(line)
    assert cur == [], "every response ends with ok"
    return blocks


def test_startup_banner_and_info():
    blocks = run("info")
    assert blocks[0][0].startswith("id beegames-hive ")
    assert blocks[0][1] == "Mosquito;Ladybug;Pillbug;Dragonfly"
    assert blocks[1] == blocks[0]


def test_game_session():
    blocks = run(
        "newgame Base+MLP",
        "play wS1",
        "play bP -wS1",
        "play wQ wS1/",
        "validmoves",
        "undo 2",
        "pass",
        "play wQ -bP",
        "play bZ9",
    )
    assert blocks[1] == ["Base+MLP;NotStarted;White[1]"]
    assert blocks[2] == ["Base+MLP;InProgress;Black[1];wS1"]
    assert blocks[4] == ["Base+MLP;InProgress;Black[2];wS1;bP -wS1;wQ wS1/"]
    moves = blocks[5][0].split(";")
    assert "bQ -bP" in moves and all(m[0] == "b" for m in moves)
    assert blocks[6] == ["Base+MLP;InProgress;Black[1];wS1"]
    assert blocks[7][0].startswith("invalidmove")
    assert blocks[8][0].startswith("invalidmove")
    assert blocks[9][0].startswith("invalidmove")


def test_newgame_from_game_string_and_errors():
    blocks = run(
        "newgame Base;InProgress;White[2];wS1;bS1 wS1-",
        "play wQ -wS1",
        "newgame Base;InProgress;White[2];wS1;bQ wS1-",
        "newgame Chess",
        "frobnicate",
        "undo 9",
    )
    assert blocks[1] == ["Base;InProgress;White[2];wS1;bS1 wS1-"]
    assert blocks[2] == ["Base;InProgress;Black[2];wS1;bS1 wS1-;wQ -wS1"]
    assert blocks[3][0].startswith("err")
    assert blocks[4][0].startswith("err")
    assert blocks[5][0].startswith("err")
    assert blocks[6][0].startswith("err")


def test_perft_command_format():
    blocks = run("newgame Base", "perft 3")
    lines = blocks[2]
    assert [ln.split()[:2] for ln in lines] == [["0:", "1"], ["1:", "4"], ["2:", "96"], ["3:", "1440"]]


def test_perft_output_parses_with_uhp_utils_regex():
    import re

    pattern = re.compile(r"^\s*(\d+)\s*:?\s+([\d,]+)(?:\s+.*)?$")
    blocks = run("newgame Base+MLP", "perft 2")
    parsed = {int(m.group(1)): int(m.group(2)) for m in map(pattern.match, blocks[2])}
    assert parsed == {0: 1, 1: 7, 2: 294}


def test_options_and_bestmove():
    blocks = run(
        "options",
        "options set MaxBranchingFactor 50",
        "options get maxbranchingfactor",
        "options set MaxBranchingFactor 0",
        "newgame Base",
        "bestmove depth 1",
        "bestmove time 00:00:00.2",
        "bestmove sideways",
    )
    assert any(ln.startswith("MaxBranchingFactor;int;500;500;1;500") for ln in blocks[1])
    assert blocks[3] == ["MaxBranchingFactor;int;50;500;1;500"]
    assert blocks[4][0].startswith("err")
    assert blocks[6][0].startswith("w") and not blocks[6][0].startswith("wQ")
    assert blocks[7][0].startswith("w")
    assert blocks[8][0].startswith("err")


def test_commands_before_newgame_report_errors():
    blocks = run("validmoves", "play wS1", "bestmove depth 1")
    assert all(b[0].startswith("err") for b in blocks[1:])
