"""An unexpected error stops the app with a non-zero status and one short
line; the whole traceback goes to a log file (issue 8)."""

import subprocess
import sys
import textwrap

import pytest

from beegames.ui.app import make_app
from beegames.ui.screens.menu import MainMenuScreen

from .helpers import settle


async def test_an_error_in_the_app_is_logged_and_exits_non_zero(tmp_path, monkeypatch):
    monkeypatch.setenv("BEEGAMES_LOG_DIR", str(tmp_path / "log"))

    def broken(self):
        raise ZeroDivisionError("a bug in the rules screen")

    monkeypatch.setattr(MainMenuScreen, "action_rules", broken)
    app = make_app(saves_dir=tmp_path / "saves")
    with pytest.raises(ZeroDivisionError):
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            await pilot.press("r")
            await settle(pilot)
    assert app.return_code == 1
    log = tmp_path / "log" / "crash.log"
    assert app.crash_report == log
    assert "Traceback" in log.read_text() and "a bug in the rules screen" in log.read_text()
    assert str(log) in app.crash_message and "\n" not in app.crash_message


def test_the_command_line_prints_one_line_and_exits_1(tmp_path):
    script = textwrap.dedent("""
        import sys
        from beegames.ui.app import BeegamesApp
        from beegames.ui.screens.menu import MainMenuScreen

        def broken(self):
            raise RuntimeError("boom " * 100)

        MainMenuScreen.on_mount = broken
        run = BeegamesApp.run
        BeegamesApp.run = lambda self, **kw: run(self, headless=True, size=(80, 24))
        from beegames.cli import main
        sys.exit(main([]))
    """)
    env = {"BEEGAMES_LOG_DIR": str(tmp_path / "log"), "BEEGAMES_SAVES": str(tmp_path / "saves"),
           "PATH": "/usr/bin:/bin", "COLUMNS": "400"}
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env=env, timeout=120)
    assert out.returncode == 1
    err = " ".join(out.stderr.split())
    assert err.startswith("beegames stopped because of an unexpected error (RuntimeError: boom")
    assert str(tmp_path / "log" / "crash.log") in err and len(err) < 400
    assert "Traceback" not in out.stderr
    log = (tmp_path / "log" / "crash.log").read_text()
    assert "Traceback" in log and "RuntimeError" in log


def test_an_error_outside_the_app_is_logged_too(tmp_path, monkeypatch, capsys):
    import beegames.cli as cli

    monkeypatch.setenv("BEEGAMES_LOG_DIR", str(tmp_path / "log"))

    def broken(args):
        raise KeyError("saves")

    monkeypatch.setattr(cli, "cmd_saves", broken)
    assert cli.main(["saves"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("beegames stopped because of an unexpected error (KeyError: 'saves')")
    assert "Traceback" in (tmp_path / "log" / "crash.log").read_text()
