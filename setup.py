"""Build tricklog: pure Python, unless ``TRICKLOG_COMPILE=1`` asks for the replay's hot path
compiled with mypyc (pyproject.toml holds everything else).

* ``pip install .`` (and a wheel) is pure Python, as every install is that CI tests.
* ``TRICKLOG_COMPILE=1 pip install .`` compiles the modules in ``COMPILED`` to C extensions with
  mypyc (part of mypy) when a C compiler is there. It is experimental and CI no longer tests
  it: the compiled build is on its way out, the speed is to come from how the data is held.
  Compilation takes about a minute. If it cannot be done (no compiler, a mypy or mypyc error)
  the build says why and installs the pure-Python package.
* ``pip install -e .`` (an editable install, for working on tricklog) never compiles: setuptools
  would put the extensions beside the sources, and an extension shadows its ``.py`` file, so an
  edit would silently not run. What you edit is what runs.
* ``TRICKLOG_COMPILE=1 python setup.py build_ext --inplace`` compiles into the source tree on
  purpose; ``python setup.py clean_compiled`` removes them again, and the test suite refuses to
  run against one older than its source.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import ClassVar

from setuptools import Command, Distribution, Extension, setup
from setuptools.command.build_ext import build_ext
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent

COMPILED = [
    "replay/actions.py",
    "replay/check.py",
    "replay/claims.py",
    "replay/deal.py",
    "replay/driver.py",
    "replay/engine.py",
    "replay/referee.py",
    "replay/report.py",
    "replay/steps.py",
    "replay/tricks.py",
    "replay/engines/*.py",
    "replay/engines/*/*.py",
    "replay/referees/*.py",
]
"""The replay's hot path: every module of ``replay`` that an audit runs through for each hand
(a pattern stands for the modules it matches, so a new game's engine and referee are compiled
too). A package's ``__init__`` stays pure Python: mypyc
works out a compiled package's ``__path__`` from where its shared library lies, which is inside
``replay`` (``GROUP``), so the package's own modules could not be found. The record format
(``records``) stays pure Python: its hot part, the msgspec structs, is decoded by msgspec's own
compiled code."""

GROUP = "replay.native"
"""mypyc puts the compiled code of every module in one extension, ``replay/native__mypyc``, inside
the package (where an editable install's finder, which maps packages only, finds it too); each
module gets a small extension of its own name that loads it."""


def modules() -> list[str]:
    """The files of ``COMPILED``, without packages' ``__init__`` modules."""
    found = [path for pattern in COMPILED for path in sorted(ROOT.glob(pattern))]
    return [str(path.relative_to(ROOT)) for path in found if path.name != "__init__.py"]


def compiling() -> bool:
    return os.environ.get("TRICKLOG_COMPILE", "") == "1"


def note(message: str) -> None:
    print(f"tricklog setup.py: {message}", file=sys.stderr, flush=True)


class Build(Distribution):
    def has_ext_modules(self) -> bool:
        # The extensions are generated when build_ext runs; this makes ``build`` run it (and
        # tags the wheel for this platform).
        return compiling()


class BuildExt(build_ext):
    """build_ext that generates the mypyc extensions when it runs, and falls back to pure Python.

    They are generated here rather than declared up front: mypyc type-checks the code first (half
    a minute), which metadata and sdist commands need not wait for, and an editable build must
    not get them at all.
    """

    command_name = "build_ext"  # (distutils takes a command's name from its class's otherwise)

    def run(self) -> None:
        if self.editable_mode:
            note("an editable install is pure Python (TRICKLOG_COMPILE=1 pip install . compiles)")
            return
        if not compiling():
            return
        self.distribution.ext_modules = self._mypycify()
        if not self.distribution.ext_modules:
            return
        # Take the new extensions as if they had been declared: the options again from the command
        # line and the configuration, finalized anew.
        self.distribution.reinitialize_command(self)
        self.ensure_finalized()
        try:
            super().run()
            if self.inplace:  # copied with the build's times: mark them built now, after the source
                for extension in self.extensions:
                    os.utime(self.get_ext_fullpath(extension.name))
        except (Exception, SystemExit) as exc:  # no compiler, or it failed: all or nothing
            for path in self.get_outputs():
                Path(path).unlink(missing_ok=True)
            self.distribution.ext_modules = self.extensions = []
            note(f"cannot build the compiled modules ({exc}); pure Python")

    def _mypycify(self) -> list[Extension]:
        try:
            from mypyc.build import mypycify  # noqa: PLC0415 - a build without mypy still works

            target = os.path.join(self.build_temp, "mypyc")
            return mypycify(modules(), target_dir=target, group_name=GROUP)
        except (Exception, SystemExit) as exc:  # mypyc exits on a type error
            note(f"mypyc cannot compile ({exc.__class__.__name__}: {exc}); pure Python")
            return []


class BuildPy(build_py):
    """build_py that first removes the extensions an earlier build left in the build directory:
    a wheel takes every file there, and a module no longer compiled, or a pure build, must not
    carry them (build_ext, which runs after, compiles what is compiled now)."""

    def run(self) -> None:
        for package in ("replay", "records"):
            for pattern in ("**/*.so", "**/*.pyd"):
                for path in Path(self.build_lib, package).glob(pattern):
                    path.unlink()
        super().run()


class CleanCompiled(Command):
    """Remove extensions built into the source tree (``build_ext --inplace``)."""

    description = "remove compiled modules from the source tree"
    user_options: ClassVar[list[tuple[str, str | None, str]]] = []

    def initialize_options(self) -> None:
        pass

    def finalize_options(self) -> None:
        pass

    def run(self) -> None:
        removed = 0
        for pattern in ("replay/**/*.so", "replay/**/*.pyd"):
            for path in ROOT.glob(pattern):
                path.unlink()
                removed += 1
        note(f"removed {removed} compiled modules from the source tree")


setup(
    distclass=Build,
    cmdclass={"build_ext": BuildExt, "build_py": BuildPy, "clean_compiled": CleanCompiled},
)
