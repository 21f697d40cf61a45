package ai

import (
	"math"

	"hexfire/battle"
	"hexfire/combat"
)

// A ghost is an enemy unit the opponent believes may be where it cannot see
// one: at a contact (something is there) or where a unit was last seen. It
// weighs in the danger of standing and moving (threatTo, exposure) by the
// chance that it is there, never as a target: the opponent aims only at
// what its side sees (docs/AI.md, Belief).
type ghost struct {
	unit   *battle.Unit // what it is taken to be, where
	reach  int          // attackReach of unit
	weight float64      // the chance it is there and may fire
}

// Our own choices, the belief's weights: a contact is something seen move
// or glimpsed, and may be a dummy, so half a unit; a unit last seen this
// turn is most likely still there or near, and the belief halves with
// every turn since, until it is dropped below ghostFloor (after three
// turns).
const (
	contactWeight  = 0.5
	lastSeenWeight = 0.8
	ghostFloor     = 0.15
)

// believe reads the ghosts of view v's enemy: its last sightings as the
// type and pose last seen; its contacts as the most dangerous enemy type
// the side has seen in the battle (spotted or last seen), or none while it
// has seen none (nothing tells what they are).
func (v *view) believe(view *battle.View) {
	var feared *battle.Unit
	worst := -1.0
	consider := func(e battle.Enemy) {
		if e.Type == nil {
			return
		}
		u := v.ghostUnit(e)
		if s := v.weapon(u).strength + float64(v.apReach(u))/100; s > worst {
			worst, feared = s, u
		}
	}
	for _, e := range view.Enemy {
		consider(e)
	}
	for _, e := range view.Enemy {
		var u *battle.Unit
		w := 0.0
		switch {
		case e.Known == battle.Spotted:
			continue
		case e.Known == battle.Contact:
			if feared == nil {
				continue
			}
			c := *feared
			c.ID, c.Pose.Hex, c.Pose.Facing = 0, e.Pose.Hex, 0
			u, w = &c, contactWeight
		default: // a last sighting
			u, w = v.ghostUnit(e), lastSeenWeight*math.Pow(0.5, float64(view.Turn-e.Turn))
		}
		if w < ghostFloor {
			continue
		}
		if r := v.attackReach(u); r > 0 {
			v.ghosts = append(v.ghosts, ghost{unit: u, reach: r, weight: w})
		}
	}
}

// ghostUnit is enemy e of a view as a unit of its type where it was seen,
// with what its type has: the quality and weapon a watcher assumes.
func (v *view) ghostUnit(e battle.Enemy) *battle.Unit {
	return &battle.Unit{ID: e.ID, Name: e.Name, Type: e.Type, Side: battle.Opponent(v.side), Pose: e.Pose,
		SupportWeapon: e.Type.Weapon, Quality: combat.QualityOf(e.Type)}
}
