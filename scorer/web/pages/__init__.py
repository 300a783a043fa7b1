"""What the areas' pages share: finding what a URL names (``lookup``, ``club_access``), the base
form and its fields (``forms``), typed numbers (``numbers``), words a template needs
(``display``), downloads and printouts, QR codes, and the Runden remembered on a device."""
