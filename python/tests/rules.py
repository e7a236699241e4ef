"""The providers' documented rules, checked on an output schema, written from the providers'
documentation independently of the core's rewriters: each returns the list of violations."""

from typing import Any, Callable, Dict, List

Node = Dict[str, Any]


def each_node(schema: Any, at: str, f: Callable[[Node, str], None]) -> None:
    if not isinstance(schema, dict):
        return
    f(schema, at)
    for key, value in schema.items():
        if key in ("properties", "$defs", "definitions", "patternProperties") and isinstance(value, dict):
            for name, sub in value.items():
                each_node(sub, f"{at}/{key}/{name}", f)
        elif key in ("items", "additionalProperties", "not", "if", "then", "else") and isinstance(value, dict):
            each_node(value, f"{at}/{key}", f)
        elif key in ("anyOf", "oneOf", "allOf", "prefixItems", "items") and isinstance(value, list):
            for i, sub in enumerate(value):
                each_node(sub, f"{at}/{key}/{i}", f)


def _types(node: Node) -> List[str]:
    t = node.get("type")
    if isinstance(t, str):
        return [t]
    if isinstance(t, list):
        return [x for x in t if isinstance(x, str)]
    return []


def _pointer(root: Any, pointer: str) -> bool:
    node = root
    for part in pointer.split("/")[1:]:
        part = part.replace("~1", "/").replace("~0", "~")
        if isinstance(node, dict) and part in node:
            node = node[part]
        elif isinstance(node, list) and part.isdigit() and int(part) < len(node):
            node = node[int(part)]
        else:
            return False
    return True


def openai_strict(schema: Any) -> List[str]:
    """OpenAI's strict mode ("Supported schemas" of Structured Outputs)."""
    allowed = {"type", "properties", "required", "additionalProperties", "items", "anyOf", "enum", "const",
               "description", "title", "$ref", "$defs", "definitions", "pattern", "format", "multipleOf",
               "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "minItems", "maxItems"}
    formats = {"date-time", "time", "date", "duration", "email", "hostname", "ipv4", "ipv6", "uuid"}
    errors: List[str] = []
    if not isinstance(schema, dict):
        return ["root is not an object"]
    if schema.get("type") != "object":
        errors.append('root type is not "object"')

    def check(node: Node, at: str) -> None:
        errors.extend(f"{at}: keyword {k} not supported" for k in node if k not in allowed)
        if not any(k in node for k in ("type", "anyOf", "$ref", "enum", "const")):
            errors.append(f"{at}: no type")
        if "format" in node and node["format"] not in formats:
            errors.append(f"{at}: format {node['format']} not supported")
        ref = node.get("$ref")
        if isinstance(ref, str) and not (ref == "#" or (ref.startswith("#") and _pointer(schema, ref[1:]))):
            errors.append(f"{at}: $ref {ref} does not resolve")
        if "object" in _types(node) or "properties" in node:
            if node.get("additionalProperties") is not False:
                errors.append(f"{at}: additionalProperties is not false")
            names = list(node.get("properties", {}))
            required = node.get("required", [])
            errors.extend(f"{at}: property {n} not required" for n in names if n not in required)
            errors.extend(f"{at}: required {r} is not a property" for r in required if r not in names)

    each_node(schema, "#", check)
    return errors


def gemini_openapi(schema: Any) -> List[str]:
    """Gemini's ``Schema`` (``FunctionDeclaration.parameters``), the OpenAPI 3.0 subset."""
    keys = {"type", "format", "title", "description", "nullable", "enum", "items", "properties", "required",
            "minItems", "maxItems", "minLength", "maxLength", "pattern", "minimum", "maximum", "minProperties",
            "maxProperties", "anyOf", "propertyOrdering", "default", "example"}
    errors: List[str] = []

    def check(node: Node, at: str) -> None:
        errors.extend(f"{at}: key {k} is not in Schema" for k in node if k not in keys)
        t = node.get("type")
        if t not in ("STRING", "NUMBER", "INTEGER", "BOOLEAN", "ARRAY", "OBJECT") and not (t is None and node.get("anyOf")):
            errors.append(f"{at}: type {t!r}")
        if "nullable" in node and not isinstance(node["nullable"], bool):
            errors.append(f"{at}: nullable is not a bool")
        if "enum" in node and (t != "STRING" or not all(isinstance(e, str) for e in node["enum"])):
            errors.append(f"{at}: enum must be strings on a STRING")
        if "properties" in node and t != "OBJECT":
            errors.append(f"{at}: properties on a non-OBJECT")
        if "required" in node and (t != "OBJECT" or any(r not in node.get("properties", {}) for r in node["required"])):
            errors.append(f"{at}: required names a missing property")
        if t == "ARRAY" and not isinstance(node.get("items"), dict):
            errors.append(f"{at}: ARRAY without items")

    each_node(schema, "#", check)
    return errors


def gemini_json_schema(schema: Any) -> List[str]:
    """Gemini's ``parametersJsonSchema``: JSON Schema without ``$schema`` and ``const``."""
    errors: List[str] = []

    def check(node: Node, at: str) -> None:
        errors.extend(f"{at}: {k}" for k in ("$schema", "const") if k in node)

    each_node(schema, "#", check)
    return errors
