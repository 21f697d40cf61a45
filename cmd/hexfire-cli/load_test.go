package main

import (
	"testing"

	"hexfire/server"
	"hexfire/server/loopback"
)

// TestLoad: load plays its battles to the orders asked for, every order
// accepted and timed, and with compression asked for of a server that
// agrees to it the server sends fewer bytes an order.
func TestLoad(t *testing.T) {
	cat, err := loadCatalogue()
	if err != nil {
		t.Fatal(err)
	}
	url, _ := loopback.Serve(t, server.Options{Compression: server.DefaultCompression, Catalogue: cat})
	perOrder := map[string]float64{}
	for _, mode := range []string{"none", "message"} {
		var r loadReport
		runJSON(t, &r, "load", "--server", url, "--battles", "3", "--orders", "10", "--compression", mode)
		if r.Orders != 30 || r.Refused != 0 || r.Errors != 0 || r.P99ms <= 0 || r.BytesPerOrder <= 0 {
			t.Errorf("load --compression %s: %+v, want 30 orders timed, none refused", mode, r)
		}
		perOrder[mode] = r.BytesPerOrder
	}
	t.Logf("bytes an order: %v", perOrder)
	if perOrder["message"] >= perOrder["none"]*0.8 {
		t.Errorf("bytes an order with compression %.0f, without %.0f", perOrder["message"], perOrder["none"])
	}
}
