"""Football field arithmetic shared by every ruleset: the one place that owns yard lines.

Positions are ``ball_on`` yards from the goal line the offence attacks (nflverse's
``yardline_100``): 100 is the offence's own goal line, 50 midfield, 0 the goal line it scores at.
"""

from __future__ import annotations

FIELD = 100
MIDFIELD = 50
TOUCHBACK_LINE = 20
FIRST_DOWN_YARDS = 10


def own(yard_line: int) -> int:
    """The offence's own ``yard_line`` (its own 20) as ``ball_on``."""
    return FIELD - yard_line


def advance(ball_on: int, yards: int) -> int:
    """The spot after a gain of ``yards`` (a loss when negative); may leave the field."""
    return ball_on - yards


def gain_on_the_field(ball_on: int, yards: int) -> int:
    """A gain as the field counts it: at most to the goal line, a loss at most to the own goal
    line (a 43-yard gain from the 19 is a 19-yard touchdown)."""
    return max(min(yards, ball_on), ball_on - FIELD)


def flip(ball_on: int) -> int:
    """The same spot seen by the other team, after a change of possession."""
    return FIELD - ball_on


def is_touchdown(ball_on: int) -> bool:
    """The ball reached or crossed the goal line the offence attacks."""
    return ball_on <= 0


def is_safety(ball_on: int) -> bool:
    """The ball was driven back to or behind the offence's own goal line."""
    return ball_on >= FIELD


def on_field(ball_on: int) -> bool:
    """Between the goal lines: the only spots where a down can be played."""
    return 0 < ball_on < FIELD


def touchback(yard_line: int = TOUCHBACK_LINE) -> int:
    """Where the receiving team starts after a touchback: its own 20 unless a rule says so."""
    return own(yard_line)


def first_down_marker(ball_on: int, distance: int = FIRST_DOWN_YARDS) -> int:
    """The line to gain: ``distance`` ahead, never past the goal line."""
    return max(ball_on - distance, 0)


def distance_to_gain(ball_on: int, marker: int) -> int:
    """Yards still needed to reach the line to gain."""
    return ball_on - marker


def goal_to_go(ball_on: int, distance: int) -> bool:
    """The line to gain is the goal line itself."""
    return ball_on <= distance


def spot_name(ball_on: int, offence: str, defence: str) -> str:
    """The spot as a referee announces it: "Bears 20", "50", "Packers 30"."""
    if ball_on == MIDFIELD:
        return "50"
    if ball_on > MIDFIELD:
        return f"{offence} {FIELD - ball_on}"
    return f"{defence} {ball_on}"


# Red Zone (rules/red-zone.txt) -------------------------------------------------------------

END_ZONE_DEPTH = 10
FIELD_GOAL_SNAP = 7


def beyond_end_line(ball_on: int) -> bool:
    """Past the back line of the end zone the offence attacks (more than 10 yards deep)."""
    return ball_on < -END_ZONE_DEPTH


def behind(ball_on: int, yards: int) -> int:
    """The spot ``yards`` behind ``ball_on`` (towards the offence's own goal)."""
    return ball_on + yards


def field_goal_distance(ball_on: int) -> int:
    """Red Zone field goal: line of scrimmage + 10 yards of end zone + 7 yards to the hold."""
    return ball_on + END_ZONE_DEPTH + FIELD_GOAL_SNAP


def field_goal_spot(ball_on: int) -> int:
    """Where a Red Zone field goal is kicked from: 7 yards behind the line of scrimmage."""
    return behind(ball_on, FIELD_GOAL_SNAP)


def penalty_spot(ball_on: int, yards: int) -> int:
    """A penalty of ``yards`` (positive for the offence), never more than half the distance to
    the goal it moves towards."""
    if yards >= 0:
        return ball_on - min(yards, ball_on // 2) if yards > ball_on // 2 else ball_on - yards
    loss = -yards
    room = FIELD - ball_on
    return ball_on + (room // 2 if loss > room // 2 else loss)


def half_distance_penalty_spot(ball_on: int, yards: int) -> int:
    """1st & Goal penalty of ``yards`` (negative: against the offence) marked off from ``ball_on``.

    It never reaches an end zone: where it would, the ball moves half the distance to that goal
    line, rounded up, and never past the 1 (1st & Goal p. 7).
    """
    target = ball_on - yards
    if 0 < target < FIELD:
        return target
    if yards > 0:
        return max(ball_on - (ball_on + 1) // 2, 1)
    to_own_goal = FIELD - ball_on
    return min(ball_on + (to_own_goal + 1) // 2, FIELD - 1)
