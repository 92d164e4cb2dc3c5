// Command papers runs the papers' experiments (experiment.Setups) on the
// shipped digit sets and prints, for each, the paper's claim and a table of
// what every learner did, so that a researcher can check the claims from Go
// with the code the page runs:
//
//	go run ./core/experiment/internal/papers                 # every setup, seed 1
//	go run ./core/experiment/internal/papers -setup switch -seed 2 -curve 100
//
// Run it from the repository root (or point -data at static/data).
//
// It imports only the standard library, kernelplay/core/data (and its
// digitfile, which reads the shipped .kpd.gz files) and
// kernelplay/core/experiment; it must not import syscall/js or anything under
// kernelplay/ui.
package main

import (
	"flag"
	"fmt"
	"log"
	"os"
	"path/filepath"
	"strings"

	"kernelplay/core/data"
	"kernelplay/core/data/digitfile"
	"kernelplay/core/experiment"
)

func main() {
	log.SetFlags(0)
	log.SetPrefix("papers: ")
	dir := flag.String("data", "static/data", "`directory` of the shipped digit sets")
	only := flag.String("setup", "", "run only the setups with these comma-separated `names`")
	seed := flag.Uint64("seed", 1, "stream seed")
	curve := flag.Int("curve", 0, "also print the current average error every `n` steps")
	flag.Parse()

	sets := map[string]*data.Set{}
	load := func(name string) *data.Set {
		if s, ok := sets[name]; ok {
			return s
		}
		f, err := os.Open(filepath.Join(*dir, name+".kpd.gz"))
		if err != nil {
			log.Fatal(err)
		}
		defer f.Close()
		d, err := digitfile.Read(f, name)
		if err != nil {
			log.Fatal(err)
		}
		sets[name] = d.Set()
		return sets[name]
	}
	want := map[string]bool{}
	for _, n := range strings.Split(*only, ",") {
		if n != "" {
			want[n] = true
		}
	}
	for _, s := range experiment.Setups() {
		if len(want) > 0 && !want[s.Name] {
			continue
		}
		q, cs, err := s.Build(load(s.Set), *seed)
		if err != nil {
			log.Fatal(err)
		}
		fmt.Printf("== %s: %s\n   %s\n   paper: %s\n", s.Name, s.Title, q.Name, s.Claim)
		tr := experiment.Run(q, 0, cs...)
		experiment.WriteTable(os.Stdout, tr...)
		if *curve > 0 {
			for _, x := range tr {
				c := x.ErrorCurve()
				fmt.Printf("%s:", x.Name)
				for t := *curve - 1; t < len(c); t += *curve {
					fmt.Printf(" %d:%.3f", t+1, c[t])
				}
				fmt.Println()
			}
		}
		fmt.Println()
	}
}
