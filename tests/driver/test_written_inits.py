"""Dataclasses of the hot path write out their ``__init__`` (compiled by mypyc, the one the
dataclasses module generates would be interpreted). Each must take exactly the class's fields,
in order, with the same defaults (a factory's written as None), and set every one of them, so
that a field added without it fails here. Read from the source: the same in either build."""

from __future__ import annotations

import ast

import pytest

from tests.conftest import ROOT


def _written() -> list[tuple[str, ast.ClassDef, ast.FunctionDef]]:
    """(module, class, its __init__) for every dataclass of ``replay`` with an __init__ of its
    own."""
    found = []
    for path in sorted((ROOT / "replay").rglob("*.py")):
        module = ".".join(path.relative_to(ROOT).with_suffix("").parts)
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef) and any(
                "dataclass" in ast.unparse(d) for d in node.decorator_list
            ):
                for item in node.body:
                    if isinstance(item, ast.FunctionDef) and item.name == "__init__":
                        found.append((module, node, item))
    return found


WRITTEN = _written()


def _fields(cls: ast.ClassDef) -> list[tuple[str, ast.expr | None]]:
    """(name, default expression or None) of each field, in order (not ``ClassVar``s)."""
    return [
        (item.target.id, item.value)
        for item in cls.body
        if isinstance(item, ast.AnnAssign)
        and isinstance(item.target, ast.Name)
        and "ClassVar" not in ast.unparse(item.annotation)
    ]


def _set(init: ast.FunctionDef) -> set[str]:
    """The attributes ``init`` sets: ``self.x = ...`` (one or many targets) or
    ``object.__setattr__(self, "x", ...)`` (a frozen class), by whatever name it is called."""
    names: set[str] = set()
    for node in ast.walk(init):
        if isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
            if isinstance(node.value, ast.Name) and node.value.id == "self":
                names.add(node.attr)
        elif isinstance(node, ast.Call) and len(node.args) == 3:
            first, second = node.args[0], node.args[1]
            named = isinstance(second, ast.Constant) and isinstance(second.value, str)
            if isinstance(first, ast.Name) and first.id == "self" and named:
                names.add(second.value)  # type: ignore[attr-defined]
    return names


def test_there_are_written_out_inits() -> None:
    assert len(WRITTEN) >= 10


@pytest.mark.parametrize(
    ("module", "cls", "init"), WRITTEN, ids=[f"{m}.{c.name}" for m, c, _ in WRITTEN]
)
def test_a_written_init_takes_and_sets_the_fields_with_their_defaults(
    module: str, cls: ast.ClassDef, init: ast.FunctionDef
) -> None:
    fields = _fields(cls)
    arguments = init.args.args[1:]  # after self
    assert [a.arg for a in arguments] == [name for name, _ in fields], f"{module}.{cls.name}"
    defaults: list[ast.expr | None] = [None] * (len(arguments) - len(init.args.defaults))
    defaults += init.args.defaults
    for (name, declared), written in zip(fields, defaults, strict=True):
        where = f"{module}.{cls.name}.{name}"
        if declared is None:
            assert written is None, f"{where}: a default the dataclass does not have"
        elif "default_factory" in ast.unparse(declared):
            assert written is not None and ast.unparse(written) == "None", where
        elif isinstance(declared, ast.Call) and ast.unparse(declared.func) == "field":
            default = next(k.value for k in declared.keywords if k.arg == "default")
            assert written is not None and ast.unparse(written) == ast.unparse(default), where
        else:
            assert written is not None and ast.unparse(written) == ast.unparse(declared), where
    assert _set(init) >= {name for name, _ in fields}, f"{module}.{cls.name} leaves a field unset"
