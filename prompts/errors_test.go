package prompts

import (
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestDiagnosticString(t *testing.T) {
	t.Parallel()
	tests := []struct {
		d    Diagnostic
		want string
	}{
		{Diagnostic{File: "a.md", Line: 3, Message: "bad"}, "a.md:3: bad"},
		{Diagnostic{File: "a.md", Line: 3, Message: "odd", Warning: true}, "a.md:3: warning: odd"},
		{Diagnostic{File: "a.md", Message: "unreadable"}, "a.md: unreadable"},
	}
	for _, tt := range tests {
		if diff := cmp.Diff(tt.want, tt.d.String()); diff != "" {
			t.Errorf("String() (-want +got):\n%s", diff)
		}
	}
}

// TestRenderConcurrent renders one template from many goroutines with
// different values and environments; run with -race.
func TestRenderConcurrent(t *testing.T) {
	t.Parallel()
	tmpl, _ := loadFixture(t, "render").Lookup("review")
	var wg sync.WaitGroup
	for i := range 8 {
		wg.Go(func() {
			path := []string{"a.md", "b.md"}[i%2]
			env := fakeEnv(map[string]string{path: path + " text"})
			for range 50 {
				msgs, err := tmpl.Render(map[string]string{"path": path}, env)
				if err != nil {
					t.Error(err)
					return
				}
				if len(msgs) != 3 || msgs[1].Resource == nil || msgs[1].Resource.Text != path+" text" {
					t.Errorf("Render(%q) = %+v", path, msgs)
					return
				}
			}
		})
	}
	wg.Wait()
}
