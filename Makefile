# The two commands that do all the set-up on a fresh machine:
#
#   make run     install what is missing, then run Tally (arguments in ARGS="-e 1+1")
#   make test    install what is missing, then run the whole test suite
#
# On a machine that already has the libraries, `swift run -c release tally` and `swift test`
# do the same. Tally links six system C libraries, each through its Debian development
# package; `make deps` installs those that are missing with apt-get (through sudo when not
# root) and says which.

PACKAGES := libgmp-dev libmpfr-dev libmpfi-dev libreadline-dev libsqlite3-dev zlib1g-dev tzdata
ARGS ?=

.PHONY: run test build deps install install-files uninstall

# `make install PREFIX=/usr/local` puts the release binary, the man page and the shell
# completions in place (DESTDIR, if set, is prepended to every path, for packaging);
# `make uninstall` with the same PREFIX and DESTDIR takes them away.
PREFIX ?= /usr/local
DESTDIR ?=
INSTALLED := $(DESTDIR)$(PREFIX)/bin/tally $(DESTDIR)$(PREFIX)/share/man/man1/tally.1 \
	$(DESTDIR)$(PREFIX)/share/bash-completion/completions/tally \
	$(DESTDIR)$(PREFIX)/share/zsh/site-functions/_tally \
	$(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/tally.fish

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

install: build
	$(MAKE) install-files BINARY="$$(swift build -c release --show-bin-path)/tally"

# The copying alone, of the binary BINARY (the tests install a debug build this way).
install-files:
	install -D -m 755 "$(BINARY)" "$(DESTDIR)$(PREFIX)/bin/tally"
	install -D -m 644 man/tally.1 "$(DESTDIR)$(PREFIX)/share/man/man1/tally.1"
	install -D -m 644 Completions/tally.bash "$(DESTDIR)$(PREFIX)/share/bash-completion/completions/tally"
	install -D -m 644 Completions/_tally "$(DESTDIR)$(PREFIX)/share/zsh/site-functions/_tally"
	install -D -m 644 Completions/tally.fish "$(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/tally.fish"

uninstall:
	rm -f $(INSTALLED)
