"""Hover help for the JSON Schemas: every property's description, from the comment beside the
field in the model's source.

The models document their fields with a comment on the field's line (or the comment lines just
above it); that comment is the one description, read here into the schema when a field has no
`Field(description=...)` of its own, so the editor's hover text and the code never disagree.
"""

from __future__ import annotations

import ast
import inspect
import io
import textwrap
import tokenize
import types
import typing
from functools import cache
from typing import Any

from pydantic import BaseModel


def describe(schema: dict[str, Any], root: type[BaseModel]) -> dict[str, Any]:
    """`schema` (of `root`) with a description on every property whose model field has a comment."""
    classes = {cls.__name__: cls for cls in _models(root)}
    _fill(schema, root)
    for name, definition in schema.get("$defs", {}).items():
        cls = classes.get(name) or classes.get(definition.get("title", ""))
        if cls is not None:
            _fill(definition, cls)
    return schema


def missing_descriptions(schema: dict[str, Any]) -> list[str]:
    """Paths of properties without a description (a test holds this to none)."""
    missing: list[str] = []

    def walk(node: Any, path: str) -> None:
        if isinstance(node, dict):
            for key, value in (node.get("properties") or {}).items():
                if isinstance(value, dict) and "description" not in value:
                    missing.append(f"{path}.{key}".lstrip("."))
            for key, value in node.items():
                walk(value, f"{path}.{key}" if key not in ("properties", "$defs", "items") else path)
        elif isinstance(node, list):
            for value in node:
                walk(value, path)

    walk(schema, "")
    return missing


def _fill(definition: dict[str, Any], cls: type[BaseModel]) -> None:
    notes = field_notes(cls)
    for name, prop in (definition.get("properties") or {}).items():
        field = cls.model_fields.get(name) or next((f for f in cls.model_fields.values() if f.alias == name), None)
        key = next((k for k, f in cls.model_fields.items() if f is field), name)
        if isinstance(prop, dict) and "description" not in prop and notes.get(key):
            prop["description"] = notes[key]


@cache
def field_notes(cls: type) -> dict[str, str]:
    """Field name -> its comment, for `cls` and the models it inherits from (nearest wins)."""
    notes: dict[str, str] = {}
    for klass in reversed(cls.__mro__):
        if not (isinstance(klass, type) and issubclass(klass, BaseModel)) or klass is BaseModel:
            continue
        notes.update(_own_notes(klass))
    return notes


def _own_notes(cls: type) -> dict[str, str]:
    try:
        source = textwrap.dedent(inspect.getsource(cls))
    except (OSError, TypeError):
        return {}
    comments: dict[int, str] = {}
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type == tokenize.COMMENT:
            comments[token.start[0]] = token.string.lstrip("#").strip()
    lines = source.splitlines()
    found: dict[str, str] = {}
    tree = ast.parse(source)
    body = tree.body[0].body if tree.body and isinstance(tree.body[0], ast.ClassDef) else []
    for node in body:
        if not (isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name)):
            continue
        trailing = [comments[n] for n in range(node.lineno, (node.end_lineno or node.lineno) + 1) if n in comments
                    and not lines[n - 1].lstrip().startswith("#")]
        above: list[str] = []
        n = node.lineno - 1
        while n >= 1 and lines[n - 1].lstrip().startswith("#"):
            above.insert(0, comments.get(n, ""))
            n -= 1
        text = " ".join(trailing) or " ".join(above)
        if text:
            found[node.target.id] = text
    return found


def _models(root: type[BaseModel]) -> list[type[BaseModel]]:
    """`root` and every model reachable through its fields' annotations."""
    seen: list[type[BaseModel]] = []
    stack: list[Any] = [root]
    while stack:
        item = stack.pop()
        if isinstance(item, type) and issubclass(item, BaseModel):
            if item in seen:
                continue
            seen.append(item)
            stack.extend(field.annotation for field in item.model_fields.values())
            continue
        for arg in typing.get_args(item):
            stack.append(arg)
        if isinstance(item, types.UnionType):
            stack.extend(item.__args__)
    return seen
