package server

import (
	"context"
	"fmt"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
)

// TestOrderFloodCloses: a connection that gives orders faster than its
// limit is told why and closed (1008); its seat may connect again.
func TestOrderFloodCloses(t *testing.T) {
	ts := startServer(t, filepath.Join(t.TempDir(), "hexfire.db"), Options{OrdersPerSecond: 1, OrderBurst: 3})
	r := ts.newBattle(`{}`)
	flood, _ := ts.join(r.Allies)
	for i := range 4 {
		flood.write(fmt.Sprintf(`{"type":"order","id":"flood %d","order":{"order":"end-phase"}}`, i))
	}
	told := false
	for {
		m, err := flood.readErr(10 * time.Second)
		if err != nil {
			if websocket.CloseStatus(err) != websocket.StatusPolicyViolation {
				t.Errorf("the flood ends with %v, want status 1008", err)
			}
			break
		}
		if m.Type == typeError {
			told = strings.Contains(m.Reason, "more than 1 orders a second")
		}
	}
	if !told {
		t.Error("the flood was not told why it was closed")
	}
	ts.join(r.Allies)
}

// TestConnectionsPerAddress: an address with as many connections open
// as it may is refused another (429) until one closes.
func TestConnectionsPerAddress(t *testing.T) {
	ts := startServer(t, filepath.Join(t.TempDir(), "hexfire.db"), Options{MaxConnsPerAddr: 2})
	first := ts.dial()
	ts.dial()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	url := "ws" + strings.TrimPrefix(ts.http.URL, "http") + "/play"
	_, resp, err := websocket.Dial(ctx, url, nil)
	if err == nil || resp == nil || resp.StatusCode != http.StatusTooManyRequests {
		t.Fatalf("a third connection from one address: %v, %v; want refused with 429", resp, err)
	}
	first.conn.Close(websocket.StatusNormalClosure, "")
	for deadline := time.Now().Add(10 * time.Second); ; {
		conn, _, err := websocket.Dial(ctx, url, nil)
		if err == nil {
			conn.CloseNow()
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("once one closed, a new connection is still refused: %v", err)
		}
		time.Sleep(10 * time.Millisecond)
	}
}
