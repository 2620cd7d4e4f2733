"""The Python module as a pip package (docs/python.md "Installing with pip").

scikit-build configures this tree's CMake for the interpreter that runs pip, builds the target
`vibro_python_install` (the module, the library it links and nothing else: no executable, no
tests) and packages what it installs: python/vibro/ with the compiled part and the shipped data.
With -DVIBRO_LIBRARY_FROM=DIR in SKBUILD_CONFIGURE_OPTIONS, the module is built against the
library of an installation of this same source (DIR: its lib/cmake/vibro) instead of building
the library again.
"""
import pathlib
import re
import sys

from skbuild import setup

root = pathlib.Path(__file__).resolve().parent
version = re.search(r"project\(vibro VERSION (\S+)", (root / "CMakeLists.txt").read_text()).group(1)

setup(
    name="vibro",
    version=version,
    description="Verification and reproducibility harness for vibro-impact time-stepping schemes",
    long_description=(root / "docs" / "python.md").read_text(),
    long_description_content_type="text/markdown",
    license="Apache-2.0",
    packages=["vibro"],
    package_dir={"": "python"},
    package_data={"vibro": ["py.typed", "_core.pyi"]},
    cmake_install_dir="python",
    cmake_install_target="vibro_python_install",
    cmake_args=[f"-DPython_EXECUTABLE={sys.executable}", "-DVIBRO_BUILD_TESTS=OFF", "-DVIBRO_BUILD_BENCH=OFF",
                "-DVIBRO_WITH_PYTHON=ON", "-DVIBRO_WITH_MPI=OFF", "-DVIBRO_MAN_PAGE=OFF"],
    install_requires=["numpy"],
    python_requires=">=3.11",
)
