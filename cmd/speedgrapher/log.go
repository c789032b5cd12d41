package main

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"strings"
	"sync"
)

// plainHandler writes log records for a person at a terminal: one line
// each, "speedgrapher: message (key: value, …)", with no timestamp and no
// level, since a command-line run logs only what the writer must act on.
type plainHandler struct {
	mu    *sync.Mutex // shared by the handlers WithAttrs makes, which write to the same w
	w     io.Writer
	level slog.Level
	attrs []slog.Attr
}

func (h *plainHandler) Enabled(_ context.Context, l slog.Level) bool { return l >= h.level }

func (h *plainHandler) Handle(_ context.Context, r slog.Record) error {
	var parts []string
	add := func(a slog.Attr) bool {
		parts = append(parts, fmt.Sprintf("%s: %v", a.Key, a.Value.Any()))
		return true
	}
	for _, a := range h.attrs {
		add(a)
	}
	r.Attrs(add)
	line := "speedgrapher: " + r.Message
	if len(parts) > 0 {
		line += " (" + strings.Join(parts, ", ") + ")"
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	_, err := fmt.Fprintln(h.w, line)
	return err
}

func (h *plainHandler) WithAttrs(attrs []slog.Attr) slog.Handler {
	return &plainHandler{mu: h.mu, w: h.w, level: h.level, attrs: append(append([]slog.Attr{}, h.attrs...), attrs...)}
}

// WithGroup is not needed for a terminal line; attributes keep their keys.
func (h *plainHandler) WithGroup(string) slog.Handler { return h }
