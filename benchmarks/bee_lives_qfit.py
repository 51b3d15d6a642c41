"""Bee Lives: the eleventh round of issue 22 point 5 — the search's values learned for the plain planner.

Every round since the third ends on one limit: ``good``'s decision search can only value a
choice as the plain planner (the player of its play-outs) follows it up, so a median of 38
needs a better plain planner. The sixth round taught it two exact turns the search kept
choosing; this round learns from the search's *values* instead of its choices, over features
shared by many states, so what it learns reaches turns no table names.

1. ``record START COUNT FILE``: ``good`` plays solo games; at each searched turn (March to
   November) every option's features and its mean play-out score are written, one JSON line a
   decision. The search itself is the shipped one, so the games are the shipped player's.
2. ``fit FILE... --model M.json``: a ridge regression of each option's score less the plan's
   own choice's score on the difference of their features (the state's own terms cancel);
   ``fitgbm FILE... --model M.pkl``: gradient-boosted trees (scikit-learn, installed for the
   experiment only) on the difference and both options' features; each prints a five-fold check
   (how much score the picks it would make out of sample gain). ``export OUT --model M.pkl``
   writes the trees as flat arrays (JSON).
3. ``plain --model M --margin X``: the plain planner, where at each turn it weighs the options
   the search would (:meth:`PlannerSearch.turn_options`) by the model and takes the model's best
   over its own choice when the model says it is worth ``X`` VP more; paired against the plain
   planner on 2,400 training seeds.
4. ``good NAME START COUNT --model M --margin X``: ``good`` whose play-outs (and own plan) are
   played that way, written like ``bee_lives_paired.py``'s arms, to compare with its
   ``base.jsonl`` (``bee_lives_paired.py --compare NAME --out DIR``).

Run with ``OMP_NUM_THREADS=1`` (scikit-learn's threads otherwise fight the two processes).
Training seeds only (30,001–30,400 to record; 100,000 on for the plain planner; the paired
script's 2000+ and 3000+ for ``good``); never 5000–5199. What it found (the eleventh round:
+0.37 VP for the plain planner, nothing for ``good``; nothing kept in the player):
``docs/bee-lives-reconstructions.md``.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from multiprocessing import Pool
from pathlib import Path
from typing import Any

from beegames.games.bee_lives import actions
from beegames.games.bee_lives.models import CoolMove, DefendMove, ForageMove, RaidMove, ScoutMove, WaxMove
from beegames.games.bee_lives.planner import Knobs, PlannerPlayer
from beegames.games.bee_lives.planner_search import PlannerSearch

sys.path.insert(0, str(Path(__file__).parent))
from bee_lives_paired import arm, solo_game

KINDS = ("forage", "rwild", "rother", "defend", "clean", "wax", "cool", "scout")
MODES = ("hatch", "token", "hold", "harvest", "final")
MONTHS = range(1, 10)


def kind_of(m: Any) -> str:
    if isinstance(m, ForageMove):
        return "forage"
    if isinstance(m, RaidMove):
        return "rwild" if m.target[0] == "w" else "rother"
    if isinstance(m, DefendMove):
        return "defend"
    if isinstance(m, WaxMove):
        return "wax"
    if isinstance(m, CoolMove):
        return "cool"
    if isinstance(m, ScoutMove):
        return "scout"
    return "clean"


BLOCK = len(MONTHS) + 11 + len(MODES)


def features(pl: PlannerPlayer, s: Any, seat: int, p: Any, plan: Any, m: Any, bees_of: dict[int, int]) -> list[float]:
    """One option's features: a block per kind of move (so only terms that differ between
    options of one turn weigh), holding the month, the bees it takes and leaves, the plan's own
    value of it, and the colony."""
    k = KINDS.index(kind_of(m))
    if isinstance(m, ForageMove):
        b = bees_of.get(m.tile, 1)
    else:
        b = getattr(m, "bees", 0)
    strength = s.wild[int(m.target[1:])].strength if isinstance(m, RaidMove) and m.target[0] == "w" else 0
    wild = [w.strength for w in s.wild if w.tile is not None]
    v = max(-20.0, min(20.0, pl._value(s, seat, p, m, plan)))
    block = [1.0 if s.month == mo else 0.0 for mo in MONTHS]
    block += [b, b - strength, p.unassigned - b, v, p.honey, p.pollen, p.empty, p.workers, len(wild),
              sum(wild), float(p.mite)]
    block += [1.0 if plan.mode == mode else 0.0 for mode in MODES]
    out = [0.0] * (len(KINDS) * BLOCK)
    out[k * BLOCK:(k + 1) * BLOCK] = block
    return out


# -- 1. recording ------------------------------------------------------------------------------
_SINK: list[dict[str, Any]] = []
SHIPPED_SEARCH = PlannerSearch.search


def recording_search(self: Any, s: Any, seat: int, options: list[Any], chosen: Any) -> Any:
    """The shipped search (its choice unchanged), writing down at a turn every option's features
    and mean play-out score."""
    means: list[float] = []
    shipped = self.playout_scores

    def scores(s_: Any, seat_: Any, m: Any, seeds: list[int]) -> list[float]:
        got = shipped(s_, seat_, m, seeds)
        means.append(sum(got) / len(got))
        return got

    self.playout_scores = scores
    try:
        move = SHIPPED_SEARCH(self, s, seat, options, chosen)
    finally:
        del self.playout_scores
    if s.pending is not None and s.pending.kind == "turn" and chosen in options:
        p = s.players[seat]
        plan = self.make_plan(s, seat)
        bees_of = dict(actions.forage_targets(s, seat))
        _SINK.append({"month": s.month, "chosen": options.index(chosen), "q": means,
                      "x": [features(self, s, seat, p, plan, m, bees_of) for m in options]})
    return move


def record(start: int, count: int, path: str) -> None:
    PlannerSearch.search = recording_search  # type: ignore[method-assign]
    with open(path, "a") as f:
        for g in range(start, start + count):
            _SINK.clear()
            _res, state = solo_game(PlannerPlayer(g, Knobs()), g)
            for d in _SINK:
                d["seed"] = g
                f.write(json.dumps(d) + "\n")
            f.flush()
            print(g, state.players[0].vp, len(_SINK), flush=True)


# -- 2. fitting ----------------------------------------------------------------------------------
def fit(paths: list[str], model: str, ridge: float) -> None:
    import numpy as np

    X, y, fold = pairs(paths)
    X = X[:, :len(KINDS) * BLOCK]  # (the difference of the two options' features alone)
    print(f"{len(y)} option pairs; mean advantage {y.mean():+.3f}, share positive {(y > 0).mean():.3f}")

    def solve(mask: Any) -> Any:
        A = X[mask]
        return np.linalg.solve(A.T @ A + ridge * np.eye(A.shape[1]), A.T @ y[mask])

    # five-fold check: how much of the advantage the model tells apart
    for f_ in range(5):
        w = solve(fold != f_)
        pred, true = X[fold == f_] @ w, y[fold == f_]
        pick = pred > 0.3
        print(f"fold {f_}: R2 {1 - ((pred - true) ** 2).sum() / ((true - true.mean()) ** 2).sum():.3f}  "
              f"picked {pick.sum()} with true mean {true[pick].mean() if pick.any() else 0:+.3f}")
    w = solve(np.ones(len(y), bool))
    json.dump({"w": w.tolist(), "block": BLOCK, "kinds": KINDS}, open(model, "w"))
    for k, name in enumerate(KINDS):
        print(name, " ".join(f"{v:+.2f}" for v in w[k * BLOCK:(k + 1) * BLOCK]))


def pairs(paths: list[str]) -> tuple[Any, Any, Any]:
    """Every option against the plan's own choice: features (the difference, the option's, the choice's),
    the score difference, and a fold number by decision."""
    import numpy as np

    rows, ys, fold = [], [], []
    for path in paths:
        for n, line in enumerate(open(path)):
            d = json.loads(line)
            c = d["chosen"]
            x = np.array(d["x"])
            for i, q in enumerate(d["q"]):
                if i != c:
                    rows.append(np.concatenate([x[i] - x[c], x[i], x[c]]))
                    ys.append(q - d["q"][c])
                    fold.append((n * 7919 + len(path)) % 5)
    return np.array(rows), np.array(ys), np.array(fold)


def export(model: str, path: str) -> None:
    """The fitted trees as ``assets/bee_lives/turn_model.json`` holds them (:class:`.planner_model.TurnTrees`)."""
    import pickle

    import numpy as np

    m = pickle.load(open(model, "rb"))
    out: dict[str, Any] = {"features": int(m.n_features_in_), "base": float(np.ravel(m._baseline_prediction)[0]),
                           "roots": [], "feature": [], "threshold": [], "left": [], "right": [], "leaf": [],
                           "value": []}
    for (tree,) in m._predictors:
        base = len(out["feature"])
        out["roots"].append(base)
        for node in tree.nodes:
            leaf = bool(node["is_leaf"])
            out["feature"].append(0 if leaf else int(node["feature_idx"]))
            out["threshold"].append(0.0 if leaf else float(node["num_threshold"]))
            out["left"].append(0 if leaf else base + int(node["left"]))
            out["right"].append(0 if leaf else base + int(node["right"]))
            out["leaf"].append(leaf)
            out["value"].append(float(node["value"]) if leaf else 0.0)
    with open(path, "w") as f:
        json.dump(out, f, separators=(",", ":"))
        f.write("\n")


def fit_gbm(paths: list[str], model: str) -> None:
    """Gradient-boosted trees on the same pairs (scikit-learn, for this experiment only)."""
    import pickle

    from sklearn.ensemble import HistGradientBoostingRegressor

    X, y, fold = pairs(paths)
    make = lambda: HistGradientBoostingRegressor(learning_rate=0.05, max_iter=400, max_depth=4,  # noqa: E731
                                                 l2_regularization=1.0)
    for f_ in range(5):
        m = make().fit(X[fold != f_], y[fold != f_])
        pred, true = m.predict(X[fold == f_]), y[fold == f_]
        print(f"fold {f_}: " + "  ".join(f"> {thr}: {int((pred > thr).sum())} picks, true {true[pred > thr].sum():+.1f}"
                                         for thr in (0.0, 0.3)))
    pickle.dump(make().fit(X, y), open(model, "wb"))


# -- 3. the plain planner with the model ------------------------------------------------------------
class QPlanner(PlannerPlayer):
    """The planner whose turn takes the model's best option where it beats the plan's by ``margin``."""

    weights: list[float] = []
    gbm: Any = None
    margin: float = 0.3
    from_month: int = 1

    def playout_player(self, seed: int, knobs: Knobs) -> PlannerPlayer:
        return QPlanner(seed, knobs)

    def k_turn(self, s: Any, seat: int, moves: Any) -> Any:
        chosen = super().k_turn(s, seat, moves)
        if self._learned or chosen is None or s.n != 1 or not (self.from_month <= s.month <= 9):
            return chosen
        p = s.players[seat]
        plan = self.make_plan(s, seat)
        options = [chosen]
        for m in self.turn_options(s, seat, p, plan):
            if m not in options:
                options.append(m)
        if len(options) < 2:
            return chosen
        bees_of = dict(actions.forage_targets(s, seat))
        if self.gbm is not None:
            import numpy as np

            x = np.array([features(self, s, seat, p, plan, m, bees_of) for m in options])
            rows = np.array([np.concatenate([x[i] - x[0], x[i], x[0]]) for i in range(1, len(options))])
            adv = self.gbm.predict(rows)
            i = int(adv.argmax())
            return options[i + 1] if adv[i] > self.margin else chosen
        w = self.weights
        pred = [sum(a * b for a, b in zip(features(self, s, seat, p, plan, m, bees_of), w)) for m in options]
        i = max(range(len(options)), key=lambda j: pred[j])
        return options[i] if pred[i] - pred[0] > self.margin else chosen


class Trees:
    """The fitted trees as flat arrays, walked by a compiled loop (scikit-learn's own predict costs
    about a millisecond a call, which a play-out pays at every turn)."""

    def __init__(self, model: Any) -> None:
        import numpy as np
        from numba import njit

        feats, thr, left, right, leaf, value, roots = [], [], [], [], [], [], []
        for (tree,) in model._predictors:
            base = len(feats)
            roots.append(base)
            for node in tree.nodes:
                feats.append(int(node["feature_idx"]))
                thr.append(float(node["num_threshold"]))
                left.append(base + int(node["left"]))
                right.append(base + int(node["right"]))
                leaf.append(bool(node["is_leaf"]))
                value.append(float(node["value"]))
        self.arrays = (np.array(feats, np.int64), np.array(thr), np.array(left, np.int64), np.array(right, np.int64),
                       np.array(leaf), np.array(value), np.array(roots, np.int64))
        self.base = float(np.ravel(model._baseline_prediction)[0])

        @njit(cache=False)
        def walk(rows: Any, feats: Any, thr: Any, left: Any, right: Any, leaf: Any, value: Any, roots: Any) -> Any:
            out = np.zeros(rows.shape[0])
            for r in range(rows.shape[0]):
                total = 0.0
                for root in roots:
                    k = root
                    while not leaf[k]:
                        k = left[k] if rows[r, feats[k]] <= thr[k] else right[k]
                    total += value[k]
                out[r] = total
            return out

        self.walk = walk

    def predict(self, rows: Any) -> Any:
        return self.walk(rows, *self.arrays) + self.base


def load(model: str, margin: float, from_month: int) -> None:
    if model.endswith(".pkl"):
        import pickle

        QPlanner.gbm = Trees(pickle.load(open(model, "rb")))
    else:
        QPlanner.weights = json.load(open(model))["w"]
    QPlanner.margin = margin
    QPlanner.from_month = from_month


def plain_scores(job: tuple[str, str, float, int, int, int]) -> list[float]:
    which, model, margin, from_month, start, count = job
    if which == "q":
        load(model, margin, from_month)
    out = []
    for g in range(start, start + count):
        knobs = Knobs().playout()
        res, state = solo_game(QPlanner(g, knobs) if which == "q" else PlannerPlayer(g, knobs), g)
        out.append(state.players[0].vp - (0 if res.winners else 20))
    return out


def plain(model: str, margin: float, from_month: int, games: int, procs: int) -> None:
    chunk = 200
    starts = list(range(100_000, 100_000 + games, chunk))
    with Pool(procs) as pool:
        base = sum(pool.map(plain_scores, [("base", model, margin, from_month, st, chunk) for st in starts]), [])
        cand = sum(pool.map(plain_scores, [("q", model, margin, from_month, st, chunk) for st in starts]), [])
    d = [c - b for c, b in zip(cand, base)]
    se = statistics.stdev(d) / len(d) ** 0.5
    print(f"plain planner, {model} margin {margin} from {from_month}: {statistics.mean(base):.2f} -> "
          f"{statistics.mean(cand):.2f}, diff {statistics.mean(d):+.3f} ± {se:.3f} "
          f"({sum(x > 0 for x in d)}/{d.count(0)}/{sum(x < 0 for x in d)})", flush=True)


# -- 4. good with the model in its play-outs --------------------------------------------------------
def good(name: str, model: str, margin: float, from_month: int, start: int, count: int, out: Path) -> None:
    load(model, margin, from_month)
    arm(name, start, count, out, make=lambda g: QPlanner(g, Knobs()))


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("cmd", choices=("record", "fit", "fitgbm", "export", "plain", "good"))
    ap.add_argument("args", nargs="*")
    ap.add_argument("--model", default="/tmp/qmodel.json")
    ap.add_argument("--margin", type=float, default=0.3)
    ap.add_argument("--from-month", type=int, default=1)
    ap.add_argument("--ridge", type=float, default=10.0)
    ap.add_argument("--games", type=int, default=2400)
    ap.add_argument("--procs", type=int, default=2)
    ap.add_argument("--out", default=str(Path(__file__).parent / "results" / "bee_lives"))
    a = ap.parse_args()
    if a.cmd == "record":
        record(int(a.args[0]), int(a.args[1]), a.args[2])
    elif a.cmd == "fit":
        fit(a.args, a.model, a.ridge)
    elif a.cmd == "fitgbm":
        fit_gbm(a.args, a.model)
    elif a.cmd == "export":
        export(a.model, a.args[0])
    elif a.cmd == "plain":
        plain(a.model, a.margin, a.from_month, a.games, a.procs)
    else:
        good(a.args[0], a.model, a.margin, a.from_month, int(a.args[1]), int(a.args[2]), Path(a.out))


if __name__ == "__main__":
    main()
