package battle

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// FuzzParseSave feeds mangled save files to ParseSave and replays what it
// accepts on the default scenario: ParseSave returns an error or a save
// that reads back, written again, to the same bytes; Replay returns an
// error or a battle
// whose digest is the saved one; never a panic. testdata/fuzz holds the
// inputs it found.
func FuzzParseSave(f *testing.F) {
	b := defaultBattle(f, 4)
	rng := rand.New(rand.NewPCG(4, 4))
	for range 60 {
		b.Apply(randomOrder(b, rng)) // a refused order changes nothing
	}
	good, err := json.Marshal(b.Save())
	if err != nil {
		f.Fatal(err)
	}
	f.Add(good)
	old, err := os.ReadFile(filepath.Join("..", "ai", "testdata", "golden", "saves", "seed-1.json"))
	if err != nil {
		f.Fatal(err)
	}
	f.Add(old[:min(len(old), 4096)])                    // a version 1 save, cut: the fuzzer mutates small inputs faster
	version := fmt.Sprintf(`"version":%d`, SaveVersion) // the good save's own
	if !strings.Contains(string(good), version) {
		f.Fatalf("the good save holds no %s: the seeds below would not vary its version", version)
	}
	for _, s := range []string{
		"", "{}", "null", "[]", `{"format":"hexfire-save","version":2}`,
		strings.Replace(string(good), version, `"version":1`, 1),
		strings.Replace(string(good), version, `"version":2`, 1),
		strings.Replace(string(good), version, fmt.Sprintf(`"version":%d`, SaveVersion-1), 1),
		strings.Replace(string(good), version, `"version":9223372036854775807`, 1),
		strings.Replace(string(good), `"orders":[{`, `"orders":[{"why":"cover",`, 1),
		strings.Replace(string(good), `"seed":4`, `"seed":-1`, 1),
		strings.Replace(string(good), `"orders":[`, `"orders":[{"order":"move","unit":1,"path":["E4 N","ZZ9 Q"]},`, 1),
		strings.Replace(string(good), `"orders":[`, `"orders":[{"order":"fire-ap","units":[9999999],"hex":"A1"},`, 1),
		strings.Replace(string(good), `"orders":[`, `"orders":[{"order":"enter","unit":1,"path":["A1 S","A2 S"]},`, 1),
		strings.Replace(string(good), `"orders":[`, `"orders":[{"order":"exit","unit":1,"edge":"up"},`, 1),
		strings.Replace(string(good), `"orders":[`, `"orders":[{"order":"exit","unit":2,"edge":"north"},`, 1),
		strings.Replace(string(good), `"orders":[`, `"orders":[{"order":"call-fire","unit":1,"hex":"K8","mission":"heavy"},`, 1),
		strings.Replace(string(good), `"orders":[`, `"orders":[{"order":"call-fire","unit":0,"hex":"K8","mission":"air","smoke":true},`, 1),
		strings.Replace(string(good), `"orders":[`, `"orders":[{"order":"call-fire","unit":1,"hex":"K8","mission":"nuclear"},`, 1),
		strings.Replace(string(good), `"orders":[`, `"orders":[{"order":"fire-ap","units":[1],"hex":"K8","lane":"straight"},`, 1),
		strings.Replace(string(good), `"orders":[`, `"orders":[{"order":"fire-ap","units":[1],"hex":"K8","lane":"zigzag"},`, 1),
		string(good) + "{}",
	} {
		f.Add([]byte(s))
	}
	sc := defaultScenario(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		s, err := ParseSave(data)
		if err != nil {
			return
		}
		again, err := json.Marshal(s)
		if err != nil {
			t.Fatalf("an accepted save does not write back: %v", err)
		}
		// Written again, the save read back gives the same bytes (an
		// empty list and a missing one are the same to a save).
		s2, err := ParseSave(again)
		if err != nil {
			t.Fatalf("an accepted save does not read back: %v\n%s", err, again)
		}
		if third, _ := json.Marshal(s2); !bytes.Equal(third, again) {
			t.Fatalf("an accepted save reads back as\n%s\nwant\n%s", third, again)
		}
		replayed, err := Replay(sc, testCatalogue, s)
		if err != nil {
			return
		}
		if replayed.Digest() != s.Digest {
			t.Errorf("replay accepted with digest %s, saved %s", replayed.Digest(), s.Digest)
		}
	})
}
