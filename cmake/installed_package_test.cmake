# CTest `installed_package`: installs the build into PREFIX, then checks what a consumer gets:
#  - a translation unit holding only `#include <movegen/movegen.hpp>` compiles with nothing but the two
#    installed include directories, under -Wall -Wextra -Wpedantic -Werror (installed headers self-sufficient,
#    no warning);
#  - the exported usage requirements carry none of our build's flags (-march=native, sanitizers, warnings).
#
#   cmake -DBUILD_DIR=build -DPREFIX=build/p -DCXX=g++ -DINCLUDEDIR=include -DCONFIG=Release -P this-file
file(REMOVE_RECURSE ${PREFIX})
execute_process(COMMAND ${CMAKE_COMMAND} --install ${BUILD_DIR} --prefix ${PREFIX} --config ${CONFIG}
                RESULT_VARIABLE status OUTPUT_QUIET ERROR_VARIABLE errors)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "cmake --install ${BUILD_DIR} failed: ${errors}")
endif()

file(WRITE ${PREFIX}/header_alone.cpp "#include <movegen/movegen.hpp>\n")
execute_process(COMMAND ${CXX} -std=c++20 -Wall -Wextra -Wpedantic -Werror -fsyntax-only -I${PREFIX}/${INCLUDEDIR}
                        -I${PREFIX}/${INCLUDEDIR}/movegen/internal ${PREFIX}/header_alone.cpp
                RESULT_VARIABLE status ERROR_VARIABLE errors)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "the installed <movegen/movegen.hpp> does not compile on its own:\n${errors}")
endif()

file(GLOB exported ${PREFIX}/*/cmake/movegen/movegenTargets*.cmake)
if(NOT exported)
  message(FATAL_ERROR "no movegenTargets*.cmake under ${PREFIX}")
endif()
foreach(file ${exported})
  file(STRINGS ${file} leaks REGEX "-march|-fsanitize|-Wall|-Wpedantic|MOVEGEN_CHECK_INVARIANTS|MOVEGEN_SOURCE_DIR")
  if(leaks)
    message(FATAL_ERROR "${file} passes our build flags on to consumers: ${leaks}")
  endif()
endforeach()
message(STATUS "installed header compiles alone; no build flag exported")
