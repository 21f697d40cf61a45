package battle

import (
	"encoding/json"
	"testing"

	"hexfire/board"
	"hexfire/board/boardtest"
	"hexfire/maps"
)

// The seed 001 pair on the default map: the M4A3E8 in E4 and the Tiger I
// in C1.
func seedPair(b testing.TB, bt *Battle) (m4, tiger *Unit) {
	for _, u := range bt.Units() {
		switch u.Type.Name {
		case "M4A3E8":
			m4 = u
		case "Tiger I":
			tiger = u
		}
	}
	if m4 == nil || tiger == nil {
		b.Fatal("the default scenario lacks the M4A3E8 or the Tiger I")
	}
	return m4, tiger
}

func BenchmarkPlanFire(b *testing.B) {
	bt := defaultBattle(b, 1)
	m4, tiger := seedPair(b, bt)
	o := Fire{Unit: m4.ID, Target: tiger.ID}
	if _, err := bt.PlanFire(o); err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		bt.PlanFire(o)
	}
}

func BenchmarkApplyFire(b *testing.B) {
	sc := defaultScenario(b)
	for b.Loop() {
		b.StopTimer()
		bt := battleOn(b, sc, 1)
		m4, tiger := seedPair(b, bt)
		b.StartTimer()
		if _, err := bt.Apply(Fire{Unit: m4.ID, Target: tiger.ID}); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkApplyMove(b *testing.B) {
	sc := defaultScenario(b)
	for b.Loop() {
		b.StopTimer()
		bt := battleOn(b, sc, 1)
		m4, _ := seedPair(b, bt)
		if _, err := bt.Apply(EndPhase{}); err != nil {
			b.Fatal(err)
		}
		reach := bt.Board().Reachable(bt.MoveSpec(m4), m4.Pose, bt.Occupancy(m4))
		steps, ok := reach.Path(farthest(reach, m4.Pose.Hex))
		if !ok {
			b.Fatal("no path")
		}
		path := make([]board.Pose, len(steps))
		for i, s := range steps {
			path[i] = s.To
		}
		b.StartTimer()
		if _, err := bt.Apply(Move{Unit: m4.ID, Path: path}); err != nil {
			b.Fatal(err)
		}
	}
}

// farthest returns the reachable hex farthest from h (first in Hexes order).
func farthest(r *board.Reach, h board.Hex) board.Hex {
	best := h
	for _, x := range r.Hexes() {
		if x.Distance(h) > best.Distance(h) {
			best = x
		}
	}
	return best
}

// BenchmarkPlanAP plans the default scenario's first AP attack that the
// battle allows: a fire group against an enemy hex, with exact odds.
func BenchmarkPlanAP(b *testing.B) {
	bt := defaultBattle(b, 1)
	var o FireAP
	found := false
	for _, u := range bt.Units() {
		for _, t := range bt.Units() {
			if found || u.Side != bt.Acting() || t.Side == u.Side || !t.OnMap() {
				continue
			}
			try := FireAP{Units: []UnitID{u.ID}, Target: t.Pose.Hex}
			if _, err := bt.PlanAP(try); err == nil {
				o, found = try, true
			}
		}
	}
	if !found {
		b.Skip("no AP attack possible on the first turn")
	}
	for b.Loop() {
		bt.PlanAP(o)
	}
}

// bigFogBattle is the battle of boardtest.BigScenario under fog.
func bigFogBattle(b *testing.B) *Battle {
	sc, err := boardtest.BigScenario()
	if err != nil {
		b.Fatal(err)
	}
	sc.Properties["fog"] = "true"
	bt, err := New(sc, testCatalogue, Config{Seed: 1})
	if err != nil {
		b.Fatal(err)
	}
	return bt
}

// BenchmarkKnowledgeMove is the update of both sides' knowledge after one
// hex of movement on the 200×160 map with 300 units under fog: the
// northernmost Allied unit of the front column steps back and forth between
// its hex and the open hex to its north-west, in the sight of the Axis
// line.
func BenchmarkKnowledgeMove(b *testing.B) {
	bt := bigFogBattle(b)
	u := bt.Unit(1)
	from := u.Pose.Hex
	to := from.Neighbor(board.DirNW)
	if err := bt.Board().SetCell(to, board.Cell{Terrain: board.Open}); err != nil {
		b.Fatal(err)
	}
	spotted := 0
	for _, v := range bt.Units() {
		if v.Side != u.Side && bt.Knowledge(u.Side, v).Known == Spotted {
			spotted++
		}
	}
	for b.Loop() {
		u.Pose.Hex, to = to, u.Pose.Hex
		bt.intel.update(bt, []*Unit{u})
	}
	b.ReportMetric(float64(spotted), "spotted")
}

// BenchmarkView is building the Allies' view, its JSON form, its encoded
// form and decoding that, on the 200×160 map with 300 units under fog.
func BenchmarkView(b *testing.B) {
	bt := bigFogBattle(b)
	b.Run("build", func(b *testing.B) {
		for b.Loop() {
			bt.View(maps.Allies)
		}
		b.ReportMetric(float64(len(bt.View(maps.Allies).Enemy)), "enemies")
	})
	b.Run("json", func(b *testing.B) {
		v := bt.View(maps.Allies)
		for b.Loop() {
			if _, err := json.Marshal(v); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("encode", func(b *testing.B) {
		v := bt.View(maps.Allies)
		for b.Loop() {
			if _, err := v.Encode(); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("decode", func(b *testing.B) {
		data, err := bt.View(maps.Allies).Encode()
		if err != nil {
			b.Fatal(err)
		}
		for b.Loop() {
			if _, err := DecodeView(bt.Scenario(), testCatalogue, data); err != nil {
				b.Fatal(err)
			}
		}
		b.ReportMetric(float64(len(data)), "bytes")
	})
}
