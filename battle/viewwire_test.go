package battle

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"maps"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"

	"hexfire/board"
	hmaps "hexfire/maps"
)

// TestViewRoundTrip: a view decoded from its encoded form is the view it
// was encoded from. Random battles on every shipped scenario and on
// generated quick battles, in the five rulesets, under fog and in the
// open, are stopped at random moments (until they end, and once over);
// there each side's view, encoded and decoded, must give a known battle
// with the same digest, the same plans of every shot and AP attack of its
// units, the same answers of Check to a few moves of each and to ending
// the phase, the same state field by field (sameState) and the same bytes
// encoded again; and the View's own fields must be the same.
func TestViewRoundTrip(t *testing.T) {
	rules := []string{"elimination", "strikedice", "shiftchart", "d20", "tohit-tokill"}
	battles, views, spotted, contacts := 0, 0, 0, 0
	// seenWith counts the views with a pending move, declared shots,
	// orders of the phase, the battle over (TestViewRoundTripRecords has
	// the records random orders seldom make).
	var seenWith [4]int
	for _, s := range viewScenarios(t, 2, 1) {
		for _, fog := range []bool{true, false} {
			sc := withDummies(s.sc)
			sc.Properties = maps.Clone(sc.Properties)
			sc.Properties["fog"] = fmt.Sprint(fog)
			for _, r := range rules {
				for seed := range s.battles {
					b, err := New(sc, testCatalogue, Config{Seed: seed, Ruleset: r})
					if err != nil {
						t.Fatalf("%s %s: %v", sc.Path, r, err)
					}
					battles++
					rng := rand.New(rand.NewPCG(seed, 35))
					for moment := 0; moment < 4; moment++ {
						over := b.Result() != nil
						for _, side := range []hmaps.Side{hmaps.Allies, hmaps.Axis} {
							v := b.View(side)
							roundTrip(t, sc, v, fmt.Sprintf("%s %s fog %v seed %d after %d orders, the %s", sc.Path, r, fog, seed, b.OrderCount(), side))
							views++
							k := v.Known()
							for i, has := range []bool{k.pending != nil, len(k.declared) > 0, len(k.history.phase) > 0, over} {
								if has {
									seenWith[i]++
								}
							}
							for _, e := range v.Enemy {
								switch e.Known {
								case Spotted:
									spotted++
								case Contact:
									contacts++
								}
							}
						}
						if over {
							break
						}
						playRandom(t, b, rng, 5+rng.IntN(60))
					}
				}
			}
		}
	}
	if battles < 240 || views < 1500 || spotted == 0 || contacts == 0 || slices.Contains(seenWith[:], 0) {
		t.Errorf("%d battles, %d views, %d spotted enemy units and %d contacts, views with a pending move, declared shots, orders of the phase, over: %v; want at least 240 battles, 1,500 views, and some of each",
			battles, views, spotted, contacts, seenWith)
	}
	t.Logf("%d battles, %d views round-tripped (%d spotted enemy units, %d contacts in them; views with a pending move, declared shots, orders of the phase, the battle over: %v)",
		battles, views, spotted, contacts, seenWith)
}

// roundTrip encodes v, decodes it on sc and fails the test unless the
// view decoded is v (what says which view it is).
func roundTrip(t *testing.T, sc *hmaps.Scenario, v *View, what string) {
	t.Helper()
	data, err := v.Encode()
	if err != nil {
		t.Fatalf("%s: encode: %v", what, err)
	}
	d, err := DecodeView(sc, testCatalogue, data)
	if err != nil {
		t.Fatalf("%s: decode: %v\n%s", what, err, data)
	}
	if again, err := d.Encode(); err != nil || !bytes.Equal(again, data) {
		t.Fatalf("%s: encoded again: %v\n%s\nwant\n%s", what, err, again, data)
	}
	k, dk := v.Known(), d.Known()
	if a, b := knownAnswers(v)+moveAnswers(v), knownAnswers(d)+moveAnswers(d); a != b {
		t.Fatalf("%s: the decoded known battle answers\n%s\nwant\n%s", what, b, a)
	}
	if diff := sameState(reflect.ValueOf(*k), reflect.ValueOf(*dk), "Known()", map[uintptr]bool{}); diff != "" {
		t.Fatalf("%s: the decoded known battle differs: %s", what, diff)
	}
	a, b := *v, *d
	a.known, b.known, a.board, b.board = nil, nil, nil, nil
	if diff := sameState(reflect.ValueOf(a), reflect.ValueOf(b), "View", map[uintptr]bool{}); diff != "" {
		t.Fatalf("%s: the decoded view differs: %s", what, diff)
	}
}

// moveAnswers is what v's known battle answers to a move of each unit of
// the side on the map one hex in each direction, and where it may move.
func moveAnswers(v *View) string {
	k := v.Known()
	var out strings.Builder
	for _, u := range k.Units() {
		if u.Side != v.Side || !u.OnMap() {
			continue
		}
		for d := range board.Direction(6) {
			to := board.Pose{Hex: u.Pose.Hex.Neighbor(d), Facing: d}
			fmt.Fprintf(&out, "\n#%d to %v: %v", u.ID, to, k.Check(Move{Unit: u.ID, Path: []board.Pose{to}}))
		}
		fmt.Fprintf(&out, "\n#%d may move %+v", u.ID, k.MoveSpec(u))
	}
	return out.String()
}

// sameState reports where a and b, at path, differ: "" when they hold the
// same state. Empty and nil slices and maps are the same; pointers are
// followed (seen stops a cycle); the dice, the undo flag, the ruleset and
// the catalogue are left out (the decoder's are the registry's and the
// caller's), and so is the shot of a declared AT shot, which only its
// roll reads and a known battle never rolls.
func sameState(a, b reflect.Value, path string, seen map[uintptr]bool) string {
	if a.Type() != b.Type() {
		return fmt.Sprintf("%s: %v, want %v", path, b.Type(), a.Type())
	}
	switch a.Kind() {
	case reflect.Pointer:
		if a.IsNil() || b.IsNil() {
			if a.IsNil() != b.IsNil() {
				return fmt.Sprintf("%s: nil %v, want nil %v", path, b.IsNil(), a.IsNil())
			}
			return ""
		}
		if a.Pointer() == b.Pointer() || seen[a.Pointer()] {
			return ""
		}
		seen[a.Pointer()] = true
		return sameState(a.Elem(), b.Elem(), path, seen)
	case reflect.Interface:
		if a.IsNil() || b.IsNil() {
			if a.IsNil() != b.IsNil() {
				return fmt.Sprintf("%s: nil %v, want nil %v", path, b.IsNil(), a.IsNil())
			}
			return ""
		}
		return sameState(a.Elem(), b.Elem(), path, seen)
	case reflect.Struct:
		for i := range a.NumField() {
			name := a.Type().Field(i).Name
			switch name {
			case "dice", "undoable", "rules", "infantry", "catalogue", "shot":
				continue
			}
			if d := sameState(a.Field(i), b.Field(i), path+"."+name, seen); d != "" {
				return d
			}
		}
	case reflect.Slice, reflect.Array:
		if a.Len() != b.Len() {
			return fmt.Sprintf("%s: %d long, want %d", path, b.Len(), a.Len())
		}
		for i := range a.Len() {
			if d := sameState(a.Index(i), b.Index(i), fmt.Sprintf("%s[%d]", path, i), seen); d != "" {
				return d
			}
		}
	case reflect.Map:
		if a.Len() != b.Len() {
			return fmt.Sprintf("%s: %d keys, want %d", path, b.Len(), a.Len())
		}
		for _, key := range a.MapKeys() {
			w := b.MapIndex(key)
			if !w.IsValid() {
				return fmt.Sprintf("%s: no key %v", path, key)
			}
			if d := sameState(a.MapIndex(key), w, fmt.Sprintf("%s[%v]", path, key), seen); d != "" {
				return d
			}
		}
	case reflect.Func:
		if a.IsNil() != b.IsNil() {
			return fmt.Sprintf("%s: a func and none", path)
		}
	case reflect.Bool:
		if a.Bool() != b.Bool() {
			return fmt.Sprintf("%s: %v, want %v", path, b.Bool(), a.Bool())
		}
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		if a.Int() != b.Int() {
			return fmt.Sprintf("%s: %d, want %d", path, b.Int(), a.Int())
		}
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		if a.Uint() != b.Uint() {
			return fmt.Sprintf("%s: %d, want %d", path, b.Uint(), a.Uint())
		}
	case reflect.Float32, reflect.Float64:
		if a.Float() != b.Float() {
			return fmt.Sprintf("%s: %v, want %v", path, b.Float(), a.Float())
		}
	case reflect.String:
		if a.String() != b.String() {
			return fmt.Sprintf("%s: %q, want %q", path, b.String(), a.String())
		}
	default:
		return fmt.Sprintf("%s: cannot compare a %v", path, a.Kind())
	}
	return ""
}

// wireFixture is the Allies' view of knownFixture under fog, encoded, and
// its scenario: a spotted Tiger, a contact, an unknown Pak.
func wireFixture(t *testing.T) ([]byte, *hmaps.Scenario) {
	t.Helper()
	b := knownFixture(t, "true")
	data, err := b.View(hmaps.Allies).Encode()
	if err != nil {
		t.Fatal(err)
	}
	return data, b.Scenario()
}

// TestDecodeViewMalformed: an encoded view edited to hold what no view of
// its scenario holds is refused with an error naming the field and the
// value.
func TestDecodeViewMalformed(t *testing.T) {
	good, sc := wireFixture(t)
	if _, err := DecodeView(sc, testCatalogue, good); err != nil {
		t.Fatalf("the fixture's view: %v", err)
	}
	// edit is the view with the value at path (keys and indexes, dotted)
	// set to value, or removed for nil.
	edit := func(path string, value any) []byte {
		var doc any
		if err := json.Unmarshal(good, &doc); err != nil {
			t.Fatal(err)
		}
		keys := strings.Split(path, ".")
		at := doc
		for _, k := range keys[:len(keys)-1] {
			switch x := at.(type) {
			case map[string]any:
				at = x[k]
			case []any:
				var i int
				fmt.Sscan(k, &i)
				at = x[i]
			}
		}
		last := keys[len(keys)-1]
		switch x := at.(type) {
		case map[string]any:
			if value == nil {
				delete(x, last)
			} else {
				x[last] = value
			}
		case []any:
			var i int
			fmt.Sscan(last, &i)
			x[i] = value
		default:
			t.Fatalf("edit %s: no such value in the fixture", path)
		}
		data, err := json.Marshal(doc)
		if err != nil {
			t.Fatal(err)
		}
		return data
	}
	var doc map[string]any
	if err := json.Unmarshal(good, &doc); err != nil {
		t.Fatal(err)
	}
	known := doc["known"].(map[string]any)
	known["units"] = known["units"].([]any)[1:]
	firstMissing, err := json.Marshal(doc)
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name string
		data []byte
		want string // in the error
	}{
		{"empty", nil, "battle: view: EOF"},
		{"not JSON", []byte("view"), "invalid character"},
		{"trailing data", append(bytes.Clone(good), "{}"...), "data after the value"},
		{"too large", make([]byte, MaxViewBytes+1), "more than the"},
		{"unknown field", edit("known.secret", 1), `unknown field "secret"`},
		{"format", edit("format", "hexfire-save"), `field "format": "hexfire-save"`},
		{"version", edit("version", 99), `field "version": 99`},
		{"side", edit("view.side", "germans"), `field "view.side": "germans"`},
		{"slots", edit("known.slots", 1000), `field "known.slots": 1000 units`},
		{"ruleset", edit("known.ruleset", "chess"), `field "known.ruleset" "chess"`},
		{"fog setting", edit("known.fog_setting", 7), `field "known.fog_setting": 7`},
		{"save version", edit("known.save_version", -1), `field "known.save_version": -1`},
		{"fog", edit("view.fog", false), `field "view.fog": false`},
		{"unit id", edit("known.units.0.id", 0), `field "known.units[0].id": 0`},
		{"unit id past the last", edit("known.units.2.id", 6), `field "known.units[2].id": 6`},
		{"unit ids out of order", edit("known.units.1.id", 1), `field "known.units[1].id": 1`},
		{"own unit missing", firstMissing, `field "known.units": unit 1 of the allies is missing`},
		{"unit type", edit("known.units.0.type", "Panther Z"), `field "known.units[0].type"`},
		{"facing", edit("known.units.0.pose.Facing", 6), `field "known.units[0].pose": facing 6`},
		{"hex off the board", edit("known.units.0.pose.Hex.Q", 900), `field "known.units[0].pose": hex 900`},
		{"marker", edit("known.units.0.markers", []any{"glowing"}), `field "known.units[0].markers": "glowing"`},
		{"state", edit("known.units.0.states", map[string]any{"dazed": map[string]any{"N": 1}}), `field "known.units[0].states": "dazed"`},
		{"weapon", edit("known.units.1.weapon", "railgun"), `field "known.units[1].weapon"`},
		{"weapon lost", edit("known.units.0.weapon_lost", "stolen"), `field "known.units[0].weapon_lost": "stolen"`},
		{"quality", edit("known.units.0.quality", 9), `field "known.units[0].quality": 9`},
		{"rounds", edit("known.units.1.rounds", -2), `field "known.units[1].rounds": -2`},
		{"off map", edit("known.units.0.off_map", "moon"), `field "known.units[0].off_map": "moon"`},
		{"edge", edit("known.units.0.exited", "up"), `field "known.units[0].exited": "up"`},
		{"carrier", edit("known.units.0.carrier", 5), `field "known.units[0].carrier": 5`},
		{"carrier itself", edit("known.units.0.carrier", 1), `field "known.units[0].carrier": 1`},
		{"enemy pool", edit("known.panzerfausts.axis", 3), `field "known.panzerfausts.axis"`},
		{"pool", edit("known.grenades.allies", -1), `field "known.grenades.allies": -1`},
		{"pool missing", edit("known.supply", nil), `field "known": a pool`},
		{"pending mover", edit("known.pending", map[string]any{"Unit": 5, "Rest": nil, "Cost": 0}), `field "known.pending": mover 5`},
		{"phase order", edit("known.phase_orders", []any{map[string]any{"by": "allies", "order": map[string]any{"order": "dance"}}}), `field "known.phase_orders[0].order": field "order": unknown order "dance"`},
		{"enemy's phase order", edit("known.phase_orders", []any{map[string]any{"by": "axis", "order": map[string]any{"order": "pass"}}}), `field "known.phase_orders[0].by"`},
		{"fired", edit("known.fired", []any{77}), `field "known.fired[0]": 77`},
		{"unseen at move", edit("known.unseen_at_move", []any{5}), `field "known.unseen_at_move[0]": 5`},
		{"phase", edit("view.phase", "Tea"), `field "view.phase": "Tea"`},
		{"turn", edit("view.turn", 0), `field "view.turn": 0`},
		{"acting", edit("view.acting", "nobody"), `field "view.acting": "nobody"`},
		{"smoke hex", edit("view.smoke", []any{map[string]any{"hex": "ZZ99", "level": 1}}), `field "view.smoke[0].hex"`},
		{"smoke level", edit("view.smoke", []any{map[string]any{"hex": "K2", "level": 3}}), `field "view.smoke[0].level": 3`},
		{"spotted unknown unit", edit("view.enemy.0.id", "5"), `field "view.enemy[0].id": "5"`},
		{"contact id", edit("view.enemy.1.id", "x1"), `field "view.enemy[1].id": "x1"`},
		{"contact hex", edit("view.enemy.1.hex", "A99"), `field "view.enemy[1].hex"`},
		{"seen by", edit("view.enemy.0.seen_by", []any{"3"}), `field "view.enemy[0].seen_by": "3"`},
		{"known", edit("view.enemy.0.known", "rumoured"), `field "view.enemy[0].known": "rumoured"`},
		{"spotted unit not listed", edit("view.enemy.0.known", "last_seen"), `field "view.enemy": unit 3, on the map in the known battle, is not spotted`},
		{"own units as shown", edit("view.own.0.name", "Fury"), `field "view": does not agree with the known battle`},
		{"pools as shown", edit("view.grenades", 9), `field "view": does not agree with the known battle`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			v, err := DecodeView(sc, testCatalogue, tt.data)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("DecodeView: %v, %v; want an error with %s", v, err, tt.want)
			}
			if strings.Contains(err.Error(), "\n") {
				t.Errorf("the error runs over lines: %q", err)
			}
		})
	}
}

// TestViewWireSize logs the size of the encoded views of the default
// scenario, raw and gzipped, for docs: each side's, under fog and in the
// open, at the start and after 60 random orders.
func TestViewWireSize(t *testing.T) {
	for _, fog := range []FogSetting{FogOn, FogOff} {
		b, err := New(defaultScenario(t), testCatalogue, Config{Seed: 1, Fog: fog})
		if err != nil {
			t.Fatal(err)
		}
		for _, orders := range []int{0, 60} {
			playRandom(t, b, rand.New(rand.NewPCG(1, 35)), orders)
			for _, side := range []hmaps.Side{hmaps.Allies, hmaps.Axis} {
				v := b.View(side)
				display, _ := json.Marshal(v)
				data, err := v.Encode()
				if err != nil {
					t.Fatal(err)
				}
				var zipped bytes.Buffer
				z := gzip.NewWriter(&zipped)
				z.Write(data)
				z.Close()
				t.Logf("fog %v, after %d orders, the %s: %d bytes encoded, %d gzipped (the display form %d)",
					fog == FogOn, b.OrderCount(), side, len(data), zipped.Len(), len(display))
			}
		}
	}
}

// FuzzDecodeView: whatever bytes DecodeView is given, it returns an error
// or a view whose known battle answers what a player asks of it
// (knownAnswers, moveAnswers, the allocation pending) and that encodes
// again to bytes it decodes to the same view (encoded, the same bytes);
// never a panic. Seeded with both sides' views
// of a random battle of the default scenario under fog and in the open,
// and some edits of them.
func FuzzDecodeView(f *testing.F) {
	sc := defaultScenario(f)
	var fogged []byte
	for _, fog := range []FogSetting{FogOn, FogOff} {
		b, err := New(sc, testCatalogue, Config{Seed: 3, Fog: fog})
		if err != nil {
			f.Fatal(err)
		}
		playRandom(f, b, rand.New(rand.NewPCG(3, 35)), 40)
		for _, side := range []hmaps.Side{hmaps.Allies, hmaps.Axis} {
			data, err := b.View(side).Encode()
			if err != nil {
				f.Fatal(err)
			}
			f.Add(data)
			fogged = data
		}
	}
	f.Add(bytes.Replace(fogged, []byte(`"slots":`), []byte(`"slots":-`), 1))
	f.Add(bytes.Replace(fogged, []byte(`"id":1,`), []byte(`"id":99,`), 1))
	f.Add(bytes.Replace(fogged, []byte(`"Facing":`), []byte(`"Facing":-`), 1))
	f.Add([]byte(`{"format":"hexfire-view","version":1,"view":{},"known":{}}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		v, err := DecodeView(sc, testCatalogue, data)
		if err != nil {
			return
		}
		knownAnswers(v)
		moveAnswers(v)
		v.Known().AllocationPending()
		again, err := v.Encode()
		if err != nil {
			t.Fatalf("the decoded view does not encode: %v", err)
		}
		w, err := DecodeView(sc, testCatalogue, again)
		if err != nil {
			t.Fatalf("the decoded view, encoded again, does not decode: %v\n%s", err, again)
		}
		if third, _ := w.Encode(); !bytes.Equal(third, again) {
			t.Fatalf("encoded a third time:\n%s\nwant\n%s", third, again)
		}
	})
}

// TestViewRoundTripRecords: the records random battles seldom hold
// travel too: an AP attack's casualty points waiting for their owner and
// AT shots declared under simultaneous fire, each under fog and in the
// open, and an MG's fire lane with the move it fell on paused.
func TestViewRoundTripRecords(t *testing.T) {
	for _, fog := range []string{"true", "false"} {
		f := allocationFixture
		f.dice = []int{2, 3}
		f.props = map[string]string{"fog": fog}
		b := f.battle(t)
		apply(t, b, FireAP{Units: []UnitID{1, 2}, Leader: 3, Target: hexOf(t, b, "C2"), OwnerAllocates: true})
		if _, ok := b.AllocationPending(); !ok {
			t.Fatal("fixture: no allocation pending")
		}
		for _, side := range []hmaps.Side{hmaps.Allies, hmaps.Axis} {
			roundTrip(t, b.Scenario(), b.View(side), "the allocation, fog "+fog+", the "+string(side))
		}
	}
	for _, fog := range []string{"true", "false"} {
		f := declareFixture()
		f.props = map[string]string{"fog": fog}
		b := f.battle(t)
		apply(t, b, Fire{Unit: 1, Target: 4}, Fire{Unit: 3, Target: 5})
		if len(b.DeclaredShots()) != 2 {
			t.Fatalf("fixture: %d shots declared, want 2", len(b.DeclaredShots()))
		}
		for _, side := range []hmaps.Side{hmaps.Allies, hmaps.Axis} {
			roundTrip(t, b.Scenario(), b.View(side), "the declared shots, fog "+fog+", the "+string(side))
		}
	}
	b := laneFixture(t, false, 6, 6)
	layLaneAtE6(t, b, 2)
	if len(b.FireLanes()) == 0 || b.pending == nil {
		t.Fatal("fixture: no lane laid, or no move paused")
	}
	for _, side := range []hmaps.Side{hmaps.Allies, hmaps.Axis} {
		roundTrip(t, b.Scenario(), b.View(side), "the lane, the "+string(side))
	}
}

// TestEncodeAsMarshal: Encode writes the bytes json.Marshal gives of the
// viewWire it stands for, both sides' views of battles of the default
// scenario under fog and in the open, every tenth order of 120 random
// ones.
func TestEncodeAsMarshal(t *testing.T) {
	views := 0
	for _, fog := range []FogSetting{FogOn, FogOff} {
		for seed := range uint64(3) {
			b, err := New(defaultScenario(t), testCatalogue, Config{Seed: seed, Fog: fog})
			if err != nil {
				t.Fatal(err)
			}
			rng := rand.New(rand.NewPCG(seed, 36))
			for range 12 {
				for _, side := range []hmaps.Side{hmaps.Allies, hmaps.Axis} {
					v := b.View(side)
					display, err := v.MarshalJSON()
					if err != nil {
						t.Fatal(err)
					}
					want, err := json.Marshal(viewWire{Format: ViewFormat, Version: ViewVersion, View: display, Known: v.known.knownWire()})
					if err != nil {
						t.Fatal(err)
					}
					got, err := v.Encode()
					if err != nil {
						t.Fatal(err)
					}
					if !bytes.Equal(got, want) {
						t.Fatalf("fog %v seed %d, after %d orders, the %s: Encode wrote\n%s\njson.Marshal\n%s", fog == FogOn, seed, b.OrderCount(), side, got, want)
					}
					views++
				}
				playRandom(t, b, rng, 10)
			}
		}
	}
	t.Logf("%d views", views)
}
