"""A Third and Long play, from the drive-length card to the whistle: calls, snap, the pile of
Action cards, the Turnover Check and the play total."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from domain import kernel
from domain.ruleset import (
    IllegalEntry,
    Ruling,
    Side,
    other,
)
from domain.rulesets.thirdandlong.cards import (
    bonus_card,
    flip,
    injurable,
    is_injured,
    take,
    use_card,
    who_plays,
)
from domain.rulesets.thirdandlong.clock import next_start
from domain.rulesets.thirdandlong.outcomes import he_breaks_loose, resolve, short_of_the_score
from domain.rulesets.thirdandlong.reading import (
    BIG_ALIASES,
    read_signed,
    side_word,
)
from domain.rulesets.thirdandlong.state import (
    DEFENCE_BIG_PLAYS,
    INJURY_UNITS,
    MODIFIER_HIGH,
    OFFENCE_BIG_PLAYS,
    OFFENCE_POSITIONS,
    PENALTY_RANGE,
    POSITIONS,
    RANDOM_HIGH,
    RANDOM_LOW,
    TURNOVER_CARDS,
    Call,
    Injury,
    Outcome,
    Play,
    ThirdAndLongState,
    count,
    offence_of,
    open_play,
    ruling_on_field,
    star_at,
    target_number,
)
from domain.rulesets.thirdandlong.timeouts import challengers, settle_challenge
from domain.rulesets.thirdandlong.wording import outcome_words
from domain.words import possessive


def drive_length(state: ThirdAndLongState, n: int) -> tuple[ThirdAndLongState, list[Ruling]]:
    """Determine Drive Length: the random number is the key moments (one fewer after a turnover
    on downs or a failed onside kick, at least one)."""
    state, shuffled = flip(state)
    length = max(1, n - 1) if state.shorten else n
    short = f" less one for field position = {length}" if state.shorten else ""
    ruling = Ruling(
        "drive_length",
        f"Drive length: {state.name(offence_of(state))} flip {n}{short} key moment"
        f"{'s' if length != 1 else ''}.",
        team=state.offense,
        data={"random": n, "key_moments": length},
    )
    state = replace(state, drive_length=length, shorten=False, kickoff=False)
    after, more = next_start(state, "moments")
    return after, [*shuffled, ruling, *more]


def onside_kick(state: ThirdAndLongState, n: int) -> tuple[ThirdAndLongState, list[Ruling]]:
    """On-Side Kick: a 1 or 5 and the kicking team recovers (bonus card); else the receiving
    team's next drive is one key moment shorter."""
    kicker = state.defence
    state, shuffled = flip(state)
    if n in (1, 5):
        state = replace(state, offense=kicker, kickoff=False, phase="drive", shorten=False)
        state, bonus = bonus_card(state, kicker, "recovering an onside kick")
        return state, [
            *shuffled,
            Ruling(
                "onside_recovered",
                f"Onside kick: {n}! {state.name(kicker)} recover and keep the ball.",
                team=kicker,
                data={"random": n},
            ),
            *bonus,
        ]
    receiver = other(kicker)
    state = replace(state, kickoff=False, phase="drive", shorten=True)
    return state, [
        *shuffled,
        Ruling(
            "onside_failed",
            f"Onside kick: {n}, {state.name(receiver)} recover; their drive will be one key "
            "moment shorter.",
            team=receiver,
            data={"random": n},
        ),
    ]


def play_calls(state: ThirdAndLongState, call: Call) -> tuple[ThirdAndLongState, list[Ruling]]:
    """Choose Play Calls / Determine Target Number and Matchups: colour sets the target, the
    arrow's box names the defender, the offensive call names both attributes."""
    play = Play(kind=state.kind, call=call)
    off, dfn = offence_of(state), state.defence
    o = attribute_value(state, off, call.off_position, call.off_attribute)
    d = attribute_value(state, dfn, call.def_position, call.def_attribute)
    named = f" ({call.names})" if call.names else ""
    ruling = Ruling(
        "matchup",
        f"Calls revealed{named}: arrow on {call.colour}, target {call.target}; "
        f"{call.off_position.upper()} {call.off_attribute} {o:+d} "
        f"({who_plays(state, off, call.off_position)}) against {call.def_position.upper()} "
        f"{call.def_attribute} {d:+d} ({who_plays(state, dfn, call.def_position)}).",
        team=off,
        data={
            "target": call.target,
            "offence": o,
            "defence": d,
            "colour": call.colour,
            "players": ball_handler(call.off_position),
            "play_type": "run" if call.off_position == "rb" else "pass",
        },
    )
    return replace(state, phase="snap", play=play), [ruling]


def ball_handler(position: str) -> dict[str, str]:
    """Calls: the offensive call names the position whose attribute plays (the QB throws, the
    RB runs, the WR catches); the cards name no player, so the play-by-play names the position."""
    role = {"qb": "passer", "rb": "rusher", "wr": "receiver"}.get(position)
    return {role: position.upper()} if role else {}


def snap(state: ThirdAndLongState, play: Play, n: int) -> tuple[ThirdAndLongState, list[Ruling]]:
    """Take the Snap: the random number starts the pile and the play total."""
    state, shuffled = take(state, 1, "pile")
    play = replace(play, snap=n)
    state = replace(state, play=play, bought=False)
    rulings = [
        *shuffled,
        Ruling(
            "snap",
            f"Snap {n}: play total {play_total(state, play)} against target {target_number(play)}"
            f"{' (challenge review)' if play.challenged else ''}.",
            team=offence_of(state),
            data={"random": n, "total": play_total(state, play), "target": target_number(play)},
        ),
    ]
    if play.challenged and any(b in TURNOVER_CARDS for b in play.big):
        # Challenge the Play: every variable event is redone, the turnover check included.
        return replace(state, phase="check"), rulings
    return replace(state, phase="pile"), rulings


def read_modifier(state: ThirdAndLongState, rest: Sequence[str]) -> int:
    """Modifiers: the value printed on the card."""
    if len(rest) != 1:
        raise IllegalEntry("enter the modifier's printed value, e.g. off 2 or def 3")
    return kernel.number(rest[0], 1, MODIFIER_HIGH, "a modifier")


def modifier(
    state: ThirdAndLongState, play: Play, value: int, *, sign: int
) -> tuple[ThirdAndLongState, list[Ruling]]:
    """Modifiers: offensive cards add to the play total, defensive cards subtract from it."""
    user = offence_of(state) if sign > 0 else state.defence
    state = use_card(state, user)
    play = replace(play, modifiers=(*play.modifiers, sign * value))
    state = replace(state, play=play)
    total = play_total(state, play)
    return state, [
        Ruling(
            "modifier",
            f"{state.name(user)} modifier {sign * value:+d}: play total {total} against "
            f"target {target_number(play)}.",
            team=user,
            data={"modifier": sign * value, "total": total},
        )
    ]


def read_penalty(state: ThirdAndLongState, rest: Sequence[str], kind: str) -> tuple[Side, int]:
    """Game Breaks, Penalty/Personal Foul: who uses the card and the change it prints (never
    during a challenge)."""
    play = open_play(state)
    if play.challenged is not None:
        raise IllegalEntry(
            "penalties cannot be played during a challenge; use modifiers or whistle"
        )
    if len(rest) != 2:
        raise IllegalEntry(
            f"enter who uses the card and its change to the play total: {kind} <team> <change>, "
            f"e.g. {kind} home -2 (0 if it prints none)"
        )
    user = side_word(rest[0], state)
    return user, read_signed(rest[1], PENALTY_RANGE, "a penalty's change to the play total")


def penalty(
    state: ThirdAndLongState, play: Play, card: tuple[Side, int], *, kind: str
) -> tuple[ThirdAndLongState, list[Ruling]]:
    """Game Breaks, Penalty/Personal Foul: the flag changes the total by what the card prints,
    negates a turnover, and cannot be challenged."""
    user, change = card
    state = use_card(state, user)
    negated = state.phase == "turnover"
    fouls = play.fouls + (change if kind == "foul" else 0)
    play = replace(play, flags=play.flags + change, fouls=fouls, penalty=True, turnover=False)
    state = replace(state, play=play, phase="pile")
    what = "Personal foul" if kind == "foul" else "Penalty"
    text = f"{what} card used by {state.name(user)}"
    if change:
        text += f", {change:+d} to the play total"
    if negated:
        text += "; the turnover is negated (the defence was cheating)"
    text += f". Play total {play_total(state, play)} against target {target_number(play)}."
    return state, [
        Ruling(
            "personal_foul" if kind == "foul" else "penalty",
            text,
            team=user,
            data={"change": change, "negated_turnover": negated},
        )
    ]


def read_injury(state: ThirdAndLongState, rest: Sequence[str]) -> Injury:
    """Game Breaks, Injury: the star on the field the card targets and the time it prints."""
    if len(rest) != 3:
        raise IllegalEntry(
            "enter the injured star's position and the time printed: injury <position> <n> "
            "<plays|drives|quarters>, e.g. injury rb 2 drives"
        )
    position = rest[0]
    if position not in POSITIONS:
        raise IllegalEntry(f"{position!r} is not a position; expected one of qb rb wr lb cb s")
    victim = offence_of(state) if position in OFFENCE_POSITIONS else state.defence
    if position not in injurable(state, victim):
        raise IllegalEntry(
            f"{state.name(victim)} have no star {position.upper()} on the field to injure"
        )
    length = kernel.number(rest[1], 1, 9, "an injury's length")
    unit = rest[2] if rest[2].endswith("s") else rest[2] + "s"
    if unit not in INJURY_UNITS:
        raise IllegalEntry(f"{rest[2]!r} is not a length; expected plays, drives or quarters")
    return Injury(victim, position, length, unit)


def injury(
    state: ThirdAndLongState, play: Play, hurt: Injury
) -> tuple[ThirdAndLongState, list[Ruling]]:
    """Game Breaks, Injury: the targeted star leaves after this play for the printed time."""
    victim, position, length, unit = hurt.side, hurt.position, hurt.length, hurt.unit
    user = other(victim)
    state = use_card(state, user)
    play = replace(play, injuries=(*play.injuries, hurt))
    return replace(state, play=play), [
        Ruling(
            "injury",
            f"Injury: {possessive(state.name(victim))} {position.upper()} leaves at the end of "
            "this play "
            f"for {length} {unit if length != 1 else unit[:-1]}.",
            team=victim,
            data={"position": position, "length": length, "unit": unit},
        )
    ]


def read_big_play(state: ThirdAndLongState, rest: Sequence[str]) -> str:
    """Big Plays: the card named (its short names read), if it may be used now."""
    if len(rest) != 1:
        raise IllegalEntry(f"enter the big play: big <{'|'.join(big_plays(state))}>")
    name = BIG_ALIASES.get(rest[0], rest[0])
    allowed = big_plays(state)
    if name not in allowed:
        why = big_refusal(state, name)
        raise IllegalEntry(why or f"{rest[0]!r} cannot be used now; expected {' | '.join(allowed)}")
    return name


def big_play(
    state: ThirdAndLongState, play: Play, name: str
) -> tuple[ThirdAndLongState, list[Ruling]]:
    """Big Plays change the stakes of the play as printed; turnover cards call a Turnover Check."""
    if state.phase == "turnover":
        return he_breaks_loose(state, play, None)
    user = offence_of(state) if name in OFFENCE_BIG_PLAYS else state.defence
    state = use_card(state, user)
    play = replace(play, big=(*play.big, name))
    state = replace(state, play=play)
    stakes = {
        "td": "if the offence wins, touchdown regardless of key moments left",
        "loose": "He Breaks Loose! If the offence wins, touchdown regardless of key moments left",
        "score": "if the offence wins, the drive is complete and scores",
        "safety": "if the defence wins this first key moment, safety",
        "fumble": "fumble: Turnover Check",
        "interception": "interception: Turnover Check",
    }[name]
    ruling = Ruling("big_play", f"Big play by {state.name(user)}: {stakes}.", team=user)
    if name in TURNOVER_CARDS:
        return replace(state, phase="check"), [ruling]
    return state, [ruling]


def read_check(state: ThirdAndLongState, rest: Sequence[str]) -> tuple[int, int]:
    """Turnover Check: the two random numbers flipped, the defence's card first."""
    if len(rest) != 2:
        raise IllegalEntry(
            "enter both random numbers, the defence's card first: check <defence> <offence>"
        )
    d = kernel.number(rest[0], RANDOM_LOW, RANDOM_HIGH, "the defence's check card")
    o = kernel.number(rest[1], RANDOM_LOW, RANDOM_HIGH, "the offence's check card")
    return d, o


def turnover_check(
    state: ThirdAndLongState, play: Play, flipped: tuple[int, int]
) -> tuple[ThirdAndLongState, list[Ruling]]:
    """Turnover Check: each coach flips a card, the user of the turnover card first; a higher
    defensive number is a turnover."""
    d, o = flipped
    state, shuffled = flip(state, 2)
    lost = d > o
    negated = lost and play.penalty
    if negated:
        # Penalty/Personal Foul: "Playing a penalty or personal foul negates a turnover on that
        # play", the flag used before the turnover card as much as after it.
        lost = False
        outcome = "the defence wins it, but the turnover is negated by the flag on this play"
    elif lost:
        outcome = "TURNOVER, the defence has the ball"
    else:
        outcome = "no turnover, the play goes on"
    text = f"Turnover Check: defence {d}, offence {o}: {outcome}."
    data = {"d": d, "o": o, "negated_turnover": negated}
    rulings = [*shuffled, Ruling("turnover_check", text, team=state.defence, data=data)]
    review = play.challenged
    if play.check_challenged and review is not None and review.original == "turnover":
        # A challenge of the check alone: compare the redone check with the original turnover.
        state, settled = settle_challenge(state, play, review, "turnover" if lost else "offence")
        rulings.extend(settled)
        play = replace(play, challenged=None)
    play = replace(play, turnover=lost)
    return replace(state, play=play, phase="turnover" if lost else "pile"), rulings


def whistle(
    state: ThirdAndLongState, play: Play, _: None
) -> tuple[ThirdAndLongState, list[Ruling]]:
    """Play to the Whistle / Determine Play Outcome: above the target the offence wins, equal is
    inconclusive, below the defence wins."""
    if state.phase == "turnover":
        outcome: Outcome = "turnover"
        ruling = Ruling("whistle", "Whistle: the turnover stands.", team=state.defence)
    else:
        outcome = judge(state, play)
        ruling = Ruling(
            "whistle",
            f"Whistle: play total {play_total(state, play)} against target {target_number(play)}: "
            f"{outcome_words(outcome)}.",
            team=offence_of(state),
            data={
                "total": play_total(state, play),
                "target": target_number(play),
                "outcome": outcome,
            },
        )
    if foul_cannot_score(state, play, outcome):
        after, more = short_of_the_score(state, play, outcome)
        return after, [ruling, *more]
    if play.challenged is not None:
        state, settled = settle_challenge(state, play, play.challenged, outcome)
        outcome = settled[-1].data["applied"]
        after, more = resolve(state, play, outcome)
        return after, [ruling, *settled, *more]
    if outcome != "turnover" and challengers(state):
        play = replace(play, outcome=outcome)
        return replace(state, phase="review", play=play), [ruling]
    after, more = resolve(state, play, outcome)
    return after, [ruling, *more]


def accept_ruling(state: ThirdAndLongState, play: Play) -> tuple[ThirdAndLongState, list[Ruling]]:
    """Play to the Whistle: with no challenge the ruling on the field stands."""
    return resolve(state, play, ruling_on_field(play))


def accept_entry(
    state: ThirdAndLongState, play: Play, _: None
) -> tuple[ThirdAndLongState, list[Ruling]]:
    """Play to the Whistle: the coaches accept the ruling on the field without a challenge."""
    return accept_ruling(state, play)


def judge(state: ThirdAndLongState, play: Play) -> Outcome:
    """Play to the Whistle: above the target wins for the offence, equal is inconclusive."""
    return compare(play_total(state, play), target_number(play))


def compare(total: int, target: int) -> Outcome:
    """Determine Play Outcome: a total above the target wins, equal is inconclusive."""
    if total > target:
        return "offence"
    if total == target:
        return "inconclusive"
    return "defence"


def foul_cannot_score(state: ThirdAndLongState, play: Play, outcome: Outcome) -> bool:
    """Penalty/Personal Foul: "A team cannot automatically score as a result of a Personal Foul
    card being used": the play scores, and without the fouls' changes it would not have."""
    if not play.fouls or not wins_a_score(state, play, outcome):
        return False
    return compare(play_total(state, play) - play.fouls, target_number(play)) != outcome


def wins_a_score(state: ThirdAndLongState, play: Play, outcome: Outcome) -> bool:
    """Scoring: a win that scores, the last key moment, a touchdown or drive-completing Big Play,
    a two-point try, a Go For It! (another scoring card), and the defence's Safety card."""
    if outcome == "defence":
        return play.kind == "moment" and "safety" in play.big
    if outcome != "offence":
        return False
    if play.kind in ("two", "goforit"):
        return True
    stakes = {"td", "loose", "score"} & set(play.big)
    return play.kind == "moment" and (state.moments == 1 or bool(stakes))


def play_total(state: ThirdAndLongState, play: Play) -> int:
    """Play Total: snap + offensive attribute - defensive attribute + modifiers (a missing star
    counts 0; a turnover return has no players)."""
    total = (play.snap or 0) + sum(play.modifiers) + play.flags
    if play.call is None:
        return total
    call = play.call
    return (
        total
        + attribute_value(state, offence_of(state), call.off_position, call.off_attribute)
        + attribute_value(state, state.defence, call.def_position, call.def_attribute)
    )


def attribute_value(state: ThirdAndLongState, side: Side, position: str, attribute: str) -> int:
    """Personnel Matchup: the star's printed attribute, or 0 for an average player."""
    star = star_at(state, side, position)
    if star is None or is_injured(state, side, position):
        return 0
    return star.value(attribute)


def big_plays(state: ThirdAndLongState) -> list[str]:
    """The big plays that can be used now, by the coaches who hold cards: none on a turnover
    return (modifiers only), only the turnover cards on a two-point try."""
    play = state.play
    if play is None:
        return []
    if state.phase == "turnover":
        if play.kind != "two" and count(state.hands, state.defence) > 0:
            return ["loose"]
        return []
    if play.kind == "return":
        return []
    names: list[str] = []
    if play.kind != "two" and count(state.hands, offence_of(state)) > 0:
        names.extend(OFFENCE_BIG_PLAYS)
    if count(state.hands, state.defence) > 0:
        names.extend(TURNOVER_CARDS)
        if safety_allowed(state):
            names.append("safety")
    return [n for n in names if n not in play.big or n in TURNOVER_CARDS]


def safety_allowed(state: ThirdAndLongState) -> bool:
    """Safety: the card can only be used during the first key moment of a drive."""
    play = state.play
    return (
        play is not None
        and play.kind == "moment"
        and state.moments == state.moments_total
        and "safety" not in play.big
    )


def big_refusal(state: ThirdAndLongState, name: str) -> str | None:
    play = state.play
    if name in OFFENCE_BIG_PLAYS + DEFENCE_BIG_PLAYS and play is not None:
        if play.kind == "return":
            return "a turnover return takes modifiers only: no Big Play cards"
        if play.kind == "two" and state.phase == "turnover":
            return NO_RETURN_ON_A_TRY
    if name == "safety" and not safety_allowed(state):
        return "the Safety card can only be used during the first key moment of a drive"
    if name in OFFENCE_BIG_PLAYS + DEFENCE_BIG_PLAYS:
        if play is not None and play.kind == "two" and name in OFFENCE_BIG_PLAYS:
            return "a two-point try already scores its two points if the offence wins"
        user = offence_of(state) if name in OFFENCE_BIG_PLAYS else state.defence
        if count(state.hands, user) <= 0:
            return f"{state.name(user)} have no Action cards in hand to use"
    return None


NO_RETURN_ON_A_TRY = (
    "a two-point try is no drive: there is no drive to return a turnover from; whistle"
)
