"""The solo modes from the command line and in headless play: the options
model makes the flags, `simulate` plays every mode with its checks on, and
random games of every mode keep the invariants and replay exactly."""

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from beegames import cli
from beegames.core import saves
from beegames.core.match import Match
from beegames.core.protocol import SeatInfo
from beegames.core.simulate import play_game
from beegames.games import get_engine
from beegames.games.bee_lives.options import CAMPAIGNS, CHALLENGES, SCENARIOS, BeeLivesOptions

from .bl_helpers import E


def test_the_options_model_describes_every_field_and_lists_the_choices(capsys):
    fields = BeeLivesOptions.model_fields
    assert list(fields)[:5] == ["mode", "challenge", "scenario", "campaign", "years"]
    assert all(f.description for f in fields.values())
    parser = cli.build_parser()
    args = parser.parse_args(["new", "bee-lives", "--players", "1", "--mode", "campaign", "--campaign", "zombees",
                              "--years", "3", "--challenge", "under-siege"])
    options = cli.options_from_args(E, args)
    assert options == BeeLivesOptions(mode="campaign", campaign="zombees", years="3", challenge="under-siege")
    match = Match.new(E, options=options, seats=[SeatInfo(name="Ann")], seed=1)
    assert match.state.years == 3 and match.state.solo.campaign == "zombees"
    with pytest.raises(SystemExit):
        cli.main(["new", "bee-lives", "--help"])
    help_text = capsys.readouterr().out
    for word in ("--mode", "--challenge", "--scenario", "--campaign", "great-migration", "haunted-hives",
                 "three-generations"):
        assert word in help_text


def test_beegames_new_starts_every_mode(monkeypatch):
    opened = []
    monkeypatch.setattr(cli, "run_app", lambda args, *, match=None, save_path=None: opened.append(match) or 0)
    runs = [["--mode", "challenge"], ["--mode", "challenge", "--challenge", "nursery"],
            ["--mode", "scenario", "--scenario", "random"], ["--mode", "scenario", "--scenario", "surrounded"],
            ["--mode", "campaign"], ["--mode", "campaign", "--campaign", "wildfire", "--challenge", "random"]]
    for extra in runs:
        assert cli.main(["new", "bee-lives", "--players", "1", "--seed", "4", *extra]) == 0
    assert [m.state.solo.mode for m in opened] == ["challenge"] * 2 + ["scenario"] * 2 + ["campaign"] * 2
    assert opened[1].state.solo.challenge == "nursery" and opened[3].state.solo.scenario == "surrounded"
    assert opened[5].state.solo.challenge is not None and opened[5].state.years == 2


def test_simulate_runs_a_mode_with_every_check(capsys):
    assert cli.main(["simulate", "bee-lives", "--players", "1", "--mode", "scenario", "--scenario",
                     "haunted-hives", "--games", "2", "--seed", "3", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["errors"] == 0 and report["completed"] == 2


def test_every_card_plays_to_the_end_with_its_checks():
    """One game of each challenge, scenario and campaign, every step checked
    (the full runs are `beegames simulate` and the benchmark)."""
    seats = [SeatInfo(name="Ann", kind="computer", level="good")]
    configs = [{"mode": "challenge", "challenge": c} for c in CHALLENGES]
    configs += [{"mode": "scenario", "scenario": c} for c in SCENARIOS]
    configs += [{"mode": "campaign", "campaign": c} for c in CAMPAIGNS]
    for k, opts in enumerate(configs):
        match, stopped = play_game(E, BeeLivesOptions.model_validate(opts), seats, seed=100 + k)
        assert match.over and not stopped and match.result is not None


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 2**31), mode=st.sampled_from(["challenge", "scenario", "campaign"]),
       challenge=st.sampled_from(("none",) + CHALLENGES), scenario=st.sampled_from(SCENARIOS),
       campaign=st.sampled_from(CAMPAIGNS), years=st.sampled_from(["1", "2", "3"]),
       level=st.sampled_from(["random", "good"]), ties=st.sampled_from(["first-player", "automatic"]))
def test_random_solo_games_keep_every_invariant_and_replay(seed, mode, challenge, scenario, campaign, years, level,
                                                          ties, tmp_path):
    try:
        opts = BeeLivesOptions(mode=mode, challenge=challenge, scenario=scenario, campaign=campaign, years=years,
                               wild_ties=ties)
    except ValueError:
        return  # a combination the options refuse
    seats = [SeatInfo(name="Ann", kind="computer", level=level)]
    match, _ = play_game(E, opts, seats, seed=seed, max_decisions=400)
    path = tmp_path / "solo.json"
    saves.write_save(match, path)
    back = saves.load_save(path, get_engine)
    assert back.settled_state() == match.settled_state()
