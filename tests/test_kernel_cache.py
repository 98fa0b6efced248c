"""numba's on-disk cache of a kernel follows the helpers and constants it takes from other
files (grille.engine.kernel_cache), and the compile clock of grille.engine._jit."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from grille.engine import _jit
from grille.engine._jit import jit_enabled

needs_jit = pytest.mark.skipif(not jit_enabled(), reason="numba is off (GRILLE_JIT=0)")

HELPERS = '''
def step(x):
    return x + {step}
'''

CONSTANTS = '''
OFFSET = {offset}
'''

KERNELS = '''
from grille.engine._jit import backend
from kernels_pkg import constants
from kernels_pkg.constants import OFFSET
from kernels_pkg.helpers import step


def kernel(x):
    return step(x) + OFFSET


def via_module(x):
    return x + constants.OFFSET


def own(x):
    return x * 2


def build():
    found = backend((step, kernel, via_module, own))
    return found[kernel], found[via_module], found[own]
'''

RUN = '''
import json
from numba.core import event
from kernels_pkg.kernels import build

compiles = event.RecordingListener()
with event.install_listener("numba:compile", compiles):
    kernel, via_module, own = build()
    values = [kernel(1), via_module(1), own(1)]
print(json.dumps({"values": values,
                  "compiled": sorted({e.data["dispatcher"].py_func.__name__
                                      for _, e in compiles.buffer})}))
'''


def _write_package(root: Path, *, step: int, offset: int) -> None:
    package = root / "kernels_pkg"
    package.mkdir(exist_ok=True)
    (package / "__init__.py").write_text("")
    (package / "helpers.py").write_text(HELPERS.format(step=step))
    (package / "constants.py").write_text(CONSTANTS.format(offset=offset))
    (package / "kernels.py").write_text(textwrap.dedent(KERNELS))


def _run(root: Path) -> dict[str, list[object]]:
    import json

    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(root), *sys.path]),
               PYTHONDONTWRITEBYTECODE="1")
    env.pop("NUMBA_CACHE_DIR", None)
    done = subprocess.run([sys.executable, "-c", RUN], capture_output=True, text=True,
                          env=env, cwd=root, check=True, timeout=300)
    found: dict[str, list[object]] = json.loads(done.stdout.strip().splitlines()[-1])
    return found


@needs_jit
def test_editing_a_helper_or_a_constant_recompiles_the_kernels_that_use_it(
    tmp_path: Path,
) -> None:
    _write_package(tmp_path, step=1, offset=10)
    first = _run(tmp_path)
    assert first["values"] == [12, 11, 2]
    assert {"kernel", "via_module", "own"} <= set(first["compiled"])

    again = _run(tmp_path)  # all from the cache now
    assert again == {"values": [12, 11, 2], "compiled": []}

    (tmp_path / "kernels_pkg" / "helpers.py").write_text(HELPERS.format(step=5))
    edited = _run(tmp_path)
    assert edited["values"] == [16, 11, 2]  # a stale cache would answer 12
    assert edited["compiled"] == ["kernel", "step"]  # the others are still cached

    (tmp_path / "kernels_pkg" / "constants.py").write_text(CONSTANTS.format(offset=100))
    assert _run(tmp_path) == {"values": [106, 101, 2], "compiled": ["kernel", "via_module"]}


@needs_jit
def test_the_dependencies_of_a_grille_kernel_name_the_files_it_calls_into() -> None:
    from grille.engine.kernel_cache import dependencies
    from grille.sudoku.logic.forcing import tier_kernel

    names = {path.name for path in dependencies(tier_kernel._search)}
    assert {"tier_kernel.py", "net.py", "rules.py"} <= names
    assert all("numpy" not in str(path) for path in dependencies(tier_kernel._search))


def test_the_work_clock_stands_still_while_a_kernel_compiles(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    now = [100.0]
    monkeypatch.setattr(_jit.time, "monotonic", lambda: now[0])
    clock = _jit._CompileClock()
    monkeypatch.setattr(_jit, "_CLOCK", clock)
    heard: list[tuple[bool, str]] = []
    _jit.add_compile_listener(lambda starting, name: heard.append((starting, name)))
    start = _jit.work_clock()
    clock.start("tier_kernel._search")
    clock.start("net_rules._survey")  # a callee compiles inside its caller
    now[0] += 30.0
    assert _jit.compiling()
    assert _jit.work_clock() == start
    clock.end("net_rules._survey")
    clock.end("tier_kernel._search")
    now[0] += 2.0
    assert not _jit.compiling()
    assert _jit.compile_seconds() == 30.0
    assert _jit.work_clock() == start + 2.0
    assert heard == [(True, "tier_kernel._search"), (False, "tier_kernel._search")]


def test_no_logic_module_rewrites_its_own_globals() -> None:
    from grille import sudoku

    logic = Path(sudoku.__file__).parent / "logic"
    offenders = [path.name for path in logic.rglob("*.py") if "globals()" in path.read_text()]
    assert offenders == []


def test_a_family_compiled_leaves_its_plain_functions_calling_plain_helpers() -> None:
    import types

    from grille.sudoku.logic.forcing import net as forcing_net
    from grille.sudoku.logic.forcing import rules as net_rules
    from grille.sudoku.logic.forcing import tier_kernel

    family = tier_kernel.KERNELS
    assert family.compiled == jit_enabled()
    assert (family.search is not tier_kernel._search) == jit_enabled()
    for name in ("_propagate", "_survey", "_stalled", "_scan", "_net"):
        assert isinstance(getattr(tier_kernel, name), types.FunctionType)
    assert tier_kernel._propagate is forcing_net._propagate
    assert tier_kernel._survey is net_rules._survey
    assert set(forcing_net.KERNELS.functions()) <= set(family.functions())


@needs_jit
def test_a_family_shares_one_dispatcher_per_function_with_the_families_it_uses() -> None:
    from grille.sudoku.logic.forcing import net as forcing_net
    from grille.sudoku.logic.forcing import tier_kernel

    tier_kernel.KERNELS.search  # noqa: B018 - builds the family
    dispatchers = _jit.dispatchers()
    assert dispatchers[forcing_net._propagate] is forcing_net.KERNELS.propagate
    space = dispatchers[tier_kernel._search].py_func.__globals__
    assert space["_propagate"] is forcing_net.KERNELS.propagate
    assert space is not vars(tier_kernel)
