# SPDX-License-Identifier: MIT
# What each fuzz target links and defines, for both of its builds: the
# libFuzzer one (fuzz/CMakeLists.txt, MUSTER_FUZZ) and the replay of its
# corpus that ctest runs (tests/CMakeLists.txt: the target with
# fuzz/replay.c as its main, built by the build's own compiler).
#   muster_fuzz_target(TARGET NAME) for fuzz/fuzz_NAME.c
function(muster_fuzz_target target name)
  target_include_directories(${target} PRIVATE ${CMAKE_SOURCE_DIR}/src)
  target_link_libraries(${target} PRIVATE muster_lib)
  if(name STREQUAL "http")
    # muster serve's request handler lives in muster_web (web/ and cmd/);
    # the command table is defined next to main() in cli/main.c: it comes
    # along, its main() renamed.
    target_sources(${target} PRIVATE ${CMAKE_SOURCE_DIR}/cli/main.c
      ${CMAKE_SOURCE_DIR}/cli/lang.c)
    set_source_files_properties(${CMAKE_SOURCE_DIR}/cli/main.c
      TARGET_DIRECTORY ${target}
      PROPERTIES COMPILE_DEFINITIONS main=muster_cli_main)
    target_link_libraries(${target} PRIVATE muster_web)
  elseif(name STREQUAL "cli")
    # the command table itself (cmd/ is in muster_web)
    target_link_libraries(${target} PRIVATE muster_web PkgConfig::SQLITE)
  elseif(name STREQUAL "campaign")
    # replaces the log of a real campaign (its own data file) and writes
    # the file with SQLite itself
    target_compile_definitions(${target} PRIVATE
      MUSTER_FUZZ_BASE="${CMAKE_SOURCE_DIR}/fuzz/data/campaign.sqlite"
      MUSTER_FUZZ_LOG="${CMAKE_SOURCE_DIR}/fuzz/corpus/campaign/events")
    target_link_libraries(${target} PRIVATE PkgConfig::SQLITE)
  endif()
endfunction()
