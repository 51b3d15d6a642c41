"""The first screen loads no game, no engine and no pydantic model (issue 9,
item 14); the speed itself is measured by benchmarks/first_screen.py."""

import subprocess
import sys
import textwrap


def test_the_main_menu_is_drawn_before_any_game_or_model_is_loaded(tmp_path):
    script = textwrap.dedent("""
        import sys
        from textual import events
        from textual.app import App
        _run, _post = App.run, App.post_message

        def run(self, *args, **kwargs):
            return _run(self, headless=True, size=(80, 24))

        def post_message(self, message):
            if isinstance(message, events.Ready):
                loaded = sorted(m for m in sys.modules
                                if m.startswith(("beegames.games.", "pydantic", "beegames.core.match", "markdown_it")))
                print(type(self.screen).__name__, loaded, flush=True)
                self.call_later(self.exit)
            return _post(self, message)

        App.run, App.post_message = run, post_message
        from beegames.cli import main
        sys.exit(main([]))
    """)
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120,
                         env={"BEEGAMES_SAVES": str(tmp_path), "PATH": "/usr/bin:/bin"})
    assert out.returncode == 0, out.stderr
    assert out.stdout.splitlines()[0] == "MainMenuScreen []"


def test_a_replay_of_a_game_saved_under_older_rules_starts_where_they_end():
    from pathlib import Path

    from beegames.core import saves
    from beegames.games import get_engine
    from beegames.ui.screens.replay import Replay

    match = saves.load_save(Path(__file__).parents[1] / "kernel" / "data" / "waggle-dance-rules0.json", get_engine)
    assert match.checkpoint is not None
    replay = Replay(match)
    assert replay.start == len(match.history) and replay.last == 0
    assert "where the older rules end" in replay.caption().plain
    assert replay.match.state == match.state
