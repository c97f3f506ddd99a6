# Cross toolchain for i686 (32-bit little-endian x86): catches code that
# assumes 64-bit longs, size_t or pointers.
#
#   cmake -S . -B build-i686 -DCMAKE_TOOLCHAIN_FILE=cmake/toolchain-i686.cmake \
#         -DBRISK_PORTABLE=ON && cmake --build build-i686 && ctest --test-dir build-i686
#
# Debian packages: gcc-i686-linux-gnu, libc6-dev-*-cross and qemu-user-static
# (`sh scripts/install-test-deps --cross` installs them).  ctest runs the
# test programs natively when the host can (see below), else under qemu-user
# through CMAKE_CROSSCOMPILING_EMULATOR.
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR i686)

set(BRISK_CROSS_TRIPLE i686-linux-gnu)
set(CMAKE_C_COMPILER ${BRISK_CROSS_TRIPLE}-gcc)
set(CMAKE_AR ${BRISK_CROSS_TRIPLE}-ar CACHE FILEPATH "")
set(CMAKE_RANLIB ${BRISK_CROSS_TRIPLE}-ranlib CACHE FILEPATH "")

# An x86-64 kernel with IA-32 emulation runs i686 programs itself: then the
# tests run natively (the real kernel, full speed).  Otherwise, or with
# -DBRISK_I686_QEMU=ON, they run under qemu-i386.  Native is the default
# because qemu-i386 7.2 (Debian 12) never delivers SIGALRM to a forked child,
# which hangs `brisk speed -multi`; qemu-s390x does not have that bug.
option(BRISK_I686_QEMU "Run i686 test programs under qemu-i386 even if the host runs them" OFF)
get_property(_brisk_in_try GLOBAL PROPERTY IN_TRY_COMPILE)
if(NOT _brisk_in_try AND NOT DEFINED CACHE{BRISK_I686_RUNS_NATIVELY})
  set(_probe ${CMAKE_BINARY_DIR}/CMakeFiles/brisk-i686-probe)
  file(WRITE ${_probe}.c "int main(void) { return sizeof(void *) == 4 ? 0 : 1; }\n")
  execute_process(COMMAND ${BRISK_CROSS_TRIPLE}-gcc ${_probe}.c -o ${_probe}
                  RESULT_VARIABLE _cc_rc OUTPUT_QUIET ERROR_QUIET)
  set(_native OFF)
  if(_cc_rc EQUAL 0)
    execute_process(COMMAND ${_probe} RESULT_VARIABLE _run_rc OUTPUT_QUIET ERROR_QUIET)
    if(_run_rc EQUAL 0)
      set(_native ON)
    endif()
  endif()
  set(BRISK_I686_RUNS_NATIVELY ${_native} CACHE BOOL "This host runs i686 programs natively" FORCE)
endif()
if(NOT _brisk_in_try AND (BRISK_I686_QEMU OR NOT BRISK_I686_RUNS_NATIVELY))
  find_program(BRISK_QEMU qemu-i386-static qemu-i386)
  if(NOT BRISK_QEMU)
    message(FATAL_ERROR "qemu-i386-static not found: install qemu-user-static")
  endif()
  set(CMAKE_CROSSCOMPILING_EMULATOR ${BRISK_QEMU} -L /usr/${BRISK_CROSS_TRIPLE})
  # Under qemu-i386 7.2, pthread_create never returns in a dynamically
  # linked program (even one of ten lines) and works in a static one: link
  # the programs statically there, so that Argon2's lanes and brisk disk's
  # workers are tested on threads as on every other target.
  set(CMAKE_EXE_LINKER_FLAGS_INIT "-static")
endif()

include(${CMAKE_CURRENT_LIST_DIR}/cross-sysroot.cmake)
