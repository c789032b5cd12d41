package server

import (
	"encoding/json"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestMembers(t *testing.T) {
	tests := []struct {
		obj  string
		want map[string]string // nil: not an object
	}{
		{`{}`, map[string]string{}},
		{` { } `, map[string]string{}},
		{`{"id":1.50,"method":"ping"}`, map[string]string{"id": `1.50`, "method": `"ping"`}},
		{`{ "id" : -0 , "x" : [1, {"id": 2}] }`, map[string]string{"id": `-0`, "x": `[1, {"id": 2}]`}},
		{`{"id":1,"id":"x"}`, map[string]string{"id": `"x"`}}, // the last wins, as in the SDK
		{`{"\u0069d":7}`, map[string]string{"id": `7`}},
		{`{"ID":7}`, map[string]string{"ID": `7`}}, // names are case-sensitive, as in the SDK
		{`{"s":"a\"}b\\","t":true}`, map[string]string{"s": `"a\"}b\\"`, "t": `true`}},
		{`{"p":{"q":"]}"},"n":null}`, map[string]string{"p": `{"q":"]}"}`, "n": `null`}},
		{`[1]`, nil},
		{`"x"`, nil},
		{``, nil},
	}
	for _, tt := range tests {
		m, ok := members([]byte(tt.obj))
		var got map[string]string
		if ok {
			got = map[string]string{}
			for k, v := range m {
				got[k] = string(v)
			}
		}
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("members(%s) (-want +got):\n%s", tt.obj, diff)
		}
	}
}

// FuzzMembers checks members against encoding/json on valid objects, and
// that it never panics on anything else.
func FuzzMembers(f *testing.F) {
	f.Add([]byte(`{"jsonrpc":"2.0","id":1e23,"method":"ping","params":{"a":["}",{"b":"\\\""}]}}`))
	f.Add([]byte(`{"a":1,"a":2,"\u0062":"\ud83d\ude00"}`))
	f.Add([]byte(`{"a" :[ ] , "b":{ }}`))
	f.Add([]byte(`{"a":"\\\\"}`))
	f.Fuzz(func(t *testing.T, obj []byte) {
		m, ok := members(obj)
		if !json.Valid(obj) {
			return // only no panic
		}
		var want map[string]json.RawMessage
		err := json.Unmarshal(obj, &want)
		if (err == nil) != ok {
			t.Fatalf("members(%q) ok = %v; encoding/json: %v", obj, ok, err)
		}
		if !ok {
			return
		}
		if len(m) != len(want) {
			t.Fatalf("members(%q): %d names, encoding/json %d", obj, len(m), len(want))
		}
		for k, v := range want {
			if string(m[k]) != string(v) {
				t.Fatalf("members(%q)[%q] = %q, encoding/json %q", obj, k, m[k], v)
			}
		}
	})
}
