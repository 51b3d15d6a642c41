"""The widgets of the Waggle Dance screen.

Each draws one piece of :mod:`beegames.games.waggle_dance.view` data as text, into a
:class:`~.panel.Canvas` shown by a :class:`~.panel.TextPanel` that repaints only what changed:

- :mod:`.panel`: the canvas and the panel (clicks on a place post its id);
- :mod:`.look`: the colours and marks of dice and nectar (colour is never the only cue);
- :mod:`.table`: the action cards, the flowers, the threats, the legend of the action letters;
- :mod:`.hives`: the honeycombs, Bumblebot's area, the players and the keyboard seat's hand;
- :mod:`.turn`: the steps of a day turn and their decision-list entries;
- :mod:`.log`: the log box.
"""
