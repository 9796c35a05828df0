"""Random tournaments paired round by round by trfaudit's own Dutch engine.

>>> from trfaudit.corpus.config import GeneratorConfig
>>> from trfaudit.corpus.generator import generate, render
>>> text = render(generate(GeneratorConfig(players=12, rounds=5), seed=7), "trf26")

How a tournament is made (every draw comes from one ``Dice(seed)``, in a fixed order, so the
same seed and settings give the same bytes):

1. Players (:mod:`corpus.players`): ratings like an open's, titles, names; pairing numbers in
   C.04.2's initial order.
2. Each player's plan, drawn before round 1: late entry (the round they join), withdrawal
   (the last round they play), a requested half-point bye, announced zero-point absences.
3. Optionally the Baku acceleration (C.04.5.1): group A is the first 2*ceil(n/4) of the n
   players registered for round 1 (a late entrant ranked above the last of them joins GA);
   GA players get 1 virtual point in the first ceil(A/2) of the A = ceil(rounds/2)
   accelerated rounds and 1/2 in the rest.  They are written as ``XXA`` / ``250`` lines.
4. Round r: the players whose plan says they miss it get their entry first (``H`` or ``Z``
   in the round's column: a bye announced before the round is paired); the rest are paired
   by the engine from rounds 1..r-1; each game is forfeited at ``forfeit_rate`` or played,
   its result drawn from the expected-score curve (:mod:`corpus.results`); the
   pairing-allocated bye is ``U`` at the configured PAB value.
5. If fewer than two players are left for a round, or the engine finds no pairing that
   satisfies the absolute criteria, the tournament ends after the last paired round.  The
   file keeps the planned total (``XXR``/``142``), since the rounds that were paired were
   paired knowing it (it decides who is a topscorer); the result says why it stopped.

Files carry the total rounds (``XXR``/``142``), the initial colour (``XXC white1``/``152``),
the point system when it is not 1-1/2-0 (``BB?``/``162``), ``092 FIDE_DUTCH_2025`` (as the
reference corpus does) and, in TRF-2026, ``192 FIDE_DUTCH_2025``, so that any engine can
re-pair them.  Points exclude acceleration; the rank column orders players by points, then
pairing number (no tie-breaks).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Any

from trfaudit.trf.model import EntryKind, Player, Record, RecordKind, RoundEntry, Tournament

from . import extras
from .config import ConfigError, GeneratorConfig
from .dice import Dice
from .players import make_entrants
from .results import draw_result

if TYPE_CHECKING:
    from trfaudit.engine.systems import EditionInfo
    from trfaudit.trf.errors import Problem

#: Output dialects: the name on the command line -> the trf.writer dialect.  TRF-16 cannot
#: state the total rounds or the initial colour, so ``trf16`` files carry JaVaFo's ``XX?``
#: and bbp's ``BB?`` lines too (the writer's ``trfx`` form), which TRF-16 readers skip.
DIALECTS = {"trf16": "trfx", "trfx": "trfx", "trf26": "trf26"}
GENERATOR = "trfaudit generate 1"


class RulesNotImplemented(ConfigError):
    """The engine does not have the requested edition of the rules yet."""


def edition_for(rules: str) -> EditionInfo:
    """The edition a generated tournament is paired under: any individual system's that
    pairs the shared round input (the Dutch editions, the Dubov one, ...)."""
    from trfaudit.engine.systems import EDITIONS, RoundInputSystem, system_of

    edition = EDITIONS.get(rules)
    if edition is None or not isinstance(system_of(edition), RoundInputSystem):
        names = sorted(n for n, e in EDITIONS.items() if isinstance(system_of(e), RoundInputSystem))
        raise RulesNotImplemented(
            f"rules {rules}: no pairing system here pairs a generated tournament under "
            f"{rules!r} (available: {', '.join(names)})"
        )
    return edition


def _type_code(edition: EditionInfo) -> str:
    """The ``192`` code a generated file names its edition by (the system's code when the
    edition has none of its own)."""
    from trfaudit.engine.systems import system_of

    codes: tuple[str, ...] = getattr(edition, "type_codes", ())
    return codes[0] if codes else system_of(edition).code


@dataclass
class Plan:
    join: int = 1  # first round the player can be paired in
    last: int | None = None  # last round before withdrawing (None: plays to the end)
    half_bye: int | None = None
    zero_byes: set[int] = field(default_factory=set)
    late_halves: set[int] = field(default_factory=set)  # late_bye=mixed: missed rounds that are H

    def absence(self, rnd: int, late_bye: str) -> EntryKind | None:
        if rnd < self.join:
            half = late_bye == "H" or (late_bye == "mixed" and rnd in self.late_halves)
            return EntryKind.HALF_BYE if half else EntryKind.ZERO_BYE
        if self.last is not None and rnd > self.last:
            return EntryKind.ZERO_BYE
        if rnd == self.half_bye:
            return EntryKind.HALF_BYE
        if rnd in self.zero_byes:
            return EntryKind.ZERO_BYE
        return None


@dataclass
class Generated:
    seed: int
    config: GeneratorConfig
    tournament: Tournament
    rounds_played: int
    stopped: str | None = None  # why it ended before config.rounds, None if complete
    stats: dict[str, int] = field(default_factory=dict)
    plans: list[Plan] = field(default_factory=list)  # index TPN-1
    # Each round's boards (white, black) in the engine's board order (C.04.2 3.6), which the
    # tournament's entries do not keep.
    board_order: dict[int, tuple[tuple[int, int], ...]] = field(default_factory=dict)
    # The announced absences of the round the generator could not pair (``stopped``).
    stop_absent: dict[int, EntryKind] = field(default_factory=dict)


_LETTER = {EntryKind.HALF_BYE: "H", EntryKind.ZERO_BYE: "Z"}


def _plans(dice: Dice, cfg: GeneratorConfig) -> list[Plan]:
    rounds = cfg.rounds
    plans = []
    for _ in range(cfg.players):
        plan = Plan()
        if rounds >= cfg.late_first and dice.chance(cfg.late_rate):
            plan.join = dice.between(cfg.late_first, min(rounds, cfg.late_last))
            if cfg.late_bye == "mixed":
                plan.late_halves = {r for r in range(1, plan.join) if dice.chance(0.5)}
        if plan.join <= rounds - 1 and dice.chance(cfg.withdraw_rate):
            plan.last = dice.between(plan.join, rounds - 1)
        end = rounds if plan.last is None else plan.last
        if dice.chance(cfg.half_bye_rate):
            plan.half_bye = dice.between(plan.join, end)
        if cfg.zero_bye_rate:
            for rnd in range(plan.join, end + 1):
                if rnd != plan.half_bye and dice.chance(cfg.zero_bye_rate):
                    plan.zero_byes.add(rnd)
        plans.append(plan)
    return plans


def forbidden_pairs(dice: Dice, players: int, count: int) -> list[frozenset[int]]:
    """``count`` distinct pairs of players drawn uniformly (who may not meet, XXP / 260)."""
    pairs: list[frozenset[int]] = []
    seen: set[frozenset[int]] = set()
    while len(pairs) < count:
        a = dice.between(1, players)
        b = dice.between(1, players - 1)
        pair = frozenset((a, b + (b >= a)))
        if pair not in seen:
            seen.add(pair)
            pairs.append(pair)
    return pairs


def baku_accelerations(
    plans: list[Plan], rounds: int, win: Fraction = Fraction(1), draw: Fraction = Fraction(1, 2)
) -> dict[int, dict[int, Fraction]]:
    """Virtual points per TPN and round under the Baku acceleration
    (:func:`engine.acceleration.baku_virtual_points`): group A's size from the players
    registered before round 1."""
    from trfaudit.engine.acceleration import baku_virtual_points

    registered = [tpn for tpn, plan in enumerate(plans, 1) if plan.join == 1]
    group_a = baku_virtual_points(registered, rounds, win, draw)
    if not group_a:
        return {}
    # The generator's choice: a late entrant ranked inside group A belongs to it.
    last = max(group_a)
    return {tpn: dict(group_a[last]) for tpn in range(1, last + 1)}


def generate(config: GeneratorConfig, seed: int) -> Generated:  # noqa: C901 - the tournament round by round: entrants, byes, absences, forfeits, results
    """One random tournament under ``config`` (which must pass :meth:`~GeneratorConfig.check`)."""
    from trfaudit.engine import NoPairing, pair_round, round_input

    cfg = config.check()
    edition = edition_for(cfg.rules)
    dice = Dice(seed)
    if cfg.players_max or cfg.rounds_max:  # a range: draw this tournament's size first
        cfg = cfg.replace(
            players=dice.between(cfg.players, max(cfg.players, cfg.players_max)),
            rounds=dice.between(cfg.rounds, max(cfg.rounds, cfg.rounds_max)),
            players_max=0,
            rounds_max=0,
        )
    entrants = make_entrants(dice, cfg.players, cfg.rating_low, cfg.rating_high, cfg.unrated_rate)
    plans = _plans(dice, cfg)
    colour = (
        cfg.initial_colour if cfg.initial_colour != "random" else ("w" if dice.chance(0.5) else "b")
    )
    rated = sum(1 for e in entrants if e.rating)
    t = Tournament(
        name=f"trfaudit random tournament {seed}",
        players_count=str(cfg.players),
        rated_players_count=str(rated),
        tournament_type=_type_code(edition),
        type_code=_type_code(edition) + ("_BAKU" if cfg.baku else ""),
        total_rounds=cfg.rounds,
        initial_colour=colour,
        scoring=cfg.scoring(),
    )
    for tpn, e in enumerate(entrants, 1):
        t.players[tpn] = Player(
            tpn=tpn, name=e.name, sex=e.sex, title=e.title, rating=e.rating, federation=e.federation
        )
    if cfg.baku:
        t.accelerations = baku_accelerations(plans, cfg.rounds, t.scoring.win, t.scoring.draw)
    if cfg.forbidden_pairs:  # drawn only when asked for: files made without them stay the same
        t.forbidden_pairs = [
            (pair, 1, cfg.rounds)
            for pair in forbidden_pairs(dice, cfg.players, cfg.forbidden_pairs)
        ]
    strength = {tpn: e.strength for tpn, e in enumerate(entrants, 1)}
    stats = dict(
        games=0,
        draws=0,
        forfeits=0,
        double_forfeits=0,
        pabs=0,
        half_byes=0,
        zero_byes=0,
        late_entries=sum(p.join > 1 for p in plans),
        withdrawals=sum(p.last is not None for p in plans),
        forbidden_pairs=len(t.forbidden_pairs),
    )
    stopped = None
    stop_absent: dict[int, EntryKind] = {}
    board_order: dict[int, tuple[tuple[int, int], ...]] = {}
    played = 0
    unusual = {n: getattr(cfg, n) for n in extras.UNUSUAL if getattr(cfg, n)}
    planned = extras.unusual_games(dice, unusual, cfg.rounds) if unusual else {}
    for rnd in range(1, cfg.rounds + 1):
        absent = {}
        for tpn, plan in enumerate(plans, 1):
            kind = plan.absence(rnd, cfg.late_bye)
            if kind is not None:
                absent[tpn] = kind
        if cfg.half_byes_per_round or cfg.zero_byes_per_round:
            absent.update(
                extras.round_byes(
                    dice,
                    list(t.players),
                    absent,
                    cfg.half_byes_per_round,
                    cfg.zero_byes_per_round,
                )
            )
        if cfg.players - len(absent) < 2:
            stopped = f"round {rnd}: fewer than two players left to pair"
            break
        t.absent_next = absent
        try:
            pairing = pair_round(round_input(t, rnd), edition)
        except NoPairing as exc:
            stopped = f"round {rnd}: no legal pairing ({exc})"
            stop_absent = dict(absent)
            break
        finally:
            t.absent_next = {}
        board_order[rnd] = tuple((b.white, b.black) for b in pairing.boards)
        entries: dict[int, RoundEntry] = {}
        counted = (
            extras.place_counted(dice, planned, rnd, list(range(len(pairing.boards))))
            if planned
            else {}
        )
        for number, board in enumerate(pairing.boards):
            w, b = board.white, board.black
            if dice.chance(cfg.forfeit_rate):
                stats["forfeits"] += 1
                if dice.chance(cfg.double_forfeit_share):
                    stats["double_forfeits"] += 1
                    rw = rb = "-"
                elif dice.chance(0.5):
                    rw, rb = "+", "-"
                else:
                    rw, rb = "-", "+"
                kinds = {"+": EntryKind.FORFEIT_WIN, "-": EntryKind.FORFEIT_LOSS}
                entries[w] = RoundEntry(rnd, kinds[rw], b, "w", rw)
                entries[b] = RoundEntry(rnd, kinds[rb], w, "b", rb)
            else:
                stats["games"] += 1
                rw = draw_result(dice, strength[w], strength[b], cfg.draw_rate, cfg.curve)
                rb = {"1": "0", "0": "1", "=": "="}[rw]
                odd = (
                    extras.unusual_result(dice, unusual, counted, rnd, number) if unusual else None
                )
                if odd is not None:
                    rw, rb = odd
                    stats["unusual_results"] = stats.get("unusual_results", 0) + 1
                stats["draws"] += rw == "="
                entries[w] = RoundEntry(rnd, EntryKind.PLAYED, b, "w", rw)
                entries[b] = RoundEntry(rnd, EntryKind.PLAYED, w, "b", rb)
        if pairing.bye is not None:
            stats["pabs"] += 1
            entries[pairing.bye] = RoundEntry(rnd, EntryKind.PAB, None, None, "U")
        for tpn, kind in absent.items():
            stats["half_byes" if kind is EntryKind.HALF_BYE else "zero_byes"] += 1
            entries[tpn] = RoundEntry(rnd, kind, None, None, _LETTER[kind])
        for tpn, p in t.players.items():
            p.entries.append(entries[tpn])
        played = rnd
    for p in t.players.values():
        p.points = t.score(p.tpn, played)
    order = sorted(t.players.values(), key=lambda p: (-(p.points or 0), p.tpn))
    for rank, p in enumerate(order, 1):
        p.rank = rank
    if cfg.tiebreaks:  # 202/212, and the ranks they give (C.07), for check to verify
        from trfaudit.trf.tiebreak_codes import parse_list

        codes = parse_list(cfg.tiebreaks)
        t.set_tie_breaks(codes)
        for tpn, rank in extras.standings_ranks(t, codes).items():
            t.players[tpn].rank = rank
    return Generated(seed, cfg, t, played, stopped, stats, plans, board_order, stop_absent)


def render(
    generated: Generated, dialect: str = "trf26", warnings: list[Problem] | None = None
) -> str:
    """The tournament as TRF text: ``trf26``, or ``trf16``/``trfx`` (see :data:`DIALECTS`)."""
    from trfaudit.trf.writer import write

    if dialect not in DIALECTS:
        raise ConfigError(
            f"unknown output dialect {dialect!r}; expected one of {', '.join(DIALECTS)}"
        )
    t = generated.tournament
    target = DIALECTS[dialect]
    saved, records = t.type_code, t.records
    if target != "trf26":
        t.type_code = None  # TRF(x) has no 192 record; 092 carries the system
    settings = generated.config.extras()
    if settings and target == "trf26":  # the checklist's settings, in the header (TRF-2026 ###)
        text = ", ".join(f"{k}={v}" for k, v in settings.items())
        t.records = [Record(RecordKind.COMMENT, f"### {GENERATOR}: {text}")] + list(records)
    try:
        return write(t, target, warnings=[] if warnings is None else warnings)
    finally:
        t.type_code, t.records = saved, records


def manifest_entry(g: Generated, file: str, dialect: str) -> dict[str, Any]:
    return {
        "file": file,
        "seed": g.seed,
        "players": len(g.tournament.players),
        "rounds": g.config.rounds,  # planned (the file's XXR/142)
        "rounds_played": g.rounds_played,
        "stopped": g.stopped,
        "rules": g.config.rules,
        "dialect": dialect,
        "stats": g.stats,
        "config": g.config.as_dict(),
    }


def make_one(
    config: GeneratorConfig, seed: int, dialect: str, width: int, mix: bool = False
) -> tuple[str, bytes, dict[str, Any]]:
    """Tournament ``seed`` of a batch: its file name, its bytes and its manifest entry (a task
    that runs wherever the batch's executor puts it)."""
    axes: list[str] | None = None
    if mix:
        from .mix import mixed

        config, axes = mixed(config, seed)
    g = generate(config, seed)
    name = f"g{seed:0{width}d}.trf"
    notes: list[Problem] = []
    text = render(g, dialect, notes)
    entry = manifest_entry(g, name, dialect)
    if axes is not None:  # what was drawn, and the settings that make this file again
        entry["axes"] = axes
        entry["settings"] = [list(pair) for pair in config.as_settings()]
    if notes:
        entry["notes"] = [problem.message for problem in notes]
    return name, text.encode("utf-8"), entry


def generate_batch(
    config: GeneratorConfig,
    seed: int,
    count: int,
    out_dir: Path,
    dialect: str = "trf26",
    progress: Callable[[int, dict[str, Any]], None] | None = None,
    mix: bool = False,
    map_unordered: Callable[..., Iterator[Any]] | None = None,
) -> dict[str, Any]:
    """Write ``count`` tournaments (seeds ``seed``, ``seed + 1``, ...) and ``manifest.json``
    into ``out_dir``; returns the manifest.  ``progress(i, entry)`` is called after each.

    ``mix``: each tournament draws its settings (:mod:`corpus.mix`).  ``map_unordered``
    (from :func:`checker.cluster.executor`) runs the tournaments in other processes or on a
    Dask cluster; files are written here as they come back, the manifest in seed order.
    """
    config.check()
    edition_for(config.rules)
    out_dir.mkdir(parents=True, exist_ok=True)
    width = max(4, len(str(seed + count - 1)))
    items = ((config, seed + i, dialect, width, mix) for i in range(count))
    results: Iterator[Any]
    if map_unordered is None:
        results = ((item, make_one(*item)) for item in items)
    else:
        results = map_unordered(make_one, items)
    entries: dict[int, dict[str, Any]] = {}
    for done, (item, (name, data, entry)) in enumerate(results, 1):
        (out_dir / name).write_bytes(data)
        entries[item[1]] = entry
        if progress is not None:
            progress(done, entry)
    manifest = {
        "generator": GENERATOR,
        "seed": seed,
        "count": count,
        "dialect": dialect,
        "config": config.as_dict(),
        "tournaments": [entries[s] for s in sorted(entries)],
    }
    if mix:
        from .mix import describe

        manifest["mix"] = describe()
    (out_dir / "manifest.json").write_text(json.dumps(manifest, indent=2) + "\n")
    return manifest
