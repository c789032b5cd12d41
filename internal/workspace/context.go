package workspace

import "context"

// contextKey is the key under which a request's workspace travels in a
// context.
type contextKey struct{}

// NewContext returns a copy of ctx that carries w, so that code serving one
// request reads files from that request's workspace (an MCP session's roots,
// say) without a parameter for it on every call.
func NewContext(ctx context.Context, w *Workspace) context.Context {
	return context.WithValue(ctx, contextKey{}, w)
}

// FromContext returns the workspace ctx carries, if any.
func FromContext(ctx context.Context) (*Workspace, bool) {
	w, ok := ctx.Value(contextKey{}).(*Workspace)
	return w, ok && w != nil
}

// FromContextOr returns the workspace ctx carries, or fallback when it
// carries none.
func FromContextOr(ctx context.Context, fallback *Workspace) *Workspace {
	if w, ok := FromContext(ctx); ok {
		return w
	}
	return fallback
}
