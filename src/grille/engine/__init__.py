"""Puzzle-agnostic search engines: exact cover with colours (XCC) on dancing links."""
