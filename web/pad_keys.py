"""The web pad's keys: the tablet's pad (companion.entry_pad) after a phone's taps, as JSON.

The server keeps no pad per phone: a phone sends the taps it made on this version of the game,
they are played on a fresh pad built from the game's prompt, and the keys it offers next (or the
entry it composed) go back. So the phone's buttons are the tablet's: die faces, the cards'
printed numbers, the decisions due now, each only as the prompt's forms offer them.
"""

from __future__ import annotations

from typing import Any

from companion.catalogue import Prompt
from companion.entry_pad import Pad, form_captions

# At most this many taps are played: no entry of any ruleset needs more.
MAX_TAPS = 64


def played(pad: Pad, taps: list[Any]) -> str | None:
    """Play the taps on the pad; the entry once one is composed, else None. A tap the pad does
    not take now (stale, or not a tap) changes nothing, as on the tablet."""
    entry = None
    for tap in taps[:MAX_TAPS]:
        if not isinstance(tap, list) or not tap or not all(isinstance(t, str | int) for t in tap):
            continue
        kind, arg = str(tap[0]), tap[1] if len(tap) > 1 else ""
        if kind == "select" and isinstance(arg, int):
            entry = pad.select(arg) or entry
        elif kind == "choose":
            entry = pad.choose(str(arg)) or entry
        elif kind == "toggle":
            pad.toggle(str(arg))
        elif kind == "combo":
            entry = pad.combo_done() or entry
        elif kind == "extra" and isinstance(arg, int):
            pad.add_extra(arg)
        elif kind == "finish":
            entry = pad.finish() or entry
        if entry is not None:
            return entry
    return None


def keys_of(prompt: Prompt, names: dict[str, str], taps: list[Any], version: int) -> dict[str, Any]:
    """What the phone shows: the prompt, the values so far, and one key per thing it may tap."""
    pad = Pad(prompt, names)
    entry = played(pad, taps)
    shown: dict[str, Any] = {
        "version": version,
        "prompt": prompt.text,
        "mode": pad.mode,
        "progress": pad.progress(),
        "entry": entry,
        "keys": [],
        "input": None,
        # The coach's calls (a timeout, a challenge) while the pad is on another form: a row of
        # their own, as on the tablet, so the main keys stay about what the table is doing.
        "calls": [],
    }
    if entry is not None:
        return shown
    mode = pad.mode
    if mode not in ("forms", "idle") and not pad.in_progress:
        shown["calls"] = call_keys(pad, names)
    if mode == "forms" or (mode == "idle" and pad.interrupt_forms()):
        shown["keys"] = form_keys(pad, names)
    elif mode == "choices":
        shown["keys"] = [
            {"label": c.label, "tap": ["choose", c.value], "colour": c.colour}
            for c in pad.likely_choices()
        ]
    elif mode == "combo":
        shown["keys"] = combo_keys(pad)
    elif mode in ("numpad", "text"):
        slot = pad.slot
        assert slot is not None
        shown["input"] = {
            "kind": "number" if mode == "numpad" else "text",
            "label": slot.label,
            "suggestions": [c.value for c in pad.choices()][:12] if mode == "text" else [],
            "low": slot.low,
            "high": slot.high,
        }
    elif mode == "extras":
        shown["keys"] = [
            {"label": extra.label.upper(), "tap": ["extra", i]} for i, extra in pad.open_extras()
        ] + [{"label": "ENTER", "tap": ["finish"], "wide": True}]
    return shown


def form_keys(pad: Pad, names: dict[str, str]) -> list[dict[str, Any]]:
    """One key per form due now, the coach's calls (timeout, challenge) last."""
    forms = pad.main_forms() + pad.interrupt_forms()
    captions = form_captions([f for _, f in forms], names)
    return [
        {"label": keyword, "detail": detail, "tap": ["select", i]}
        for (i, _), (keyword, detail) in zip(forms, captions, strict=True)
    ]


def call_keys(pad: Pad, names: dict[str, str]) -> list[dict[str, Any]]:
    """The calls a coach may make at any moment, when the pad shows another form's values."""
    calls = [(i, f) for i, f in pad.interrupt_forms() if i != pad.form_index]
    captions = form_captions([f for _, f in calls], names)
    return [
        {"label": keyword, "detail": detail, "tap": ["select", i]}
        for (i, _), (keyword, detail) in zip(calls, captions, strict=True)
    ]


def combo_keys(pad: Pad) -> list[dict[str, Any]]:
    """A toggle per part of the set (each tap takes one more), and OK once it is a set offered."""
    combo = pad.combo()
    assert combo is not None
    keys: list[dict[str, Any]] = [
        {"label": part, "tap": ["toggle", part], "colour": part, "count": pad.picked.get(part, 0)}
        for part in combo.parts
    ]
    keys.append({"label": "OK", "tap": ["combo"], "wide": True, "off": pad.picked_word() is None})
    return keys
