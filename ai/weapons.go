package ai

import (
	"fmt"

	"hexfire/battle"
	"hexfire/maps"
	"hexfire/units"
)

// handOver is the opponent's use of the Command phase's exchange of
// support weapons (rules 12.4), which lasts until the side's first other
// order: a weapon whose carrier fires it alone, without its own APFP (a
// leader with a Light weapon, a half squad with a Heavy one, rules 12.3),
// goes to an unarmed squad of its hex, which fires it beside its own.
// It offers only orders the engine accepts.
func handOver(b *battle.Battle, side maps.Side) (battle.Order, string, bool) {
	if !b.TransferOpen() {
		return nil, "", false
	}
	for _, u := range b.Units() {
		if u.Side != side || !u.Active() || u.Carrier != 0 {
			continue
		}
		w := b.CarriedWeapon(u)
		if w == nil || w.APFP == 0 || !firesAlone(u.Type.Kind, w) {
			continue
		}
		for _, v := range b.UnitsAt(u.Pose.Hex) {
			if v.Side != side || v.Type.Kind != units.Squad || v.SupportWeapon != "" {
				continue
			}
			o := battle.Transfer{Unit: u.ID, To: v.ID}
			if b.Check(o) == nil {
				return o, fmt.Sprintf("%s fires its %s alone; %s fires it beside its own APFP", u.Label(), w.Name, v.Label()), true
			}
		}
	}
	return nil, "", false
}

// firesAlone reports whether a unit of kind k fires weapon w without its
// own APFP (rules 12.3): a leader any weapon, a half squad a Heavy one.
func firesAlone(k units.Kind, w *units.Weapon) bool {
	return k == units.Leader || (k == units.HalfSquad && w.Type == units.Heavy)
}
