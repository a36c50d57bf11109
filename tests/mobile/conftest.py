"""Kivy without a screen: the environment is set before anything here imports Kivy.

Only tests/mobile imports Kivy; the rest of the suite never does.
"""

from __future__ import annotations

import os
import tempfile

os.environ["KIVY_NO_ARGS"] = "1"
os.environ["KIVY_NO_CONSOLELOG"] = "1"
os.environ["KIVY_NO_FILELOG"] = "1"
# Frames are advanced by hand: the clock must not sleep to hold 60 frames a second between them.
os.environ["KCFG_GRAPHICS_MAXFPS"] = "0"
os.environ.setdefault("KIVY_HOME", tempfile.mkdtemp(prefix="zebra-kivy-"))
# The app keeps this device's settings in its user_data_dir ($XDG_CONFIG_HOME/zebra): never the
# real one of whoever runs the tests.
os.environ["XDG_CONFIG_HOME"] = tempfile.mkdtemp(prefix="zebra-config-")
if not os.environ.get("DISPLAY"):
    os.environ.setdefault("SDL_VIDEODRIVER", "offscreen")
