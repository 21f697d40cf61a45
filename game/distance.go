package game

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"sync"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"hexfire/battle"
	"hexfire/game/ui"
	"hexfire/maps"
	"hexfire/remote"
)

// DefaultServer is the server address the Play over distance screen
// starts with: a hexfire-server on this machine, at its usual port.
const DefaultServer = "ws://127.0.0.1:8090"

// battlesName is the file of the config directory that keeps the seats
// played over distance (My battles): their servers and tokens.
const battlesName = "battles.json"

// keptSeat is one seat of My battles.
type keptSeat struct {
	Server string    `json:"server"`
	Token  string    `json:"token"`
	Battle int64     `json:"battle"`
	Side   maps.Side `json:"side"`
}

// distanceScreen is Play over distance: the server's address and a
// token, each edited in place; join with the token, create a battle
// (the other seat's token is the invite) and My battles on the server,
// each with whose turn it is.
type distanceScreen struct {
	columnScreen
	server, token string
	// editing is the field being typed into (&server or &token), nil
	// for none: while it is, the keys type and only Enter and Escape
	// end it.
	editing *string
	invite  string // the last battle created: its invite, shown
	kept    []keptSeat
	mu      sync.Mutex
	turns   map[string]string // whose turn, by token, as fetched
	joining *remoteTable      // the seat being connected to, nil for none
}

// newDistance builds the screen with the seats kept.
func newDistance(a *App) *distanceScreen {
	s := &distanceScreen{columnScreen: columnScreen{title: "Play over distance", top: 0.2}, server: DefaultServer, turns: map[string]string{}}
	s.kept = a.keptSeats()
	if len(s.kept) > 0 {
		s.server = s.kept[len(s.kept)-1].Server
	}
	s.fetchTurns(a)
	s.build(a)
	return s
}

// build makes the buttons from the fields and the seats kept.
func (s *distanceScreen) build(a *App) {
	focus := s.list.Focus
	edit := func(f *string) func() { return func() { s.editing = f } }
	token := s.token
	if token == "" {
		token = "(none: choose to type or paste one)"
	}
	s.list.Items = []ui.Button{
		{Label: "Server: " + s.server, Do: edit(&s.server)},
		{Label: "Token: " + clipRunes(token, 40), Do: edit(&s.token)},
		{Label: "Join with the token", Off: s.token == "", Do: func() { s.join(a, s.token) }},
		{Label: "Create a battle: you play the Allies", Do: func() { s.create(a, maps.Allies) }},
		{Label: "Create a battle: you play the Axis", Do: func() { s.create(a, maps.Axis) }},
	}
	s.mu.Lock()
	for _, k := range s.kept {
		if k.Server != s.server {
			continue
		}
		turn := s.turns[k.Token]
		if turn == "" {
			turn = "asking the server..."
		}
		s.list.Items = append(s.list.Items, ui.Button{Label: fmt.Sprintf("My battle %d, the %s: %s", k.Battle, k.Side.Title(), turn), Do: func() { s.join(a, k.Token) }})
	}
	s.mu.Unlock()
	s.list.Items = append(s.list.Items, ui.Button{Label: "Back", Do: a.toMenu})
	s.list.Focus = min(focus, len(s.list.Items)-1)
	s.text = "Choose Server or Token to type it, Enter or Escape to end (Ebiten has no clipboard: a token is typed, or pasted where the system types it)."
	if s.editing != nil {
		s.text = "Typing: Enter or Escape ends, Backspace erases."
	}
	if s.invite != "" {
		s.text = s.invite
	}
}

func (s *distanceScreen) update(a *App, in frameInput) error {
	if t := s.joining; t != nil {
		t.st = t.seat.Status()
		switch t.st.State {
		case remote.Connected:
			s.joining = nil
			g, err := newRemoteGame(a, t)
			if err != nil {
				t.seat.Close()
				s.problem = err.Error()
				return nil
			}
			a.keepSeat(keptSeat{Server: t.server, Token: t.seatToken, Battle: t.st.Battle, Side: t.st.Side})
			a.goTo(g)
		case remote.Refused:
			t.seat.Close()
			s.joining, s.problem = nil, t.st.Err.Error()
		}
		if in.ui.Back && s.joining != nil {
			s.joining.seat.Close()
			s.joining = nil
		}
		s.build(a)
		return nil
	}
	if s.editing != nil {
		for _, r := range in.chars {
			if r >= ' ' && len(*s.editing) < 200 {
				*s.editing += string(r)
			}
		}
		if in.erase && len(*s.editing) > 0 {
			*s.editing = (*s.editing)[:len(*s.editing)-1]
		}
		if in.ui.Enter && len(in.chars) == 0 || in.escape {
			if s.editing == &s.server {
				s.fetchTurns(a)
			}
			s.editing = nil
		}
		s.build(a)
		return nil
	}
	s.problem = ""
	if err := s.columnScreen.update(a, in); err != nil {
		return err
	}
	if a.scene == s {
		s.build(a)
	}
	return nil
}

func (s *distanceScreen) draw(a *App, screen *ebiten.Image) {
	if s.joining != nil {
		s.text = s.joining.remoteStateText()
	}
	s.columnScreen.draw(a, screen)
}

// remoteStateText is the state of a seat being joined, for the screen.
func (t *remoteTable) remoteStateText() string {
	if t.st.State == remote.Lost {
		return fmt.Sprintf("connecting to %s: %v; trying again by itself (Escape gives up)", t.server, t.st.Err)
	}
	return "connecting to " + t.server + " (Escape gives up)"
}

// join connects to the seat of token on the server and shows its battle
// once welcomed.
func (s *distanceScreen) join(a *App, token string) {
	if _, _, err := remote.URLs(s.server); err != nil {
		s.problem = err.Error()
		return
	}
	s.joining = &remoteTable{seat: remote.Open(s.server, token, a.opts.Catalogue), server: s.server, seatToken: token}
}

// create creates a battle on the server of the picker's scenario and
// ruleset, under the fog the briefing would give, people at both seats:
// the player takes side's seat and the other token is the invite,
// shown, printed and kept in a file.
func (s *distanceScreen) create(a *App, side maps.Side) {
	req := remote.CreateRequest{Scenario: a.picked, Rules: a.pickedRules, Allies: remote.Person, Axis: remote.Person}
	switch a.fog() {
	case battle.FogOn:
		on := true
		req.Fog = &on
	case battle.FogOff:
		off := false
		req.Fog = &off
	}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	c, err := remote.Create(ctx, s.server, req)
	if err != nil {
		s.problem = err.Error()
		return
	}
	mine, theirs := c.Allies, c.Axis
	if side == maps.Axis {
		mine, theirs = theirs, mine
	}
	a.keepSeat(keptSeat{Server: s.server, Token: mine, Battle: c.Battle, Side: side})
	s.kept = a.keptSeats()
	s.token = mine
	name := fmt.Sprintf("invite-%d.txt", c.Battle)
	invite := fmt.Sprintf("Hexfire battle %d on %s: you play the %s with the token\n%s\n", c.Battle, s.server, battle.Opponent(side).Title(), theirs)
	fmt.Fprint(os.Stdout, invite)
	where := "printed on the standard output"
	if a.kept() {
		if err := a.store.Write(name, []byte(invite)); err == nil {
			where += " and written to " + a.store.Where(name)
		}
	}
	s.invite = fmt.Sprintf("Battle %d created; you are the %s (the token field holds your token: Join). The invite, the %s' token, is %s, %s: %s", c.Battle, side.Title(), battle.Opponent(side).Title(), where, "send it to the other player", theirs)
	s.fetchTurns(a)
}

// fetchTurns asks the server, in the background, whose turn it is in
// each battle kept on it: a connection of the seat, its welcome read.
func (s *distanceScreen) fetchTurns(a *App) {
	for _, k := range s.kept {
		if k.Server != s.server {
			continue
		}
		go func() {
			seat := remote.Open(k.Server, k.Token, a.opts.Catalogue)
			defer seat.Close()
			turn := "the server did not answer"
			for range 100 {
				st := seat.Status()
				if st.State == remote.Refused {
					turn = "refused: " + st.Err.Error()
					break
				}
				if st.State == remote.Connected {
					switch v := st.View; {
					case v.Result != nil:
						turn = "over"
					case v.Acting == k.Side:
						turn = "your turn"
					default:
						turn = fmt.Sprintf("the %s' turn", v.Acting.Title())
					}
					break
				}
				time.Sleep(100 * time.Millisecond)
			}
			s.mu.Lock()
			s.turns[k.Token] = turn
			s.mu.Unlock()
		}()
	}
}

// keptSeats reads the seats kept (none when nothing is kept, or the file
// is unreadable: it is rewritten with the next seat).
func (a *App) keptSeats() []keptSeat {
	if !a.kept() {
		return nil
	}
	data, err := a.store.Read(battlesName)
	if err != nil {
		return nil
	}
	var seats []keptSeat
	if json.Unmarshal(data, &seats) != nil {
		return nil
	}
	return seats
}

// keepSeat adds seat k to My battles, once.
func (a *App) keepSeat(k keptSeat) {
	if !a.kept() {
		return
	}
	seats := a.keptSeats()
	for _, s := range seats {
		if s.Token == k.Token {
			return
		}
	}
	data, err := json.MarshalIndent(append(seats, k), "", "  ")
	if err == nil {
		err = a.store.Write(battlesName, data)
	}
	if err != nil {
		a.message = "battle not kept in My battles: " + err.Error()
	}
}

// clipRunes is text cut to n runes, an ellipsis ending what was cut.
func clipRunes(text string, n int) string {
	r := []rune(text)
	if len(r) <= n {
		return text
	}
	return string(r[:n-1]) + "…"
}
