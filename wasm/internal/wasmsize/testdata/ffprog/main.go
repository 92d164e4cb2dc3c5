// Command ffprog prints what the Go runtime finds from program counters
// (runtime.findfunc, which reads the findfunctab): the names of the
// functions on a deep stack, of function values, and of the frames a panic
// unwinds through, after garbage collections that scan those stacks; then,
// after a line "stack:", the stack of a recovered index panic as
// runtime/debug.Stack prints it (with files and lines before -pack, "?:0"
// after). The wasmsize test runs it before and after -pack.
package main

import (
	"fmt"
	"reflect"
	"runtime"
	"runtime/debug"
	"strings"
)

//go:noinline
func deep(n int) []string {
	if n > 0 {
		return deep(n - 1)
	}
	runtime.GC() // scans this stack: findfunc for every frame
	pcs := make([]uintptr, 64)
	frames := runtime.CallersFrames(pcs[:runtime.Callers(1, pcs)])
	var names []string
	for {
		f, more := frames.Next()
		names = append(names, f.Function)
		if !more {
			return names
		}
	}
}

//go:noinline
func boom() (msg string) {
	defer func() {
		recover()
		pcs := make([]uintptr, 16)
		n := runtime.Callers(0, pcs)
		msg = runtime.FuncForPC(pcs[min(n-1, 3)]).Name()
	}()
	var m map[string]int
	m["x"] = 1
	return ""
}

//go:noinline
func index(xs []int, i int) int {
	return xs[i]
}

//go:noinline
func caller(xs []int) (stack string) {
	defer func() {
		recover()
		stack = string(debug.Stack())
	}()
	index(xs, len(xs)+2)
	return ""
}

func main() {
	fmt.Println(strings.Join(deep(20), " "))
	for _, f := range []any{deep, boom, main, fmt.Sprintf, strings.Join, runtime.GC} {
		fmt.Println(runtime.FuncForPC(reflect.ValueOf(f).Pointer()).Name())
	}
	fmt.Println(boom())
	runtime.GC()
	fmt.Print("stack:\n", caller([]int{1, 2}))
}
