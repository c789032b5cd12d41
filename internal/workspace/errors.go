package workspace

import "errors"

// Kinds of refusal, for errors.Is. The error returned carries a sentence for
// the writer; these values only classify it.
var (
	ErrInvalidPath = errors.New("invalid path")
	ErrOutside     = errors.New("outside the workspace")
	ErrNotFound    = errors.New("file not found")
	ErrNotRegular  = errors.New("not a regular file")
	ErrTooLarge    = errors.New("file too large")
	// ErrBinary covers binary content and text that is not valid UTF-8.
	ErrBinary = errors.New("binary or non-UTF-8 content")
)

// refusal is a writer-facing message classified by one of the kinds above.
type refusal struct {
	kind error
	msg  string
}

func (e *refusal) Error() string { return e.msg }
func (e *refusal) Unwrap() error { return e.kind }
