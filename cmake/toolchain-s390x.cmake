# Cross toolchain for s390x (64-bit big-endian IBM Z): catches byte-order
# bugs in loads, stores and length encodings that little-endian hosts hide.
#
#   cmake -S . -B build-s390x -DCMAKE_TOOLCHAIN_FILE=cmake/toolchain-s390x.cmake \
#         -DBRISK_PORTABLE=ON && cmake --build build-s390x && ctest --test-dir build-s390x
#
# Debian packages: gcc-s390x-linux-gnu, libc6-dev-*-cross and qemu-user-static
# (`sh scripts/install-test-deps --cross` installs them).  ctest runs every
# test program under qemu-user through CMAKE_CROSSCOMPILING_EMULATOR.
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR s390x)

set(BRISK_CROSS_TRIPLE s390x-linux-gnu)
set(CMAKE_C_COMPILER ${BRISK_CROSS_TRIPLE}-gcc)
set(CMAKE_AR ${BRISK_CROSS_TRIPLE}-ar CACHE FILEPATH "")
set(CMAKE_RANLIB ${BRISK_CROSS_TRIPLE}-ranlib CACHE FILEPATH "")

find_program(BRISK_QEMU qemu-s390x-static qemu-s390x)
if(NOT BRISK_QEMU)
  message(FATAL_ERROR "qemu-s390x-static not found: install qemu-user-static")
endif()
set(CMAKE_CROSSCOMPILING_EMULATOR ${BRISK_QEMU} -L /usr/${BRISK_CROSS_TRIPLE})

include(${CMAKE_CURRENT_LIST_DIR}/cross-sysroot.cmake)
