// Package workspace confines file access to the writer's workspace: a set of
// root directories that speedgrapher may read and nothing outside them.
//
// The rules, in the order they are applied:
//
//   - A path is relative to the first root, or absolute inside any root.
//     A file:// URI (as MCP clients send) is accepted and decoded; any other
//     text is taken literally, so "%2e%2e" is a file name, not "..".
//   - An empty path, one containing a NUL byte and one longer than 4096
//     bytes (the longest Linux can open) are refused.
//   - ".." is applied to the text of the path first; then symbolic links are
//     resolved, and only then is the decision made: a path whose real
//     location leaves every root is refused, whether or not it exists. A
//     link inside the workspace that points outside it is refused too.
//   - Only regular files are read. Directories, named pipes, devices and
//     sockets are refused without being opened, so a named pipe cannot make
//     the server wait.
//   - Files larger than 16 MiB are refused; so is content that looks binary
//     (a NUL byte in the first 8 KiB) or is not valid UTF-8 (the message
//     names the first bad line). A leading UTF-8 byte order mark is removed.
//   - A file is checked before it is opened and again after: the opened file
//     must be the same regular file, inside the workspace, that was checked.
//
// Every refusal is an error a writer can act on, such as
//
//	path "../x.md" is outside the workspace /home/ana/blog; pass a path inside it
//
// and never quotes the file's content or where an outside link points. The
// kind of refusal can be tested with errors.Is against ErrInvalidPath,
// ErrOutside, ErrNotFound, ErrNotRegular, ErrTooLarge and ErrBinary.
//
// MarkdownFiles lists the workspace's markdown files (.md, .markdown, .mdx)
// for argument completion. It skips hidden directories, node_modules and
// vendor, and stops after looking at 10,000 entries so it stays fast in a
// large tree.
package workspace
