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
PURE     := ./core/... ./ui/state/... ./ui/app/... ./ui/sim/... ./ui/render/... ./ui/inspect/... ./ui/pace/... ./ui/embed/... ./ui/lesson/... ./ui/paint/...
# -s -w drop the symbol table and DWARF (on wasm: the 120 KB "name" section);
# -trimpath keeps build paths out of the binary. -l (no inlining) everywhere
# except where the frame's time goes: math and syscall/js, the kernels and
# losses (core/kernel, core/loss) and the surface (ui/render). Inlining elsewhere mostly copies vecty's element builders and
# the standard library's helpers into their callers: without it main.wasm
# is 33 KB gzip smaller (1,307,424 → 1,274,589 bytes) at the same frame rate
# (make wasm && go test -run TestBrowser/Measure ./tests/browser, 3 runs
# each way: 46–53 frames/s before, 51–58 after; November 2026).
# Measured per package (issue 24; wasm benchmarks of the frame's hot paths
# under node, built with each set of flags and run interleaved, the best of
# 5 short runs per variant in each of 5–6 pairs, load average 4–9 on 2
# cores; figures: the best run over all pairs against the present flags):
#   - the runtime (and internal/runtime/...) not inlined: −47,361 bytes of
#     zopfli gzip; BenchmarkFrame (100 SVMD steps, the 200×200 surface and
#     its contours) +4.4% and −0.1% in two series, a kernel row (BenchmarkRow
#     n=512 d=2) +0.1% and −4.3%, an SVMD step (BenchmarkLearnStep d=2
#     ω=512) +0.5% and +3.5%: landed (≤ 5%).
#   - core/learn not inlined: −14,506 bytes; the frame +1.1% and −4.6%, the
#     SVMD step +2.9% (one 256 ns tick of node's clock, in every pair),
#     +2.2% on the mean: landed.
#   - gonum not inlined: −3,743 bytes; the frame −0.1% and −2.4%, the step
#     +3.5% and +1.3%: landed.
#   - then core/expansion not inlined: −2,276 bytes; the frame +2.8%, the
#     step −3.6%: landed.
#   - ui/render not inlined: −10,997 bytes, but the frame +23%; math:
#     −4,385 bytes, but the frame +38%, a kernel row +52%, the step +19%:
#     both kept inlined. core/loss (−111 bytes) and core/kernel (−631) gain
#     too little to measure; syscall/js (−2,099) spends its time in the
#     browser's canvas calls, which node does not run: kept inlined.
#     (-gcflags=all=-l for everything: the surface took 5–7 ms a frame
#     instead of 4.)
# The pairs themselves spread 2–3× at that load, hence the best-of figures.
WASMGC    := -gcflags=all=-l -gcflags=math= -gcflags=syscall/js= \
	-gcflags=kernelplay/core/kernel= -gcflags=kernelplay/core/loss= -gcflags=kernelplay/ui/render=
WASMFLAGS := -trimpath -ldflags="-s -w" $(WASMGC)
# wasm/internal/wasmsize -pack drops the file and line tables (names kept:
# 1,730,641 → 1,628,340 bytes of zopfli gzip, November 2026; `make where`
# finds a report's lines), rewrites the data section with fewer, longer segments
# (otherwise identical initial memory; about 110 KB less gzip, 0.6 MB more raw), the
# findfunctab written by a start function instead (1.64 MB less raw, 18 KB
# less gzip -9).
WASMSIZE  := $(GO) run ./wasm/internal/wasmsize

.PHONY: serve wasm first-pic wasm-size wasm-breakdown where test fmt vet test-native test-wasm test-browser chromium zopfli brotli node axe jsdom lighthouse clean

serve: wasm
	$(GO) run serve.go -addr $(ADDR)

# $(WASMOUT)/main.wasm (static/ unless given), its gzip and its brotli, and
# the wasm_exec.js of the Go that built it, first.jpg (first-pic, below),
# then sw-manifest.js, the list of the build's files with their SHA-256 that the service worker (static/sw.js)
# keeps for offline use (wasm/internal/swmanifest; written last, so that a
# browser's update check never sees a manifest ahead of its files). The gzip is made by zopfli when it
# is installed (`make zopfli`; make test installs it): a standard gzip stream
# 5% smaller than gzip -9's (1,212,072 vs 1,274,589 bytes, November 2026), in
# about 18 s. Without it, gzip -9. The brotli (brotli -q 11, Debian's `brotli`,
# installed when missing) is what a browser that accepts br gets (every
# current one over HTTPS or from localhost): 23% smaller than the zopfli gzip (1,288,232 vs
# 1,673,074 bytes for the same main.wasm, November 2026), in about 25 s.
# brotli -n: the .br gets the time it was written (brotli would copy
# main.wasm's to the second, older than main.wasm's to the nanosecond, and
# serve.go does not send a copy older than its source). TestSizeBudget
# (tests/browser/size_test.go) runs this target with WASMOUT set to a
# temporary directory and holds the zopfli gzip to its budget.
WASMOUT ?= static
wasm: brotli first-pic
	@mkdir -p $(WASMOUT)
	GOOS=js GOARCH=wasm $(GO) build $(WASMFLAGS) -o $(WASMOUT)/main.wasm ./wasm
	$(WASMSIZE) -pack $(WASMOUT)/main.wasm
	@if command -v zopfli >/dev/null 2>&1; then \
	  echo "zopfli --i5 $(WASMOUT)/main.wasm"; zopfli --i5 -c $(WASMOUT)/main.wasm > $(WASMOUT)/main.wasm.gz.tmp && \
	  mv $(WASMOUT)/main.wasm.gz.tmp $(WASMOUT)/main.wasm.gz; \
	else \
	  echo "gzip -9 $(WASMOUT)/main.wasm (zopfli is not installed: make zopfli makes a 5% smaller gzip)"; \
	  gzip -9 -n -f -k $(WASMOUT)/main.wasm; \
	fi
	brotli -q 11 -n -f -o $(WASMOUT)/main.wasm.br $(WASMOUT)/main.wasm && chmod 644 $(WASMOUT)/main.wasm.br
	cp -f $(GOROOT)/lib/wasm/wasm_exec.js $(WASMOUT)/wasm_exec.js
	$(GO) run ./wasm/internal/swmanifest -dir $(WASMOUT)
	@ls -l $(WASMOUT)/main.wasm $(WASMOUT)/main.wasm.gz $(WASMOUT)/main.wasm.br | awk '{print $$5, $$9}'

# $(WASMOUT)/first.jpg, the loading view's picture (static/index.html's
# boot-pic): the default demo's surface drawn by the page's own code
# (wasm/internal/firstpic; a second or two). A build output like main.wasm,
# never committed: written before sw-manifest.js (make wasm), so that the
# service worker keeps it with the build, and before the server's tests
# (test-native: serve_size_test.go serves it).
first-pic:
	@mkdir -p $(WASMOUT)
	$(GO) run ./wasm/internal/firstpic > $(WASMOUT)/first.jpg.tmp && mv $(WASMOUT)/first.jpg.tmp $(WASMOUT)/first.jpg || \
	  { rm -f $(WASMOUT)/first.jpg.tmp; exit 1; }

# What main.wasm is made of: the served sizes, then the breakdown of
# wasm-breakdown. Rebuilds static/.
wasm-size: wasm
	@echo "served: $$(wc -c < static/main.wasm) bytes raw, $$(wc -c < static/main.wasm.gz) gzip, $$(wc -c < static/main.wasm.br) brotli"
	@$(MAKE) --no-print-directory wasm-breakdown

# Where the frames of an error report's stack are: the page's "Copy error
# report" text saved in a file, make where REPORT=report.txt. The served
# main.wasm has no file and line tables (wasmsize -pack drops them), so the
# report names each frame with its offset ("kernelplay/ui.(*Page).Render+0x4a");
# this builds main.wasm of this checkout as make wasm does but keeps the
# tables, and prints each frame's file:line. The checkout must be the
# report's commit (its "build:" line; checked) and the Go version the same.
where:
	@test -n "$(REPORT)" || { echo "usage: make where REPORT=report.txt" >&2; exit 2; }
	@rev=$$(sed -n 's/^build: .* js\/wasm \([0-9a-f]\{12\}\).*/\1/p' "$(REPORT)"); head=$$(git rev-parse --short=12 HEAD 2>/dev/null); \
	  if [ -n "$$rev" ] && [ -n "$$head" ] && [ "$$rev" != "$$head" ]; then \
	    echo "the report is from commit $$rev, this checkout is $$head: git checkout $$rev first" >&2; exit 1; fi
	@tmp=$$(mktemp -d) && \
	  GOOS=js GOARCH=wasm $(GO) build $(WASMFLAGS) -o $$tmp/lines.wasm ./wasm && \
	  $(WASMSIZE) -where $$tmp/lines.wasm < "$(REPORT)"; \
	  rc=$$?; rm -rf $$tmp; exit $$rc

# A build that keeps the name section, its code bytes per Go package (top
# $(TOP)) and its data section by runtime region (see wasm/internal/wasmsize).
# Writes nothing in static/ (TestSizeBudget prints it when main.wasm is over
# its budget).
TOP ?= 20
FUNCS ?= 0
wasm-breakdown:
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

# Every package natively except tests/browser, which needs the built page and
# Chromium (test-browser runs it): the server's unit tests and the import
# graph (the top-level package) included. ui/comp/vectycrash runs Vecty's
# crash reproducer in node with jsdom.
BROWSERTESTS := ./tests/browser
test-native: liblinear jsdom first-pic
	$(GO) test $$($(GO) list ./... | grep -vx kernelplay/tests/browser)

# The whole suite, paper reproductions included, under node as natively
# (about 45 s each for core/learn and core/experiment on an idle 2-core box),
# and wasm/simd's module run in node's WebAssembly against the Go loops.
test-wasm: node jsdom
	GOOS=js GOARCH=wasm $(GO) test -exec="$(WASMEXEC)" $(PURE) ./wasm/simd/...
	GOOS=js GOARCH=wasm $(GO) test -exec="$(CURDIR)/ui/comp/testdata/jsdom_exec" ./ui ./ui/comp

# The page in headless Chromium (tests/browser: one Chromium for the package,
# a tab per test, serve.go built and run as a subprocess), which measures
# main.wasm as served (zopfli's gzip), and TestSizeBudget, which builds it
# once more into a temporary directory (about a minute). The whole package
# takes about 15 minutes on an idle 2-core box: hence a timeout well above
# go test's default 10 minutes.
test-browser: chromium zopfli axe brotli wasm
	$(GO) test -count=1 -timeout 40m -v $(BROWSERTESTS)

zopfli:
	@command -v zopfli >/dev/null 2>&1 || { \
	    echo "installing zopfli"; \
	    $(APT) update && \
	    { $(APT) install -y zopfli || { $(APT) --fix-broken install -y && $(APT) install -y zopfli; }; }; }

# brotli: `make wasm` writes main.wasm.br with it (serve.go sends it to
# clients that accept br).
brotli:
	@command -v brotli >/dev/null 2>&1 || { \
	    echo "installing brotli"; \
	    $(APT) update && \
	    { $(APT) install -y brotli || { $(APT) --fix-broken install -y && $(APT) install -y brotli; }; }; }

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

# axe-core, the accessibility checker the browser test injects into every view
# (tests/browser/a11y_test.go reads $(AXE)/node_modules/axe-core/axe.min.js), installed
# by npm into a gitignored directory when missing.
AXE         := .cache/npm
AXEVERSION  := 4.10.3
axe: node
	@test -f $(AXE)/node_modules/axe-core/axe.min.js || { \
	    command -v npm >/dev/null 2>&1 || { echo "installing npm"; $(APT) update && $(APT) install -y npm; }; \
	    echo "installing axe-core@$(AXEVERSION) into $(AXE)"; \
	    mkdir -p $(AXE) && npm install --no-save --no-audit --no-fund --prefix $(AXE) axe-core@$(AXEVERSION); }

# Lighthouse (not in make test: a minute a run): the page as `make serve`
# serves it (on 127.0.0.1:$(LHPORT), ?intro=0 so that the first visit's
# introduction does not cover it), $(LHRUNS) runs of each form factor —
# mobile (a mid-range phone on slow 4G, CPU slowed 4×, simulated) and
# desktop — in Debian's Chromium, and the medians (wasm/internal/lhsummary).
# The reports stay in $(LHOUT). Lighthouse $(LHVERSION) is installed by npm
# into a gitignored directory when missing, like axe-core.
LIGHTHOUSE := .cache/lighthouse
LHVERSION  := 12.8.2
LHRUNS     ?= 5
LHPORT     ?= 8089
LHOUT      ?= testdata/lighthouse
lighthouse: node chromium wasm
	@test -f $(LIGHTHOUSE)/node_modules/lighthouse/cli/index.js || { \
	    command -v npm >/dev/null 2>&1 || { echo "installing npm"; $(APT) update && $(APT) install -y npm; }; \
	    echo "installing lighthouse@$(LHVERSION) into $(LIGHTHOUSE)"; \
	    mkdir -p $(LIGHTHOUSE) && npm install --no-save --no-audit --no-fund --prefix $(LIGHTHOUSE) lighthouse@$(LHVERSION); }
	@mkdir -p $(LHOUT) && rm -f $(LHOUT)/*.json
	@chrome=$$(command -v chromium || command -v chromium-browser || command -v google-chrome); \
	  $(GO) build -o $(LHOUT)/serve serve.go && { $(LHOUT)/serve -addr 127.0.0.1:$(LHPORT) & pid=$$!; }; \
	  trap "kill $$pid" EXIT; sleep 1; \
	  for form in mobile desktop; do \
	    preset=; [ $$form = desktop ] && preset=--preset=desktop; \
	    for i in $$(seq $(LHRUNS)); do \
	      echo "lighthouse $$form run $$i ($$(cut -d' ' -f1-3 /proc/loadavg))"; \
	      node $(LIGHTHOUSE)/node_modules/lighthouse/cli/index.js "http://127.0.0.1:$(LHPORT)/?intro=0" $$preset \
	        --chrome-path="$$chrome" --chrome-flags="--headless=new --no-sandbox" \
	        --output=json --output-path=$(LHOUT)/$$form-$$i.json --quiet || exit 1; \
	    done; \
	  done; \
	  echo "load average: $$(cut -d' ' -f1-3 /proc/loadavg)"; \
	  $(GO) run ./wasm/internal/lhsummary $(LHOUT)/*.json

# jsdom, the document in which the views' tests run under node (ui/comp:
# ui/comp/testdata/jsdom_exec, and the Vecty crash reproducer of
# ui/comp/vectycrash), installed by npm into a gitignored directory when
# missing.
JSDOM        := .cache/jsdom
JSDOMVERSION := 24.1.3
jsdom: node
	@test -f $(JSDOM)/node_modules/jsdom/package.json || { \
	    command -v npm >/dev/null 2>&1 || { echo "installing npm"; $(APT) update && $(APT) install -y npm; }; \
	    echo "installing jsdom@$(JSDOMVERSION) into $(JSDOM)"; \
	    mkdir -p $(JSDOM) && npm install --no-save --no-audit --no-fund --prefix $(JSDOM) jsdom@$(JSDOMVERSION); }

node:
	@command -v node >/dev/null 2>&1 || { \
	    echo "installing nodejs"; \
	    $(APT) update && \
	    { $(APT) install -y nodejs || { $(APT) --fix-broken install -y && $(APT) install -y nodejs; }; }; }

clean:
	rm -f static/main.wasm static/main.wasm.gz static/main.wasm.br static/wasm_exec.js static/sw-manifest.js static/first.jpg
