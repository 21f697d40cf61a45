package combat

import (
	"encoding/json"
	"testing"
)

func TestOriginNames(t *testing.T) {
	tests := []struct {
		o    Origin
		want string
	}{
		{Derived, "derived"},
		{Printed, "printed"},
		{Overridden, "overridden"},
		{Typed, "typed"},
		{Origin(9), "origin(9)"},
	}
	for _, tt := range tests {
		if have := tt.o.String(); have != tt.want {
			t.Errorf("Origin(%d).String() = %q, want %q", tt.o, have, tt.want)
		}
	}
	data, err := json.Marshal(Rating{Name: "ATFP", Value: "D", Origin: Overridden, Reason: "why"})
	if want := `{"Name":"ATFP","Value":"D","Origin":"overridden","Reason":"why"}`; err != nil || string(data) != want {
		t.Errorf("json = %s, %v; want %s", data, err, want)
	}
}
