"""Single-digit techniques: fish (X-Wing .. Jellyfish, finned and sashimi) and the
single-digit patterns (Skyscraper, 2-String Kite, Turbot Fish, Empty Rectangle).
"""
