// Package units holds the unit catalogue: every unit type and support
// weapon with its historical facts (History), from which rulesets derive
// their ratings, and the default ruleset's ratings, read from embedded text
// files. The ATFP and armour letters the rules print are typed; Load
// derives the others through the LetterRater its caller passes (the
// default ruleset's, combat/elimination). A value
// that no rulebook or reference gives is marked in the data as our own
// choice, with its reason (see Note).
package units

import (
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"fmt"
	"hash"
	"io/fs"
	"slices"
	"strings"

	"hexfire/board"
	"hexfire/fileio"
)

// Type is one unit type of the catalogue.
type Type struct {
	Name      string
	Nation    string // US, UK, DE, SU
	Kind      Kind
	Turret    bool   // the main gun fires all round (360°); otherwise within the FFA
	ATFP      Rating // anti-tank firepower of the main gun; NoRating if none (typed, or derived by Load)
	GunAPFP   int    // AP firepower of the main gun (AFV) or of the Gun
	MGs       []MG   // vehicle machine guns
	Armour    Armour // AFVs only (typed, or derived by Load)
	MP        int    // movement points (infantry: 0, the rules fix them)
	CR        int    // casualty rating; 0 for AFVs
	APFP      int    // infantry AP firepower
	Range     int    // infantry AP range in hexes
	Elite     bool   // elite infantry
	Modifier  int    // a leader's modifier (negative)
	Transport string // transport class: "", "T1", "T2" or "TH"
	Tows      bool   // may tow a Gun
	GunShield bool   // a Gun with a shield
	Weapon    string // the support weapon the unit carries, if any
	History   History
	Ours      []Note // values that are our own choice
	Source    string // file:line of the definition, for messages

	typedATFP, typedArmor bool // the text types the letter; otherwise Load derives it
}

// Weapon is one support weapon of the catalogue.
type Weapon struct {
	Name     string
	Type     WeaponType
	ATFP     Rating // NoRating: AP only
	APFP     int
	Range    int  // maximum range in hexes; 1 means adjacent targets only
	MinRange int  // minimum range in hexes, 0 if none
	Pool     bool // held in a side pool rather than by one unit (Panzerfaust)
	Mortar   bool // an on-board mortar: its rounds fall from above
	MG       bool // a machine gun: infantry firing it may lay a fire lane (rules 13.9)
	History  History
	Ours     []Note
	Source   string

	typedATFP bool // the text types the ATFP; otherwise Load derives it
}

// Note marks catalogue fields whose values are our own choice, with the
// reason.
type Note struct {
	Fields []string
	Reason string
}

// Catalogue is a set of unit types and support weapons, by name.
type Catalogue struct {
	types   map[string]*Type
	ordered []*Type // types, by nation then name (Types)
	weapons map[string]*Weapon
	sum     hash.Hash // every parsed text, see Digest
}

// NewCatalogue returns an empty catalogue.
func NewCatalogue() *Catalogue {
	return &Catalogue{types: map[string]*Type{}, weapons: map[string]*Weapon{}, sum: sha256.New()}
}

// Digest is the sha256 (hex) of every text parsed into the catalogue, each
// as its file name, length and bytes in the order parsed: a save records it
// to notice a catalogue changed since.
func (c *Catalogue) Digest() string { return hex.EncodeToString(c.sum.Sum(nil)) }

//go:embed data/*.txt
var embedded embed.FS

// Default loads the embedded catalogue files (units/data/*.txt), deriving
// the letters they leave out with r (see Load).
func Default(r LetterRater) (*Catalogue, error) {
	return Load(embedded, "data", r)
}

// Load reads every *.txt file of dir in fsys, in name order, into one
// catalogue and checks the cross-references between them. It fills in,
// with r, the letters the text leaves to be derived from history; with a
// nil r they stay NoRating. A letter the text types (the rules' printed
// values) is kept as typed.
func Load(fsys fs.FS, dir string, r LetterRater) (*Catalogue, error) {
	names, err := fs.Glob(fsys, dir+"/*.txt")
	if err != nil {
		return nil, fmt.Errorf("units: %w", err)
	}
	c := NewCatalogue()
	for _, name := range names {
		data, err := fs.ReadFile(fsys, name)
		if err != nil {
			return nil, fmt.Errorf("units: %w", err)
		}
		if err := c.Parse(name, data); err != nil {
			return nil, err
		}
	}
	if err := c.Validate(); err != nil {
		return nil, err
	}
	if err := c.deriveLetters(r); err != nil {
		return nil, err
	}
	return c, nil
}

// LetterRater derives the default ruleset's letters (ATFP and armour
// factor, the ones Type and Weapon hold) from an entry's History. The
// default ruleset (combat/elimination.Ruleset) is one; each program passes
// it to Load.
type LetterRater interface {
	TypeATFP(*Type) Rating
	TypeArmour(*Type) (Armour, error)
	WeaponATFP(*Weapon) Rating
}

// deriveLetters fills in, with r, the letters the text leaves out; none
// if r is nil.
func (c *Catalogue) deriveLetters(r LetterRater) error {
	if r == nil {
		return nil
	}
	for _, t := range c.Types() {
		if !t.typedATFP && !t.Kind.Infantry() {
			t.ATFP = r.TypeATFP(t)
		}
		if !t.typedArmor && t.Kind == AFV {
			armour, err := r.TypeArmour(t)
			if err != nil {
				return err
			}
			t.Armour = armour
		}
	}
	for _, w := range c.Weapons() {
		if !w.typedATFP {
			w.ATFP = r.WeaponATFP(w)
		}
	}
	return nil
}

// Validate checks what one file cannot: that every support weapon a unit
// carries is in the catalogue.
func (c *Catalogue) Validate() error {
	for _, t := range c.Types() {
		if t.Weapon == "" {
			continue
		}
		if _, ok := c.weapons[t.Weapon]; !ok {
			return fmt.Errorf("units: %s: unit %q: field \"weapon\": unknown support weapon %q", t.Source, t.Name, t.Weapon)
		}
	}
	return nil
}

// Lookup returns the unit type called name.
func (c *Catalogue) Lookup(name string) (*Type, error) {
	if t, ok := c.types[name]; ok {
		return t, nil
	}
	return nil, fmt.Errorf("units: unknown unit type %s%s", fileio.Quote(name), suggest(name, c.typeNames()))
}

// LookupWeapon returns the support weapon called name.
func (c *Catalogue) LookupWeapon(name string) (*Weapon, error) {
	if w, ok := c.weapons[name]; ok {
		return w, nil
	}
	return nil, fmt.Errorf("units: unknown support weapon %s%s", fileio.Quote(name), suggest(name, c.weaponNames()))
}

// Mover returns the movement class of the unit type called name: Foot for
// infantry, Wheeled for AFVs, vehicles and Guns.
func (c *Catalogue) Mover(name string) (board.Mover, error) {
	t, err := c.Lookup(name)
	if err != nil {
		return 0, err
	}
	if t.Kind.Infantry() {
		return board.Foot, nil
	}
	return board.Wheeled, nil
}

// Types returns every unit type, ordered by nation then name.
func (c *Catalogue) Types() []*Type { return slices.Clone(c.ordered) }

// addType adds t, keeping the order Types returns: the battle asks for
// it on every casualty allocation (HalfSquadOf), too often to sort each
// time.
func (c *Catalogue) addType(t *Type) {
	i, _ := slices.BinarySearchFunc(c.ordered, t, compareTypes)
	c.ordered = slices.Insert(c.ordered, i, t)
	c.types[t.Name] = t
}

// compareTypes orders unit types by nation, then name.
func compareTypes(a, b *Type) int {
	if n := strings.Compare(a.Nation, b.Nation); n != 0 {
		return n
	}
	return strings.Compare(a.Name, b.Name)
}

// Weapons returns every support weapon, ordered by name.
func (c *Catalogue) Weapons() []*Weapon {
	ws := make([]*Weapon, 0, len(c.weapons))
	for _, w := range c.weapons {
		ws = append(ws, w)
	}
	slices.SortFunc(ws, func(a, b *Weapon) int { return strings.Compare(a.Name, b.Name) })
	return ws
}

func (c *Catalogue) typeNames() []string {
	var names []string
	for n := range c.types {
		names = append(names, n)
	}
	return names
}

func (c *Catalogue) weaponNames() []string {
	var names []string
	for n := range c.weapons {
		names = append(names, n)
	}
	return names
}

// suggest returns " (did you mean …?)" listing the known names that contain
// name or are contained in it, ignoring case, or "" if there are none.
func suggest(name string, known []string) string {
	low := strings.ToLower(name)
	var close []string
	for _, k := range known {
		kl := strings.ToLower(k)
		if low != "" && (strings.Contains(kl, low) || strings.Contains(low, kl)) {
			close = append(close, k)
		}
	}
	if len(close) == 0 {
		return ""
	}
	slices.Sort(close)
	return fmt.Sprintf(" (did you mean %s?)", strings.Join(close, ", "))
}
