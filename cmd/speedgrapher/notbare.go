//go:build !bare

package main

const bare = false
