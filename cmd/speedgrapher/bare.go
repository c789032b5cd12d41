//go:build bare

package main

// bare builds a server that registers nothing, to measure what registration
// costs at startup (scripts/startuptime).
const bare = true
