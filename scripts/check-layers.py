#!/usr/bin/env python3
"""Fails when a source file includes a layer its own layer may not use.

The allowed edges are the table between the markers `<!-- layers -->` and
`<!-- /layers -->` in docs/architecture.md, one row per layer: `| layer | may include |`.
Every layer may include itself. Usage: scripts/check-layers.py [REPO_ROOT]
"""
import pathlib
import re
import sys

root = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else pathlib.Path(__file__).parent.parent)
doc = (root / "docs" / "architecture.md").read_text()
match = re.search(r"<!-- layers -->(.*?)<!-- /layers -->", doc, re.S)
if not match:
    print("check-layers: docs/architecture.md has no <!-- layers --> table", file=sys.stderr)
    sys.exit(2)

allowed = {}
for line in match.group(1).splitlines():
    cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
    if len(cells) != 2 or not cells[0].startswith("`src/"):
        continue
    layer = cells[0].strip("`").removeprefix("src/").rstrip("/")
    uses = re.findall(r"`([a-z_]+)`", cells[1])
    allowed[layer] = set(uses) | {layer}

include = re.compile(r'^\s*#\s*include\s+"([a-z_]+)/')
problems = []
for path in sorted((root / "src").rglob("*")):
    if path.suffix not in (".cpp", ".hpp", ".h", ".cc"):
        continue
    relative = path.relative_to(root / "src")
    if len(relative.parts) < 2:
        continue  # src/main.cpp: the program, above every layer
    layer = relative.parts[0]
    if layer not in allowed:
        problems.append(f"src/{relative}: layer '{layer}' is not in docs/architecture.md")
        continue
    for number, text in enumerate(path.read_text().splitlines(), start=1):
        found = include.match(text)
        if not found:
            continue
        target = found.group(1)
        if target not in allowed:
            problems.append(f"src/{relative}:{number}: unknown layer in {text.strip()}")
        elif target not in allowed[layer]:
            problems.append(f"src/{relative}:{number}: {layer} may not include {target}/ "
                            f"({text.strip()})")

for problem in problems:
    print(problem, flush=True)
if problems:
    print(f"check-layers: {len(problems)} include(s) break the layering "
          "(docs/architecture.md, Layers)", file=sys.stderr)
    sys.exit(1)
print(f"check-layers: {len(allowed)} layers, every include allowed")
