"""`pip install --no-build-isolation` from the source tree (pyproject.toml,
setup.py) installs a package that Debian's python3 imports, taken from the
CMake build the tests run on without compiling anything again."""
import os
import pathlib
import re
import subprocess
import sys

import pytest

from conftest import REPO


def project_version():
    text = (REPO / "CMakeLists.txt").read_text(encoding="utf-8")
    return re.search(r"^project\(tinyfair VERSION ([0-9.]+)", text, re.MULTILINE).group(1)


@pytest.fixture(scope="module")
def installed(tmp_path_factory):
    """pip's output and the folder it installed into: --target, so that the
    system's site folders stay as they are; --no-deps and --no-index, since
    --target installs dependencies again and Debian's are already there."""
    build_dir = os.environ.get("TINYFAIR_BUILD_DIR")
    if not build_dir:
        pytest.skip("TINYFAIR_BUILD_DIR is unset: the CMake build to package")
    target = tmp_path_factory.mktemp("site")
    done = subprocess.run(
        [sys.executable, "-m", "pip", "install", "-v", "--no-build-isolation", "--no-index",
         "--no-deps", "--disable-pip-version-check", "--target", str(target), str(REPO)],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,  # pip -v: the build's on stderr
        env={**os.environ, "TINYFAIR_BUILD_DIR": build_dir}, check=False)
    assert done.returncode == 0, done.stdout[-4000:]
    return done.stdout, target


def test_the_build_step_compiles_nothing_in_a_built_tree(installed):
    output, _ = installed
    steps = re.findall(r"tinyfair: (\d+) compile steps", output)
    assert steps == ["0"], output[-4000:]
    assert "tinyfair: cmake --preset host" not in output  # the existing build, not configured again


def test_debians_python_imports_the_installed_package(installed, tmp_path):
    _, target = installed
    environment = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    environment["PYTHONPATH"] = str(target)
    done = subprocess.run(
        [sys.executable, "-c", "import tinyfair, tinyfair._core as c; "
         "print(tinyfair.__version__); print(tinyfair.__file__); print(c.__file__)"],
        capture_output=True, text=True, env=environment, cwd=tmp_path, check=False)
    assert done.returncode == 0, done.stderr
    version, package_file, core_file = done.stdout.split()
    assert version == project_version()
    assert pathlib.Path(package_file).parent == target / "tinyfair"
    assert pathlib.Path(core_file).parent == target / "tinyfair"


def test_the_wheel_holds_every_source_of_the_package(installed):
    _, target = installed
    sources = {p.name for p in (REPO / "host_tools" / "python" / "tinyfair").glob("*.py")}
    assert sources <= {p.name for p in (target / "tinyfair").glob("*.py")}
