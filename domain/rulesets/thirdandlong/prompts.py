"""What the Third and Long table does next: one prompt function per phase, in ``PROMPTS``."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from domain import kernel
from domain.ruleset import (
    SIDES,
    EntryForm,
    Prompt,
    Side,
    Slot,
    other,
)
from domain.rulesets.thirdandlong.cards import injurable
from domain.rulesets.thirdandlong.plays import accept_ruling, big_plays, play_total
from domain.rulesets.thirdandlong.pregame import draft_picker
from domain.rulesets.thirdandlong.state import (
    DEFENCE_MATCHUPS,
    INJURY_UNITS,
    MODIFIER_HIGH,
    OFFENCE_MATCHUPS,
    PENALTY_RANGE,
    POSITIONS,
    RANDOM_HIGH,
    RANDOM_LOW,
    SALARY_CAP_TENTHS,
    TARGETS,
    Play,
    ThirdAndLongState,
    count,
    offence_of,
    open_play,
    ruling_on_field,
    target_number,
    team_of,
)
from domain.rulesets.thirdandlong.timeouts import challengers
from domain.rulesets.thirdandlong.wording import (
    outcome_words,
    quarter_name,
    roster_line,
)
from domain.words import a_or_an


def _team_slot(label: str = "team", sides: Sequence[Side] = SIDES) -> Slot:
    return Slot(label, "word", words=tuple(sides))


def _random_slot(label: str) -> Slot:
    return Slot(label, "number", low=RANDOM_LOW, high=RANDOM_HIGH)


def _star_forms(state: ThirdAndLongState, sides: Sequence[Side]) -> list[EntryForm]:
    """One form per team that can still sign a star: its free positions, salary up to the cap."""
    forms = []
    for side in sides:
        team = team_of(state, side)
        free = tuple(p for p in POSITIONS if all(s.position != p for s in team))
        room = (SALARY_CAP_TENTHS - sum(s.salary for s in team)) // 10
        if not free or room < 1:
            continue
        forms.append(
            EntryForm(
                f"star {side}",
                f"{a_or_an(state.name(side))} star Player card: position, salary in $M, then its "
                "three attributes in the order QB accuracy arm timing / RB power speed vision / "
                "WR agility quickness speed / LB CB S speed tackling instincts",
                (
                    Slot("position", "word", words=free),
                    # Salaries are printed in tenths of a million (2.5): one decimal.
                    Slot("salary $M", "number", low=1, high=room, decimals=1),
                    Slot("attribute 1", "number", low=1, high=3),
                    Slot("attribute 2", "number", low=1, high=3),
                    Slot("attribute 3", "number", low=1, high=3),
                ),
            )
        )
    return forms


def _prompt_roster(state: ThirdAndLongState) -> Prompt:
    return Prompt(
        "both",
        "Set-up: enter each team's star Player cards (star <team> <pos> <salary> <attributes>), "
        f"then ready. {roster_line(state, 'home')}; {roster_line(state, 'away')}",
        (
            EntryForm("ready", "both teams are on the table: toss the coin"),
            *_star_forms(state, SIDES),
        ),
    )


def _prompt_draft_order(state: ThirdAndLongState) -> Prompt:
    return Prompt(
        "both",
        "Draft: flip a coin to see who chooses the first player. Enter the winner: first <team>",
        (EntryForm("first", "the team that picks first", (_team_slot(),)),),
    )


def _prompt_draft(state: ThirdAndLongState) -> Prompt:
    picker = draft_picker(state)
    return Prompt(
        picker,
        f"Draft: {state.name(picker)} pick a Player card (star {picker} <pos> <salary> "
        f"<attributes>) or finish (done {picker}). {roster_line(state, 'home')}; "
        f"{roster_line(state, 'away')}",
        (
            *_star_forms(state, (picker,)),
            EntryForm("done", "this team has finished picking", (_team_slot("team", (picker,)),)),
        ),
    )


def _prompt_toss(state: ThirdAndLongState) -> Prompt:
    when = "Overtime coin toss" if state.overtime else "Coin toss"
    return Prompt(
        "both",
        f"{when}: the visitors ({state.away}) call it in the air. Enter the winner: toss <team>",
        (EntryForm("toss", "the team that won the coin toss", (_team_slot("winner"),)),),
    )


def _prompt_choice(state: ThirdAndLongState) -> Prompt:
    w = state.toss_winner
    assert w is not None
    return Prompt(
        w,
        f"{state.name(w)} won the toss: start on offense or defense",
        (
            EntryForm("offense", f"{state.name(w)} start on offence (receive)"),
            EntryForm("defense", f"{state.name(w)} start on defence (kick off)"),
        ),
    )


def _drive_form(state: ThirdAndLongState) -> EntryForm:
    short = " less one (shorter drive)" if state.shorten else ""
    return EntryForm(
        "drive",
        f"the drive-length card's random number{short}",
        (_random_slot("random number"),),
    )


def _prompt_kickoff(state: ThirdAndLongState) -> Prompt:
    off, kicker = offence_of(state), state.defence
    return Prompt(
        off,
        f"Kick-off: {state.name(kicker)} kick to {state.name(off)}. {state.name(kicker)} may try "
        f"an onside kick (flip a card: onside <n>); otherwise {state.name(off)} flip the "
        f"drive-length card (drive <n>). {state.deck} cards in the Action Deck",
        (
            _drive_form(state),
            EntryForm(
                "onside",
                f"{state.name(kicker)} try an onside kick: the flipped card's random number",
                (_random_slot("random number"),),
            ),
        ),
    )


def _prompt_drive(state: ThirdAndLongState) -> Prompt:
    off = offence_of(state)
    short = " (one key moment fewer: better field position)" if state.shorten else ""
    return Prompt(
        off,
        f"{state.name(off)} flip the top Action card for the drive length{short}: drive <n>. "
        f"{state.deck} cards in the Action Deck",
        (_drive_form(state),),
    )


def _timeout_forms(state: ThirdAndLongState, help: str) -> list[EntryForm]:
    sides = tuple(s for s in SIDES if count(state.timeouts, s) > 0)
    if not sides:
        return []
    return [
        EntryForm("timeout", help, (_team_slot("team", sides),)),
        EntryForm(
            "timeout",
            help + ", and refresh that coach's whole hand",
            (_team_slot("team", sides), Slot("hand", "word", words=("refresh",))),
        ),
    ]


def _play_line(state: ThirdAndLongState) -> str:
    kind = state.kind if state.play is None else state.play.kind
    if kind == "fourth":
        return "Fourth-down conversion (a tie fails)"
    if kind == "goforit":
        return "Go For It! (a tie fails)"
    if kind == "two":
        return "Two-point conversion (a tie fails)"
    if kind == "return":
        return "Turnover return (target 2)"
    return (
        f"Key moment {state.moments_total - state.moments + 1} of {state.moments_total} "
        f"({state.moments} left)"
    )


def _prompt_calls(state: ThirdAndLongState) -> Prompt:
    return Prompt(
        "both",
        f"{_play_line(state)}, {state.name(offence_of(state))} on offence; {state.deck} cards in "
        "the Action Deck. Both coaches reveal play calls: enter the arrow's colour, the offensive "
        "player-attribute and the box-attribute (play green rb-power lb-tackling)",
        (
            EntryForm(
                "play",
                "the revealed calls: colour the arrow points to, offensive player and attribute, "
                "defender box and attribute",
                (
                    Slot("colour", "word", words=tuple(TARGETS)),
                    Slot("offence", "word", words=OFFENCE_MATCHUPS),
                    Slot("box", "word", words=DEFENCE_MATCHUPS),
                ),
            ),
            *_timeout_forms(state, "a time-out before the calls"),
        ),
    )


def _prompt_snap(state: ThirdAndLongState, play: Play) -> Prompt:
    """Take the Snap (or, before it, a time-out to avoid the matchup)."""
    off = offence_of(state)
    snap_form = EntryForm("snap", "the snap card's random number", (_random_slot("random number"),))
    if play.kind == "return":
        return Prompt(
            off,
            f"Turnover return: {state.name(off)} flip a snap card (snap <n>); target 2",
            (snap_form,),
        )
    if play.challenged is not None:
        return Prompt(
            off,
            f"Challenge review: {state.name(off)} take a new snap (snap <n>)",
            (snap_form,),
        )
    return Prompt(
        off,
        f"{_play_line(state)}: target {target_number(play)}. {state.name(off)} take the snap "
        "(snap <n>), or a coach calls a time-out to avoid the matchup",
        (snap_form, *_timeout_forms(state, "a time-out: both coaches choose new calls")),
    )


def _modifier_forms(state: ThirdAndLongState) -> list[EntryForm]:
    """Modifiers: a coach with a card in hand may add (offence) or subtract (defence)."""
    off, dfn = offence_of(state), state.defence
    value = Slot("value", "number", low=1, high=MODIFIER_HIGH)
    forms: list[EntryForm] = []
    if count(state.hands, off) > 0:
        forms.append(EntryForm("off", f"{state.name(off)} use an offensive modifier", (value,)))
    if count(state.hands, dfn) > 0:
        forms.append(EntryForm("def", f"{state.name(dfn)} use a defensive modifier", (value,)))
    return forms


def _big_play_forms(state: ThirdAndLongState) -> list[EntryForm]:
    """Big Plays: the cards that can still change the stakes of this play."""
    bigs = big_plays(state)
    if not bigs:
        return []
    return [
        EntryForm(
            "big",
            "a Big Play card by name or stakes",
            (Slot("big play", "word", words=tuple(bigs)),),
        )
    ]


def _flag_forms(state: ThirdAndLongState, play: Play) -> list[EntryForm]:
    """Game Breaks, Penalty/Personal Foul: not during a challenge, nor on a turnover return."""
    holders = tuple(s for s in SIDES if count(state.hands, s) > 0)
    if not holders or play.challenged is not None or play.kind == "return":
        return []
    change = Slot("change", "number", low=-PENALTY_RANGE, high=PENALTY_RANGE)
    return [
        EntryForm(
            "penalty",
            "a Penalty card: who uses it and its printed change to the play total",
            (_team_slot("team", holders), change),
        ),
        EntryForm(
            "foul",
            "a Personal Foul card: who uses it and its printed change to the play total",
            (_team_slot("team", holders), change),
        ),
    ]


def _injury_forms(state: ThirdAndLongState, play: Play) -> list[EntryForm]:
    """Game Breaks, Injury: a star on the field whose opponent holds a card (not on a return)."""
    if play.kind == "return":
        return []
    targets = tuple(
        pos
        for side in (offence_of(state), state.defence)
        if count(state.hands, other(side)) > 0
        for pos in injurable(state, side)
    )
    if not targets:
        return []
    return [
        EntryForm(
            "injury",
            "an Injury card: the injured star's position and the printed time out",
            (
                Slot("position", "word", words=targets),
                Slot("length", "number", low=1, high=9),
                Slot("unit", "word", words=INJURY_UNITS),
            ),
        )
    ]


def _prompt_pile(state: ThirdAndLongState, play: Play) -> Prompt:
    """Use Action Cards: modifiers, big plays and game breaks on the pile, then the whistle."""
    review = " (challenge review: no penalties)" if play.challenged else ""
    return Prompt(
        "both",
        f"{_play_line(state)}{review}: play total {play_total(state, play)} against target "
        f"{target_number(play)}. Use Action cards, then whistle",
        (
            # The whistle comes first: it is the entry that moves the game on.
            EntryForm("whistle", "both coaches are done: finalize the play"),
            *_modifier_forms(state),
            *_big_play_forms(state),
            *_flag_forms(state, play),
            *_injury_forms(state, play),
        ),
    )


def _prompt_check(state: ThirdAndLongState) -> Prompt:
    return Prompt(
        "both",
        "Turnover Check: each coach flips a card, the defence first. Enter both random numbers: "
        "check <defence> <offence>",
        (
            EntryForm(
                "check",
                "the two random numbers, defence first",
                (_random_slot("defence number"), _random_slot("offence number")),
            ),
        ),
    )


def _prompt_turnover(state: ThirdAndLongState, play: Play) -> Prompt:
    """Turnover Check lost: a flag may negate it, a challenge review it, the defence return it."""
    forms: list[EntryForm] = [EntryForm("whistle", "the turnover stands")]
    holders = tuple(s for s in SIDES if count(state.hands, s) > 0)
    if holders and play.challenged is None:
        change = Slot("change", "number", low=-PENALTY_RANGE, high=PENALTY_RANGE)
        for kw in ("penalty", "foul"):
            forms.append(
                EntryForm(kw, "a flag negates the turnover", (_team_slot("team", holders), change))
            )
    who = challengers(state)
    if who:
        forms.append(
            EntryForm("challenge", "challenge the Turnover Check", (_team_slot("team", who),))
        )
    returnable = play.kind != "two"
    if returnable and count(state.hands, state.defence) > 0:
        forms.append(EntryForm("loose", "He Breaks Loose!: the defence tries to return it"))
    loose = " He Breaks Loose! (loose)," if returnable else ""
    return Prompt(
        "both",
        f"Turnover! {state.name(state.defence)} have the ball unless a flag negates it. "
        f"Penalty, challenge,{loose} or whistle",
        tuple(forms),
    )


def _prompt_review(state: ThirdAndLongState, play: Play) -> Prompt:
    """Challenge a Play: after the whistle either coach may challenge the ruling on the field;
    the entries after an accepted ruling are offered beside it."""
    outcome = ruling_on_field(play)
    settled, _ = accept_ruling(state, play)
    after = PROMPTS[settled.phase](settled)
    who = challengers(state)
    forms = [
        *after.forms,
        EntryForm("accept", "the ruling on the field stands"),
        EntryForm("challenge", "challenge the ruling on the field", (_team_slot("team", who),)),
    ]
    return Prompt(
        after.actor,
        f"Ruling on the field: {outcome_words(outcome)}. Either coach may challenge "
        f"(challenge <team>); otherwise: {after.text}",
        tuple(forms),
    )


def _prompt_fourth(state: ThirdAndLongState) -> Prompt:
    off = offence_of(state)
    return Prompt(
        off,
        f"Fourth down: {state.name(off)} punt, or go for it (one play, a tie fails)",
        (
            EntryForm("punt", "punt: the drive ends"),
            EntryForm("go", "go for it on fourth down"),
        ),
    )


def _prompt_score(state: ThirdAndLongState) -> Prompt:
    off = offence_of(state)
    return Prompt(
        off,
        f"{state.name(off)} flip the scoring card: enter its upper-left corner (score td | "
        "score fg)",
        (
            EntryForm(
                "score", "touchdown or field goal", (Slot("result", "word", words=("td", "fg")),)
            ),
        ),
    )


def _prompt_fg_choice(state: ThirdAndLongState) -> Prompt:
    off = offence_of(state)
    return Prompt(
        off,
        f"Field goal card: {state.name(off)} kick it (kick, 3 points) or Go For It! (goforit)",
        (
            EntryForm("kick", "take the 3 points"),
            EntryForm("goforit", "one more play for a new scoring card; losing scores nothing"),
        ),
    )


def _prompt_try(state: ThirdAndLongState) -> Prompt:
    s = offence_of(state)
    return Prompt(
        s,
        f"After the touchdown: {state.name(s)} flip the extra-point card (xp <n>) or declare "
        "two first (two)",
        (
            EntryForm(
                "xp", "the extra-point card's random number", (_random_slot("random number"),)
            ),
            EntryForm("two", "go for two: a single play"),
        ),
    )


def _prompt_block(state: ThirdAndLongState) -> Prompt:
    s = offence_of(state)
    return Prompt(
        other(s),
        f"Extra point in doubt: {state.name(other(s))} flip a card to block (block <n>); a 1 "
        "blocks it",
        (
            EntryForm(
                "block", "the blocking card's random number", (_random_slot("random number"),)
            ),
        ),
    )


def _prompt_time_up(state: ThirdAndLongState) -> Prompt:
    return Prompt(
        "both",
        f"Time has run out in {quarter_name(state.quarter)}. A coach may call a time-out for "
        "one more play (timeout <team>), or end the quarter (end)",
        (
            EntryForm("end", "let the quarter end"),
            *_timeout_forms(state, "a time-out buys one more play"),
        ),
    )


def _prompt_final(state: ThirdAndLongState) -> Prompt:
    return kernel.final_whistle(kernel.final_line(state))


PromptFor = Callable[[ThirdAndLongState], Prompt]


def _with_play(prompt: Callable[[ThirdAndLongState, Play], Prompt]) -> PromptFor:
    """The prompt of a phase that always holds a play under way, handed that play."""
    return lambda state: prompt(state, open_play(state))


PROMPTS: dict[str, PromptFor] = {
    "roster": _prompt_roster,
    "draft_order": _prompt_draft_order,
    "draft": _prompt_draft,
    "toss": _prompt_toss,
    "choice": _prompt_choice,
    "kickoff": _prompt_kickoff,
    "drive": _prompt_drive,
    "calls": _prompt_calls,
    "snap": _with_play(_prompt_snap),
    "pile": _with_play(_prompt_pile),
    "check": _prompt_check,
    "turnover": _with_play(_prompt_turnover),
    "review": _with_play(_prompt_review),
    "fourth": _prompt_fourth,
    "score": _prompt_score,
    "fg_choice": _prompt_fg_choice,
    "try": _prompt_try,
    "block": _prompt_block,
    "time_up": _prompt_time_up,
    "final": _prompt_final,
}
