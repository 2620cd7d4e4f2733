# Writes the man page vibro.1 (run at build time by cmake/man_page.cmake): help2man renders
# `vibro --help` and `vibro --version`, and an include file adds a VERBS section holding every
# verb's own --help, so that `man vibro` shows every verb and every option.
# Arguments: HELP2MAN (the program), VIBRO (the built executable), OUT (the page), WORK_DIR.
#
# vibro runs as `vibro`, found on PATH, from an empty directory: its usage lines then say
# "vibro", not the build tree's path, and its defaults do not pick up a cases/ directory
# where the build happens to run. The defaults that name the data beside the executable
# say PREFIX/share/vibro instead of the build tree's.

get_filename_component(bin_dir ${VIBRO} DIRECTORY)
get_filename_component(data_dir ${bin_dir}/../share/vibro ABSOLUTE)
set(ENV{PATH} "${bin_dir}:$ENV{PATH}")
file(REMOVE_RECURSE ${WORK_DIR})
file(MAKE_DIRECTORY ${WORK_DIR})

function(run_vibro)
  execute_process(COMMAND vibro ${ARGN} WORKING_DIRECTORY ${WORK_DIR} RESULT_VARIABLE status OUTPUT_VARIABLE out
                  ERROR_VARIABLE err)
  if(NOT status EQUAL 0)
    string(REPLACE ";" " " arguments "${ARGN}")
    message(FATAL_ERROR "man page: `vibro ${arguments}` failed (${status}): ${err}")
  endif()
  string(REPLACE "${data_dir}" "PREFIX/share/vibro" out "${out}")
  set(vibro_output "${out}" PARENT_SCOPE)
endfunction()

# Text shown as it is, in roff: backslashes escaped, a line never read as a request, and
# "-" a minus sign (an option's dash), not a hyphen.
function(roff_verbatim text result)
  string(REPLACE "\\" "\\e" text "${text}")
  string(REPLACE "-" "\\-" text "${text}")
  string(REGEX REPLACE "(^|\n)([.'])" "\\1\\\\&\\2" text "${text}")
  set(${result} "${text}" PARENT_SCOPE)
endfunction()

# The verbs: the lines of the "Subcommands:" block of `vibro --help`.
run_vibro(--help)
string(REGEX MATCH "\nSubcommands:\n(.*)" block "${vibro_output}")
if(NOT block)
  message(FATAL_ERROR "man page: `vibro --help` lists no subcommands:\n${vibro_output}")
endif()
string(REPLACE "\n" ";" lines "${CMAKE_MATCH_1}")
set(verbs)
foreach(line IN LISTS lines)
  if(line MATCHES "^  ([a-z][a-z-]*)( |$)")
    list(APPEND verbs ${CMAKE_MATCH_1})
  endif()
endforeach()

string(CONCAT include "[VERBS]\nEach verb's own \\fB\\-\\-help\\fR, as \\fBvibro\\fR \\fIVERB\\fR \\fB\\-\\-help\\fR prints it. "
               "PREFIX is the directory above the executable's bin/ (the installation prefix); a \\fIcases/\\fR "
               "directory in the working directory is used before PREFIX/share/vibro/cases.\n")
foreach(verb IN LISTS verbs)
  run_vibro(${verb} --help)
  roff_verbatim("${vibro_output}" text)
  string(APPEND include ".SS \"vibro ${verb}\"\n.nf\n${text}.fi\n")
endforeach()
string(APPEND include "[SEE ALSO]\nThe README and docs/ of the source tree: the case files (docs/case_files.md), every "
       "output field (docs/outputs.md), the mathematics (docs/mathematics.md).\n")
file(WRITE ${WORK_DIR}/vibro.h2m "${include}")

# The version is the first line of `vibro --version` (the rest, compiler and libraries,
# describes the build, not the program). --locale: the help texts are UTF-8 (Poincaré, ±),
# which help2man mangles in its default locale.
run_vibro(--version)
string(REGEX MATCH "^[^\n]*" version "${vibro_output}")
execute_process(COMMAND ${HELP2MAN} --no-info --section=1 --locale=C.UTF-8 --include=${WORK_DIR}/vibro.h2m
                        "--name=verification and reproducibility harness for vibro-impact time-stepping schemes"
                        "--version-string=${version}" --output=${WORK_DIR}/vibro.1 vibro
                WORKING_DIRECTORY ${WORK_DIR} RESULT_VARIABLE status ERROR_VARIABLE err)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "man page: help2man failed (${status}): ${err}")
endif()
# The help texts hold UTF-8 (Poincaré, ±, …): say so, so that man renders them whatever the locale.
file(READ ${WORK_DIR}/vibro.1 page)
get_filename_component(out_dir ${OUT} DIRECTORY)
file(MAKE_DIRECTORY ${out_dir})
file(WRITE ${OUT} "'\\\" -*- coding: UTF-8 -*-\n${page}")
