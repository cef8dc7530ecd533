# SPDX-License-Identifier: MIT
# Writes muster-site/: the page (web/index.html and its scripts, the same
# files `muster serve` embeds), web/site/'s engine, manifest and icons, the
# core from the build, the catalogues (the page's and the core's), and
# sw.js with the list of files and a version made of their hash.
file(GLOB old ${SITE}/*)
if(old)
  file(REMOVE ${old}) # never an older build's file
endif()
file(GLOB files RELATIVE ${SRC} ${SRC}/*)
list(REMOVE_ITEM files sw.js)
set(all "")
foreach(f ${files})
  configure_file(${SRC}/${f} ${SITE}/${f} COPYONLY)
  list(APPEND all ${f})
endforeach()
foreach(f index.html app.js offline.js lang.js style.css)
  configure_file(${WEB}/${f} ${SITE}/${f} COPYONLY)
  list(APPEND all ${f})
endforeach()
foreach(f muster-core.mjs muster-core.wasm)
  configure_file(${GEN}/${f} ${SITE}/${f} COPYONLY)
  list(APPEND all ${f})
endforeach()
# The words in the reader's language: the list of languages, and for each
# (LANGS: the codes of po/*.po, commas between) the page's catalogue and
# the core's (the CLI's muster.mo), each empty where the build had no
# gettext tools.
configure_file(${LANGDIR}/langs.js ${SITE}/langs.js COPYONLY)
list(APPEND all langs.js)
string(REPLACE "," ";" LANGS "${LANGS}")
foreach(l ${LANGS})
  configure_file(${LANGDIR}/${l}.mo ${SITE}/lang-${l}.mo COPYONLY)
  configure_file(${GEN}/core-${l}.mo ${SITE}/core-${l}.mo COPYONLY)
  list(APPEND all lang-${l}.mo core-${l}.mo)
endforeach()
list(SORT all)
set(hashes "")
foreach(f ${all})
  file(SHA256 ${SITE}/${f} h)
  string(APPEND hashes "${f}:${h}\n")
endforeach()
string(SHA256 version "${hashes}")
string(SUBSTRING ${version} 0 16 version)
set(list "")
foreach(f ${all})
  string(APPEND list "  './${f}',\n")
endforeach()
file(READ ${SRC}/sw.js sw)
string(REPLACE "@MUSTER_SITE_VERSION@" "${version}" sw "${sw}")
string(REPLACE "  '@MUSTER_SITE_FILES@',\n" "${list}" sw "${sw}")
file(WRITE ${SITE}/sw.js "${sw}")
# Each file worth it also as FILE.gz (gzip -n: no name or time, so the
# build repeats), which `muster serve` sends to a browser that accepts gzip:
# the WebAssembly is a third of its size compressed. sw.js last, as written.
find_program(GZIP gzip)
foreach(f ${all} sw.js)
  file(REMOVE ${SITE}/${f}.gz) # never one of an older build's files
endforeach()
if(GZIP)
  foreach(f ${all} sw.js)
    if(f MATCHES "\\.(wasm|mjs|js|html|css|webmanifest|svg|mo)$")
      execute_process(COMMAND ${GZIP} -9 -n -c ${SITE}/${f}
                      OUTPUT_FILE ${SITE}/${f}.gz RESULT_VARIABLE rc)
      file(SIZE ${SITE}/${f} raw)
      file(SIZE ${SITE}/${f}.gz packed)
      if(NOT rc EQUAL 0 OR packed GREATER_EQUAL raw)
        file(REMOVE ${SITE}/${f}.gz) # no gain: the file as it is
      endif()
    endif()
  endforeach()
endif()
