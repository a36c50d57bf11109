"""Who acts now and the entries legal now: one prompt function per phase."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from itertools import combinations

from domain import field as yards
from domain import kernel
from domain.ruleset import SIDES, EntryForm, Prompt, Side, Slot
from domain.rulesets.firstandgoal.board import KICK_NAMES
from domain.rulesets.firstandgoal.lines import coach, down_line
from domain.rulesets.firstandgoal.reading import (
    DIE_NAMES,
    KIND_WORDS,
    die_range,
    roll_dice_spec,
    show_card,
)
from domain.rulesets.firstandgoal.state import (
    COLOURS,
    DEFENCES,
    FAKE_KICK,
    HAIL_MARY_LINE,
    MARKS,
    MAX_BLACK,
    MAX_KICK_DICE,
    PASSES,
    RETURNS,
    RUNS,
    TIMEOUT_OPTIONS,
    Cards,
    FirstAndGoalState,
    pass_play,
)


def _combos(most: int, blacks: int) -> tuple[str, ...]:
    """Every set of dice a line can name, as one word ("red-tan-black"), for pickers."""
    out: list[str] = []
    for size in range(most + 1):
        for chosen in combinations(COLOURS, size):
            for b in range(blacks + 1):
                if size or b:
                    out.append("-".join([*chosen, *(["black"] * b)]))
    return tuple(out)


_KICK_COMBOS = _combos(MAX_KICK_DICE, 0)


_CARD_COMBOS = _combos(len(COLOURS), MAX_BLACK)


def _sides_slot(label: str, sides: Sequence[Side]) -> Slot:
    """A slot naming a team, offering only ``sides``."""
    return Slot(label, "word", words=tuple(sides))


def _slot(name: str, kind: str) -> Slot:
    """A slot for one die: its colour and range for a number, its faces for a white die."""
    if kind in ("num", "d20"):
        low, high = die_range(name, kind)
        colour = None if name in ("punt", "bounce") else name
        return Slot(f"{name} die", "number", colour=colour, low=low, high=high)
    label = {"play": "play die", "ref": "referee die", "pen": "penalty die"}.get(name, name)
    colour = "white" if kind in ("play", "ref", "pen") else None
    return Slot(label, "word", colour=colour, words=KIND_WORDS[kind])


def _roll_form(spec: tuple[tuple[str, str], ...], help: str, keyword: str = "roll") -> EntryForm:
    """An entry form for a roll: one slot per die, in the order asked."""
    return EntryForm(keyword, help, tuple(_slot(name, kind) for name, kind in spec))


def _timeout_form(state: FirstAndGoalState, sides: Sequence[Side]) -> list[EntryForm]:
    """Time-out (pp. 4, 10): offered to the teams in ``sides`` that have one left."""
    able = [s for s in sides if state.timeouts_of(s) > 0]
    if not able:
        return []
    return [EntryForm("timeout", "a team calls a time-out", (_sides_slot("team", able),))]


def _play_forms(state: FirstAndGoalState) -> list[EntryForm]:
    """A play, step 1-2 (pp. 4-5, 10): both cards, with the red-zone marks still legal here."""
    cards = (
        Slot("offence card", "word", words=RUNS + PASSES),
        Slot("defence card", "word", words=DEFENCES),
    )
    forms = [EntryForm("play", "both cards revealed", cards)]
    limits = {"r10": 10, "r20": 20, "clock": 10}
    marks = tuple(m for m in MARKS if state.ball > limits[m])
    if marks:
        forms.append(
            EntryForm(
                "play",
                "both cards revealed; the offence card has a red 10 / 20 or running-clock mark",
                (*cards, Slot("mark", "word", words=marks)),
            )
        )
    return forms


def _prompt_toss(state: FirstAndGoalState) -> Prompt:
    """Set-up (p. 2), overtime (p. 10): Away calls the RFL coin; the winner receives."""
    when = "Overtime: flip" if state.in_overtime else "Flip"
    return Prompt(
        "away",
        f"{when} the RFL coin; {state.away} call head or lion. Enter the winner, who takes the "
        "ball: toss home | toss away",
        (EntryForm("toss", "the team that won the coin toss", (_sides_slot("winner", SIDES),)),),
    )


def _prompt_kickoff(state: FirstAndGoalState) -> Prompt:
    """Kickoff (pp. 4, 8, 11): touchback or return; or onside (or squib) by the kickers."""
    off, kicker = state.offence, state.defence
    forms = [
        EntryForm("touchback", f"{state.name(off)} take a touchback at their 20"),
        EntryForm("return", f"{state.name(off)} run the kickoff back from the goal line"),
        EntryForm("onside", f"{state.name(kicker)} try an onside kick from their 30"),
    ]
    extra = ""
    if state.squib:
        forms.append(EntryForm("squib", f"{state.name(kicker)} squib kick from their 30"))
        extra = " or squib"
    return Prompt(
        coach(state, off, "offence"),
        f"Kickoff: {state.name(kicker)} kick off to {state.name(off)}. {state.name(off)}: "
        f"touchback or return; or {state.name(kicker)} kick onside{extra}",
        tuple(forms),
    )


def _prompt_board_dice(state: FirstAndGoalState) -> Prompt:
    """Special teams (p. 7): ask once which dice the board prints for this kick."""
    assert state.kick is not None
    forms = (
        EntryForm(
            "dice",
            "the colours printed on the board, e.g. dice red tan (or red-tan)",
            (Slot("dice", "word", words=_KICK_COMBOS),),
        ),
    )
    roller = state.offence if state.kick != "squib" else state.defence
    return Prompt(
        coach(state, roller, "offence"),
        f"Which dice does the board show for the {KICK_NAMES[state.kick]}? Enter "
        "dice <colour> ... (asked once a game)",
        forms,
    )


def _prompt_onside(state: FirstAndGoalState) -> Prompt:
    """Onside kick (p. 8): red, brown, play and referee dice."""
    spec = (("red", "num"), ("brown", "num"), ("play", "play"), ("ref", "ref"))
    return Prompt(
        coach(state, state.defence, "defence"),
        f"Onside kick from {state.name(state.defence)} 30: roll red, brown, play and referee "
        "dice: roll <red> <brown> <play> <referee>",
        (_roll_form(spec, "the onside kick"),),
    )


def _prompt_squib(state: FirstAndGoalState) -> Prompt:
    """Squib kick (optional, p. 11): the board's squib dice."""
    dice = state.kick_dice("squib")
    return Prompt(
        coach(state, state.defence, "defence"),
        f"Squib kick: roll {', '.join(dice)}: roll <faces>",
        (_roll_form(tuple((c, "num") for c in dice), "the squib kick"),),
    )


def _prompt_call(state: FirstAndGoalState) -> Prompt:
    """A play, step 1 (p. 4): a card each, or a time-out, a kick, a sneak, a kneel..."""
    _, marker = state.chains
    forms = _play_forms(state)
    off = state.offence
    if state.down == 4:
        forms.append(EntryForm("punt", f"{state.name(off)} punt"))
    forms.append(EntryForm("fg", f"{state.name(off)} try a field goal"))
    forms += _timeout_form(state, SIDES)
    if state.pass_completed and state.green.deck > 0:
        forms.append(
            EntryForm("runclock", "after the completed pass, burn a card to run the clock")
        )
    if yards.distance_to_gain(state.ball, marker) == 1:
        forms.append(EntryForm("sneak", "QB sneak, 1 yard to go"))
    if state.green.deck == 0 and state.green.hand >= 1:
        forms.append(EntryForm("kneel", "QB kneel: burn a card, lose 1 yard and a down"))
        if state.green.hand <= 2 and state.ball >= HAIL_MARY_LINE:
            forms.append(EntryForm("hailmary", "Hail Mary pass on the last play of the half"))
    if state.ball <= 20:
        forms.append(
            EntryForm(
                "unplayable",
                "no card can be played here: discard 1 or 2 and redraw",
                (Slot("cards", "word", words=("1", "2")),),
            )
        )
    fourth = " Punt, field goal or go for it." if state.down == 4 else ""
    return Prompt(
        "both",
        f"{down_line(state)}.{fourth} Both coaches choose a card and reveal: "
        "play <offence card> <defence card> [r10|r20|clock], or call a time-out",
        tuple(forms),
    )


def _prompt_two_call(state: FirstAndGoalState) -> Prompt:
    """Two-point conversion (p. 9): one card play from the 2."""
    forms = _play_forms(state) + _timeout_form(state, SIDES)
    return Prompt(
        "both",
        f"Two-point try from the {state.ball_on}: both coaches choose a card and reveal: "
        "play <offence card> <defence card>",
        tuple(forms),
    )


def _prompt_fake_call(state: FirstAndGoalState) -> Prompt:
    """Fake punt / field goal (p. 11): a card each, played without the black die."""
    return Prompt(
        "both",
        "The kick is faked: both coaches choose a card and reveal (no black die): "
        "play <offence card> <defence card>, or call a time-out",
        tuple(_play_forms(state) + _timeout_form(state, SIDES)),
    )


def _prompt_matchup(state: FirstAndGoalState) -> Prompt:
    """Dice matchup (p. 5): the dice the offence card's line names for this defence."""
    play = state.in_play
    forms = [
        EntryForm(
            "dice",
            "the dice the matchup line calls for, e.g. dice red tan black (or red-tan-black)",
            (Slot("dice", "word", words=_CARD_COMBOS),),
        )
    ]
    if play.burn is not None:
        forms += _timeout_form(state, (state.defence,))
    return Prompt(
        "both",
        f"Find {show_card(play.defence_card)} on the {show_card(play.offence_card)} card: "
        "which dice does the line call for? dice <colour> ... (black once per black die)",
        tuple(forms),
    )


def _prompt_roll(state: FirstAndGoalState) -> Prompt:
    """Rolling the matchup (p. 5), a return (pp. 4, 8) or a breakaway's reroll (p. 6)."""
    play = state.in_play
    spec = roll_dice_spec(play)
    what = ", ".join(DIE_NAMES.get(name, name) for name, _ in spec)
    head = {
        "kick_return": "Kickoff return from the goal line",
        "d20_return": "d20 kickoff return" if play.pending is None else "d20 20: roll it again",
        "punt_return": "Punt return",
    }.get(play.kind, "Roll")
    if state.phase == "reroll":
        head = f"Breakaway ({play.gained:+d} so far): roll the same dice again"
    forms = [_roll_form(spec, "the faces rolled, in this order")]
    if state.phase == "reroll" and play.last < 0:
        forms.append(EntryForm("stop", "the runner's side declares him down"))
    return Prompt("both", f"{head}: {what}. roll <faces>", tuple(forms))


def _prompt_ref_t(state: FirstAndGoalState) -> Prompt:
    """Potential turnover (p. 6): the referee die."""
    return Prompt(
        "referee",
        "Potential turnover: roll the referee die: ref <face> (T is a turnover)",
        (_roll_form((("ref", "ref"),), "the referee die", "ref"),),
    )


def _prompt_ref_p(state: FirstAndGoalState) -> Prompt:
    """Potential penalty (p. 6): the referee and penalty dice."""
    return Prompt(
        "referee",
        "Potential penalty: roll the referee and penalty dice: ref <referee> <penalty> "
        "(def / off name the offender)",
        (_roll_form((("ref", "ref"), ("pen", "pen")), "referee and penalty dice", "ref"),),
    )


def _prompt_penalty_choice(state: FirstAndGoalState) -> Prompt:
    """Penalty procedure (p. 7): the side that did not offend accepts or declines."""
    play = state.in_play
    chooser = state.flag.chooser(state.offence)
    role = "offence" if chooser == state.offence else "defence"
    what, keep, how = "enforce the penalty", f"keep the play ({play.last:+d} yards)", ""
    if play.kind in RETURNS:
        what = "marked off from the end of the return"
        keep, how = f"keep the return ({play.last:+d} yards)", f" ({what})"
    return Prompt(
        coach(state, chooser, role),
        f"{state.name(chooser)}: accept the penalty{how} or decline it and {keep}",
        (EntryForm("accept", what), EntryForm("decline", keep)),
    )


def _prompt_punt_penalty_choice(state: FirstAndGoalState) -> Prompt:
    """Punt, play-die P (p. 8): accept and repeat the punt, or decline."""
    chooser = state.flag.chooser(state.offence)
    role = "offence" if chooser == state.offence else "defence"
    keep = f"keep the punt ({state.kick_distance} yards)"
    return Prompt(
        coach(state, chooser, role),
        f"{state.name(chooser)}: accept the penalty (the punt is repeated from the new spot) or "
        f"decline it and {keep}",
        (
            EntryForm("accept", "move the ball and repeat the punt"),
            EntryForm("decline", keep),
        ),
    )


def _prompt_turnover_roll(state: FirstAndGoalState) -> Prompt:
    """Optional turnover rule (p. 11): the black and red dice move the ball."""
    return Prompt(
        "both",
        "Turnover: roll the black and red dice for where the ball ends: roll <black> <red>",
        (_roll_form((("black", "num"), ("red", "num")), "black then red"),),
    )


def _prompt_turnover_dice(state: FirstAndGoalState) -> Prompt:
    """Optional turnover rule (p. 11): the referee and penalty dice on a turnover."""
    then = " (then interception or fumble by your printed rule)" if pass_play(state.in_play) else ""
    return Prompt(
        "referee",
        "Turnover (optional rule, p. 11): roll the referee and penalty dice: "
        f"ref <referee> <penalty>{then}",
        (_roll_form((("ref", "ref"), ("pen", "pen")), "referee and penalty dice", "ref"),),
    )


def _prompt_turnover_call(state: FirstAndGoalState) -> Prompt:
    """Optional turnover rule (p. 11): the table's printed rule, interception or not."""
    assert state.in_play.turnover_faces is not None
    face, pen = state.in_play.turnover_faces
    return Prompt(
        "both",
        f"Referee die {face}, penalty die {pen} on a pass: is that an interception by your "
        "printed optional turnover rule (p. 11)? interception | fumble",
        (
            EntryForm("interception", "the printed rule makes these faces an interception"),
            EntryForm("fumble", "it does not: a fumble"),
        ),
    )


def _prompt_timeout_options(state: FirstAndGoalState) -> Prompt:
    """Time-out (p. 4): each coach's option A (discard pile) or B (redraw)."""

    def options(cards: Cards) -> tuple[str, ...]:
        """Option A needs a card in the discard pile."""
        return TIMEOUT_OPTIONS if cards.discard > 0 else ("b", "none")

    slots = (
        Slot("offence option", "word", words=options(state.green)),
        Slot("defence option", "word", words=options(state.black)),
    )
    return Prompt(
        "both",
        "Time-out: each coach may A) take a card from the discard pile or B) shuffle the hand "
        "in and redraw: options <offence a|b|none> <defence a|b|none>",
        (EntryForm("options", "each coach's time-out option", slots),),
    )


def _prompt_kick_reveal(state: FirstAndGoalState) -> Prompt:
    """Fake punt / field goal (p. 11): both fake/kick cards revealed."""
    what = "field goal" if state.kick == "fg" else "punt"
    slots = (
        Slot("offence", "word", words=FAKE_KICK),
        Slot("defence", "word", words=FAKE_KICK),
    )
    return Prompt(
        "both",
        f"Before the {what} both coaches reveal their fake/kick card: reveal <offence> <defence>",
        (EntryForm("reveal", "the sides shown: kick or fake", slots),),
    )


def _prompt_fg_block(state: FirstAndGoalState) -> Prompt:
    """Field goal (p. 7): the defence's block try, referee and play dice."""
    return Prompt(
        coach(state, state.defence, "defence"),
        f"{state.name(state.defence)} try to block: roll the referee and play dice: "
        "block <referee> <play> (two X block it)",
        (_roll_form((("ref", "ref"), ("play", "play")), "referee then play die", "block"),),
    )


def _prompt_fg_roll(state: FirstAndGoalState) -> Prompt:
    """Field goal (p. 7): the board's distance dice, plus a fake's bonus."""
    dice = state.kick_dice("fg")
    bonus = f" (+{state.kick_bonus} for the defence's fake)" if state.kick_bonus else ""
    return Prompt(
        coach(state, state.offence, "offence"),
        f"Field goal from the {state.ball_on}: roll {', '.join(dice)}{bonus}; the kick must "
        "reach the 0-yard line: roll <faces>",
        (_roll_form(tuple((c, "num") for c in dice), "the field-goal dice"),),
    )


def _prompt_punt_roll(state: FirstAndGoalState) -> Prompt:
    """Punt (pp. 8, 16): the punt dice (or one swapped for the play die), or the d20."""
    actor = coach(state, state.offence, "offence")
    bonus = f" (+{state.kick_bonus} for the defence's fake)" if state.kick_bonus else ""
    if state.d20:
        spec = (("d20", "d20"), ("return", "punt_row"))
        return Prompt(
            actor,
            f"Punt{bonus}: roll the d20; enter it and whether the table's row allows a return: "
            "roll <d20> <fc|ret>",
            (_roll_form(spec, "the d20 and its row"),),
        )
    dice = state.kick_dice("punt")
    forms = [_roll_form(tuple((c, "num") for c in dice), "all the punt dice")]
    if len(dice) >= 2:
        swapped = (*tuple(("punt", "num") for _ in dice[1:]), ("play", "play"))
        forms.append(_roll_form(swapped, "one punt die replaced by the play die"))
    free = "Free punt after the safety" if state.free_kick else "Punt"
    return Prompt(
        actor,
        f"{free} from the {state.ball_on}{bonus}: roll {', '.join(dice)}, or swap one of them "
        "for the play die: roll <faces> [<play>]",
        tuple(forms),
    )


def _prompt_punt_bounce(state: FirstAndGoalState) -> Prompt:
    """Punt, play-die breakaway (p. 8): the extra bounce."""
    return Prompt(
        coach(state, state.offence, "offence"),
        "Extra bounce: roll the die again and enter it: bounce <face>",
        (_roll_form((("bounce", "num"),), "the extra bounce", "bounce"),),
    )


def _prompt_punt_return_choice(state: FirstAndGoalState) -> Prompt:
    """Punt (p. 8): return it with the green and play dice, or fair catch."""
    return Prompt(
        coach(state, state.offence, "offence"),
        f"{state.name(state.offence)}: return the punt (green and play dice) or fair catch",
        (
            EntryForm("return", "return it with the green die and the play die"),
            EntryForm("faircatch", "take the ball where it lands"),
        ),
    )


def _prompt_try(state: FirstAndGoalState) -> Prompt:
    """Touchdown (p. 9): the extra point, or go for two when both sides have a card."""
    s = state.offence
    forms = [_roll_form((("play", "play"), ("ref", "ref")), "the extra-point dice", "pat")]
    if state.green.hand > 0 and state.black.hand > 0:
        forms.append(EntryForm("two", "go for two: one card play from the 2"))
    return Prompt(
        coach(state, s, "offence"),
        f"Touchdown {state.name(s)}: kick the extra point (roll play and referee dice: "
        "pat <play> <referee>) or go for two (two)",
        tuple(forms),
    )


def _prompt_sneak(state: FirstAndGoalState) -> Prompt:
    """Quarterback sneak (p. 11): the play die."""
    return Prompt(
        coach(state, state.offence, "offence"),
        "QB sneak: roll the play die: roll <play>",
        (_roll_form((("play", "play"),), "the play die"),),
    )


def _prompt_hail_mary(state: FirstAndGoalState) -> Prompt:
    """Hail Mary pass (p. 10): the play and referee dice."""
    return Prompt(
        coach(state, state.offence, "offence"),
        "Hail Mary: roll the play and referee dice: roll <play> <referee> (HAIL and MARY score)",
        (_roll_form((("play", "play"), ("ref", "ref")), "play then referee die"),),
    )


def _prompt_final(state: FirstAndGoalState) -> Prompt:
    """After the final whistle (pp. 9-10) nobody acts."""
    return kernel.final_whistle(kernel.final_line(state))


PROMPTS: Mapping[str, Callable[[FirstAndGoalState], Prompt]] = {
    "toss": _prompt_toss,
    "kickoff": _prompt_kickoff,
    "board_dice": _prompt_board_dice,
    "onside_roll": _prompt_onside,
    "squib_roll": _prompt_squib,
    "call": _prompt_call,
    "two_call": _prompt_two_call,
    "fake_call": _prompt_fake_call,
    "matchup": _prompt_matchup,
    "roll": _prompt_roll,
    "reroll": _prompt_roll,
    "ref_t": _prompt_ref_t,
    "ref_p": _prompt_ref_p,
    "sneak_ref": _prompt_ref_p,
    "penalty_choice": _prompt_penalty_choice,
    "turnover_roll": _prompt_turnover_roll,
    "turnover_dice": _prompt_turnover_dice,
    "turnover_call": _prompt_turnover_call,
    "timeout_options": _prompt_timeout_options,
    "kick_reveal": _prompt_kick_reveal,
    "fg_block": _prompt_fg_block,
    "fg_roll": _prompt_fg_roll,
    "punt_roll": _prompt_punt_roll,
    "punt_bounce": _prompt_punt_bounce,
    "punt_ref_t": _prompt_ref_t,
    "punt_ref_p": _prompt_ref_p,
    "punt_penalty_choice": _prompt_punt_penalty_choice,
    "punt_return_choice": _prompt_punt_return_choice,
    "try": _prompt_try,
    "sneak": _prompt_sneak,
    "hail_mary": _prompt_hail_mary,
    kernel.FINAL: _prompt_final,
}
