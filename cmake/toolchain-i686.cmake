# Cross toolchain for i686 (32-bit little-endian x86): catches code that
# assumes 64-bit longs, size_t or pointers.
#
#   cmake -S . -B build-i686 -DCMAKE_TOOLCHAIN_FILE=cmake/toolchain-i686.cmake \
#         -DBRISK_PORTABLE=ON && cmake --build build-i686 && ctest --test-dir build-i686
#
# Debian packages: gcc-i686-linux-gnu, libc6-dev-*-cross and qemu-user-static
# (`sh scripts/install-test-deps --cross` installs them).  ctest runs every
# test program under qemu-user through CMAKE_CROSSCOMPILING_EMULATOR.
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR i686)

set(BRISK_CROSS_TRIPLE i686-linux-gnu)
set(CMAKE_C_COMPILER ${BRISK_CROSS_TRIPLE}-gcc)
set(CMAKE_AR ${BRISK_CROSS_TRIPLE}-ar CACHE FILEPATH "")
set(CMAKE_RANLIB ${BRISK_CROSS_TRIPLE}-ranlib CACHE FILEPATH "")

find_program(BRISK_QEMU qemu-i386-static qemu-i386)
if(NOT BRISK_QEMU)
  message(FATAL_ERROR "qemu-i386-static not found: install qemu-user-static")
endif()
set(CMAKE_CROSSCOMPILING_EMULATOR ${BRISK_QEMU} -L /usr/${BRISK_CROSS_TRIPLE})

# Libraries and headers come from the target's root only, so the host's
# x86-64 libcrypto, Nettle and libgcrypt are never picked up; host programs
# (the code generators, if any) are still found on the host.
set(CMAKE_FIND_ROOT_PATH /usr/${BRISK_CROSS_TRIPLE})
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)

# pkg-config must not answer with the host's .pc files either.
set(ENV{PKG_CONFIG_LIBDIR} /usr/${BRISK_CROSS_TRIPLE}/lib/pkgconfig)
set(ENV{PKG_CONFIG_PATH} "")
set(ENV{PKG_CONFIG_SYSROOT_DIR} "")
