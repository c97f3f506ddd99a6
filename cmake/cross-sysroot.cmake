# Included by the cross toolchain files after they set BRISK_CROSS_TRIPLE.
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
