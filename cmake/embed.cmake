# SPDX-License-Identifier: MIT
# Turns a data file into a C array: cmake -DIN=f -DOUT=f.c -DSYM=name -P embed.cmake
file(READ "${IN}" hex HEX)
string(LENGTH "${hex}" n)
math(EXPR bytes "${n} / 2")
string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," body "${hex}")
string(REGEX REPLACE "(0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,)" "\\1\n" body "${body}")
file(WRITE "${OUT}.tmp"
"/* generated from ${IN} by cmake/embed.cmake: do not edit */\n#include <stddef.h>\nconst char ${SYM}[] = {\n${body}0x00};\nconst size_t ${SYM}_len = ${bytes};\n")
file(RENAME "${OUT}.tmp" "${OUT}")
