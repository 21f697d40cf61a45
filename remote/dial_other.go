//go:build !js

package remote

import "github.com/coder/websocket"

// dialOptions asks the server for per-message compression, each message
// deflated alone (the server's default).
func dialOptions() *websocket.DialOptions {
	return &websocket.DialOptions{CompressionMode: websocket.CompressionNoContextTakeover}
}
