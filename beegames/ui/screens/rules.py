"""The rules summaries, one per game, in our own words."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Header, Markdown, OptionList

from ...games import TITLES, known_games
from ..rules_text import rules_for, rules_summary
from ..widgets.footer import Footer

if TYPE_CHECKING:
    from ..app import BeegamesApp


class RulesScreen(Screen[None]):
    """Rules summaries in our own words, one per game. Opened over a game, it starts on that
    game, with the rules of the edition being played first (the app says which game is open)."""

    BINDINGS = [Binding("escape", "app.pop_screen", "Back", id="rules.back")]
    #: the keys of the two panes, for the keys screen (F1)
    EXTRA_HELP = [
        ("↑/↓", "In the list of games: choose the game whose rules are shown"),
        ("Tab", "Into the rules: ↑/↓, PgUp/PgDn, Home/End scroll them (Shift+Tab: back to the list)"),
    ]

    app: BeegamesApp

    def __init__(self, game: str | None = None) -> None:
        super().__init__()
        self.asked = game
        self.game_id = game or "hive"
        #: the options of the game being played, when this screen is opened over one
        self.options: dict[str, object] = {}

    def summary(self, game: str) -> str:
        return rules_for(game, self.options) if game == self.game_id and self.options else rules_summary(game)

    def compose(self) -> ComposeResult:
        if self.asked is None:
            playing = self.app.match_on_screen()
            if playing is not None:
                self.game_id, self.options = playing.header.game, dict(playing.header.options)
        yield Header()
        with Horizontal(id="rules"):
            yield OptionList(*[TITLES[g] for g in known_games()], id="rules-games")
            with VerticalScroll(id="rules-text-box"):
                yield Markdown(self.summary(self.game_id), id="rules-text")
        yield Footer()

    def on_mount(self) -> None:
        games = known_games()
        ol = self.query_one(OptionList)
        ol.highlighted = games.index(self.game_id) if self.game_id in games else 0
        ol.focus()

    @on(OptionList.OptionHighlighted)
    def _show(self, event: OptionList.OptionHighlighted) -> None:
        game = known_games()[event.option_index]
        self.query_one("#rules-text", Markdown).update(self.summary(game))
