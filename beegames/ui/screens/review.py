"""The review of a finished game: the moves of one player after which the
computer's outlook for them fell most (``coach.review``), in a dialog that
wraps and scrolls at 80×24.

Each move listed is an entry of the one decision list (:class:`ChoiceList`):
its number or Enter goes to the position before that move (in a replay, the
replay jumps there; after a game, a replay of it opens there). The dialog is
dismissed with the move's index in the game's history (``ReviewItem.ply``),
or None.
"""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Static

from ...core.coach import Review
from ...core.words import plural
from ..widgets.choices import Choice, ChoiceList
from ..widgets.footer import Dialog


def review_summary(review: Review, name: str) -> Text:
    """What the review looked at, in a sentence or two (``name`` is the player's, kept as data)."""
    text = Text()
    text.append("The computer judged ")
    text.append(f"{review.judged} of {plural(review.moves, 'decision')}" if review.moves else "no decision")
    text.append(" of ")
    text.append(name, style="bold")
    text.append(f" in {review.seconds:.1f} s")
    if not review.complete:
        text.append(" (the time ran out before the rest)")
    text.append(". ")
    if review:
        text.append("The moves after which the outlook fell most:" if len(review) > 1 else
                    "The one move after which the outlook fell:")
    else:
        text.append("No move it judged lost anything by its reckoning.")
    return text


class ReviewScreen(Dialog[int | None]):
    """The review's moves; choosing one dismisses with its ``ply``."""

    BINDINGS = [Binding("escape", "dismiss(None)", "Close", id="review.close")]
    DEFAULT_CSS = """
    ReviewScreen #review { height: 95%; max-height: 32; }
    ReviewScreen #review-summary { margin: 0 0 1 0; }
    ReviewScreen #review-moves { height: 1fr; }
    ReviewScreen #review-moves.-empty { height: 0; }
    """

    def __init__(self, review: Review, name: str, *, in_replay: bool) -> None:
        super().__init__()
        self.review = review
        self.name_ = name
        self.in_replay = in_replay

    def body(self) -> ComposeResult:
        with Vertical(id="review", classes="dialog wide"):
            yield Static(Text.assemble("Review: ", (self.name_, "bold")), classes="title")
            yield Static(review_summary(self.review, self.name_), id="review-summary")
            moves = ChoiceList(id="review-moves", digits=True)
            yield moves
            where = "go" if self.in_replay else "replay the game from"
            numbers = "1" if len(self.review) == 1 else f"1-{len(self.review)}"
            keys = f"{numbers} or Enter: {where} just before that move · " if self.review else ""
            yield Static(f"{keys}Esc closes this", classes="hint")

    def on_mount(self) -> None:
        moves = self.query_one("#review-moves", ChoiceList)
        moves.set_choices([Choice(label=Text(item.text()), value=item.ply) for item in self.review])
        moves.set_class(not self.review, "-empty")
        moves.focus()

    def item_count(self) -> int:
        return len(self.review)

    @on(ChoiceList.Selected, "#review-moves")
    def _chosen(self, event: ChoiceList.Selected) -> None:
        event.stop()
        self.dismiss(int(event.choice.value))
