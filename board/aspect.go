package board

// Aspect is the part of a target's armour that a shot strikes.
type Aspect uint8

// Aspects. The default ruleset knows Front, Rear and FrontRearTie (the line
// of fire runs exactly along the boundary, decided by a die); the rulesets
// with side armour also use Side; Top is for grenades and charges in contact.
const (
	Front Aspect = iota
	Rear
	FrontRearTie
	Side
	Top
)

var aspectNames = [...]string{"front", "rear", "hexside", "side", "top"}

// String returns the aspect's name: "front", "rear", "hexside" (the tie),
// "side" or "top".
func (a Aspect) String() string {
	if int(a) < len(aspectNames) {
		return aspectNames[a]
	}
	return "aspect?"
}

// ParseAspect turns a name from String back into an Aspect.
func ParseAspect(s string) (Aspect, bool) {
	for i, n := range aspectNames {
		if n == s {
			return Aspect(i), true
		}
	}
	return 0, false
}
