// Package servertest is what the tests of the server and of its programs
// share: a PostgreSQL database of their own to test against.
package servertest

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"net/url"
	"os"
	"testing"

	"github.com/jackc/pgx/v5"
)

// PostgresEnv names the environment variable that gives the tests a
// PostgreSQL database to use (a postgres:// URL; .ci/run sets it).
const PostgresEnv = "HEXFIRE_TEST_POSTGRES"

// PostgresURL returns the URL of a new, empty schema of the test
// database, dropped after the test, or skips the test when there is none.
func PostgresURL(t *testing.T) string {
	t.Helper()
	base := os.Getenv(PostgresEnv)
	if base == "" {
		t.Skipf("no PostgreSQL to test with: set %s to a postgres:// URL (.ci/run starts one)", PostgresEnv)
	}
	var raw [6]byte
	rand.Read(raw[:])
	schema := "hexfire_test_" + hex.EncodeToString(raw[:])
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, base)
	if err != nil {
		t.Fatalf("%s: %v", PostgresEnv, err)
	}
	defer conn.Close(ctx)
	if _, err := conn.Exec(ctx, "CREATE SCHEMA "+schema); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		conn, err := pgx.Connect(ctx, base)
		if err != nil {
			t.Error(err)
			return
		}
		defer conn.Close(ctx)
		if _, err := conn.Exec(ctx, "DROP SCHEMA "+schema+" CASCADE"); err != nil {
			t.Error(err)
		}
	})
	u, err := url.Parse(base)
	if err != nil {
		t.Fatal(err)
	}
	q := u.Query()
	q.Set("search_path", schema)
	u.RawQuery = q.Encode()
	return u.String()
}
