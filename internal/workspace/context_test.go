package workspace

import (
	"context"
	"testing"
)

func TestContext(t *testing.T) {
	a, err := New(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	b, err := New(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	if w, ok := FromContext(ctx); ok || w != nil {
		t.Errorf("FromContext(empty) = %v, %v; want nil, false", w, ok)
	}
	if w, ok := FromContext(NewContext(ctx, nil)); ok || w != nil {
		t.Errorf("FromContext(NewContext(nil)) = %v, %v; want nil, false", w, ok)
	}
	if w, ok := FromContext(NewContext(ctx, a)); !ok || w != a {
		t.Errorf("FromContext(NewContext(a)) = %v, %v; want a, true", w, ok)
	}
	// The innermost workspace wins, as a session's roots override a default.
	if w, ok := FromContext(NewContext(NewContext(ctx, a), b)); !ok || w != b {
		t.Errorf("FromContext(NewContext(NewContext(a), b)) = %v, %v; want b, true", w, ok)
	}
	if w := FromContextOr(ctx, a); w != a {
		t.Errorf("FromContextOr(empty, a) = %v; want a", w)
	}
	if w := FromContextOr(NewContext(ctx, b), a); w != b {
		t.Errorf("FromContextOr(NewContext(b), a) = %v; want b", w)
	}
}
