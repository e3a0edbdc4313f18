# The generator table's names for CMake, read from the one source of truth, harness/generators/generator_table.hpp (its
# header comment says how to add a generator). Sets, in the including scope:
#   MOVEGEN_GENERATOR_NAMES      the command-line names, in table order ("mailbox;mailbox-masks;...")
#   MOVEGEN_GENERATOR_TYPES      their Position types within namespace movegen ("MtuPosition<mailbox::Position>;...")
#   MOVEGEN_GENERATOR_FOLDERS    the folders the table includes ("bitboard;mailbox;tuned;x88")
#   MOVEGEN_GENERATOR_LIBRARIES  their libraries, movegen::<folder>
# and reconfigures when the table changes.
set(MOVEGEN_GENERATOR_TABLE ${CMAKE_CURRENT_LIST_DIR}/../harness/generators/generator_table.hpp)
set_property(DIRECTORY ${PROJECT_SOURCE_DIR} APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${MOVEGEN_GENERATOR_TABLE})
file(READ ${MOVEGEN_GENERATOR_TABLE} table)
string(REGEX REPLACE "//[^\n]*" "" table "${table}")  # the header comment's example row is not a row

set(MOVEGEN_GENERATOR_NAMES)
set(MOVEGEN_GENERATOR_TYPES)
# A type is Namespace::Type (a tuned generator) or Strategy<Namespace::Type> (a reference one).
string(REGEX MATCHALL "\"[a-z0-9-]+\", *[A-Za-z_][A-Za-z0-9_]*(::|<)[A-Za-z0-9_:]+>?" pairs "${table}")
foreach(pair ${pairs})
  string(REGEX REPLACE "^\"([a-z0-9-]+)\", *([A-Za-z0-9_:<>]+)$" "\\1" name "${pair}")
  string(REGEX REPLACE "^\"([a-z0-9-]+)\", *([A-Za-z0-9_:<>]+)$" "\\2" type "${pair}")
  list(APPEND MOVEGEN_GENERATOR_NAMES ${name})
  list(APPEND MOVEGEN_GENERATOR_TYPES ${type})
endforeach()
list(LENGTH MOVEGEN_GENERATOR_NAMES count)
if(count EQUAL 0)
  message(FATAL_ERROR "harness/generators/generator_table.hpp: no \"name\", Position type pair found")
endif()

set(MOVEGEN_GENERATOR_FOLDERS)
string(REGEX MATCHALL "#include \"[a-z0-9_]+/" includes "${table}")
foreach(include ${includes})
  string(REGEX REPLACE "#include \"([a-z0-9_]+)/" "\\1" folder "${include}")
  if(NOT folder STREQUAL "common" AND NOT folder STREQUAL "harness")
    list(APPEND MOVEGEN_GENERATOR_FOLDERS ${folder})
  endif()
endforeach()
list(REMOVE_DUPLICATES MOVEGEN_GENERATOR_FOLDERS)
list(TRANSFORM MOVEGEN_GENERATOR_FOLDERS PREPEND "movegen::" OUTPUT_VARIABLE MOVEGEN_GENERATOR_LIBRARIES)
message(STATUS "movegen generators (${count}): ${MOVEGEN_GENERATOR_NAMES}")
