# Thin wrapper over CMake: the two commands a newcomer needs are
#   make speed   build (Release) and run `brisk speed` over every algorithm
#   make check   install test-only packages if missing, build, run all tests
BUILD ?= build
CMAKE_FLAGS ?=
JOBS ?= $(shell nproc 2>/dev/null || echo 2)
# Seconds any one test may take before ctest stops it and counts it as
# failed (the slowest take about a minute), so a hang cannot stall a run.
TEST_TIMEOUT ?= 600

.PHONY: all build speed check install clean

all: build

$(BUILD)/CMakeCache.txt:
	cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release $(CMAKE_FLAGS)

build: $(BUILD)/CMakeCache.txt
	cmake --build $(BUILD) -j $(JOBS)

# speed says first how long the whole run takes (brisk counts its rows) and
# how to time one algorithm instead.
speed: build
	@./$(BUILD)/brisk speed -help | sed -n 's/^With no algorithm, times every one/brisk speed times every algorithm/p'
	@echo "To time one algorithm instead: ./$(BUILD)/brisk speed -seconds 1 sha256"
	./$(BUILD)/brisk speed

check:
	sh scripts/install-test-deps
	$(MAKE) build
	cd $(BUILD) && ctest --output-on-failure -j $(JOBS) --timeout $(TEST_TIMEOUT)

install: build
	cmake --install $(BUILD)

clean:
	rm -rf $(BUILD)
