"""The one vocabulary of ruling kinds: every kind any ruleset may emit, and what it means.

A ruling's ``kind`` names what happened ("field_goal_missed", "interception"...). This module
is the only place the kinds are defined: ``Ruling`` refuses a kind that is not here, every
ruleset emits only these, and the play-by-play exports map from them (never from a ruleset's
own words). For each kind it says what it means for an nflverse play-by-play row:

* ``play_type``: the nflverse ``play_type`` a row takes from it (``run``, ``pass``, ``punt``,
  ``kickoff``, ``field_goal``, ``extra_point``, ``qb_kneel``, ``no_play``), or ``None``. A kind
  that *calls* a play (``called``) names the play type in its data, and the rows that play the
  call out take it.
* ``score``: the scoring column its points fill (``touchdown``, ``field_goal``, ``extra_point``,
  ``two_point``, ``safety``, or ``special`` for a game's own points with no nflverse column;
  every scoring kind also fills Zebra's per-team points columns), and ``scorer``: who scores
  relative to the team in possession (``offence``, ``defence`` or ``either``).
* ``result``: the nflverse result columns it sets (``field_goal_result`` = ``missed``...).
* ``yards``: what its ``yards`` are: ``gained`` (the offence's net gain from scrimmage),
  ``part`` (one part of a gain that a later ruling of the same play totals), ``kick`` (a kick's
  distance), ``return`` (a return), ``lost`` (the distance the defence carries a lost ball
  back, negative from the offence's side), ``penalty``.
* ``drive_end`` / ``drive_start``: how a drive ends or starts with it, in the plain words of
  ``END_REASONS`` and ``START_REASONS``; ``period_end`` for the clock's kinds; ``setup`` for
  what happens before the game proper (a draft, a roster), which belongs to no drive.
* ``moment`` (derived from the above): what a scorebug or a banner announces after the play,
  ``touchdown``, ``turnover``, ``period_end`` or ``final``.

docs/exports.md and docs/rulings.md describe the choices made here.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Literal

PlayType = Literal[
    "run", "pass", "punt", "kickoff", "field_goal", "extra_point", "qb_kneel", "no_play"
]
Score = Literal["touchdown", "field_goal", "extra_point", "two_point", "safety", "special"]
Scorer = Literal["offence", "defence", "either"]
Yards = Literal["gained", "part", "kick", "return", "lost", "penalty"]
PeriodEnd = Literal["quarter", "half", "game"]
# What a scorebug announces after the play a ruling ends (``Kind.moment``).
Moment = Literal["touchdown", "turnover", "period_end", "final"]

# How a drive ends, in the words the drive summary and the csv use.
END_REASONS = (
    "Touchdown",
    "Field goal",
    "Punt",
    "Blocked punt",
    "Missed field goal",
    "Blocked field goal",
    "Turnover on downs",
    "Interception",
    "Fumble",
    "Turnover",
    "Safety",
    "Opponent touchdown",
    "Opponent field goal",
    "Stopped",
    "End of half",
    "End of game",
    "In progress",
)
# The drive ends by which the defence takes the ball: a turnover moment. Not a punt, a missed or
# blocked kick or a safety (the ball changes hands by the rules of the kick), and none of the
# kinds that only look for one (``potential_turnover``, ``turnover_check``, ``no_turnover``).
TURNOVER_ENDS = ("Turnover on downs", "Interception", "Fumble", "Turnover")
# How a drive starts.
START_REASONS = (
    "Start of game",
    "Start of half",
    "Start of overtime",
    "Kickoff",
    "Onside kick",
    "Punt",
    "Blocked punt",
    "Missed field goal",
    "Blocked field goal",
    "Turnover on downs",
    "Interception",
    "Fumble",
    "Turnover",
    "Scoring slot",
)
# The start of the next drive after a drive that ended so, when no kick says otherwise.
START_AFTER = {
    "Punt": "Punt",
    "Blocked punt": "Blocked punt",
    "Missed field goal": "Missed field goal",
    "Blocked field goal": "Blocked field goal",
    "Turnover on downs": "Turnover on downs",
    "Interception": "Interception",
    "Fumble": "Fumble",
    "Turnover": "Turnover",
    # After a score the scored-on team receives a kick.
    "Touchdown": "Kickoff",
    "Field goal": "Kickoff",
    "Safety": "Kickoff",
    "Opponent touchdown": "Kickoff",
    "Opponent field goal": "Kickoff",
}

# The nflverse result column a scoring kind fills, with the value it writes there.
SCORE_COLUMNS: Mapping[Score, tuple[str, str | int] | None] = {
    "touchdown": ("touchdown", 1),
    "field_goal": ("field_goal_result", "made"),
    "extra_point": ("extra_point_result", "good"),
    "two_point": ("two_point_conv_result", "success"),
    "safety": ("safety", 1),
    "special": None,
}


@dataclass(frozen=True)
class Kind:
    """One kind of ruling and what it means for the play-by-play."""

    name: str
    means: str
    play_type: PlayType | None = None
    # (data key, its values' play types) for a kind that calls a play: the rows that play the
    # call out take that play type.
    called: tuple[str, Mapping[object, PlayType]] | None = None
    score: Score | None = None
    scorer: Scorer | None = None
    result: Mapping[str, str | int] = field(default_factory=dict)
    yards: Yards | None = None
    drive_end: str | None = None
    drive_start: str | None = None
    period_end: PeriodEnd | None = None
    setup: bool = False
    # The data key of a player card (name, position) whose player handles the called play.
    card: str | None = None
    # How the play projection (projections/plays.py) groups entries into plays: ``settles``
    # ends the play although the ball did not move (a replayed down, a key moment's whistle);
    # ``follows`` still belongs to the play just settled (a return, a fair catch, a penalty
    # accepted or declined); ``scramble``: the passer ran with it.
    settles: bool = False
    follows: bool = False
    scramble: bool = False
    # On a called pass, the ball is not caught: an incomplete pass (1st & Goal's broken up: "A
    # completed pass means no sack, no BROKEN UP and no TURNOVER", first-and-goal.en.md).
    no_catch: bool = False

    @property
    def scoring(self) -> bool:
        """Whether rulings of this kind may carry points."""
        return self.score is not None

    @property
    def moment(self) -> Moment | None:
        """What a scorebug announces after a play with this ruling: a touchdown (either side's),
        a turnover, a period's end or the final whistle; ``None`` for everything else. Read from
        the kind's own columns, so it cannot disagree with the drive summary or the exports."""
        if self.score == "touchdown":
            return "touchdown"
        if self.drive_end in TURNOVER_ENDS:
            return "turnover"
        if self.period_end == "game":
            return "final"
        if self.period_end is not None:
            return "period_end"
        return None


def _kinds(*kinds: Kind) -> dict[str, Kind]:
    out: dict[str, Kind] = {}
    for k in kinds:
        assert k.name not in out, f"ruling kind {k.name} defined twice"
        assert k.drive_end is None or k.drive_end in END_REASONS, k.name
        assert k.drive_start is None or k.drive_start in START_REASONS, k.name
        assert (k.score is None) == (k.scorer is None), k.name
        out[k.name] = k
    return out


K = Kind
RUN_PASS: Mapping[object, PlayType] = {"run": "run", "pass": "pass"}

KINDS: Mapping[str, Kind] = _kinds(
    # Scores ----------------------------------------------------------------------------------
    K(
        "touchdown",
        "a touchdown",
        score="touchdown",
        scorer="either",
        result={"touchdown": 1},
        drive_end="Touchdown",
    ),
    K(
        "defensive_touchdown",
        "Masters of the Gridiron: the defence stops the attempt by its "
        "Audible's margin and scores a touchdown",
        score="touchdown",
        scorer="defence",
        result={"touchdown": 1},
        drive_end="Opponent touchdown",
    ),
    K(
        "defensive_field_goal",
        "Masters of the Gridiron: the defence stops the attempt by its "
        "Audible's margin and scores a field goal",
        score="special",
        scorer="defence",
        drive_end="Opponent field goal",
    ),
    K(
        "field_goal",
        "a field goal is good",
        play_type="field_goal",
        score="field_goal",
        scorer="offence",
        result={"field_goal_result": "made"},
        yards="kick",
        drive_end="Field goal",
    ),
    K(
        "field_goal_missed",
        "a field goal is no good",
        play_type="field_goal",
        result={"field_goal_result": "missed"},
        yards="kick",
        drive_end="Missed field goal",
    ),
    K(
        "field_goal_blocked",
        "a field goal is blocked",
        play_type="field_goal",
        result={"field_goal_result": "blocked"},
        drive_end="Blocked field goal",
    ),
    K(
        "field_goal_try",
        "Red Zone: the offence lines up for a field goal of the distance given",
        yards="kick",
    ),
    K(
        "extra_point",
        "the extra point is good",
        play_type="extra_point",
        score="extra_point",
        scorer="offence",
        result={"extra_point_result": "good"},
    ),
    K(
        "extra_point_failed",
        "the extra point is no good",
        play_type="extra_point",
        result={"extra_point_result": "failed"},
    ),
    K(
        "extra_point_blocked",
        "the extra point is blocked",
        play_type="extra_point",
        result={"extra_point_result": "blocked"},
    ),
    K(
        "extra_point_in_doubt",
        "Third and Long: the extra point card asks the defence to flip for a block",
    ),
    K(
        "two_point",
        "the two-point conversion is good (Masters of the Gridiron: +1)",
        score="two_point",
        scorer="offence",
        result={"two_point_conv_result": "success"},
    ),
    K(
        "two_point_failed",
        "the two-point conversion fails (Masters of the Gridiron: -1)",
        score="two_point",
        scorer="offence",
        result={"two_point_conv_result": "failure"},
    ),
    K("go_for_two", "the scoring team goes for two"),
    K(
        "safety",
        "a safety: 2 points to the defence",
        score="safety",
        scorer="defence",
        result={"safety": 1},
        drive_end="Safety",
    ),
    K(
        "special_play_score",
        "Red Zone: a Special Play card awards the points printed on it",
        score="special",
        scorer="either",
    ),
    # Kickoffs --------------------------------------------------------------------------------
    K(
        "kickoff",
        "a kickoff: where the receiving team starts, or that it runs it back",
        play_type="kickoff",
        yards="kick",
        drive_start="Kickoff",
    ),
    K(
        "kickoff_touchback",
        "a kickoff ends in a touchback",
        play_type="kickoff",
        yards="kick",
        drive_start="Kickoff",
    ),
    K(
        "squib",
        "1st & Goal: a squib kickoff (how far it goes; it is not returned)",
        play_type="kickoff",
        yards="kick",
        drive_start="Kickoff",
    ),
    K(
        "onside",
        "the kicking team tries an onside kick",
        play_type="kickoff",
        drive_start="Onside kick",
    ),
    K(
        "onside_kick",
        "Red Zone: how far the onside kick goes",
        play_type="kickoff",
        yards="kick",
        drive_start="Onside kick",
    ),
    K(
        "onside_tie",
        "Red Zone: the onside kick's flips tie",
        play_type="kickoff",
        drive_start="Onside kick",
    ),
    K(
        "onside_recovered",
        "the kicking team recovers its onside kick",
        play_type="kickoff",
        yards="kick",
        drive_start="Onside kick",
    ),
    K(
        "onside_lost",
        "Red Zone: the receiving team recovers the onside kick",
        play_type="kickoff",
        drive_start="Onside kick",
    ),
    K(
        "onside_failed",
        "the receiving team recovers the onside kick",
        play_type="kickoff",
        yards="kick",
        drive_start="Onside kick",
    ),
    K("board_dice", "1st & Goal: the board's kick dice for this kick"),
    K("safety_kick", "Red Zone: the team scored on kicks from its 20 after a safety"),
    # Punts -----------------------------------------------------------------------------------
    K("punt", "a punt and where it comes down", play_type="punt", yards="kick", drive_end="Punt"),
    K(
        "punt_touchback",
        "a punt into the end zone: touchback",
        play_type="punt",
        yards="kick",
        drive_end="Punt",
    ),
    K("punt_call", "Red Zone: the offence will punt (coffin corner yards, if any)"),
    K(
        "punt_blocked",
        "a punt is blocked",
        play_type="punt",
        result={"punt_blocked": 1},
        drive_end="Blocked punt",
    ),
    K("punt_loose", "1st & Goal: the punt's ball is loose; the referee die decides"),
    K("punt_recovered", "1st & Goal: the kicking team recovers its own punt"),
    K("repeat_punt", "1st & Goal: the punt is repeated after a penalty"),
    K("extra_bounce", "1st & Goal: the punt takes an extra bounce"),
    K("coffin", "Red Zone: where a coffin-corner punt comes down"),
    K("fair_catch", "the receiving team takes a fair catch", follows=True),
    K("downed", "Red Zone: the kick is downed", follows=True),
    K(
        "touchback",
        "a return or a turnover ends in the end zone: touchback at the 20",
        follows=True,
    ),
    K("kick", "1st & Goal: both coaches reveal a kick, not a fake"),
    K("fake", "1st & Goal: a faked kick; a card play follows"),
    K(
        "fake_failed",
        "1st & Goal: a fake against a fake is broken up; the defence takes over",
        drive_end="Turnover on downs",
    ),
    K("no_block", "1st & Goal: the block try fails, the kick is away"),
    # Returns ---------------------------------------------------------------------------------
    K("return", "a kick or a turnover is returned", yards="return", follows=True),
    K(
        "d20_return",
        "1st & Goal: a second 20 on the d20 returns the kickoff all the way",
        follows=True,
    ),
    K(
        "return_touchdown",
        "1st & Goal: a return goes all the way (the touchdown follows)",
        follows=True,
    ),
    K("turnover_return", "1st & Goal: where a turnover return ends", yards="return", follows=True),
    K("return_stopped", "Third and Long: the turnover return is stopped", follows=True),
    # Plays from scrimmage --------------------------------------------------------------------
    K("call", "Red Zone: the offence calls a play", called=("play_type", RUN_PASS)),
    K(
        "play",
        "1st & Goal: both coaches' cards are revealed",
        called=("run", {True: "run", False: "pass"}),
    ),
    K(
        "offense_play",
        "Masters of the Gridiron: the Playbook card played",
        called=(
            "play_type",
            {"insiderun": "run", "outsiderun": "run", "shortpass": "pass", "longpass": "pass"},
        ),
    ),
    K("defend", "Red Zone: the defence calls its play"),
    K("execution", "Red Zone: the execution cards flipped for the play"),
    K("chart", "Red Zone: the Play Results Chart's result", yards="part"),
    K("skill", "Red Zone: a player's skill number decides the result", yards="part"),
    K("long_gain", "Red Zone: a long gain's yards", yards="part"),
    K("run_yards", "Red Zone: a yard for the tight end or a defender on the play side"),
    K("fadd", "Red Zone: a FADD card: flip again"),
    K("fadd_applied", "Red Zone: a FADD card's yards added to the play"),
    K("redraw", "Red Zone: the colour found in the Draw Deck"),
    K("gain", "the offence's net gain on the play", yards="gained"),
    K("down", "the next down and where", yards="gained"),
    K("first_down", "a first down", yards="gained"),
    K("fourth_down", "NFL Rush Zone and Third and Long: the defence holds to 4th down"),
    K(
        "breaking_tackle",
        "NFL Rush Zone: doubles break the tackle, a 20-yard run",
        play_type="run",
        yards="gained",
    ),
    K(
        "long_pass",
        "NFL Rush Zone: offensive triples, a long pass",
        play_type="pass",
        yards="gained",
    ),
    K("roll", "1st & Goal: the dice's yards on a play", yards="gained"),
    K("breakaway", "1st & Goal: a breakaway, roll again", yards="gained"),
    K("breakaway_end", "1st & Goal: the breakaway ends", yards="gained"),
    K("breakaway_touchdown", "1st & Goal: three breakaways in a row, the runner is gone"),
    K("broken_up", "1st & Goal: the play is broken up", yards="gained", no_catch=True),
    K(
        "potential_turnover",
        "1st & Goal: a T on the play die, the referee die decides",
        yards="gained",
    ),
    K(
        "potential_penalty",
        "1st & Goal: a P on the play die, the referee die decides",
        yards="gained",
    ),
    K("sneak", "1st & Goal: a quarterback sneak", play_type="run", yards="gained"),
    K("kneel", "1st & Goal: the offence kneels", play_type="qb_kneel", yards="gained"),
    K("runner_down", "1st & Goal: the runner goes down, the ball is dead"),
    K("d20_again", "1st & Goal: a 20 on the d20, roll it again"),
    K("hail_mary", "1st & Goal: a Hail Mary on the last play of the half", play_type="pass"),
    K(
        "hail_mary_failed",
        "1st & Goal: the Hail Mary falls incomplete",
        play_type="pass",
        result={"incomplete_pass": 1},
    ),
    K(
        "matchup",
        "the dice or cards that decide the play (Third and Long: the calls revealed, "
        "which name the play)",
        called=("play_type", RUN_PASS),
    ),
    K("incomplete", "an incomplete pass", play_type="pass", result={"incomplete_pass": 1}),
    K("long_bomb", "Red Zone: no long bombs in the end zone"),
    K("no_sack", "Red Zone: no pass rusher has a star, the pass falls incomplete"),
    K("pass_rush", "Red Zone: a pass rusher's star, the quarterback scrambles", scramble=True),
    K("possession", "who has the ball now, and where"),
    # Turnovers -------------------------------------------------------------------------------
    K(
        "interception",
        "a pass is intercepted",
        play_type="pass",
        result={"interception": 1},
        drive_end="Interception",
    ),
    K("fumble", "Red Zone: the ball carrier fumbles, the ball is loose"),
    K("loose_ball", "Red Zone: where a fumbled or blocked ball lies"),
    K("recovery_call", "Red Zone: the defence calls odd or even for the loose ball"),
    K("recovery_flip", "Red Zone: the flipped number decides who recovers"),
    K("recovered", "Red Zone: the offence recovers its own loose ball"),
    K(
        "fumble_lost",
        "a fumble is recovered by the other team",
        result={"fumble_lost": 1},
        yards="lost",
        drive_end="Fumble",
    ),
    K("blocked_kick_recovered", "Red Zone: the defence recovers a blocked kick"),
    K(
        "turnover",
        "Third and Long: the defence takes the ball (the game does not say how)",
        drive_end="Turnover",
    ),
    K(
        "special_play_turnover",
        "Red Zone: a Special Play card turns the ball over",
        drive_end="Turnover",
    ),
    K(
        "turnover_on_downs",
        "the offence fails on 4th down, the defence takes over",
        yards="gained",
        drive_end="Turnover on downs",
    ),
    K("turnover_dice", "1st & Goal: optional turnover rule, roll the referee and penalty dice"),
    K("turnover_check", "Third and Long: the Turnover Check"),
    K("no_turnover", "1st & Goal: the referee die: no turnover"),
    # Penalties -------------------------------------------------------------------------------
    K(
        "penalty",
        "a penalty and its yards",
        play_type="no_play",
        result={"penalty": 1},
        yards="penalty",
        settles=True,
    ),
    K(
        "personal_foul",
        "Third and Long: a Personal Foul card changes the play total",
        result={"penalty": 1},
    ),
    K("penalty_flag", "Red Zone: a penalty card flipped, flip again"),
    K(
        "penalty_offset",
        "Red Zone: offsetting penalties, replay the down",
        play_type="no_play",
        result={"penalty": 1},
        settles=True,
    ),
    K("penalty_accepted", "the penalty is accepted", yards="penalty", follows=True),
    K("penalty_declined", "the penalty is declined, the play stands", follows=True),
    K("no_penalty", "1st & Goal: the referee die: no penalty"),
    K("delay_of_game", "Red Zone: delay of game, no plays after drawing"),
    # Time-outs, challenges and the clock -----------------------------------------------------
    K("timeout", "a time-out", result={"timeout": 1}),
    K("timeout_options", "1st & Goal: what each coach does with the time-out"),
    K(
        "challenge",
        "Third and Long: a coach challenges the ruling on the field",
        result={"replay_or_challenge": 1},
    ),
    K(
        "challenge_failed",
        "Third and Long: the review upholds the ruling",
        result={"replay_or_challenge": 1, "replay_or_challenge_result": "upheld"},
    ),
    K(
        "challenge_overturned",
        "Third and Long: the review overturns the ruling",
        result={"replay_or_challenge": 1, "replay_or_challenge_result": "overturned"},
    ),
    K("two_minute_warning", "NFL Rush Zone: the last round of the half"),
    K("quarter_end", "the end of a quarter", period_end="quarter"),
    K("halftime", "the end of a half", period_end="half"),
    K("overtime", "the end of regulation, tied: overtime", period_end="half"),
    K("overtime_rule", "Masters of the Gridiron: the overtime rule now in force"),
    K("final", "the final whistle", period_end="game"),
    K("time_up", "Third and Long: time runs out in the quarter"),
    K("extra_play", "Third and Long: a time-out buys one more play"),
    K("burn", "1st & Goal: a card burned off the clock"),
    K("unburn", "1st & Goal: a run's card is not burned"),
    K("unplayable", "1st & Goal: an unplayable hand"),
    K("time_deck_empty", "Red Zone: a Time Deck is empty"),
    # Coaches' decisions ----------------------------------------------------------------------
    K("decision", "a coach's decision (punt, go for it, return, go for two...)"),
    K("choice", "the toss winner's choice"),
    K("toss", "the coin toss", setup=True),
    # Third and Long's drives of key moments --------------------------------------------------
    K("drive_length", "Third and Long: how many key moments the drive has"),
    K("placeholders", "Third and Long: placeholder cards set aside"),
    K("key_moment", "Third and Long: a key moment won", follows=True),
    K("drive_complete", "Third and Long: the drive scores, flip the scoring card"),
    K("scoring_card", "Third and Long: the scoring card"),
    K("fourth_down_attempt", "Third and Long: the offence goes for it on fourth down"),
    K("fourth_down_converted", "Third and Long: fourth down converted"),
    K("go_for_it", "Third and Long: Go For It! on a field-goal card"),
    K("go_for_it_made", "Third and Long: the Go For It! play is won"),
    K("whistle", "Third and Long: the whistle, who wins the play", settles=True),
    K("inconclusive", "Third and Long: an inconclusive play", follows=True),
    K("foul_cannot_score", "Third and Long: a score only a Personal Foul made does not count"),
    K("snap", "Third and Long: the snap card"),
    K("modifier", "Third and Long: a modifier card"),
    K("big_play", "Third and Long: a Big Play card"),
    K("new_calls", "Third and Long: both coaches call again"),
    K("momentum", "Third and Long: a momentum bonus card"),
    K("injury", "a player is injured"),
    K("injury_return", "Third and Long: a player returns from injury"),
    K("draw", "Third and Long: cards drawn", follows=True),
    K("deal", "Third and Long: hands dealt"),
    K("hand_refreshed", "Third and Long: a hand refreshed"),
    K("reshuffle", "Third and Long: the discard pile reshuffled"),
    # Red Zone's coaches' cards ---------------------------------------------------------------
    K(
        "special_play",
        "Red Zone: a Special Play card played (its yards are part of the play)",
        yards="part",
    ),
    K("refresh", "Red Zone: a hand refreshed from the Draw Deck"),
    K("discard", "Red Zone: a card discarded"),
    K("substitution", "Red Zone: a substitute comes in"),
    K("lineup", "Red Zone: where a defender lines up"),
    # Masters of the Gridiron's scoring plays -------------------------------------------------
    K("offense_player", "Masters of the Gridiron: the offensive player card", card="card"),
    K("declare", "Masters of the Gridiron: the offence declares its play and rating"),
    K("defense_player", "Masters of the Gridiron: the defensive player card"),
    K("audible", "Masters of the Gridiron: an Audible card"),
    K("audible_discard", "Masters of the Gridiron: Audible cards discarded"),
    K(
        "stopped",
        "Masters of the Gridiron: the defence stops the scoring play",
        drive_end="Stopped",
        settles=True,
    ),
    # Set-up ----------------------------------------------------------------------------------
    K("advantage", "Red Zone: the first draft pick", setup=True),
    K("draft", "Red Zone: a player drafted", setup=True),
    K("draft_complete", "Red Zone: the draft is complete", setup=True),
    K("draft_order", "Third and Long: who picks first", setup=True),
    K("star", "Third and Long: a star signed", setup=True),
    K("draft_done", "Third and Long: a team finishes drafting", setup=True),
    K("rosters", "Third and Long: the rosters are set", setup=True),
    K("roster", "Masters of the Gridiron: a card added to a roster", setup=True),
)


def player_role(position: str, play_type: str | None) -> str | None:
    """Who a skill player is on a play: a quarterback throws a pass and anyone else catches
    it; whoever runs a run carries it; linemen handle no ball."""
    position = position.upper()
    if position in ("T", "G", "C", "OL", "OT", "OG") or play_type not in ("run", "pass"):
        return None
    if play_type == "run":
        return "rusher"
    return "passer" if position == "QB" else "receiver"


def kind(name: str) -> Kind:
    """The kind called ``name``; a name outside the vocabulary is refused."""
    found = KINDS.get(name)
    if found is None:
        raise UnknownKind(name)
    return found


class UnknownKind(ValueError):
    """A ruling kind that is not in the vocabulary: a ruleset bug, never a table's mistake."""

    def __init__(self, name: str) -> None:
        super().__init__(f"{name!r} is not a ruling kind; add it with its meaning to domain/kinds")


# Kinds that Zebra 0.1 to 0.3 stored under other names, by ruleset: a stored game keeps its
# rulings as they were recorded, so the exports read them through ``canonical_kind``.
_RENAMED: Mapping[str, Mapping[str, str]] = {
    "rushzone": {"loose_ball": "fumble_lost", "touchback": "kickoff_touchback"},
    "redzone": {"downs": "turnover_on_downs", "turnover": "fumble_lost"},
    "thirdandlong": {},
    "firstandgoal": {},
    "gridironmasters": {},
}


def canonical_kind(ruleset: str, ruling: Mapping[str, object]) -> str:
    """The vocabulary's name for a stored ruling's kind, including names older Zebras stored."""
    name = str(ruling.get("kind") or "")
    if name in _RENAMED.get(ruleset, {}):
        return _RENAMED[ruleset][name]
    text = str(ruling.get("text") or "")
    if name == "extra_point_missed":
        return "extra_point_blocked" if "blocked" in text else "extra_point_failed"
    older = _OLDER_NAMES.get(ruleset)
    return (older(name, ruling, text) if older else None) or name


def _older_redzone_kind(name: str, ruling: Mapping[str, object], text: str) -> str | None:
    """Red Zone's kinds as Zebra 0.1 stored them, one name for several rulings."""
    if name == "blocked":
        return "punt_blocked" if text.startswith("Punt") else "field_goal_blocked"
    if name == "two_point" and not ruling.get("points"):
        return "go_for_two"
    if name == "special_play" and ruling.get("points"):
        return "special_play_score"
    if name == "special_play" and text.endswith(": turnover."):
        return "special_play_turnover"
    if name == "touchback" and text.startswith(("Kickoff", "Punt")):
        return "kickoff_touchback" if text.startswith("Kickoff") else "punt_touchback"
    return None


def _older_firstandgoal_kind(name: str, ruling: Mapping[str, object], text: str) -> str | None:
    """1st & Goal's kinds as Zebra 0.1 stored them, one name for several rulings."""
    if name == "turnover":
        data = ruling.get("data")
        what = data.get("what") if isinstance(data, Mapping) else None
        return "interception" if what == "interception" else "fumble_lost"
    if name == "touchback" and ("kickoff" in text or text.startswith(("Touchback", "Squib"))):
        return "kickoff_touchback"
    if name == "touchback" and text.startswith("d20 punt"):
        return "punt_touchback"
    return None


_OLDER_NAMES: Mapping[str, Callable[[str, Mapping[str, object], str], str | None]] = {
    "redzone": _older_redzone_kind,
    "firstandgoal": _older_firstandgoal_kind,
}
