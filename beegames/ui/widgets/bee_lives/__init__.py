"""The Bee Lives widgets: the map of flower tiles and the boards beside it."""
