"""The Android package (buildozer.spec) holds what the app imports, and the app runs without the
Android-only modules on a desktop. ``buildozer android debug`` is not run here; these checks
read the spec and the source."""

from __future__ import annotations

import ast
import configparser
import importlib.metadata as metadata
import re
import sys
from pathlib import Path

from domain import rulesets

ROOT = Path(__file__).resolve().parents[2]
SPEC = ROOT / "buildozer.spec"
PROJECT = {"mobile", "companion", "domain", "projections"}
# Modules python-for-android itself puts on the device.
PROVIDED = {"android", "jnius"}
# Imported only on a device, so the desktop app never needs them: each inside the function
# that uses it (mobile/device.py).
DEVICE_ONLY = {"android", "jnius", "plyer", "androidstorage4kivy"}
# Requirements that are python-for-android's toolchain, not modules the app imports: Python on
# the device and the build machine's Python, which must be the same release.
TOOLCHAIN = {"python3", "hostpython3"}
PYTHON = "3.11.5"


def spec() -> configparser.RawConfigParser:
    parser = configparser.RawConfigParser()
    parser.read(SPEC, encoding="utf-8")
    return parser


def requirements() -> set[str]:
    listed = spec().get("app", "requirements")
    return {re.split(r"[=<>]", r.strip())[0].lower() for r in listed.split(",") if r.strip()}


def not_packaged() -> set[str]:
    """What the spec says it leaves out on purpose: ``# zebra: not packaged: NAME (why)``."""
    said = re.findall(r"^# zebra: not packaged: (\w+) \(", SPEC.read_text("utf-8"), re.M)
    return set(said)


def module_file(name: str) -> Path | None:
    path = ROOT.joinpath(*name.split("."))
    for candidate in (path.with_suffix(".py"), path / "__init__.py"):
        if candidate.exists():
            return candidate
    return None


# The most names the walk below reads before it gives up: the project has a few hundred modules
# and imported names, so a walk that reaches this many is going round, and fails instead.
MAX_NAMES = 5000


def imports(start: list[str], limit: int = MAX_NAMES) -> tuple[dict[str, set[str]], set[str]]:
    """Every module outside the project the app imports (anywhere in a module, so a guarded
    import counts too), with who imports it; and the project's modules it reaches. Each name is
    queued once and at most ``limit`` are read, so the walk always ends."""
    outside: dict[str, set[str]] = {}
    seen: set[str] = set()
    todo = list(dict.fromkeys(start))
    queued = set(todo)
    for _ in range(limit):
        if not todo:
            break
        name = todo.pop()
        seen.add(name)
        path = module_file(name) if name != "main" else ROOT / "main.py"
        if path is None:
            continue
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            found = []
            if isinstance(node, ast.Import):
                found = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                found = [node.module, *(f"{node.module}.{a.name}" for a in node.names)]
            for module in found:
                top = module.split(".")[0]
                if top in PROJECT:
                    if module not in queued:
                        queued.add(module)
                        todo.append(module)
                elif top not in sys.stdlib_module_names:
                    outside.setdefault(top, set()).add(name)
    if todo:
        raise AssertionError(f"the import walk read {limit} names and still had {len(todo)}")
    return outside, seen


def distribution(module: str) -> str:
    """The package that provides ``module`` as a requirement names it (kivy is Kivy)."""
    found = metadata.packages_distributions().get(module)
    return (found[0] if found else module).lower()


def needed_by(names: set[str]) -> set[str]:
    """The installed dependencies of these packages (not their extras)."""
    out = set()
    for name in names:
        try:
            required = metadata.requires(name) or []
        except metadata.PackageNotFoundError:
            continue
        out |= {re.split(r"[ ;<>=(\[]", r)[0].lower() for r in required if "extra ==" not in r}
    return out


def app_imports() -> tuple[dict[str, set[str]], set[str]]:
    # The rulesets are imported by name (domain.rulesets.get), so they are named here.
    games = [f"domain.rulesets.{name}" for name in rulesets.KNOWN]
    return imports(["main", *games])


def test_the_spec_packages_every_module_the_app_imports() -> None:
    outside, reached = app_imports()
    assert "mobile.app" in reached and "domain.rulesets.firstandgoal" in reached
    # Not the CLI: typer stays off the device.
    assert "companion.cli" not in reached and "typer" not in outside
    packaged = requirements()
    missing = {
        module: sorted(by)
        for module, by in outside.items()
        if distribution(module) not in packaged
        and module not in PROVIDED
        and module not in not_packaged()
    }
    assert not missing, f"imported but not in buildozer.spec's requirements: {missing}"


def test_the_spec_packages_nothing_the_app_does_not_need() -> None:
    outside, _ = app_imports()
    imported = {distribution(m) for m in outside}
    extra = requirements() - imported - needed_by(imported) - TOOLCHAIN
    assert not extra, f"in buildozer.spec's requirements but never imported: {sorted(extra)}"


def test_what_is_left_out_is_said_and_is_the_league_store_only() -> None:
    assert not_packaged() == {"psycopg"}
    outside, _ = app_imports()
    # The league store's driver is imported only by the store layer, where a PostgreSQL store
    # is opened or written (its recorder, companion.postgres_heads, is imported then), and by
    # the league's standings view, which the service asks for on a PostgreSQL store only
    # (Referee.league_standings).
    store_layer = {"companion.store", "companion.heads", "companion.postgres_heads"}
    assert outside["psycopg"] <= {*store_layer, "companion.league"}, outside["psycopg"]
    readme = (ROOT / "README.md").read_text("utf-8")
    assert "SQLite-only" in readme


def test_android_only_modules_are_imported_inside_the_functions_that_use_them() -> None:
    for path in (ROOT / "mobile").glob("*.py"):
        tree = ast.parse(path.read_text("utf-8"))
        for node in tree.body:
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            tops = {n.split(".")[0] for n in names}
            assert not tops & DEVICE_ONLY, f"{path.name} imports {tops & DEVICE_ONLY} at load"


def test_the_spec_keeps_the_screen_on_and_has_its_icon_presplash_and_entry() -> None:
    app = spec()["app"]
    assert app.getboolean("android.wakelock")
    for key in ("icon.filename", "presplash.filename"):
        path = ROOT / app[key].replace("%(source.dir)s/", "")
        assert path.exists() and path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n", key
    assert app["source.dir"] == "."
    entry = ast.parse((ROOT / "main.py").read_text("utf-8"))
    assert any(isinstance(n, ast.ImportFrom) and n.module == "mobile.app" for n in ast.walk(entry))
    orientations = {o.strip() for o in app["orientation"].split(",")}
    assert {"landscape", "portrait"} <= orientations
    # Exports go to the app's own folder and the share sheet: no storage permission.
    assert "STORAGE" not in app.get("android.permissions", "")


def test_the_spec_pins_its_toolchain() -> None:
    """Python (on the device and on the build machine, the same release), python-for-android,
    the NDK and the Android API levels are pinned: a later build makes the same app."""
    app = spec()["app"]
    listed = [r.strip() for r in app["requirements"].split(",") if r.strip()]
    pins = {re.split(r"[=<>]", r)[0]: r for r in listed}
    assert pins["python3"] == f"python3=={PYTHON}"
    assert pins["hostpython3"] == f"hostpython3=={PYTHON}"
    # Each is listed once (python-for-android would take one of two pins at random).
    assert len(pins) == len(listed)
    assert app["p4a.branch"] == "v2024.01.21"
    assert app["android.ndk"] == "25b"
    assert app.getint("android.api") == 34
    assert app.getint("android.minapi") == 24
    assert "p4a.source_dir" not in app and "android.ndk_path" not in app


def test_the_spec_builds_for_phones_tablets_emulators_and_chromebooks() -> None:
    archs = [a.strip() for a in spec()["app"]["android.archs"].split(",")]
    assert archs == ["arm64-v8a", "armeabi-v7a", "x86_64"]


def test_the_import_walk_always_ends() -> None:
    """A walk that does not finish within its limit fails instead of going on."""
    outside, reached = app_imports()
    assert len(reached) < MAX_NAMES
    try:
        imports(["main"], limit=3)
    except AssertionError as exc:
        assert "read 3 names" in str(exc)
    else:
        raise AssertionError("a walk cut short at 3 names did not say so")
    assert outside
