# kernelplay — `make serve` builds the page and serves it on http://127.0.0.1:8080/;
# `make test` runs every check CI runs (formatting, vet, native and wasm tests, the
# browser test in headless Chromium, which it installs when missing).

GO       ?= go
GOROOT   := $(shell $(GO) env GOROOT)
WASMEXEC := $(GOROOT)/lib/wasm/go_js_wasm_exec
ADDR     ?= 127.0.0.1:8080
# Root is not needed inside CI containers; elsewhere apt-get runs under sudo.
SUDO     := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
APT      := DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get
# Pure packages: built and tested natively and under js/wasm (node).
PURE     := ./core/... ./ui/state/... ./ui/sim/... ./ui/render/...
# -s -w drop the symbol table and DWARF (on wasm: the 120 KB "name" section);
# -trimpath keeps build paths out of the binary. -l (no inlining) only for the
# page's wiring, ui and ui/state, where inlining copies vecty's element
# builders into every render function: 440 KB raw, 77 KB gzip less (Go 1.26,
# November 2026). The numeric packages (core, gonum, ui/render, ui/sim) and the
# standard library keep inlining: `-gcflags=all=-l` would save 190 KB gzip but
# also de-inline the learners' loops and the runtime (speed not established).
WASMGC    := -gcflags=kernelplay/ui=-l -gcflags=kernelplay/ui/state=-l
WASMFLAGS := -trimpath -ldflags="-s -w" $(WASMGC)
# wasm/internal/wasmsize -pack rewrites the data section with fewer, longer segments
# (identical initial memory; about 110 KB less gzip, 0.6 MB more raw).
WASMSIZE  := $(GO) run ./wasm/internal/wasmsize

.PHONY: serve wasm wasm-size test fmt vet test-native test-wasm test-browser chromium node clean

serve: wasm
	$(GO) run serve.go -addr $(ADDR)

# static/main.wasm and its gzip, and the wasm_exec.js of the Go that built it.
wasm:
	GOOS=js GOARCH=wasm $(GO) build $(WASMFLAGS) -o static/main.wasm ./wasm
	$(WASMSIZE) -pack static/main.wasm
	gzip -9 -n -f -k static/main.wasm
	cp -f $(GOROOT)/lib/wasm/wasm_exec.js static/wasm_exec.js
	@ls -l static/main.wasm static/main.wasm.gz | awk '{print $$5, $$9}'

# What main.wasm is made of: the served sizes, then a build that keeps the
# name section, its code bytes per Go package (top $(TOP)) and its data
# section by runtime region (see wasm/internal/wasmsize). Writes nothing in static/.
TOP ?= 20
FUNCS ?= 0
wasm-size: wasm
	@echo "served: $$(wc -c < static/main.wasm) bytes raw, $$(wc -c < static/main.wasm.gz) gzip -9"
	@tmp=$$(mktemp -d) && \
	  GOOS=js GOARCH=wasm $(GO) build -trimpath $(WASMGC) -o $$tmp/named.wasm ./wasm && \
	  GOOS=js GOARCH=wasm $(GO) list -deps ./wasm > $$tmp/deps.txt && \
	  $(WASMSIZE) -pkgs $$tmp/deps.txt -top $(TOP) -funcs $(FUNCS) $$tmp/named.wasm; \
	  rc=$$?; rm -rf $$tmp; exit $$rc

test: fmt vet test-native test-wasm test-browser

fmt:
	@out=$$(gofmt -l .); if [ -n "$$out" ]; then echo "gofmt needed:"; echo "$$out"; exit 1; fi

vet:
	$(GO) vet ./...
	GOOS=js GOARCH=wasm $(GO) vet ./...

# Every package natively except the top-level one (serve.go), whose browser
# test needs the built page: test-browser runs it.
test-native: liblinear
	$(GO) test $$($(GO) list ./... | grep -vx kernelplay)

# The whole suite, paper reproductions included, under node as natively
# (about 45 s each for core/learn and core/experiment on an idle 2-core box).
test-wasm: node
	GOOS=js GOARCH=wasm $(GO) test -exec="$(WASMEXEC)" $(PURE)

# The server's unit tests and the page in headless Chromium (serve_test.go).
test-browser: chromium wasm
	$(GO) test -count=1 -v .

chromium:
	@command -v chromium >/dev/null 2>&1 || command -v chromium-browser >/dev/null 2>&1 || \
	  command -v google-chrome >/dev/null 2>&1 || { \
	    echo "installing chromium"; \
	    $(APT) update && \
	    { $(APT) install -y chromium || { $(APT) --fix-broken install -y && $(APT) install -y chromium; }; }; }

# LIBLINEAR's command-line trainer: core/learn checks batch DCD against it (and
# fails in CI when it is missing).
liblinear:
	@command -v liblinear-train >/dev/null 2>&1 || { \
	    echo "installing liblinear-tools"; \
	    $(APT) update && \
	    { $(APT) install -y liblinear-tools || { $(APT) --fix-broken install -y && $(APT) install -y liblinear-tools; }; }; }

node:
	@command -v node >/dev/null 2>&1 || { \
	    echo "installing nodejs"; \
	    $(APT) update && \
	    { $(APT) install -y nodejs || { $(APT) --fix-broken install -y && $(APT) install -y nodejs; }; }; }

clean:
	rm -f static/main.wasm static/main.wasm.gz static/wasm_exec.js
