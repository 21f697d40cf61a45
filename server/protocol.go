package server

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"hexfire/battle"
	"hexfire/fileio"
	"hexfire/maps"
)

// The messages of the protocol (docs/ARCHITECTURE.md, "The server"):
// JSON text frames, each an object whose "type" names it.
const (
	// From the client.
	typeHello = "hello" // the first message: {"type":"hello","token":T}
	typeOrder = "order" // {"type":"order","id":ID,"order":battle.OrderRecord}
	// From the server.
	typeWelcome  = "welcome"  // the seat's battle, side, seed, view and log
	typeUpdate   = "update"   // the side's view and new log lines after an order
	typeAccepted = "accepted" // the client's order, stored and applied
	typeRefused  = "refused"  // the client's order, refused, and why
	typeError    = "error"    // why the server closes the connection
)

// clientMessage is any message a client sends; its Type says which
// fields it has.
type clientMessage struct {
	Type  string `json:"type"`
	Token string `json:"token,omitempty"`
	// ID is the client's name for an order, echoed in the answer.
	ID    string              `json:"id,omitempty"`
	Order *battle.OrderRecord `json:"order,omitempty"`
}

// decodeClientMessage reads one client message: a single JSON object of
// known fields whose type is hello (with a token) or order (with one).
func decodeClientMessage(data []byte) (clientMessage, error) {
	var m clientMessage
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&m); err != nil {
		return m, fmt.Errorf("not a message of the protocol: %w", err)
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return m, errors.New("not a message of the protocol: something follows its JSON object")
	}
	switch {
	case m.Type == typeHello && m.Token == "":
		return m, errors.New(`a hello without its "token"`)
	case m.Type == typeOrder && m.Order == nil:
		return m, errors.New(`an order message without its "order"`)
	case m.Type != typeHello && m.Type != typeOrder:
		return m, fmt.Errorf("field \"type\": %s is not %q or %q", fileio.Quote(m.Type), typeHello, typeOrder)
	}
	return m, nil
}

// logEntry is one line of a side's part of the log: an event it saw.
type logEntry struct {
	Text string `json:"text"`
}

// welcomeMessage answers a hello with a token the server knows. Scenario
// is the battle's source (battle.EmbeddedPrefix and a path), which a
// client opens to decode the view; View is the side's view in the form
// it travels in (battle.View.Encode: its display JSON under "view" and
// the known battle beside it); SeatSeed, a decimal string (a JSON number
// loses bits above 2^53), is the seed the seat's own computer players
// take (umpire.SeatSeed); Log is the side's whole part of the log.
type welcomeMessage struct {
	Type     string          `json:"type"`
	Battle   int64           `json:"battle"`
	Side     maps.Side       `json:"side"`
	Scenario string          `json:"scenario"`
	SeatSeed uint64          `json:"seat_seed,string"`
	View     json.RawMessage `json:"view"`
	Log      []logEntry      `json:"log"`
}

// updateMessage is sent to a side's seats after an order that changed
// what the side knows: its view now (View.Encode, as in the welcome) and
// the log lines it saw.
type updateMessage struct {
	Type string          `json:"type"`
	View json.RawMessage `json:"view"`
	Log  []logEntry      `json:"log"`
}

// answerMessage answers an order: accepted (stored, then applied) or
// refused with the reason.
type answerMessage struct {
	Type   string `json:"type"`
	ID     string `json:"id,omitempty"`
	Reason string `json:"reason,omitempty"`
}

// errorMessage says why the server is closing the connection.
type errorMessage struct {
	Type   string `json:"type"`
	Reason string `json:"reason"`
}

// encode is m's JSON; the messages are plain data, so it cannot fail.
func encode(m any) []byte {
	data, err := json.Marshal(m)
	if err != nil {
		panic("server: encode a message: " + err.Error())
	}
	return data
}
