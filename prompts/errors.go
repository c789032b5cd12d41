package prompts

import (
	"fmt"
	"strconv"
)

// ArgumentError reports an argument a client sent to a prompt that the prompt
// cannot take: missing, unknown, outside its values, or naming a draft that
// cannot be read. The server answers it with JSON-RPC error -32602.
type ArgumentError struct {
	Prompt   string // the prompt's name
	Argument string // the argument at fault; empty when it cannot be told
	Message  string // a full sentence for the writer, naming the argument
}

func (e *ArgumentError) Error() string { return e.Message }

// Diagnostic is one problem found in a template file while loading it. Errors
// keep the file out of the library; warnings do not.
type Diagnostic struct {
	File    string
	Line    int // 1-based line in File; 0 when the problem is with the whole file
	Message string
	Warning bool
}

// String formats d the way compilers do: "file:line: message", with
// "warning: " before the message of a warning.
func (d Diagnostic) String() string {
	msg := d.Message
	if d.Warning {
		msg = "warning: " + msg
	}
	if d.Line <= 0 {
		return fmt.Sprintf("%s: %s", d.File, msg)
	}
	return d.File + ":" + strconv.Itoa(d.Line) + ": " + msg
}
