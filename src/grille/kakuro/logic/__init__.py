"""Kakuro's human-style solver: techniques, explanations, rating and hints."""
