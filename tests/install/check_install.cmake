# The installed vibro, used as a user would (label unit): install the build into a fresh
# prefix, then build and run a project outside the tree against it twice, through
# find_package(vibro) and through pkg-config, and run the installed executable from another
# directory so that it finds its shipped cases, tables and goldens beside itself.
# Arguments: BUILD_DIR (vibro's build), SOURCE_ROOT (vibro's source tree), SOURCE_DIR
# (tests/install), WORK_DIR (scratch), CXX (the compiler), GENERATOR.

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
message(STATUS "installed vibro: find_package and pkg-config consumers ran; the executable found its data")
