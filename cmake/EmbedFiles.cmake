# embed_files(TARGET <lib> NAMESPACE <ns> FILES <name>=<path> ...)
# Generates a C++ source that holds each file's bytes as an array and a lookup function
#   std::string_view <ns>::embedded_file(std::string_view name);   // empty when unknown
# Used for the bundled catalog (CLI, tests, benchmarks) and the subset CJK font (page).
function(embed_files)
  cmake_parse_arguments(E "" "TARGET;NAMESPACE" "FILES" ${ARGN})
  set(out "${CMAKE_CURRENT_BINARY_DIR}/${E_TARGET}_embedded.cpp")
  set(deps "")
  set(entries "")
  foreach(pair IN LISTS E_FILES)
    string(REPLACE "=" ";" kv "${pair}")
    list(GET kv 0 name)
    list(GET kv 1 path)
    list(APPEND deps "${path}")
    list(APPEND entries "${name}" "${path}")
  endforeach()
  add_custom_command(
    OUTPUT "${out}"
    COMMAND ${CMAKE_COMMAND} -DOUT=${out} -DNS=${E_NAMESPACE} "-DENTRIES=${entries}"
            -P "${PROJECT_SOURCE_DIR}/cmake/embed_files_run.cmake"
    DEPENDS ${deps} "${PROJECT_SOURCE_DIR}/cmake/embed_files_run.cmake"
    COMMENT "Embedding ${E_TARGET}" VERBATIM)
  add_library(${E_TARGET} STATIC "${out}")
  target_compile_features(${E_TARGET} PUBLIC cxx_std_17)
endfunction()
