package battle

import (
	"errors"
	"fmt"

	"hexfire/board"
	"hexfire/units"
)

// Transfer hands the support weapon Unit carries to To, an infantry unit
// of its side in its hex; when To carries one, the two exchange them
// (rules 12.4). Weapons change hands in the owner's Command phase: the
// engine passes that phase by itself, so it takes a Transfer as the
// side's first orders of its segment, before any other (TransferOpen).
// Each unit must be able to carry what it receives (Portage).
type Transfer struct {
	Unit, To UnitID
}

// Name implements Order.
func (Transfer) Name() string { return "transfer" }

func (o Transfer) apply(b *Battle) ([]Event, error) { return b.transfer(o) }

func (o Transfer) record(*board.Board) OrderRecord {
	return OrderRecord{Order: o.Name(), Unit: o.Unit, Target: o.To}
}

func (Transfer) parse(r OrderRecord, _ *board.Board) (Order, error) {
	return Transfer{Unit: r.Unit, To: r.Target}, nil
}

// TransferOpen reports whether the phasing side may still exchange or
// transfer support weapons: it is its Command phase, which lasts, for
// these orders, until the side gives any other order of its segment.
func (b *Battle) TransferOpen() bool {
	return b.command && b.phase == FirePhase && b.pending == nil && b.result == nil
}

// CarriedWeapon returns the support weapon u carries and can still hand
// over (not spent or removed), or nil.
func (b *Battle) CarriedWeapon(u *Unit) *units.Weapon {
	if u.SupportWeapon == "" || u.WeaponSpent || u.WeaponLost == "removed" {
		return nil
	}
	w, err := b.catalogue.LookupWeapon(u.SupportWeapon)
	if err != nil {
		return nil
	}
	return w
}

func (b *Battle) transfer(o Transfer) ([]Event, error) {
	if !b.TransferOpen() {
		return nil, errors.New("support weapons change hands in the Command phase, before the side's first other order of its segment (rules 12.4)")
	}
	from, err := b.actor(o.Unit)
	if err != nil {
		return nil, err
	}
	to, err := b.actor(o.To)
	if err != nil {
		return nil, err
	}
	bd := b.Board()
	switch {
	case from == to:
		return nil, fmt.Errorf("%s cannot hand a weapon to itself", from.Label())
	case !from.Type.Kind.Infantry() || !to.Type.Kind.Infantry():
		return nil, errors.New("only infantry carry support weapons")
	case from.Carrier != 0 || to.Carrier != 0:
		return nil, errors.New("units aboard a vehicle do not hand weapons over (our choice: the rules speak of units in a hex)")
	case from.Pose.Hex != to.Pose.Hex:
		return nil, fmt.Errorf("%s is not in %s: weapons change hands between units of one hex", to.Label(), bd.Label(from.Pose.Hex))
	case from.Has(Pinned) || to.Has(Pinned):
		return nil, errors.New("a pinned unit does nothing (rules 14.7)")
	}
	give := b.CarriedWeapon(from)
	if give == nil {
		return nil, fmt.Errorf("%s carries no support weapon it can hand over", from.Label())
	}
	if err := Portage(to.Type, give); err != nil {
		return nil, err
	}
	take := b.CarriedWeapon(to)
	if to.SupportWeapon != "" && take == nil {
		return nil, fmt.Errorf("%s still carries its used-up %s", to.Label(), to.SupportWeapon)
	}
	if take != nil {
		if err := Portage(from.Type, take); err != nil {
			return nil, err
		}
	}
	from.SupportWeapon, to.SupportWeapon = to.SupportWeapon, from.SupportWeapon
	from.Rounds, to.Rounds = to.Rounds, from.Rounds
	from.WeaponLost, to.WeaponLost = to.WeaponLost, from.WeaponLost
	from.WeaponSpent, to.WeaponSpent = to.WeaponSpent, from.WeaponSpent
	text := fmt.Sprintf("%s hands its %s to %s", from.Label(), give.Name, to.Label())
	if take != nil {
		text = fmt.Sprintf("%s and %s exchange their %s and %s", from.Label(), to.Label(), give.Name, take.Name)
	}
	return []Event{{Kind: WeaponTransferred, Unit: from.ID, Target: to.ID, Hex: from.Pose.Hex, Text: text}}, nil
}
