# The installed vibro, used as a user would (label unit): install the build into a fresh
# prefix, then build and run a project outside the tree against it twice, through
# find_package(vibro) and through pkg-config, and run the installed executable from another
# directory so that it finds its shipped cases, tables and goldens beside itself; read the
# installed man page as `man` does; build and run examples/own_scheme_cpp, a user's
# project with a scheme of its own, both ways; and import the installed Python module.
# Arguments: BUILD_DIR (vibro's build), SOURCE_ROOT (vibro's source tree), SOURCE_DIR
# (tests/install), WORK_DIR (scratch), CXX (the compiler), GENERATOR, MAN_PAGE (the build's
# VIBRO_MAN_PAGE: OFF for a build configured without a man page), PYTHON (the interpreter the
# module is built for; empty without the module) and PYTHON_DIR (its install directory under
# the prefix).

function(run)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT status EQUAL 0)
    string(REPLACE ";" " " command "${ARGN}")
    message(FATAL_ERROR "failed (${status}): ${command}\n${out}\n${err}")
  endif()
  set(run_output "${out}" PARENT_SCOPE)
endfunction()

file(REMOVE_RECURSE ${WORK_DIR})
set(prefix ${WORK_DIR}/prefix)
run(${CMAKE_COMMAND} --install ${BUILD_DIR} --prefix ${prefix})
foreach(installed bin/vibro include/vibro/scheme/paoli_schatzman.hpp include/vibro/reference/impact_reference.hpp
        share/vibro/cases share/vibro/reference/published share/vibro/tests/golden/lyapunov)
  if(NOT EXISTS ${prefix}/${installed})
    message(FATAL_ERROR "not installed: ${installed}")
  endif()
endforeach()
file(GLOB config ${prefix}/lib*/cmake/vibro/vibroConfig.cmake)
file(GLOB pc ${prefix}/lib*/pkgconfig/vibro.pc)
if(NOT config OR NOT pc)
  message(FATAL_ERROR "no vibroConfig.cmake or vibro.pc under ${prefix}")
endif()

# 1. find_package(vibro) from a project outside the tree.
run(${CMAKE_COMMAND} -S ${SOURCE_DIR}/consumer -B ${WORK_DIR}/consumer -G ${GENERATOR}
    -DCMAKE_CXX_COMPILER=${CXX} -DCMAKE_PREFIX_PATH=${prefix} -DCMAKE_BUILD_TYPE=Release)
run(${CMAKE_COMMAND} --build ${WORK_DIR}/consumer)
run(${WORK_DIR}/consumer/consumer)
if(NOT run_output STREQUAL "ok\n")
  message(FATAL_ERROR "the find_package consumer printed: ${run_output}")
endif()

# 2. pkg-config: the flags the .pc file gives, and nothing else.
get_filename_component(pc_dir ${pc} DIRECTORY)
set(ENV{PKG_CONFIG_PATH} ${pc_dir})
run(pkg-config --cflags --libs vibro)
string(STRIP "${run_output}" flags)
separate_arguments(flags UNIX_COMMAND "${flags}")
run(${CXX} -O1 ${SOURCE_DIR}/consumer/main.cpp -o ${WORK_DIR}/pkg_consumer ${flags})
run(${WORK_DIR}/pkg_consumer)
if(NOT run_output STREQUAL "ok\n")
  message(FATAL_ERROR "the pkg-config consumer printed: ${run_output}")
endif()

# 2b. examples/own_scheme_cpp (docs/own_scheme.md): a scheme of the user's own, measured through
#     <vibro/harness.hpp>, built with find_package and nothing else, then with pkg-config's flags
#     alone; each run on an installed study case and test-set problem must write the study's
#     files and score every step of the problem's ladder.
set(example ${SOURCE_ROOT}/examples/own_scheme_cpp)
set(data ${prefix}/share/vibro)
run(${CMAKE_COMMAND} -S ${example} -B ${WORK_DIR}/own_scheme -G ${GENERATOR}
    -DCMAKE_CXX_COMPILER=${CXX} -DCMAKE_PREFIX_PATH=${prefix} -DCMAKE_BUILD_TYPE=Release)
run(${CMAKE_COMMAND} --build ${WORK_DIR}/own_scheme)
run(${CXX} -O1 ${example}/main.cpp -o ${WORK_DIR}/pkg_own_scheme ${flags})
foreach(program ${WORK_DIR}/own_scheme/own_scheme ${WORK_DIR}/pkg_own_scheme)
  file(REMOVE_RECURSE ${WORK_DIR}/own_scheme_out)
  run(${program} ${data}/cases/study_ps_harmonic_obstacle.toml ${WORK_DIR}/own_scheme_out
      ${data}/cases/testset/VI-02.toml ${data}/reference/testset/VI-02.toml)
  if(NOT EXISTS ${WORK_DIR}/own_scheme_out/study-ps-harmonic-obstacle-double.csv
     OR NOT run_output MATCHES "\\| T/12800 \\| 38400 \\|" OR NOT run_output MATCHES "h = T/3200: [0-9]")
    message(FATAL_ERROR "${program} did not measure its scheme:\n${run_output}")
  endif()
endforeach()

# 2c. docs/own_scheme.md's C++ section as a newcomer copies it: its first code block, then its
#     second inside int main() { ... }, compiled with pkg-config's flags and run where the
#     installed cases are; the study it prints must have its ladder's finest step.
file(READ ${SOURCE_ROOT}/docs/own_scheme.md page)
string(FIND "${page}" "## C++: a scheme in your own project" section_start)
string(SUBSTRING "${page}" ${section_start} -1 section)
set(rest "${section}")
foreach(block scheme_block study_block)  # found in turn: a list would split the code at its ';'
  string(FIND "${rest}" "```cpp\n" start)
  if(start EQUAL -1)
    message(FATAL_ERROR "docs/own_scheme.md's C++ section has fewer than two cpp code blocks")
  endif()
  math(EXPR start "${start} + 7")
  string(SUBSTRING "${rest}" ${start} -1 rest)
  string(FIND "${rest}" "```" end)
  string(SUBSTRING "${rest}" 0 ${end} ${block})
  math(EXPR end "${end} + 3")
  string(SUBSTRING "${rest}" ${end} -1 rest)
endforeach()
file(WRITE ${WORK_DIR}/docs_consumer.cpp "${scheme_block}\nint main() {\n${study_block}}\n")
run(${CXX} -O1 ${WORK_DIR}/docs_consumer.cpp -o ${WORK_DIR}/docs_consumer ${flags})
file(REMOVE_RECURSE ${data}/out)
execute_process(COMMAND ${WORK_DIR}/docs_consumer WORKING_DIRECTORY ${data} RESULT_VARIABLE status
                OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT status EQUAL 0 OR NOT out MATCHES "\\| T/12800 \\|" OR NOT EXISTS ${data}/out/study-ps-harmonic-obstacle-double.csv)
  message(FATAL_ERROR "docs/own_scheme.md's C++ code did not measure its scheme (exit ${status}):\n${out}\n${err}")
endif()
file(REMOVE_RECURSE ${data}/out)

# 3. The installed executable, run from a directory without cases/: its data is beside it.
file(MAKE_DIRECTORY ${WORK_DIR}/elsewhere)
execute_process(COMMAND ${prefix}/bin/vibro list WORKING_DIRECTORY ${WORK_DIR}/elsewhere
                RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT status EQUAL 0 OR NOT out MATCHES "lyapunov/ided.toml")
  message(FATAL_ERROR "installed `vibro list` from another directory: ${status}\n${out}\n${err}")
endif()
execute_process(COMMAND ${prefix}/bin/vibro check --quiet WORKING_DIRECTORY ${WORK_DIR}/elsewhere
                RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "installed `vibro check` from another directory: ${status}\n${out}\n${err}")
endif()
# Nothing in the installed executable names the source tree (it would break once moved).
file(STRINGS ${prefix}/bin/vibro source_paths REGEX "${SOURCE_ROOT}")
if(source_paths)
  message(FATAL_ERROR "the installed executable names the source tree: ${source_paths}")
endif()

# 3b. The Python module (docs/python.md), imported from the prefix's site directory in
#     another directory: its version is the executable's, and it finds the installed cases.
if(PYTHON)
  set(ENV{PYTHONPATH} ${prefix}/${PYTHON_DIR})
  execute_process(COMMAND ${PYTHON} -c
                          "import vibro; print(vibro.__version__); print(vibro.data_dir()); print(len(vibro.list_cases()))"
                  WORKING_DIRECTORY ${WORK_DIR}/elsewhere RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
  execute_process(COMMAND ${prefix}/bin/vibro --version OUTPUT_VARIABLE version_text)
  string(REGEX MATCH "^vibro ([^ ]+)" _ "${version_text}")
  if(NOT status EQUAL 0 OR NOT out MATCHES "^${CMAKE_MATCH_1}\n${prefix}/share/vibro\n[1-9]")
    message(FATAL_ERROR "the installed Python module (PYTHONPATH=${prefix}/${PYTHON_DIR}): ${status}\n${out}\n${err}")
  endif()
  unset(ENV{PYTHONPATH})
endif()

# 4. The man page: installed where `man` looks, rendered by `man -l`, with a section for every
#    verb `vibro --help` lists, each holding that verb's options.
if(NOT MAN_PAGE)
  message(STATUS "installed vibro: find_package and pkg-config consumers ran; the executable found its data; "
                 "no man page (configured with VIBRO_MAN_PAGE=OFF)")
  return()
endif()
set(page ${prefix}/share/man/man1/vibro.1)
if(NOT EXISTS ${page})
  message(FATAL_ERROR "not installed: share/man/man1/vibro.1")
endif()
set(ENV{MANWIDTH} 200)  # one option per line, whatever the terminal
execute_process(COMMAND man --encoding=UTF-8 -l ${page} RESULT_VARIABLE status OUTPUT_VARIABLE rendered
                ERROR_VARIABLE err)
if(NOT status EQUAL 0 OR NOT err STREQUAL "" OR NOT rendered MATCHES "SYNOPSIS|USAGE")
  message(FATAL_ERROR "`man -l share/man/man1/vibro.1`: status ${status}\n${err}\n${rendered}")
endif()
run(${prefix}/bin/vibro --help)
string(REGEX MATCH "\nSubcommands:\n.*" verb_block "${run_output}")
string(REGEX MATCHALL "\n  [a-z][a-z-]*" verb_lines "${verb_block}")
list(LENGTH verb_lines verb_count)
if(verb_count LESS 6)  # list, run, converge, lyapunov, check, report at least
  message(FATAL_ERROR "`vibro --help` lists ${verb_count} verbs:\n${run_output}")
endif()
# Every section and subsection heading (an indented "vibro VERB" line or a line in capitals)
# marked, so that each verb's part can be cut out.
string(REGEX REPLACE "\n +(vibro [a-z-]+)\n" "\n@@ \\1\n" sections "${rendered}")
string(REGEX REPLACE "\n([A-Z][A-Z ]+)\n" "\n@@ \\1\n" sections "${sections}")
foreach(line IN LISTS verb_lines)
  string(STRIP "${line}" verb)
  run(${prefix}/bin/vibro ${verb} --help)
  string(REGEX MATCHALL "\n  (-[a-zA-Z],)?--[a-z-]+" options "${run_output}")
  # The verb's section: from its heading to the next heading.
  string(FIND "${sections}" "@@ vibro ${verb}\n" start)
  if(start EQUAL -1)
    message(FATAL_ERROR "the man page has no section for the verb ${verb}:\n${rendered}")
  endif()
  string(SUBSTRING "${sections}" ${start} -1 section)
  string(REGEX REPLACE "^@@ vibro [a-z-]+\n" "" section "${section}")
  string(FIND "${section}" "@@" end)
  string(SUBSTRING "${section}" 0 ${end} section)
  foreach(option IN LISTS options)
    string(REGEX REPLACE "^\n  (-[a-zA-Z],)?" "" option "${option}")
    string(FIND "${section}" "${option}" at)
    if(at EQUAL -1)
      message(FATAL_ERROR "the man page's section for ${verb} does not mention its option ${option}:\n${section}")
    endif()
  endforeach()
endforeach()
message(STATUS "installed vibro: find_package and pkg-config consumers ran; the executable found its data; "
               "man -l renders the man page, with every verb (${verb_count}) and its options")
