// Package remote is the client side of hexfire-server's protocol
// (docs/ARCHITECTURE.md, "The server") and the one home of its messages:
// the server encodes and decodes the same types. It opens a seat's
// WebSocket with its token, reads the welcome and the updates with the
// side's view, sends orders and reads their answers, creates battles
// (POST /battles) and fetches an uploaded battle's scenario. It imports
// neither the server (and its database) nor ebiten, so that the
// desktop game, the browser build and hexfire-cli all play through it.
package remote

import (
	"encoding/json"

	"hexfire/battle"
	"hexfire/maps"
)

// The messages of the protocol: JSON text frames, each an object whose
// "type" names it.
const (
	// From the client.
	TypeHello = "hello" // the first message: {"type":"hello","token":T}
	TypeOrder = "order" // {"type":"order","id":ID,"order":battle.OrderRecord}
	// From the server.
	TypeWelcome  = "welcome"  // the seat's battle, side, seed, view and log
	TypeUpdate   = "update"   // the side's view and new log lines after an order
	TypeAccepted = "accepted" // the client's order, stored and applied
	TypeRefused  = "refused"  // the client's order, refused, and why
	TypeError    = "error"    // why the server closes the connection
)

// ClientMessage is any message a client sends; its Type says which
// fields it has.
type ClientMessage struct {
	Type  string `json:"type"`
	Token string `json:"token,omitempty"`
	// ID is the client's name for an order, echoed in the answer.
	ID    string              `json:"id,omitempty"`
	Order *battle.OrderRecord `json:"order,omitempty"`
	// LogSeen, in a hello, is how many lines of the side's log the client
	// holds already (those of its last welcome and the updates after it),
	// so that the welcome's Away has the lines after them; absent, the
	// server counts from what it last sent the seat, if it knows.
	LogSeen *int `json:"log_seen,omitempty"`
}

// The bounds of a welcome's Away, our own choices: the latest lines of
// the side's log that fit both, so that a seat away for a long battle
// is sent the end of what it missed, and told how much came before.
const (
	// MaxAwayLines is the most lines a welcome's Away holds.
	MaxAwayLines = 100
	// MaxAwayBytes is the most bytes of text they hold together.
	MaxAwayBytes = 16 << 10
)

// LogEntry is one line of a side's part of the log: an event it saw.
type LogEntry struct {
	Text string `json:"text"`
}

// Welcome answers a hello with a token the server knows. Scenario is the
// battle's source (battle.EmbeddedPrefix and a path, or UploadPrefix and
// a name), which a client opens to decode the view; View is the side's
// view in the form it travels in (battle.View.Encode: its display JSON
// under "view" and the known battle beside it); SeatSeed, a decimal
// string (a JSON number loses bits above 2^53), is the seed the seat's
// own computer players take (umpire.SeatSeed); Log is the side's whole
// part of the log. Away is what the side saw happen while the seat was
// away ("while you were away"): the lines of Log after those the seat
// had (the hello's LogSeen, or what the server last sent the seat), at
// most MaxAwayLines and MaxAwayBytes of the latest of them, AwayLeftOut
// counting the earlier ones the bounds left out; none for a seat whose
// server knows nothing of what it had.
type Welcome struct {
	Type        string          `json:"type"`
	Battle      int64           `json:"battle"`
	Side        maps.Side       `json:"side"`
	Scenario    string          `json:"scenario"`
	SeatSeed    uint64          `json:"seat_seed,string"`
	View        json.RawMessage `json:"view"`
	Log         []LogEntry      `json:"log"`
	Away        []LogEntry      `json:"away,omitempty"`
	AwayLeftOut int             `json:"away_left_out,omitempty"`
}

// Update is sent to a side's seats after an order that changed what the
// side knows: its view now (View.Encode, as in the welcome) and the log
// lines it saw.
type Update struct {
	Type string          `json:"type"`
	View json.RawMessage `json:"view"`
	Log  []LogEntry      `json:"log"`
}

// Answer answers an order: accepted (stored, then applied) or refused
// with the reason.
type Answer struct {
	Type   string `json:"type"`
	ID     string `json:"id,omitempty"`
	Reason string `json:"reason,omitempty"`
}

// ErrorMessage says why the server is closing the connection.
type ErrorMessage struct {
	Type   string `json:"type"`
	Reason string `json:"reason"`
}

// ServerMessage is any message of the server as a client reads it: the
// fields of every type, Type saying which are set.
type ServerMessage struct {
	Type     string          `json:"type"`
	ID       string          `json:"id"`
	Reason   string          `json:"reason"`
	Battle   int64           `json:"battle"`
	Side     maps.Side       `json:"side"`
	Scenario string          `json:"scenario"`
	SeatSeed uint64          `json:"seat_seed,string"`
	View     json.RawMessage `json:"view"`
	Log      []LogEntry      `json:"log"`
	// Away and AwayLeftOut: a welcome's (Welcome).
	Away        []LogEntry `json:"away"`
	AwayLeftOut int        `json:"away_left_out"`
}

// CreateRequest is the body of POST /battles.
type CreateRequest struct {
	// Scenario is battle.EmbeddedPrefix and a path in the program's
	// assets (default: the default scenario), or with Files the name of
	// the .tmx among them.
	Scenario string `json:"scenario,omitempty"`
	// Files are an uploaded scenario's files by plain name, each in
	// base64 (so that a file that is not names itself in the refusal):
	// its .tmx and the tilesets, templates and images it refers to,
	// beside it (maps.LoadFiles and its limits).
	Files map[string]string `json:"files,omitempty"`
	// Rules names the ruleset (default: the scenario's).
	Rules string `json:"rules,omitempty"`
	// Fog sets fog of war on or off (default: the scenario's).
	Fog *bool `json:"fog,omitempty"`
	// Allies and Axis are who plays each side: "person" (the default) or
	// "opponent", "opponent:easy", "opponent:normal", "opponent:hard".
	Allies string `json:"allies,omitempty"`
	Axis   string `json:"axis,omitempty"`
	// Seed is the battle's seed as a decimal string (a JSON number loses
	// bits above 2^53), so that a battle may be played again exactly;
	// absent, the server draws one that neither player can know.
	Seed string `json:"seed,omitempty"`
}

// Person is the player of a side a person plays, in a CreateRequest.
const Person = "person"

// Created answers POST /battles: the battle's id and one token per
// person seat (a computer seat has none).
type Created struct {
	Battle int64  `json:"battle"`
	Allies string `json:"allies,omitempty"`
	Axis   string `json:"axis,omitempty"`
}

// ScenarioAnswer is the body of GET /scenario: the battle's scenario as
// the welcome names it and, for one uploaded, its files by name (base64
// in JSON).
type ScenarioAnswer struct {
	Scenario string            `json:"scenario"`
	Files    map[string][]byte `json:"files,omitempty"`
}

// SaveKindHeader is the header of a GET /save answer that says what its
// body is: SaveKindBattle or SaveKindView.
const SaveKindHeader = "Hexfire-Save"

// The bodies of GET /save.
const (
	// SaveKindBattle: the battle is over, and its body is the whole
	// battle's save file (battle.Save), which may now be shown.
	SaveKindBattle = "battle"
	// SaveKindView: the battle goes on, and its body is only the seat's
	// own view (battle.View's JSON form).
	SaveKindView = "view"
)

// UploadPrefix starts the scenario of a battle created with its files
// uploaded: "upload:NAME.tmx", NAME.tmx being the map among them. Its
// clients fetch the files with GET /scenario.
const UploadPrefix = "upload:"
