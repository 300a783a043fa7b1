"""Everything a person reads, in the reader's language; pure: only the standard library, the
core, this package (and Babel's locale data, lazily, for numbers and dates).

German is the source text: each message is written in German where it is said, through
gettext (``i18n``: ``_``, ``ngettext``, ``pgettext``, ``N_``; the language is per request,
command or print job), and ``scorer/translations/`` holds English. ``formats`` writes every
number, amount and date. By area:

- the game and the sheet: ``explain`` (the rules in sentences), ``labels`` and ``rows`` (a
  sheet row's words), ``breakdown`` (the core's German breakdown labels said), ``problems``
  (the core's refusals said), ``table_text``, ``chart``/``charts``, ``sheet``, ``money``,
  ``csv``, ``german`` (names in a sentence), ``short_names``, ``spoken``;
- entering games: ``entry``, ``refusals``, ``facts``;
- the Runde's year: ``runde``, ``year``, ``kasse``;
- the club evening: ``club``, ``club_news``, ``club_refusals``;
- moving in: ``imports``, ``backup``, ``restore``, ``files``;
- the shell: ``answers`` (error pages), ``scripts`` (what the phone's scripts say),
  ``serving`` (the terminal), ``languages``.

The page, the PDF and the CSV word everything through these modules, so the three never say a
thing two ways.
"""
