"""`beegames new|simulate waggle-dance --ruleset 2014` from the command line."""

import json

from beegames import cli


def test_new_first_edition_game_starts_the_app(monkeypatch, tmp_path):
    started = {}

    def fake_run_app(args, match, save_path=None):
        started["match"] = match
        return 0

    monkeypatch.setattr(cli, "run_app", fake_run_app)
    code = cli.main(["--saves-dir", str(tmp_path), "new", "waggle-dance", "--ruleset", "2014", "--players", "3",
                     "--length", "standard", "--seed", "4"])
    assert code == 0
    match = started["match"]
    assert match.state.first_edition and match.state.target == 7 and len(match.state.players) == 3
    assert match.decision is not None


def test_new_first_edition_refuses_one_player(monkeypatch, tmp_path, capsys):
    monkeypatch.setattr(cli, "run_app", lambda args, match, save_path=None: 0)
    code = cli.main(["--saves-dir", str(tmp_path), "new", "waggle-dance", "--ruleset", "2014", "--players", "1"])
    assert code == 2
    assert "2 to 4 players" in capsys.readouterr().err


def test_simulate_first_edition_with_the_honey_target(capsys):
    code = cli.main(["simulate", "waggle-dance", "--ruleset", "2014", "--players", "2", "--length", "9",
                     "--games", "1", "--seed", "1", "--level", "good", "--json"])
    assert code == 0
    report = json.loads(capsys.readouterr().out)
    assert report["errors"] == 0 and report["completed"] == 1
    assert "9 honey" in report["results"][0]["summary"] or "10 honey" in report["results"][0]["summary"]
