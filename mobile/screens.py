"""The widget classes the kv files lay out; they draw and forward taps, and decide nothing."""

from __future__ import annotations

import math
from typing import Any

from kivy.app import App
from kivy.clock import Clock
from kivy.core.text import Label as CoreLabel
from kivy.graphics import (
    Color,
    Ellipse,
    InstructionGroup,
    Line,
    PopMatrix,
    PushMatrix,
    Rectangle,
    Rotate,
    Triangle,
)
from kivy.metrics import dp, sp
from kivy.properties import (
    BooleanProperty,
    DictProperty,
    ListProperty,
    NumericProperty,
    ObjectProperty,
    StringProperty,
)
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.button import Button
from kivy.uix.gridlayout import GridLayout
from kivy.uix.label import Label
from kivy.uix.modalview import ModalView
from kivy.uix.recycleview import RecycleView
from kivy.uix.recycleview.views import RecycleDataViewBehavior
from kivy.uix.screenmanager import Screen
from kivy.uix.textinput import TextInput
from kivy.uix.togglebutton import ToggleButton
from kivy.uix.widget import Widget

from companion import board, catalogue, rosters
from companion.catalogue import DISPUTES
from mobile import device, fit, layout, model, optionrows, pad, textures

LONG_PRESS_SECONDS = 0.6
# The smallest text on the table, in dp (before the user's font scale).
MIN_FONT = 11.0


def app() -> Any:
    return App.get_running_app()


def font(size_dp: float) -> float:
    """A font size in pixels: ``size_dp`` scaled by density and the user's font scale."""
    return float(sp(size_dp))


class FitLabel(fit.Fits, textures.Cached, Label):
    """A label whose text always shows whole (mobile.fit)."""


class FitButton(fit.Fits, textures.Cached, Button):
    """A button whose caption always shows whole (mobile.fit)."""


# Buttons of the entry pad: each knows the value it stands for; its kv rule makes one call. --


class ChoiceButton(FitButton):
    """A die face, a number or a word the current slot offers."""

    value = StringProperty("")
    face = ListProperty([0.22, 0.26, 0.33, 1])
    role = StringProperty("choice")


class PartButton(FitButton):
    """A part of a set the slot offers (a die colour): each tap takes one more, then none."""

    part = StringProperty("")
    count = NumericProperty(0)
    face = ListProperty([0.22, 0.26, 0.33, 1])


class ExtraButton(FitButton):
    """An optional part of the form (a player's name, a second rating) to add."""

    index = NumericProperty(0)


class DisputeButton(FitButton):
    """The other coach's answer to a waiting correction."""

    decision = StringProperty("confirm")


class FormButton(FitButton):
    """One legal entry form: a decision, a play call, or the start of a roll."""

    index = NumericProperty(0)
    role = StringProperty("form")


class KeyButton(FitButton):
    """A number-pad key: a digit, ".", "-", "C" or OK."""

    key = StringProperty("")
    role = StringProperty("key")


class ChoiceRow(RecycleDataViewBehavior, FitButton):
    """One value in the searchable list (many card names): tapping it enters it."""

    value = StringProperty("")


class ListPicker(BoxLayout):
    """A searchable, scrollable list: a slot's values (the most likely first) or, when they do
    not fit as buttons, the forms on offer. Typing narrows it to the rows that say it."""

    choices = ListProperty([])
    rows = ListProperty([])

    def __init__(self, viewclass: str = "ChoiceRow", **kwargs: Any) -> None:
        super().__init__(orientation="vertical", spacing=dp(layout.SPACING), **kwargs)
        self.search = TextInput(
            hint_text="search",
            multiline=False,
            size_hint_y=None,
            height=dp(layout.MIN_TOUCH + 4),
            font_size=font(20),
            write_tab=False,
        )
        self.search.bind(text=lambda *_: self.filter())
        self.view = RecycleView()
        self.view.add_widget(Factory_RecycleBox())
        # The rows' class is named once the layout is in place, as a kv rule would.
        self.view.viewclass = viewclass
        self.add_widget(self.search)
        self.add_widget(self.view)
        self.bind(choices=lambda *_: self.filter(), rows=lambda *_: self.filter())
        self.filter()

    def filter(self) -> None:
        wanted = self.search.text.strip().lower()
        rows = list(self.rows) or [{"source": c.label, "value": c.value} for c in self.choices]
        self.view.data = [
            row
            for row in rows
            if not wanted
            or wanted in fit.plain(row["source"]).lower()
            or wanted in str(row.get("value", "")).lower()
        ]


def Factory_RecycleBox() -> Any:  # noqa: N802 (a factory for a kv-less RecycleBoxLayout)
    from kivy.uix.recycleboxlayout import RecycleBoxLayout

    box = RecycleBoxLayout(
        orientation="vertical",
        default_size_hint=(1, None),
        default_size=(None, dp(layout.MIN_TOUCH + 8)),
        size_hint_y=None,
        spacing=dp(4),
    )
    box.bind(minimum_height=box.setter("height"))
    return box


class TextSlot(BoxLayout):
    """Free text for a slot (a player's name), with the slot's suggestions and OK."""

    def __init__(self, suggestions: list[str], typed: str, **kwargs: Any) -> None:
        super().__init__(orientation="vertical", spacing=dp(layout.SPACING), **kwargs)
        row = BoxLayout(size_hint_y=None, height=dp(layout.MIN_TOUCH + 12), spacing=dp(6))
        self.entry = TextInput(text=typed, multiline=False, font_size=font(24), write_tab=False)
        self.entry.bind(text=lambda _w, text: app().pad_text(text))
        self.entry.bind(on_text_validate=lambda *_: app().pad_ok())
        ok = KeyButton(source="OK", key="OK", size_hint_x=None, width=dp(120))
        row.add_widget(self.entry)
        row.add_widget(ok)
        self.add_widget(row)
        if suggestions:
            picker = ListPicker(choices=[pad.Choice(s, s) for s in suggestions])
            self.add_widget(picker)
        else:
            self.add_widget(Widget())


class TeamToggle(ToggleButton):
    """A choice on the new-game screen: a ruleset or an option value."""

    value = StringProperty("")
    option = StringProperty("")


MODE_LABELS = {
    "strike": "STRIKE",
    "amend": "AMEND",
    "insert": "INSERT BEFORE",
    "restore": "RESTORE",
    "cascade": "RESTORE WITH THE OTHERS STRUCK WITH IT",
    "revert": "REVERT ITS CORRECTION",
}


class BackView(ModalView):
    """A dialog that leaves Back and Escape to the app (ZebraApp.go_back), which closes the
    dialog on top at once; Kivy's own handler would fade it out, taking touches meanwhile."""

    def _handle_keyboard(self, _window: Any, _key: int, *_args: Any) -> bool:
        return False


class ReasonPopup(BackView):
    """Why the entry is struck, restored or reverted; the reason is stored with the correction."""

    def fill(self, reasons: list[str]) -> None:
        box = self.ids.reasons
        box.clear_widgets()
        for reason in reasons:
            box.add_widget(ReasonButton(source=reason))
        if reasons:
            box.add_widget(TypeReasonButton(source="type a reason…"))
        modes = self.ids.modes
        modes.clear_widgets()
        for mode in app().correction_modes:
            modes.add_widget(ModeButton(source=MODE_LABELS[mode], mode=mode))

    def typing(self) -> None:
        """The table's own reason: a text field and USE in place of the reasons."""
        box = self.ids.reasons
        box.clear_widgets()
        field = ReasonInput()
        box.add_widget(field)
        box.add_widget(UseReasonButton(source="USE THIS REASON", field=field))
        field.focus = True


class ReasonInput(TextInput):
    """A reason typed in the picker, one line; Enter uses it."""


class TypeReasonButton(FitButton):
    """TYPE A REASON: the picker's reasons give way to a text field."""


class UseReasonButton(FitButton):
    """Makes the correction with the reason typed beside it."""

    field = ObjectProperty(None)


class TypedPopup(BackView):
    """An entry typed as at the CLI's prompt, with the same refusals, shown in place."""


class ReasonButton(FitButton):
    """One reason in the picker; its kv rule makes the correction with it."""


class ModeButton(FitButton):
    """What the correction does: strike, amend, insert, restore, cascade, revert."""

    mode = StringProperty("")


# Screens -------------------------------------------------------------------------------------


class HomeScreen(Screen):
    """The stored games, or the panel saying why the store cannot be opened."""

    def on_kv_post(self, base_widget: Any) -> None:
        app().bind(store_trouble=lambda *_: self.show_trouble())
        self.show_trouble()

    def show_trouble(self) -> None:
        box = self.ids.trouble
        shown = [w for w in box.children if isinstance(w, StoreTrouble)]
        if app().store_trouble and not shown:
            box.add_widget(StoreTrouble())
        elif not app().store_trouble:
            for panel in shown:
                box.remove_widget(panel)


class StoreTrouble(BoxLayout):
    """A store that cannot be opened: the one-line reason, the store's path, what to do, and
    TRY AGAIN, which opens it again."""


class NewGameScreen(Screen):
    """Ruleset, team names and the game's options; the service refuses bad ones with a message."""

    ruleset = StringProperty("rushzone")
    options = DictProperty({})
    with_rosters = BooleanProperty(False)
    _laid_out_for: tuple[str, bool, int] | None = None

    def reset(self) -> None:
        names = catalogue.names()
        if self.ruleset not in names:
            self.ruleset = names[0]
        box = self.ids.rulesets
        box.clear_widgets()
        for name in names:
            toggle = TeamToggle(
                text=catalogue.title(name),
                value=name,
                group="ruleset",
                state="down" if name == self.ruleset else "normal",
            )
            toggle.bind(on_release=lambda t: self.pick_ruleset(t.value))
            box.add_widget(toggle)
        self.pick_ruleset(self.ruleset)

    def pick_ruleset(self, name: str) -> None:
        self.ruleset = name
        for toggle in self.ids.rulesets.children:
            toggle.state = "down" if toggle.value == name else "normal"
        self.with_rosters = rosters.has_rosters(name)
        self.options = {o.name: o.default for o in catalogue.options(name)}
        self.lay_out_options(again=True)

    def lay_out_options(self, again: bool = False) -> None:
        """A row per option (mobile.optionrows), laid out again when the width changes it."""
        offered = catalogue.options(self.ruleset)
        shape = optionrows.arrangement(offered, self.width / dp(1) - 32)  # padding, scroll bar
        if (self._laid_out_for == (self.ruleset, *shape) and not again) or not self.width:
            return
        self._laid_out_for = (self.ruleset, *shape)
        self.ids.options.clear_widgets()
        for option in offered:
            label = OptionLabel(source=f"[b]{option.name}[/b]  {option.help}")
            toggles = [self._option_toggle(option.name, c) for c in option.choices]
            self.ids.options.add_widget(optionrows.option_row(label, toggles, *shape))

    def _option_toggle(self, name: str, choice: str) -> TeamToggle:
        toggle = TeamToggle(text=choice, value=choice, option=name, group=f"option-{name}")
        toggle.state = "down" if choice == self.options[name] else "normal"
        toggle.bind(on_release=lambda t: self.pick_option(t.option, t.value))
        return toggle

    def pick_option(self, name: str, value: str) -> None:
        self.options[name] = value

    def choose_roster(self, side: str) -> None:
        """The system's file picker, where there is one; else the path is typed."""
        field = self.ids.home_roster if side == "home" else self.ids.away_roster
        if not device.choose_file(lambda path: setattr(field, "text", path)):
            field.focus = True

    def start(self) -> None:
        files = {}
        if self.with_rosters:
            files = {"home": self.ids.home_roster.text, "away": self.ids.away_roster.text}
        options = {
            k: v for k, v in self.options.items() if not (k == "disputes" and v == DISPUTES[0])
        }
        calendar = {"season": self.ids.season.text, "week": self.ids.week.text}
        app().start_game(
            self.ruleset, self.ids.home.text, self.ids.away.text, options, files, calendar
        )


class OptionLabel(FitLabel):
    pass


class TableScreen(Screen):
    """The table: scoreboard, field, banner, prompt, entry pad and the interrupt row."""

    pad_version = NumericProperty(0)
    interrupt_version = NumericProperty(0)
    # The field's, the banner's and the prompt's heights (dp) with the clock panel's rows taken
    # from them (mobile.gauges.room_for_panel).
    bands = DictProperty({"field": 52.0, "banner": 44.0, "prompt": 48.0})
    # The pad's recording look is on (see _show_recording), and the button it holds.
    recording = BooleanProperty(False)
    held = ObjectProperty(None, allownone=True)
    _shown: tuple[Any, ...] | None = None
    _interrupts_shown: tuple[Any, ...] | None = None
    _recording_shown: tuple[Any, ...] | None = None
    _recording_group: Any = None

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        # Pad buttons kept from pads cleared, to be given the next pad's texts (_keep_buttons).
        self._spare: dict[type[Any], list[Any]] = {}

    def render_pad(self) -> None:
        """Lay out the pad for what is due now, from the app's Pad model and the pad's box."""
        the_app = app()
        the_pad = the_app.pad
        box = self.ids.pad_box
        head = self.ids.pad_head
        # Spent, and its entry with the store: the buttons stay as they are (a second tap finds
        # the pad spent and is ignored), in the recording look, until the answer replaces them.
        taken = the_pad is not None and the_pad.sent and the_app.recording
        self._show_recording(taken and not the_app.busy)
        if the_pad is None:
            self._keep_buttons(box)
            box.clear_widgets()
            self._shown = None
            head.source = the_app.busy
            return
        if the_pad.sent and not the_app.busy:
            return
        slot = the_pad.slot
        progress = the_pad.progress()
        due = f"   ->   [b]{fit_escape(slot.label)}[/b]" if slot is not None else ""
        head.source = the_app.busy or (fit_escape(progress) + due)
        # Shown or hidden, never disabled: a disabled label draws its text again in another
        # colour, a texture more on every tap. Hidden, a tap on it takes nothing back.
        self.ids.pad_back.opacity = 1 if the_pad.can_back and not the_app.busy else 0
        width, height = box.width / dp(1), box.height / dp(1)
        key = self._key(the_pad, the_app.busy, width, height)
        if key is not None and key == self._shown:
            self._update_in_place(the_pad)
            return
        self._shown = key
        mode = the_pad.mode
        if (
            mode == "choices"
            and not the_app.busy
            and self._choices_again(box, the_pad, width, height)
        ):
            return
        if mode == "forms" and not the_app.busy and self._forms_again(box, the_pad, width, height):
            return
        self._keep_buttons(box)
        box.clear_widgets()
        if the_app.busy and mode in ("sent", "idle", "forms"):
            box.add_widget(FitLabel(source=the_app.busy, max_font=font(34), bold=True))
            return
        if mode == "forms":
            self._forms(box, the_pad, width, height)
        elif mode == "choices":
            self._choices(box, the_pad, width, height)
        elif mode == "combo":
            self._combo(box, the_pad, width, height)
        elif mode == "numpad":
            self._numpad(box, the_pad, width, height)
        elif mode == "text":
            assert slot is not None
            box.add_widget(TextSlot(list(slot.words), the_pad.typed))
        elif mode == "extras":
            self._extras(box, the_pad, width, height)
        else:
            box.add_widget(FitLabel(source="", max_font=font(30)))

    def _show_recording(self, on: bool) -> None:
        """The pad's recording look, drawn over its buttons while the entry a tap completed is
        with the store: the button tapped framed in amber, every other button dimmed (none of
        them takes a tap until the answer comes). Canvas instructions only, no text: it costs
        the frame after the tap almost nothing, and it is gone in the frame of the answer."""
        box = self.ids.pad_box
        held = self._tapped(box) if on else None
        shown = (tuple(box.pos), tuple(box.size), rect_of(held)) if on else None
        if shown == self._recording_shown:
            return
        self._recording_shown = shown
        group = self._recording_group
        if group is not None:
            box.canvas.after.remove(group)
            self._recording_group = None
        self.recording = on
        self.held = held
        if not on:
            return
        group = InstructionGroup()
        group.add(Color(*model.RECORDING_DIM))
        x, y, right, top = box.x, box.y, box.right, box.top
        hx, hy, hr, ht = rect_of(held) or (x, y, x, y)
        if held is not None:
            # Window to the box's parent's coordinates, where the box's canvas draws.
            hx, hy = box.to_widget(hx, hy, relative=False)
            hr, ht = box.to_widget(hr, ht, relative=False)
            hx, hy, hr, ht = max(hx, x), max(hy, y), min(hr, right), min(ht, top)
        # Everything but the button tapped, in four bands around it.
        for rx, ry, rw, rh in (
            (x, y, right - x, hy - y),
            (x, ht, right - x, top - ht),
            (x, hy, hx - x, ht - hy),
            (hr, hy, right - hr, ht - hy),
        ):
            if rw > 0 and rh > 0:
                group.add(Rectangle(pos=(rx, ry), size=(rw, rh)))
        if held is not None:
            group.add(Color(*model.RECORDING))
            inset = dp(2)
            group.add(
                Line(
                    rectangle=(hx + inset, hy + inset, hr - hx - 2 * inset, ht - hy - 2 * inset),
                    width=dp(3),
                )
            )
        box.canvas.after.add(group)
        self._recording_group = group

    def _tapped(self, box: Widget) -> Widget | None:
        """The pad's button under the finger that completed the entry, if it is still there."""
        x, y = app().completed_at
        for widget in box.walk(restrict=True):
            if isinstance(widget, Button) and widget is not box:
                wx, wy, wr, wt = rect_of(widget) or (0, 0, 0, 0)
                if wx <= x <= wr and wy <= y <= wt:
                    return widget
        return None

    @staticmethod
    def _key(the_pad: pad.Pad, busy: str, width: float, height: float) -> tuple[Any, ...] | None:
        """What the pad's buttons show; the same key keeps the buttons (the next die of a roll
        offers the same faces). None when they must be rebuilt."""
        mode = the_pad.mode
        size = (round(width), round(height), busy if mode in ("sent", "idle", "forms") else "")
        if mode == "forms":
            forms = [f for _, f in the_pad.main_forms()]
            return (mode, size, tuple(pad.form_captions(forms, the_pad.names)))
        if mode == "choices" and the_pad.slot is not None:
            return (mode, size, the_pad.slot.kind, tuple(the_pad.choices()))
        if mode == "combo" and the_pad.slot is not None:
            return (mode, size, the_pad.slot)
        if mode == "numpad" and the_pad.slot is not None:
            return (mode, size, the_pad.slot)
        return None

    def _update_in_place(self, the_pad: pad.Pad) -> None:
        """What changes without new buttons: the typed number, the toggled parts."""
        mode = the_pad.mode
        if mode == "numpad":
            display = self._find("NumberDisplay")
            if display is not None:
                display.source = the_pad.typed or " "
            for ok in self._all("KeyButton"):
                if ok.key == "OK":
                    ok.disabled = not the_pad.typed_ok()
        elif mode == "combo":
            self._combo_state(the_pad)

    def _find(self, cls: str) -> Any:
        found = self._all(cls)
        return found[0] if found else None

    def _all(self, cls: str) -> list[Any]:
        return [w for w in self.ids.pad_box.walk(restrict=True) if type(w).__name__ == cls]

    def _keep_buttons(self, box: Any) -> None:
        """The form and value buttons of the pad about to be cleared, kept to be given the next
        pad's texts: building a button (its kv rules, its label) was the largest share of a
        new pad's frame, and a kept one, given every property a new one is given, draws the
        same."""
        if len(box.children) != 1 or not isinstance(box.children[0], GridLayout):
            return
        gl = box.children[0]
        for button in list(gl.children):
            if type(button) is FormButton and button.role == "form":
                self._spare.setdefault(FormButton, []).append(button)
            elif type(button) is ChoiceButton:
                self._spare.setdefault(ChoiceButton, []).append(button)
            else:
                continue
            gl.remove_widget(button)
            button.state = "normal"

    def _button(self, cls: type[Any], **props: Any) -> Any:
        """A button of ``cls`` with ``props``: a kept one if there is one, else a new one."""
        spare = self._spare.get(cls)
        if not spare:
            return cls(**props)
        button = spare.pop()
        for name, value in props.items():
            setattr(button, name, value)
        return button

    @staticmethod
    def _form_texts(the_pad: pad.Pad) -> tuple[list[tuple[str, str]], list[str]]:
        """Each main form's caption (keyword, detail) and its button's text."""
        main = the_pad.main_forms()
        captions = pad.form_captions([f for _, f in main], the_pad.names)
        texts = [
            f"[b]{k}[/b]\n[size={fit.SMALL}]{fit_escape(d)}[/size]" if d else f"[b]{k}[/b]"
            for k, d in captions
        ]
        return captions, texts

    @staticmethod
    def _forms_grid(captions: list[tuple[str, str]], width: float, height: float) -> Any:
        return layout.grid_for(
            [k for k, _ in captions],
            width,
            height,
            min_font=MIN_FONT * 1.6,
            most_cols=4,
            min_height=layout.MIN_TOUCH + 8,
        )

    def _forms_again(self, box: Any, the_pad: pad.Pad, width: float, height: float) -> bool:
        """The form buttons already shown, given the new forms, when there are as many in the
        same grid (the next play call offers the same number of calls): relabelled, not built
        again, which is most of a tap's work on a pad of many forms. False if they cannot be."""
        if len(box.children) != 1 or not isinstance(box.children[0], GridLayout):
            return False
        gl = box.children[0]
        buttons = list(reversed(gl.children))
        main = the_pad.main_forms()
        if len(buttons) != len(main) or not all(
            type(b) is FormButton and b.role == "form" for b in buttons
        ):
            return False
        captions, texts = self._form_texts(the_pad)
        grid = self._forms_grid(captions, width, height)
        if grid is None or grid.cols != gl.cols:
            return False
        for button, (index, _), text in zip(buttons, main, texts, strict=True):
            button.source, button.index = text, index
        return True

    def _forms(self, box: Any, the_pad: pad.Pad, width: float, height: float) -> None:
        main = the_pad.main_forms()
        captions, texts = self._form_texts(the_pad)
        grid = self._forms_grid(captions, width, height)
        if grid is None:
            # More forms than fit as buttons (a phone, a busy moment): a list to scroll.
            rows = [{"source": t, "index": i} for (i, _), t in zip(main, texts, strict=True)]
            box.add_widget(ListPicker("FormRow", rows=rows))
            return
        gl = GridLayout(cols=grid.cols, spacing=dp(layout.SPACING), padding=dp(layout.SPACING))
        for (index, _), text in zip(main, texts, strict=True):
            gl.add_widget(self._button(FormButton, source=text, index=index, max_font=font(30)))
        box.add_widget(gl)

    def _choices(self, box: Any, the_pad: pad.Pad, width: float, height: float) -> None:
        slot = the_pad.slot
        assert slot is not None
        choices = the_pad.choices()
        if not choices:
            # A value no list can hold: typed, with the CLI's refusals.
            box.add_widget(FormButton(source="TYPE IT", index=-1, role="type"))
            return
        grid = layout.grid_for([c.label for c in choices], width, height, min_font=MIN_FONT * 1.6)
        if grid is None:
            box.add_widget(ListPicker(choices=the_pad.likely_choices()))
            return
        gl = GridLayout(cols=grid.cols, spacing=dp(layout.SPACING), padding=dp(layout.SPACING))
        big = font(min(60.0, grid.button_h * 0.55))
        for choice in choices:
            # Every property a value button is given, also the defaults (a kept one may differ).
            face: list[float] = [0.22, 0.26, 0.33, 1]
            colour: list[float] = [1, 1, 1, 1]
            if slot.kind == "die" or choice.colour:
                die = model.die_colour(choice.colour)
                face, colour = list(die), list(model.text_colour_on(die))
            button = self._button(
                ChoiceButton,
                source=choice.label,
                value=choice.value,
                max_font=big,
                face=face,
                color=colour,
            )
            gl.add_widget(button)
        box.add_widget(gl)

    def _choices_again(self, box: Any, the_pad: pad.Pad, width: float, height: float) -> bool:
        """The buttons already shown, given the new values, when there are as many in the same
        grid (the next roll's dice): relabelled, not built again. False if they cannot be."""
        slot = the_pad.slot
        choices = the_pad.choices()
        if slot is None or not choices or len(box.children) != 1:
            return False
        gl = box.children[0]
        buttons = list(reversed(gl.children))
        if not isinstance(gl, GridLayout) or len(buttons) != len(choices):
            return False
        if not all(isinstance(b, ChoiceButton) for b in buttons):
            return False
        grid = layout.grid_for([c.label for c in choices], width, height, min_font=MIN_FONT * 1.6)
        if grid is None or grid.cols != gl.cols:
            return False
        for button, choice in zip(buttons, choices, strict=True):
            button.source, button.value = choice.label, choice.value
            face = model.die_colour(choice.colour) if slot.kind == "die" or choice.colour else None
            button.face = list(face) if face else [0.22, 0.26, 0.33, 1]
            button.color = list(model.text_colour_on(face)) if face else [1, 1, 1, 1]
        return True

    def _combo(self, box: Any, the_pad: pad.Pad, width: float, height: float) -> None:
        combo = the_pad.combo()
        assert combo is not None
        outer = BoxLayout(orientation="vertical", spacing=dp(layout.SPACING))
        labels = [f"{p.upper()} x{m}" for p, m in zip(combo.parts, combo.most, strict=True)]
        done_h = layout.MIN_TOUCH + 12
        grid = layout.grid_for(
            labels, width, height - done_h - layout.SPACING, min_font=MIN_FONT * 1.6
        ) or layout.Grid(4, 2, 60, 60)
        gl = GridLayout(cols=grid.cols, spacing=dp(layout.SPACING), padding=dp(layout.SPACING))
        for part in combo.parts:
            face = model.die_colour(part)
            gl.add_widget(
                PartButton(
                    part=part,
                    face=list(face),
                    color=list(model.text_colour_on(face)),
                    max_font=font(34),
                )
            )
        outer.add_widget(gl)
        row = BoxLayout(size_hint_y=None, height=dp(done_h), spacing=dp(layout.SPACING))
        row.add_widget(FitLabel(source="", max_font=font(26), halign="left"))
        row.add_widget(KeyButton(source="DONE", key="DONE", size_hint_x=0.4, max_font=font(30)))
        outer.add_widget(row)
        box.add_widget(outer)
        self._combo_state(the_pad)

    def _combo_state(self, the_pad: pad.Pad) -> None:
        combo = the_pad.combo()
        if combo is None:
            return
        for button in self._all("PartButton"):
            count = the_pad.picked.get(button.part, 0)
            most = combo.most[combo.parts.index(button.part)]
            button.count = count
            mark = ("ON" if count else "off") if most == 1 else f"x{count}"
            button.source = f"[b]{button.part.upper()}[/b]\n[size={fit.SMALL}]{mark}[/size]"
        word = the_pad.picked_word()
        picked = [f"{p} x{n}" if n > 1 else p for p, n in the_pad.picked.items() if n]
        for done in self._all("KeyButton"):
            if done.key == "DONE":
                done.disabled = word is None
        labels = [w for w in self._all("FitLabel") if w.halign == "left"]
        if labels:
            labels[0].source = ("Rolled: " + ", ".join(picked)) if picked else "Tap each die rolled"

    def _numpad(self, box: Any, the_pad: pad.Pad, width: float, height: float) -> None:
        slot = the_pad.slot
        assert slot is not None
        keys = [*the_pad.number_keys(), "OK"]
        portrait = height > width * 0.6
        cols = 4 if portrait else min(len(keys) + 1, 8)
        face = model.die_colour(slot.colour)
        gl = GridLayout(cols=cols, spacing=dp(layout.SPACING), padding=dp(layout.SPACING))
        display = NumberDisplay(
            source=the_pad.typed or " ",
            max_font=font(44),
            face=list(face),
            color=list(model.text_colour_on(face)),
        )
        gl.add_widget(display)
        for key in keys:
            button = KeyButton(source=key, key=key, max_font=font(40))
            if key == "OK":
                button.disabled = not the_pad.typed_ok()
            gl.add_widget(button)
        box.add_widget(gl)

    def _extras(self, box: Any, the_pad: pad.Pad, width: float, height: float) -> None:
        items = the_pad.open_extras()
        labels = [f"+ {e.label.upper()}" for _, e in items] + ["ENTER"]
        grid = layout.grid_for(labels, width, height, min_font=MIN_FONT * 1.6, most_cols=4)
        cols = grid.cols if grid is not None else 2
        gl = GridLayout(cols=cols, spacing=dp(layout.SPACING), padding=dp(layout.SPACING))
        for (index, _), label in zip(items, labels, strict=False):
            gl.add_widget(ExtraButton(source=label, index=index, max_font=font(28)))
        gl.add_widget(KeyButton(source="ENTER", key="ENTER", max_font=font(30)))
        box.add_widget(gl)

    def render_interrupts(self) -> None:
        """Time-out and challenge forms, when the ruleset offers them now, beside undo; a
        waiting correction's CONFIRM and REJECT instead of them."""
        the_app = app()
        the_pad = the_app.pad
        box = self.ids.interrupts
        pending = bool(the_app.status.get("pending"))
        forms = the_pad.interrupt_forms() if the_pad is not None else []
        shown = (pending, tuple(forms), tuple(sorted(the_pad.names.items())) if the_pad else ())
        if shown == self._interrupts_shown:
            return  # the same buttons: a frame is not spent building them again
        self._interrupts_shown = shown
        box.clear_widgets()
        if pending:
            box.add_widget(DisputeButton(source="CONFIRM", decision="confirm"))
            box.add_widget(DisputeButton(source="REJECT", decision="reject"))
            return
        if the_pad is None:
            return
        captions = pad.form_captions([f for _, f in forms], the_pad.names)
        for (index, form), (keyword, detail) in zip(forms, captions, strict=True):
            twins = sum(f.keyword == form.keyword for _, f in forms) > 1
            text = f"{keyword}\n[size={fit.SMALL}]{fit_escape(detail)}[/size]" if twins else keyword
            box.add_widget(FormButton(source=text, index=index, role="interrupt"))


class FormRow(RecycleDataViewBehavior, FitButton):
    """A form in the scrolling list of forms (when they do not fit as buttons)."""

    index = NumericProperty(0)


class NumberDisplay(FitLabel):
    """The number typed so far, on the die's colour."""

    face = ListProperty([0.22, 0.26, 0.33, 1])


def rect_of(widget: Widget | None) -> tuple[float, float, float, float] | None:
    """A widget's box in window pixels: x, y, right, top."""
    if widget is None:
        return None
    x, y = widget.to_window(widget.x, widget.y)
    return x, y, x + widget.width, y + widget.height


def fit_escape(text: str) -> str:
    """Free text shown in a markup label: brackets are not read as markup."""
    return model.escape(text)


class FieldStrip(Widget):
    """The field to scale: end zones, ten-yard lines, the ball, the line to gain, the direction.

    Every text is sized from the strip's height and fitted to its place (a team's name in its
    end zone is turned upright and shortened if it must), so nothing spills over the field.
    """

    view = ObjectProperty(board.FieldView(None, None, 0, ""))
    home = StringProperty("")
    away = StringProperty("")

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._textures: dict[tuple[str, float, bool], Any] = {}
        # Where the ball was last drawn (window pixels of its centre) and its half-height.
        self.ball_at: tuple[float, float] | None = None
        self.ball_radius = 0.0
        # The texts of the last redraw, in drawing order: what the strip says, readable as a
        # label's text is (the strip paints textures, not Label widgets).
        self.labels: list[str] = []
        self._redraw = Clock.create_trigger(self.redraw, -1)
        self.bind(pos=self._redraw, size=self._redraw, view=self._redraw)
        self.bind(home=self._redraw, away=self._redraw)

    def redraw(self, *_: Any) -> None:
        self.canvas.clear()
        x0, y0, w, h = self.x, self.y, self.width, self.height
        caption_h = max(min(h * 0.26, dp(36)), dp(16))
        fy, fh = y0 + caption_h, h - caption_h
        self.ball_at = None
        self.labels = []
        if self.view.slots is not None:
            self._draw_slots(x0, fy, w, fh)
        elif self.view.moments is not None:
            self._draw_moments(x0, fy, w, fh)
        else:
            self._draw_field(x0, fy, w, fh)
        self._fitted(
            self.view.caption, x0 + w / 2, y0 + caption_h / 2, w - dp(8), caption_h * 0.7, bold=True
        )

    def _fitted(
        self,
        text: str,
        cx: float,
        cy: float,
        width: float,
        size: float,
        *,
        bold: bool = False,
        rotate: bool = False,
        alternatives: tuple[str, ...] = (),
    ) -> None:
        """``text`` (or a shorter alternative) in at most ``width`` px, its font at most
        ``size``: a smaller font before a shorter wording, never a cut word."""
        for candidate in (text, *alternatives):
            if not candidate:
                return
            font_size = size
            while font_size >= dp(8):
                tw = CoreLabel(text=candidate, font_size=font_size, bold=bold).get_extents(
                    candidate
                )[0]
                if tw <= width:
                    self._text(candidate, cx, cy, font_size, bold=bold, rotate=rotate)
                    return
                font_size *= 0.85
        # Nothing fits: nothing is drawn rather than a name spilling over the field.

    def _draw_slots(self, x0: float, fy: float, w: float, fh: float) -> None:
        """Nine scoring slots per side, filled with the points scored in each, and the side
        cell with the defensive scores placed beside them."""
        assert self.view.slots is not None
        name_w = w * 0.16
        row_h = fh / 2
        side = self.view.side
        for row, (name, slots) in enumerate(
            zip((self.home, self.away), self.view.slots, strict=True)
        ):
            boxes: tuple[str, ...] = slots if side is None else (*slots, side[row])
            y = fy + fh - (row + 1) * row_h
            self._fitted(
                name.upper(),
                x0 + name_w / 2,
                y + row_h / 2,
                name_w - dp(6),
                row_h * 0.5,
                bold=True,
                alternatives=tuple(pad.short_names(name)[1:]),
            )
            box_w = (w - name_w) / max(len(boxes), 1)
            for i, label in enumerate(boxes):
                bx = x0 + name_w + i * box_w
                with self.canvas:
                    Color(*(model.FIELD_GREEN if label else (0.18, 0.2, 0.25, 1)))
                    Rectangle(pos=(bx + 3, y + 3), size=(box_w - 6, row_h - 6))
                placeholder = "side" if i == len(slots) else f"#{i + 1}"
                self._fitted(
                    label or placeholder,
                    bx + box_w / 2,
                    y + row_h / 2,
                    box_w - dp(8),
                    row_h * (0.55 if label else 0.38),
                )

    def _draw_moments(self, x0: float, fy: float, w: float, fh: float) -> None:
        """The drive's key moments: a filled pip for each one left."""
        assert self.view.moments is not None
        left, total = self.view.moments
        label_h = fh * 0.3
        r = min((fh - label_h) * 0.4, w / (3 * total))
        gap = w / (total + 1)
        for i in range(total):
            cx, cy = x0 + gap * (i + 1), fy + (fh - label_h) / 2
            with self.canvas:
                if i < left:
                    Color(1, 0.82, 0.1, 1)
                    Ellipse(pos=(cx - r, cy - r), size=(2 * r, 2 * r))
                else:
                    Color(0.5, 0.5, 0.55, 1)
                    Line(circle=(cx, cy, r), width=2)
        self._fitted(
            f"Key moments left: {left} of {total}",
            x0 + w / 2,
            fy + fh - label_h / 2,
            w - dp(8),
            label_h * 0.8,
        )

    def _draw_field(self, x0: float, fy: float, w: float, fh: float) -> None:
        # 100 yards of field plus two 10-yard end zones.
        yard = w / 120.0
        gx = x0 + 10 * yard  # the home goal line
        numbers = max(min(fh * 0.22, dp(26)), dp(10))
        with self.canvas:
            Color(*model.FIELD_GREEN)
            Rectangle(pos=(x0, fy), size=(w, fh))
            Color(0.12, 0.2, 0.55, 1)
            Rectangle(pos=(x0, fy), size=(10 * yard, fh))
            Color(0.55, 0.12, 0.12, 1)
            Rectangle(pos=(gx + 100 * yard, fy), size=(10 * yard, fh))
            Color(1, 1, 1, 0.9)
            # The yard lines stop short of the top so the yard numbers sit clear of them.
            for i in range(0, 101, 10):
                x = gx + i * yard
                top = fy + fh if i in (0, 100) else fy + fh - numbers
                Line(points=[x, fy, x, top], width=1.5 if i % 50 else 2.5)
        # A team's name stands upright in its end zone, as long as the zone is tall.
        zone = min(10 * yard * 0.7, dp(26))
        for name, cx in ((self.home, x0 + 5 * yard), (self.away, gx + 105 * yard)):
            self._fitted(
                name.upper(),
                cx,
                fy + fh / 2,
                fh - dp(6),
                zone,
                bold=True,
                rotate=True,
                alternatives=tuple(n.upper() for n in pad.short_names(name)[1:]),
            )
        for i in range(10, 100, 10):
            self._fitted(
                str(50 - abs(50 - i)),
                gx + i * yard,
                fy + fh - numbers / 2,
                10 * yard - dp(4),
                numbers * 0.8,
                bold=True,
            )
        view = self.view
        if view.down_column is not None:
            # On the field, just short of the away goal line: the end zone keeps its name.
            self._draw_down_columns(gx + 100 * yard - dp(3), fy, fh, view.down_column)
        if view.gain is not None:
            with self.canvas:
                Color(*model.LINE_TO_GAIN)
                Line(points=[gx + view.gain * yard, fy, gx + view.gain * yard, fy + fh], width=4)
        if view.ball is not None:
            r = max(min((fh - numbers) * 0.18, dp(14)), dp(5))
            bx, by = gx + view.ball * yard, fy + (fh - numbers) / 2
            self.ball_at = (bx, by)
            self.ball_radius = r
            with self.canvas:
                Color(0.3, 0.7, 1.0, 1)
                Line(points=[bx, fy, bx, fy + fh], width=3)
                Color(*model.BALL_SEAM)
                Ellipse(pos=(bx - r * 1.5 - 2, by - r - 2), size=(r * 3 + 4, r * 2 + 4))
                Color(*model.BALL_COLOUR)
                Ellipse(pos=(bx - r * 1.5, by - r), size=(r * 3, r * 2))
                Color(*model.BALL_SEAM)
                Line(points=[bx - r * 0.6, by, bx + r * 0.6, by], width=1.5)
                Color(1, 1, 1, 1)
                d = view.attacking
                tip = bx + d * (r * 1.5 + r * 2.4)
                base = bx + d * (r * 1.5 + r * 0.6)
                Triangle(points=[base, by + r * 0.9, base, by - r * 0.9, tip, by])

    def _draw_down_columns(self, right: float, fy: float, fh: float, down: int) -> None:
        """1st & Goal's down columns, at the foot of the field: the current down lit."""
        size = min(fh * 0.2, dp(24))
        gap = size * 0.15
        left = right - 4 * (size + gap)
        for n in range(1, 5):
            x = left + (n - 1) * (size + gap)
            with self.canvas:
                Color(*((1, 0.85, 0.0, 1) if n == down else (0.25, 0.28, 0.33, 1)))
                Rectangle(pos=(x, fy + gap), size=(size, size))
            self._fitted(str(n), x + size / 2, fy + gap + size / 2, size, size * 0.7, bold=True)

    def _text(
        self,
        text: str,
        cx: float,
        cy: float,
        size: float,
        *,
        bold: bool = False,
        rotate: bool = False,
    ) -> None:
        key = (text, round(size, 1), bold)
        texture = self._textures.get(key)
        if texture is None:
            # Yard numbers and team names repeat on every redraw; render each once.
            label = CoreLabel(text=text, font_size=size, bold=bold)
            label.refresh()
            texture = self._textures[key] = label.texture
        self.labels.append(text)
        tw, th = texture.size
        with self.canvas:
            Color(1, 1, 1, 1)
            if rotate:
                PushMatrix()
                Rotate(angle=90, origin=(cx, cy))
            Rectangle(texture=texture, pos=(cx - tw / 2, cy - th / 2), size=(tw, th))
            if rotate:
                PopMatrix()


class Drawer(BoxLayout):
    """The log drawer; it takes the touches that land on it so the pad underneath stays still."""

    def on_touch_down(self, touch: Any) -> bool:
        if self.collide_point(*touch.pos):
            super().on_touch_down(touch)
            return True
        return False


class LogView(RecycleView):
    """The play-by-play, latest first. A row is as tall as its text at the list's width: the
    list is told each row's height (a recycled row widget keeps no height of its own), measured
    once per text and width."""

    rows = ListProperty([])
    ROW_FONT = 18.0  # sp, as <LogRow> draws it
    ROW_PAD = (10.0, 6.0)  # dp, as <LogRow> pads it

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._heights: dict[tuple[str, float], float] = {}
        self._made: dict[int, tuple[Any, float, dict[str, Any]]] = {}
        self._trigger = Clock.create_trigger(self._measure, -1)
        self.bind(rows=self._trigger, width=self._trigger)

    def _measure(self, *_: Any) -> None:
        width = float(math.floor(self.width - 2 * dp(self.ROW_PAD[0])))
        if width <= 0:
            return
        font_size = font(self.ROW_FONT)
        data = []
        made: dict[int, tuple[Any, float, dict[str, Any]]] = {}
        for row in self.rows:
            key = (row["text"], width)
            high = self._heights.get(key)
            if high is None:
                text = fit._height(row["text"], font_size, width, False, True, "left")
                high = self._heights[key] = max(text + 2 * dp(self.ROW_PAD[1]) + dp(6), dp(56))
            # The same row (mobile.model builds each once) at the same height: the same item.
            was = self._made.get(id(row))
            item = was[2] if was is not None and was[0] is row and was[1] == high else None
            if item is None:
                item = {**row, "row_size": (None, high)}
            made[id(row)] = (row, high, item)
            data.append(item)
        self._made = made
        if len(self._heights) > 4 * len(self.rows) + 64:
            self._heights.clear()
        self._show(data)

    def _show(self, data: list[dict[str, Any]]) -> None:
        """Give the list its new rows. A new entry adds a row on top and changes a row or two
        (the last entry's mark): those are inserted and set one by one, so the list measures
        and lays out only them, not every row of the game again (O(entries) per entry)."""
        shown: list[dict[str, Any]] = self.data  # type: ignore[has-type]
        added = len(data) - len(shown)
        if not shown or not 0 < added <= 3:
            self.data = data
            return
        # Rows are the same objects when unchanged (_measure): the others are the changed ones.
        changed = [i for i in range(added, len(data)) if data[i] is not shown[i - added]]
        if len(changed) > 8:
            self.data = data
            return
        for i in range(added):
            shown.insert(i, data[i])
        for i in changed:
            if shown[i] != data[i]:
                shown[i] = data[i]


class LogRow(RecycleDataViewBehavior, textures.Cached, Label):
    """One entry of the play-by-play; a long press offers to correct it."""

    hold_seconds = LONG_PRESS_SECONDS
    seq = NumericProperty(0)
    actionable = BooleanProperty(False)
    last = BooleanProperty(False)
    standing = BooleanProperty(True)
    entry = StringProperty("")
    correction = StringProperty("")

    __events__ = ("on_long_press",)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.press_event: Any = None

    def on_touch_down(self, touch: Any) -> bool:
        if self.collide_point(*touch.pos) and self.actionable:
            self.release()
            self.press_event = Clock.schedule_once(self._held, self.hold_seconds)
            # The finger may lift outside the row (or the log may scroll): watch it anyway.
            touch.grab(self)
        return bool(super().on_touch_down(touch))

    def on_touch_up(self, touch: Any) -> bool:
        if touch.grab_current is self:
            touch.ungrab(self)
            self.release()
            return True
        return bool(super().on_touch_up(touch))

    def release(self) -> None:
        if self.press_event is not None:
            self.press_event.cancel()
            self.press_event = None

    def _held(self, _dt: float) -> None:
        self.press_event = None
        self.dispatch("on_long_press")

    def on_long_press(self) -> None:
        pass


class GameRow(RecycleDataViewBehavior, Button):
    """A stored game on the home screen; tapping it reopens the game."""

    game_id = StringProperty("")
