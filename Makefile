# The two commands that do all the set-up on a fresh machine:
#
#   make run     install what is missing, then run Tally (arguments in ARGS="-e 1+1")
#   make test    install what is missing, then run the whole test suite
#
# On a machine that already has the libraries, `swift run -c release tally` and `swift test`
# do the same. Tally links five system C libraries, each through its Debian development
# package; `make deps` installs those that are missing with apt-get (through sudo when not
# root) and says which.

PACKAGES := libgmp-dev libmpfr-dev libmpfi-dev libreadline-dev libsqlite3-dev
ARGS ?=

.PHONY: run test build deps

run: deps
	swift run -c release tally $(ARGS)

test: deps
	swift test

build: deps
	swift build -c release

deps:
	@missing=""; \
	for package in $(PACKAGES); do \
	    dpkg-query -W -f='$${Status}' $$package 2>/dev/null | grep -q "ok installed" || missing="$$missing $$package"; \
	done; \
	if [ -n "$$missing" ]; then \
	    echo "installing:$$missing"; \
	    if [ "$$(id -u)" -eq 0 ]; then sudo=""; else sudo="sudo"; fi; \
	    $$sudo apt-get update -qq && $$sudo apt-get install -y -qq $$missing; \
	fi
