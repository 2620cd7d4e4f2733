"""`pip install .` and `python3 -m build --wheel` (docs/python.md "Installing with pip"), as a
user of a virtual environment runs them: offline, with Debian's scikit-build as the backend.

The module is built against this build's library, installed first as `cmake --install` installs
it (SKBUILD_CONFIGURE_OPTIONS=-DVIBRO_LIBRARY_FROM=...), so that the test compiles the module
alone; the library's own build under pip is the same CMake the quick start runs."""
import os
import pathlib
import re
import shutil
import subprocess
import sys

from conftest import SOURCE

BUILD = pathlib.Path(os.environ.get("VIBRO_BUILD_DIR", SOURCE / "build" / "release"))
VERSION = re.search(r"project\(vibro VERSION (\S+)", (SOURCE / "CMakeLists.txt").read_text()).group(1)


def run(*command, env=None, cwd=None):
    done = subprocess.run([str(part) for part in command], capture_output=True, text=True, env=env, cwd=cwd,
                          timeout=900)
    assert done.returncode == 0, f"{' '.join(map(str, command))} exited {done.returncode}:\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}"
    return done.stdout


def without_build_trees(directory, names):
    """What a source copy leaves out: build trees, git's store, pip's and scikit-build's leftovers."""
    top = pathlib.Path(directory) == SOURCE
    return [name for name in names if name in (".git", "_skbuild", "dist") or name.endswith(".egg-info")
            or (top and (name.startswith("build") or name in ("reports", "vibro-out")))]


def user_environment(**extra):
    """The environment of a user's shell: no PYTHONPATH at the build tree."""
    env = {key: value for key, value in os.environ.items() if key != "PYTHONPATH"}
    env.update(extra)
    return env


def test_pip_installs_the_module_into_a_venv_and_build_makes_a_wheel(tmp_path):
    prefix = tmp_path / "prefix"
    run("cmake", "--install", BUILD, "--prefix", prefix)
    library = next(prefix.glob("lib*/cmake/vibro"))
    source = tmp_path / "source"
    shutil.copytree(SOURCE, source, ignore=without_build_trees, symlinks=True)
    venv = tmp_path / "venv"
    run(sys.executable, "-m", "venv", "--system-site-packages", venv)
    python = venv / "bin" / "python"
    env = user_environment(SKBUILD_CONFIGURE_OPTIONS=f"-DVIBRO_LIBRARY_FROM={library}", CMAKE_GENERATOR="Ninja")

    run(python, "-m", "build", "--wheel", "--no-isolation", source, env=env)
    wheels = list((source / "dist").glob(f"vibro-{VERSION}-*.whl"))
    assert len(wheels) == 1, list((source / "dist").iterdir())
    run(python, "-m", "pip", "install", "--no-build-isolation", "--no-index", source, env=env)

    # From a directory with nothing of vibro's in it: the package is the venv's, its data inside it.
    out = run(python, "-c", "import vibro, pathlib, sys\n"
                            "case = vibro.load_case(vibro.data_dir() / 'cases' / 'ps_forced_oscillator.toml')\n"
                            "final = vibro.run(case, study=False).run.final\n"
                            "print(vibro.__version__, pathlib.Path(vibro.__file__).is_relative_to(sys.prefix), final.t)",
              env=user_environment(), cwd=tmp_path)
    version, inside_venv, t = out.split()
    assert version == VERSION
    assert inside_venv == "True"
    assert float(t) > 0


def test_an_interpreter_without_numpy_is_named_on_import(tmp_path):
    venv = tmp_path / "bare"
    run(sys.executable, "-m", "venv", "--without-pip", venv)
    done = subprocess.run([venv / "bin" / "python", "-c", "import vibro"], capture_output=True, text=True,
                          env=user_environment(PYTHONPATH=str(BUILD / "python")), cwd=tmp_path)
    assert done.returncode != 0
    assert "No module named 'numpy'" in done.stderr
    assert f"vibro needs NumPy and its compiled part for {venv / 'bin' / 'python'}" in done.stderr


def test_another_interpreter_is_named_with_the_one_the_module_is_built_for(tmp_path):
    """A venv with its own copy of the interpreter (--copies) is another interpreter: pyenv's,
    conda's. Without NumPy there, the import names both and says what to do."""
    venv = tmp_path / "other"
    run(sys.executable, "-m", "venv", "--copies", "--without-pip", venv)
    done = subprocess.run([venv / "bin" / "python", "-c", "import vibro"], capture_output=True, text=True,
                          env=user_environment(PYTHONPATH=str(BUILD / "python")), cwd=tmp_path)
    assert done.returncode != 0
    message = done.stderr.strip().splitlines()[-1]
    import runpy
    built_for = runpy.run_path(str(BUILD / "python" / "vibro" / "_built_for.py"))
    assert f"vibro's compiled part is built for {built_for['interpreter']} (Python {built_for['version']})" in message, message
    assert f"this is {venv / 'bin' / 'python'} (Python 3." in message
    assert "No module named 'numpy'" in message and "pip install --no-build-isolation ." in message


def test_what_pip_builds_is_the_module_and_what_it_links(tmp_path):
    """scikit-build builds the target ALL before the install target: configured as setup.py
    configures it, ALL compiles the library and the module, never the executable or the report's
    HTML pages (which pip's full build compiled before they were taken out of ALL)."""
    arguments = [a for a in re.findall(r'"(-D[^"]+)"', (SOURCE / "setup.py").read_text())  # setup.py's cmake_args
                 if "{" not in a]  # but the interpreter, given below
    assert "-DVIBRO_BUILD_TESTS=OFF" in arguments and "-DVIBRO_MAN_PAGE=OFF" in arguments, arguments
    build = tmp_path / "build"
    run("cmake", "-S", SOURCE, "-B", build, "-G", "Ninja", "-DSKBUILD=ON", "-DCMAKE_BUILD_TYPE=Release",
        f"-DPython_EXECUTABLE={sys.executable}", *arguments)
    compiles = [line for line in run("ninja", "-C", build, "-t", "commands", "all").splitlines() if " -c " in line]
    assert any("python/src/module.cpp" in line for line in compiles)
    assert any("src/vibro/catalog/" in line for line in compiles)  # the library the module links
    assert not [line for line in compiles if "/src/cli/" in line or "/report/html_" in line]
