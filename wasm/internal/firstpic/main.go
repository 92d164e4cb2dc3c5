// Command firstpic writes the loading view's picture, first.jpg: the
// decision surface of the page's default demo (state.Default: SVMD on the
// spirals) after Steps examples, drawn by the page's own surface code
// (ui/render.Surface, as the plot draws it, at the default grid), for the
// loading view to show in the plot's place before main.wasm arrives
// (static/index.html, class boot-pic). On a slow network the page then
// shows what it is about within the first few kilobytes instead of a
// progress bar alone, and the picture is the page's largest painted element
// (Lighthouse's largest contentful paint) long before the program starts.
//
// It is a build output, like main.wasm: `make wasm` (and so `make serve`
// and the browser tests' build) writes it to static/first.jpg (the
// Makefile's first-pic target, before the service worker's manifest, which
// then lists it), and it is never committed, so that it cannot fall behind
// the default demo or the surface's colours:
//
//	go run ./wasm/internal/firstpic > static/first.jpg
//
// It must not import syscall/js; nothing imports it.
package main

import (
	"bytes"
	"fmt"
	"image/jpeg"
	"log"
	"os"

	"kernelplay/ui/render"
	"kernelplay/ui/sim"
	"kernelplay/ui/state"
)

// Steps is the examples learned before the picture: about one second of
// the default demo playing (60 frames of state.Default's 20 steps), when
// the spirals' arms show.
const Steps = 1200

// quality is the JPEG quality: the surface is smooth, so 80 is indistinct
// from the PNG at a fifth of its bytes.
const quality = 80

// Side is the picture's side in pixels: the page's default grid (the
// surface as the plot first draws it). static/index.html's <img
// class="boot-pic"> says the same (width and height; TestFirstPic reads
// them).
const Side = 200

func main() {
	b, err := picture(Steps)
	if err != nil {
		log.Fatal(err)
	}
	if _, err := os.Stdout.Write(b); err != nil {
		log.Fatal(err)
	}
}

// picture is first.jpg's bytes: the surface after steps examples.
func picture(steps int) ([]byte, error) {
	c := state.Default()
	s, err := sim.New(c)
	if err != nil {
		return nil, err
	}
	s.Step(steps)
	if err := s.Err(); err != nil {
		return nil, fmt.Errorf("the default demo at t = %d: %v", steps, err)
	}
	// As the plot draws it (ui/plot_js.go drawSurface): the default grid
	// (Side), Scale 0 for a binary task.
	surf := render.Surface{Grid: Side}
	img := surf.Render(s.Learner())
	var out bytes.Buffer
	if err := jpeg.Encode(&out, img, &jpeg.Options{Quality: quality}); err != nil {
		return nil, err
	}
	return out.Bytes(), nil
}
