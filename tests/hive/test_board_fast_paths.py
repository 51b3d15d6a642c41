"""The board's caches and shortcuts agree with the plain computations.

Along random games (every expansion mix): the incremental hashes match a
recomputation, the cached articulation points match a brute-force
connectivity check, and the targeted move finders used by the searcher
(``moves_to``, ``reaches``, ``moves_from``, ``is_legal_quick``) agree with
the full move list.
"""

from __future__ import annotations

import random

from beegames.core.hexgrid import connected
from beegames.games.hive import board as board_module
from beegames.games.hive.board import DIRS, IN_PROGRESS, Board, qr_of

GAMES = [(seed, exp) for seed, exp in enumerate(["", "MLP", "MLPD", "PD", "ML", "D"])]


def _games(plies: int = 70):
    for seed, exp in GAMES:
        rng = random.Random(700 + seed)
        b = Board(exp)
        for _ in range(plies):
            if b.status != IN_PROGRESS:
                break
            yield b, rng
            b.play(*rng.choice(b.legal_moves()))


def test_hashes_are_kept_up_to_date():
    for b, rng in _games():
        fresh = b.copy()
        fresh.rehash()
        assert (fresh.hash, fresh.occ, fresh.qn) == (b.hash, b.occ, b.qn)
        # a move and its undo give the same hashes back
        m = rng.choice(b.legal_moves())
        before = (b.hash, b.occ, b.status, b.qn)
        b.play(*m)
        b.undo()
        assert (b.hash, b.occ, b.status, b.qn) == before


def test_game_end_is_seen_as_the_full_test_would():
    for b, rng in _games():
        for m in rng.sample(b.legal_moves(), min(6, len(b.legal_moves()))):
            b.play(*m)
            assert b.status == b._compute_status()
            b.undo()


def test_cached_articulation_points_match_brute_force():
    board_module.SHAPE_CACHE.clear()
    for b, _rng in _games():
        cells = {qr_of(c) for c in b.stacks}
        cuts = b.cut_cells()
        for c in b.stacks:
            rest = cells - {qr_of(c)}
            assert (c in cuts) == (len(cells) > 1 and not connected(rest)), (b.expansions, b.ply, qr_of(c))
        # a second look comes from the cache and is the same
        assert b.cut_cells() is cuts
        _cuts, masks = b.shape()
        for c, m in masks.items():
            assert m == sum(1 << i for i, d in enumerate(DIRS) if c + d in b.stacks)


def test_articulation_points_of_hives_with_and_without_enclosed_cells():
    """Random connected shapes, grown cell by cell, many of them enclosing
    empty cells (where the shortcut by the Euler characteristic does not
    apply): the cut cells match a brute-force connectivity check."""
    rng = random.Random(23)
    enclosed = 0
    for _ in range(600):
        cells = {0}
        c = 0
        for _ in range(rng.randrange(2, 40)):
            # mostly a walk from the newest cell, which often closes rings
            if rng.random() < 0.3:
                c = rng.choice(sorted(cells))
            c += rng.choice(DIRS)
            cells.add(c)
        stacks = {c: [0] for c in cells}
        cuts, masks = board_module._shape(stacks)
        qr = {qr_of(c) for c in cells}
        for c in cells:
            assert (c in cuts) == (len(cells) > 1 and not connected(qr - {qr_of(c)})), sorted(qr)
        edges = sum(bin(m).count("1") for m in masks.values()) // 2
        triangles = sum(board_module.TRIANGLES[m] for m in masks.values()) // 3
        enclosed += len(cells) - edges + triangles != 1
    assert enclosed > 20  # the slow path was tested too


def test_targeted_move_finders_agree_with_the_move_list():
    for b, rng in _games(50):
        if not b.stacks:
            continue
        legal = set(b.legal_moves())
        me = b.ply & 1
        empties = {c + d for c in b.stacks for d in DIRS if c + d not in b.stacks}
        for t in rng.sample(sorted(empties), min(5, len(empties))):
            moves = {m for m in legal if m[1] == t and m[0] >= 0 and b.pos[m[0]] is not None}
            assert set(b.moves_to(t)) == moves
            first = b.moves_to(t, first=True)
            assert len(first) == min(1, len(moves)) and set(first) <= moves
            loose = b.moves_to(t, first=True, exact=False)
            assert bool(loose) or not moves
        cuts = b.cut_cells()
        for pid in range(me * 16, me * 16 + 15):
            cell = b.pos[pid]
            if cell is None or b.stacks[cell][-1] != pid:
                continue
            dests: set[int] = set()
            b.piece_moves(pid, cuts, dests)
            for t in rng.sample(sorted(empties), min(4, len(empties))):
                assert b.reaches(pid, t, cuts) == (t in dests)
        if b.stacks:
            around = set(rng.sample(sorted(b.stacks), min(3, len(b.stacks))))
            want = {m for m in legal if m[0] >= 0 and b.pos[m[0]] in around}
            assert set(b.moves_from(around)) == want
        for m in rng.sample(sorted(legal), min(8, len(legal))):
            quick = b.is_legal_quick(*m)
            assert not quick or m in legal
            own_move = m[0] >= 0 and (m[0] >> 4) == me and b.ply >= 2
            if own_move and b.pos[m[0]] is None:
                assert quick  # placements are always recognised
        for pid in range(32):
            if b.in_game[pid]:
                t = rng.choice(sorted(empties | set(b.stacks)))
                assert not b.is_legal_quick(pid, t) or (pid, t) in legal
