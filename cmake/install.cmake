# `cmake --install build [--prefix P]`: the libraries (common, each generator folder's, harness), the movegen CLI,
# the headers and the CMake package `movegen`, so that a consumer writes
#
#   find_package(movegen 0.2 REQUIRED)
#   target_link_libraries(my_tests movegen::mailbox movegen::bitboard)
#
# Layout under the prefix:
#   include/movegen/movegen.hpp           the public header
#   include/movegen/internal/common/...   what it includes (common/, mailbox/, x88/, bitboard/, tuned/, search/, harness/), found
#                                         through a second include directory, as in the source tree
#   lib/libmovegen_*.a, bin/movegen (and bin/movegen-mpi where MPI was found)
#   lib/cmake/movegen/                    movegenConfig.cmake, movegenConfigVersion.cmake, movegenTargets.cmake
include(CMakePackageConfigHelpers)

set(MOVEGEN_CMAKE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/movegen)

# The libraries: common, every folder of the generator table (cmake/generator_table.cmake), the harness's layers
# and movegen_harness (MOVEGEN_LIBRARY_TARGETS, in the top-level CMakeLists.txt).
install(TARGETS ${MOVEGEN_LIBRARY_TARGETS} EXPORT movegenTargets
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR} LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
        RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(TARGETS movegen RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
if(TARGET movegen-mpi)  # OPTIONAL: an install after building only `movegen` (check-consumer.sh) goes on without it
  install(TARGETS movegen-mpi RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR} OPTIONAL)
endif()
install(FILES ${PROJECT_SOURCE_DIR}/include/movegen/movegen.hpp DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/movegen)
# Every header of the library folders, so that a header added later is installed without a change here.
foreach(folder common ${MOVEGEN_GENERATOR_FOLDERS} search harness)
  install(DIRECTORY ${PROJECT_SOURCE_DIR}/${folder}/ DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/movegen/internal/${folder}
          FILES_MATCHING PATTERN "*.hpp")
endforeach()

install(EXPORT movegenTargets NAMESPACE movegen:: DESTINATION ${MOVEGEN_CMAKE_DIR})
configure_package_config_file(${CMAKE_CURRENT_LIST_DIR}/movegenConfig.cmake.in
                              ${PROJECT_BINARY_DIR}/movegenConfig.cmake INSTALL_DESTINATION ${MOVEGEN_CMAKE_DIR})
# SameMinorVersion: before 1.0 a minor release may break the API (semantic versioning's 0.x rule), so
# find_package(movegen 0.2) accepts 0.2.x and nothing else; SameMajorVersion would accept 0.3, 0.9, ...
write_basic_package_version_file(${PROJECT_BINARY_DIR}/movegenConfigVersion.cmake VERSION ${PROJECT_VERSION}
                                 COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/movegenConfig.cmake ${PROJECT_BINARY_DIR}/movegenConfigVersion.cmake
        DESTINATION ${MOVEGEN_CMAKE_DIR})

# CTest installed_package: the installed public header compiles on its own, with nothing but the installed
# include directories and no warning under -Wall -Wextra -Wpedantic, and no exported target carries our
# build's flags (see cmake/installed_package_test.cmake).
if(MOVEGEN_BUILD_TESTS)
  add_test(NAME installed_package
           COMMAND ${CMAKE_COMMAND} -DBUILD_DIR=${PROJECT_BINARY_DIR} -DPREFIX=${PROJECT_BINARY_DIR}/installed-package-test
                   -DCXX=${CMAKE_CXX_COMPILER} -DINCLUDEDIR=${CMAKE_INSTALL_INCLUDEDIR} -DCONFIG=$<CONFIG>
                   -P ${CMAKE_CURRENT_LIST_DIR}/installed_package_test.cmake)
endif()
