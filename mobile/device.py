"""What differs on an Android device: where files go, the share sheet, the file picker.

Everything Android-only is imported inside the function that needs it, guarded, so the desktop
app and the tests never need the Android modules. On Android the app keeps to its own folders
(no storage permission is asked for): the store and the exports live in the app's private
storage, and an export is handed to the share sheet, from which the coach sends it anywhere.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

from kivy.clock import Clock
from kivy.logger import Logger
from kivy.utils import platform

DOCUMENTS_ENV = "ZEBRA_DOCUMENTS"


def documents_folder() -> Path:
    """Where exports go: $ZEBRA_DOCUMENTS, else the app's own Documents folder on Android (no
    permission needed), else ~/Documents/Zebra."""
    chosen = os.environ.get(DOCUMENTS_ENV)
    if chosen:
        return Path(chosen).expanduser()
    if platform == "android":
        from android.storage import app_storage_path  # type: ignore[import-not-found]

        return Path(app_storage_path()) / "Documents" / "Zebra"
    return Path.home() / "Documents" / "Zebra"


def device_store() -> str | None:
    """On Android the store lives in the app's private files folder; elsewhere, the CLI's."""
    if platform != "android":
        return None
    from android.storage import app_storage_path

    return os.path.join(app_storage_path(), "zebra.sqlite")


def share(paths: list[Path]) -> bool:
    """Offer the exported files to Android's share sheet; elsewhere they are simply in the
    documents folder. True when a share sheet was opened."""
    if platform != "android" or not paths:
        return False
    try:
        from androidstorage4kivy import SharedStorage, ShareSheet  # type: ignore[import-not-found]
    except ImportError:
        Logger.warning("Zebra: androidstorage4kivy is missing; the export stays in the app")
        return False
    shared = [SharedStorage().copy_to_shared(str(p)) for p in paths]
    ShareSheet().share_file_list([u for u in shared if u is not None])
    return True


def choose_file(done: Callable[[str], None]) -> bool:
    """Let the coach pick a roster or deck file with the system's file picker (plyer), then
    ``done(path)``. False when there is no picker here (type the path instead)."""
    try:
        from plyer import filechooser  # type: ignore[import-not-found]
    except ImportError:
        return False

    def chosen(selection: list[str] | None) -> None:
        # The picker may answer on a thread of its own; widgets are touched on the UI thread.
        if selection:
            path = str(selection[0])
            Clock.schedule_once(lambda _dt: done(path), 0)

    try:
        filechooser.open_file(on_selection=chosen, filters=["*.toml"])
    except NotImplementedError:
        return False
    return True


def play_sound(path: Path) -> bool:
    """Play a short sound file once; False where there is no audio (no device, no provider, a
    headless test run): a moment's tone is a courtesy, never a reason to fail."""
    try:
        from kivy.core.audio import SoundLoader

        sound = SoundLoader.load(str(path))
    except Exception as exc:  # noqa: BLE001  (any audio provider's own failure)
        Logger.info(f"Zebra: no sound here ({exc})")
        return False
    # A provider without a mixer (no audio device) still hands back a sound, of no length.
    if sound is None or not sound.length:
        return False
    try:
        sound.play()
    except Exception as exc:  # noqa: BLE001
        Logger.info(f"Zebra: the sound did not play ({exc})")
        return False
    return True


def vibrate(milliseconds: int) -> bool:
    """Buzz the device (Android's Vibrator, through pyjnius); elsewhere nothing. True when a
    vibrator was asked."""
    if platform != "android":
        return False
    try:
        from jnius import autoclass  # type: ignore[import-not-found]

        activity = autoclass("org.kivy.android.PythonActivity").mActivity
        context = autoclass("android.content.Context")
        vibrator = activity.getSystemService(context.VIBRATOR_SERVICE)
        if vibrator is None or not vibrator.hasVibrator():
            return False
        vibrator.vibrate(int(milliseconds))
    except Exception as exc:  # noqa: BLE001  (no pyjnius, no permission, an old API)
        Logger.info(f"Zebra: no vibration ({exc})")
        return False
    return True
