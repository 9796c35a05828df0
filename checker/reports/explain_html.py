"""The HTML fragment of an explanation (``trfaudit explain --format html``, the ``check``
report's per-player links, the web page): :func:`render_explanation_html`.

Every text taken from the file (names) is escaped; the fragment has no script and no style
of its own beyond class names (``why-...``), so that a page can embed it.
"""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING

from trfaudit.checker.reports.explain_text import headline
from trfaudit.checker.reports.terms import terms
from trfaudit.engine.explanation import Explanation, PlayerWhy

if TYPE_CHECKING:
    from trfaudit.trf.model import Tournament


def player_id(rnd: int, tpn: int) -> str:
    """The anchor of a player's explanation for a round (``why-r3-p14``)."""
    return f"why-r{rnd}-p{tpn}"


def reasons_id(rnd: int, tpn: int) -> str:
    """The anchor of the reasons inside a player's ``<details>``: a link to it opens the
    ``<details>`` (browsers expand a closed one around a fragment's target)."""
    return f"{player_id(rnd, tpn)}-reasons"


def render_player_html(rnd: int, p: PlayerWhy, open_: bool = False) -> str:
    """One player's explanation as a ``<details>`` (its summary is the headline)."""
    items = "".join(
        f'<li class="why-{escape(r.about)}"><span class="why-rule">{escape(r.rule)}</span> '
        f"{escape(r.text)}{' <em>(uncertain)</em>' if r.uncertain else ''}</li>"
        for r in p.reasons
    )
    attr = " open" if open_ else ""
    return (
        f'<details class="why-player" id="{player_id(rnd, p.tpn)}"{attr}>'
        f'<summary>{escape(headline(p))}</summary><ul id="{reasons_id(rnd, p.tpn)}">{items}</ul>'
        "</details>"
    )


def terms_html(players: tuple[PlayerWhy, ...]) -> str:
    """The muted line defining the words the players' reasons use (S1, MDP, ...), or ""."""
    words = terms(r.text for p in players for r in p.reasons)
    return "" if words is None else f'<p class="muted why-terms">Terms: {escape(words)}</p>'


def render_explanation_html(explanation: Explanation) -> str:
    """The explanation as an HTML fragment (a ``<section>``)."""
    e = explanation
    kind = "recorded round" if e.recorded else "the engine's next round"
    out = [
        f'<section class="why" id="why-r{e.round}">',
        f"<h2>Round {e.round}: why this pairing</h2>",
        f"<p>{escape(kind)}; rules {escape(e.rules)} ({escape(e.rules_reason)})</p>",
    ]
    if e.finding:
        out.append(
            f'<p class="why-finding">check: {escape(e.finding)} '
            "(explained as the engine pairs it)</p>"
        )
    out += [f'<p class="why-note">{escape(n)}</p>' for n in e.notes]
    one = len(e.players) == 1
    out += [render_player_html(e.round, p, open_=one) for p in e.players]
    words = terms_html(e.players)  # a footnote: the reasons come first
    if words:
        out.append(words)
    if e.against is not None and e.verdict is not None:
        v = e.verdict
        out.append(
            f'<div class="why-against"><h3>Why not {e.player}-{e.against}: '
            f"{escape(v.kind)} {escape(v.criterion or '')}</h3><p>{escape(v.text)}</p>"
        )
        if e.alternative is not None:
            pairs = ", ".join(f"{w}-{b}" for w, b in e.alternative.pairs)
            bye = f"; PAB {e.alternative.bye}" if e.alternative.bye is not None else ""
            out.append(f"<p>alternative: {escape(pairs + bye)}</p>")
        out.append("</div>")
    out.append("</section>")
    return "\n".join(out)


def check_round_section(t: Tournament, rnd: int, tpns: list[int], rules: str | None) -> str:
    """The explanations of the players ``tpns`` of ``t``'s round ``rnd``, as embedded
    ``<details>`` anchored by :func:`player_id` (the ``check`` report links each name of its
    player table to them); a muted note when the round cannot be explained (nothing is
    hidden)."""
    from trfaudit.checker.audit import system_to_check
    from trfaudit.engine import NoPairing
    from trfaudit.trf.errors import TrfError

    try:
        system, refused = system_to_check(t, rules or "auto")
        if system is None:
            raise ValueError(refused)
        e = system.explain_players(t, rnd, rules or "auto", tpns)
    except (TrfError, ValueError, NoPairing) as exc:
        return no_explanation(rnd, str(exc))
    body = "".join(render_player_html(rnd, p) for p in e.players)
    notes = "".join(f'<p class="muted why-note">{escape(n)}</p>' for n in e.notes)
    return (
        f'<div class="why" id="why-r{rnd}"><h4>Why the engine pairs them so '
        f"<span class=muted>(round {rnd} as the engine pairs it; rules {escape(e.rules)})"
        f"</span></h4>{notes}{body}{terms_html(e.players)}</div>"
    )


def no_explanation(rnd: int, why: str) -> str:
    """The muted note that stands where round ``rnd``'s explanations cannot be given."""
    return f'<p class="muted why-note">No explanation for round {rnd}: {escape(why)}</p>'
