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
