package tools

import (
	"encoding/json"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestDecodeStringObject(t *testing.T) {
	tests := []struct {
		in   string
		want map[string]string // nil: not decodable here
	}{
		{`{}`, map[string]string{}},
		{` { "text" : "a\nb \"q\" \\ \/ \u00e9 \ud83d\ude00" } `, map[string]string{"text": "a\nb \"q\" \\ / é 😀"}},
		{`{"path":"x.md","text":"y"}`, map[string]string{"path": "x.md", "text": "y"}},
		{`{"text":3}`, nil},
		{`{"text":"a"`, nil},
		{`{"text":"a","text":"b"}`, nil},
		{`{"text":"raw` + "\n" + `newline"}`, nil},
		{`{"text":{"nested":"x"}}`, nil},
		{`[]`, nil},
		{`{"a":"b"} x`, nil},
	}
	for _, tt := range tests {
		got, ok := decodeStringObject([]byte(tt.in))
		if ok != (tt.want != nil) {
			t.Errorf("decodeStringObject(%s) ok = %v, want %v", tt.in, ok, tt.want != nil)
			continue
		}
		if !ok {
			continue
		}
		plain := map[string]string{}
		for k, v := range got {
			plain[k] = *v
		}
		if diff := cmp.Diff(tt.want, plain); diff != "" {
			t.Errorf("decodeStringObject(%s) (-want +got):\n%s", tt.in, diff)
		}
	}
}

// FuzzDecodeStringObject checks the fast decoder against encoding/json: when
// it accepts an input, encoding/json must decode the same strings.
func FuzzDecodeStringObject(f *testing.F) {
	f.Add([]byte(`{"text":"a\nb \u00e9 \ud83d\ude00 \ud800"}`))
	f.Add([]byte(`{"path":null}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		got, ok := decodeStringObject(data)
		if !ok {
			return
		}
		var want map[string]*string
		if err := json.Unmarshal(data, &want); err != nil {
			t.Fatalf("fast decoder accepted %q; encoding/json: %v", data, err)
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Fatalf("%q (-encoding/json +fast):\n%s", data, diff)
		}
	})
}
