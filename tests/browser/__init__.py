"""Chromium tests: the real app server driven through Playwright, as a phone on the table."""
