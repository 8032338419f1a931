#!/usr/bin/env python3
"""Fails when two source files of one unity-built target give a file-local name twice.

The debug preset builds each layer (src/<layer>) as unity batches: groups
of .cpp files compiled as one. Which files share a batch depends on the file list, so two
files that each define `namespace { int parse(...); }` compile on one branch and clash after
a merge adds a file. This check finds such names whatever the batches are: functions, types,
constants and aliases defined at the top of an anonymous namespace, or `static` at file
scope, named in two files of the same target (functions: with the same parameter types,
since overloads compile side by side).
"""

import re
import sys
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

DEFINITION_PATTERNS = [
    # A type: struct Name {, class Name final : Base {, enum class Name : uint8_t {
    re.compile(r"^(?:struct|class|union|enum(?:\s+class)?)\s+(\w+)\b(?!\s*;)"),
    # An alias: using Name = ...;
    re.compile(r"^using\s+(\w+)\s*="),
    # A constant: constexpr int kName = ...; const char* const kName[] = ...
    re.compile(r"^(?:static\s+)?(?:inline\s+)?(?:constexpr|const)\b[^=(]*?\b(\w+)\s*(?:\[[^\]]*\])*\s*(?:=|\{)"),
    # A function: ReturnType name(...   (a call or declaration ends with ';' on the same line)
    re.compile(r"^(?:static\s+)?(?:inline\s+)?(?:[\w:<>,*&\s]+?)[\s*&]+(\w+)\s*\((?!.*\)\s*;\s*$)"),
]

KEYWORDS = {"if", "for", "while", "switch", "return", "operator", "sizeof", "namespace"}


def parameter_types(lines, index):
    """The parameter types of the function whose definition starts at lines[index], names,
    default values, top-level const and references left out: "const Value*,int"."""
    text = lines[index][lines[index].index("(") + 1:]
    depth = 1
    collected = ""
    for line in [text] + lines[index + 1:index + 12]:
        for char in line:
            depth += {"(": 1, ")": -1}.get(char, 0)
            if depth == 0:
                break
            collected += char
        if depth == 0:
            break
        collected += " "
    types = []
    for parameter in re.split(r",(?![^<]*>)", collected):
        parameter = parameter.split("=")[0].strip()
        # Without its trailing name: "const Value* map" -> "const Value*".
        parameter = re.sub(r"\s*\b\w+\s*(\[\])?$", "", parameter) if " " in parameter else parameter
        # By value and by const reference rank alike in overload resolution, so
        # f(std::string, const std::string&) and f(const std::string&, std::string) clash.
        parameter = parameter.strip()
        if parameter.endswith("&") or "*" not in parameter:
            parameter = re.sub(r"\s*&+$", "", re.sub(r"^const\s+", "", parameter))
        types.append(re.sub(r"\s+", " ", parameter))
    return ",".join(types)


def file_local_names(path):
    """The names `path` defines in anonymous namespaces or as `static` at file scope, each with
    what makes two definitions clash: a function's parameter types, else None (a type,
    constant or alias clashes with any other definition of its name)."""
    names = {}
    depth_in_anonymous = None  # brace depth at which the anonymous namespace opened
    depth = 0
    lines = path.read_text(encoding="utf-8", errors="replace").splitlines()
    for index, line in enumerate(lines):
        stripped = line.strip()
        if stripped.startswith("//") or stripped.startswith("#"):
            continue
        opens_anonymous = re.match(r"^namespace\s*\{", stripped) is not None
        at_anonymous_top = depth_in_anonymous is not None and depth == depth_in_anonymous + 1
        file_scope_static = depth_in_anonymous is None and line.startswith("static ")
        if (at_anonymous_top or file_scope_static) and line[:1] not in (" ", "}", ""):
            for number, pattern in enumerate(DEFINITION_PATTERNS):
                match = pattern.match(line)
                if match and match.group(1) not in KEYWORDS:
                    is_function = number == len(DEFINITION_PATTERNS) - 1
                    names[match.group(1)] = parameter_types(lines, index) if is_function else None
                    break
        code = re.sub(r'"(?:\\.|[^"\\])*"', '""', line)
        code = re.sub(r"'(?:\\.|[^'\\])'", "''", code)
        code = code.split("//")[0]
        if opens_anonymous and depth_in_anonymous is None:
            depth_in_anonymous = depth
        depth += code.count("{") - code.count("}")
        if depth_in_anonymous is not None and depth <= depth_in_anonymous:
            depth_in_anonymous = None
    return names


def unity_targets():
    """The folders whose .cpp files build as one unity-built target: each layer (the unit
    tests are built file by file)."""
    for layer in sorted((ROOT / "src").iterdir()):
        if layer.is_dir():
            yield layer, sorted(layer.rglob("*.cpp"))


def main():
    clashes = []
    for target, files in unity_targets():
        # (name, parameter types or None) -> the files defining it
        owners = defaultdict(list)
        for path in files:
            for name, parameters in file_local_names(path).items():
                owners[name].append((path.relative_to(ROOT), parameters))
        for name, definitions in sorted(owners.items()):
            clashing = set()
            for first, (path_a, parameters_a) in enumerate(definitions):
                for path_b, parameters_b in definitions[first + 1:]:
                    if parameters_a is None or parameters_b is None or parameters_a == parameters_b:
                        clashing.update((path_a, path_b))
            if clashing:
                clashes.append((target.relative_to(ROOT), name, sorted(clashing)))
    for target, name, paths in clashes:
        listed = ", ".join(str(path) for path in paths)
        print(f"{target}: file-local name `{name}` is defined in {len(paths)} files: {listed}")
    if clashes:
        print(
            f"{len(clashes)} file-local names repeat within a unity-built target; give each a "
            "name of its own (or move a shared helper to one header), so that the debug "
            "preset's unity build compiles whichever files share a batch."
        )
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
