"""The behaviour corpus: every fixture plus generated archives of every preset of every game,
and what each command prints for them, so that a refactoring can be held to the outputs.

    python bench/corpus.py inputs DIR          # write the corpus's input files into DIR
    python bench/corpus.py outputs DIR OUT     # run the commands on them; one file per output
    diff -r OUT_BEFORE OUT_AFTER               # what changed

The inputs are the shipped fixtures (records, OhHellWeb games, OpenSpiel histories) and, for each
game and preset, a generated archive and two deterministic mutations of it (one integer in each
record moved by one, one card swapped for another): valid, inconsistent and illegal records alike.
The outputs are ``validate``/``audit --format json``, ``audit --explain``, ``show``, ``show
--record 1``, ``summarize --format json``, the ``convert`` outputs (jsonl, text, csv of both
forms) and the HTML page of the first record. Timings are masked, so that two runs of the same
code give the same bytes. Commands run in this process (the command's ``main``), so a corpus of a
few hundred inputs takes a few minutes.
"""

from __future__ import annotations

import argparse
import io
import os
import random
import re
import shutil
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # python bench/corpus.py

import orjson

from replay.cli.app import main as tricklog
from replay.registry import GAMES

ROOT = Path(__file__).resolve().parent.parent

_CARD = re.compile(r"^(?:10|[2-9TJQKA])[CDHS]$|^[AKQJ7654321][BCDS]$|^(?:A|T|K|Q|J|9)[CDHS]$")
_TIMING = re.compile(
    rb'("(?:elapsed_seconds|records_per_second|hands_per_second)": ?)[0-9.e+-]+'
    rb"|checked in [^\n]*"
    rb"|in [0-9.]+ s\b"
)


def _mutate(record: dict[str, object], rng: random.Random, kind: str) -> dict[str, object]:
    """One change in ``record``: an integer moved by one, or a card string swapped."""
    places: list[tuple[object, object]] = []

    def fits(value: object) -> bool:
        if kind == "int":
            return isinstance(value, int) and not isinstance(value, bool)
        return isinstance(value, str) and bool(_CARD.match(value))

    def walk(node: object) -> None:
        items = (
            node.items()
            if isinstance(node, dict)
            else enumerate(node)
            if isinstance(node, list)
            else ()
        )
        for key, value in items:
            if fits(value):
                places.append((node, key))
            walk(value)

    walk(record.get("hands"))
    if not places:
        return record
    node, key = rng.choice(places)
    if kind == "int":
        node[key] += 1  # type: ignore[index]
    else:
        cards = sorted({str(n[k]) for n, k in places})  # type: ignore[index]
        node[key] = rng.choice(cards)  # type: ignore[index]
    return record


def build_inputs(out: Path) -> list[Path]:
    """The corpus's input files, written into ``out``."""
    out.mkdir(parents=True, exist_ok=True)
    made: list[Path] = []
    for path in sorted((ROOT / "fixtures").rglob("*")):
        if path.suffix in (".json", ".ohw", ".txt") and path.is_file():
            target = out / "fixtures" / path.relative_to(ROOT / "fixtures")
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(path, target)
            made.append(target)
    for game, entry in sorted(GAMES.items()):
        for preset in entry.presets:
            base = out / "generated" / f"{game}-{preset}.jsonl"
            base.parent.mkdir(parents=True, exist_ok=True)
            code = _quiet(
                tricklog,
                [
                    "generate",
                    game,
                    "--preset",
                    preset,
                    "-n",
                    "6",
                    "--seed",
                    "3",
                    "--hands",
                    "4",
                    "-o",
                    str(base),
                ],
            )
            if code != 0:
                raise SystemExit(f"generate {game} {preset} exited {code}")
            made.append(base)
            lines = base.read_bytes().splitlines()
            for kind in ("int", "card"):
                rng = random.Random(f"{game}:{preset}:{kind}")
                mutated = [orjson.dumps(_mutate(orjson.loads(line), rng, kind)) for line in lines]
                target = base.with_name(f"{game}-{preset}-{kind}.jsonl")
                target.write_bytes(b"\n".join(mutated) + b"\n")
                made.append(target)
    return made


def _quiet(main: object, args: list[str]) -> int:
    out = io.TextIOWrapper(io.BytesIO(), encoding="utf-8")
    saved = sys.stdout, sys.stderr
    sys.stdout = sys.stderr = out
    try:
        return int(main(args))  # type: ignore[operator]
    finally:
        sys.stdout, sys.stderr = saved


class _Kept(io.BytesIO):
    """A buffer that keeps its bytes when the command closes its stream."""

    def close(self) -> None:
        pass


def _run(main: object, args: list[str]) -> bytes:
    """What ``tricklog ARGS`` prints on stdout and stderr, and its exit code, timings masked."""
    out, err = _Kept(), _Kept()
    saved = sys.stdout, sys.stderr, sys.stdin
    sys.stdout = io.TextIOWrapper(out, encoding="utf-8", write_through=True)
    sys.stderr = io.TextIOWrapper(err, encoding="utf-8", write_through=True)
    sys.stdin = io.TextIOWrapper(io.BytesIO(), encoding="utf-8")
    try:
        code = main(args)  # type: ignore[operator]
    except SystemExit as exc:
        code = exc.code
    finally:
        sys.stdout, sys.stderr, sys.stdin = saved
    text = b"exit %d\n--- stdout\n%s\n--- stderr\n%s" % (
        int(code or 0),
        out.getvalue(),
        err.getvalue(),
    )
    return _TIMING.sub(lambda m: (m.group(1) or b"") + b"#", text)


COMMANDS: list[tuple[str, list[str]]] = [
    ("validate.json", ["validate", "-j", "1", "--format", "json"]),
    ("audit.json", ["audit", "-j", "1", "--format", "json"]),
    ("audit.explain", ["audit", "-j", "1", "--explain"]),
    ("audit.txt", ["audit", "-j", "1"]),
    ("show", ["show"]),
    ("show-1", ["show", "--record", "1"]),
    ("summarize.json", ["summarize", "--format", "json"]),
]
CONVERSIONS = [
    ("jsonl", []),
    ("tln", []),
    ("csv", ["--form", "hands"]),
    ("actions.csv", ["--form", "actions"]),
]


def run_outputs(inputs: Path, out: Path) -> int:
    """Run every command on every input of the corpus in ``inputs``; write each output under
    ``out``, named by input and command. Returns the number of outputs written."""
    out.mkdir(parents=True, exist_ok=True)
    count = 0
    files = sorted(p for p in inputs.rglob("*") if p.is_file())
    with tempfile.TemporaryDirectory() as scratch:
        for path in files:
            name = str(path.relative_to(inputs)).replace("/", "__")
            rel = str(path.relative_to(inputs))
            for label, args in COMMANDS:
                data = _run(tricklog, [*args, rel])
                (out / f"{name}.{label}").write_bytes(data)
                count += 1
            for suffix, extra in CONVERSIONS:
                target = Path(scratch) / f"out.{suffix}"
                target.unlink(missing_ok=True)
                text = _run(tricklog, ["convert", rel, "-o", str(target), "--allow-loss", *extra])
                text = text.replace(scratch.encode(), b"<scratch>")
                body = target.read_bytes() if target.exists() else b"(no output)"
                (out / f"{name}.convert.{suffix}").write_bytes(text + b"\n--- file\n" + body)
                count += 1
            page = Path(scratch) / "page.html"
            page.unlink(missing_ok=True)
            text = _run(tricklog, ["view", rel, "--record", "1", "-o", str(page)])
            text = text.replace(scratch.encode(), b"<scratch>")
            body = page.read_bytes() if page.exists() else b"(no output)"
            (out / f"{name}.view.html").write_bytes(text + b"\n--- file\n" + body)
            count += 1
    return count


def cli() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="what", required=True)
    p_in = sub.add_parser("inputs", help="write the corpus's inputs into DIR")
    p_in.add_argument("dir", type=Path)
    p_out = sub.add_parser("outputs", help="run the commands on the corpus in DIR, into OUT")
    p_out.add_argument("dir", type=Path)
    p_out.add_argument("out", type=Path)
    args = parser.parse_args()
    if args.what == "inputs":
        print(f"{len(build_inputs(args.dir))} input files in {args.dir}")
    else:
        os.chdir(args.dir)  # sources are named relative to the corpus, whatever its place
        print(f"{run_outputs(Path('.'), args.out.resolve())} outputs in {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(cli())
