"""The Python package from the CMake build of the host preset.

The extension module tinyfair._core is the host library compiled by CMake, so
this step does not compile anything itself: it builds the target
tinyfair_python in build/host (nothing to do when the demo or a developer
built it), configuring build/host with the host preset when it does not
exist, and copies the package CMake assembled (build/host/python/tinyfair)
into the wheel. TINYFAIR_BUILD_DIR names another CMake build to take it from.
"""
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

from setuptools import Distribution, setup
from setuptools.command.build_py import build_py

SOURCE_DIR = Path(__file__).resolve().parent
COMPILE_STEP = re.compile(r"^\[\d+/\d+\] Building (C|CXX) object ", re.MULTILINE)


def project_version():
    """The version in CMakeLists.txt's project(), which _core.__version__ also reports."""
    text = (SOURCE_DIR / "CMakeLists.txt").read_text(encoding="utf-8")
    return re.search(r"^project\(tinyfair VERSION ([0-9.]+)", text, re.MULTILINE).group(1)


def cmake_build_dir():
    return Path(os.environ.get("TINYFAIR_BUILD_DIR", SOURCE_DIR / "build" / "host")).resolve()


def run(command):
    """Runs a CMake command in the source folder; its output, which pip shows with -v."""
    print("tinyfair: " + " ".join(command), flush=True)
    done = subprocess.run(command, cwd=SOURCE_DIR, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                          text=True, check=False)
    print(done.stdout, end="", flush=True)
    if done.returncode != 0:
        sys.exit(f"tinyfair: {command[0]} failed (exit status {done.returncode})")
    return done.stdout


def build_python_target(build_dir):
    """Configures build_dir with the host preset if it has no cache (the demo's and the README's
    options, so that neither recompiles the other's work), then builds tinyfair_python."""
    if not (build_dir / "CMakeCache.txt").exists():
        if build_dir != SOURCE_DIR / "build" / "host":
            sys.exit(f"tinyfair: {build_dir} is not a CMake build (TINYFAIR_BUILD_DIR)")
        run(["cmake", "--preset", "host"])
    output = run(["cmake", "--build", str(build_dir), "--target", "tinyfair_python"])
    print(f"tinyfair: {len(COMPILE_STEP.findall(output))} compile steps in {build_dir.name}", flush=True)


class BuildPyFromCMake(build_py):
    """build_py that takes the package as CMake built it: the sources and the extension."""

    def run(self):
        build_dir = cmake_build_dir()
        build_python_target(build_dir)
        target = Path(self.build_lib) / "tinyfair"
        shutil.rmtree(target, ignore_errors=True)
        shutil.copytree(build_dir / "python" / "tinyfair", target,
                        ignore=shutil.ignore_patterns("__pycache__"))


class BinaryDistribution(Distribution):
    """The wheel holds a compiled module: tagged for this interpreter, installed in platlib."""

    def has_ext_modules(self):
        return True


def setuptools_work_dir():
    """setuptools' own files (build/, the egg-info) inside the CMake build, not in the clone."""
    work = cmake_build_dir() / "pip"
    work.mkdir(parents=True, exist_ok=True)
    return str(work)


setup(
    version=project_version(),
    packages=["tinyfair"],
    package_dir={"tinyfair": "host_tools/python/tinyfair"},
    cmdclass={"build_py": BuildPyFromCMake},
    distclass=BinaryDistribution,
    options={"build": {"build_base": setuptools_work_dir()},
             "egg_info": {"egg_base": setuptools_work_dir()}},
    zip_safe=False,
)
