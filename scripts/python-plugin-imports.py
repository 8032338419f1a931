#!/usr/bin/env python3
"""Writes the link options that make the `sluice` binary hold what its Python plugin imports.

The plugin (sluice_python.so, src/CMakeLists.txt) holds the python layer's objects only; their
references to the layers below bind to the binary's symbols when the plugin loads. The binary
is linked from the layers' static archives, which give it only the objects its own code
reaches: a function that only the python layer calls (registerSink, say) would be missing, and
the plugin would not load. Each symbol the python archive leaves undefined and a layer's
archive defines becomes a `-Wl,--undefined=SYMBOL` line of a response file for the binary's
link, which then takes those objects too. The file is rewritten only when its text changes,
so that the binary relinks only then.

Usage: python-plugin-imports.py NM OUTPUT PYTHON_ARCHIVE LAYER_ARCHIVE...
"""

import subprocess
import sys
from pathlib import Path


def external_symbols(nm, archive, defined):
    """The names of the external symbols `archive` defines (or leaves undefined)."""
    listing = subprocess.run(
        [nm, "--extern-only", "--defined-only" if defined else "--undefined-only",
         "--format=posix", archive],
        check=True, capture_output=True, text=True).stdout
    names = set()
    for line in listing.splitlines():
        fields = line.split()
        # Member headers ("libx.a[y.o]:") have one field; symbol lines: name type [value size].
        if len(fields) >= 2 and not line.endswith(":"):
            names.add(fields[0])
    return names


def main():
    if len(sys.argv) < 5:
        sys.exit(__doc__.strip().splitlines()[-1])
    nm, output, python_archive, layer_archives = sys.argv[1], Path(sys.argv[2]), sys.argv[3], \
        sys.argv[4:]
    imported = external_symbols(nm, python_archive, defined=False)
    provided = set()
    for archive in layer_archives:
        provided |= external_symbols(nm, archive, defined=True)
    text = "".join(f"-Wl,--undefined={name}\n" for name in sorted(imported & provided))
    if not output.exists() or output.read_text() != text:
        output.write_text(text)


if __name__ == "__main__":
    main()
