"""What the table reads, in German, pure: only the standard library, the core and this package.

``explain`` (the rules in sentences and their summary), ``labels`` (a sheet row's words: kind,
winner, breakdown, Bock and Pflichtsolo notes), ``table_text`` (a table change in words) and
``chart`` (the running totals as SVG, with its legend). The page, the PDF and the CSV word
everything through these modules, so the three never say a thing two ways.
"""
