#!/usr/bin/env python3
"""Writes the licences of every Rust crate compiled into Qipan's binaries for one target:
most of them (MIT, BSD, Apache-2.0, Zlib, ...) ask that their notice travel with the binary.

Usage: tools/third-party-licenses.py TARGET > THIRD-PARTY-LICENSES.txt
       (TARGET e.g. x86_64-unknown-linux-gnu, x86_64-pc-windows-gnu, wasm32-unknown-unknown)

Reads `cargo metadata` for that target and follows the normal dependencies from the qipan
package (not the dev-dependencies, nor build scripts' and procedural macros' own crates,
which run at build time and are not in the binary). For each crate it copies its LICENSE*,
LICENCE*, COPYING*, NOTICE* and COPYRIGHT* files from the crate's source as cargo downloaded
it; a crate that ships none is listed with its licence expression. Needs the sources:
`cargo fetch --locked` first (the release script does).
"""

import json
import subprocess
import sys
from pathlib import Path

PREFIXES = ("license", "licence", "copying", "notice", "copyright", "unlicense")


def main() -> int:
    if len(sys.argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    target = sys.argv[1]
    root_dir = Path(__file__).resolve().parent.parent
    meta = json.loads(
        subprocess.run(
            ["cargo", "metadata", "--format-version", "1", "--locked", "--filter-platform", target],
            cwd=root_dir, check=True, capture_output=True, text=True,
        ).stdout
    )
    packages = {p["id"]: p for p in meta["packages"]}
    nodes = {n["id"]: n for n in meta["resolve"]["nodes"]}
    root = meta["resolve"]["root"]

    def is_proc_macro(pkg: dict) -> bool:
        return any("proc-macro" in t["kind"] for t in pkg["targets"])

    seen, todo = set(), [root]
    while todo:
        node = nodes[todo.pop()]
        for dep in node["deps"]:
            normal = any(k["kind"] is None for k in dep["dep_kinds"])
            if normal and dep["pkg"] not in seen and not is_proc_macro(packages[dep["pkg"]]):
                seen.add(dep["pkg"])
                todo.append(dep["pkg"])

    crates = sorted((packages[i] for i in seen), key=lambda p: (p["name"], p["version"]))
    out = sys.stdout
    out.write(
        f"Third-party software in Qipan's binaries for {target}\n"
        f"{len(crates)} Rust crates, each with its licence as it ships it.\n"
        "The bundled fonts have their own files: Noto Sans CJK SC (SIL Open Font License 1.1) OFL.txt,\n"
        "Ubuntu Light (Ubuntu Font Licence 1.0) UFL.txt, Hack (MIT and Bitstream Vera) Hack-LICENSE.txt.\n"
    )
    missing = 0
    for pkg in crates:
        crate_dir = Path(pkg["manifest_path"]).parent
        files = sorted(
            f for f in crate_dir.iterdir()
            if f.is_file() and f.name.lower().startswith(PREFIXES)
        )
        # Crates that bundle fonts (egui's default fonts) keep the fonts' licences beside them.
        if (crate_dir / "fonts").is_dir():
            files += sorted((crate_dir / "fonts").glob("*.txt"))
        out.write("\n" + "=" * 78 + "\n")
        out.write(f"{pkg['name']} {pkg['version']}\n")
        out.write(f"licence: {pkg.get('license') or pkg.get('license_file') or 'not stated'}\n")
        if pkg.get("repository"):
            out.write(f"source: {pkg['repository']}\n")
        if not files:
            missing += 1
            out.write("(the crate ships no licence file; its licence is the one named above)\n")
        for f in files:
            out.write(f"\n--- {f.relative_to(crate_dir)} ---\n")
            out.write(f.read_text(encoding="utf-8", errors="replace").rstrip() + "\n")
    # The standard texts, for the crates above that name a licence but ship no file.
    out.write("\n" + "=" * 78 + "\n")
    out.write("The MIT licence (for crates above that name MIT and ship no file)\n\n")
    out.write((root_dir / "LICENSE-MIT").read_text(encoding="utf-8").split("\n", 2)[2])
    out.write("\n" + "=" * 78 + "\n")
    out.write("The Apache License 2.0 (for crates above that name Apache-2.0 and ship no file)\n\n")
    out.write((root_dir / "LICENSE-APACHE").read_text(encoding="utf-8"))
    print(
        f"third-party-licenses: {len(crates)} crates for {target}, {missing} without a licence file",
        file=sys.stderr,
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
