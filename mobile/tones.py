"""The moments' tones (mobile/data/*.wav): short sine tones made with the standard library, so
the repository holds no sound it did not make. ``python -m mobile.tones`` writes them again."""

from __future__ import annotations

import math
import struct
import wave
from pathlib import Path

DATA = Path(__file__).resolve().parent / "data"
RATE = 22050  # samples a second: plenty for a beep, and small files
VOLUME = 0.4  # of full scale: audible across a table, not startling

# Each tone as (frequency Hz, seconds) notes; 0 Hz is a rest.
TONES: dict[str, tuple[tuple[float, float], ...]] = {
    "touchdown.wav": ((523.25, 0.12), (659.25, 0.12), (783.99, 0.24)),
    "turnover.wav": ((440.0, 0.15), (0.0, 0.05), (330.0, 0.25)),
    "whistle.wav": ((1046.5, 0.3),),
    "final.wav": ((1046.5, 0.25), (0.0, 0.08), (1046.5, 0.25), (0.0, 0.08), (1046.5, 0.45)),
}


def samples(notes: tuple[tuple[float, float], ...]) -> bytes:
    """16-bit mono samples of the notes, each faded in and out over 10 ms (no clicks)."""
    out = bytearray()
    fade = int(RATE * 0.01)
    for frequency, seconds in notes:
        count = int(RATE * seconds)
        for i in range(count):
            edge = min(1.0, i / fade, (count - 1 - i) / fade) if fade else 1.0
            value = math.sin(2 * math.pi * frequency * i / RATE) if frequency else 0.0
            out += struct.pack("<h", int(32767 * VOLUME * edge * value))
    return bytes(out)


def write_tones(folder: Path = DATA) -> list[Path]:
    """Write every tone into ``folder``; the paths written."""
    made = []
    for name, notes in TONES.items():
        path = folder / name
        with wave.open(str(path), "wb") as out:
            out.setnchannels(1)
            out.setsampwidth(2)
            out.setframerate(RATE)
            out.writeframes(samples(notes))
        made.append(path)
    return made


if __name__ == "__main__":
    for path in write_tones():
        print(path)
