# Lists the GoogleTest tests of one executable as CTest tests (run after each link, as
# CMake's gtest_discover_tests does), named Suite.Test/parameter: "ParseReal.X/float128",
# "ShippedCase.RunsInTextAndJsonOutput/study_ps_periodic". CMake 3.25's discovery cannot parse the
# names of typed tests whose types have names (it writes the whole "Suite/float128.  #
# TypeParam = boost::multiprecision::number<…>" into a 300-character test name), so the
# project lists them itself. The instantiation prefix of a value-parameterised suite is left
# out of the name (the suite and the parameter say it); a name that would then repeat is an
# error. Arguments: EXECUTABLE, OUTPUT (the CTest file to write), LABEL, WORKING_DIRECTORY,
# COST (CTest starts costlier tests first: on a clean checkout it has no timings yet).
cmake_policy(VERSION 3.25)
execute_process(COMMAND ${EXECUTABLE} --gtest_list_tests RESULT_VARIABLE status OUTPUT_VARIABLE listing
                ERROR_VARIABLE errors TIMEOUT 60)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "${EXECUTABLE} --gtest_list_tests failed (${status}):\n${listing}\n${errors}")
endif()
string(REPLACE ";" "\\;" listing "${listing}")
string(REPLACE "\n" ";" lines "${listing}")
set(script "")
set(names "")
foreach(line IN LISTS lines)
  if(line STREQUAL "" OR line MATCHES "^Running main")
    continue()
  endif()
  if(NOT line MATCHES "^ ")
    # "Suite.", "Prefix/Suite.", or "Suite/TypeName.  # TypeParam = …"
    set(typed OFF)
    if(line MATCHES "# TypeParam")
      set(typed ON)
    endif()
    string(REGEX REPLACE "\\.( *#.*)?$" "" suite "${line}")
    continue()
  endif()
  string(STRIP "${line}" test)
  string(REGEX REPLACE " +#.*$" "" test "${test}")
  set(filter "${suite}.${test}")
  if(typed AND suite MATCHES "^(.*)/([^/]*)$")
    set(name "${CMAKE_MATCH_1}.${test}/${CMAKE_MATCH_2}")
  elseif(suite MATCHES "^.*/([^/]*)$")
    set(name "${CMAKE_MATCH_1}.${test}")
  else()
    set(name "${suite}.${test}")
  endif()
  if(name IN_LIST names)
    message(FATAL_ERROR "two tests of ${EXECUTABLE} would both be named ${name}")
  endif()
  list(APPEND names "${name}")
  string(APPEND script
         "add_test([==[${name}]==] [==[${EXECUTABLE}]==] [==[--gtest_filter=${filter}]==] --gtest_also_run_disabled_tests)\n"
         "set_tests_properties([==[${name}]==] PROPERTIES WORKING_DIRECTORY [==[${WORKING_DIRECTORY}]==] "
         "LABELS ${LABEL} COST ${COST} SKIP_REGULAR_EXPRESSION [==[\\[  SKIPPED \\]]==])\n")
endforeach()
file(WRITE "${OUTPUT}" "${script}")
