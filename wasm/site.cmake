# SPDX-License-Identifier: MIT
# Writes muster-site/: the page's files from web/site/, the core from the
# build, web/lang.js and the catalogues (the page's and the core's), and
# sw.js with the list of files and a version made of their hash.
file(GLOB files RELATIVE ${SRC} ${SRC}/*)
list(REMOVE_ITEM files sw.js)
set(all "")
foreach(f ${files})
  configure_file(${SRC}/${f} ${SITE}/${f} COPYONLY)
  list(APPEND all ${f})
endforeach()
foreach(f muster-core.mjs muster-core.wasm)
  configure_file(${GEN}/${f} ${SITE}/${f} COPYONLY)
  list(APPEND all ${f})
endforeach()
# The words in the reader's language: the served page's lang.js and the
# page's German catalogue, and the core's (the CLI's muster.mo), each empty
# where the build had no gettext tools.
configure_file(${LANGJS} ${SITE}/lang.js COPYONLY)
configure_file(${LANGMO} ${SITE}/lang-de.mo COPYONLY)
configure_file(${COREMO} ${SITE}/core-de.mo COPYONLY)
list(APPEND all lang.js lang-de.mo core-de.mo)
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
