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
# -s -w drop the symbol table and DWARF (about a third of main.wasm);
# -trimpath keeps build paths out of the binary.
WASMFLAGS := -trimpath -ldflags="-s -w"

.PHONY: serve wasm test fmt vet test-native test-wasm test-browser chromium node clean

serve: wasm
	$(GO) run serve.go -addr $(ADDR)

# static/main.wasm and its gzip, and the wasm_exec.js of the Go that built it.
wasm:
	GOOS=js GOARCH=wasm $(GO) build $(WASMFLAGS) -o static/main.wasm ./wasm
	gzip -9 -n -f -k static/main.wasm
	cp -f $(GOROOT)/lib/wasm/wasm_exec.js static/wasm_exec.js
	@ls -l static/main.wasm static/main.wasm.gz | awk '{print $$5, $$9}'

test: fmt vet test-native test-wasm test-browser

fmt:
	@out=$$(gofmt -l .); if [ -n "$$out" ]; then echo "gofmt needed:"; echo "$$out"; exit 1; fi

vet:
	$(GO) vet ./...
	GOOS=js GOARCH=wasm $(GO) vet ./...

# Every package natively except the top-level one (serve.go), whose browser
# test needs the built page: test-browser runs it.
test-native:
	$(GO) test $$($(GO) list ./... | grep -vx kernelplay)

# -short: the paper reproductions (testing.Short) run natively only; under
# node they would take most of the 30 minutes CI allows.
test-wasm: node
	GOOS=js GOARCH=wasm $(GO) test -short -exec="$(WASMEXEC)" $(PURE)

# The server's unit tests and the page in headless Chromium (serve_test.go).
test-browser: chromium wasm
	$(GO) test -count=1 -v .

chromium:
	@command -v chromium >/dev/null 2>&1 || command -v chromium-browser >/dev/null 2>&1 || \
	  command -v google-chrome >/dev/null 2>&1 || { \
	    echo "installing chromium"; \
	    $(APT) update && \
	    { $(APT) install -y chromium || { $(APT) --fix-broken install -y && $(APT) install -y chromium; }; }; }

node:
	@command -v node >/dev/null 2>&1 || { \
	    echo "installing nodejs"; \
	    $(APT) update && \
	    { $(APT) install -y nodejs || { $(APT) --fix-broken install -y && $(APT) install -y nodejs; }; }; }

clean:
	rm -f static/main.wasm static/main.wasm.gz static/wasm_exec.js
