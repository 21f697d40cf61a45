//go:build js

package remote

import "github.com/coder/websocket"

// dialOptions are none in a browser, which asks for compression by
// itself and lets a page choose nothing of it.
func dialOptions() *websocket.DialOptions { return nil }
