"""Cross-check trfaudit's Swiss Team engine (C.04.6 2026) with FIDE TEC's gacrux.

    python3 bench/team_crosscheck.py --gacrux VENV/bin/python --count 200 --out DIR [--way both]

``gacrux-paired``: each round of a generated tournament is paired by
``python -m gacrux.pairingchecker -i FILE -p`` (never ``-m``: the file's 192 code decides),
and trfaudit pairs the same round from the same file; the two are compared (pairs, colours,
PAB, board order).  ``trfaudit-paired``: trfaudit generates a tournament and gacrux checks it
(``-c``; its process exits 0 whatever it finds, so ``Check: True/False`` is read).
Settings are drawn from the seed: 6-30 teams, 4-8 boards, 5-11 rounds, type A / type B / no
colour codes, MP or GP primary, Baku, half-point byes and absences.  One JSON line per
tournament goes to DIR/results.jsonl; the tally is printed at the end.
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import tempfile
from pathlib import Path

from trfaudit.engine.result import NoPairing
from trfaudit.engine.team.generate import TeamGenConfig, generate, trfaudit_pairer

CODES = [
    "FIDE_TEAM_TYPEA_MP_GP",
    "FIDE_TEAM_TYPEB_MP_GP",
    "FIDE_TEAM_MP_GP",
    "FIDE_TEAM_TYPEA_GP_MP",
    "FIDE_TEAM_TYPEB_MP",
    "FIDE_TEAM",
    "FIDE_TEAM_MP",
    "FIDE_TEAM_TYPEB_GP",
]


def config(seed: int) -> TeamGenConfig:
    rng = random.Random(seed)
    teams = rng.randint(6, 30)
    code = CODES[seed % len(CODES)]
    rounds = min(rng.randint(5, 11), teams - 1)
    baku = "_GP" not in code.replace("_MP_GP", "") and rng.random() < 0.2 and teams >= 8
    return TeamGenConfig(
        teams=teams,
        boards=rng.randint(4, 8),
        rounds=rounds,
        code=code,
        seed=seed,
        draw_rate=rng.choice([0.2, 0.35, 0.5]),
        half_bye_rate=rng.choice([0.0, 0.02, 0.05]),
        absence_rate=rng.choice([0.0, 0.02, 0.04]),
        initial_colour=rng.choice("WB"),
        baku=baku,
        board_forfeit_rate=rng.choice([0.0, 0.0, 0.02]),
        match_forfeit_rate=rng.choice([0.0, 0.0, 0.03]) if seed > 1000 else 0.0,
    )


def _inprocess(argv: list[str]) -> subprocess.CompletedProcess[str]:
    """Run gacrux's pairingchecker in this interpreter (a fresh instance per call)."""
    import contextlib
    import io
    import sys

    from gacrux.pairingchecker import pairingchecker  # type: ignore[import-not-found]

    out = io.StringIO()
    saved = sys.argv
    sys.argv = argv
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(out):
            pairingchecker().common_main()
    except SystemExit:
        pass
    finally:
        sys.argv = saved
    return subprocess.CompletedProcess(argv, 0, out.getvalue(), "")


class Gacrux:
    def __init__(self, python: str, work: Path) -> None:
        self.python, self.work = python, work

    def run(self, text: str, *args: str) -> subprocess.CompletedProcess[str]:
        with tempfile.NamedTemporaryFile("w", suffix=".trf", dir=self.work, delete=False) as f:
            f.write(text)
        try:
            argv = ["pairingchecker.py", "-i", f.name, *args]
            if self.python == "inprocess":  # gacrux importable here: no interpreter start-up
                return _inprocess(argv)
            cmd = [self.python, "-m", "gacrux.pairingchecker", *argv[1:]]
            return subprocess.run(cmd, check=False, capture_output=True, text=True, timeout=600)
        finally:
            Path(f.name).unlink()

    def pair(self, text: str, rnd: int) -> tuple[list[tuple[int, int]], int | None]:
        out = self.run(text, "-p", "-d", "T").stdout.split("\n")
        if not out or not out[0].strip().isdigit():
            raise RuntimeError("gacrux: " + " | ".join(out[:4]))
        pairs, bye = [], None
        for line in out[1 : 1 + int(out[0])]:
            w, b = (int(x) for x in line.split())
            if b == 0:
                bye = w
            else:
                pairs.append((w, b))
        return pairs, bye

    def check(self, text: str) -> tuple[bool, str]:
        proc = self.run(text, "-c", "-d", "T")
        verdict = "Check: True" in proc.stdout
        return verdict, "" if verdict else proc.stdout[-2000:]


def gacrux_paired(g: Gacrux, cfg: TeamGenConfig) -> dict[str, object]:
    """gacrux pairs; trfaudit re-pairs each round from the same text."""
    rounds: list[dict[str, object]] = []

    def pairer(text: str, rnd: int) -> tuple[list[tuple[int, int]], int | None]:
        theirs = g.pair(text, rnd)
        try:
            mine: tuple[list[tuple[int, int]], int | None] | str = trfaudit_pairer(text, rnd)
        except NoPairing as e:  # both sides then agree that Art. 3.3.3 applies
            mine = ([], None) if not theirs[0] and theirs[1] is None else f"no pairing: {e}"
        same = (
            isinstance(mine, tuple)
            and sorted(mine[0]) == sorted(theirs[0])
            and mine[1] == theirs[1]
        )
        order = isinstance(mine, tuple) and mine[0] == theirs[0]
        rounds.append(
            {"round": rnd, "same": same, "order": order, "gacrux": theirs, "trfaudit": mine}
        )
        if not same:
            rounds[-1]["text"] = text
        return theirs

    try:
        text = generate(cfg, pairer)
    except RuntimeError as e:
        return {"error": str(e)[:300], "rounds": rounds}
    return {"rounds": rounds, "text": text}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--gacrux", required=True, help="gacrux's python, or 'inprocess'")
    ap.add_argument("--count", type=int, default=200)
    ap.add_argument("--start", type=int, default=1)
    ap.add_argument("--way", choices=["gacrux-paired", "trfaudit-paired", "both"], default="both")
    ap.add_argument("--out", type=Path, required=True)
    a = ap.parse_args()
    a.out.mkdir(parents=True, exist_ok=True)
    g = Gacrux(a.gacrux, a.out)
    tally = {"gacrux-paired": [0, 0], "trfaudit-paired": [0, 0]}
    with open(a.out / "results.jsonl", "a") as log:
        for seed in range(a.start, a.start + a.count):
            cfg = config(seed)
            row: dict[str, object] = {"seed": seed, "config": cfg.__dict__}
            if a.way in ("gacrux-paired", "both"):
                res = gacrux_paired(g, cfg)
                ok = "error" not in res and all(r["same"] for r in res["rounds"])  # type: ignore[index, union-attr]
                tally["gacrux-paired"][0 if ok else 1] += 1
                text = res.pop("text", "")
                if text:  # kept for `trfaudit check DIR` (the check path, not the pair path)
                    (a.out / f"gacrux-{seed}.trf").write_text(str(text))
                row["gacrux-paired"] = {"ok": ok, **res}
            if a.way in ("trfaudit-paired", "both"):
                try:
                    text = generate(cfg)
                    verdict, why = g.check(text)
                except NoPairing as e:
                    verdict, why, text = False, f"trfaudit: no pairing: {e}", ""
                tally["trfaudit-paired"][0 if verdict else 1] += 1
                row["trfaudit-paired"] = {"ok": verdict, "why": why}
                if not verdict:
                    (a.out / f"trfaudit-{seed}.trf").write_text(text)
            log.write(json.dumps(row, default=str) + "\n")
            log.flush()
            print(seed, {k: v for k, v in tally.items()}, flush=True)
    print(json.dumps({k: {"agree": v[0], "disagree": v[1]} for k, v in tally.items()}))


if __name__ == "__main__":
    main()
