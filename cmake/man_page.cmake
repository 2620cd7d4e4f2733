# The man page vibro.1, made from the built executable at build time (cmake/write_man_page.cmake:
# help2man on `vibro --help` and `--version`, plus every verb's --help) and installed to
# share/man/man1. In the build tree it is build/<preset>/share/man/man1/vibro.1. Without
# help2man, configuring stops and says how to get it or how to build without a man page: a
# build that quietly left the page out would go unnoticed.
option(VIBRO_MAN_PAGE "Generate the man page vibro.1 with help2man and install it" ON)
if(VIBRO_MAN_PAGE)
  find_program(HELP2MAN help2man)
  if(NOT HELP2MAN)
    message(FATAL_ERROR "help2man not found: it generates the man page vibro.1 (Debian package help2man, which "
                        "scripts/quickstart.sh installs). Install it, or configure with -DVIBRO_MAN_PAGE=OFF to build "
                        "and install without a man page.")
  endif()
  set(VIBRO_MAN_PAGE_FILE ${PROJECT_BINARY_DIR}/${CMAKE_INSTALL_MANDIR}/man1/vibro.1)
  add_custom_command(OUTPUT ${VIBRO_MAN_PAGE_FILE}
                     COMMAND ${CMAKE_COMMAND} -DHELP2MAN=${HELP2MAN} -DVIBRO=$<TARGET_FILE:vibro_cli>
                             -DOUT=${VIBRO_MAN_PAGE_FILE} -DWORK_DIR=${PROJECT_BINARY_DIR}/man_page
                             -P ${PROJECT_SOURCE_DIR}/cmake/write_man_page.cmake
                     DEPENDS vibro_cli ${PROJECT_SOURCE_DIR}/cmake/write_man_page.cmake
                     COMMENT "Generating the man page vibro.1 with help2man" VERBATIM)
  add_custom_target(vibro_man ALL DEPENDS ${VIBRO_MAN_PAGE_FILE})
  install(FILES ${VIBRO_MAN_PAGE_FILE} DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
endif()
