package ai

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"

	"hexfire/board"
	"hexfire/fileio"
	"hexfire/maps"
)

// Script is a scripted unit's orders: rules tried in order, the first whose
// condition holds and whose task is not finished is the one the unit
// follows (docs/AI.md describes the language).
type Script struct {
	Rules []Rule
}

// Verb is what a rule tells the unit to do.
type Verb uint8

// The verbs of the script language.
const (
	Hold     Verb = iota // stay; fire at the best target each chance
	Ambush               // stay; hold fire until an enemy is within Range hexes
	Advance              // move along Hexes in order, firing when it may
	MoveTo               // go to Hexes[0] by the cheapest path
	Patrol               // go round Hexes forever
	Withdraw             // fall back to Hexes[0], or to the unit's starting hex
	Face                 // turn the front toward Hexes[0] and stay
	Free                 // let the tactical opponent decide
)

var verbNames = [...]string{"hold", "ambush", "advance", "move-to", "patrol", "withdraw", "face", "free"}

// String returns the verb as a script writes it.
func (v Verb) String() string {
	if int(v) < len(verbNames) {
		return verbNames[v]
	}
	return fmt.Sprintf("verb(%d)", v)
}

// Rule is one command of a script with its optional condition.
type Rule struct {
	Verb   Verb
	Range  int         // Ambush: hexes
	Hexes  []HexRef    // the hex arguments
	When   [][]Trigger // a disjunction of conjunctions; empty: always
	Source string      // the rule as written, for explanations
}

// HexRef is a hex label of a script and where it was written, so a label
// that is not on the map can be reported at its position.
type HexRef struct {
	Label string
	Pos   int
}

// TriggerKind is a condition a rule may wait for.
type TriggerKind uint8

// The conditions.
const (
	WhenImmobile  TriggerKind = iota // the unit is immobilized
	WhenLost                         // its side has lost at least N units
	WhenEnemyNear                    // an enemy unit is within N hexes
	WhenTurn                         // the game turn is N or later
)

// Trigger is one condition with its number.
type Trigger struct {
	Kind TriggerKind
	N    int
}

// ScriptError is a script that does not parse: Pos is the 1-based
// character position in the script where the problem is.
type ScriptError struct {
	Pos int
	Msg string
}

// Error returns "position 8: want a number of hexes".
func (e *ScriptError) Error() string { return fmt.Sprintf("position %d: %s", e.Pos, e.Msg) }

type token struct {
	text string
	pos  int // 1-based rune position
}

// tokenize splits a script into words and ";" separators; a newline
// separates rules like ";".
func tokenize(src string) []token {
	var toks []token
	start, pos := -1, 0
	var word []rune
	flush := func() {
		if start >= 0 {
			toks = append(toks, token{string(word), start})
			start, word = -1, word[:0]
		}
	}
	for _, r := range src {
		pos++
		switch {
		case r == ';' || r == '\n':
			flush()
			toks = append(toks, token{";", pos})
		case unicode.IsSpace(r) || r == ',':
			flush()
		default:
			if start < 0 {
				start = pos
			}
			word = append(word, r)
		}
	}
	flush()
	return toks
}

// ParseScript reads a unit's script. An empty script has no rules.
func ParseScript(src string) (Script, error) {
	p := parser{toks: tokenize(src), end: len([]rune(src)) + 1}
	var s Script
	for p.i < len(p.toks) {
		if p.peek() == ";" {
			p.i++
			continue
		}
		r, err := p.rule()
		if err != nil {
			return Script{}, err
		}
		s.Rules = append(s.Rules, r)
	}
	return s, nil
}

type parser struct {
	toks []token
	i    int
	end  int // position just after the script, for "missing" errors
}

func (p *parser) peek() string {
	if p.i < len(p.toks) {
		return strings.ToLower(p.toks[p.i].text)
	}
	return ""
}

func (p *parser) pos() int {
	if p.i < len(p.toks) {
		return p.toks[p.i].pos
	}
	return p.end
}

// atWordEnd reports whether the rule's words are over.
func (p *parser) atWordEnd() bool { return p.i >= len(p.toks) || p.peek() == ";" || p.peek() == "when" }

func (p *parser) errorf(format string, args ...any) error {
	return &ScriptError{Pos: p.pos(), Msg: fmt.Sprintf(format, args...)}
}

func (p *parser) number(what string) (int, error) {
	if p.atWordEnd() {
		return 0, p.errorf("want %s", what)
	}
	n, err := strconv.Atoi(p.toks[p.i].text)
	if err != nil || n < 0 || n > board.MaxDimension*2 {
		return 0, p.errorf("want %s, not %s", what, fileio.Quote(p.toks[p.i].text))
	}
	p.i++
	return n, nil
}

func (p *parser) hex() (HexRef, error) {
	if p.atWordEnd() {
		return HexRef{}, p.errorf("want a hex label such as E4")
	}
	t := p.toks[p.i]
	if _, err := board.ParseLabel(t.text); err != nil {
		return HexRef{}, p.errorf("want a hex label such as E4, not %s", fileio.Quote(t.text))
	}
	p.i++
	return HexRef{Label: strings.ToUpper(t.text), Pos: t.pos}, nil
}

func (p *parser) hexes(min int) ([]HexRef, error) {
	var hs []HexRef
	for !p.atWordEnd() {
		h, err := p.hex()
		if err != nil {
			return nil, err
		}
		hs = append(hs, h)
	}
	switch {
	case len(hs) < min && min == 1:
		return nil, p.errorf("want a hex label such as E4")
	case len(hs) < min:
		return nil, p.errorf("want at least %d hex labels", min)
	}
	return hs, nil
}

func (p *parser) rule() (Rule, error) {
	first := p.i
	verbPos := p.pos()
	word := p.peek()
	p.i++
	var r Rule
	var err error
	switch word {
	case "hold":
		r.Verb = Hold
	case "free":
		r.Verb = Free
	case "ambush":
		r.Verb = Ambush
		if r.Range, err = p.number("a number of hexes"); err == nil && r.Range < 1 {
			p.i--
			err = p.errorf("want a number of hexes ≥ 1")
		}
	case "advance":
		r.Verb = Advance
		r.Hexes, err = p.hexes(1)
	case "move-to":
		r.Verb = MoveTo
		r.Hexes, err = p.hexes(1)
		if err == nil && len(r.Hexes) > 1 {
			return Rule{}, &ScriptError{Pos: r.Hexes[1].Pos, Msg: "move-to takes one hex (use advance for a route)"}
		}
	case "patrol":
		r.Verb = Patrol
		r.Hexes, err = p.hexes(2)
	case "withdraw":
		r.Verb = Withdraw
		r.Hexes, err = p.hexes(0)
		if err == nil && len(r.Hexes) > 1 {
			return Rule{}, &ScriptError{Pos: r.Hexes[1].Pos, Msg: "withdraw takes at most one hex"}
		}
	case "face":
		r.Verb = Face
		r.Hexes, err = p.hexes(1)
		if err == nil && len(r.Hexes) > 1 {
			return Rule{}, &ScriptError{Pos: r.Hexes[1].Pos, Msg: "face takes one hex"}
		}
	default:
		return Rule{}, &ScriptError{Pos: verbPos, Msg: fmt.Sprintf("unknown command %s (want hold, ambush, advance, move-to, patrol, withdraw, face or free)", fileio.Quote(p.toks[first].text))}
	}
	if err != nil {
		return Rule{}, err
	}
	if !p.atWordEnd() {
		return Rule{}, p.errorf("unexpected %s after %s", fileio.Quote(p.toks[p.i].text), r.Verb)
	}
	if p.peek() == "when" {
		p.i++
		if r.When, err = p.condition(); err != nil {
			return Rule{}, err
		}
	}
	if p.i < len(p.toks) && p.peek() != ";" {
		return Rule{}, p.errorf("unexpected %s: rules are separated by \";\"", fileio.Quote(p.toks[p.i].text))
	}
	words := make([]string, 0, p.i-first)
	for _, t := range p.toks[first:p.i] {
		words = append(words, t.text)
	}
	r.Source = strings.Join(words, " ")
	return r, nil
}

// condition reads "A and B or C": or of ands.
func (p *parser) condition() ([][]Trigger, error) {
	var or [][]Trigger
	var and []Trigger
	for {
		t, err := p.trigger()
		if err != nil {
			return nil, err
		}
		and = append(and, t)
		switch p.peek() {
		case "and":
			p.i++
			continue
		case "or":
			p.i++
			or, and = append(or, and), nil
			continue
		}
		return append(or, and), nil
	}
}

func (p *parser) trigger() (Trigger, error) {
	const want = "want a condition: immobile, N lost, enemy within N, or turn N"
	if p.i >= len(p.toks) || p.peek() == ";" {
		return Trigger{}, p.errorf(want)
	}
	switch p.peek() {
	case "immobile":
		p.i++
		return Trigger{Kind: WhenImmobile}, nil
	case "turn":
		p.i++
		n, err := p.number("a turn number")
		return Trigger{Kind: WhenTurn, N: n}, err
	case "enemy":
		p.i++
		if p.peek() != "within" {
			return Trigger{}, p.errorf("want \"within N\" after enemy")
		}
		p.i++
		n, err := p.number("a number of hexes")
		return Trigger{Kind: WhenEnemyNear, N: n}, err
	}
	if n, err := strconv.Atoi(p.toks[p.i].text); err == nil && n >= 0 {
		p.i++
		if p.peek() != "lost" {
			return Trigger{}, p.errorf("want \"lost\" after %d", n)
		}
		p.i++
		return Trigger{Kind: WhenLost, N: n}, nil
	}
	return Trigger{}, p.errorf("%s, not %s", want, fileio.Quote(p.toks[p.i].text))
}

// resolveHexes checks the script's hex labels against a board.
func (s Script) resolveHexes(b *board.Board) ([][]board.Hex, error) {
	out := make([][]board.Hex, len(s.Rules))
	for i, r := range s.Rules {
		for _, ref := range r.Hexes {
			h, err := b.ParseHex(ref.Label)
			if err != nil {
				return nil, &ScriptError{Pos: ref.Pos, Msg: err.Error()}
			}
			out[i] = append(out[i], h)
		}
	}
	return out, nil
}

// CheckScripts parses and checks every unit script of a scenario against
// its map, so a loader can refuse a bad one with the file, the unit and the
// position: `maps/x.tmx: unit 7 "Pak 40": script "ambush x": position 8:
// want a number of hexes, not "x"`.
func CheckScripts(sc *maps.Scenario) error {
	for _, p := range sc.Units {
		if _, err := compileScript(sc, p); err != nil {
			return err
		}
	}
	return nil
}

// compiledScript is a script with its hexes resolved on the map.
type compiledScript struct {
	Script
	hexes [][]board.Hex
}

func compileScript(sc *maps.Scenario, p maps.Placement) (*compiledScript, error) {
	if strings.TrimSpace(p.Script) == "" {
		return nil, nil
	}
	wrap := func(err error) error {
		name := p.Name
		if name == "" {
			name = p.Type
		}
		return fmt.Errorf("%s: unit %d %s: script %s: %w", sc.Path, p.ID, fileio.Quote(name), fileio.Quote(p.Script), err)
	}
	s, err := ParseScript(p.Script)
	if err != nil {
		return nil, wrap(err)
	}
	hs, err := s.resolveHexes(sc.Board)
	if err != nil {
		return nil, wrap(err)
	}
	return &compiledScript{Script: s, hexes: hs}, nil
}
