"""The one door into the Rust core's source rules: ``call(op, value)``.

The value crosses as JSON text and the answer comes back the same way; a refusal is raised by
the core as ``TypeError`` or ``ValueError`` with its message.
"""

import json
from typing import Any

from . import _core


def call(op: str, value: Any) -> Any:
    """Runs the core operation ``op`` (``"domain.name"``) over ``value``; returns its answer."""
    return json.loads(_core.call(op, json.dumps(value, ensure_ascii=False)))
