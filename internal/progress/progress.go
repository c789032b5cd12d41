// Package progress sends MCP progress notifications for long work, and only
// when the client asked for them by sending a progress token with its request.
//
// A tool reports as it goes:
//
//	for i, section := range sections {
//		progress.Report(ctx, req, float64(i), float64(len(sections)), "measuring "+section.Title)
//		...
//	}
//
// done should grow with every report; total is 0 when it is not known.
package progress

import (
	"context"
	"reflect"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Report tells the client of req that done units of total are finished. It
// does nothing when the request carries no progress token or does not come
// from a server session, and it never fails the work: a notification that
// cannot be sent (the client went away) is dropped.
func Report(ctx context.Context, req mcp.Request, done, total float64, message string) {
	if req == nil {
		return
	}
	ss, ok := req.GetSession().(*mcp.ServerSession)
	if !ok || ss == nil {
		return
	}
	params, ok := req.GetParams().(mcp.RequestParams)
	if !ok || reflect.ValueOf(params).IsNil() {
		return
	}
	token := params.GetProgressToken()
	if token == nil {
		return
	}
	_ = ss.NotifyProgress(ctx, &mcp.ProgressNotificationParams{
		ProgressToken: token,
		Progress:      done,
		Total:         total,
		Message:       message,
	})
}
