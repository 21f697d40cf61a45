//go:build js

package storage

import (
	"encoding/base64"
	"errors"
	"fmt"
	"syscall/js"
)

// UserStorage returns where the game keeps its files in a browser: the
// page's local storage, which stays until the player clears the site's
// data.
func UserStorage() (Storage, error) {
	ls := js.Global().Get("localStorage")
	if !ls.Truthy() {
		return nil, errors.New("game: this browser gives the page no local storage")
	}
	return KeyStorage{Values: localStorage{ls}}, nil
}

// localStorage is the browser's window.localStorage as KeyValues. It
// holds strings only, so each value is kept in base64.
type localStorage struct{ v js.Value }

func (l localStorage) Get(key string) ([]byte, bool) {
	item := l.v.Call("getItem", key)
	if item.Type() != js.TypeString {
		return nil, false
	}
	data, err := base64.StdEncoding.DecodeString(item.String())
	if err != nil {
		return nil, false
	}
	return data, true
}

func (l localStorage) Set(key string, value []byte) (err error) {
	// setItem throws when the origin's quota is full; syscall/js turns a
	// thrown exception into a panic.
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("the browser refused to store %d bytes: %v", len(value), r)
		}
	}()
	l.v.Call("setItem", key, base64.StdEncoding.EncodeToString(value))
	return nil
}

func (l localStorage) Remove(key string) { l.v.Call("removeItem", key) }
