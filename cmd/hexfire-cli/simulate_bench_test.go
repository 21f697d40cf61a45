package main

import (
	"flag"
	"io"
	"testing"
)

var worstScenario = flag.String("worstscenario", "", "a map of maps.TestWriteWorstMap (its worst/map.tmx) for BenchmarkSimulateWorst")

// BenchmarkSimulateWorst plays one turn of random players on the worst
// legal map of issue 39 (1,000 units), given with -worstscenario.
func BenchmarkSimulateWorst(b *testing.B) {
	if *worstScenario == "" {
		b.Skip("no -worstscenario (go test ./maps -run TestWriteWorstMap -worstmap DIR writes one)")
	}
	for b.Loop() {
		args := []string{"--scenario", *worstScenario, "--battles", "1", "--turns", "1", "--allies", "random", "--axis", "random"}
		if err := runSimulate(args, io.Discard); err != nil {
			b.Fatal(err)
		}
	}
}
