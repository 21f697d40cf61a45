package units

import (
	"fmt"
	"strings"
)

// Rating is a letter rating of the default ruleset, A (weakest) to F
// (strongest): anti-tank firepower (ATFP) or armour factor. NoRating means
// the unit has none (printed "–").
type Rating uint8

// The ratings. NoRating is the zero value.
const (
	NoRating Rating = iota
	A
	B
	C
	D
	E
	F
)

// String returns the letter, or "-" for NoRating.
func (r Rating) String() string {
	if r == NoRating || r > F {
		return "-"
	}
	return string(rune('A' + r - A))
}

// Index returns 0 for A … 5 for F, the number the elimination chart's
// pattern is built on. NoRating has no index and returns -1.
func (r Rating) Index() int {
	if r == NoRating || r > F {
		return -1
	}
	return int(r - A)
}

// ParseRating reads a letter A–F (either case) or "-" (NoRating).
func ParseRating(s string) (Rating, error) {
	switch {
	case s == "-" || s == "–":
		return NoRating, nil
	case len(s) == 1 && strings.ToUpper(s)[0] >= 'A' && strings.ToUpper(s)[0] <= 'F':
		return A + Rating(strings.ToUpper(s)[0]-'A'), nil
	}
	return NoRating, fmt.Errorf("%q is not a rating (A–F or -)", s)
}

// Armour is an AFV's armour factor for its front and rear halves. A unit
// printed with one factor has the same letter in both.
type Armour struct {
	Front, Rear Rating
}

// String returns "E/C", or one letter when front and rear are equal.
func (a Armour) String() string {
	if a.Front == a.Rear {
		return a.Front.String()
	}
	return a.Front.String() + "/" + a.Rear.String()
}

// ParseArmour reads "E/C" (front/rear), a single letter for both, or "-".
func ParseArmour(s string) (Armour, error) {
	front, rear, two := strings.Cut(s, "/")
	f, err := ParseRating(front)
	if err != nil {
		return Armour{}, err
	}
	if !two {
		return Armour{f, f}, nil
	}
	r, err := ParseRating(rear)
	if err != nil {
		return Armour{}, err
	}
	if (f == NoRating) != (r == NoRating) {
		return Armour{}, fmt.Errorf("%q: front and rear must both be letters", s)
	}
	return Armour{f, r}, nil
}

// Kind is what sort of unit a type is.
type Kind uint8

// The kinds of unit.
const (
	AFV       Kind = iota // armoured fighting vehicle (incl. armoured halftracks)
	Vehicle               // unarmoured vehicle
	Gun                   // towed or man-handled gun
	Squad                 // infantry squad
	HalfSquad             // infantry half squad (also weapon teams)
	Leader                // infantry leader
)

var kindNames = [...]string{"afv", "vehicle", "gun", "squad", "half_squad", "leader"}

// String returns the kind's name as written in the catalogue files.
func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return "kind?"
}

// Words returns the kind as a player reads it: "half squad" where String
// gives the catalogue's "half_squad".
func (k Kind) Words() string { return strings.ReplaceAll(k.String(), "_", " ") }

// ParseKind reads a kind name as written by String.
func ParseKind(s string) (Kind, error) {
	for i, n := range kindNames {
		if n == s {
			return Kind(i), nil
		}
	}
	return 0, fmt.Errorf("%q is not a kind (%s)", s, strings.Join(kindNames[:], ", "))
}

// Infantry reports whether the kind is a squad, half squad or leader.
func (k Kind) Infantry() bool { return k == Squad || k == HalfSquad || k == Leader }

// Arc is the field of fire of a weapon.
type Arc uint8

// The arcs: all round, or the forward firing arc (FFA).
const (
	Arc360 Arc = iota
	ArcForward
)

// String returns "360" or "ff".
func (a Arc) String() string {
	if a == ArcForward {
		return "ff"
	}
	return "360"
}

// MG is one machine gun mount of a vehicle: its AP firepower and arc.
type MG struct {
	Arc  Arc
	APFP int
}

// WeaponType is a support weapon's portability class.
type WeaponType uint8

// The support weapon types: Light, Heavy, eXpendable.
const (
	Light WeaponType = iota
	Heavy
	Expendable
)

// String returns "L", "H" or "X".
func (w WeaponType) String() string { return [...]string{"L", "H", "X"}[w%3] }

// ParseWeaponType reads "L", "H" or "X".
func ParseWeaponType(s string) (WeaponType, error) {
	switch s {
	case "L":
		return Light, nil
	case "H":
		return Heavy, nil
	case "X":
		return Expendable, nil
	}
	return 0, fmt.Errorf("%q is not a weapon type (L, H or X)", s)
}
