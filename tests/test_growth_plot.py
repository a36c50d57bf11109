"""The benchmarks' growth curves (benchmarks.plot) are a well-formed SVG with one line per
series for Zebra and one for its bare counterpart, for any figure's points."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from benchmarks.plot import growth_svg, panels_of

SVG = "{http://www.w3.org/2000/svg}"


def test_each_series_is_a_zebra_line_and_a_bare_line_through_its_points() -> None:
    points = [
        ("5", "standings <from empty>", "s", 100, 1.2, 0.5),
        ("5", "standings <from empty>", "s", 1000, 12.0, 5.0),
        ("5", "standings <from empty>", "s", 5000, 61.0, 25.0),
        ("5", "peak memory", "MiB", 100, 40.0, 38.0),
        ("5", "peak memory", "MiB", 5000, 41.0, 38.5),
        ("1", "per entry", "s", 200, 0.001, None),  # another figure, no bare counterpart
        ("1", "per entry", "s", 5000, 0.0011, None),
    ]
    panels = panels_of(points, {"5": "5. standings"})
    assert [p.title for p in panels] == ["5. standings", "5. standings — memory", "figure 1"]
    root = ET.fromstring(growth_svg(panels, "growth"))
    lines = root.findall(f".//{SVG}polyline")
    # standings: Zebra and bare; memory: Zebra and bare; per entry: Zebra only.
    assert [len(line.get("points", "").split()) for line in lines] == [3, 3, 2, 2, 2]
    assert [bool(line.get("stroke-dasharray")) for line in lines] == [False, True] * 2 + [False]
    texts = [t.text for t in root.iter(f"{SVG}text")]
    assert "standings <from empty>" in texts  # escaped in the file, read back as written
    # The faster a curve, the lower it is drawn (an SVG's y grows downwards).
    zebra, plain = (
        [float(p.split(",")[1]) for p in line.get("points", "").split()] for line in lines[:2]
    )
    assert all(z < b for z, b in zip(zebra, plain, strict=True))
    assert zebra == sorted(zebra, reverse=True)  # growing with the games: drawn ever higher


def test_a_figure_without_points_says_so() -> None:
    svg = growth_svg(panels_of([("4", "status", "s", 100, 0.0, None)]))
    assert "not measured" in svg
