# What `cmake --install` puts where: the libraries and their headers with a CMake package
# (vibro::vibro, which links vibro::vibro_numerics) and a pkg-config file, the executable,
# and the data the executable finds beside it (share/vibro/: the shipped cases, the
# published tables, the test set's stored reference values, the peers' stored test-set scores, the computed Lyapunov goldens, laid out as in the source tree so that
# each default is found from the cases directory). The build tree gets the same
# share/vibro/ as links, so that the executable finds its data the same way wherever it
# runs from.
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

install(TARGETS vibro vibro_numerics EXPORT vibroTargets ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR})
if(VIBRO_WITH_SICONOS)  # the library's registry has the Siconos peer's schemes (docs/peer.md)
  install(TARGETS vibro_peer EXPORT vibroTargets ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR})
  install(DIRECTORY ${PROJECT_SOURCE_DIR}/peer/vibro DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}
          FILES_MATCHING PATTERN "*.hpp")
endif()
if(VIBRO_WITH_ARB)  # the library's orbit proofs (docs/proofs.md) are in vibro_proof, over Arb
  install(TARGETS vibro_proof EXPORT vibroTargets ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR})
endif()
install(TARGETS vibro_cli RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(DIRECTORY ${PROJECT_SOURCE_DIR}/src/vibro ${PROJECT_SOURCE_DIR}/reference/vibro
        DESTINATION ${CMAKE_INSTALL_INCLUDEDIR} FILES_MATCHING PATTERN "*.hpp")
install(EXPORT vibroTargets NAMESPACE vibro:: DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/vibro)
configure_package_config_file(${PROJECT_SOURCE_DIR}/cmake/vibroConfig.cmake.in
                              ${PROJECT_BINARY_DIR}/vibroConfig.cmake
                              INSTALL_DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/vibro)
write_basic_package_version_file(${PROJECT_BINARY_DIR}/vibroConfigVersion.cmake COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/vibroConfig.cmake ${PROJECT_BINARY_DIR}/vibroConfigVersion.cmake
        DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/vibro)
file(RELATIVE_PATH VIBRO_PC_TO_PREFIX ${CMAKE_INSTALL_FULL_LIBDIR}/pkgconfig ${CMAKE_INSTALL_PREFIX})
# With the Siconos peer, the registry's headers name its schemes and the library needs its own.
set(VIBRO_PC_PEER_CFLAGS "")
set(VIBRO_PC_PEER_LIBS "")
if(VIBRO_WITH_SICONOS)
  set(VIBRO_PC_PEER_CFLAGS " -DVIBRO_WITH_SICONOS=1")
  set(VIBRO_PC_PEER_LIBS " -lvibro_peer ${SICONOS_KERNEL_LIBRARY} ${SICONOS_NUMERICS_LIBRARY}")
endif()
if(VIBRO_WITH_ARB)
  string(APPEND VIBRO_PC_PEER_LIBS " -lvibro_proof ${ARB_LIBRARY} ${FLINT_LIBRARY}")
endif()
configure_file(${PROJECT_SOURCE_DIR}/cmake/vibro.pc.in ${PROJECT_BINARY_DIR}/vibro.pc @ONLY)
install(FILES ${PROJECT_BINARY_DIR}/vibro.pc DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)

set(VIBRO_DATA_DIR ${CMAKE_INSTALL_DATADIR}/vibro)
install(DIRECTORY ${PROJECT_SOURCE_DIR}/cases DESTINATION ${VIBRO_DATA_DIR})
install(DIRECTORY ${PROJECT_SOURCE_DIR}/reference/published ${PROJECT_SOURCE_DIR}/reference/testset
                  ${PROJECT_SOURCE_DIR}/reference/peers DESTINATION ${VIBRO_DATA_DIR}/reference)
install(DIRECTORY ${PROJECT_SOURCE_DIR}/tests/golden/lyapunov DESTINATION ${VIBRO_DATA_DIR}/tests/golden)

# The build tree's share/vibro/: the executable is build/src/vibro, so …/src/../share/vibro.
set(build_data ${PROJECT_BINARY_DIR}/${VIBRO_DATA_DIR})
file(MAKE_DIRECTORY ${build_data}/reference ${build_data}/tests/golden)
file(CREATE_LINK ${PROJECT_SOURCE_DIR}/cases ${build_data}/cases SYMBOLIC)
file(CREATE_LINK ${PROJECT_SOURCE_DIR}/reference/published ${build_data}/reference/published SYMBOLIC)
file(CREATE_LINK ${PROJECT_SOURCE_DIR}/reference/testset ${build_data}/reference/testset SYMBOLIC)
file(CREATE_LINK ${PROJECT_SOURCE_DIR}/reference/peers ${build_data}/reference/peers SYMBOLIC)
file(CREATE_LINK ${PROJECT_SOURCE_DIR}/tests/golden/lyapunov ${build_data}/tests/golden/lyapunov SYMBOLIC)
