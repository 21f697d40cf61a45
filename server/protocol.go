package server

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"hexfire/fileio"
	"hexfire/remote"
)

// decodeClientMessage reads one client message: a single JSON object of
// known fields whose type is hello (with a token) or order (with one).
func decodeClientMessage(data []byte) (remote.ClientMessage, error) {
	var m remote.ClientMessage
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&m); err != nil {
		return m, fmt.Errorf("not a message of the protocol: %w", err)
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return m, errors.New("not a message of the protocol: something follows its JSON object")
	}
	switch {
	case m.Type == remote.TypeHello && m.Token == "":
		return m, errors.New(`a hello without its "token"`)
	case m.Type == remote.TypeOrder && m.Order == nil:
		return m, errors.New(`an order message without its "order"`)
	case m.Type != remote.TypeHello && m.Type != remote.TypeOrder:
		return m, fmt.Errorf("field \"type\": %s is not %q or %q", fileio.Quote(m.Type), remote.TypeHello, remote.TypeOrder)
	case m.LogSeen != nil && m.Type != remote.TypeHello:
		return m, fmt.Errorf(`field "log_seen": %d in a message of type %q: only a hello says it`, *m.LogSeen, m.Type)
	case m.LogSeen != nil && *m.LogSeen < 0:
		return m, fmt.Errorf(`field "log_seen": %d lines is fewer than none`, *m.LogSeen)
	}
	return m, nil
}

// encode is m's JSON; the messages are plain data, so it cannot fail.
func encode(m any) []byte {
	data, err := json.Marshal(m)
	if err != nil {
		panic("server: encode a message: " + err.Error())
	}
	return data
}

// encodeUpdate is the JSON of remote.Update{Type: remote.TypeUpdate,
// View: view, Log: log}, view being a View.Encode: encode would compact
// and escape the view again, a scan of most of the message that changes
// nothing in the JSON View.Encode wrote (it is json.Marshal's), for every
// side after every order (TestEncodeUpdateAsEncode).
func encodeUpdate(view []byte, log []remote.LogEntry) []byte {
	lines := encode(log)
	data := make([]byte, 0, len(updateHead)+len(view)+len(updateLog)+len(lines)+1)
	data = append(data, updateHead...)
	data = append(data, view...)
	data = append(data, updateLog...)
	data = append(data, lines...)
	return append(data, '}')
}

// updateHead and updateLog are the parts of an update's JSON around its
// view (encodeUpdate).
var (
	updateHead = `{"type":` + string(encode(remote.TypeUpdate)) + `,"view":`
	updateLog  = `,"log":`
)
