"""An evening: its sheet, the games and table changes that change it (typed, recorded, sent
later by a phone that was offline), its money, history, live updates and exports."""
