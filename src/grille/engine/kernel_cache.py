"""numba's on-disk cache for grille's kernels, keyed on every file their code comes from.

numba keeps a compiled function in ``__pycache__`` and reuses it while the function's own
source file is unchanged. A kernel that calls a helper from another file (``popcount`` from
:mod:`grille.engine._jit`, ``_propagate`` from ``forcing/net.py``) or reads a constant
imported from one has that code and that value built into its cached machine code, yet
numba does not look at those files: after an edit it would keep running the old helper.

:class:`DependencyLocator` closes that gap. It finds the cache directory as numba would
(same folders, same file names) but stamps the cache with the contents of the kernel's
file *and* of every grille file its code reaches: the functions it calls, transitively,
the modules whose attributes it reads, and the modules its constants are imported from.
When any of them changes, the stamp changes and numba compiles afresh.

Dependencies are followed within the kernel's top-level package (for grille's kernels, the
``grille`` folder): numba, NumPy and the standard library are not looked at. Only functions
passed to :func:`track` use it (``grille.engine._jit.compiled`` does this);
other numba users in the process keep numba's own locators. Importing this module imports
numba.
"""

from __future__ import annotations

import ast
import functools
import hashlib
import importlib.util
import sys
import types
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from numba.core import caching

__all__ = ["DependencyLocator", "dependencies", "install", "track"]

_CacheImpl: Any = vars(caching).get("CacheImpl") or vars(caching).get("_CacheImpl")
"""numba's cache implementation base (``_CacheImpl`` in older releases)."""

_tracked: set[Callable[..., Any]] = set()


def track(function: Callable[..., Any]) -> None:
    """Cache ``function``'s compiled code under a stamp of all the sources it depends on."""
    install()
    _tracked.add(function)


@functools.cache
def install() -> None:
    """Put :class:`DependencyLocator` first in numba's list of cache locators (once).

    A numba without that list keeps its own locators: kernels are then cached on their own
    file's contents only, as numba does.
    """
    classes = getattr(_CacheImpl, "_locator_classes", None)
    if isinstance(classes, list) and DependencyLocator not in classes:
        classes.insert(0, DependencyLocator)


class DependencyLocator(caching._CacheLocator):
    """Where numba's own locator would cache a tracked kernel, with a stamp that covers the
    kernel's file and every grille file its code depends on (see :func:`dependencies`)."""

    def __init__(self, inner: Any, root: Path, sources: tuple[Path, ...]) -> None:
        self._inner = inner
        self._root = root
        self._sources = sources

    def __repr__(self) -> str:
        names = ", ".join(str(self._name(path)) for path in self._sources)
        return f"<DependencyLocator {self._inner.get_cache_path()} sources: {names}>"

    def ensure_cache_path(self) -> None:
        self._inner.ensure_cache_path()

    def get_cache_path(self) -> str:
        path: str = self._inner.get_cache_path()
        return path

    def get_disambiguator(self) -> str:
        found: str = self._inner.get_disambiguator()
        return found

    def get_source_stamp(self) -> Any:
        """numba's stamp of the kernel's own file, and a digest of each other source file."""
        others = tuple((self._name(path), _digest(path)) for path in self._sources)
        return self._inner.get_source_stamp(), others

    def _name(self, path: Path) -> str:
        """``path`` from the folder that holds the package (stamps move with a checkout)."""
        return path.relative_to(self._root.parent).as_posix()

    @classmethod
    def from_function(cls, py_func: Any, py_file: str) -> DependencyLocator | None:
        """A locator for a tracked kernel (``None`` for any other function: numba's own
        locators take it)."""
        if py_func not in _tracked:
            return None
        for other in _CacheImpl._locator_classes:
            if other is cls:
                continue
            inner = other.from_function(py_func, py_file)
            if inner is not None:
                own = Path(py_file).resolve()
                sources = tuple(sorted(path for path in dependencies(py_func) if path != own))
                return cls(inner, package_root(py_func), sources)
        return None


def dependencies(function: Callable[..., Any]) -> frozenset[Path]:
    """The source files (in ``function``'s top-level package) its compiled code is built from.

    Its own file; the files of the functions it calls (numba dispatchers count as their
    Python function), transitively; of the grille modules it reads attributes of (and of
    their functions it calls); of the modules the constants it reads are imported from.
    """
    root = package_root(function)
    files: set[Path] = set()
    seen: set[types.FunctionType] = set()
    stack = [_python_function(function)]
    while stack:
        current = stack.pop()
        if current is None or current in seen:
            continue
        seen.add(current)
        own = _source_of(current.__code__.co_filename, root)
        if own is None:
            continue
        files.add(own)
        names = set(_names(current.__code__))
        imported = _imported_names(own, current.__globals__.get("__package__") or "")
        for name in names:
            if name not in current.__globals__:
                continue
            value = current.__globals__[name]
            called = _python_function(value)
            if called is not None:
                stack.append(called)
            elif isinstance(value, types.ModuleType):
                module_file = _source_of(getattr(value, "__file__", None), root)
                if module_file is not None:
                    files.add(module_file)
                    stack.extend(_python_function(getattr(value, attribute, None))
                                 for attribute in names)
            elif name in imported:
                origin = _source_of(_module_file(imported[name]), root)
                if origin is not None:
                    files.add(origin)
    return frozenset(files)


def _python_function(value: Any) -> types.FunctionType | None:
    """The plain Python function of ``value`` (a function or a numba dispatcher), if any."""
    value = getattr(value, "py_func", value)
    return value if isinstance(value, types.FunctionType) else None


def _names(code: types.CodeType) -> Iterator[str]:
    """The global and attribute names ``code`` and its nested code objects use."""
    yield from code.co_names
    for constant in code.co_consts:
        if isinstance(constant, types.CodeType):
            yield from _names(constant)


def package_root(function: Callable[..., Any]) -> Path:
    """The folder of ``function``'s top-level package (its file's folder outside one)."""
    code = _python_function(function)
    filename = Path(code.__code__.co_filename if code is not None else "").resolve()
    top = sys.modules.get(str(getattr(function, "__module__", "")).partition(".")[0])
    for folder in getattr(top, "__path__", ()):
        path = Path(folder).resolve()
        if filename.is_relative_to(path):
            return path
    return filename.parent


def _source_of(filename: str | None, root: Path) -> Path | None:
    """``filename`` as a resolved path when it is a Python file under ``root``, else ``None``."""
    if not filename or not filename.endswith(".py"):
        return None
    path = Path(filename).resolve()
    return path if path.is_relative_to(root) and path.is_file() else None


@functools.cache
def _module_file(name: str) -> str | None:
    """The source file of the module ``name``, found without importing it."""
    try:
        spec = importlib.util.find_spec(name)
    except (ImportError, ValueError):
        return None
    return spec.origin if spec is not None else None


def _imported_names(path: Path, package: str) -> dict[str, str]:
    """Each name ``from X import name`` binds at the top of ``path``, with its module X."""
    stat = path.stat()
    return _parse_imports(str(path), package, stat.st_mtime_ns, stat.st_size)


@functools.cache
def _parse_imports(path: str, package: str, mtime: int, size: int) -> dict[str, str]:
    tree = ast.parse(Path(path).read_bytes(), filename=path)
    found: dict[str, str] = {}
    for node in tree.body:
        if not isinstance(node, ast.ImportFrom):
            continue
        base = node.module or ""
        if node.level:
            parts = package.split(".")
            base = ".".join([*parts[: len(parts) - node.level + 1], *filter(None, [base])])
        for alias in node.names:
            found[alias.asname or alias.name] = base
    return found


def _digest(path: Path) -> str:
    stat = path.stat()
    return _hash_file(str(path), stat.st_mtime_ns, stat.st_size)


@functools.cache
def _hash_file(path: str, mtime: int, size: int) -> str:
    """The SHA-256 of a file (memoised on its time and size, as numba does)."""
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()
