"""The entry pad's state: companion.entry_pad, where the web pad (web/) reads it too.

Kept under this name so the tablet's modules and tests read ``pad.Pad`` as before.
"""

from companion.entry_pad import *  # noqa: F403
from companion.entry_pad import _difference  # noqa: F401
