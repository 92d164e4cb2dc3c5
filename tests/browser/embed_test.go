//go:build !js

package browser

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
)

// embedReply is the part of a reply or event of the embedding API
// (ui/embed) the test reads.
type embedReply struct {
	Type  string `json:"type"`
	Event string `json:"event"`
	OK    bool   `json:"ok"`
	Error string `json:"error"`
	State struct {
		T       int      `json:"t"`
		Error   *float64 `json:"error"`
		Eta     *float64 `json:"eta"`
		Link    string   `json:"link"`
		Playing bool     `json:"playing"`
		Quiz    *struct {
			Right int `json:"right"`
			Asked int `json:"asked"`
		} `json:"quiz"`
	} `json:"state"`
	Answer *struct {
		T     int  `json:"t"`
		Right bool `json:"right"`
	} `json:"answer"`
}

// TestBrowserEmbed: a course page on one origin drives kernelplay in an
// iframe on another through the embedding API (ui/embed). The example host
// page, tests/browser/testdata/embed-host.html, is served from
// http://127.0.0.1:A and embeds the page served by serve.go at
// http://127.0.0.1:B with embed=http://127.0.0.1:A in its link: it hears
// "ready", loads a link, steps 10 and reads t = 10 with the running
// error and η; a malformed request (a value out of range, a field of the
// wrong type, a link over its bound) gets an error reply and changes
// nothing. A third origin, http://localhost:A (the same server by another
// name: another origin), sends kernelplay a step and a load from a frame
// beside it: both are ignored (t stays 10, the link stays) and it gets no
// answer. Reset brings a "run" event at t = 0, and a step while the host
// listens a "step" event.
func TestBrowserEmbed(t *testing.T) {
	kp := pageServer(t).URL
	files := http.FileServer(http.Dir("tests/browser/testdata"))
	host := httptest.NewServer(files)
	defer host.Close()
	hostOrigin := host.URL // http://127.0.0.1:A
	third := strings.Replace(host.URL, "127.0.0.1", "localhost", 1)
	p := &Page{t: t, ctx: browser(t), base: kp}
	// The console of the host and its frames (one renderer: 127.0.0.1 and
	// localhost at any port are one site), shown when the test fails.
	var consoleMu sync.Mutex
	var console []string
	chromedp.Listen(p.Ctx(), func(ev any) {
		var line string
		switch ev := ev.(type) {
		case *runtime.EventConsoleAPICalled:
			for _, a := range ev.Args {
				line += string(a.Value) + a.Description + " "
			}
		case *runtime.EventExceptionThrown:
			line = "exception: " + ev.ExceptionDetails.Text
			if ev.ExceptionDetails.Exception != nil {
				line += " " + ev.ExceptionDetails.Exception.Description
			}
		default:
			return
		}
		consoleMu.Lock()
		console = append(console, clipLog(line))
		consoleMu.Unlock()
	})
	t.Cleanup(func() {
		if t.Failed() {
			consoleMu.Lock()
			t.Logf("the console: %q", console)
			consoleMu.Unlock()
		}
	})

	u := hostOrigin + "/embed-host.html?kp=" + url.QueryEscape(kp+"/") + "&link=" + url.QueryEscape("v1&play=0")
	within(t, p.Ctx(), 90*time.Second, func(ctx context.Context) error {
		if err := chromedp.Do(ctx, chromedp.Navigate(u)); err != nil {
			return err
		}
		return waitFor(ctx, `window.kp && window.kp.ready`, 60*time.Second)
	})
	send := func(req string) embedReply {
		t.Helper()
		return awaitEval[embedReply](p, `kp.send(`+req+`)`)
	}

	r := send(`{type: "load", link: "v1&play=0&s=0.3"}`)
	if !r.OK || r.State.T != 0 || !strings.Contains(r.State.Link, "s=0.3") || !strings.Contains(r.State.Link, "embed="+hostOrigin) {
		t.Fatalf("load: %+v; want ok at t = 0 with σ = 0.3 and the frame's embed= list kept", r)
	}
	r = send(`{type: "step", n: 10}`)
	if !r.OK || r.State.T != 10 {
		t.Fatalf("step 10: %+v", r)
	}
	if e := r.State.Error; e == nil || *e < 0 || *e > 1 || r.State.Eta == nil || !(*r.State.Eta > 0) {
		t.Errorf("after 10 steps the state has error %v and η %v: want a rate in [0, 1] and η > 0", r.State.Error, r.State.Eta)
	}
	if r = send(`{type: "state"}`); !r.OK || r.State.T != 10 {
		t.Fatalf("state: %+v, want t = 10", r)
	}
	p.Screenshot("embed-host.png") // the course page after Step 10
	if r = send(`{type: "step", n: 0}`); r.OK || !strings.Contains(r.Error, "from 1 to") || r.State.T != 10 {
		t.Errorf("step 0: %+v; want an error reply at t = 10", r)
	}
	if r = send(`{type: "load", link: "v1&s=banana"}`); r.OK || !strings.Contains(r.Error, "link") || r.State.T != 10 {
		t.Errorf("a broken link: %+v; want an error reply about the link, at t = 10", r)
	}
	// Fields of the wrong type reach Go as such (boot.js passes a number,
	// a string cut after MaxLinkLen+1 characters, or true for anything
	// else: a BigInt, a boolean), and are refused like the others.
	for _, c := range []struct{ req, err string }{
		{`{type: "step", n: 10n}`, "from 1 to"},
		{`{kernelplay: true, type: "state"}`, "protocol version"},
		{`{type: "load", link: "v1&s=0.5&x=" + "y".repeat(70000)}`, "at most"},
		{`{type: ["play"]}`, "want one of"},
	} {
		if e := send(c.req); e.OK || !strings.Contains(e.Error, c.err) || e.State.T != 10 {
			t.Errorf("%s: %+v; want an error reply with %q, at t = 10", c.req, e, c.err)
		}
	}
	link := r.State.Link

	t.Run("ThirdOrigin", func(t *testing.T) {
		p := p.In(t)
		pageEval[bool](p, `(() => {
		  window.intruder = [];
		  window.addEventListener("message", e => { if (e.data && e.data.intruder) window.intruder.push(e.data.intruder + " " + (e.data.data || "")); });
		  const f = document.createElement("iframe");
		  f.src = `+fmt.Sprintf("%q", third+"/embed-intruder.html")+`;
		  f.title = "another site";
		  document.body.append(f);
		  return true })()`)
		p.WaitFor(`window.intruder.includes("sent ")`, 30*time.Second)
		time.Sleep(time.Second) // what kernelplay would do with it, it would have done by now
		r := send(`{type: "state"}`)
		if r.State.T != 10 || r.State.Link != link {
			t.Errorf("after the third origin's step and load: t = %d, link %q; want t = 10 and %q", r.State.T, r.State.Link, link)
		}
		if got := pageEval[[]string](p, `window.intruder`); len(got) != 1 {
			t.Errorf("the third origin heard back: %q", got)
		}
	})

	// Predict-then-reveal: the state carries the score (null while off);
	// a student's answer in the frame brings an "answer" event with the
	// step and whether it was right, and the new score.
	t.Run("Quiz", func(t *testing.T) {
		p := p.In(t)
		if r := send(`{type: "state"}`); r.State.Quiz != nil {
			t.Errorf("with the mode off the state's quiz is %+v, want null", r.State.Quiz)
		}
		r := send(`{type: "load", link: "v1&play=0&at=5&quiz=1"}`)
		if !r.OK || r.State.Quiz == nil || r.State.Quiz.Asked != 0 {
			t.Fatalf("load with quiz=1: %+v", r)
		}
		n := pageEval[int](p, `kp.events.length`)
		// The student answers in the frame (same site: the frame's
		// document is reachable from the test, not from the host page).
		within(t, p.Ctx(), 30*time.Second, func(ctx context.Context) error {
			frames, err := chromedp.Run(ctx, chromedp.Nodes(chromedp.CSS("iframe")))
			if err != nil {
				return err
			}
			_, err = chromedp.Run(ctx, chromedp.Click(chromedp.CSS(`#quiz button[data-choice="0"]`), chromedp.FromNode(frames[0])))
			return err
		})
		p.WaitFor(fmt.Sprintf(`kp.events.slice(%d).some(e => e.event === "answer")`, n), 10*time.Second)
		ev := pageEval[embedReply](p, fmt.Sprintf(`kp.events.slice(%d).find(e => e.event === "answer")`, n))
		want := 0
		if ev.Answer != nil && ev.Answer.Right {
			want = 1
		}
		if ev.Answer == nil || ev.Answer.T != 6 || ev.State.T != 6 || ev.State.Quiz == nil || ev.State.Quiz.Asked != 1 || ev.State.Quiz.Right != want {
			t.Errorf("answer event %+v (quiz %+v)", ev, ev.State.Quiz)
		}
		if r := send(`{type: "state"}`); r.State.Quiz == nil || r.State.Quiz.Asked != 1 || r.State.Quiz.Right != want || r.State.T != 6 {
			t.Errorf("state after the answer: %+v", r)
		}
		p.WaitFor(`document.getElementById("status").textContent.includes("predictions right: ")`, 5*time.Second)
		p.Screenshot("embed-host-quiz.png") // the course page reads the score; the frame shows the reveal
	})

	t.Run("Events", func(t *testing.T) {
		p := p.In(t)
		n := pageEval[int](p, `kp.events.length`)
		if r := send(`{type: "reset"}`); !r.OK || r.State.T != 0 {
			t.Fatalf("reset: %+v", r)
		}
		p.WaitFor(fmt.Sprintf(`kp.events.slice(%d).some(e => e.event === "run" && e.state.t === 0)`, n), 10*time.Second)
		if r := send(`{type: "step", n: 3}`); !r.OK || r.State.T != 3 {
			t.Fatalf("step 3: %+v", r)
		}
		p.WaitFor(fmt.Sprintf(`kp.events.slice(%d).some(e => e.event === "step" && e.state.t === 3)`, n), 10*time.Second)
		if r := send(`{type: "play"}`); !r.OK || !r.State.Playing {
			t.Fatalf("play: %+v", r)
		}
		p.WaitFor(fmt.Sprintf(`kp.events.slice(%d).some(e => e.event === "step" && e.state.t > 3)`, n), 10*time.Second)
		if r := send(`{type: "pause"}`); !r.OK || r.State.Playing {
			t.Fatalf("pause: %+v", r)
		}
		evs := pageEval[[]string](p, fmt.Sprintf(`kp.events.slice(%d).map(e => e.event + "@" + e.state.t)`, n))
		t.Logf("events after reset, step 3, play, pause: %q", evs)
	})
}
