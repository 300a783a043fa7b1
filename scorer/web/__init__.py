"""The web pages: one blueprint per area (groups, evenings, games) and their forms."""
